#include "Migrations.h"

#include "Logging.h"
#include "domain/Error.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

static void initSchemaResources()
{
    Q_INIT_RESOURCE(schema);
}

namespace jobdesk {
namespace {

constexpr qint64 kMigrationLockKey = 0x4a6f624465736b; // "JobDesk"

const char *kCreateMigrationsTable =
    "CREATE TABLE IF NOT EXISTS schema_migrations ("
    " version integer PRIMARY KEY,"
    " name text NOT NULL,"
    " applied_at text NOT NULL)";

} // namespace

QList<Migration> migrationsFor(Dialect dialect)
{
    initSchemaResources();
    const QString dir = dialect == Dialect::Postgres ? QStringLiteral(":/jobdesk/schema/postgres")
                                                     : QStringLiteral(":/jobdesk/schema/sqlite");
    QList<Migration> out;
    static const QRegularExpression re(QStringLiteral("^(\\d+)_.*\\.sql$"));
    const QStringList files = QDir(dir).entryList({QStringLiteral("*.sql")}, QDir::Files, QDir::Name);
    for (const QString &f : files) {
        const auto m = re.match(f);
        if (!m.hasMatch())
            continue;
        QFile file(dir + u'/' + f);
        if (!file.open(QIODevice::ReadOnly))
            throw JobDeskError(JobDeskError::Code::Migration, QStringLiteral("cannot read migration ") + f);
        out.append(Migration{m.captured(1).toInt(), f, QString::fromUtf8(file.readAll())});
    }
    std::sort(out.begin(), out.end(), [](const Migration &a, const Migration &b) { return a.version < b.version; });
    return out;
}

int schemaVersion(SqlSession &session)
{
    try {
        const SqlRows rows = session.exec(QStringLiteral("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"));
        return rows.isEmpty() ? 0 : rows.first().first().toInt();
    } catch (const SqlError &) {
        return 0;
    }
}

namespace {

// Every version recorded in schema_migrations (empty when the table is missing).
QSet<int> appliedVersions(SqlSession &session)
{
    QSet<int> out;
    try {
        for (const SqlRow &row : session.exec(QStringLiteral("SELECT version FROM schema_migrations")))
            out.insert(row.first().toInt());
    } catch (const SqlError &) {
    }
    return out;
}

// A schema newer than `known` that a JobDesk knowing up to `known` may still
// use: every migration it does not know says so in schema_readers (migration
// 27) with an oldest reader it knows. False when the table is missing.
bool readableBy(SqlSession &session, int known)
{
    try {
        const SqlRows r = session.exec(
            QStringLiteral("SELECT count(*) FROM schema_migrations m WHERE m.version > $1 AND NOT EXISTS "
                           "(SELECT 1 FROM schema_readers r WHERE r.version = m.version AND r.oldest_reader <= $1)"),
            {known});
        return !r.isEmpty() && r.first().first().toLongLong() == 0;
    } catch (const SqlError &) {
        return false;
    }
}

JobDeskError newerSchema(int current, int known)
{
    return JobDeskError(JobDeskError::Code::Migration,
                        QStringLiteral("the database's schema is version %1, newer than this JobDesk knows "
                                       "(up to %2): upgrade JobDesk before using this database")
                            .arg(current)
                            .arg(known));
}

bool upToDate(const QSet<int> &applied, const QList<Migration> &all)
{
    return std::all_of(all.begin(), all.end(), [&](const Migration &m) { return applied.contains(m.version); });
}

} // namespace

int migrate(SqlSession &session)
{
    const QList<Migration> all = migrationsFor(session.dialect());
    const bool pg = session.dialect() == Dialect::Postgres;
    // Up to date: nothing to lock or create (a read-only database user, such as
    // jobdesk_viewer, may open the store).
    if (!all.isEmpty() && upToDate(appliedVersions(session), all)) {
        const int current = schemaVersion(session);
        if (current == all.last().version)
            return current;
        // Newer than this binary (a rolling deploy, a rollback): usable when
        // every migration it does not know says it keeps older readers working.
        if (current > all.last().version) {
            if (!readableBy(session, all.last().version))
                throw newerSchema(current, all.last().version);
            qCInfo(lcStore) << "the schema is version" << current << "and this JobDesk knows up to" << all.last().version
                            << "; every newer migration keeps it usable by this version (schema_readers)";
            return current;
        }
    }
    try {
        if (pg) {
            session.exec(QStringLiteral("SELECT pg_advisory_lock($1)"), {kMigrationLockKey});
        } else {
            session.begin(); // BEGIN IMMEDIATE: the write lock, held while we look and apply
        }
        auto unlock = [&] {
            if (pg) {
                try {
                    session.exec(QStringLiteral("SELECT pg_advisory_unlock($1)"), {kMigrationLockKey});
                } catch (const SqlError &) {
                }
            }
        };
        try {
            session.exec(QString::fromLatin1(kCreateMigrationsTable));
            int current = schemaVersion(session);
            if (!all.isEmpty() && current > all.last().version && !readableBy(session, all.last().version))
                throw newerSchema(current, all.last().version);
            // Every migration not yet recorded, in order: also one numbered below
            // the newest applied (branches that landed in another order).
            const QSet<int> applied = appliedVersions(session);
            for (const Migration &m : all) {
                if (applied.contains(m.version))
                    continue;
                qCInfo(lcStore) << "applying migration" << m.name << "to" << session.describe();
                if (pg) {
                    // One migration, one transaction; the file records itself in schema_migrations.
                    session.execScript(QStringLiteral("BEGIN;\n") + m.script + QStringLiteral("\nCOMMIT;"));
                } else {
                    session.execScript(m.script); // inside the BEGIN IMMEDIATE above
                }
                if (!appliedVersions(session).contains(m.version))
                    throw JobDeskError(JobDeskError::Code::Migration,
                                       QStringLiteral("migration %1 did not record itself in schema_migrations").arg(m.name));
                current = std::max(current, m.version);
            }
            if (!pg)
                session.commit();
            unlock();
            return current;
        } catch (...) {
            if (pg) {
                try {
                    session.execScript(QStringLiteral("ROLLBACK"));
                } catch (...) {
                }
            } else {
                session.rollback();
            }
            unlock();
            throw;
        }
    } catch (const JobDeskError &) {
        throw;
    } catch (const SqlError &e) {
        throw JobDeskError(JobDeskError::Code::Migration,
                           QStringLiteral("schema migration failed on %1: %2").arg(session.describe(), e.message()));
    }
}

} // namespace jobdesk
