// Operator actions: role, reason, request id (a repeat returns the first
// answer and writes nothing new), and the change sequence the operator saw.

#include "StoreFixture.h"

#include <QJsonArray>
#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;

class TestOperatorActions : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void repeatedRequestReturnsTheFirstAnswer()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("o1"));
        const Attempt a = startRunning(*svc, job.id);
        svc->markUnknown(a.id, Actor::worker(QStringLiteral("w")), QStringLiteral("timeout"));
        const OperatorRequest req = operatorRequest(QStringLiteral("provider confirmed nothing ran"));
        const OperatorResult first = svc->cancelAttempt(a.id, req);
        QVERIFY(!first.replayed);
        const qint64 seqAfterFirst = svc->job(job.id)->changeSeq;
        const int eventsAfterFirst = svc->attemptEvents(job.id).size();

        const OperatorResult again = svc->cancelAttempt(a.id, req);
        QVERIFY(again.replayed);
        QCOMPARE(again.response, first.response);
        QCOMPARE(svc->auditLog(job.id).size(), 1);
        QCOMPARE(svc->attemptEvents(job.id).size(), eventsAfterFirst);
        QCOMPARE(svc->job(job.id)->changeSeq, seqAfterFirst);

        // A retry with its own request id; repeating it starts nothing new.
        const OperatorRequest retryReq = operatorRequest(QStringLiteral("try the fallback"));
        const RetryResult r1 = svc->retry(job.id, QStringLiteral("fallback"), retryReq);
        QVERIFY(r1.start.started);
        const RetryResult r2 = svc->retry(job.id, QStringLiteral("fallback"), retryReq);
        QVERIFY(r2.replayed);
        QCOMPARE(r2.start.attempt.id, r1.start.attempt.id);
        QCOMPARE(svc->attempts(job.id).size(), 2);

        // The same request id for another action is an error, not a replay.
        JD_VERIFY_THROWS_CODE(svc->cancelJob(job.id, req), JobDeskError::Code::InvalidArgument);
    }

    void staleViewGetsAConflictThatSaysWhatChanged()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("o2"));
        const Attempt a = startRunning(*svc, job.id);
        const qint64 seen = svc->job(job.id)->changeSeq; // what the operator's screen shows
        svc->markUnknown(a.id, Actor::worker(QStringLiteral("w7")), QStringLiteral("deadline passed"));

        OperatorRequest req = operatorRequest();
        req.seenChangeSeq = seen;
        try {
            svc->cancelAttempt(a.id, req);
            QFAIL("a stale view must not act");
        } catch (const JobDeskError &e) {
            QCOMPARE(e.code(), JobDeskError::Code::StaleView);
            QVERIFY2(e.message().contains(QStringLiteral("unknown")), qPrintable(e.message()));
            QVERIFY2(e.message().contains(QStringLiteral("w7")), qPrintable(e.message()));
        }
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Unknown);
        QCOMPARE(svc->auditLog(job.id).size(), 0);

        req.seenChangeSeq = svc->job(job.id)->changeSeq; // refreshed
        QCOMPARE(svc->cancelAttempt(a.id, req).response.value(QStringLiteral("to_state")).toString(), QStringLiteral("cancelled"));
    }

    void viewerMayNotAct()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("o3"));
        const Attempt a = startRunning(*svc, job.id);
        OperatorRequest req = operatorRequest();
        req.actor = Actor::viewer(QStringLiteral("support-bob"));
        JD_VERIFY_THROWS_CODE(svc->cancelAttempt(a.id, req), JobDeskError::Code::Forbidden);
        JD_VERIFY_THROWS_CODE(svc->retry(job.id, QStringLiteral("p"), req), JobDeskError::Code::Forbidden);
        JD_VERIFY_THROWS_CODE(svc->cancelJob(job.id, req), JobDeskError::Code::Forbidden);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Running);
        QCOMPARE(svc->auditLog().size(), 0);
    }

    void unknownTargetsAreClearErrors()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        JD_VERIFY_THROWS_CODE(svc->cancelAttempt(424242, operatorRequest()), JobDeskError::Code::NotFound);
        JD_VERIFY_THROWS_CODE(svc->cancelJob(424242, operatorRequest()), JobDeskError::Code::NotFound);
        JD_VERIFY_THROWS_CODE(svc->retry(424242, QStringLiteral("p"), operatorRequest()), JobDeskError::Code::NotFound);
        OperatorRequest noId = operatorRequest();
        noId.requestId.clear();
        JD_VERIFY_THROWS_CODE(svc->cancelJob(1, noId), JobDeskError::Code::InvalidArgument);
        QCOMPARE(svc->auditLog().size(), 0);
    }

    void cancellingAFinishedAttemptIsRefused()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("o4"));
        const Attempt a = startRunning(*svc, job.id);
        svc->complete(a.id, R"({"x":1})", Actor::worker(QStringLiteral("w")));
        JD_VERIFY_THROWS_CODE(svc->cancelAttempt(a.id, operatorRequest()), JobDeskError::Code::InvalidTransition);
        JD_VERIFY_THROWS_CODE(svc->cancelJob(job.id, operatorRequest()), JobDeskError::Code::InvalidTransition);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Succeeded);
        QCOMPARE(svc->auditLog().size(), 0);
    }

    void cancelJobIsTerminalAndCancelsOpenAttempts()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("o5"), 2);
        const Attempt a = startRunning(*svc, job.id, QStringLiteral("p1"));
        const Attempt b = startRunning(*svc, job.id, QStringLiteral("p2"), AttemptKind::Hedge);
        svc->markUnknown(a.id, Actor::worker(QStringLiteral("w")), QStringLiteral("timeout"));
        const OperatorResult r = svc->cancelJob(job.id, operatorRequest(QStringLiteral("customer withdrew the request")));
        QCOMPARE(r.response.value(QStringLiteral("cancelled_attempts")).toArray().size(), 2);
        const Job after = *svc->job(job.id);
        QCOMPARE(after.state, JobState::Cancelled);
        QCOMPARE(after.version, job.version + 1); // a decisive change
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Cancelled);
        QCOMPARE(svc->attempt(b.id)->state, AttemptState::Cancelled);
        // Late results lose; no new attempt may start; retry is refused.
        QCOMPARE(svc->complete(b.id, R"({"late":true})", Actor::worker(QStringLiteral("w"))).outcome,
                 CompleteResult::Outcome::Lost);
        const RetryResult retry = svc->retry(job.id, QStringLiteral("p3"), operatorRequest());
        QVERIFY(!retry.start.started);
        QCOMPARE(retry.start.refusal.reason, Refusal::Reason::JobCancelled);
        QCOMPARE(svc->job(job.id)->state, JobState::Cancelled);
    }

    void failJobNeedsNoOpenAttempts()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("o6"));
        const Attempt a = startRunning(*svc, job.id);
        JD_VERIFY_THROWS_CODE(svc->failJob(job.id, Actor::system(), QStringLiteral("no provider left")),
                              JobDeskError::Code::InvalidTransition);
        svc->fail(a.id, Actor::worker(QStringLiteral("w")), QStringLiteral("HTTP 401"));
        const Job failed = svc->failJob(job.id, Actor::system(), QStringLiteral("no proven provider left"));
        QCOMPARE(failed.state, JobState::Failed);
        QVERIFY(failed.stateReason.contains(QStringLiteral("no proven provider left")));
    }
    // An operator's retry waits for a dispatcher to pick it up; its job can
    // change meanwhile. Marked running is the moment before the send: a job
    // that got its winner, or has an attempt gone unknown, since the retry was
    // started must never see it sent (found by a review: it was, both stores).
    void aRetryWhoseJobWonMeanwhileIsNeverSent()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("o7"), /*maxParallel*/ 2);
        const Attempt first = startRunning(*svc, job.id, QStringLiteral("p1"));
        const RetryResult retry = svc->retry(job.id, QStringLiteral("p2"), operatorRequest());
        QVERIFY2(retry.start.started, qPrintable(retry.start.refusal.message));
        QCOMPARE(svc->complete(first.id, QByteArray("{\"ok\":1}"), Actor::worker(QStringLiteral("w1"))).outcome,
                 CompleteResult::Outcome::Won);
        const QList<Attempt> picked = svc->claimRetryAttempts(QStringLiteral("w2"), 5, 30000, {QStringLiteral("p2")});
        QCOMPARE(picked.size(), 1);
        const Attempt after = svc->markRunning(picked.first().id, Actor::worker(QStringLiteral("w2")), 30000);
        QCOMPARE(after.state, AttemptState::Failed);
        QVERIFY2(after.lastReason.startsWith(QStringLiteral("never sent: job %1 already has a winner (attempt %2)")
                                                 .arg(job.id)
                                                 .arg(first.id)),
                 qPrintable(after.lastReason));
        const Job stored = *svc->job(job.id);
        QCOMPARE(stored.state, JobState::Succeeded);
        QCOMPARE(stored.completedBy, std::optional<qint64>(first.id));
        // A second call (a re-run after a lost answer) finds it failed, and sends nothing either.
        QCOMPARE(svc->markRunning(after.id, Actor::worker(QStringLiteral("w2")), 30000).state, AttemptState::Failed);
    }

    void aRetryIsNeverSentWhileAnotherAttemptOfItsJobIsUnknown()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("o8"), 2);
        const Attempt first = startRunning(*svc, job.id, QStringLiteral("p1"));
        const RetryResult retry = svc->retry(job.id, QStringLiteral("p2"), operatorRequest());
        QVERIFY(retry.start.started);
        svc->markUnknown(first.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("deadline passed"));
        const Attempt after = svc->markRunning(retry.start.attempt.id, Actor::worker(QStringLiteral("w2")), 30000);
        QCOMPARE(after.state, AttemptState::Failed);
        QVERIFY2(after.lastReason.startsWith(
                     QStringLiteral("never sent: attempt %1 of job %2 is unknown").arg(first.id).arg(job.id)),
                 qPrintable(after.lastReason));
        QCOMPARE(svc->job(job.id)->state, JobState::Blocked);
        QCOMPARE(svc->attempt(first.id)->state, AttemptState::Unknown);
    }

    // The reaper's backstop (a running attempt past its deadline by the
    // database clock goes unknown) needs a deadline: an operator's retry had
    // none. It gets the route's when it is marked running; an attempt that
    // has one keeps it.
    void aRetryRunsUnderTheDeadlineItIsMarkedRunningWith()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("o9"));
        const Attempt first = startRunning(*svc, job.id, QStringLiteral("p1"));
        svc->fail(first.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("HTTP 400"));
        const RetryResult retry = svc->retry(job.id, QStringLiteral("p2"), operatorRequest());
        QVERIFY(retry.start.started);
        QVERIFY(!retry.start.attempt.deadlineAtMs);
        const Attempt running =
            svc->markRunning(retry.start.attempt.id, Actor::worker(QStringLiteral("w2")), 30000, 45000);
        QCOMPARE(running.state, AttemptState::Running);
        QVERIFY(running.deadlineAtMs);
        QCOMPARE(*running.deadlineAtMs - running.updatedAtMs, 45000);
        JD_VERIFY_THROWS_CODE(svc->markRunning(running.id, Actor::worker(QStringLiteral("w2")), 30000, 0),
                              JobDeskError::Code::InvalidArgument);

        const Job other = submitJob(*svc, QStringLiteral("o10"));
        StartAttemptRequest req = makeStartRequest(other.id, QStringLiteral("p1"));
        req.deadlineMs = 600000;
        const StartAttemptResult started = claimAndStart(*svc, req);
        QVERIFY(started.started);
        const std::optional<qint64> before = started.attempt.deadlineAtMs;
        QVERIFY(before);
        const Attempt kept = svc->markRunning(started.attempt.id, req.actor, 30000, 1000);
        QCOMPARE(kept.state, AttemptState::Running);
        QCOMPARE(kept.deadlineAtMs, before);
    }
    // A request id answers the request it was first used for. Found by a
    // review: a retry on another provider under a used id was answered, as a
    // replay, with the first retry (another provider's), and never made.
    void aRequestIdUsedForARetryOnOneProviderIsRefusedForAnother()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("o11"));
        const Attempt first = startRunning(*svc, job.id, QStringLiteral("p1"));
        svc->fail(first.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("HTTP 400"));
        const OperatorRequest req = operatorRequest(QStringLiteral("try p2"));
        const RetryResult onP2 = svc->retry(job.id, QStringLiteral("p2"), req);
        QVERIFY(onP2.start.started && !onP2.replayed);
        JD_VERIFY_THROWS_CODE(svc->retry(job.id, QStringLiteral("p3"), req), JobDeskError::Code::InvalidArgument);
        try {
            svc->retry(job.id, QStringLiteral("p3"), req);
        } catch (const JobDeskError &e) {
            QCOMPARE(e.message(), QStringLiteral("request id %1 was already used for a retry on provider p2").arg(req.requestId));
        }
        QCOMPARE(svc->attempts(job.id).size(), 2); // nothing new
        const RetryResult again = svc->retry(job.id, QStringLiteral("p2"), req);
        QVERIFY(again.replayed);
        QCOMPARE(again.start.attempt.id, onP2.start.attempt.id);
        // A re-send that did not choose its provider (the HTTP API's default,
        // the route's first, may differ on another instance) is its replay.
        const RetryResult unnamed = svc->retry(job.id, QStringLiteral("p3"), req, /*providerNamed*/ false);
        QVERIFY(unnamed.replayed);
        QCOMPARE(unnamed.start.attempt.id, onP2.start.attempt.id);
    }
    // A retry under the request id another attempt of the job started with
    // (the dispatcher's, which every viewer reads) is refused, nothing
    // written. Found by a review: on PostgreSQL it was taken as the retry's
    // replay; the audit trail said the operator retried on the provider
    // named and created the dispatcher's attempt, on another provider, and
    // no retry was made.
    void aRetryNeverTakesAnotherAttemptsRequestId()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("o12"));
        const Attempt automatic = startRunning(*svc, job.id, QStringLiteral("p1"));
        svc->fail(automatic.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("HTTP 400"));
        OperatorRequest req = operatorRequest(QStringLiteral("try p2"));
        req.requestId = svc->session()
                            .exec(QStringLiteral("SELECT start_request_id FROM attempts WHERE id = $1"), {automatic.id})
                            .first().first().toString();
        QVERIFY(!req.requestId.isEmpty());
        JD_VERIFY_THROWS_CODE(svc->retry(job.id, QStringLiteral("p2"), req), JobDeskError::Code::InvalidTransition);
        try {
            svc->retry(job.id, QStringLiteral("p2"), req);
        } catch (const JobDeskError &e) {
            QVERIFY2(e.message().contains(QStringLiteral("request id %1 already started attempt %2 of job %3; a retry needs a "
                                                         "request id of its own")
                                              .arg(req.requestId, QString::number(automatic.id), QString::number(job.id))),
                     qPrintable(e.message()));
        }
        QCOMPARE(svc->attempts(job.id).size(), 1);
        QVERIFY(svc->auditLog(job.id).isEmpty());
        // Under a request id of its own, the retry is made.
        const RetryResult made = svc->retry(job.id, QStringLiteral("p2"), operatorRequest(QStringLiteral("try p2")));
        QVERIFY(made.start.started && !made.replayed);
        QCOMPARE(made.start.attempt.provider, QStringLiteral("p2"));
        QCOMPARE(svc->auditLog(job.id).size(), 1);
    }
    // A request id is its operator's. Over HTTP it is the client's
    // Idempotency-Key, which two operators may pick alike. Found by a review:
    // the second operator's cancel or retry was answered as a replay of the
    // first's and never made or audited. Refused now, without naming what the
    // first request did; the first operator's re-send is still its replay.
    void aRequestIdIsItsOperatorsAndNobodyElses()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("o12"));
        const Attempt a = startRunning(*svc, job.id, QStringLiteral("p1"));
        OperatorRequest alice = operatorRequest(QStringLiteral("stuck"));
        alice.requestId = QStringLiteral("cancel-1");
        QVERIFY(!svc->cancelAttempt(a.id, alice).replayed);
        OperatorRequest bob = alice;
        bob.actor = Actor::operatorUser(QStringLiteral("bob"));
        bob.reason = QStringLiteral("mine");
        try {
            svc->cancelAttempt(a.id, bob);
            QFAIL("bob's cancel was answered with alice's");
        } catch (const JobDeskError &e) {
            QCOMPARE(e.code(), JobDeskError::Code::InvalidArgument);
            QCOMPARE(e.message(), QStringLiteral("request id cancel-1 was already used by someone else"));
        }
        bob.requestId = QStringLiteral("retry-1");
        alice.requestId = QStringLiteral("retry-1");
        QVERIFY(svc->retry(job.id, QStringLiteral("p2"), alice).start.started);
        JD_VERIFY_THROWS_CODE(svc->retry(job.id, QStringLiteral("p2"), bob), JobDeskError::Code::InvalidArgument);
        alice.requestId = QStringLiteral("cancel-1");
        QVERIFY(svc->cancelAttempt(a.id, alice).replayed);
        const SqlRows audit = svc->session().exec(QStringLiteral("SELECT count(*) FROM audit_log WHERE actor_id = 'bob'"));
        QCOMPARE(audit.first().first().toInt(), 0);
    }
};

QTEST_GUILESS_MAIN(TestOperatorActions)
#include "tst_operator_actions.moc"
