#pragma once

#include "SqlSession.h"

#include <QList>
#include <QString>

namespace jobdesk {

// A numbered schema change: resources/schema/<dialect>/NNN_name.sql. 001 is
// the 1.0 baseline; each later file changes it and records itself in
// schema_migrations.
struct Migration
{
    int version = 0;
    QString name;   // file name, e.g. "001_baseline.sql"
    QString script;
};

// The current text of a function and its triggers (PostgreSQL:
// resources/schema/postgres/functions/<function>.sql) or of one table's
// triggers (SQLite: resources/schema/sqlite/triggers/<table>.sql). Written so
// that applying it again replaces it: CREATE OR REPLACE, or DROP IF EXISTS
// then CREATE. "@schema@" stands for the schema's quoted name.
struct Definition
{
    QString name;   // path below the dialect's folder, e.g. "functions/jd_complete.sql"
    QString script;
    QString digest; // SHA-256 of the file, hex; recorded in schema_definitions
};

// The numbered files of one store, in order.
QList<Migration> migrationsFor(Dialect dialect);
// The definition files of one store, by name.
QList<Definition> definitionsFor(Dialect dialect);

// Brings the store to this program's schema, once, under a lock that makes
// many processes opening the same database at once safe (pg_advisory_lock /
// BEGIN IMMEDIATE): the missing migrations in order, then every definition
// whose digest differs from the one schema_definitions records. A store
// already current is only read (a viewer's login may open it). A schema
// newer than this program is refused; a database of JobDesk 0.1's development
// builds (migrations 001-037) is adopted when it matches the baseline and
// refused, unchanged, when it does not. Returns the schema version.
int migrate(SqlSession &session);

int schemaVersion(SqlSession &session);

// The whole schema as one script for applying by hand (psql -1, sqlite3):
// the bookkeeping tables, the migrations, the definitions and their records.
// PostgreSQL: `schema` is the schema it is applied in (its tables are found
// through the search path; the functions name it).
QString schemaScript(Dialect dialect, const QString &schema = QStringLiteral("public"));

// A normalised description of the schema the session sees, one line per
// column, constraint, index, trigger, function, type and grant, sorted, with
// the schema's name written as @schema@: two stores with equal snapshots have
// the same schema. tst_migrations compares it with 001_baseline.snapshot.
QString schemaSnapshot(SqlSession &session);

} // namespace jobdesk
