// The dispatcher against fake providers on loopback, on both stores:
// deadlines become unknown, hedging, failover only to proven providers,
// reconciliation, and the key every provider request carries.

#include "DispatchFixture.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QUuid>

using namespace jobdesk;
using namespace jobdesk::test;
using Kind = FakeProvider::Behaviour::Kind;

namespace {
// A running attempt as the dispatcher leaves it just before the send: it
// records where its request goes (migration 33), here the fixture's primary.
Attempt sentRunning(JobService &svc, const DispatchFixture &fx, qint64 jobId)
{
    const StartAttemptRequest req = makeStartRequest(jobId, QStringLiteral("primary"));
    const StartAttemptResult r = claimAndStart(svc, req);
    if (!r.started)
        qFatal("not started: %s", qPrintable(r.refusal.message));
    const Attempt a = svc.markRunning(r.attempt.id, req.actor, std::nullopt, std::nullopt,
                                      fx.config.provider(QStringLiteral("primary"))->endpoint());
    if (a.state != AttemptState::Running)
        qFatal("attempt %lld is not running", static_cast<long long>(a.id));
    return a;
}
} // namespace

class TestDispatcher : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    // An attempt records where it is sent, up to kMaxEndpointChars. A provider
    // configured in code (the routes file's reader refuses it) past that: the
    // attempt is failed "never sent" at once, with the reason; found by a
    // review: the dispatcher threw, and the attempt waited out its lease.
    void anEndpointTooLongToRecordFailsTheAttemptAtOnce()
    {
        JD_DISPATCH_SETUP(2000);
        RouteConfig longer = fx.config;
        for (ProviderConfig &p : longer.providers)
            if (p.name == QStringLiteral("primary"))
                p.baseUrl = QUrl(p.baseUrl.toString() + u'/' + QString(kMaxEndpointChars, u'a'));
        DispatcherOptions o;
        o.lookupBackoffMinMs = 0; // unpaced: each pass may ask again (tst_lookup_pacing tests the pacing)
        o.lookupBackoffMaxMs = 0;
        o.workerId = QStringLiteral("long-endpoint");
        o.leaseMs = 60000;
        Dispatcher d(store->url(), longer, std::make_shared<ProviderDirectory>(longer), o);
        const Job job = fx.submit(*svc, QStringLiteral("long-endpoint"));
        QCOMPARE(d.runOnce(*svc, worker), std::optional<qint64>(job.id));
        const Attempt a = svc->attempts(job.id).first();
        QCOMPARE(a.state, AttemptState::Failed);
        QVERIFY2(a.lastReason.startsWith(QStringLiteral("never sent: ")) && a.lastReason.contains(QStringLiteral("endpoint")),
                 qPrintable(a.lastReason));
        QVERIFY(!svc->attemptSentTo(a.id));
        QCOMPARE(fx.primary.provider()->completionRequestCount(), 0);
    }

    void hangPastDeadlineIsUnknownAndBlocksUntilCancel()
    {
        JD_DISPATCH_SETUP(300);
        dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize"));
        fx.fallback.provider()->clearReceived();
        fx.primary.provider()->setDefaultBehaviour(FakeProvider::Behaviour::of(Kind::Hang));
        const Job job = fx.submit(*svc, QStringLiteral("hang-1"));

        QCOMPARE(dispatcher->runOnce(*svc, worker), std::optional<qint64>(job.id));
        QList<Attempt> attempts = svc->attempts(job.id);
        QCOMPARE(attempts.size(), 1);
        QCOMPARE(attempts.first().state, AttemptState::Unknown);
        QCOMPARE(svc->job(job.id)->state, JobState::Blocked);
        // Nothing new starts automatically: the job is not even claimable.
        QCOMPARE(dispatcher->runOnce(*svc, worker), std::nullopt);
        QCOMPARE(svc->attempts(job.id).size(), 1);
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);

        // After an operator cancel, the next proven provider gets attempt 2.
        svc->cancelAttempt(attempts.first().id, operatorRequest(QStringLiteral("primary hung; provider has no record")));
        QCOMPARE(dispatcher->runOnce(*svc, worker), std::optional<qint64>(job.id));
        attempts = svc->attempts(job.id);
        QCOMPARE(attempts.size(), 2);
        QCOMPARE(attempts.at(1).provider, QStringLiteral("fallback"));
        QCOMPARE(attempts.at(1).attemptNo, 2);
        QCOMPARE(attempts.at(1).state, AttemptState::Succeeded);
        QCOMPARE(svc->job(job.id)->state, JobState::Succeeded);
        QCOMPARE(fx.fallback.provider()->completionRequestCount(attempts.at(1).providerKey), 1);
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 1);
    }

    void closeMidBodyIsUnknown()
    {
        JD_DISPATCH_SETUP(2000);
        dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize"));
        fx.fallback.provider()->clearReceived();
        fx.primary.provider()->setDefaultBehaviour(FakeProvider::Behaviour::of(Kind::CloseMidBody));
        const Job job = fx.submit(*svc, QStringLiteral("mid-1"));
        dispatcher->runOnce(*svc, worker);
        QCOMPARE(svc->attempts(job.id).size(), 1);
        QCOMPARE(svc->attempts(job.id).first().state, AttemptState::Unknown);
        QCOMPARE(svc->job(job.id)->state, JobState::Blocked);
        QCOMPARE(dispatcher->runOnce(*svc, worker), std::nullopt);
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);
    }

    void closeBeforeAnswerSendsOnceAndIsUnknown()
    {
        JD_DISPATCH_SETUP(2000);
        fx.primary.provider()->setDefaultBehaviour(FakeProvider::Behaviour::of(Kind::CloseBeforeAnswer));
        const Job job = fx.submit(*svc, QStringLiteral("cba-1"));
        dispatcher->runOnce(*svc, worker);
        QCOMPARE(fx.primary.provider()->completionRequestCount(svc->attempts(job.id).first().providerKey), 1);
        QCOMPARE(fx.primary.provider()->completionRequestCount(), 1);
        QCOMPARE(svc->attempts(job.id).first().state, AttemptState::Unknown);
    }

    void hedgedFallbackWinsAndPrimaryLateAnswerIsARaceLoss()
    {
        JD_DISPATCH_SETUP(5000, /*hedge after*/ 200);
        dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize"));
        fx.primary.provider()->setDefaultBehaviour(
            DispatchFixture::withOutput(FakeProvider::Behaviour::answer(1500), QStringLiteral("from primary")));
        const Job job = fx.submit(*svc, QStringLiteral("hedge-1"));
        QCOMPARE(job.maxParallel, 2);
        dispatcher->runOnce(*svc, worker);

        const QList<Attempt> attempts = svc->attempts(job.id);
        QCOMPARE(attempts.size(), 2);
        QCOMPARE(attempts.at(0).provider, QStringLiteral("primary"));
        QCOMPARE(attempts.at(1).provider, QStringLiteral("fallback"));
        QCOMPARE(attempts.at(1).kind, AttemptKind::Hedge);
        QCOMPARE(attempts.at(1).state, AttemptState::Succeeded);
        QCOMPARE(attempts.at(0).state, AttemptState::Superseded);
        const Job after = *svc->job(job.id);
        QCOMPARE(after.completedBy, std::optional<qint64>(attempts.at(1).id));
        QVERIFY(after.result.contains("from fallback"));
        QCOMPARE(after.version, job.version + 1); // exactly one result
        const auto losses = svc->raceLosses(job.id);
        QCOMPARE(losses.size(), 1);
        QCOMPARE(losses.first().attemptId, attempts.at(0).id);
        QCOMPARE(losses.first().winnerAttemptId, std::optional<qint64>(attempts.at(1).id));
    }

    // The job's claim is renewed at least as often as it lapses, not only
    // with the leases. Found by a review: with a lease three times longer
    // than the claim (the defaults: --lease-ms over 90 s against a 30 s
    // claim) the claim lapsed before the first heartbeat, and a hedge due in
    // that gap was refused by the database and never tried again.
    void aHedgeDueAfterTheClaimTimeStillStartsWithALongLease()
    {
        JD_DISPATCH_SETUP(5000, /*hedge after*/ 600);
        DispatcherOptions o;
        o.lookupBackoffMinMs = 0; // unpaced: each pass may ask again (tst_lookup_pacing tests the pacing)
        o.lookupBackoffMaxMs = 0;
        o.workerId = QStringLiteral("test-dispatcher");
        o.leaseMs = 6000; // heartbeats every 2 s
        o.claimMs = 300;  // the claim lapses long before
        dispatcher = std::make_unique<Dispatcher>(store->url(), fx.config, std::make_shared<ProviderDirectory>(fx.config), o);
        dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize"));
        fx.primary.provider()->setDefaultBehaviour(
            DispatchFixture::withOutput(FakeProvider::Behaviour::answer(2000), QStringLiteral("from primary")));
        const Job job = fx.submit(*svc, QStringLiteral("hedge-long-lease"));
        dispatcher->runOnce(*svc, worker);
        const QList<Attempt> attempts = svc->attempts(job.id);
        QCOMPARE(attempts.size(), 2);
        QCOMPARE(attempts.at(1).kind, AttemptKind::Hedge);
        QCOMPARE(attempts.at(1).state, AttemptState::Succeeded);
        QVERIFY(svc->job(job.id)->result.contains("from fallback"));
    }

    void noHedgeToAnUnprovenProvider()
    {
        JD_DISPATCH_SETUP(3000, 100);
        fx.primary.provider()->setDefaultBehaviour(
            DispatchFixture::withOutput(FakeProvider::Behaviour::answer(600), QStringLiteral("from primary")));
        const Job job = fx.submit(*svc, QStringLiteral("hedge-2"));
        dispatcher->runOnce(*svc, worker);
        QCOMPARE(svc->attempts(job.id).size(), 1);
        QCOMPARE(svc->job(job.id)->state, JobState::Succeeded);
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);
    }

    void failoverAfterProviderErrorAndInvalidOutput_data()
    {
        QTest::addColumn<int>("behaviour");
        QTest::newRow("422 with error body") << 0;
        QTest::newRow("extra top-level key") << 1;
        QTest::newRow("prose") << 2;
    }
    void failoverAfterProviderErrorAndInvalidOutput()
    {
        QFETCH(int, behaviour);
        JD_DISPATCH_SETUP(2000);
        dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize"));
        const FakeProvider::Behaviour bad = behaviour == 0   ? FakeProvider::Behaviour::httpError(422, true)
                                            : behaviour == 1 ? FakeProvider::Behaviour::of(Kind::ExtraTopLevelKey)
                                                             : FakeProvider::Behaviour::of(Kind::Prose);
        fx.primary.provider()->setDefaultBehaviour(bad);
        const Job job = fx.submit(*svc, QStringLiteral("fo-1"));
        dispatcher->runOnce(*svc, worker);
        QCOMPARE(svc->attempts(job.id).first().state, AttemptState::Failed);
        QCOMPARE(svc->job(job.id)->state, JobState::Queued);
        dispatcher->runOnce(*svc, worker);
        const QList<Attempt> attempts = svc->attempts(job.id);
        QCOMPARE(attempts.size(), 2);
        QCOMPARE(attempts.at(1).provider, QStringLiteral("fallback"));
        QCOMPARE(attempts.at(1).state, AttemptState::Succeeded);
        QVERIFY(svc->job(job.id)->result.contains("from fallback"));
    }

    void unprovenFallbackIsSkippedAndTheJobFails()
    {
        JD_DISPATCH_SETUP(2000);
        fx.primary.provider()->setDefaultBehaviour(FakeProvider::Behaviour::httpError(400, true));
        const Job job = fx.submit(*svc, QStringLiteral("np-1"));
        dispatcher->runOnce(*svc, worker);
        dispatcher->runOnce(*svc, worker);
        QCOMPARE(svc->attempts(job.id).size(), 1);
        const Job after = *svc->job(job.id);
        QCOMPARE(after.state, JobState::Failed);
        QVERIFY2(after.stateReason.contains(QStringLiteral("no contract validation")), qPrintable(after.stateReason));
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);
    }

    void failedValidationIsSkipped()
    {
        JD_DISPATCH_SETUP(2000);
        fx.fallback.provider()->setDefaultBehaviour(FakeProvider::Behaviour::of(Kind::ExtraTopLevelKey));
        QVERIFY(!dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize")).passed);
        fx.fallback.provider()->clearReceived();
        fx.primary.provider()->setDefaultBehaviour(FakeProvider::Behaviour::httpError(422, true));
        const Job job = fx.submit(*svc, QStringLiteral("fv-1"));
        dispatcher->runOnce(*svc, worker);
        dispatcher->runOnce(*svc, worker);
        QCOMPARE(svc->job(job.id)->state, JobState::Failed);
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);
    }

    void expiredValidationIsSkipped()
    {
        JD_DISPATCH_SETUP(2000, std::nullopt, 3, /*validation TTL*/ 60000);
        QVERIFY(dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize")).passed);
        QVERIFY(dispatcher->isProven(*svc, fx.route(), QStringLiteral("fallback")));
        svc->setClockOffsetMs(120000); // the database clock moves past the expiry
        QString why;
        QVERIFY(!dispatcher->isProven(*svc, fx.route(), QStringLiteral("fallback"), &why));
        QVERIFY2(why.contains(QStringLiteral("expired")), qPrintable(why));
        fx.fallback.provider()->clearReceived();
        fx.primary.provider()->setDefaultBehaviour(FakeProvider::Behaviour::httpError(422, true));
        const Job job = fx.submit(*svc, QStringLiteral("ev-1"));
        dispatcher->runOnce(*svc, worker);
        dispatcher->runOnce(*svc, worker);
        QCOMPARE(svc->job(job.id)->state, JobState::Failed);
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);
    }

    void changedConfigInvalidatesOldValidations()
    {
        JD_DISPATCH_SETUP(2000);
        QVERIFY(dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize")).passed);
        RouteConfig changed = fx.config;
        changed.routes.first().promptTemplate = QStringLiteral("Summarise briefly: {{text}}");
        Dispatcher other(store->url(), changed, std::make_shared<ProviderDirectory>(changed), DispatcherOptions{});
        QString why;
        QVERIFY(!other.isProven(*svc, *changed.route(QStringLiteral("summarize")), QStringLiteral("fallback"), &why));
        QVERIFY2(why.contains(QStringLiteral("another configuration")), qPrintable(why));
        RouteConfig otherModel = fx.config;
        otherModel.providers[1].model = QStringLiteral("fake-2");
        Dispatcher third(store->url(), otherModel, std::make_shared<ProviderDirectory>(otherModel), DispatcherOptions{});
        QVERIFY(!third.isProven(*svc, *otherModel.route(QStringLiteral("summarize")), QStringLiteral("fallback")));
    }

    // A candidate routes file validated against the same store (or another
    // instance mid-deploy) records a newer validation of another
    // configuration: it neither revokes this configuration's proof nor
    // stands in for it. Found by a review: the newest row alone was read, so
    // each configuration's validation cancelled the other's, and jobs failed
    // with their budget left ("no proven provider left").
    void aValidationOfAnotherConfigurationNeitherProvesNorRevokes()
    {
        JD_DISPATCH_SETUP(2000);
        const Route &route = *fx.config.route(QStringLiteral("summarize"));
        QVERIFY(dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize")).passed);
        QVERIFY(dispatcher->isProven(*svc, route, QStringLiteral("fallback")));

        RouteConfig candidate = fx.config;
        candidate.providers[1].model = QStringLiteral("fake-2");
        QCOMPARE(candidate.providers[1].name, QStringLiteral("fallback"));
        Dispatcher other(store->url(), candidate, std::make_shared<ProviderDirectory>(candidate), DispatcherOptions{});
        const Route &candidateRoute = *candidate.route(QStringLiteral("summarize"));
        QString why;
        QVERIFY(!other.isProven(*svc, candidateRoute, QStringLiteral("fallback"), &why));
        QVERIFY2(why.contains(QStringLiteral("another configuration")), qPrintable(why));

        // The candidate's validation is newer; the running configuration's proof stands.
        QVERIFY(other.validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize")).passed);
        QVERIFY(other.isProven(*svc, candidateRoute, QStringLiteral("fallback")));
        why.clear();
        QVERIFY2(dispatcher->isProven(*svc, route, QStringLiteral("fallback"), &why), qPrintable(why));

        // A newer failed validation of the candidate revokes nothing either;
        // a newer failed one of this configuration does.
        ValidationRecord failedCandidate = *svc->latestValidation(QStringLiteral("fallback"), QStringLiteral("summarize"));
        failedCandidate.passed = false;
        failedCandidate.validatedAtMs = svc->nowMs();
        svc->recordValidation(failedCandidate);
        QVERIFY(!other.isProven(*svc, candidateRoute, QStringLiteral("fallback")));
        QVERIFY(dispatcher->isProven(*svc, route, QStringLiteral("fallback")));
        ValidationRecord failedOurs = failedCandidate;
        failedOurs.configHash = configHash(route, fx.config.providers[1]);
        QVERIFY(failedOurs.configHash != failedCandidate.configHash);
        svc->recordValidation(failedOurs);
        why.clear();
        QVERIFY(!dispatcher->isProven(*svc, route, QStringLiteral("fallback"), &why));
        QVERIFY2(why.contains(QStringLiteral("failed its contract validation")), qPrintable(why));
    }

    void reconcilerAppliesALateResultThroughTheCas()
    {
        JD_DISPATCH_SETUP(300);
        FakeProvider::Behaviour late = DispatchFixture::withOutput(FakeProvider::Behaviour::of(Kind::AnswerLate, 50),
                                                                   QStringLiteral("late but real"));
        fx.primary.provider()->setDefaultBehaviour(late);
        const Job job = fx.submit(*svc, QStringLiteral("late-1"));
        dispatcher->runOnce(*svc, worker);
        QCOMPARE(svc->attempts(job.id).first().state, AttemptState::Unknown);
        // The provider finishes after the client gave up; the reconciler asks and applies it.
        int resolved = 0; // QTRY re-evaluates its expression: accumulate
        QTRY_VERIFY_WITH_TIMEOUT((resolved += dispatcher->reconcileOnce(*svc)) >= 1, 10000);
        QCOMPARE(resolved, 1);
        QCOMPARE(svc->attempts(job.id).first().state, AttemptState::Succeeded);
        QCOMPARE(svc->job(job.id)->state, JobState::Succeeded);
        QVERIFY(svc->job(job.id)->result.contains("late but real"));
    }

    void reconcilerFailsWhatWasNeverProcessed()
    {
        JD_DISPATCH_SETUP(2000);
        dispatcher = fx.dispatcher(store->url(), /*leaseMs*/ 300);
        fx.primary.provider()->setDefaultBehaviour(FakeProvider::Behaviour::of(Kind::CloseBeforeAnswer));
        const Job job = fx.submit(*svc, QStringLiteral("never-1"));
        dispatcher->runOnce(*svc, worker);
        QCOMPARE(svc->attempts(job.id).first().state, AttemptState::Unknown);
        // Conclusive once the attempt's lease is over (no copy can still leave).
        int resolved = 0; // QTRY re-evaluates its expression: accumulate
        QTRY_VERIFY_WITH_TIMEOUT((resolved += dispatcher->reconcileOnce(*svc)) >= 1, 10000);
        QCOMPARE(resolved, 1);
        QCOMPARE(svc->attempts(job.id).first().state, AttemptState::Failed);
        QCOMPARE(svc->job(job.id)->state, JobState::Queued); // free for the next proven provider
    }

    // An unknown attempt written before migration 4 has no lease, and its
    // sender knew no send-by. "Never processed" is conclusive only the grace
    // after it went unknown, never at once.
    void neverProcessedForAnAttemptWithoutALeaseWaitsTheGraceFromWhenItWentUnknown()
    {
        JD_DISPATCH_SETUP(2000);
        fx.primary.provider()->setDefaultBehaviour(FakeProvider::Behaviour::of(Kind::CloseBeforeAnswer));
        const Job job = fx.submit(*svc, QStringLiteral("never-no-lease"));
        dispatcher = fx.dispatcher(store->url(), /*leaseMs*/ 300, /*neverProcessedGraceMs*/ 600000);
        dispatcher->runOnce(*svc, worker);
        const Attempt a = svc->attempts(job.id).first();
        QCOMPARE(a.state, AttemptState::Unknown);
        svc->session().exec(QStringLiteral("UPDATE attempts SET lease_expires_at_ms = NULL WHERE id = $1"), {a.id});
        QVERIFY(!svc->attempt(a.id)->leaseExpiresAtMs);

        QCOMPARE(dispatcher->reconcileOnce(*svc), 0); // asked, answered "never processed": not yet conclusive
        QVERIFY(svc->attempt(a.id)->lastLookupAtMs);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Unknown);
        QCOMPARE(svc->job(job.id)->state, JobState::Blocked);

        const auto noGrace = fx.dispatcher(store->url(), /*leaseMs*/ 300, /*neverProcessedGraceMs*/ 0);
        QCOMPARE(noGrace->reconcileOnce(*svc), 1); // asked after it went unknown: conclusive without a grace
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Failed);
        QCOMPARE(svc->job(job.id)->state, JobState::Queued);
    }

    // The provider said "never processed" (conclusively, after the grace) and
    // the attempt failed; then it processed the request after all (a status
    // store that lags, a queue it forgot). Found by a review: failed attempts
    // were never asked about again, so the paid answer left no trace. The
    // reconciler keeps asking within the lookback and records it as a race
    // loss; the attempt stays failed.
    void aResultAfterAConclusiveNeverProcessedIsRecordedAsARaceLoss()
    {
        JD_DISPATCH_SETUP(2000);
        const Job job = fx.submit(*svc, QStringLiteral("never-then-done"));
        const Attempt a = svc->markUnknown(sentRunning(*svc, fx, job.id).id, Actor::worker(worker), QStringLiteral("deadline passed"));
        dispatcher = fx.dispatcher(store->url(), /*leaseMs*/ 300, /*neverProcessedGraceMs*/ 0);
        svc->session().exec(QStringLiteral("UPDATE attempts SET lease_expires_at_ms = 0 WHERE id = $1"), {a.id}); // long over
        QCOMPARE(dispatcher->reconcileOnce(*svc), 1);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Failed);
        QCOMPARE(svc->job(job.id)->state, JobState::Queued);
        QCOMPARE(dispatcher->reconcileOnce(*svc), 0); // still never processed: nothing to record
        QCOMPARE(svc->raceLosses(job.id).size(), 0);

        fx.primary.provider()->markCompleted(a.providerKey, QJsonDocument(answer(QStringLiteral("done after all"))).toJson(QJsonDocument::Compact));
        QCOMPARE(dispatcher->reconcileOnce(*svc), 1);
        const auto losses = svc->raceLosses(job.id);
        QCOMPARE(losses.size(), 1);
        QCOMPARE(losses.first().attemptId, a.id);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Failed);
        QCOMPARE(dispatcher->reconcileOnce(*svc), 0); // recorded: not asked again
        QCOMPARE(fx.primary.provider()->completionRequestCount(), 0); // nothing was sent again
    }

    // The operator's queue shows what the provider said when it did not settle
    // the attempt: still working, no record of the key yet (with when that
    // becomes conclusive), or no answer at all.
    void theUnknownQueueShowsWhatTheProviderLastAnswered()
    {
        JD_DISPATCH_SETUP(2000);
        const Job j1 = fx.submit(*svc, QStringLiteral("answer-working"));
        const Attempt working = svc->markUnknown(sentRunning(*svc, fx, j1.id).id, Actor::worker(worker), QStringLiteral("deadline passed"));
        fx.primary.provider()->markInProgress(working.providerKey);
        const Job j2 = fx.submit(*svc, QStringLiteral("answer-unseen"));
        const Attempt unseen = svc->markUnknown(sentRunning(*svc, fx, j2.id).id, Actor::worker(worker), QStringLiteral("deadline passed"));
        const auto answers = [&] {
            QHash<qint64, std::pair<std::optional<LookupAnswer>, QString>> out;
            for (const UnknownQueueItem &i : svc->unknownQueue())
                out.insert(i.attempt.id, {i.lastAnswer, i.lastAnswerDetail});
            return out;
        };

        DispatcherOptions o;

        o.lookupBackoffMinMs = 0; // unpaced: each pass may ask again (tst_lookup_pacing tests the pacing)

        o.lookupBackoffMaxMs = 0;
        o.workerId = QStringLiteral("asks");
        o.neverProcessedGraceMs = 600000;
        Dispatcher asks(store->url(), fx.config, std::make_shared<ProviderDirectory>(fx.config), o);
        QCOMPARE(asks.reconcileOnce(*svc), 0); // neither answer settles anything
        auto seen = answers();
        QCOMPARE(seen.value(working.id).first, std::optional<LookupAnswer>(LookupAnswer::InProgress));
        QCOMPARE(seen.value(unseen.id).first, std::optional<LookupAnswer>(LookupAnswer::NeverProcessed));
        const QString note = seen.value(unseen.id).second;
        QVERIFY2(note.contains(unseen.providerKey) && note.contains(QStringLiteral("conclusive from "))
                     && note.contains(QDateTime::fromMSecsSinceEpoch(*unseen.leaseExpiresAtMs + 600000, Qt::UTC).toString(Qt::ISODate)),
                 qPrintable(note));

        // The status endpoint stops answering in time: each lookup records that instead.
        fx.primary.provider()->setStatusLookupDelayMs(1500);
        o.lookupDeadlineMs = 200;
        Dispatcher impatient(store->url(), fx.config, std::make_shared<ProviderDirectory>(fx.config), o);
        QCOMPARE(impatient.reconcileOnce(*svc), 0);
        seen = answers();
        QCOMPARE(seen.value(working.id).first, std::optional<LookupAnswer>(LookupAnswer::NoAnswer));
        QCOMPARE(seen.value(unseen.id).first, std::optional<LookupAnswer>(LookupAnswer::NoAnswer));
        QCOMPARE(svc->attempt(working.id)->state, AttemptState::Unknown);
        QCOMPARE(svc->attempt(unseen.id)->state, AttemptState::Unknown);
    }

    void reconcilerRecordsALateResultForADecidedJobAsARaceLoss()
    {
        JD_DISPATCH_SETUP(300, 100);
        dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize"));
        fx.primary.provider()->setDefaultBehaviour(DispatchFixture::withOutput(
            FakeProvider::Behaviour::of(Kind::AnswerLate, 50), QStringLiteral("primary, late")));
        const Job job = fx.submit(*svc, QStringLiteral("late-2"));
        dispatcher->runOnce(*svc, worker); // hedge wins; primary times out -> unknown (blocks nothing: there is a winner)
        const QList<Attempt> attempts = svc->attempts(job.id);
        QCOMPARE(attempts.at(0).state, AttemptState::Unknown);
        QCOMPARE(svc->job(job.id)->state, JobState::Succeeded);
        QCOMPARE(svc->unknownWorklist().size(), 0);
        int resolved = 0; // QTRY re-evaluates its expression: accumulate
        QTRY_VERIFY_WITH_TIMEOUT((resolved += dispatcher->reconcileOnce(*svc)) >= 1, 10000);
        QCOMPARE(resolved, 1);
        QCOMPARE(svc->attempt(attempts.at(0).id)->state, AttemptState::Superseded);
        QCOMPARE(svc->raceLosses(job.id).size(), 1);
    }

    void lateResultOfACancelledJobIsARaceLoss()
    {
        JD_DISPATCH_SETUP(300);
        fx.primary.provider()->setDefaultBehaviour(DispatchFixture::withOutput(
            FakeProvider::Behaviour::of(Kind::AnswerLate, 50), QStringLiteral("too late")));
        const Job job = fx.submit(*svc, QStringLiteral("late-3"));
        dispatcher->runOnce(*svc, worker);
        const Attempt a = svc->attempts(job.id).first();
        QCOMPARE(a.state, AttemptState::Unknown);
        svc->cancelJob(job.id, operatorRequest(QStringLiteral("customer gave up")));
        int resolved = 0;
        QTRY_VERIFY_WITH_TIMEOUT((resolved += dispatcher->reconcileOnce(*svc)) >= 1, 10000);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Cancelled); // stays cancelled
        QCOMPARE(svc->job(job.id)->state, JobState::Cancelled);
        const auto losses = svc->raceLosses(job.id);
        QCOMPARE(losses.size(), 1);
        QCOMPARE(losses.first().attemptId, a.id);
        QCOMPARE(dispatcher->reconcileOnce(*svc), 0); // asked once: nothing left to learn
    }

    void everyCompletionRequestCarriesItsAttemptKeyOnce()
    {
        JD_DISPATCH_SETUP(2000);
        dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize"));
        // The first request is refused before any work (429): that job fails over once.
        fx.primary.provider()->queueBehaviour(FakeProvider::Behaviour::httpError(429, true, 0));
        QList<qint64> jobIds;
        for (int i = 0; i < 8; ++i)
            jobIds.append(fx.submit(*svc, QStringLiteral("k-%1").arg(i)).id);
        for (int i = 0; i < 20 && dispatcher->runOnce(*svc, worker); ++i) {
        }
        QHash<QString, Attempt> byKey;
        for (qint64 id : jobIds)
            for (const Attempt &a : svc->attempts(id))
                byKey.insert(a.providerKey, a);
        QSet<QString> seen;
        int completions = 0;
        for (FakeProviderThread *fake : {&fx.primary, &fx.fallback}) {
            for (const auto &r : fake->provider()->received()) {
                if (!r.path.endsWith(QStringLiteral("/chat/completions")) || r.idempotencyKey.startsWith(QStringLiteral("validation:")))
                    continue;
                ++completions;
                // A random UUID stored on the attempt's row, never "<job id>:<attempt no>".
                QVERIFY2(!QUuid::fromString(r.idempotencyKey).isNull(), qPrintable(QStringLiteral("bad key: ") + r.idempotencyKey));
                QVERIFY2(byKey.contains(r.idempotencyKey), qPrintable(QStringLiteral("no attempt has key ") + r.idempotencyKey));
                QCOMPARE(byKey.value(r.idempotencyKey).provider + QStringLiteral(".fake"),
                         (fake == &fx.primary ? QStringLiteral("primary") : QStringLiteral("fallback")) + QStringLiteral(".fake"));
                QVERIFY2(!seen.contains(r.idempotencyKey), qPrintable(QStringLiteral("sent twice: ") + r.idempotencyKey));
                seen.insert(r.idempotencyKey);
            }
        }
        QCOMPARE(completions, 9); // 8 jobs, one of them failed over once
        QCOMPARE(svc->countsByState().value(JobState::Succeeded), 8);
    }

    void retryAfterIsHonouredBeforeTheNextTryOnThatProvider()
    {
        JD_DISPATCH_SETUP(2000);
        // The primary says 429, come back in 30 s. The first job fails over
        // nowhere (no proven fallback); the next job must not be sent to the
        // primary before the Retry-After has passed.
        fx.primary.provider()->queueBehaviour(FakeProvider::Behaviour::httpError(429, true, 30));
        const Job first = fx.submit(*svc, QStringLiteral("ra-1"));
        dispatcher->runOnce(*svc, worker);
        QCOMPARE(svc->attempts(first.id).first().state, AttemptState::Failed);
        QCOMPARE(dispatcher->runOnce(*svc, worker), std::optional<qint64>(first.id)); // no proven fallback: fails
        QCOMPARE(svc->job(first.id)->state, JobState::Failed);
        const Job second = fx.submit(*svc, QStringLiteral("ra-2"));
        QCOMPARE(dispatcher->runOnce(*svc, worker), std::optional<qint64>(second.id)); // claimed, held, not sent
        QCOMPARE(svc->attempts(second.id).size(), 0);
        QCOMPARE(svc->job(second.id)->state, JobState::Queued);
        QCOMPARE(dispatcher->runOnce(*svc, QStringLiteral("w-other")), std::nullopt); // held: nobody spins on it
        QCOMPARE(fx.primary.provider()->completionRequestCount(), 1);
        svc->setClockOffsetMs(31000); // the database clock passes the Retry-After
        QCOMPARE(dispatcher->runOnce(*svc, worker), std::optional<qint64>(second.id));
        QCOMPARE(svc->job(second.id)->state, JobState::Succeeded);
    }

    void routesProvidersAndValidationsAreRecordedForTheConsole()
    {
        JD_DISPATCH_SETUP(2000);
        dispatcher->recordConfig(*svc);
        dispatcher->recordConfig(*svc); // idempotent: an upsert per name
        const auto routes = svc->routes();
        QCOMPARE(routes.size(), 1);
        QCOMPARE(routes.first().name, QStringLiteral("summarize"));
        QCOMPARE(routes.first().config.value(QStringLiteral("provider_chain")).toArray().size(), 2);
        QCOMPARE(svc->providers().size(), 2);
        const ValidationRecord v = dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize"));
        const auto stored = svc->latestValidation(QStringLiteral("fallback"), QStringLiteral("summarize"));
        QVERIFY(stored);
        QCOMPARE(stored->id, v.id);
        QVERIFY(stored->passed);
        QCOMPARE(stored->configHash, configHash(fx.route(), *fx.config.provider(QStringLiteral("fallback"))));
        QVERIFY(stored->expiresAtMs > stored->validatedAtMs);
        QVERIFY(!stored->report.isEmpty());
        JD_VERIFY_THROWS_CODE(dispatcher->validate(*svc, QStringLiteral("nobody"), QStringLiteral("summarize")),
                              JobDeskError::Code::InvalidArgument);
    }

    void expiredLeaseOfADeadWorkerBecomesUnknown()
    {
        JD_DISPATCH_SETUP(2000);
        const Job job = fx.submit(*svc, QStringLiteral("dead-1"));
        // A worker that claimed the job, started the attempt and died before finishing.
        StartAttemptRequest r;
        r.jobId = job.id;
        r.provider = QStringLiteral("primary");
        r.requestId = QStringLiteral("dead-worker-start");
        r.workerId = QStringLiteral("dead-worker");
        r.leaseMs = 1000;
        r.actor = Actor::worker(QStringLiteral("dead-worker"));
        const Attempt a = svc->markRunning(claimAndStart(*svc, r).attempt.id, r.actor, 1000);
        QCOMPARE(dispatcher->reapOnce(*svc), 0);
        svc->setClockOffsetMs(5000);
        QCOMPARE(dispatcher->reapOnce(*svc), 1);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Unknown); // never failed
        QCOMPARE(svc->job(job.id)->state, JobState::Blocked);
        QCOMPARE(dispatcher->runOnce(*svc, worker), std::nullopt);  // nothing new starts
        QCOMPARE(svc->attempts(job.id).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestDispatcher)
#include "tst_dispatcher.moc"
