// The double-charge and lost-result holes, each as the sequence of crashes,
// timeouts, retries and races that opened it, on both stores. Every test here
// failed on the code before the fix it names. The reconciler's holes are
// tst_reconciler's, the operators' retries tst_operator_retries', an outage
// during a flight tst_outcome_survives_outage's.

#include "DispatchFixture.h"
#include "domain/CanonicalJson.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QTest>
#include <QUuid>

#include <atomic>
#include <thread>

using namespace jobdesk;
using namespace jobdesk::test;
using Kind = FakeProvider::Behaviour::Kind;

namespace {

// A store that errs on every win (a trigger standing in for a data error, a
// full disk, a bug: not an outage), until takeWinsAgain.
void refuseWins(JobService &svc)
{
    if (svc.dialect() == Dialect::Postgres) {
        svc.session().exec(QStringLiteral("CREATE FUNCTION test_refuse_wins() RETURNS trigger LANGUAGE plpgsql AS "
                                          "$$ BEGIN RAISE EXCEPTION 'could not extend file (test)'; END $$"));
        svc.session().exec(QStringLiteral("CREATE TRIGGER test_refuse_wins BEFORE UPDATE ON jobs FOR EACH ROW "
                                          "WHEN (NEW.completed_by IS NOT NULL) EXECUTE FUNCTION test_refuse_wins()"));
    } else {
        svc.session().exec(QStringLiteral("CREATE TRIGGER test_refuse_wins BEFORE UPDATE ON jobs "
                                          "WHEN NEW.completed_by IS NOT NULL "
                                          "BEGIN SELECT RAISE(ABORT, 'could not extend file (test)'); END"));
    }
}

void takeWinsAgain(JobService &svc)
{
    svc.session().exec(QStringLiteral("DROP TRIGGER test_refuse_wins")
                       + (svc.dialect() == Dialect::Postgres ? QStringLiteral(" ON jobs") : QString()));
}

// A provider whose every answer is a 200 with this exact content, checked as
// the client would have checked it (output: what Qt's parser read from it).
class ScriptedClient : public ProviderClient
{
public:
    ScriptedClient(QByteArray content, QJsonObject output) : m_content(std::move(content)), m_output(std::move(output)) {}
    ProviderOutcome call(const ProviderRequest &) override
    {
        ++calls;
        ProviderOutcome o;
        o.kind = ProviderOutcome::Kind::Completed;
        o.sent = true;
        o.httpStatus = 200;
        o.content = m_content;
        o.output = m_output;
        return o;
    }
    std::atomic<int> calls{0};

private:
    QByteArray m_content;
    QJsonObject m_output;
};

} // namespace

class TestAtMostOnce : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }

    // ---- 1. a 5xx after the request was sent is unknown, never a failover ----

    void providerThatDidTheWorkAndAnswered500IsUnknownNotFailedOver()
    {
        JD_DISPATCH_SETUP(2000);
        QVERIFY(dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize")).passed);
        fx.fallback.provider()->clearReceived();
        // A gateway whose upstream did the work but timed out: 500 with an OpenAI-style error body.
        FakeProvider::Behaviour b = FakeProvider::Behaviour::httpError(500, /*providerErrorBody*/ true);
        b.processedAnyway = true;
        b.output = answer(QStringLiteral("done by the primary after all"));
        fx.primary.provider()->setDefaultBehaviour(b);
        const Job job = fx.submit(*svc, QStringLiteral("five-hundred"));

        QCOMPARE(dispatcher->runOnce(*svc, worker), std::optional<qint64>(job.id));
        const Attempt a = svc->attempts(job.id).first();
        QCOMPARE(a.state, AttemptState::Unknown);
        QCOMPARE(svc->job(job.id)->state, JobState::Blocked);
        QCOMPARE(dispatcher->runOnce(*svc, worker), std::nullopt); // blocked: not claimable
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0); // nothing else was sent

        // The status lookup later resolves it: the primary's result wins, no second charge.
        QCOMPARE(dispatcher->reconcileOnce(*svc), 1);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Succeeded);
        QVERIFY(svc->job(job.id)->result.contains("done by the primary after all"));
        QCOMPARE(fx.primary.provider()->completionRequestCount(), 1);
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);
    }

    // A dispatcher marks its attempt running, then stalls (a paused VM, a
    // swap storm) past the attempt's lease before the request leaves. Another
    // instance reaps the attempt to unknown and asks the provider, which has
    // never seen the key. Found by a review: the stalled sender then sent the
    // request after all while the reconciler had freed the job for the next
    // provider (two providers, one intent). Now "never processed" is not
    // conclusive until well after the lease, and no request leaves after it.
    void aSenderThatStallsPastItsLeaseSendsNothingAndTheAskDoesNotFreeTheJob()
    {
        JD_DISPATCH_SETUP(2000);
        auto other = store->open();
        const auto peer = fx.dispatcher(store->url(), /*leaseMs*/ 400, /*neverProcessedGraceMs*/ 60000);
        bool reaped = false;
        bool asked = false;
        AttemptState afterTheAsk = AttemptState::Starting;
        DispatcherOptions o;
        o.workerId = QStringLiteral("stalls");
        o.leaseMs = 400;
        o.neverProcessedGraceMs = 60000;
        o.beforeSendForTests = [&](const Attempt &a) {
            // The stall: until the other instance has reaped the attempt (by the database's clock) ...
            QElapsedTimer waited;
            waited.start();
            while (!reaped && waited.elapsed() < 20000) {
                reaped = peer->reapOnce(*other) >= 1;
                if (!reaped)
                    QTest::qWait(20);
            }
            // ... and asked the provider about it.
            peer->reconcileOnce(*other);
            int lookups = 0;
            for (const FakeProvider::Received &r : fx.primary.provider()->received())
                lookups += (r.path.contains(QStringLiteral("/status/")) && r.path.endsWith(a.providerKey)) ? 1 : 0;
            asked = other->attempt(a.id)->lastLookupAtMs.has_value() && lookups == 1;
            afterTheAsk = other->attempt(a.id)->state;
        };
        Dispatcher stalling(store->url(), fx.config, std::make_shared<ProviderDirectory>(fx.config), o);
        const Job job = fx.submit(*svc, QStringLiteral("stalls-past-lease"));

        QCOMPARE(stalling.runOnce(*svc, worker), std::optional<qint64>(job.id));
        QVERIFY(reaped);
        QVERIFY2(asked, "the other instance did not ask the provider about the reaped attempt");
        QVERIFY2(afterTheAsk == AttemptState::Unknown,
                 qPrintable(QStringLiteral("the provider's \"never processed\" freed the job while its sender could still send: %1")
                                .arg(toText(afterTheAsk))));
        QCOMPARE(fx.primary.provider()->completionRequestCount(), 0); // the stalled sender sent nothing
        const Attempt a = svc->attempts(job.id).first();
        QCOMPARE(a.state, AttemptState::Failed); // and says so: nothing was sent
        QVERIFY2(a.lastReason.contains(QStringLiteral("lease ran out")), qPrintable(a.lastReason));
        QCOMPARE(svc->job(job.id)->state, JobState::Queued); // free for the next proven provider
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);
    }

    // The attempt is failed by another instance while its request is out (a
    // provider's "never processed" that was not true after all, a hedge's
    // sibling, an operator's tooling), and then the provider answers 200. The
    // answer was produced and maybe paid for: found by a review, it was left
    // as a log line ("not applicable"). It is a race loss now, with its
    // digest, and the attempt stays failed.
    void aPaidAnswerForAnAttemptFailedMeanwhileIsRecordedAsARaceLoss()
    {
        JD_DISPATCH_SETUP(2000);
        auto other = store->open();
        bool failedMeanwhile = false;
        DispatcherOptions o;
        o.workerId = QStringLiteral("sends");
        o.beforeSendForTests = [&](const Attempt &a) {
            failedMeanwhile = other->fail(a.id, Actor::reconciler(QStringLiteral("peer")),
                                          QStringLiteral("the provider never processed the request"))
                                  .state
                              == AttemptState::Failed;
        };
        Dispatcher sending(store->url(), fx.config, std::make_shared<ProviderDirectory>(fx.config), o);
        const Job job = fx.submit(*svc, QStringLiteral("failed-then-answered"));

        QCOMPARE(sending.runOnce(*svc, worker), std::optional<qint64>(job.id));
        QVERIFY(failedMeanwhile);
        QCOMPARE(fx.primary.provider()->completionRequestCount(), 1); // sent once, and answered
        const Attempt a = svc->attempts(job.id).first();
        QCOMPARE(a.state, AttemptState::Failed); // a failed attempt never wins
        QCOMPARE(sending.stats().completedLost.load(), qint64(1));
        QCOMPARE(sending.stats().completedWon.load(), qint64(0));
        const auto losses = svc->raceLosses(job.id);
        QCOMPARE(losses.size(), 1);
        QCOMPARE(losses.first().attemptId, a.id);
        QCOMPARE(losses.first().payloadDigest.size(), 64);
        QCOMPARE(svc->job(job.id)->state, JobState::Queued); // its job had moved on; it still has
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);
    }

    // The same, for a provider without a status lookup: nothing could give the
    // reconciler the result again, so the worker keeps it and keeps trying
    // past applyGiveUpOnStoreErrorMs (found by a review: abandoned, the paid
    // result would have been in the log only), and records it once the store
    // takes it.
    void aResultNoLookupCanFetchAgainIsKeptUntilTheStoreTakesIt()
    {
        JD_DISPATCH_SETUP(2000);
        refuseWins(*svc);
        const QJsonObject output = answer(QStringLiteral("paid, no lookup"));
        auto client = std::make_shared<ScriptedClient>(validContent(QStringLiteral("paid, no lookup")), output);
        QVERIFY(!client->supportsStatusLookup());
        auto providers = std::make_shared<ProviderDirectory>(fx.config);
        providers->set(QStringLiteral("primary"), client);
        DispatcherOptions o;
        o.workerId = QStringLiteral("keeps");
        o.applyRetryMinMs = 20;
        o.applyRetryMaxMs = 50;
        o.applyGiveUpOnStoreErrorMs = 200;
        Dispatcher d(store->url(), fx.config, providers, o);
        const Job job = fx.submit(*svc, QStringLiteral("no-lookup-kept"));

        std::atomic<bool> returned{false};
        Joined run;
        run.t = std::thread([&] {
            auto own = store->open();
            d.runOnce(*own, worker);
            returned = true;
        });
        QTRY_VERIFY_WITH_TIMEOUT(d.stats().outcomesDeferred.load() == 1, 10000);
        QTest::qWait(800); // four times the give-up: the condition under test is that it is not abandoned
        QVERIFY(!returned);
        QCOMPARE(d.stats().outcomesAbandoned.load(), qint64(0));

        takeWinsAgain(*svc);
        QTRY_VERIFY_WITH_TIMEOUT(returned.load(), 10000);
        run.t.join();
        QCOMPARE(svc->job(job.id)->state, JobState::Succeeded);
        QCOMPARE(QJsonDocument::fromJson(svc->job(job.id)->result).object(), output);
        QCOMPARE(client->calls.load(), 1);
    }

    // An operator cancels while the request is out, and the provider's answer
    // then breaks the contract. Found by a review: fail() did nothing on the
    // cancelled attempt, so the paid output left no trace. Its digest is now
    // the attempt's race loss.
    void aContractBreakingAnswerForAnAttemptCancelledMeanwhileIsARaceLoss()
    {
        JD_DISPATCH_SETUP(2000);
        auto other = store->open();
        fx.primary.provider()->setDefaultBehaviour(FakeProvider::Behaviour::of(Kind::ExtraTopLevelKey));
        DispatcherOptions o;
        o.workerId = QStringLiteral("sends");
        o.beforeSendForTests = [&](const Attempt &a) {
            other->cancelAttempt(a.id, operatorRequest(QStringLiteral("customer gave up")));
        };
        Dispatcher sending(store->url(), fx.config, std::make_shared<ProviderDirectory>(fx.config), o);
        const Job job = fx.submit(*svc, QStringLiteral("cancelled-then-invalid"));

        QCOMPARE(sending.runOnce(*svc, worker), std::optional<qint64>(job.id));
        QCOMPARE(fx.primary.provider()->completionRequestCount(), 1);
        const Attempt a = svc->attempts(job.id).first();
        QCOMPARE(a.state, AttemptState::Cancelled);
        const auto losses = svc->raceLosses(job.id);
        QCOMPARE(losses.size(), 1);
        QCOMPARE(losses.first().attemptId, a.id);
        QCOMPARE(losses.first().payloadDigest.size(), 64);
        QCOMPARE(sending.reconcileOnce(*svc), 0); // recorded: the cancelled attempt is not asked about again
    }

    // A status endpoint that hangs on a blocking attempt must not use up every
    // pass: found by a review, the late results of cancelled attempts were
    // asked for only after every undecided one, and never within the budget,
    // until their lookback ran out and the paid answers were lost.
    void aHangingLookupDoesNotStarveTheLateResultsOfCancelledAttempts()
    {
        JD_DISPATCH_SETUP(2000);
        const Attempt blocking = unknownAttempt(*svc, fx, QStringLiteral("hangs"));
        fx.primary.provider()->markInProgress(blocking.providerKey);
        fx.primary.provider()->setStatusLookupDelayMs(5000);
        const Job job = fx.submit(*svc, QStringLiteral("cancelled-then-done"));
        const Attempt cancelled = startRunning(*svc, job.id, QStringLiteral("fallback"));
        svc->cancelAttempt(cancelled.id, operatorRequest(QStringLiteral("customer gave up")));
        fx.fallback.provider()->markCompleted(cancelled.providerKey, validContent(QStringLiteral("paid for")));
        DispatcherOptions o;
        o.workerId = QStringLiteral("starved");
        o.reconcileBudgetMs = 900;
        o.lookupDeadlineMs = 5000;
        Dispatcher d(store->url(), fx.config, std::make_shared<ProviderDirectory>(fx.config), o);

        QCOMPARE(d.reconcileOnce(*svc), 1); // one pass: the cancelled attempt's answer is recorded
        const auto losses = svc->raceLosses(job.id);
        QCOMPARE(losses.size(), 1);
        QCOMPARE(losses.first().attemptId, cancelled.id);
        QCOMPARE(svc->attempt(cancelled.id)->state, AttemptState::Cancelled);
        QCOMPARE(svc->attempt(blocking.id)->state, AttemptState::Unknown); // asked, no answer in time
        QVERIFY(svc->attempt(blocking.id)->lastLookupAtMs);
    }

    // A model writes a line break inside a string without escaping it: Qt's
    // parser (and so the contract check) reads it, PostgreSQL's json does not.
    // Found by a review: the completion failed as a store error there and the
    // worker retried it for ever, heartbeating the attempt. The paid answer is
    // now stored, written as JSON, on both stores, in one send.
    void aPaidAnswerWithARawLineBreakInAStringIsStoredAsJson()
    {
        JD_DISPATCH_SETUP(2000);
        const QJsonObject output = answer(QStringLiteral("line one\nline two"));
        QByteArray raw = validContent(QStringLiteral("line one\nline two"));
        raw.replace("\\n", "\n"); // the escape as the model wrote it: a raw line break
        QVERIFY(raw.contains('\n'));
        QCOMPARE(QJsonDocument::fromJson(raw).object(), output);
        auto client = std::make_shared<ScriptedClient>(raw, output);
        auto providers = std::make_shared<ProviderDirectory>(fx.config);
        providers->set(QStringLiteral("primary"), client);
        DispatcherOptions o;
        o.workerId = QStringLiteral("raw-lf");
        Dispatcher d(store->url(), fx.config, providers, o);
        const Job job = fx.submit(*svc, QStringLiteral("raw-line-break"));

        QCOMPARE(d.runOnce(*svc, worker), std::optional<qint64>(job.id));
        QCOMPARE(client->calls.load(), 1);
        const Job after = svc->job(job.id).value();
        QCOMPARE(after.state, JobState::Succeeded);
        QVERIFY(isStrictJson(after.result));
        QCOMPARE(QJsonDocument::fromJson(after.result).object(), output);
        QCOMPARE(d.stats().outcomesDeferred.load(), qint64(0));
    }

    // An answer the store refuses with an error that is not an outage (here a
    // trigger standing in for a data error, a full disk, a bug) may never be
    // taken. Found by a review: the worker retried it for ever, heartbeating
    // the attempt, and dispatched nothing else. It now gives up after
    // applyGiveUpOnStoreErrorMs, as after stop(): the lease runs out, the
    // attempt turns unknown and the reconciler records the provider's answer
    // once the store takes it again. One send throughout.
    void anAnswerTheStoreKeepsRefusingFreesItsWorkerAndTheReconcilerRecordsIt()
    {
        JD_DISPATCH_SETUP(2000);
        refuseWins(*svc);
        DispatcherOptions o;
        o.workerId = QStringLiteral("refused");
        o.leaseMs = 400;
        o.applyRetryMinMs = 20;
        o.applyRetryMaxMs = 50;
        o.applyGiveUpOnStoreErrorMs = 300;
        o.neverProcessedGraceMs = 0;
        Dispatcher d(store->url(), fx.config, std::make_shared<ProviderDirectory>(fx.config), o);
        const Job job = fx.submit(*svc, QStringLiteral("store-refuses"));

        QCOMPARE(d.runOnce(*svc, worker), std::optional<qint64>(job.id)); // returns: the worker is free
        QCOMPARE(d.stats().outcomesAbandoned.load(), qint64(1));
        const Attempt a = svc->attempts(job.id).first();
        QCOMPARE(a.state, AttemptState::Running); // unrecorded, not failed: the answer may still be taken
        QCOMPARE(svc->job(job.id)->state, JobState::Running);

        // The store takes wins again; the lease runs out; the reconciler asks.
        takeWinsAgain(*svc);
        int reaped = 0;
        QTRY_VERIFY_WITH_TIMEOUT((reaped += d.reapOnce(*svc)) >= 1, 10000);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Unknown);
        QCOMPARE(d.reconcileOnce(*svc), 1);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Succeeded);
        QCOMPARE(svc->job(job.id)->state, JobState::Succeeded);
        QCOMPARE(fx.primary.provider()->completionRequestCount(), 1);
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);
    }

    // ---- 2. two automatic attempts for one job ----

    void stalledWorkerCannotStartAnAttemptAfterItsClaimWasTaken()
    {
        JD_FRESH_STORE(store);
        auto a = store->open();
        auto b = store->open();
        const Job job = submitJob(*a, QStringLiteral("stall"), /*maxParallel*/ 2);
        // Worker A claims, then stalls past its claim (its clock reading is two
        // minutes old by the time it acts: its claim expired by the database clock).
        a->setClockOffsetMs(-120000);
        QCOMPARE(a->claimQueuedJobs(QStringLiteral("A"), 1, 30000).size(), 1);
        // Worker B finds the job's claim expired, claims it and starts the primary.
        const QList<Job> claimedByB = b->claimQueuedJobs(QStringLiteral("B"), 1, 30000);
        QCOMPARE(claimedByB.size(), 1);
        StartAttemptRequest rb = makeStartRequest(job.id, QStringLiteral("primary"));
        rb.workerId = QStringLiteral("B");
        const StartAttemptResult sb = b->startAttempt(rb);
        QVERIFY2(sb.started, qPrintable(sb.refusal.message));
        b->markRunning(sb.attempt.id, Actor::worker(QStringLiteral("B")));
        // A wakes up and tries to start the primary too: refused, in the same statement.
        StartAttemptRequest ra = makeStartRequest(job.id, QStringLiteral("primary"));
        ra.workerId = QStringLiteral("A");
        const StartAttemptResult sa = a->startAttempt(ra);
        QVERIFY(!sa.started);
        QCOMPARE(sa.refusal.reason, Refusal::Reason::ClaimLost);
        ra.kind = AttemptKind::Hedge;
        ra.requestId = QUuid::createUuid().toString();
        QCOMPARE(a->startAttempt(ra).refusal.reason, Refusal::Reason::ClaimLost);
        // Even B may not open a second automatic attempt: extra slots are for hedges.
        StartAttemptRequest rb2 = makeStartRequest(job.id, QStringLiteral("primary"));
        rb2.workerId = QStringLiteral("B");
        const StartAttemptResult sb2 = b->startAttempt(rb2);
        QCOMPARE(sb2.refusal.reason, Refusal::Reason::AutomaticOpen);
        QCOMPARE(sb2.refusal.blockingAttemptId, std::optional<qint64>(sb.attempt.id));
        QCOMPARE(b->attempts(job.id).size(), 1);
    }

    void claimExpiredWithNobodyElseIsStillRefused()
    {
        JD_FRESH_STORE(store);
        auto a = store->open();
        const Job job = submitJob(*a, QStringLiteral("stall-2"));
        a->setClockOffsetMs(-120000);
        QCOMPARE(a->claimQueuedJobs(QStringLiteral("A"), 1, 30000).size(), 1);
        StartAttemptRequest ra = makeStartRequest(job.id, QStringLiteral("primary"));
        ra.workerId = QStringLiteral("A");
        QCOMPARE(a->startAttempt(ra).refusal.reason, Refusal::Reason::ClaimLost);
        QVERIFY(a->attempts(job.id).isEmpty());
    }

    void hedgeNeedsAnOpenAttempt()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("hedge-alone"), 2);
        const StartAttemptResult r = claimAndStart(*svc, makeStartRequest(job.id, QStringLiteral("fallback"), AttemptKind::Hedge));
        QCOMPARE(r.refusal.reason, Refusal::Reason::NothingToHedge);
        QVERIFY(svc->attempts(job.id).isEmpty());
    }

    // An operator cancels the primary while its hedge runs: the hedge's answer
    // wins, the primary's late answer is a race loss, nothing else is sent.
    void operatorCancelDuringAHedge()
    {
        JD_DISPATCH_SETUP(5000, /*hedge after*/ 150);
        QVERIFY(dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize")).passed);
        fx.fallback.provider()->clearReceived();
        fx.primary.provider()->setDefaultBehaviour(
            DispatchFixture::withOutput(FakeProvider::Behaviour::answer(2500), QStringLiteral("from primary")));
        fx.fallback.provider()->setDefaultBehaviour(
            DispatchFixture::withOutput(FakeProvider::Behaviour::answer(1200), QStringLiteral("from fallback")));
        const Job job = fx.submit(*svc, QStringLiteral("hedge-cancel"));
        Joined runner{std::thread([&] {
            auto own = store->open();
            dispatcher->runOnce(*own, worker);
        })};
        // Both are out: cancel the primary.
        QTRY_COMPARE_WITH_TIMEOUT(fx.fallback.provider()->completionRequestCount(), 1, 5000);
        const Attempt primary = svc->attempts(job.id).first();
        QCOMPARE(primary.kind, AttemptKind::Automatic);
        svc->cancelAttempt(primary.id, operatorRequest(QStringLiteral("primary is slow; keep the hedge")));
        QCOMPARE(svc->job(job.id)->state, JobState::Running); // the hedge is still open
        // Nothing new can start meanwhile: the job is not claimable and the hedge slot is taken.
        QCOMPARE(dispatcher->runOnce(*svc, QStringLiteral("other-worker")), std::nullopt);
        runner.t.join();
        const QList<Attempt> attempts = svc->attempts(job.id);
        QCOMPARE(attempts.size(), 2);
        QCOMPARE(attempts.at(0).state, AttemptState::Cancelled); // stays cancelled
        QCOMPARE(attempts.at(1).state, AttemptState::Succeeded);
        QVERIFY(svc->job(job.id)->result.contains("from fallback"));
        const auto losses = svc->raceLosses(job.id);
        QCOMPARE(losses.size(), 1);
        QCOMPARE(losses.first().attemptId, attempts.at(0).id);
        QCOMPARE(fx.primary.provider()->completionRequestCount(), 1);
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 1);
    }

    // ---- 3. a result the store refuses is lost ----

    void resultWithANulCharacterIsStoredExactly()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("nul-result"));
        const Attempt a = startRunning(*svc, job.id);
        const QByteArray payload = R"({"summary":"a\u0000b","n":9007199254740993,"x":1.50})";
        const CompleteResult r = svc->complete(a.id, payload, Actor::worker(QStringLiteral("w1")));
        QCOMPARE(r.outcome, CompleteResult::Outcome::Won);
        QCOMPARE(svc->job(job.id)->result, payload); // exactly, on both stores
        auto other = store->open();
        QCOMPARE(other->jobDetail(job.id).job.result, payload);
    }

    void resultWithANulCharacterFromAProviderWins()
    {
        JD_DISPATCH_SETUP(2000);
        fx.primary.provider()->setDefaultBehaviour(DispatchFixture::withOutput(
            FakeProvider::Behaviour::answer(), QString(QStringLiteral("before") + QChar(u'\0') + QStringLiteral("after"))));
        const Job job = fx.submit(*svc, QStringLiteral("nul-provider"));
        dispatcher->runOnce(*svc, worker);
        QCOMPARE(svc->attempts(job.id).first().state, AttemptState::Succeeded);
        const QJsonObject stored = QJsonDocument::fromJson(svc->job(job.id)->result).object();
        QCOMPARE(stored.value(QStringLiteral("summary")).toString(), QString(QStringLiteral("before") + QChar(u'\0') + QStringLiteral("after")));
    }

    void inputWithANulCharacterIsRefusedBeforeAnythingIsWritten()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const QJsonObject input{{QStringLiteral("text"), QString(QStringLiteral("a") + QChar(u'\0') + QStringLiteral("b"))}};
        JD_VERIFY_THROWS_CODE(svc->submit(makeSubmit(QStringLiteral("nul-input"), input)), JobDeskError::Code::InvalidArgument);
        QVERIFY(svc->jobs(JobFilter{}).jobs.isEmpty());
    }

    void oversizeOutputIsAContractFailureWithItsDigest()
    {
        JD_DISPATCH_SETUP(10000);
        QVERIFY(dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize")).passed);
        fx.primary.provider()->setDefaultBehaviour(
            DispatchFixture::withOutput(FakeProvider::Behaviour::answer(), QString(int(kMaxResultBytes) + 10, u'x')));
        const Job job = fx.submit(*svc, QStringLiteral("huge"));
        dispatcher->runOnce(*svc, worker);
        const Attempt a = svc->attempts(job.id).first();
        QCOMPARE(a.state, AttemptState::Failed);
        QVERIFY2(a.lastReason.contains(QStringLiteral("over the")), qPrintable(a.lastReason));
        QCOMPARE(a.resultDigest.size(), 64); // what came back (and was maybe paid for) is identified
        QCOMPARE(svc->job(job.id)->state, JobState::Queued); // free for the proven fallback
        dispatcher->runOnce(*svc, worker);
        QCOMPARE(svc->job(job.id)->state, JobState::Succeeded);
    }

    // ---- 4. provider keys never repeat across databases ----

    void providerKeysAreRandomAndNeverRepeatAcrossDatabases()
    {
        QFETCH_GLOBAL(QString, backend);
        QSet<QString> keys;
        for (int db = 0; db < 2; ++db) {
            FreshStore store(backend); // a fresh database: job 1, attempt 1, every time
            auto svc = store.open();
            const Job job = submitJob(*svc, QStringLiteral("same-key"));
            const Attempt a = startRunning(*svc, job.id);
            QCOMPARE(a.attemptNo, 1);
            QVERIFY2(!QUuid::fromString(a.providerKey).isNull(), qPrintable(a.providerKey));
            QCOMPARE(svc->attempt(a.id)->providerKey, a.providerKey); // stored on the row
            QVERIFY2(!keys.contains(a.providerKey), "a fresh database sent the same key again");
            keys.insert(a.providerKey);
        }
    }

    // ---- 5. instances with different configs ----

    void instanceWithoutTheEarlierProviderNeverSendsAnUnvalidatedFallback()
    {
        JD_DISPATCH_SETUP(2000);
        fx.primary.provider()->setDefaultBehaviour(FakeProvider::Behaviour::httpError(400, true));
        const Job job = fx.submit(*svc, QStringLiteral("rolling"));
        dispatcher->runOnce(*svc, worker); // attempt 1 on "primary" fails definitively
        QCOMPARE(svc->job(job.id)->state, JobState::Queued);
        // Another instance whose chain for the route lacks "primary": its first
        // provider is a fallback for this job and holds no validation.
        RouteConfig newer = fx.config;
        newer.routes.first().providerChain = QStringList{QStringLiteral("fallback")};
        Dispatcher other(store->url(), newer, std::make_shared<ProviderDirectory>(newer), DispatcherOptions{});
        fx.fallback.provider()->clearReceived();
        other.runOnce(*svc, QStringLiteral("w-newer"));
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);
        QCOMPARE(svc->attempts(job.id).size(), 1);
    }

    void jobOnARouteThisInstanceDoesNotKnowStaysQueued()
    {
        JD_DISPATCH_SETUP(2000);
        SubmitRequest req = submitRequestFor(fx.route(), QStringLiteral("owner-1"), QStringLiteral("future-route"),
                                             QJsonObject{{QStringLiteral("text"), QStringLiteral("x")}});
        req.route = QStringLiteral("translate"); // known to a newer instance only
        const Job job = svc->submit(req).job;
        QCOMPARE(dispatcher->runOnce(*svc, worker), std::nullopt);
        QCOMPARE(svc->job(job.id)->state, JobState::Queued);
        QVERIFY(!svc->job(job.id)->stateReason.contains(QStringLiteral("route")));
        QCOMPARE(svc->countQueuedOutside(dispatcher->routeNames()), 1);
        dispatcher->start();
        QTRY_COMPARE_WITH_TIMEOUT(dispatcher->stats().queuedOnUnknownRoutes.load(), 1, 5000);
        dispatcher->stop();
        QCOMPARE(svc->job(job.id)->state, JobState::Queued);
        QVERIFY(svc->attempts(job.id).isEmpty());
    }

    // ---- 6. request ids ----

    void requestIdReusedOnAnotherTargetIsAnError()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job j1 = submitJob(*svc, QStringLiteral("rid-1"));
        const Job j2 = submitJob(*svc, QStringLiteral("rid-2"));
        OperatorRequest req = operatorRequest(QStringLiteral("duplicate order"));
        QVERIFY(!svc->cancelJob(j1.id, req).replayed);
        QVERIFY(svc->cancelJob(j1.id, req).replayed); // the same request: the first answer
        JD_VERIFY_THROWS_CODE(svc->cancelJob(j2.id, req), JobDeskError::Code::InvalidArgument);
        QCOMPARE(svc->job(j2.id)->state, JobState::Queued);
        QCOMPARE(svc->auditLog(j2.id).size(), 0);
    }

    // ---- 7. deadlines by the database clock ----

    void runningAttemptPastItsDeadlineBecomesUnknownByTheDatabaseClock()
    {
        JD_DISPATCH_SETUP(2000);
        const Job job = fx.submit(*svc, QStringLiteral("deadline"));
        StartAttemptRequest r = makeStartRequest(job.id, QStringLiteral("primary"));
        r.deadlineMs = 1000;
        r.leaseMs = 600000;
        const Attempt a = svc->markRunning(claimAndStart(*svc, r).attempt.id, r.actor, 600000);
        // The client ignores its deadline and keeps heartbeating.
        QVERIFY(svc->heartbeat(a.id, r.workerId, 600000));
        auto later = store->open();
        later->setClockOffsetMs(5000);
        QCOMPARE(dispatcher->reapOnce(*later), 1);
        const Attempt reaped = *svc->attempt(a.id);
        QCOMPARE(reaped.state, AttemptState::Unknown);
        QVERIFY2(reaped.lastReason.contains(QStringLiteral("deadline")), qPrintable(reaped.lastReason));
        QCOMPARE(svc->job(job.id)->state, JobState::Blocked);
    }
};

QTEST_GUILESS_MAIN(TestAtMostOnce)
#include "tst_at_most_once.moc"
