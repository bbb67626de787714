// The reconciler, which asks providers about unknown attempts, against fake
// providers on loopback, on both stores: it does not starve (attempts it
// cannot resolve, a slow pass, an operator's request, the reaper); a late
// result or a "no record" settles an attempt only where its request went
// (endpoint and account), and a late result is checked against the contract
// it was sent under. Every test here failed on the code before the fix it
// names.

#include "DispatchFixture.h"
#include "provider/OutputCheck.h"
#include "provider/ProviderFactory.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTest>

#include <atomic>

using namespace jobdesk;
using namespace jobdesk::test;

class TestReconciler : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }

    // ---- 1. the reconciler does not starve ----

    void unresolvableUnknownAttemptsDoNotStarveAResolvableOne()
    {
        JD_DISPATCH_SETUP(600000, /*hedge after (max_parallel 2)*/ 500000);
        try {
            starvationScenario(*svc, fx, *dispatcher);
        } catch (const JobDeskError &e) {
            QFAIL(qPrintable(e.message()));
        }
    }

    void starvationScenario(JobService &svcRef, DispatchFixture &fx, Dispatcher &dispatcherRef)
    {
        JobService *svc = &svcRef;
        Dispatcher *dispatcher = &dispatcherRef;
        // Ten unknown attempts of jobs that already have a winner (they block nothing), oldest of all.
        QList<qint64> decided;
        for (int i = 0; i < 10; ++i) {
            const Job job = fx.submit(*svc, QStringLiteral("decided-%1").arg(i));
            const Attempt a = startRunning(*svc, job.id, QStringLiteral("primary"));
            const Attempt h = startRunning(*svc, job.id, QStringLiteral("fallback"), AttemptKind::Hedge);
            svc->complete(h.id, validContent(QStringLiteral("hedge")), Actor::worker(QStringLiteral("w1")));
            svc->markUnknown(a.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("deadline"));
            fx.primary.provider()->markInProgress(a.providerKey);
            decided.append(a.id);
        }
        // Sixty the provider cannot resolve yet (still in progress) ...
        for (int i = 0; i < 60; ++i)
            fx.primary.provider()->markInProgress(unknownAttempt(*svc, fx, QStringLiteral("stuck-%1").arg(i)).providerKey);
        // ... and, newest of all, one it can.
        const Attempt resolvable = unknownAttempt(*svc, fx, QStringLiteral("resolvable"));
        fx.primary.provider()->markCompleted(resolvable.providerKey, validContent(QStringLiteral("finally")));
        // One on a provider this instance has no lookup for: never asked.
        const Attempt unaskable = unknownAttempt(*svc, fx, QStringLiteral("unaskable"), QStringLiteral("elsewhere"));

        int passes = 0;
        while (svc->attempt(resolvable.id)->state == AttemptState::Unknown && passes < 4) {
            dispatcher->reconcileOnce(*svc);
            ++passes;
        }
        QCOMPARE(svc->attempt(resolvable.id)->state, AttemptState::Succeeded);
        QVERIFY2(passes <= 2, qPrintable(QStringLiteral("resolved after %1 passes").arg(passes)));
        QVERIFY(!svc->attempt(unaskable.id)->lastLookupAtMs);
        // Undecided jobs came first: the decided ones were not asked before every undecided one was.
        for (qint64 id : decided)
            QVERIFY(!svc->attempt(id)->lastLookupAtMs || passes > 1);
    }

    void reconcilerPassIsBoundedInTime()
    {
        JD_FRESH_STORE(store);
        DispatchFixture fx;
        QVERIFY(fx.setUp(2000));
        auto svc = store->open();
        DispatcherOptions o;
        o.lookupBackoffMinMs = 0; // unpaced: each pass may ask again (tst_lookup_pacing tests the pacing)
        o.lookupBackoffMaxMs = 0;
        o.workerId = QStringLiteral("bounded");
        o.reconcileBudgetMs = 600;
        o.lookupDeadlineMs = 2000;
        Dispatcher dispatcher(store->url(), fx.config, std::make_shared<ProviderDirectory>(fx.config), o);
        fx.primary.provider()->setStatusLookupDelayMs(250);
        for (int i = 0; i < 12; ++i)
            fx.primary.provider()->markInProgress(unknownAttempt(*svc, fx, QStringLiteral("slow-%1").arg(i)).providerKey);
        QElapsedTimer t;
        t.start();
        dispatcher.reconcileOnce(*svc);
        const qint64 took = t.elapsed();
        // 12 lookups of 250 ms would be 3 s; the pass stops after its budget (plus the lookup under way).
        QVERIFY2(took < 600 + 2000, qPrintable(QStringLiteral("pass took %1 ms").arg(took)));
        int asked = 0;
        for (const Job &j : svc->jobs(JobFilter{}).jobs)
            for (const Attempt &a : svc->attempts(j.id))
                asked += a.lastLookupAtMs ? 1 : 0;
        QVERIFY2(asked >= 1 && asked < 12, qPrintable(QStringLiteral("asked %1").arg(asked)));
    }

    // "Ask the provider now" (an operator's request, migration 9): the next
    // pass asks about the requested attempt first, even behind many older
    // unknown ones that fill the pass's time budget.
    void operatorRequestedLookupIsAskedFirst()
    {
        JD_FRESH_STORE(store);
        DispatchFixture fx;
        QVERIFY(fx.setUp(2000));
        auto svc = store->open();
        DispatcherOptions o;
        o.lookupBackoffMinMs = 0; // unpaced: each pass may ask again (tst_lookup_pacing tests the pacing)
        o.lookupBackoffMaxMs = 0;
        o.workerId = QStringLiteral("asked-first");
        o.reconcileBudgetMs = 300;
        o.lookupDeadlineMs = 2000;
        Dispatcher dispatcher(store->url(), fx.config, std::make_shared<ProviderDirectory>(fx.config), o);
        svc->recordProvider(QStringLiteral("primary"), QJsonObject{{QStringLiteral("status_lookup"), true}});
        fx.primary.provider()->setStatusLookupDelayMs(200);
        QList<Attempt> older;
        for (int i = 0; i < 12; ++i) {
            older.append(unknownAttempt(*svc, fx, QStringLiteral("older-%1").arg(i)));
            fx.primary.provider()->markInProgress(older.last().providerKey);
        }
        const Attempt requested = unknownAttempt(*svc, fx, QStringLiteral("requested"));
        fx.primary.provider()->markInProgress(requested.providerKey);
        OperatorRequest req = operatorRequest(QStringLiteral("customer is waiting"));
        QVERIFY(!svc->requestLookup(requested.id, req).replayed);
        QVERIFY(svc->requestLookup(requested.id, req).replayed); // a double submit writes once
        QCOMPARE(svc->auditLog(requested.jobId).size(), 1);

        dispatcher.reconcileOnce(*svc);
        QVERIFY2(svc->attempt(requested.id)->lastLookupAtMs, "the requested attempt was not asked on the next pass");
        int olderAsked = 0;
        for (const Attempt &a : older)
            olderAsked += svc->attempt(a.id)->lastLookupAtMs ? 1 : 0;
        QVERIFY2(olderAsked < older.size(), qPrintable(QStringLiteral("the pass asked all %1 older ones").arg(olderAsked)));
        // Answered: the request is no longer outstanding, the queue says when it was asked.
        const QList<UnknownQueueItem> q = svc->unknownQueue();
        const auto it = std::find_if(q.cbegin(), q.cend(), [&](const UnknownQueueItem &i) { return i.attempt.id == requested.id; });
        QVERIFY(it != q.cend());
        QVERIFY(!it->lookupOutstanding());
        QCOMPARE(it->lookupCount, 1);
    }

    // Slow lookups on the reconciler's thread do not hold up the lease reaper.
    void reapingNeverWaitsForLookups()
    {
        JD_FRESH_STORE(store);
        DispatchFixture fx;
        QVERIFY(fx.setUp(2000));
        auto svc = store->open();
        fx.primary.provider()->setStatusLookupDelayMs(1500);
        for (int i = 0; i < 10; ++i)
            fx.primary.provider()->markInProgress(unknownAttempt(*svc, fx, QStringLiteral("slow-%1").arg(i)).providerKey);
        DispatcherOptions o;
        o.lookupBackoffMinMs = 0; // unpaced: each pass may ask again (tst_lookup_pacing tests the pacing)
        o.lookupBackoffMaxMs = 0;
        o.workerId = QStringLiteral("reaper-test");
        o.workers = 1;
        o.maintenanceEveryMs = 100;
        o.reconcileEveryMs = 100;
        o.reconcileBudgetMs = 20000;
        Dispatcher dispatcher(store->url(), fx.config, std::make_shared<ProviderDirectory>(fx.config), o);
        dispatcher.start();
        auto anyAsked = [&] {
            const QList<Attempt> all = svc->unknownAttemptsToReconcile(100, {QStringLiteral("primary")}, false);
            return std::any_of(all.begin(), all.end(), [](const Attempt &x) { return x.lastLookupAtMs.has_value(); });
        };
        QTRY_VERIFY_WITH_TIMEOUT(anyAsked(), 10000); // the reconciler is busy with slow lookups now
        // A worker dies holding a running attempt with a short lease.
        const Job job = fx.submit(*svc, QStringLiteral("dies"));
        StartAttemptRequest r = makeStartRequest(job.id, QStringLiteral("primary"));
        r.leaseMs = 300;
        const Attempt a = svc->markRunning(claimAndStart(*svc, r).attempt.id, r.actor, 300);
        QElapsedTimer t;
        t.start();
        QTRY_COMPARE_WITH_TIMEOUT(svc->attempt(a.id)->state, AttemptState::Unknown, 5000);
        dispatcher.stop();
        QVERIFY2(t.elapsed() < 5000, "reaped while the reconciler was busy");
    }

    // ---- 2. a late result is settled where it went, under the contract it was sent under ----

    // A rolling deploy moves "primary" to another endpoint (a new region, a
    // new account). Asked at the new endpoint about a request the old
    // instance sent to the old one, "never processed" (true there) would fail
    // the attempt and send the job to the fallback while the old endpoint is
    // still working on it. An attempt records where it was sent; another endpoint is
    // asked too (a result is a result), but only the one it went to can say
    // it never processed it.
    void anEndpointTheRequestNeverWentToCannotSettleItWithANoRecord()
    {
        JD_DISPATCH_SETUP(2000);
        QVERIFY(dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize")).passed);
        fx.fallback.provider()->clearReceived();
        // The old endpoint did the work but its gateway answered 500: unknown.
        FakeProvider::Behaviour b = FakeProvider::Behaviour::httpError(500, /*providerErrorBody*/ true);
        b.processedAnyway = true;
        b.output = answer(QStringLiteral("done at the old endpoint"));
        fx.primary.provider()->setDefaultBehaviour(b);
        dispatcher = fx.dispatcher(store->url(), /*leaseMs*/ 300);
        const Job job = fx.submit(*svc, QStringLiteral("moved-endpoint"));
        QCOMPARE(dispatcher->runOnce(*svc, worker), std::optional<qint64>(job.id));
        const Attempt a = svc->attempts(job.id).first();
        QCOMPARE(a.state, AttemptState::Unknown);
        QCOMPARE(svc->session().exec(QStringLiteral("SELECT sent_to FROM attempts WHERE id = $1"), {a.id}).first().first().toString(),
                 fx.config.provider(QStringLiteral("primary"))->endpoint());

        // The new instance: "primary" at an endpoint that never saw the key.
        FakeProviderThread moved;
        QVERIFY(moved.start());
        RouteConfig movedConfig = fx.config;
        for (ProviderConfig &p : movedConfig.providers)
            if (p.name == QStringLiteral("primary"))
                p.baseUrl = moved.provider()->baseUrl();
        DispatcherOptions o;
        o.lookupBackoffMinMs = 0; // unpaced: each pass may ask again (tst_lookup_pacing tests the pacing)
        o.lookupBackoffMaxMs = 0;
        o.workerId = QStringLiteral("moved-instance");
        o.leaseMs = 300;
        o.neverProcessedGraceMs = 0;
        Dispatcher movedInstance(store->url(), movedConfig, std::make_shared<ProviderDirectory>(movedConfig), o);
        svc->setClockOffsetMs(120000); // well past the lease by the database clock: a "never processed" would count
        QCOMPARE(movedInstance.reconcileOnce(*svc), 0);
        QCOMPARE(moved.provider()->received().size(), 1); // asked, and it has no record
        QCOMPARE(moved.provider()->completionRequestCount(), 0);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Unknown);
        QCOMPARE(svc->job(job.id)->state, JobState::Blocked);
        const QList<UnknownQueueItem> queue = svc->unknownQueue();
        QCOMPARE(queue.size(), 1);
        QCOMPARE(queue.first().lastAnswer, std::optional<LookupAnswer>(LookupAnswer::NeverProcessed));
        QVERIFY2(queue.first().lastAnswerDetail.contains(QStringLiteral("but the request went to ")
                                                         + fx.config.provider(QStringLiteral("primary"))->endpoint()),
                 qPrintable(queue.first().lastAnswerDetail));
        QCOMPARE(movedInstance.runOnce(*svc, QStringLiteral("moved-worker")), std::nullopt); // blocked: nothing to claim
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);

        // An instance with "primary" where the request went asks it: the paid answer wins.
        QCOMPARE(dispatcher->reconcileOnce(*svc), 1);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Succeeded);
        QVERIFY(svc->job(job.id)->result.contains("done at the old endpoint"));
        QCOMPARE(fx.primary.provider()->completionRequestCount(), 1);
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);
        QCOMPARE(moved.provider()->completionRequestCount(), 0);

        // Where an attempt goes is recorded only while it is running, once.
        const Job other = fx.submit(*svc, QStringLiteral("moved-endpoint-2"));
        const Attempt running = startRunning(*svc, other.id, QStringLiteral("primary"));
        QVERIFY(svc->recordSentTo(running.id, QStringLiteral("fake http://127.0.0.1:1/v1")));
        QVERIFY(svc->recordSentTo(running.id, QStringLiteral("fake http://127.0.0.1:1/v1"))); // the same: a re-run
        QVERIFY(!svc->recordSentTo(running.id, QStringLiteral("fake http://127.0.0.1:2/v1")));
        svc->cancelAttempt(running.id, operatorRequest(QStringLiteral("moved")));
        QVERIFY(!svc->recordSentTo(running.id, QStringLiteral("fake http://127.0.0.1:1/v1")));
    }

    // Two servers on one store with one URL for "primary" and credentials
    // each for a different account (a key rotated into a new project, a
    // region's own account). A provider keeps its keys and lookups per
    // account: the second account truthfully has no record of a request the
    // first is still working on. If the second account's "no record" failed
    // the first's attempt, the job would go to the fallback while account one
    // still ran it; the same holds with the account in the URL's user info
    // (sent as Basic authentication). Where an attempt went now names the account (a
    // digest of the credentials), so that "no record" settles nothing; nor
    // does it end the first account's "still working on it since" (the job
    // would have moved at every pass, every operator action on it refused as
    // stale).
    void aNoRecordFromAnotherAccountAtTheSameUrlSettlesNothing()
    {
        JD_DISPATCH_SETUP(2000);
        QVERIFY(dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize")).passed);
        fx.fallback.provider()->clearReceived();
        qputenv("JD_TEST_ACCOUNT_ONE", "sk-account-one");
        qputenv("JD_TEST_ACCOUNT_TWO", "sk-account-two");
        const auto unset = qScopeGuard([] {
            qunsetenv("JD_TEST_ACCOUNT_ONE");
            qunsetenv("JD_TEST_ACCOUNT_TWO");
        });
        // The first account's gateway answers 500 after the request went in: unknown.
        fx.primary.provider()->setDefaultBehaviour(FakeProvider::Behaviour::httpError(500, /*providerErrorBody*/ true));
        const QString url = fx.config.provider(QStringLiteral("primary"))->endpoint();
        for (const bool inUserInfo : {false, true}) {
            const QString way = inUserInfo ? QStringLiteral("user info") : QStringLiteral("api_key_env");
            const auto account = [&](const QString &name) {
                RouteConfig c = fx.config;
                for (ProviderConfig &p : c.providers)
                    if (p.name == QStringLiteral("primary")) {
                        if (inUserInfo)
                            p.baseUrl.setUserInfo(name + QStringLiteral(":secret-of-") + name);
                        else
                            p.apiKeyEnv = QStringLiteral("JD_TEST_") + name.toUpper();
                    }
                return c;
            };
            const RouteConfig one = account(QStringLiteral("account_one"));
            const RouteConfig two = account(QStringLiteral("account_two"));
            const QString sentTo = one.provider(QStringLiteral("primary"))->endpoint();
            const QString askedAt = two.provider(QStringLiteral("primary"))->endpoint();

            // Account one: sent by its dispatcher, timed out, still working on it.
            DispatcherOptions o;
            o.lookupBackoffMinMs = 0; // unpaced: each pass may ask again (tst_lookup_pacing tests the pacing)
            o.lookupBackoffMaxMs = 0;
            o.leaseMs = 300;
            o.neverProcessedGraceMs = 0;
            o.workerId = QStringLiteral("account-one");
            Dispatcher first(store->url(), one, std::make_shared<ProviderDirectory>(one), o);
            const Job job = fx.submit(*svc, QStringLiteral("two-accounts-") + way);
            QCOMPARE(first.runOnce(*svc, QStringLiteral("account-one-worker")), std::optional<qint64>(job.id));
            const Attempt a = svc->attempts(job.id).first();
            QCOMPARE(a.state, AttemptState::Unknown);
            QCOMPARE(svc->attemptSentTo(a.id), std::optional(sentTo));
            fx.primary.provider()->markInProgress(a.providerKey);
            svc->setClockOffsetMs(120000); // well past the lease: a "never processed" from where it went would count
            QCOMPARE(first.reconcileOnce(*svc), 0);
            const auto inProgressSince = [&] {
                return svc->session()
                    .exec(QStringLiteral("SELECT lookup_in_progress_since_ms FROM attempts WHERE id = $1"), {a.id})
                    .first()
                    .first();
            };
            const auto queued = [&] {
                for (const UnknownQueueItem &i : svc->unknownQueue())
                    if (i.attempt.id == a.id)
                        return i;
                return UnknownQueueItem{};
            };
            const QVariant since = inProgressSince();
            QVERIFY(!since.isNull());
            const qint64 seq = svc->job(job.id)->changeSeq;

            // Account two, at the same URL (its client reaches a provider without the key).
            FakeProviderThread accountTwo;
            QVERIFY(accountTwo.start());
            auto clients = std::make_shared<ProviderDirectory>(two);
            ProviderConfig reach = *two.provider(QStringLiteral("primary"));
            reach.baseUrl = accountTwo.provider()->baseUrl();
            clients->set(QStringLiteral("primary"), makeProviderClient(reach));
            o.workerId = QStringLiteral("account-two");
            Dispatcher second(store->url(), two, clients, o);
            const auto askedAbout = [](const FakeProviderThread &f, const Attempt &which) {
                const QList<FakeProvider::Received> all = f.provider()->received();
                return int(std::count_if(all.begin(), all.end(), [&](const FakeProvider::Received &r) {
                    return r.method == QStringLiteral("GET") && r.path == QStringLiteral("/v1/jobdesk/status/") + which.providerKey;
                }));
            };
            for (int pass = 0; pass < 2; ++pass) {
                QCOMPARE(second.reconcileOnce(*svc), 0);
                QCOMPARE(askedAbout(accountTwo, a), pass + 1); // asked, and it has no record
                QCOMPARE(svc->attempt(a.id)->state, AttemptState::Unknown);
                QCOMPARE(svc->job(job.id)->state, JobState::Blocked);
                QCOMPARE(queued().lastAnswer, std::optional<LookupAnswer>(LookupAnswer::NeverProcessed));
                QVERIFY2(queued().lastAnswerDetail.contains(QStringLiteral("but the request went to ") + sentTo),
                         qPrintable(queued().lastAnswerDetail));
                QCOMPARE(inProgressSince(), since);

                QCOMPARE(first.reconcileOnce(*svc), 0); // account one: still working on it
                QCOMPARE(queued().lastAnswer, std::optional<LookupAnswer>(LookupAnswer::InProgress));
                QCOMPARE(inProgressSince(), since);
                QCOMPARE(svc->job(job.id)->changeSeq, seq); // the job did not move: a decision on it is not stale
            }
            QCOMPARE(second.runOnce(*svc, QStringLiteral("account-two-worker")), std::nullopt); // blocked: nothing to claim
            QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);
            QCOMPARE(accountTwo.provider()->completionRequestCount(), 0);
            svc->setClockOffsetMs(0);

            // Where it went names the URL and the account, never the credentials.
            QVERIFY2(sentTo.startsWith(url + QStringLiteral(" with credentials sha256:")) && askedAt.startsWith(url)
                         && sentTo != askedAt,
                     qPrintable(sentTo + QStringLiteral(" / ") + askedAt));
            QCOMPARE(sentTo.size(), url.size() + ProviderConfig::kKeySuffixChars);
            QVERIFY(!sentTo.contains(QStringLiteral("account")));
        }
    }

    // An attempt failed on a "no record" that its provider later says it is
    // still working on: the job may have gone to another provider meanwhile.
    // Nothing can take that back; whoever watches the logs hears of it at once.
    void aFailedAttemptItsProviderIsStillWorkingOnIsReportedAsCritical()
    {
        JD_DISPATCH_SETUP(2000);
        dispatcher = fx.dispatcher(store->url(), /*leaseMs*/ 300, /*neverProcessedGraceMs*/ 0);
        const Job job = fx.submit(*svc, QStringLiteral("failed-but-working"));
        const StartAttemptRequest req = makeStartRequest(job.id, QStringLiteral("primary"));
        const StartAttemptResult started = claimAndStart(*svc, req);
        QVERIFY(started.started);
        svc->markRunning(started.attempt.id, req.actor, 300, 2000, fx.config.provider(QStringLiteral("primary"))->endpoint());
        const Attempt a = svc->markUnknown(started.attempt.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("deadline passed"));
        svc->setClockOffsetMs(120000);
        QCOMPARE(dispatcher->reconcileOnce(*svc), 1); // "never processed", from where it went: failed
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Failed);

        fx.primary.provider()->markInProgress(a.providerKey); // ... and yet it is working on it
        QTest::ignoreMessage(QtCriticalMsg,
                             QRegularExpression(QStringLiteral("attempt %1 of job %2 was failed \\(.*never processed.*\\), but primary says "
                                                               "it is still working on key %3: the job's intent may be running at two "
                                                               "providers")
                                                    .arg(a.id)
                                                    .arg(job.id)
                                                    .arg(QRegularExpression::escape(a.providerKey))));
        QCOMPARE(dispatcher->reconcileOnce(*svc), 0);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Failed);

        // Once per attempt: it is asked about again at every pass for an hour.
        static std::atomic<int> criticals{0};
        criticals = 0;
        const QtMessageHandler before = qInstallMessageHandler([](QtMsgType type, const QMessageLogContext &, const QString &m) {
            if (type == QtCriticalMsg && m.contains(QStringLiteral("may be running at two providers")))
                ++criticals;
        });
        const int more = dispatcher->reconcileOnce(*svc);
        qInstallMessageHandler(before);
        QCOMPARE(more, 0);
        QCOMPARE(criticals.load(), 0);
        QCOMPARE(fx.primary.provider()->received().size(), 3); // asked each time all the same
    }

    // The provider reached at another spelling of its address (localhost for
    // 127.0.0.1; a gateway's new name for the same service) after a restart:
    // without it, the attempts sent to the old spelling were never
    // asked about again, and a paid result the provider held was lost (the
    // operator's cancel then sent the intent to the fallback). A result is
    // collected wherever the provider is reached now.
    void aPaidResultIsCollectedWhereverTheProviderIsReachedNow()
    {
        JD_DISPATCH_SETUP(2000);
        const Attempt a = unknownAttempt(*svc, fx, QStringLiteral("respelled"));
        svc->session().exec(QStringLiteral("UPDATE attempts SET lease_expires_at_ms = 0 WHERE id = $1"), {a.id});
        fx.primary.provider()->markCompleted(a.providerKey, validContent(QStringLiteral("paid, at the old spelling")));
        RouteConfig respelled = fx.config;
        for (ProviderConfig &p : respelled.providers)
            if (p.name == QStringLiteral("primary")) {
                const QString before = p.endpoint();
                p.baseUrl.setHost(QStringLiteral("localhost"));
                QVERIFY(p.endpoint() != before);
            }
        DispatcherOptions o;
        o.lookupBackoffMinMs = 0; // unpaced: each pass may ask again (tst_lookup_pacing tests the pacing)
        o.lookupBackoffMaxMs = 0;
        o.workerId = QStringLiteral("respelled");
        Dispatcher d(store->url(), respelled, std::make_shared<ProviderDirectory>(respelled), o);
        QCOMPARE(d.reconcileOnce(*svc), 1);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Succeeded);
        QVERIFY(svc->job(a.jobId)->result.contains("paid, at the old spelling"));
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);

        // And one that records where it went, sent there by this version.
        const Job job = fx.submit(*svc, QStringLiteral("respelled-sent"));
        const StartAttemptRequest req = makeStartRequest(job.id, QStringLiteral("primary"));
        const StartAttemptResult started = claimAndStart(*svc, req);
        QVERIFY(started.started);
        svc->markRunning(started.attempt.id, req.actor, 300, 2000, fx.config.provider(QStringLiteral("primary"))->endpoint());
        svc->markUnknown(started.attempt.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("deadline passed"));
        fx.primary.provider()->markCompleted(started.attempt.providerKey, validContent(QStringLiteral("paid, recorded there")));
        QCOMPARE(d.reconcileOnce(*svc), 1);
        QCOMPARE(svc->attempt(started.attempt.id)->state, AttemptState::Succeeded);
    }

    // A route taken out of the routes file while one of its attempts is
    // unknown: without it, the provider's finished, paid result was
    // skipped on every pass ("no such route here") and the job waited for an
    // operator's cancel, which threw it away. The result is checked against
    // the contract last recorded in the store, and applied.
    void aPaidResultIsAppliedAfterItsRouteLeftTheRoutesFile()
    {
        JD_DISPATCH_SETUP(2000);
        dispatcher->recordConfig(*svc);
        const Attempt a = unknownAttempt(*svc, fx, QStringLiteral("route-gone"));
        const Attempt broken = unknownAttempt(*svc, fx, QStringLiteral("route-gone-broken"));
        fx.primary.provider()->markCompleted(a.providerKey, validContent(QStringLiteral("paid, route gone")));
        fx.primary.provider()->markCompleted(broken.providerKey, R"({"not":"the contract"})");
        RouteConfig without = fx.config;
        without.routes.first().name = QStringLiteral("translate"); // the same providers, not the jobs' route
        DispatcherOptions o;
        o.lookupBackoffMinMs = 0; // unpaced: each pass may ask again (tst_lookup_pacing tests the pacing)
        o.lookupBackoffMaxMs = 0;
        o.workerId = QStringLiteral("without-route");
        Dispatcher d(store->url(), without, std::make_shared<ProviderDirectory>(without), o);
        QCOMPARE(d.reconcileOnce(*svc), 2);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Succeeded);
        QVERIFY(svc->job(a.jobId)->result.contains("paid, route gone"));
        const Attempt failed = *svc->attempt(broken.id); // checked all the same: the contract was broken
        QCOMPARE(failed.state, AttemptState::Failed);
        QVERIFY2(failed.lastReason.contains(QStringLiteral("broke the contract")), qPrintable(failed.lastReason));
        QCOMPARE(failed.resultDigest.size(), 64);
    }

    // The routes file changed while an attempt was unknown: its paid result
    // is checked against the contract the request was built under, not the
    // one the reconciling instance loaded since. Otherwise a result that met
    // the contract it was asked under would fail as "broke the contract", be
    // thrown away and the job go to its fallback (a second charge), and one
    // that broke it would pass a looser new contract. Each attempt records its contract as it is marked
    // running (migration 36), and a late result is checked against that.
    void aLateResultIsCheckedAgainstTheContractItWasSentUnder()
    {
        JD_DISPATCH_SETUP(2000);
        QVERIFY(dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize")).passed);
        fx.fallback.provider()->clearReceived();
        // Sent by the dispatcher; the gateway answers 500 after the request went in: unknown.
        fx.primary.provider()->setDefaultBehaviour(FakeProvider::Behaviour::httpError(500, /*providerErrorBody*/ true));
        const auto sentAndUnknown = [&](const QString &key) {
            const Job job = fx.submit(*svc, key);
            const auto ran = dispatcher->runOnce(*svc, worker);
            const QList<Attempt> attempts = svc->attempts(job.id);
            return ran == std::optional<qint64>(job.id) && attempts.size() == 1 ? attempts.first() : Attempt{};
        };
        const Attempt metOld = sentAndUnknown(QStringLiteral("contract-met-when-sent"));
        const Attempt brokeOld = sentAndUnknown(QStringLiteral("contract-broken-when-sent"));
        QCOMPARE(metOld.state, AttemptState::Unknown);
        QCOMPARE(brokeOld.state, AttemptState::Unknown);
        const std::optional<NamedConfig> recorded = svc->attemptContract(metOld.id);
        QVERIFY(recorded);
        QCOMPARE(recorded->name, QStringLiteral("summarize"));
        QCOMPARE(recorded->config, fx.route().toJson());
        QCOMPARE(svc->session().exec(QStringLiteral("SELECT count(*) FROM route_contracts")).first().first().toLongLong(), 1);

        // The provider finishes both; meanwhile the route's contract changed:
        // "neutral" is no longer a sentiment, "mixed" is.
        fx.primary.provider()->markCompleted(metOld.providerKey, validContent(QStringLiteral("paid, met the contract asked for")));
        fx.primary.provider()->markCompleted(brokeOld.providerKey, R"({"summary":"paid, broke it","sentiment":"mixed"})");
        RouteConfig changed = fx.config;
        QJsonObject schema = changed.routes.first().outputSchema;
        QJsonObject properties = schema.value(QStringLiteral("properties")).toObject();
        QJsonObject sentiment = properties.value(QStringLiteral("sentiment")).toObject();
        sentiment.insert(QStringLiteral("enum"), QJsonArray{QStringLiteral("positive"), QStringLiteral("negative"), QStringLiteral("mixed")});
        properties.insert(QStringLiteral("sentiment"), sentiment);
        schema.insert(QStringLiteral("properties"), properties);
        changed.routes.first().outputSchema = schema;
        QVERIFY(!checkOutput(changed.routes.first(), validContent(QStringLiteral("x"))).ok); // the new contract refuses it
        DispatcherOptions o;
        o.lookupBackoffMinMs = 0; // unpaced: each pass may ask again (tst_lookup_pacing tests the pacing)
        o.lookupBackoffMaxMs = 0;
        o.workerId = QStringLiteral("new-routes-file");
        Dispatcher d(store->url(), changed, std::make_shared<ProviderDirectory>(changed), o);
        QCOMPARE(d.reconcileOnce(*svc), 2);

        QCOMPARE(svc->attempt(metOld.id)->state, AttemptState::Succeeded);
        QVERIFY(svc->job(metOld.jobId)->result.contains("paid, met the contract asked for"));
        QCOMPARE(svc->job(metOld.jobId)->state, JobState::Succeeded);
        const Attempt broke = *svc->attempt(brokeOld.id);
        QCOMPARE(broke.state, AttemptState::Failed);
        QVERIFY2(broke.lastReason.contains(QStringLiteral("broke the contract")), qPrintable(broke.lastReason));
        QCOMPARE(broke.resultDigest.size(), 64);
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);
        QVERIFY(svc->job(brokeOld.jobId)->result.isEmpty());
    }

    // A recorded contract this JobDesk cannot read as a whole (a newer
    // JobDesk's route key; without it, the attempt stayed unknown on
    // every pass, its job blocked, until an operator's cancel threw the paid
    // result away): its output rules, as recorded, still decide.
    void aContractWithKeysThisVersionDoesNotKnowStillChecksALateResult()
    {
        JD_DISPATCH_SETUP(2000);
        const QString endpoint = fx.config.provider(QStringLiteral("primary"))->endpoint();
        SentUnder newer{QStringLiteral("summarize"), fx.route().toJson()};
        newer.config.insert(QStringLiteral("a_key_of_a_later_jobdesk"), QJsonObject{{QStringLiteral("x"), 1}});
        QJsonObject schema = newer.config.value(QStringLiteral("output_schema")).toObject();
        schema.insert(QStringLiteral("required"), QJsonArray{QStringLiteral("summary")}); // looser than the file's: no sentiment needed
        QJsonObject properties = schema.value(QStringLiteral("properties")).toObject();
        properties.insert(QStringLiteral("note"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}});
        schema.insert(QStringLiteral("properties"), properties);
        newer.config.insert(QStringLiteral("output_schema"), schema);
        const auto sentUnderNewer = [&](const QString &key) {
            const Job job = fx.submit(*svc, key);
            const StartAttemptRequest req = makeStartRequest(job.id, QStringLiteral("primary"));
            const StartAttemptResult started = claimAndStart(*svc, req);
            svc->markRunning(started.attempt.id, req.actor, 300, 2000, endpoint, newer);
            return svc->markUnknown(started.attempt.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("deadline passed"));
        };
        const Attempt met = sentUnderNewer(QStringLiteral("newer-contract-met"));
        const Attempt broke = sentUnderNewer(QStringLiteral("newer-contract-broken"));
        QCOMPARE(met.state, AttemptState::Unknown);
        // Met as recorded (the file's contract would refuse it: no sentiment).
        fx.primary.provider()->markCompleted(met.providerKey, R"({"summary":"paid under a newer route","note":"n"})");
        fx.primary.provider()->markCompleted(broke.providerKey, R"({"note":"no summary"})");
        QVERIFY(!checkOutput(fx.route(), R"({"summary":"paid under a newer route","note":"n"})").ok);
        QCOMPARE(dispatcher->reconcileOnce(*svc), 2);
        QCOMPARE(svc->attempt(met.id)->state, AttemptState::Succeeded);
        QVERIFY(svc->job(met.jobId)->result.contains("paid under a newer route"));
        QCOMPARE(svc->attempt(broke.id)->state, AttemptState::Failed);
        QVERIFY2(svc->attempt(broke.id)->lastReason.contains(QStringLiteral("broke the contract")),
                 qPrintable(svc->attempt(broke.id)->lastReason));
    }

    // The record of what an attempt was asked under is history: not
    // rewritten, moved to another contract or removed, even by the schema's
    // owner with raw SQL; a second markRunning keeps the first record; an
    // attempt marked running without a contract records none.
    void theContractAnAttemptWasSentUnderIsWrittenOnce()
    {
        JD_DISPATCH_SETUP(2000);
        const Job job = fx.submit(*svc, QStringLiteral("contract-once"));
        const StartAttemptRequest req = makeStartRequest(job.id, QStringLiteral("primary"));
        const StartAttemptResult started = claimAndStart(*svc, req);
        QVERIFY(started.started);
        const QString endpoint = fx.config.provider(QStringLiteral("primary"))->endpoint();
        const SentUnder asked{QStringLiteral("summarize"), fx.route().toJson()};
        QCOMPARE(svc->markRunning(started.attempt.id, req.actor, 1000, 2000, endpoint, asked).state, AttemptState::Running);
        SentUnder other = asked;
        other.config.insert(QStringLiteral("temperature"), 0.9);
        QCOMPARE(svc->markRunning(started.attempt.id, req.actor, 1000, 2000, endpoint, other).state, AttemptState::Running);
        QCOMPARE(svc->attemptContract(started.attempt.id)->config, asked.config);
        QCOMPARE(svc->session().exec(QStringLiteral("SELECT count(*) FROM attempt_contracts")).first().first().toLongLong(), 1);

        // Another attempt, marked running without a contract, records none
        // (and its later markRunning with one, once it is running, adds none).
        const Job plain = fx.submit(*svc, QStringLiteral("contract-none"));
        const Attempt b = startRunning(*svc, plain.id, QStringLiteral("primary"));
        QVERIFY(!svc->attemptContract(b.id));
        svc->markRunning(b.id, req.actor, 1000, 2000, {}, asked);
        QVERIFY(!svc->attemptContract(b.id));
        QCOMPARE(svc->session().exec(QStringLiteral("SELECT count(*) FROM route_contracts")).first().first().toLongLong(), 1);

        // Another version of the route is a record of its own; the first stays.
        const Job third = fx.submit(*svc, QStringLiteral("contract-other"));
        const StartAttemptResult thirdStarted = claimAndStart(*svc, makeStartRequest(third.id, QStringLiteral("primary")));
        QVERIFY(thirdStarted.started);
        svc->markRunning(thirdStarted.attempt.id, req.actor, 1000, 2000, endpoint, other);
        QCOMPARE(svc->attemptContract(thirdStarted.attempt.id)->config, other.config);
        QCOMPARE(svc->session().exec(QStringLiteral("SELECT count(*) FROM route_contracts")).first().first().toLongLong(), 2);

        const auto refused = [&](const QString &sql) { return guardRefuses(*svc, sql); };
        QVERIFY2(refused(QStringLiteral("UPDATE route_contracts SET config = '{\"name\":\"summarize\"}'")), "a contract was rewritten");
        QVERIFY2(refused(QStringLiteral("DELETE FROM route_contracts")), "contracts were deleted");
        QVERIFY2(refused(QStringLiteral("UPDATE attempt_contracts SET attempt_id = attempt_id")), "an attempt's contract was rewritten");
        QVERIFY2(refused(QStringLiteral("DELETE FROM attempt_contracts")), "an attempt's contract was removed");
        if (store->isPostgres()) {
            QVERIFY2(refused(QStringLiteral("TRUNCATE attempt_contracts")), "attempts' contracts were truncated");
            QVERIFY2(refused(QStringLiteral("TRUNCATE route_contracts, attempt_contracts")), "contracts were truncated");
        }
        // Neither a made-up name nor one for no contract.
        const auto failsInsert = [&](const QString &sql) {
            try {
                svc->session().exec(sql);
                return false;
            } catch (const SqlError &) {
                return true;
            }
        };
        QVERIFY(failsInsert(QStringLiteral("INSERT INTO route_contracts (contract_hash, route, config, recorded_at_ms) "
                                           "VALUES ('not-a-digest', 'summarize', '{}', 0)")));
        QVERIFY(failsInsert(QStringLiteral("INSERT INTO attempt_contracts (attempt_id, contract_hash) VALUES (%1, '%2')")
                                .arg(b.id)
                                .arg(QString(64, QLatin1Char('a')))));
        QCOMPARE(svc->attemptContract(started.attempt.id)->config, asked.config);
    }

    // An attempt that does not record where it was sent (an older JobDesk
    // sent it; since migration 33 none may share the store, but its attempts
    // stay): the endpoint asked now may not be the one it went to, so its "no
    // record of this key" settles nothing and the operator decides; the
    // provider's result, when it has one, is still applied. Without it,
    // an old server's attempt went to one endpoint, a new server asked
    // another, failed the attempt and sent the job to the fallback.
    void anAttemptThatDoesNotRecordWhereItWentIsNotFailedOnANoRecord()
    {
        JD_DISPATCH_SETUP(2000);
        QVERIFY(dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize")).passed);
        fx.fallback.provider()->clearReceived();
        dispatcher = fx.dispatcher(store->url(), /*leaseMs*/ 300, /*neverProcessedGraceMs*/ 0);
        const Attempt old = unknownAttempt(*svc, fx, QStringLiteral("old-sender"));
        const Attempt done = unknownAttempt(*svc, fx, QStringLiteral("old-sender-done"));
        QVERIFY(!svc->attemptSentTo(old.id));
        svc->session().exec(QStringLiteral("UPDATE attempts SET lease_expires_at_ms = 0 WHERE id IN ($1, $2)"), {old.id, done.id});
        fx.primary.provider()->markCompleted(done.providerKey, validContent(QStringLiteral("paid, found after all")));

        QCOMPARE(dispatcher->reconcileOnce(*svc), 1); // the result settles its attempt; the "no record" settles nothing
        QCOMPARE(svc->attempt(done.id)->state, AttemptState::Succeeded);
        QCOMPARE(svc->attempt(old.id)->state, AttemptState::Unknown);
        QCOMPARE(svc->job(old.jobId)->state, JobState::Blocked);
        const std::optional<UnknownQueueItem> item = [&]() -> std::optional<UnknownQueueItem> {
            for (const UnknownQueueItem &i : svc->unknownQueue())
                if (i.attempt.id == old.id)
                    return i;
            return std::nullopt;
        }();
        QVERIFY(item);
        QCOMPARE(item->lastAnswer, std::optional<LookupAnswer>(LookupAnswer::NeverProcessed));
        QVERIFY2(item->lastAnswerDetail.contains(QStringLiteral("does not record where its request went"))
                     && item->lastAnswerDetail.contains(QStringLiteral("an operator decides")),
                 qPrintable(item->lastAnswerDetail));
        QCOMPARE(dispatcher->runOnce(*svc, worker), std::nullopt); // blocked: nothing sent anywhere
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);

        // Recorded where it went, the same answer is conclusive.
        QVERIFY(!svc->recordSentTo(old.id, fx.config.provider(QStringLiteral("primary"))->endpoint())); // unknown: too late to record
        const Attempt sent = [&] {
            const Job job = fx.submit(*svc, QStringLiteral("new-sender"));
            const Attempt a = startRunning(*svc, job.id, QStringLiteral("primary"));
            svc->recordSentTo(a.id, fx.config.provider(QStringLiteral("primary"))->endpoint());
            return svc->markUnknown(a.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("deadline passed"));
        }();
        svc->session().exec(QStringLiteral("UPDATE attempts SET lease_expires_at_ms = 0 WHERE id = $1"), {sent.id});
        QCOMPARE(dispatcher->reconcileOnce(*svc), 1);
        QCOMPARE(svc->attempt(sent.id)->state, AttemptState::Failed);
        QCOMPARE(svc->attempt(old.id)->state, AttemptState::Unknown);
    }

    // The sender dies right after the attempt is marked running, before its
    // request leaves. With migration 33 the endpoint was recorded by a second
    // statement; a sender that died between the two left an attempt that
    // records nowhere, whose endpoint's "never processed" then settled
    // nothing, and the job waited for an operator although nothing had been
    // sent. Since migration 34 the move to running records where it goes
    // (this test's own trigger refuses any statement that leaves an attempt
    // running without it), and the endpoint's "no record" frees the job: the
    // intent is sent once, by the next dispatcher.
    void aSenderThatDiesRightAfterMarkingRunningLeavesAnAttemptItsEndpointSettles()
    {
        JD_DISPATCH_SETUP(2000);
        QVERIFY(dispatcher->validate(*svc, QStringLiteral("fallback"), QStringLiteral("summarize")).passed);
        fx.fallback.provider()->clearReceived();
        if (store->isPostgres()) {
            svc->session().exec(QStringLiteral(
                "CREATE FUNCTION test_running_records_where() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                "RAISE EXCEPTION 'test: attempt % is running without where its request goes', NEW.id; END $$"));
            svc->session().exec(QStringLiteral(
                "CREATE TRIGGER test_running_records_where AFTER UPDATE ON attempts FOR EACH ROW "
                "WHEN (NEW.state = 'running' AND NEW.sent_to IS NULL) EXECUTE FUNCTION test_running_records_where()"));
        } else {
            svc->session().exec(QStringLiteral(
                "CREATE TRIGGER test_running_records_where AFTER UPDATE ON attempts "
                "WHEN NEW.state = 'running' AND NEW.sent_to IS NULL "
                "BEGIN SELECT RAISE(ABORT, 'test: an attempt is running without where its request goes'); END"));
        }
        struct SenderDied
        {
        };
        DispatcherOptions o;
        o.lookupBackoffMinMs = 0; // unpaced: each pass may ask again (tst_lookup_pacing tests the pacing)
        o.lookupBackoffMaxMs = 0;
        o.workerId = QStringLiteral("dies");
        o.leaseMs = 300;
        o.neverProcessedGraceMs = 0;
        o.beforeSendForTests = [](const Attempt &) { throw SenderDied{}; };
        Dispatcher dying(store->url(), fx.config, std::make_shared<ProviderDirectory>(fx.config), o);
        const Job job = fx.submit(*svc, QStringLiteral("dies-after-running"));
        QString died;
        try {
            dying.runOnce(*svc, worker);
        } catch (const SenderDied &) {
            died = QStringLiteral("after marking running");
        } catch (const std::exception &e) {
            died = QString::fromUtf8(e.what());
        }
        QCOMPARE(died, QStringLiteral("after marking running"));
        const Attempt a = svc->attempts(job.id).first();
        QCOMPARE(a.state, AttemptState::Running);
        QCOMPARE(svc->attemptSentTo(a.id), std::optional(fx.config.provider(QStringLiteral("primary"))->endpoint()));
        QCOMPARE(fx.primary.provider()->completionRequestCount(), 0);

        // Well past its lease by the database clock: reaped, asked where it
        // went, and that endpoint's "no record" settles it.
        svc->setClockOffsetMs(120000);
        const auto next = fx.dispatcher(store->url(), /*leaseMs*/ 2000, /*neverProcessedGraceMs*/ 0);
        QCOMPARE(next->reapOnce(*svc), 1);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Unknown);
        QCOMPARE(next->reconcileOnce(*svc), 1);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Failed);
        QCOMPARE(svc->job(job.id)->state, JobState::Queued);

        QCOMPARE(next->runOnce(*svc, QStringLiteral("w-next")), std::optional<qint64>(job.id));
        QCOMPARE(svc->job(job.id)->state, JobState::Succeeded);
        QCOMPARE(fx.primary.provider()->completionRequestCount() + fx.fallback.provider()->completionRequestCount(), 1);
    }
};

QTEST_GUILESS_MAIN(TestReconciler)
#include "tst_reconciler.moc"
