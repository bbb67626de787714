// The schema: one baseline and its definitions, applied once on open (safe
// when many processes open at once), the same as its checked-in snapshot, as
// plain SQL a DBA can apply by hand, and a 0.1 development database adopted
// only when it matches.

#include "StoreFixture.h"

#include "store/Migrations.h"
#include "store/PgSession.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

#include <latch>
#include <thread>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

// This row's store ("sqlite" or "postgres"), from initTestCase_data().
QString rowBackend()
{
    QFETCH_GLOBAL(QString, backend);
    return backend;
}

Dialect dialectOf(const QString &backend)
{
    return backend == QStringLiteral("postgres") ? Dialect::Postgres : Dialect::Sqlite;
}

// An empty store of its own, never opened: a new schema on the test server
// (dropped with the object) or a new SQLite file.
class EmptyStore
{
public:
    explicit EmptyStore(const QString &backend)
    {
        if (backend != QStringLiteral("postgres")) {
            url = StoreUrl{Dialect::Sqlite, dir.filePath(QStringLiteral("empty.db")), {}};
            return;
        }
        const QString base = postgresBaseUrl();
        schema = QStringLiteral("m_") + QUuid::createUuid().toString(QUuid::Id128).left(12);
        PgSession(base).exec(QStringLiteral("CREATE SCHEMA ") + schema);
        url = StoreUrl{Dialect::Postgres, {}, base + QStringLiteral("?options=-csearch_path%3D") + schema};
    }
    ~EmptyStore()
    {
        if (!schema.isEmpty())
            PgSession(postgresBaseUrl()).exec(QStringLiteral("DROP SCHEMA ") + schema + QStringLiteral(" CASCADE"));
    }
    QTemporaryDir dir;
    QString schema;
    StoreUrl url;
};

int count(SqlSession &s, const QString &sql)
{
    return s.exec(sql).first().first().toInt();
}

// The snapshot of the newest migration, as checked in and embedded.
QString expectedSnapshot(Dialect dialect)
{
    const QString name = migrationsFor(dialect).last().name.chopped(4) + QStringLiteral(".snapshot");
    QFile f(QStringLiteral(":/jobdesk/schema/") + (dialect == Dialect::Postgres ? QStringLiteral("postgres/") : QStringLiteral("sqlite/"))
            + name);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// Turns a new store into what JobDesk 0.1's development builds left: their
// 37 migration records, their schema_readers table, no definition records
// and, on PostgreSQL, the two older overloads of jd_mark_running.
void makeItA01Database(SqlSession &s, int lastVersion = 37)
{
    const bool pg = s.dialect() == Dialect::Postgres;
    if (!pg)
        s.begin();
    // Back to the baseline's schema: what the migrations after it added goes,
    // with the guard on provider_did_nothing (the baseline's triggers, as 0.1 had them).
    if (pg)
        s.exec(QStringLiteral("CREATE OR REPLACE TRIGGER attempts_guard_transition BEFORE UPDATE OF state ON attempts "
                              "FOR EACH ROW EXECUTE FUNCTION jd_attempts_guard_transition()"));
    else
        s.exec(QStringLiteral("DROP TRIGGER attempts_did_nothing_as_it_fails"));
    if (pg)
        s.exec(QStringLiteral("ALTER TABLE attempts DROP CONSTRAINT attempts_did_nothing_only_failed, DROP COLUMN next_lookup_at_ms, "
                              "DROP COLUMN lookup_claimed_by, DROP COLUMN lookup_claimed_until_ms, DROP COLUMN provider_did_nothing"));
    else
        for (const char *c : {"next_lookup_at_ms", "lookup_claimed_by", "lookup_claimed_until_ms", "provider_did_nothing"})
            s.exec(QStringLiteral("ALTER TABLE attempts DROP COLUMN ") + QLatin1String(c));
    // 003: retention's tables and functions (the history triggers' text is not compared).
    if (pg)
        s.execScript(QStringLiteral("DROP TRIGGER jobs_key_not_tombstoned ON jobs; DROP FUNCTION jd_jobs_key_not_tombstoned(); "
                              "DROP FUNCTION jd_retention_remove(bigint, integer); DROP FUNCTION jd_retention_expire_keys(bigint, bigint); "
                              "DROP FUNCTION jd_retention_mark(bigint); "
                                    "REVOKE ALL ON jobs, attempts, attempt_events, idempotency_events, race_losses, audit_log, "
                                    "attempt_contracts FROM jobdesk_retention; "
                                    "DO $$ BEGIN EXECUTE format('REVOKE ALL ON SCHEMA %I FROM jobdesk_retention', current_schema()); END $$"));
    else
        s.exec(QStringLiteral("DROP TRIGGER jobs_key_not_tombstoned"));
    // 004: the derived state's view as the baseline defines it.
    if (pg)
        s.exec(QStringLiteral(
            "CREATE OR REPLACE VIEW job_derived_state AS SELECT j.id, (CASE WHEN j.completed_by IS NOT NULL THEN 'succeeded' "
            "WHEN j.state = 'cancelled' THEN 'cancelled' "
            "WHEN EXISTS (SELECT 1 FROM attempts a WHERE a.job_id = j.id AND a.state = 'unknown') THEN 'blocked' "
            "WHEN EXISTS (SELECT 1 FROM attempts a WHERE a.job_id = j.id AND a.state IN ('starting', 'running')) THEN 'running' "
            "WHEN (SELECT count(*) FROM attempts a WHERE a.job_id = j.id AND a.kind <> 'retry') >= j.max_attempts THEN 'failed' "
            "ELSE 'queued' END)::job_state AS state FROM jobs j"));
    for (const char *index : {"idempotency_events_by_job", "race_losses_by_winner", "audit_log_by_attempt"})
        s.exec(QStringLiteral("DROP INDEX ") + QLatin1String(index));
    for (const char *table : {"key_tombstones", "retention_run_jobs", "retention_runs"})
        s.exec(QStringLiteral("DROP TABLE ") + QLatin1String(table));
    if (!pg)
        s.exec(QStringLiteral("DROP TABLE retention_grant"));
    s.exec(QStringLiteral("DELETE FROM schema_migrations"));
    s.exec(QStringLiteral("DROP TABLE schema_definitions"));
    for (int v = 1; v <= lastVersion; ++v)
        s.exec(QStringLiteral("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, '2026-11-01T00:00:00Z')"),
               {v, v == 1 ? QStringLiteral("001_jobs_and_attempts.sql") : QStringLiteral("%1_of_0.1.sql").arg(v, 3, 10, QChar(u'0'))});
    s.exec(QStringLiteral("CREATE TABLE schema_readers (version integer PRIMARY KEY, oldest_reader integer NOT NULL "
                          "CHECK (oldest_reader < version))"));
    if (pg) {
        s.exec(QStringLiteral("GRANT SELECT ON schema_readers TO jobdesk_viewer"));
        const QString columns = QStringLiteral(
            "RETURNS TABLE(outcome text, id bigint, job_id bigint, attempt_no integer, provider text, state text, kind text, "
            "read_version bigint, worker_id text, lease_expires_at_ms bigint, deadline_at_ms bigint, created_at_ms bigint, "
            "updated_at_ms bigint, change_seq bigint, result_digest text, last_reason text, provider_key text, "
            "last_lookup_at_ms bigint) LANGUAGE sql AS ");
        s.exec(QStringLiteral("CREATE FUNCTION jd_mark_running(p_attempt bigint, p_actor_kind text, p_actor_id text, p_lease_ms "
                              "bigint) ")
               + columns + QStringLiteral("$$ SELECT * FROM jd_mark_running(p_attempt, p_actor_kind, p_actor_id, p_lease_ms, NULL, NULL) $$"));
        s.exec(QStringLiteral("CREATE FUNCTION jd_mark_running(p_attempt bigint, p_actor_kind text, p_actor_id text, p_lease_ms "
                              "bigint, p_deadline_ms bigint) ")
               + columns
               + QStringLiteral("$$ SELECT * FROM jd_mark_running(p_attempt, p_actor_kind, p_actor_id, p_lease_ms, p_deadline_ms, NULL) $$"));
    } else {
        s.commit();
    }
}

} // namespace

// Declares `backend` and `store`, a new migrated store of this row's backend.
#define STORE_OF_THIS_ROW(store)                                                \
    const QString backend = rowBackend();                                       \
    std::unique_ptr<FreshStore> store;                                          \
    try {                                                                       \
        store = std::make_unique<FreshStore>(backend);                          \
    } catch (const std::exception &e) {                                         \
        QFAIL(e.what());                                                        \
    }

class TestMigrations : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }

    // 001 is the baseline; later migrations follow without gaps, under the
    // same number and name in both dialects; every definition is a file of
    // its dialect's folder.
    void migrationsStartAtTheBaselineWithoutGaps()
    {
        const QString backend = rowBackend();
        const QList<Migration> mine = migrationsFor(dialectOf(backend));
        const QList<Migration> other = migrationsFor(dialectOf(backend) == Dialect::Postgres ? Dialect::Sqlite : Dialect::Postgres);
        QVERIFY(!mine.isEmpty());
        QCOMPARE(mine.first().name, QStringLiteral("001_baseline.sql"));
        QCOMPARE(mine.size(), other.size());
        for (qsizetype i = 0; i < mine.size(); ++i) {
            QCOMPARE(mine.at(i).version, int(i + 1));
            QCOMPARE(mine.at(i).name, other.at(i).name);
        }
        const QList<Definition> defs = definitionsFor(dialectOf(backend));
        QVERIFY(defs.size() >= 10);
        for (const Definition &d : defs)
            QVERIFY2(d.name.startsWith(backend == QStringLiteral("postgres") ? QStringLiteral("functions/") : QStringLiteral("triggers/")),
                     qPrintable(d.name));
    }

    // The schema a new store gets is the checked-in snapshot of the newest
    // migration: a change to a table, index, trigger, grant or function that
    // the snapshot does not show fails here. After an intended change, run
    // with JOBDESK_UPDATE_SNAPSHOTS=1 to write the snapshot into the source
    // tree, and review its diff.
    void aNewStoreHasTheSchemaOfItsSnapshot()
    {
        STORE_OF_THIS_ROW(store);
        auto svc = store->open();
        const QString actual = schemaSnapshot(svc->session());
        const Dialect dialect = dialectOf(backend);
        if (!qEnvironmentVariableIsEmpty("JOBDESK_UPDATE_SNAPSHOTS")) {
            QFile out(QStringLiteral(JOBDESK_SOURCE_DIR "/resources/schema/%1/%2.snapshot")
                          .arg(backend, migrationsFor(dialect).last().name.chopped(4)));
            QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
            out.write(actual.toUtf8());
        }
        const QString expected = expectedSnapshot(dialect);
        QVERIFY2(!expected.isEmpty(), "no snapshot is embedded for the newest migration");
        const QStringList a = actual.split(u'\n');
        const QStringList e = expected.split(u'\n');
        for (qsizetype i = 0; i < std::min(a.size(), e.size()); ++i)
            QVERIFY2(a.at(i) == e.at(i), qPrintable(QStringLiteral("line %1 differs:\n  store:    %2\n  snapshot: %3")
                                                        .arg(i + 1).arg(a.at(i), e.at(i))));
        QCOMPARE(a.size(), e.size());
    }

    // A store that is current is only read: nothing is applied or recorded again.
    void reopeningAppliesNothingTwice()
    {
        STORE_OF_THIS_ROW(store);
        auto a = store->open();
        const SqlRows before = a->session().exec(QStringLiteral("SELECT name, applied_at FROM schema_definitions ORDER BY name"));
        QCOMPARE(before.size(), definitionsFor(dialectOf(backend)).size());
        auto b = store->open();
        QCOMPARE(schemaVersion(b->session()), migrationsFor(dialectOf(backend)).last().version);
        QCOMPARE(count(b->session(), QStringLiteral("SELECT count(*) FROM schema_migrations")), migrationsFor(dialectOf(backend)).size());
        QCOMPARE(b->session().exec(QStringLiteral("SELECT name, applied_at FROM schema_definitions ORDER BY name")), before);
    }

    // A store never migrated, opened by 8 threads at once: every one works and
    // the schema is applied once.
    void concurrentOpensMigrateOnce()
    {
        const QString backend = rowBackend();
        std::unique_ptr<EmptyStore> empty;
        try {
            empty = std::make_unique<EmptyStore>(backend);
        } catch (const std::exception &e) {
            QFAIL(e.what());
        }
        constexpr int kOpeners = 8;
        std::latch go(1);
        std::vector<std::string> errors(kOpeners);
        std::vector<std::thread> threads;
        for (int i = 0; i < kOpeners; ++i)
            threads.emplace_back([&, i] {
                go.wait();
                try {
                    auto svc = JobService::open(empty->url);
                    svc->submit(makeSubmit(QStringLiteral("k-%1").arg(i)));
                } catch (const std::exception &e) {
                    errors[static_cast<size_t>(i)] = e.what();
                }
            });
        go.count_down();
        for (auto &t : threads)
            t.join();
        for (const auto &e : errors)
            QVERIFY2(e.empty(), e.c_str());
        auto svc = JobService::open(empty->url);
        QCOMPARE(count(svc->session(), QStringLiteral("SELECT count(*) FROM schema_migrations")), migrationsFor(empty->url.dialect).size());
        QCOMPARE(count(svc->session(), QStringLiteral("SELECT count(*) FROM schema_definitions")),
                 definitionsFor(empty->url.dialect).size());
        QCOMPARE(svc->jobs(JobFilter{}).jobs.size(), kOpeners);
    }

    // schemaScript() applied by hand with psql or sqlite3 gives the same
    // schema, which JobService then finds current and works on.
    void theSchemaScriptAppliesByHandWithTheCommandLineTools()
    {
        const QString backend = rowBackend();
        std::unique_ptr<EmptyStore> empty;
        try {
            empty = std::make_unique<EmptyStore>(backend);
        } catch (const std::exception &e) {
            QFAIL(e.what());
        }
        const bool pg = backend == QStringLiteral("postgres");
        QTemporaryDir dir;
        QFile script(dir.filePath(QStringLiteral("schema.sql")));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(schemaScript(empty->url.dialect, empty->schema).toUtf8());
        script.close();
        QProcess p;
        p.setStandardInputFile(script.fileName());
        if (pg) {
            const QString psql = QStandardPaths::findExecutable(QStringLiteral("psql"));
            QVERIFY2(!psql.isEmpty(), "the psql command-line tool is needed (apt install postgresql-client-15)");
            p.start(psql, {QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-v"), QStringLiteral("ON_ERROR_STOP=1"),
                           QStringLiteral("-1"), QStringLiteral("-d"), empty->url.postgresUrl});
        } else {
            const QString sqlite3 = QStandardPaths::findExecutable(QStringLiteral("sqlite3"));
            QVERIFY2(!sqlite3.isEmpty(), "the sqlite3 command-line tool is needed (apt install sqlite3)");
            p.start(sqlite3, {QStringLiteral("-bail"), empty->url.sqlitePath});
        }
        QVERIFY(p.waitForFinished(60000));
        QVERIFY2(p.exitCode() == 0, qPrintable(QString::fromUtf8(p.readAllStandardError())));

        auto svc = JobService::open(empty->url);
        const SqlRows recorded = svc->session().exec(QStringLiteral("SELECT name, applied_at FROM schema_definitions ORDER BY name"));
        auto again = JobService::open(empty->url);
        QCOMPARE(again->session().exec(QStringLiteral("SELECT name, applied_at FROM schema_definitions ORDER BY name")), recorded);
        QCOMPARE(schemaSnapshot(svc->session()), expectedSnapshot(empty->url.dialect));
        const Job job = submitJob(*svc, QStringLiteral("by-hand"));
        QCOMPARE(startRunning(*svc, job.id).state, AttemptState::Running);
    }

    // A definition whose recorded digest differs from its file is applied
    // again on the next open: here a guard that a store lost comes back.
    void aDefinitionThatDiffersFromItsFileIsAppliedAgain()
    {
        STORE_OF_THIS_ROW(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("kept"));
        const bool pg = store->isPostgres();
        const QString name = pg ? QStringLiteral("functions/jd_refuse_history_change.sql") : QStringLiteral("triggers/jobs.sql");
        if (pg)
            svc->session().exec(QStringLiteral("CREATE OR REPLACE FUNCTION jd_refuse_history_change() RETURNS trigger "
                                               "LANGUAGE plpgsql AS $$ BEGIN RETURN OLD; END $$"));
        else
            svc->session().exec(QStringLiteral("DROP TRIGGER jobs_no_delete"));
        svc->session().exec(QStringLiteral("UPDATE schema_definitions SET digest = 'an older text' WHERE name = $1"), {name});
        auto reopened = store->open();
        QVERIFY(guardRefuses(*reopened, QStringLiteral("DELETE FROM jobs WHERE id = %1").arg(job.id)));
        QCOMPARE(reopened->session().exec(QStringLiteral("SELECT digest FROM schema_definitions WHERE name = $1"), {name}).first().first().toString(),
                 [&] {
                     for (const Definition &d : definitionsFor(store->url().dialect))
                         if (d.name == name)
                             return d.digest;
                     return QString();
                 }());
        QCOMPARE(reopened->job(job.id)->idempotencyKey, QStringLiteral("kept"));
    }

    void aNewerSchemaIsRefusedWithAClearError()
    {
        STORE_OF_THIS_ROW(store);
        auto svc = store->open();
        svc->session().exec(QStringLiteral("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future.sql', 'x')"));
        try {
            store->open();
            QFAIL("a newer schema must be refused");
        } catch (const JobDeskError &e) {
            QCOMPARE(e.code(), JobDeskError::Code::Migration);
            QVERIFY2(e.message().contains(QStringLiteral("newer")) && e.message().contains(QStringLiteral("999")), qPrintable(e.message()));
        }
    }

    // PostgreSQL: a schema in which every role may create objects (PUBLIC's
    // CREATE, the default of "public" before PostgreSQL 15) is refused with
    // what to run, and nothing is created; once revoked, the store opens.
    // SQLite has no roles: a new file opens.
    void aSchemaEveryRoleMayCreateInIsRefusedWithWhatToRun()
    {
        const QString backend = rowBackend();
        std::unique_ptr<EmptyStore> empty;
        try {
            empty = std::make_unique<EmptyStore>(backend);
        } catch (const std::exception &e) {
            QFAIL(e.what());
        }
        if (backend != QStringLiteral("postgres")) {
            QVERIFY(JobService::open(empty->url));
            return;
        }
        PgSession admin(postgresBaseUrl());
        admin.exec(QStringLiteral("GRANT CREATE ON SCHEMA %1 TO PUBLIC").arg(empty->schema));
        try {
            JobService::open(empty->url);
            QFAIL("a schema every role may create in must be refused");
        } catch (const JobDeskError &e) {
            QCOMPARE(e.code(), JobDeskError::Code::Migration);
            QVERIFY2(e.message().contains(QStringLiteral("REVOKE CREATE ON SCHEMA %1 FROM PUBLIC").arg(empty->schema)),
                     qPrintable(e.message()));
            QCOMPARE(e.refusalCode(), QStringLiteral("JD110")); // said in the operator's language, by its code
            QCOMPARE(e.refusalParams().value(QStringLiteral("schema")).toString(), empty->schema);
        }
        QCOMPARE(count(admin, QStringLiteral("SELECT count(*) FROM pg_class WHERE relnamespace = '%1'::regnamespace AND relname = 'jobs'")
                                  .arg(empty->schema)),
                 0);
        admin.exec(QStringLiteral("REVOKE CREATE ON SCHEMA %1 FROM PUBLIC").arg(empty->schema));
        auto svc = JobService::open(empty->url);
        QCOMPARE(schemaVersion(svc->session()), migrationsFor(Dialect::Postgres).last().version);
    }

    // A database of JobDesk 0.1's development builds at their last migration
    // (037), whose schema is the baseline's, is adopted: its records become
    // the baseline's, what only 0.1 had is gone, every row stays, a key still
    // replays and an attempt still runs and wins.
    void aDevelopmentDatabaseIsAdoptedWhenItMatchesTheBaseline()
    {
        STORE_OF_THIS_ROW(store);
        Job job;
        {
            auto svc = store->open();
            job = submitJob(*svc, QStringLiteral("from-0.1"));
            makeItA01Database(svc->session());
        }
        auto svc = store->open();
        // Adopted as the baseline, then migrated like any baseline store.
        const QList<Migration> all = migrationsFor(store->url().dialect);
        QCOMPARE(schemaVersion(svc->session()), all.last().version);
        QCOMPARE(count(svc->session(), QStringLiteral("SELECT count(*) FROM schema_migrations")), int(all.size()));
        QCOMPARE(count(svc->session(), QStringLiteral("SELECT count(*) FROM schema_definitions")),
                 definitionsFor(store->url().dialect).size());
        // PostgreSQL numbers the columns the later migrations added anew (makeItA01Database dropped them).
        static const QRegularExpression columnNo(QStringLiteral("column \\d+ "));
        QCOMPARE(schemaSnapshot(svc->session()).replace(columnNo, QStringLiteral("column ")),
                 expectedSnapshot(store->url().dialect).replace(columnNo, QStringLiteral("column ")));
        const SubmitResult replay = svc->submit(makeSubmit(QStringLiteral("from-0.1"), {{QStringLiteral("prompt"), QStringLiteral("from-0.1")}}));
        QCOMPARE(replay.outcome, SubmitResult::Outcome::Replayed);
        QCOMPARE(replay.job.id, job.id);
        const Attempt a = startRunning(*svc, job.id);
        QCOMPARE(svc->complete(a.id, QByteArrayLiteral("{\"text\":\"ok\"}"), Actor::worker(QStringLiteral("w1"))).outcome,
                 CompleteResult::Outcome::Won);
    }

    // One that differs from the baseline (an index dropped by hand) is
    // refused with the difference named, and left exactly as it was.
    void aDevelopmentDatabaseThatDiffersIsRefusedAndLeftAsItWas()
    {
        STORE_OF_THIS_ROW(store);
        {
            auto svc = store->open();
            submitJob(*svc, QStringLiteral("from-0.1"));
            makeItA01Database(svc->session());
            svc->session().exec(QStringLiteral("DROP INDEX jobs_by_route"));
        }
        auto raw = openSqlSession(store->url());
        const QString before = schemaSnapshot(*raw);
        try {
            store->open();
            QFAIL("a 0.1 database that differs from the baseline must be refused");
        } catch (const JobDeskError &e) {
            QCOMPARE(e.code(), JobDeskError::Code::Migration);
            QVERIFY2(e.message().contains(QStringLiteral("differs from the 1.0 baseline")) && e.message().contains(QStringLiteral("jobs_by_route")),
                     qPrintable(e.message()));
        }
        QCOMPARE(schemaSnapshot(*raw), before);
        QCOMPARE(count(*raw, QStringLiteral("SELECT count(*) FROM schema_migrations")), 37);
        QCOMPARE(count(*raw, QStringLiteral("SELECT count(*) FROM jobs")), 1);
    }

    // One at an earlier 0.1 migration is refused with what to do.
    void aDevelopmentDatabaseBeforeItsLastMigrationIsRefused()
    {
        STORE_OF_THIS_ROW(store);
        {
            auto svc = store->open();
            makeItA01Database(svc->session(), 30);
        }
        try {
            store->open();
            QFAIL("a 0.1 database before its last migration must be refused");
        } catch (const JobDeskError &e) {
            QCOMPARE(e.code(), JobDeskError::Code::Migration);
            QVERIFY2(e.message().contains(QStringLiteral("migration 30")) && e.message().contains(QStringLiteral("(37)")),
                     qPrintable(e.message()));
        }
        auto raw = openSqlSession(store->url());
        QCOMPARE(count(*raw, QStringLiteral("SELECT count(*) FROM schema_migrations")), 30);
    }

    // A store that cannot be reached or made is a clear error.
    void aStoreThatCannotBeOpenedIsAClearError()
    {
        const QString backend = rowBackend();
        if (backend == QStringLiteral("postgres")) {
            JD_VERIFY_THROWS_CODE(JobService::open(StoreUrl::parse(QStringLiteral("postgresql://nobody@127.0.0.1:1/none"))),
                                  JobDeskError::Code::StoreUnavailable);
        } else {
            QTemporaryDir dir;
            QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("a-folder.db")));
            bool refused = false;
            try {
                JobService::open(StoreUrl{Dialect::Sqlite, dir.filePath(QStringLiteral("a-folder.db")), {}});
            } catch (const JobDeskError &) {
                refused = true;
            }
            QVERIFY(refused);
        }
        JD_VERIFY_THROWS_CODE(StoreUrl::parse(QString()), JobDeskError::Code::InvalidArgument);
        JD_VERIFY_THROWS_CODE(StoreUrl::parse(QStringLiteral("mysql://x")), JobDeskError::Code::InvalidArgument);
        QVERIFY(!StoreUrl::parse(QStringLiteral("postgresql://u:secret@127.0.0.1/db")).toDisplayString().contains(QStringLiteral("secret")));
    }
};

QTEST_GUILESS_MAIN(TestMigrations)
#include "tst_migrations.moc"
