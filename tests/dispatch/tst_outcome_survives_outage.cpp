// An outage of the store during a provider call does not drop the outcome:
// the answer that comes back while PostgreSQL is down (a server of the test's
// own, stopped and started again) or while another process holds an SQLite
// file's write lock is kept and recorded once the store is back. Each test
// has the store it needs, so neither runs per store.

#include "DispatchFixture.h"
#include "PrivatePostgres.h"

#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <thread>

using namespace jobdesk;
using namespace jobdesk::test;

class TestOutcomeSurvivesOutage : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void outcomeSurvivesAPostgresRestartDuringTheFlight()
    {
        PrivatePostgres pg;
        QVERIFY2(pg.start(), qPrintable(pg.error()));
        const StoreUrl url = StoreUrl::parse(pg.url());
        DispatchFixture fx;
        QVERIFY(fx.setUp(8000));
        auto svc = JobService::open(url);
        auto dispatcher = fx.dispatcher(url, /*leaseMs*/ 30000);
        fx.primary.provider()->setDefaultBehaviour(
            DispatchFixture::withOutput(FakeProvider::Behaviour::answer(1500), QStringLiteral("paid for")));
        const Job job = fx.submit(*svc, QStringLiteral("outage"));
        std::atomic<bool> done{false};
        Joined runner{std::thread([&] {
            JobServiceOptions o;
            o.maxRetries = 0;
            auto own = JobService::open(url, o);
            dispatcher->runOnce(*own, QStringLiteral("w-outage"));
            done = true;
        })};
        QTRY_COMPARE_WITH_TIMEOUT(fx.primary.provider()->completionRequestCount(), 1, 5000);
        QVERIFY2(pg.stop(), qPrintable(pg.error())); // the database goes away while the call is out
        // The answer comes back while the store is down: kept, not dropped.
        QTRY_VERIFY_WITH_TIMEOUT(dispatcher->stats().outcomesDeferred.load() >= 1, 15000);
        QVERIFY(!done);
        QVERIFY2(pg.start(), qPrintable(pg.error()));
        QTRY_VERIFY_WITH_TIMEOUT(done.load(), 30000);
        runner.t.join();
        auto after = JobService::open(url);
        QCOMPARE(after->job(job.id)->state, JobState::Succeeded);
        QVERIFY(after->job(job.id)->result.contains("paid for"));
        QCOMPARE(after->attempts(job.id).size(), 1);
        QCOMPARE(fx.primary.provider()->completionRequestCount(), 1);
    }

    void outcomeSurvivesALockedSqliteStoreDuringTheFlight()
    {
        QTemporaryDir dir;
        const StoreUrl url{Dialect::Sqlite, dir.filePath(QStringLiteral("outage.db")), {}};
        DispatchFixture fx;
        QVERIFY(fx.setUp(8000));
        auto svc = JobService::open(url);
        auto dispatcher = fx.dispatcher(url, 30000);
        fx.primary.provider()->setDefaultBehaviour(
            DispatchFixture::withOutput(FakeProvider::Behaviour::answer(300), QStringLiteral("paid for")));
        const Job job = fx.submit(*svc, QStringLiteral("locked"));
        std::atomic<bool> done{false};
        Joined runner{std::thread([&] {
            JobServiceOptions o;
            o.maxRetries = 0;
            StoreUrl impatient = url;
            impatient.sqliteBusyTimeoutMs = 200; // "the store is down" after 200 ms of waiting for the lock
            auto own = JobService::open(impatient, o);
            dispatcher->runOnce(*own, QStringLiteral("w-locked"));
            done = true;
        })};
        QTRY_COMPARE_WITH_TIMEOUT(fx.primary.provider()->completionRequestCount(), 1, 5000);
        // Another process holds the write lock longer than the writer's busy timeout.
        auto holder = JobService::open(url);
        holder->session().begin();
        QTRY_VERIFY_WITH_TIMEOUT(dispatcher->stats().outcomesDeferred.load() >= 1, 20000);
        QVERIFY(!done);
        holder->session().rollback();
        QTRY_VERIFY_WITH_TIMEOUT(done.load(), 30000);
        runner.t.join();
        QCOMPARE(svc->job(job.id)->state, JobState::Succeeded);
        QVERIFY(svc->job(job.id)->result.contains("paid for"));
        QCOMPARE(fx.primary.provider()->completionRequestCount(), 1);
    }
};

QTEST_GUILESS_MAIN(TestOutcomeSurvivesOutage)
#include "tst_outcome_survives_outage.moc"
