// Two jobdesk-server processes on one store: every job processed once, no
// attempt started twice; kill -9 of one mid-attempt: after its lease expires
// the other marks that attempt unknown and starts nothing new for the job.

#include "DispatchFixture.h"
#include "ServerProcess.h"

#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

// A server that dispatches (its API on a free port, unused here) as worker `id`.
bool startDispatching(ServerProcess &server, const StoreUrl &url, const QString &routesFile, const QString &id, qint64 leaseMs)
{
    return server.start({QStringLiteral("--database"), storeArgument(url), QStringLiteral("--routes"), routesFile,
                         QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--worker-id"), id,
                         QStringLiteral("--workers"), QStringLiteral("2"), QStringLiteral("--lease-ms"), QString::number(leaseMs),
                         QStringLiteral("--poll-ms"), QStringLiteral("50")});
}

} // namespace

class TestDispatcherProcesses : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void twoDispatchersProcessEveryJobOnce()
    {
        JD_FRESH_STORE(store);
        DispatchFixture fx;
        QVERIFY(fx.setUp(5000));
        QTemporaryDir dir;
        const QString routes = writeRoutes(dir, fx.config);
        auto svc = store->open();
        constexpr int kJobs = 500;
        for (int i = 0; i < kJobs; ++i)
            fx.submit(*svc, QStringLiteral("proc-%1").arg(i));

        ServerProcess a, b;
        QVERIFY(startDispatching(a, store->url(), routes, QStringLiteral("A"), 10000));
        QVERIFY(startDispatching(b, store->url(), routes, QStringLiteral("B"), 10000));
        QTRY_VERIFY_WITH_TIMEOUT(svc->countsByState().value(JobState::Succeeded) == kJobs, 240000);
        QCOMPARE(a.stop(), 0);
        QCOMPARE(b.stop(), 0);

        QSet<QString> workers;
        const JobPage page = svc->jobs(JobFilter{}, std::nullopt, 1000);
        QCOMPARE(page.jobs.size(), kJobs);
        for (const Job &job : page.jobs) {
            const QList<Attempt> attempts = svc->attempts(job.id);
            QCOMPARE(attempts.size(), 1); // processed once
            workers.insert(attempts.first().workerId.section(u'/', 0, 0));
            QCOMPARE(fx.primary.provider()->completionRequestCount(attempts.first().providerKey), 1); // sent once
        }
        QCOMPARE(fx.primary.provider()->completionRequestCount(), kJobs);
        qInfo("workers that took jobs: %s", qPrintable(QStringList(workers.values()).join(QStringLiteral(", "))));
    }

    void killedDispatchersAttemptBecomesUnknownAfterItsLease()
    {
        JD_FRESH_STORE(store);
        DispatchFixture fx;
        QVERIFY(fx.setUp(60000)); // a long deadline: only the lease can end it
        QTemporaryDir dir;
        const QString routes = writeRoutes(dir, fx.config);
        auto svc = store->open();
        const Job stuck = fx.submit(*svc, QStringLiteral("stuck"));
        fx.primary.provider()->queueBehaviour(FakeProvider::Behaviour::of(FakeProvider::Behaviour::Kind::Hang)); // the first request hangs

        ServerProcess a, b;
        QVERIFY(startDispatching(a, store->url(), routes, QStringLiteral("A"), 1500));
        QVERIFY(startDispatching(b, store->url(), routes, QStringLiteral("B"), 1500));
        // Wait until one of them has sent the attempt.
        QTRY_VERIFY_WITH_TIMEOUT(fx.primary.provider()->completionRequestCount() == 1, 30000);
        const Attempt inFlight = svc->attempts(stuck.id).first();
        QCOMPARE(fx.primary.provider()->completionRequestCount(inFlight.providerKey), 1);
        QCOMPARE(inFlight.state, AttemptState::Running);
        ServerProcess &victim = inFlight.workerId.startsWith(QStringLiteral("A/")) ? a : b;
        const QString survivor = &victim == &a ? QStringLiteral("B") : QStringLiteral("A");
        victim.process->kill(); // SIGKILL: no goodbye, the lease just stops being renewed
        QVERIFY(victim.process->waitForFinished(10000));

        QTRY_COMPARE_WITH_TIMEOUT(svc->attempt(inFlight.id)->state, AttemptState::Unknown, 30000);
        QCOMPARE(svc->job(stuck.id)->state, JobState::Blocked);
        const auto events = svc->attemptEvents(stuck.id);
        QVERIFY(events.last().actorKind == QStringLiteral("reaper"));
        QVERIFY(events.last().actorId.startsWith(survivor));

        // The survivor keeps working (a new job succeeds) and still starts nothing for the stuck job.
        const Job later = fx.submit(*svc, QStringLiteral("later"));
        QTRY_COMPARE_WITH_TIMEOUT(svc->job(later.id)->state, JobState::Succeeded, 30000);
        QCOMPARE(svc->attempts(stuck.id).size(), 1);
        QCOMPARE(fx.primary.provider()->completionRequestCount(), 2); // the stuck one once, the later one once
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestDispatcherProcesses)
#include "tst_dispatcher_processes.moc"
