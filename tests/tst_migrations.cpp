// Schema version and forward-only migrations: applied once on open, safe
// when many processes open at once, and plain SQL a DBA can apply by hand.

#include "StoreFixture.h"

#include "domain/CanonicalJson.h"
#include "store/Migrations.h"
#include "store/PgSession.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

#include <algorithm>
#include <iterator>
#include <latch>
#include <thread>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

// An empty store of its own: a new schema on the test server (named in
// *schema, to drop afterwards) or a new SQLite file in dir.
StoreUrl emptyStore(bool pg, const QTemporaryDir &dir, const QString &name, QString *schema)
{
    if (!pg)
        return StoreUrl{Dialect::Sqlite, dir.filePath(name + QStringLiteral(".db")), {}};
    const QString base = postgresBaseUrl();
    *schema = name + u'_' + QUuid::createUuid().toString(QUuid::Id128).left(12);
    PgSession(base).exec(QStringLiteral("CREATE SCHEMA ") + *schema);
    return StoreUrl{Dialect::Postgres, {}, base + QStringLiteral("?options=-csearch_path%3D") + *schema};
}

// The store as an older JobDesk left it: these migrations applied, by hand,
// as a DBA would.
std::unique_ptr<SqlSession> olderStore(const StoreUrl &url, const QList<Migration> &applied)
{
    const bool pg = url.dialect == Dialect::Postgres;
    std::unique_ptr<SqlSession> old = openSqlSession(url);
    if (!pg)
        old->begin();
    old->exec(QStringLiteral("CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, "
                             "name text NOT NULL, applied_at text NOT NULL)"));
    for (const Migration &m : applied)
        old->execScript(pg ? QStringLiteral("BEGIN;\n") + m.script + QStringLiteral("\nCOMMIT;") : m.script);
    if (!pg)
        old->commit();
    return old;
}

} // namespace

class TestMigrations : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Both dialects reach the same version, and a version means the same
    // change on both: every SQLite file has its PostgreSQL file of the same
    // number and name, and from the first file both have in common on (only
    // PostgreSQL has 002, from before SQLite's hot paths) a change one store
    // does not need still records its version there. A file forgotten on
    // one side fails here.
    void bothDialectsReachTheSameVersionUnderTheSameNames()
    {
        const QList<Migration> pg = migrationsFor(Dialect::Postgres);
        const QList<Migration> sqlite = migrationsFor(Dialect::Sqlite);
        QHash<int, QString> pgNames;
        for (qsizetype i = 0; i < pg.size(); ++i) {
            QCOMPARE(pg.at(i).version, int(i + 1)); // no gaps
            pgNames.insert(pg.at(i).version, pg.at(i).name);
        }
        for (const Migration &m : sqlite)
            QCOMPARE(pgNames.value(m.version), m.name);
        QCOMPARE(sqlite.last().version, pg.last().version);
        const QList<int> onlyPostgres = [&] {
            QList<int> out;
            for (const Migration &m : pg)
                if (std::none_of(sqlite.begin(), sqlite.end(), [&](const Migration &s) { return s.version == m.version; }))
                    out.append(m.version);
            return out;
        }();
        QCOMPARE(onlyPostgres, QList<int>{2});
    }

    void reopeningAppliesNothingTwice_data() { addBackendRows(); }
    void reopeningAppliesNothingTwice()
    {
        JD_FRESH_STORE(store);
        const int latest = migrationsFor(store->url().dialect).last().version;
        auto a = store->open();
        auto b = store->open();
        QCOMPARE(schemaVersion(b->session()), latest);
        const SqlRows rows = b->session().exec(QStringLiteral("SELECT count(*) FROM schema_migrations"));
        QCOMPARE(rows.first().first().toInt(), migrationsFor(store->url().dialect).size());
    }

    void concurrentOpensMigrateOnce_data() { addBackendRows(); }
    void concurrentOpensMigrateOnce()
    {
        QFETCH(QString, backend);
        // A store that has never been migrated, opened by 8 threads at once.
        QTemporaryDir dir;
        StoreUrl url;
        QString schema;
        if (backend == QStringLiteral("sqlite")) {
            url = StoreUrl{Dialect::Sqlite, dir.filePath(QStringLiteral("fresh.db")), {}};
        } else {
            QString base;
            try {
                base = postgresBaseUrl();
            } catch (const std::exception &e) {
                QFAIL(e.what());
            }
            schema = QStringLiteral("m_") + QUuid::createUuid().toString(QUuid::Id128).left(12);
            PgSession(base).exec(QStringLiteral("CREATE SCHEMA ") + schema);
            url = StoreUrl{Dialect::Postgres, {}, base + QStringLiteral("?options=-csearch_path%3D") + schema};
        }
        constexpr int kOpeners = 8;
        std::latch go(1);
        std::vector<std::string> errors(kOpeners);
        std::vector<std::thread> threads;
        for (int i = 0; i < kOpeners; ++i)
            threads.emplace_back([&, i] {
                go.wait();
                try {
                    auto svc = JobService::open(url);
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
        auto svc = JobService::open(url);
        QCOMPARE(svc->session().exec(QStringLiteral("SELECT count(*) FROM schema_migrations")).first().first().toInt(),
                 migrationsFor(url.dialect).size());
        QCOMPARE(svc->jobs(JobFilter{}).jobs.size(), kOpeners);
        svc.reset();
        if (!schema.isEmpty())
            PgSession(postgresBaseUrl()).exec(QStringLiteral("DROP SCHEMA ") + schema + QStringLiteral(" CASCADE"));
    }

    void filesApplyByHandWithTheCommandLineTools_data() { addBackendRows(); }
    void filesApplyByHandWithTheCommandLineTools()
    {
        QFETCH(QString, backend);
        const QString sourceDir = QStringLiteral(JOBDESK_SOURCE_DIR "/resources/schema/") + backend;
        const QStringList files = QDir(sourceDir).entryList({QStringLiteral("*.sql")}, QDir::Files, QDir::Name);
        QCOMPARE(files.size(), migrationsFor(backend == QStringLiteral("sqlite") ? Dialect::Sqlite : Dialect::Postgres).size());
        QTemporaryDir dir;
        StoreUrl url;
        QString schema;
        for (const QString &f : files) {
            QProcess p;
            p.setStandardInputFile(sourceDir + u'/' + f);
            if (backend == QStringLiteral("sqlite")) {
                const QString sqlite3 = QStandardPaths::findExecutable(QStringLiteral("sqlite3"));
                QVERIFY2(!sqlite3.isEmpty(), "the sqlite3 command-line tool is needed (apt install sqlite3)");
                url = StoreUrl{Dialect::Sqlite, dir.filePath(QStringLiteral("byhand.db")), {}};
                p.start(sqlite3, {QStringLiteral("-bail"), url.sqlitePath});
            } else {
                const QString psql = QStandardPaths::findExecutable(QStringLiteral("psql"));
                QVERIFY2(!psql.isEmpty(), "the psql command-line tool is needed (apt install postgresql-client-15)");
                QString base;
                try {
                    base = postgresBaseUrl();
                } catch (const std::exception &e) {
                    QFAIL(e.what());
                }
                if (schema.isEmpty()) {
                    schema = QStringLiteral("h_") + QUuid::createUuid().toString(QUuid::Id128).left(12);
                    PgSession(base).exec(QStringLiteral("CREATE SCHEMA ") + schema);
                }
                url = StoreUrl{Dialect::Postgres, {}, base + QStringLiteral("?options=-csearch_path%3D") + schema};
                p.start(psql, {QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-v"), QStringLiteral("ON_ERROR_STOP=1"),
                               QStringLiteral("-1"), QStringLiteral("-d"), url.postgresUrl});
            }
            QVERIFY(p.waitForFinished(60000));
            QVERIFY2(p.exitCode() == 0, qPrintable(f + QStringLiteral(": ") + QString::fromUtf8(p.readAllStandardError())));
        }
        // JobService finds the schema up to date and works on it.
        auto svc = JobService::open(url);
        QCOMPARE(schemaVersion(svc->session()), migrationsFor(url.dialect).last().version);
        const Job job = submitJob(*svc, QStringLiteral("by-hand"));
        QCOMPARE(startRunning(*svc, job.id).state, AttemptState::Running);
        svc.reset();
        if (!schema.isEmpty())
            PgSession(postgresBaseUrl()).exec(QStringLiteral("DROP SCHEMA ") + schema + QStringLiteral(" CASCADE"));
    }

    void newerSchemaIsRefusedWithAClearError_data() { addBackendRows(); }
    void newerSchemaIsRefusedWithAClearError()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        svc->session().exec(QStringLiteral("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future.sql', 'x')"));
        try {
            store->open();
            QFAIL("a newer schema must be refused");
        } catch (const JobDeskError &e) {
            QCOMPARE(e.code(), JobDeskError::Code::Migration);
            QVERIFY(e.message().contains(QStringLiteral("newer")));
        }
    }

    // A rolling deploy or a rollback: the schema has migrations this JobDesk
    // does not know. Found by a review: an older instance whose connection
    // dropped once could not open the store again, and stopped dispatching
    // while its HTTP handlers took jobs. It opens (without migrating) when
    // every unknown migration names, in schema_readers, an oldest reader this
    // version reaches; one that does not, or names a newer reader, is refused.
    void aNewerSchemaOpensWhereEveryUnknownMigrationAllowsIt_data() { addBackendRows(); }
    void aNewerSchemaOpensWhereEveryUnknownMigrationAllowsIt()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const int known = svc->session().exec(QStringLiteral("SELECT max(version) FROM schema_migrations")).first().first().toInt();
        QVERIFY(known >= 27);
        svc->session().exec(QStringLiteral("INSERT INTO schema_migrations (version, name, applied_at) VALUES (1000, 'future.sql', 'x')"));
        svc->session().exec(QStringLiteral("INSERT INTO schema_readers (version, oldest_reader) VALUES (1000, $1)"), {known});
        auto older = store->open(); // this JobDesk plays the older instance
        QVERIFY(older);
        QCOMPARE(submitJob(*older, QStringLiteral("during-the-deploy")).state, JobState::Queued);
        QCOMPARE(older->session().exec(QStringLiteral("SELECT max(version) FROM schema_migrations")).first().first().toInt(), 1000);

        // A second unknown migration that needs a newer reader: refused.
        svc->session().exec(QStringLiteral("INSERT INTO schema_migrations (version, name, applied_at) VALUES (1001, 'later.sql', 'x')"));
        svc->session().exec(QStringLiteral("INSERT INTO schema_readers (version, oldest_reader) VALUES (1001, 1000)"));
        JD_VERIFY_THROWS_CODE(store->open(), JobDeskError::Code::Migration);
        // And one that says nothing: refused too.
        svc->session().exec(QStringLiteral("DELETE FROM schema_readers WHERE version = 1001"));
        JD_VERIFY_THROWS_CODE(store->open(), JobDeskError::Code::Migration);
    }

    // A PostgreSQL schema in which every role may create objects (PUBLIC's
    // CREATE, the default of "public" before PostgreSQL 15) is refused with
    // what to run, and nothing of the refused migration is applied; once the
    // administrator revokes it, the store opens. SQLite has no roles: it
    // opens.
    void aSchemaEveryRoleMayCreateInIsRefusedWithWhatToRun_data() { addBackendRows(); }
    void aSchemaEveryRoleMayCreateInIsRefusedWithWhatToRun()
    {
        if (qstrcmp(QTest::currentDataTag(), "sqlite") == 0) {
            JD_FRESH_STORE(store);
            QVERIFY(store->open());
            return;
        }
        const QString base = postgresBaseUrl();
        const QString schema = QStringLiteral("m_") + QUuid::createUuid().toString(QUuid::Id128).left(12);
        PgSession admin(base);
        admin.exec(QStringLiteral("CREATE SCHEMA ") + schema);
        admin.exec(QStringLiteral("GRANT CREATE ON SCHEMA %1 TO PUBLIC").arg(schema));
        const StoreUrl url{Dialect::Postgres, {}, base + QStringLiteral("?options=-csearch_path%3D") + schema};
        try {
            JobService::open(url);
            QFAIL("a schema every role may create in must be refused");
        } catch (const JobDeskError &e) {
            QCOMPARE(e.code(), JobDeskError::Code::Migration);
            QVERIFY2(e.message().contains(QStringLiteral("REVOKE CREATE ON SCHEMA %1 FROM PUBLIC").arg(schema)),
                     qPrintable(e.message()));
        }
        const int refusedAt = admin.exec(QStringLiteral("SELECT max(version) FROM %1.schema_migrations").arg(schema))
                                  .first().first().toInt();
        QCOMPARE(refusedAt, 22);
        admin.exec(QStringLiteral("REVOKE CREATE ON SCHEMA %1 FROM PUBLIC").arg(schema));
        auto svc = JobService::open(url);
        QCOMPARE(schemaVersion(svc->session()), migrationsFor(Dialect::Postgres).last().version);
        svc.reset();
        admin.exec(QStringLiteral("DROP SCHEMA %1 CASCADE").arg(schema));
    }

    // The newest migration taken by a store that already has jobs (a job at
    // every limit: names of 255 non-ASCII characters, max_parallel 8,
    // max_attempts 100; a job with a running attempt): every row reads the
    // same afterwards, the first job's key still replays (its fingerprint and
    // the unique index survive), and the running attempt still wins. Migration
    // 24 rewrites jobs and rebuilds its indexes, view and triggers; a future
    // migration that loses or alters a row fails here.
    void aStoreWithJobsTakesTheNewestMigrationKeepingEveryRow_data() { addBackendRows(); }
    void aStoreWithJobsTakesTheNewestMigrationKeepingEveryRow()
    {
        QFETCH(QString, backend);
        const bool pg = backend == QStringLiteral("postgres");
        const QList<Migration> all = migrationsFor(pg ? Dialect::Postgres : Dialect::Sqlite);
        QVERIFY(all.size() >= 2);
        QTemporaryDir dir;
        StoreUrl url;
        QString schema;
        try {
            url = emptyStore(pg, dir, QStringLiteral("upgrade"), &schema);
        } catch (const std::exception &e) {
            QFAIL(e.what());
        }

        const QString longest(255, u'\u00e9');
        const QString route = QStringLiteral("summarise");
        const QJsonObject input{{QStringLiteral("prompt"), QStringLiteral("upgrade")}};
        const QString fingerprint = intentFingerprint(route, input);
        const QString readRows = QStringLiteral(
            "SELECT j.id, j.owner_id, j.idempotency_key, j.fingerprint, j.route, j.state, j.version, j.change_seq, "
            "j.max_parallel, j.max_attempts, j.completed_by, j.claimed_by, j.created_at_ms, a.id, a.state, a.provider, "
            "a.attempt_no, a.read_version, a.change_seq FROM jobs j LEFT JOIN attempts a ON a.job_id = j.id ORDER BY j.id, a.id");
        const auto rowsOf = [&](SqlSession &session) {
            QStringList out;
            for (const SqlRow &row : session.exec(readRows)) {
                QStringList cells;
                for (const QVariant &v : row)
                    cells.append(v.isNull() ? QStringLiteral("NULL") : v.toString());
                out.append(cells.join(u'|'));
            }
            return out;
        };
        QStringList before;
        qint64 limitsJob = 0;
        qint64 runningAttempt = 0;
        {
            // The store one migration behind, with its jobs written as that
            // schema's guards allow.
            std::unique_ptr<SqlSession> old = olderStore(url, all.mid(0, all.size() - 1));
            QCOMPARE(schemaVersion(*old), all.at(all.size() - 2).version);
            const QString insertJob = QStringLiteral(
                "INSERT INTO jobs (owner_id, idempotency_key, fingerprint, route, input, max_parallel, max_attempts) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id");
            const QString inputText = QString::fromUtf8(canonicalJson(input));
            limitsJob = old->exec(insertJob, {longest, QStringLiteral("upgrade-limits"), fingerprint, route, inputText, 8, 100})
                            .first().first().toLongLong();
            const qint64 running = old->exec(insertJob, {QStringLiteral("owner-1"), QStringLiteral("upgrade-running"),
                                                         fingerprint, route, inputText, 1, 3})
                                       .first().first().toLongLong();
            old->exec(QStringLiteral("UPDATE jobs SET claimed_by = 'w1', claim_expires_at_ms = 9000000000000 WHERE id = $1"),
                      {running});
            runningAttempt = old->exec(QStringLiteral("INSERT INTO attempts (job_id, attempt_no, provider, kind, state, "
                                                      "read_version, start_request_id, worker_id, lease_expires_at_ms) "
                                                      "VALUES ($1, 1, 'primary', 'automatic', 'starting', 0, 'r-up', 'w1', "
                                                      "9000000000000) RETURNING id"),
                                       {running})
                                 .first().first().toLongLong();
            old->exec(QStringLiteral("UPDATE attempts SET state = 'running' WHERE id = $1"), {runningAttempt});
            before = rowsOf(*old);
            QCOMPARE(before.size(), 2);
        }

        auto svc = JobService::open(url); // takes the newest migration
        QCOMPARE(schemaVersion(svc->session()), all.last().version);
        QCOMPARE(rowsOf(svc->session()), before);

        SubmitRequest again;
        again.ownerId = longest;
        again.idempotencyKey = QStringLiteral("upgrade-limits");
        again.route = route;
        again.input = input;
        const SubmitResult replay = svc->submit(again);
        QCOMPARE(replay.outcome, SubmitResult::Outcome::Replayed);
        QCOMPARE(replay.job.id, limitsJob);
        QCOMPARE(replay.job.maxParallel, 8);
        QCOMPARE(replay.job.maxAttempts, 100);
        QCOMPARE(svc->complete(runningAttempt, R"({"ok":true})", Actor::worker(QStringLiteral("w1"))).outcome,
                 CompleteResult::Outcome::Won);
        QCOMPARE(svc->jobs(JobFilter{}).jobs.size(), 2);
        svc.reset();
        if (pg)
            PgSession(postgresBaseUrl()).exec(QStringLiteral("DROP SCHEMA ") + schema + QStringLiteral(" CASCADE"));
    }

    // Migration 37 takes the user info (a password) out of the provider
    // configs an older JobDesk recorded, which every viewer reads; the rest
    // of each config stays as it was. Found by a review.
    void anOlderStoresProviderPasswordsAreGoneAfterTheUpgrade_data() { addBackendRows(); }
    void anOlderStoresProviderPasswordsAreGoneAfterTheUpgrade()
    {
        QFETCH(QString, backend);
        const bool pg = backend == QStringLiteral("postgres");
        const QList<Migration> all = migrationsFor(pg ? Dialect::Postgres : Dialect::Sqlite);
        QTemporaryDir dir;
        StoreUrl url;
        QString schema;
        try {
            url = emptyStore(pg, dir, QStringLiteral("providers"), &schema);
        } catch (const std::exception &e) {
            QFAIL(e.what());
        }
        const QList<std::pair<QString, QString>> urls{
            {QStringLiteral("http://acct42:s3cr3t-pa55@127.0.0.1:18080/v1"), QStringLiteral("http://127.0.0.1:18080/v1")},
            {QStringLiteral("https://only-a-key@api.example.com/v1"), QStringLiteral("https://api.example.com/v1")},
            {QStringLiteral("https://api.example.com/v1/path@sign"), QStringLiteral("https://api.example.com/v1/path@sign")},
            {QStringLiteral("https://api.example.com/v1"), QStringLiteral("https://api.example.com/v1")},
        };
        {
            QList<Migration> before37;
            std::copy_if(all.begin(), all.end(), std::back_inserter(before37), [](const Migration &m) { return m.version < 37; });
            std::unique_ptr<SqlSession> old = olderStore(url, before37);
            for (qsizetype i = 0; i < urls.size(); ++i) {
                const QJsonObject config{{QStringLiteral("name"), QStringLiteral("p%1").arg(i)},
                                         {QStringLiteral("kind"), QStringLiteral("openai")},
                                         {QStringLiteral("base_url"), urls.at(i).first},
                                         {QStringLiteral("model"), QStringLiteral("m")}};
                old->exec(QStringLiteral("INSERT INTO providers (name, config, updated_at_ms) VALUES ($1, $2, 1)"),
                          {QStringLiteral("p%1").arg(i), QString::fromUtf8(QJsonDocument(config).toJson(QJsonDocument::Compact))});
            }
        }
        auto svc = JobService::open(url);
        QVERIFY(schemaVersion(svc->session()) >= 37);
        const QList<NamedConfig> providers = svc->providers();
        QCOMPARE(providers.size(), urls.size());
        for (const NamedConfig &p : providers) {
            const qsizetype i = p.name.mid(1).toInt();
            QCOMPARE(p.config.value(QStringLiteral("base_url")).toString(), urls.at(i).second);
            QCOMPARE(p.config.value(QStringLiteral("model")).toString(), QStringLiteral("m"));
            QCOMPARE(p.config.value(QStringLiteral("kind")).toString(), QStringLiteral("openai"));
        }
        svc.reset();
        if (pg)
            PgSession(postgresBaseUrl()).exec(QStringLiteral("DROP SCHEMA ") + schema + QStringLiteral(" CASCADE"));
    }

    void badDatabaseUrlIsAClearError()
    {
        JD_VERIFY_THROWS_CODE(StoreUrl::parse(QString()), JobDeskError::Code::InvalidArgument);
        JD_VERIFY_THROWS_CODE(StoreUrl::parse(QStringLiteral("mysql://x")), JobDeskError::Code::InvalidArgument);
        QCOMPARE(StoreUrl::parse(QStringLiteral("sqlite:///tmp/a.db")).sqlitePath, QStringLiteral("/tmp/a.db"));
        QCOMPARE(StoreUrl::parse(QStringLiteral("postgresql://u:secret@127.0.0.1/db")).dialect, Dialect::Postgres);
        QVERIFY(!StoreUrl::parse(QStringLiteral("postgresql://u:secret@127.0.0.1/db")).toDisplayString().contains(QStringLiteral("secret")));
        JD_VERIFY_THROWS_CODE(JobService::open(StoreUrl::parse(QStringLiteral("postgresql://nobody@127.0.0.1:1/none"))),
                              JobDeskError::Code::StoreUnavailable);
    }
};

QTEST_GUILESS_MAIN(TestMigrations)
#include "tst_migrations.moc"
