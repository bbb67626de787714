#include "Migrations.h"

#include "Logging.h"
#include "domain/Error.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QHash>
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

// The last migration of JobDesk 0.1's development builds, whose schema the
// 1.0 baseline is (see adoptLegacy).
constexpr int kLegacyLastVersion = 37;
const char *kLegacyFirstName = "001_jobs_and_attempts.sql";

const char *kCreateMigrationsTable = "CREATE TABLE IF NOT EXISTS schema_migrations ("
                                     " version integer PRIMARY KEY,"
                                     " name text NOT NULL,"
                                     " applied_at text NOT NULL)";
const char *kCreateDefinitionsTable = "CREATE TABLE IF NOT EXISTS schema_definitions ("
                                      " name text PRIMARY KEY,"
                                      " digest text NOT NULL,"
                                      " applied_at text NOT NULL)";

QString dialectDir(Dialect dialect)
{
    initSchemaResources();
    return dialect == Dialect::Postgres ? QStringLiteral(":/jobdesk/schema/postgres") : QStringLiteral(":/jobdesk/schema/sqlite");
}

QString readResource(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw JobDeskError(JobDeskError::Code::Migration, refusal::make("JD265", path));
    return QString::fromUtf8(file.readAll());
}

QString nowText()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
}

// The schema's quoted name, for the definitions' "@schema@".
QString quotedSchema(SqlSession &session)
{
    if (session.dialect() != Dialect::Postgres)
        return QStringLiteral("main");
    return session.exec(QStringLiteral("SELECT quote_ident(current_schema())")).first().first().toString();
}

QString substituted(const QString &script, const QString &schema)
{
    QString out = script;
    return out.replace(QStringLiteral("@schema@"), schema);
}

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

// name -> digest as the store records them; empty when the table is missing.
QHash<QString, QString> recordedDefinitions(SqlSession &session)
{
    QHash<QString, QString> out;
    try {
        for (const SqlRow &row : session.exec(QStringLiteral("SELECT name, digest FROM schema_definitions")))
            out.insert(row.at(0).toString(), row.at(1).toString());
    } catch (const SqlError &) {
    }
    return out;
}

bool definitionsCurrent(const QHash<QString, QString> &recorded, const QList<Definition> &defs)
{
    if (recorded.size() != defs.size())
        return false;
    return std::all_of(defs.begin(), defs.end(), [&](const Definition &d) { return recorded.value(d.name) == d.digest; });
}

JobDeskError newerSchema(int current, int known)
{
    return JobDeskError(JobDeskError::Code::Migration, refusal::make("JD260", current, known));
}

// True when schema_migrations is the one JobDesk 0.1's development builds wrote.
bool isLegacy(SqlSession &session)
{
    try {
        return !session.exec(QStringLiteral("SELECT 1 FROM schema_migrations WHERE version = 1 AND name = $1"),
                             {QString::fromLatin1(kLegacyFirstName)})
                    .isEmpty();
    } catch (const SqlError &) {
        return false;
    }
}

// Applies the definitions whose digest the store does not record (all of
// them on a new store), and forgets records of files that are gone. Runs
// inside the caller's transaction.
void applyDefinitions(SqlSession &session, const QList<Definition> &defs)
{
    const QHash<QString, QString> recorded = recordedDefinitions(session);
    const QString schema = quotedSchema(session);
    QSet<QString> names;
    QStringList applied;
    for (const Definition &d : defs) {
        names.insert(d.name);
        if (recorded.value(d.name) == d.digest)
            continue;
        applied.append(d.name);
        session.execScript(substituted(d.script, schema));
        session.exec(QStringLiteral("DELETE FROM schema_definitions WHERE name = $1"), {d.name});
        session.exec(QStringLiteral("INSERT INTO schema_definitions (name, digest, applied_at) VALUES ($1, $2, $3)"),
                     {d.name, d.digest, nowText()});
    }
    if (!applied.isEmpty())
    {
        qCInfo(lcStore).noquote() << "applied" << applied.size() << "schema definitions to" << session.describe();
        qCDebug(lcStore).noquote() << "schema definitions applied:" << applied.join(QStringLiteral(", "));
    }
    for (auto it = recorded.begin(); it != recorded.end(); ++it)
        if (!names.contains(it.key()))
            session.exec(QStringLiteral("DELETE FROM schema_definitions WHERE name = $1"), {it.key()});
}

// The snapshot's lines that say what the schema is, without the functions and
// triggers (the definitions are applied from this program's files after the
// numbered migrations, and may name what those add), the
// bookkeeping tables (0.1 wrote schema_migrations by hand or by runner) and
// the order indexes were made in (object ids may have wrapped around).
QStringList structure(const QString &snapshot)
{
    static const QRegularExpression skipped(QStringLiteral(
        "^(function-body |function |trigger |grant \\S+ on function |(table|index) schema_(migrations|definitions)\\b|.* on schema_(migrations|definitions)\\b|table \\S+ index order )"));
    QStringList out;
    for (const QString &line : snapshot.split(u'\n', Qt::SkipEmptyParts))
        if (!skipped.match(line).hasMatch())
            out.append(line);
    return out;
}

// A database that JobDesk 0.1's development builds made (migrations
// 001-037) becomes a 1.0 baseline store when, after adopt_0.1.sql removes
// what 0.1 alone had, its schema is the baseline's; otherwise it is refused
// with the first difference. Runs inside the caller's transaction, so a
// refusal changes nothing. tst_migrations::aDevelopmentDatabaseIsAdoptedWhenItMatchesTheBaseline.
void adoptLegacy(SqlSession &session)
{
    const QSet<int> applied = appliedVersions(session);
    const int last = applied.isEmpty() ? 0 : *std::max_element(applied.begin(), applied.end());
    if (last != kLegacyLastVersion)
        throw JobDeskError(JobDeskError::Code::Migration, refusal::make("JD261", last, kLegacyLastVersion));
    const QString dir = dialectDir(session.dialect());
    qCInfo(lcStore) << "adopting a JobDesk 0.1 database as the 1.0 baseline:" << session.describe();
    session.execScript(substituted(readResource(dir + QStringLiteral("/adopt_0.1.sql")), quotedSchema(session)));
    const QStringList expected = structure(readResource(dir + QStringLiteral("/001_baseline.snapshot")));
    const QStringList found = structure(schemaSnapshot(session));
    if (found == expected)
        return;
    for (qsizetype i = 0; i < std::max(found.size(), expected.size()); ++i) {
        const QString f = i < found.size() ? found.at(i) : QStringLiteral("(nothing)");
        const QString e = i < expected.size() ? expected.at(i) : QStringLiteral("(nothing)");
        if (f != e)
            throw JobDeskError(JobDeskError::Code::Migration, refusal::make("JD262", f.trimmed(), e.trimmed()));
    }
}

} // namespace

QList<Migration> migrationsFor(Dialect dialect)
{
    const QString dir = dialectDir(dialect);
    QList<Migration> out;
    static const QRegularExpression re(QStringLiteral("^(\\d+)_.*\\.sql$"));
    const QStringList files = QDir(dir).entryList({QStringLiteral("*.sql")}, QDir::Files, QDir::Name);
    for (const QString &f : files) {
        const auto m = re.match(f);
        if (m.hasMatch())
            out.append(Migration{m.captured(1).toInt(), f, readResource(dir + u'/' + f)});
    }
    std::sort(out.begin(), out.end(), [](const Migration &a, const Migration &b) { return a.version < b.version; });
    return out;
}

QList<Definition> definitionsFor(Dialect dialect)
{
    const QString folder = dialect == Dialect::Postgres ? QStringLiteral("functions") : QStringLiteral("triggers");
    const QString dir = dialectDir(dialect) + u'/' + folder;
    QList<Definition> out;
    for (const QString &f : QDir(dir).entryList({QStringLiteral("*.sql")}, QDir::Files, QDir::Name)) {
        const QString script = readResource(dir + u'/' + f);
        out.append(Definition{folder + u'/' + f, script,
                              QString::fromLatin1(QCryptographicHash::hash(script.toUtf8(), QCryptographicHash::Sha256).toHex())});
    }
    return out;
}

int schemaVersion(SqlSession &session)
{
    const QSet<int> applied = appliedVersions(session);
    return applied.isEmpty() ? 0 : *std::max_element(applied.begin(), applied.end());
}

QString schemaScript(Dialect dialect, const QString &schema)
{
    const bool pg = dialect == Dialect::Postgres;
    const QString quoted = pg && !QRegularExpression(QStringLiteral("^[a-z_][a-z0-9_]*$")).match(schema).hasMatch()
                               ? u'"' + QString(schema).replace(u'"', QStringLiteral("\"\"")) + u'"'
                               : schema;
    QString out = QString::fromLatin1(kCreateMigrationsTable) + QStringLiteral(";\n") + QString::fromLatin1(kCreateDefinitionsTable)
                  + QStringLiteral(";\n");
    for (const Migration &m : migrationsFor(dialect))
        out += m.script + u'\n';
    for (const Definition &d : definitionsFor(dialect)) {
        out += substituted(d.script, quoted) + u'\n';
        out += QStringLiteral("INSERT INTO schema_definitions (name, digest, applied_at) VALUES ('%1', '%2', '%3');\n")
                   .arg(d.name, d.digest, nowText());
    }
    return out;
}

int migrate(SqlSession &session)
{
    const QList<Migration> all = migrationsFor(session.dialect());
    const QList<Definition> defs = definitionsFor(session.dialect());
    const int latest = all.last().version;
    const bool pg = session.dialect() == Dialect::Postgres;
    auto versions = [&] {
        QSet<int> out;
        for (const Migration &m : all)
            out.insert(m.version);
        return out;
    }();
    // Current: nothing to lock or write (a read-only login, such as
    // jobdesk_viewer, may open the store). Newer: refused as it is.
    {
        const QSet<int> applied = appliedVersions(session);
        const int current = schemaVersion(session);
        if (current > latest && !isLegacy(session))
            throw newerSchema(current, latest);
        if (applied == versions && definitionsCurrent(recordedDefinitions(session), defs))
            return latest;
    }
    try {
        if (pg)
            session.exec(QStringLiteral("SELECT pg_advisory_lock($1)"), {kMigrationLockKey});
        else
            session.begin(); // BEGIN IMMEDIATE: the write lock, held while we look and apply
        auto unlock = [&] {
            if (pg) {
                try {
                    session.exec(QStringLiteral("SELECT pg_advisory_unlock($1)"), {kMigrationLockKey});
                } catch (const SqlError &) {
                }
            }
        };
        try {
            // The bookkeeping tables and a 0.1 database's adoption commit
            // together, so a refused adoption leaves the database as it was.
            if (pg)
                session.execScript(QStringLiteral("BEGIN"));
            session.exec(QString::fromLatin1(kCreateMigrationsTable));
            session.exec(QString::fromLatin1(kCreateDefinitionsTable));
            if (isLegacy(session))
                adoptLegacy(session);
            if (pg)
                session.execScript(QStringLiteral("COMMIT"));
            const int current = schemaVersion(session);
            if (current > latest)
                throw newerSchema(current, latest);
            // Every migration not yet recorded, in order.
            const QSet<int> applied = appliedVersions(session);
            for (const Migration &m : all) {
                if (applied.contains(m.version))
                    continue;
                qCInfo(lcStore) << "applying migration" << m.name << "to" << session.describe();
                if (pg) // one migration, one transaction; the file records itself in schema_migrations
                    session.execScript(QStringLiteral("BEGIN;\n") + m.script + QStringLiteral("\nCOMMIT;"));
                else // inside the BEGIN IMMEDIATE above
                    session.execScript(m.script);
                if (!appliedVersions(session).contains(m.version))
                    throw JobDeskError(JobDeskError::Code::Migration, refusal::make("JD263", m.name));
            }
            if (pg)
                session.execScript(QStringLiteral("BEGIN"));
            applyDefinitions(session, defs);
            if (pg)
                session.execScript(QStringLiteral("COMMIT"));
            else
                session.commit();
            unlock();
            return latest;
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
        // A check of the schema's own (JD110) keeps its code; the driver's words are said as they came.
        const RefusalText failed = refusal::make("JD264", session.describe(), e.message());
        if (const std::optional<RefusalText> own = refusal::fromCode(e.code(), e.detail(), e.message()))
            throw JobDeskError(JobDeskError::Code::Migration, failed.english(), *own);
        throw JobDeskError(JobDeskError::Code::Migration, failed);
    }
}

} // namespace jobdesk
