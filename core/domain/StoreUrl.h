#pragma once

// Where a store lives, as the user names it: a value parsed from a URL or a
// path, with no connection behind it (store/SqlSession.h opens one). The
// console's dialogs and the programs' command lines use it.

#include <QString>

namespace jobdesk {

enum class Dialect { Sqlite, Postgres };

struct StoreUrl
{
    Dialect dialect = Dialect::Sqlite;
    QString sqlitePath;   // for SQLite
    QString postgresUrl;  // for PostgreSQL, a libpq connection string or URL
    int sqliteBusyTimeoutMs = 30000; // SQLite: how long a writer waits for another's lock before "busy"

    // "sqlite:/path/db", "sqlite:///path/db", a plain path ending .db/.sqlite,
    // or "postgresql://..." / "postgres://..." / "host=... dbname=...".
    static StoreUrl parse(const QString &text);
    QString toDisplayString() const; // never shows a password
};

} // namespace jobdesk
