// An operator's retry is sent by a dispatcher, against fake providers on
// loopback, on both stores: refused while an attempt is unknown, sent once
// after the cancel, by a running dispatcher too; never sent for a job that
// won meanwhile; left by an instance without the job's route to one that has
// it; failed "never sent" when no dispatcher took it within its lease.

#include "DispatchFixture.h"

#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;
using Kind = FakeProvider::Behaviour::Kind;

class TestOperatorRetries : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }

    void operatorRetryIsSentCompletesAndWins()
    {
        JD_DISPATCH_SETUP(300);
        fx.primary.provider()->setDefaultBehaviour(FakeProvider::Behaviour::of(Kind::Hang));
        const Job job = fx.submit(*svc, QStringLiteral("retry-me"));
        dispatcher->runOnce(*svc, worker);
        const Attempt first = svc->attempts(job.id).first();
        QCOMPARE(first.state, AttemptState::Unknown);
        // Refused while unknown, naming the attempt.
        const RetryResult refused = svc->retry(job.id, QStringLiteral("fallback"), operatorRequest(QStringLiteral("try fallback")));
        QVERIFY(!refused.start.started);
        QCOMPARE(refused.start.refusal.blockingAttemptId, std::optional<qint64>(first.id));
        svc->cancelAttempt(first.id, operatorRequest(QStringLiteral("provider confirmed no charge")));
        const RetryResult retry = svc->retry(job.id, QStringLiteral("fallback"), operatorRequest(QStringLiteral("fallback now")));
        QVERIFY(retry.start.started);
        QCOMPARE(retry.start.attempt.state, AttemptState::Starting);
        QVERIFY(retry.start.attempt.leaseExpiresAtMs); // every attempt has a lease
        QVERIFY(retry.start.attempt.workerId.isEmpty());
        fx.fallback.provider()->clearReceived();
        // A dispatcher picks it up and sends it.
        QCOMPARE(dispatcher->runRetryOnce(*svc, worker), std::optional<qint64>(retry.start.attempt.id));
        const Attempt sent = *svc->attempt(retry.start.attempt.id);
        QCOMPARE(sent.state, AttemptState::Succeeded);
        QCOMPARE(svc->job(job.id)->completedBy, std::optional<qint64>(sent.id));
        QCOMPARE(fx.fallback.provider()->completionRequestCount(sent.providerKey), 1);
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 1);
        QCOMPARE(dispatcher->runRetryOnce(*svc, worker), std::nullopt); // taken once
    }

    // An operator's retry waits for a dispatcher; the job it was started for
    // can be decided meanwhile. Sent then, the intent would be paid twice:
    // it is failed "never sent" instead, and the fallback provider never
    // hears of it.
    void anOperatorsRetryOfAJobThatWonMeanwhileIsNeverSent()
    {
        JD_DISPATCH_SETUP(20000, /*hedgeAfterMs*/ 10000);
        const Job job = fx.submit(*svc, QStringLiteral("retry-after-win"));
        QCOMPARE(job.maxParallel, 2);
        const Attempt first = startRunning(*svc, job.id, QStringLiteral("primary")); // another worker's
        const RetryResult retry = svc->retry(job.id, QStringLiteral("fallback"), operatorRequest(QStringLiteral("both")));
        QVERIFY2(retry.start.started, qPrintable(retry.start.refusal.message));
        QCOMPARE(svc->complete(first.id, validContent(QStringLiteral("s")), Actor::worker(QStringLiteral("w-other"))).outcome,
                 CompleteResult::Outcome::Won);
        fx.fallback.provider()->clearReceived();
        QCOMPARE(dispatcher->runRetryOnce(*svc, worker), std::optional<qint64>(retry.start.attempt.id));
        const Attempt after = *svc->attempt(retry.start.attempt.id);
        QCOMPARE(after.state, AttemptState::Failed);
        QVERIFY2(after.lastReason.contains(QStringLiteral("already has a winner")), qPrintable(after.lastReason));
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);
        QCOMPARE(dispatcher->stats().retriesSent.load(), 0);
        QCOMPARE(svc->job(job.id)->completedBy, std::optional<qint64>(first.id));
        QVERIFY(!svc->attemptContract(retry.start.attempt.id)); // never sent: nothing was asked under a contract
    }

    // A rolling deploy: an instance whose routes file lacks the job's route
    // has the provider. It leaves the operator's retry to an instance that
    // knows the route, which sends it, instead of taking it and failing it
    // ("does not know route").
    void anInstanceWithoutTheRouteLeavesAnOperatorsRetryToOneThatHasIt()
    {
        JD_DISPATCH_SETUP(300);
        fx.primary.provider()->setDefaultBehaviour(FakeProvider::Behaviour::of(Kind::Hang));
        const Job job = fx.submit(*svc, QStringLiteral("retry-rolling"));
        dispatcher->runOnce(*svc, worker);
        svc->cancelAttempt(svc->attempts(job.id).first().id, operatorRequest(QStringLiteral("no charge")));
        fx.primary.provider()->setDefaultBehaviour(FakeProvider::Behaviour::answer());
        const RetryResult retry = svc->retry(job.id, QStringLiteral("primary"), operatorRequest(QStringLiteral("again")));
        QVERIFY(retry.start.started);

        RouteConfig without = fx.config;
        without.routes.first().name = QStringLiteral("translate"); // the same providers, not the job's route
        DispatcherOptions o;
        o.workerId = QStringLiteral("without-route");
        Dispatcher other(store->url(), without, std::make_shared<ProviderDirectory>(without), o);
        fx.primary.provider()->clearReceived();
        QCOMPARE(other.runRetryOnce(*svc, QStringLiteral("w-other")), std::nullopt); // left alone
        const Attempt waiting = *svc->attempt(retry.start.attempt.id);
        QCOMPARE(waiting.state, AttemptState::Starting);
        QVERIFY(waiting.workerId.isEmpty());
        QCOMPARE(fx.primary.provider()->completionRequestCount(), 0);

        QCOMPARE(dispatcher->runRetryOnce(*svc, worker), std::optional<qint64>(retry.start.attempt.id));
        QCOMPARE(svc->attempt(retry.start.attempt.id)->state, AttemptState::Succeeded);
        QCOMPARE(fx.primary.provider()->completionRequestCount(), 1);
    }

    void operatorRetryIsSentByARunningDispatcher()
    {
        JD_DISPATCH_SETUP(300);
        fx.primary.provider()->setDefaultBehaviour(FakeProvider::Behaviour::of(Kind::Hang));
        const Job job = fx.submit(*svc, QStringLiteral("retry-bg"));
        dispatcher->runOnce(*svc, worker);
        svc->cancelAttempt(svc->attempts(job.id).first().id, operatorRequest(QStringLiteral("no charge")));
        fx.primary.provider()->setDefaultBehaviour(FakeProvider::Behaviour::answer());
        const RetryResult retry = svc->retry(job.id, QStringLiteral("primary"), operatorRequest(QStringLiteral("again")));
        QVERIFY(retry.start.started);
        dispatcher->start();
        QTRY_COMPARE_WITH_TIMEOUT(svc->job(job.id)->state, JobState::Succeeded, 10000);
        dispatcher->stop();
        QCOMPARE(svc->job(job.id)->completedBy, std::optional<qint64>(retry.start.attempt.id));
    }

    void startingAttemptWhoseWorkerDiedFreesTheJob()
    {
        JD_DISPATCH_SETUP(2000);
        const Job job = fx.submit(*svc, QStringLiteral("died-starting"));
        // A worker starts an attempt and dies before marking it running (before sending).
        StartAttemptRequest r = makeStartRequest(job.id, QStringLiteral("primary"));
        r.leaseMs = 1000;
        const Attempt a = claimAndStart(*svc, r).attempt;
        QCOMPARE(a.state, AttemptState::Starting);
        // And an operator's retry that no dispatcher picked up in time, on another job.
        const Job other = fx.submit(*svc, QStringLiteral("retry-unsent"));
        const RetryResult retry = svc->retry(other.id, QStringLiteral("primary"), operatorRequest(QStringLiteral("go")));
        QVERIFY(retry.start.started);
        auto later = store->open();
        later->setClockOffsetMs(120000); // past both leases, by the database clock
        QCOMPARE(dispatcher->reapOnce(*later), 2);
        const Attempt reaped = *svc->attempt(a.id);
        QCOMPARE(reaped.state, AttemptState::Failed); // never sent: not unknown
        QVERIFY2(reaped.lastReason.contains(QStringLiteral("never sent")), qPrintable(reaped.lastReason));
        QCOMPARE(svc->attempt(retry.start.attempt.id)->state, AttemptState::Failed);
        QCOMPARE(svc->job(job.id)->state, JobState::Queued);
        QCOMPARE(fx.primary.provider()->completionRequestCount(), 0);
        // The job is free (once the dead worker's claim has expired too): the next
        // attempt goes to the next proven provider, is sent and wins.
        QVERIFY(dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize")).passed);
        QCOMPARE(dispatcher->runOnce(*later, worker), std::optional<qint64>(job.id));
        QCOMPARE(svc->job(job.id)->state, JobState::Succeeded);
    }
};

QTEST_GUILESS_MAIN(TestOperatorRetries)
#include "tst_operator_retries.moc"
