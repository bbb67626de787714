#pragma once

#include "SqlSession.h"

#include <QList>
#include <QString>

namespace jobdesk {

struct Migration
{
    int version = 0;
    QString name;   // file name, e.g. "001_jobs_and_attempts.sql"
    QString script;
};

// The numbered SQL files of one store, in order (embedded from resources/schema/<dialect>/).
QList<Migration> migrationsFor(Dialect dialect);

// Applies the missing migrations in order, once, under a lock that makes
// many processes opening the same database at once safe
// (pg_advisory_lock / BEGIN IMMEDIATE). Returns the schema version.
int migrate(SqlSession &session);

int schemaVersion(SqlSession &session);

} // namespace jobdesk
