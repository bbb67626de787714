// "Ask the provider now" (migration 9): an operator's audited request on an
// unknown attempt that the reconciler answers first, even behind many older
// unknown attempts; a repeated request id writes once; only an unknown
// attempt of a provider with a status lookup can be asked about; a viewer is
// refused by the database (PostgreSQL). The on-call queue shows the request
// and the lookup that answered it, and the change marks move for both. Both stores.

#include "StoreFixture.h"
#include "domain/RefusalText.h"

#include <QDeadlineTimer>
#include <QJsonObject>
#include <QScopeGuard>
#include <QThread>
#include <QTest>

#include <thread>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

const Actor kWorker = Actor::worker(QStringLiteral("w1"));
const QStringList kLookupProviders{QStringLiteral("primary")};

Attempt unknownAttempt(JobService &svc, const QString &key, const QString &provider = QStringLiteral("primary"))
{
    const Job job = submitJob(svc, key);
    const Attempt a = startRunning(svc, job.id, provider);
    return svc.markUnknown(a.id, kWorker, QStringLiteral("deadline passed"));
}

// The message of the stale-view refusal `action` throws (fails the test if it throws nothing or something else).
template<typename F>
QString staleRefusal(F action)
{
    try {
        action();
    } catch (const JobDeskError &e) {
        if (e.code() == JobDeskError::Code::StaleView)
            return e.message();
        return QStringLiteral("not a stale-view refusal: ") + e.message();
    }
    return QStringLiteral("nothing was refused");
}

void recordProviders(JobService &svc)
{
    svc.recordProvider(QStringLiteral("primary"), QJsonObject{{QStringLiteral("status_lookup"), true}});
    svc.recordProvider(QStringLiteral("fallback"), QJsonObject{{QStringLiteral("status_lookup"), false}});
}

QList<qint64> ids(const QList<Attempt> &attempts)
{
    QList<qint64> out;
    for (const Attempt &a : attempts)
        out.append(a.id);
    return out;
}

// The queue's item for the attempt: a pointer into `q`, valid while q lives.
const UnknownQueueItem *queueItem(const QList<UnknownQueueItem> &q, qint64 attemptId)
{
    for (const UnknownQueueItem &i : q)
        if (i.attempt.id == attemptId)
            return &i;
    return nullptr;
}

} // namespace

class TestLookupRequests : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void requestedAttemptIsAskedFirstEvenBehindManyOlderOnes()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordProviders(*svc);
        constexpr int kOlder = 12;
        constexpr int kBatch = 5;
        QList<Attempt> older;
        for (int i = 0; i < kOlder; ++i)
            older.append(unknownAttempt(*svc, QStringLiteral("old-%1").arg(i)));
        const Attempt newest = unknownAttempt(*svc, QStringLiteral("newest"));
        // Without a request the newest unknown attempt waits behind the older ones.
        QVERIFY(!ids(svc->unknownAttemptsToReconcile(kBatch, kLookupProviders, false)).contains(newest.id));

        const ChangeMarks before = svc->changeMarks();
        OperatorRequest req = operatorRequest(QStringLiteral("customer on the phone"));
        req.seenChangeSeq = svc->job(newest.jobId)->changeSeq;
        const OperatorResult r = svc->requestLookup(newest.id, req);
        QVERIFY(!r.replayed);
        QCOMPARE(r.response.value(QStringLiteral("action")).toString(), QStringLiteral("request_lookup"));
        QCOMPARE(r.response.value(QStringLiteral("attempt_id")).toInteger(), newest.id);

        // The reconciler's next pass asks about it first; the rest keep their fair order.
        const QList<Attempt> next = svc->unknownAttemptsToReconcile(kBatch, kLookupProviders, false);
        QCOMPARE(next.size(), kBatch);
        QCOMPARE(next.first().id, newest.id);
        QCOMPARE(next.at(1).id, older.at(0).id);
        // A request does not change the attempt's state or its job's change sequence (no event).
        QCOMPARE(svc->attempt(newest.id)->state, AttemptState::Unknown);
        QCOMPARE(svc->job(newest.jobId)->changeSeq, *req.seenChangeSeq);
        const ChangeMarks requested = svc->changeMarks();
        QVERIFY(requested.auditId > before.auditId);

        // The queue shows the request as outstanding until the reconciler asks.
        const QList<UnknownQueueItem> queued = svc->unknownQueue(); // item points into it
        const UnknownQueueItem *item = queueItem(queued, newest.id);
        QVERIFY(item);
        QCOMPARE(item->lookupRequestedAtMs, std::optional<qint64>(r.response.value(QStringLiteral("requested_at_ms")).toInteger()));
        QVERIFY(item->lookupOutstanding());
        QCOMPARE(item->jobChangeSeq, *req.seenChangeSeq);

        svc->recordLookup(newest.id); // the reconciler asked
        const QList<UnknownQueueItem> q = svc->unknownQueue();
        item = queueItem(q, newest.id);
        QVERIFY(!item->lookupOutstanding());
        QCOMPARE(item->lookupCount, 1);
        QVERIFY(item->attempt.lastLookupAtMs && *item->attempt.lastLookupAtMs >= *item->lookupRequestedAtMs);
        QVERIFY(svc->changeMarks().lookupAtMs >= *item->attempt.lastLookupAtMs);
        QVERIFY(svc->changeMarks().lookupAtMs != requested.lookupAtMs);
        // Answered: it goes back to the fair rotation (asked most recently: last).
        QVERIFY(!ids(svc->unknownAttemptsToReconcile(kBatch, kLookupProviders, false)).contains(newest.id));
        QCOMPARE(svc->unknownAttemptsToReconcile(kOlder + 1, kLookupProviders, false).last().id, newest.id);
    }

    // An unknown attempt of a job that already has a winner (a hedge won
    // while the primary timed out) may still have been paid for: an operator
    // asks about it. The reconciler offers decided jobs' attempts only when
    // the undecided ones leave room in a batch; the request must not wait
    // behind a steady stream of them (before: it was never offered).
    void requestOnADecidedJobsAttemptIsAskedFirstUnderLoad()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordProviders(*svc);
        constexpr int kBatch = 3;
        for (int i = 0; i < kBatch + 2; ++i) // more undecided unknown attempts than a batch holds
            unknownAttempt(*svc, QStringLiteral("busy-%1").arg(i));
        const Job decided = submitJob(*svc, QStringLiteral("decided"), 2);
        const Attempt primary = startRunning(*svc, decided.id, QStringLiteral("primary"));
        const Attempt hedge = startRunning(*svc, decided.id, QStringLiteral("primary"), AttemptKind::Hedge);
        svc->markUnknown(primary.id, kWorker, QStringLiteral("deadline passed"));
        QCOMPARE(svc->complete(hedge.id, R"({"summary":"hedge"})", kWorker).outcome, CompleteResult::Outcome::Won);
        QCOMPARE(svc->attempt(primary.id)->state, AttemptState::Unknown);

        OperatorRequest req = operatorRequest(QStringLiteral("was the primary charged too?"));
        req.seenChangeSeq = svc->job(decided.id)->changeSeq;
        QVERIFY(!svc->requestLookup(primary.id, req).replayed);

        const QList<Attempt> undecided = svc->unknownAttemptsToReconcile(kBatch, kLookupProviders, false);
        QCOMPARE(undecided.size(), kBatch); // full: the dispatcher does not ask for decided jobs' attempts this pass
        QCOMPARE(undecided.first().id, primary.id);
        svc->recordLookup(primary.id); // asked: the request is answered
        QVERIFY(!ids(svc->unknownAttemptsToReconcile(kBatch, kLookupProviders, false)).contains(primary.id));
    }

    // What the provider said at the last lookup is on the queue (migration 26):
    // each lookup records its own answer, a note is kept whole up to 500
    // characters, and text a store cannot keep is recorded as U+FFFD.
    void eachLookupRecordsWhatTheProviderAnswered()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Attempt a = unknownAttempt(*svc, QStringLiteral("answered"));
        QVERIFY(!queueItem(svc->unknownQueue(), a.id)->lastAnswer); // not asked yet
        const qint64 seq = svc->job(a.jobId)->changeSeq;

        svc->recordLookup(a.id, std::nullopt, LookupAnswer::NeverProcessed, QStringLiteral("no record of the key yet"));
        const QList<UnknownQueueItem> answered = svc->unknownQueue(); // item points into it
        const UnknownQueueItem *item = queueItem(answered, a.id);
        QCOMPARE(item->lastAnswer, std::optional<LookupAnswer>(LookupAnswer::NeverProcessed));
        QCOMPARE(item->lastAnswerDetail, QStringLiteral("no record of the key yet"));
        QCOMPARE(item->lookupCount, 1);

        const QString longNote = QStringLiteral("é").repeated(600);
        svc->recordLookup(a.id, std::nullopt, LookupAnswer::InProgress, longNote);
        QList<UnknownQueueItem> q = svc->unknownQueue();
        item = queueItem(q, a.id);
        QCOMPARE(item->lastAnswer, std::optional<LookupAnswer>(LookupAnswer::InProgress));
        QCOMPARE(item->lastAnswerDetail, longNote.left(500));
        // "Still working on it", new since the last answer, moves the job's
        // change sequence (an operator's cancel decided before it is stale);
        // the same answer again does not.
        const qint64 afterInProgress = svc->job(a.jobId)->changeSeq;
        QVERIFY(afterInProgress > seq);
        svc->recordLookup(a.id, std::nullopt, LookupAnswer::InProgress, longNote);
        QCOMPARE(svc->job(a.jobId)->changeSeq, afterInProgress);

        svc->recordLookup(a.id, std::nullopt, LookupAnswer::NoAnswer, QStringLiteral("HTTP 503\u0000 from the status endpoint"));
        q = svc->unknownQueue();
        item = queueItem(q, a.id);
        QCOMPARE(item->lastAnswer, std::optional<LookupAnswer>(LookupAnswer::NoAnswer));
        QCOMPARE(item->lastAnswerDetail, QStringLiteral("HTTP 503\uFFFD from the status endpoint"));

        svc->recordLookup(a.id); // an answer with nothing to show replaces the last one
        q = svc->unknownQueue();
        item = queueItem(q, a.id);
        QVERIFY(!item->lastAnswer);
        QVERIFY(item->lastAnswerDetail.isEmpty());
        QCOMPARE(item->lookupCount, 5);
        // Otherwise informational: no state change, no event, no change sequence.
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Unknown);
        QCOMPARE(svc->job(a.jobId)->changeSeq, afterInProgress);
    }

    // An operator looks at an unknown attempt the provider has not answered
    // for; before the cancel is confirmed, the provider says it is still
    // working on it. Found by a review: the cancel went through on the older
    // view, the job went back to the queue and its next provider was sent the
    // intent the first one was running. The cancel is now refused as stale,
    // and nothing changes until the operator decides again.
    // The "still working" answer moves the job's change sequence forward,
    // never back, while another writer holds the job: its number is taken
    // once the job is locked (found by a review: it was taken before, the
    // other writer committed a higher one meanwhile, and the answer then set
    // the job's number below it, so a view taken in between passed the stale
    // check without the answer).
    void aStillWorkingAnswerNeverMovesTheJobsChangeBack()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Attempt a = unknownAttempt(*svc, QStringLiteral("seq-back"));
        const bool pg = store->url().dialect == Dialect::Postgres;
        auto other = store->open();  // another writer of the job
        auto lookup = store->open(); // the reconciler's connection
        const qint64 lookupPid = pg ? lookup->session().exec(QStringLiteral("SELECT pg_backend_pid()")).first().first().toLongLong() : 0;

        other->session().begin();
        if (pg)
            other->session().exec(QStringLiteral("SELECT id FROM jobs WHERE id = $1 FOR UPDATE"), {a.jobId});
        else // SQLite: the write lock, as every writer takes it
            other->session().exec(QStringLiteral("UPDATE jd_counter SET value = value WHERE id = 1"));
        std::thread reconciler([&] { lookup->recordLookup(a.id, std::nullopt, LookupAnswer::InProgress, QStringLiteral("running")); });
        auto joiner = qScopeGuard([&] {
            if (other->session().inTransaction())
                other->session().rollback();
            reconciler.join();
        });
        if (pg) { // the reconciler waits inside the database for the job's row
            QDeadlineTimer deadline(20000);
            bool waiting = false;
            while (!waiting && !deadline.hasExpired()) {
                waiting = !svc->session().exec(QStringLiteral("SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'"),
                                               {lookupPid})
                               .isEmpty();
                if (!waiting)
                    QThread::msleep(5);
            }
            QVERIFY2(waiting, "the lookup's record never waited for the job's row");
        }
        const qint64 committed = pg ? other->session()
                                          .exec(QStringLiteral("UPDATE jobs SET change_seq = nextval('jd_change_seq') WHERE id = $1 "
                                                               "RETURNING change_seq"),
                                                {a.jobId})
                                          .first().first().toLongLong()
                                    : other->session()
                                          .exec(QStringLiteral("UPDATE jd_counter SET value = value + 1 WHERE id = 1 RETURNING value"))
                                          .first().first().toLongLong();
        if (!pg)
            other->session().exec(QStringLiteral("UPDATE jobs SET change_seq = $2 WHERE id = $1"), {a.jobId, committed});
        other->session().commit();
        joiner.dismiss();
        reconciler.join();
        const Job after = *svc->job(a.jobId);
        QVERIFY2(after.changeSeq > committed, qPrintable(QStringLiteral("the job's change sequence is %1, the other writer's %2")
                                                             .arg(after.changeSeq)
                                                             .arg(committed)));
        QVERIFY(svc->jobDetail(a.jobId).inProgressSinceMs.contains(a.id));
    }

    void aStillWorkingAnswerAfterTheOperatorLookedMakesTheCancelStale()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Attempt a = unknownAttempt(*svc, QStringLiteral("stale-cancel"));
        svc->recordLookup(a.id, std::nullopt, std::nullopt, QStringLiteral("HTTP 503"));
        const UnknownQueueItem seen = *queueItem(svc->unknownQueue(), a.id);
        QVERIFY(!seen.lastAnswer);

        svc->recordLookup(a.id, std::nullopt, LookupAnswer::InProgress, QStringLiteral("running"));

        OperatorRequest req = operatorRequest(QStringLiteral("the provider did not answer"));
        req.seenChangeSeq = seen.jobChangeSeq;
        JD_VERIFY_THROWS_CODE(svc->cancelAttempt(a.id, req), JobDeskError::Code::StaleView);
        // The refusal names what changed: the provider's answer, not the
        // older event (it said "latest: attempt #1 running -> unknown").
        const QString why = staleRefusal([&] { svc->cancelAttempt(a.id, req); });
        QVERIFY2(why.contains(QStringLiteral("; latest: the provider says attempt #1 is still working on it. Refresh and decide again.")),
                 qPrintable(why));
        std::optional<JobDeskError> refused;
        try {
            svc->cancelAttempt(a.id, req);
        } catch (const JobDeskError &e) {
            refused = e;
        }
        QVERIFY(refused);
        QCOMPARE(refused->refusalCode(), QStringLiteral("JD113")); // its own code, not the plain JD114 with everything in "it is %4"
        QCOMPARE(refused->refusalParams().value(QStringLiteral("state")).toString(), QStringLiteral("blocked"));
        QCOMPARE(refused->refusalParams().value(QStringLiteral("attempt_no")).toString(), QStringLiteral("1"));
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Unknown);
        QCOMPARE(svc->job(a.jobId)->state, JobState::Blocked);
        // Decided again on what the queue shows now, the cancel is the operator's to make.
        req.seenChangeSeq = queueItem(svc->unknownQueue(), a.id)->jobChangeSeq;
        req.requestId = QStringLiteral("stale-cancel-2");
        svc->cancelAttempt(a.id, req);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Cancelled);
    }

    // The provider said "still working on it" before the operator looked;
    // then the attempt's paid answer arrived late and won. The cancel decided
    // on the old view is refused, and the refusal names the win, not the
    // provider's older answer.
    void aLateWinAfterTheProvidersAnswerIsWhatTheStaleRefusalNames()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Attempt a = unknownAttempt(*svc, QStringLiteral("late-win"));
        svc->recordLookup(a.id, std::nullopt, LookupAnswer::InProgress, QStringLiteral("running"));
        const UnknownQueueItem seen = *queueItem(svc->unknownQueue(), a.id);
        QCOMPARE(svc->complete(a.id, R"({"summary":"late"})", kWorker).outcome, CompleteResult::Outcome::Won);

        OperatorRequest req = operatorRequest(QStringLiteral("the provider does not answer"));
        req.seenChangeSeq = seen.jobChangeSeq;
        const QString why = staleRefusal([&] { svc->cancelAttempt(a.id, req); });
        QVERIFY2(why.contains(QStringLiteral("it is succeeded; latest: attempt #1 unknown -> succeeded by worker")), qPrintable(why));
        QVERIFY2(!why.contains(QStringLiteral("still working")), qPrintable(why));
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Succeeded);
    }

    // A status endpoint that times out every other pass: the provider's "in
    // progress" between the failures is the same news each time, and moves
    // the job's change sequence once. Found by a review: it moved at every
    // return, and every action an operator decided on the job was refused as
    // stale for as long as the endpoint flapped. "Never processed" is news
    // again.
    void aFlappingStatusEndpointMovesTheJobOnceNotAtEveryAnswer()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Attempt a = unknownAttempt(*svc, QStringLiteral("flapping"));
        svc->recordLookup(a.id, std::nullopt, LookupAnswer::InProgress, QStringLiteral("running"));
        const UnknownQueueItem seen = *queueItem(svc->unknownQueue(), a.id);
        QCOMPARE(seen.lastAnswer, std::optional<LookupAnswer>(LookupAnswer::InProgress));
        for (int pass = 0; pass < 3; ++pass) {
            svc->recordLookup(a.id, std::nullopt, LookupAnswer::NoAnswer, QStringLiteral("timed out"));
            svc->recordLookup(a.id, std::nullopt, std::nullopt, QString());
            svc->recordLookup(a.id, std::nullopt, LookupAnswer::InProgress, QStringLiteral("running"));
        }
        QCOMPARE(svc->job(a.jobId)->changeSeq, seen.jobChangeSeq);

        svc->recordLookup(a.id, std::nullopt, LookupAnswer::NeverProcessed, QStringLiteral("no record yet"));
        QCOMPARE(svc->job(a.jobId)->changeSeq, seen.jobChangeSeq);
        svc->recordLookup(a.id, std::nullopt, LookupAnswer::InProgress, QStringLiteral("running after all"));
        const qint64 moved = svc->job(a.jobId)->changeSeq;
        QVERIFY(moved > seen.jobChangeSeq);

        OperatorRequest req = operatorRequest(QStringLiteral("the provider confirmed it will not charge"));
        req.seenChangeSeq = seen.jobChangeSeq;
        JD_VERIFY_THROWS_CODE(svc->cancelAttempt(a.id, req), JobDeskError::Code::StaleView);
        svc->recordLookup(a.id, std::nullopt, LookupAnswer::NoAnswer, QStringLiteral("timed out"));
        svc->recordLookup(a.id, std::nullopt, LookupAnswer::InProgress, QStringLiteral("running"));
        req.seenChangeSeq = moved;
        req.requestId = QStringLiteral("flapping-2");
        svc->cancelAttempt(a.id, req); // decided on what it says now: not stale
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Cancelled);
    }

    // The late results of cancelled attempts are asked for on providers with
    // a status lookup only, least recently asked first. Found by a review:
    // the twenty newest were taken first and filtered after, so twenty newer
    // cancels on a provider without a lookup (where cancelling is the only
    // way out) hid every older attempt until its lookback ran out.
    void cancelledAttemptsToAskAboutAreOnLookupProvidersLeastRecentlyAskedFirst()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const qint64 since = svc->nowMs() - 3600000;
        QList<qint64> onPrimary;
        for (int i = 0; i < 5; ++i) {
            const Attempt a = unknownAttempt(*svc, QStringLiteral("p-%1").arg(i));
            svc->cancelAttempt(a.id, operatorRequest());
            onPrimary.append(a.id);
        }
        for (int i = 0; i < 25; ++i) { // newer, on a provider without a lookup
            const Attempt a = unknownAttempt(*svc, QStringLiteral("f-%1").arg(i), QStringLiteral("fallback"));
            svc->cancelAttempt(a.id, operatorRequest());
        }
        QList<qint64> first = ids(svc->closedAttemptsToReconcile(since, 3, kLookupProviders));
        QCOMPARE(first.size(), 3);
        for (qint64 id : first) {
            QVERIFY(onPrimary.contains(id));
            svc->recordLookup(id); // asked
        }
        // The next pass asks the two never asked before the three just asked.
        const QList<qint64> next = ids(svc->closedAttemptsToReconcile(since, 3, kLookupProviders));
        QCOMPARE(next.size(), 3);
        QSet<qint64> neverAsked(onPrimary.cbegin(), onPrimary.cend());
        for (qint64 id : first)
            neverAsked.remove(id);
        QCOMPARE(QSet<qint64>(next.cbegin(), next.cbegin() + 2), neverAsked);
        QVERIFY(first.contains(next.at(2)));
        QCOMPARE(svc->closedAttemptsToReconcile(since, 30, {}).size(), 0); // no provider to ask
    }

    void repeatedRequestIdWritesOnce()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordProviders(*svc);
        const Attempt a = unknownAttempt(*svc, QStringLiteral("rep-1"));
        const Attempt b = unknownAttempt(*svc, QStringLiteral("rep-2"));
        const OperatorRequest req = operatorRequest(QStringLiteral("ask again"));
        const OperatorResult first = svc->requestLookup(a.id, req);
        const OperatorResult again = svc->requestLookup(a.id, req); // a double submit, or a re-send after a lost connection
        QVERIFY(!first.replayed);
        QVERIFY(again.replayed);
        QCOMPARE(again.response, first.response);
        QCOMPARE(svc->auditLog(a.jobId).size(), 1);
        QCOMPARE(svc->auditLog(a.jobId).first().action, QStringLiteral("request_lookup"));
        QCOMPARE(svc->auditLog(a.jobId).first().reason, QStringLiteral("ask again"));
        // The same id on another attempt, or for another action, is an error, not the old answer.
        JD_VERIFY_THROWS_CODE(svc->requestLookup(b.id, req), JobDeskError::Code::InvalidArgument);
        JD_VERIFY_THROWS_CODE(svc->cancelAttempt(a.id, req), JobDeskError::Code::InvalidArgument);
        QCOMPARE(svc->auditLog(b.jobId).size(), 0);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Unknown);
    }

    void onlyAnUnknownAttemptWithALookupCanBeAskedAbout()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordProviders(*svc);
        const Attempt noLookup = unknownAttempt(*svc, QStringLiteral("nl"), QStringLiteral("fallback"));
        JD_VERIFY_THROWS_CODE(svc->requestLookup(noLookup.id, operatorRequest()), JobDeskError::Code::InvalidTransition);
        const Job j = submitJob(*svc, QStringLiteral("running"));
        const Attempt running = startRunning(*svc, j.id);
        JD_VERIFY_THROWS_CODE(svc->requestLookup(running.id, operatorRequest()), JobDeskError::Code::InvalidTransition);
        JD_VERIFY_THROWS_CODE(svc->requestLookup(running.id + 1000, operatorRequest()), JobDeskError::Code::NotFound);
        // A stale view is refused (the job moved since the operator looked).
        const Attempt a = unknownAttempt(*svc, QStringLiteral("stale"));
        OperatorRequest stale = operatorRequest();
        stale.seenChangeSeq = svc->job(a.jobId)->changeSeq - 1;
        JD_VERIFY_THROWS_CODE(svc->requestLookup(a.id, stale), JobDeskError::Code::StaleView);
        // A reason is required, and a viewer may not ask.
        JD_VERIFY_THROWS_CODE(svc->requestLookup(a.id, operatorRequest(QString())), JobDeskError::Code::InvalidArgument);
        OperatorRequest asViewer = operatorRequest();
        asViewer.actor = Actor::viewer(QStringLiteral("sam"));
        JD_VERIFY_THROWS_CODE(svc->requestLookup(a.id, asViewer), JobDeskError::Code::Forbidden);
        for (qint64 job : {noLookup.jobId, j.id, a.jobId})
            QCOMPARE(svc->auditLog(job).size(), 0);
        QVERIFY(!queueItem(svc->unknownQueue(), a.id)->lookupRequestedAtMs);
    }

    void viewerIsRefusedByTheDatabaseAndOperatorIsRecorded()
    {
        JD_FRESH_STORE(store);
        auto owner = store->open();
        recordProviders(*owner);
        const Attempt a = unknownAttempt(*owner, QStringLiteral("roles"));
        if (store->isPostgres()) {
            auto viewer = JobService::open(loginAs(*store, QStringLiteral("jd_test_viewer"), QStringLiteral("jobdesk_viewer")));
            QCOMPARE(viewer->sessionIdentity().role, Role::Viewer);
            JD_VERIFY_THROWS_CODE(viewer->requestLookup(a.id, operatorRequest()), JobDeskError::Code::Forbidden);
            QVERIFY(!queueItem(viewer->unknownQueue(), a.id)->lookupRequestedAtMs); // it may read the queue
            QCOMPARE(owner->auditLog(a.jobId).size(), 0);
        }
        std::unique_ptr<JobService> op = store->isPostgres()
            ? JobService::open(loginAs(*store, QStringLiteral("jd_test_operator"), QStringLiteral("jobdesk_operator")))
            : store->open();
        QVERIFY(!op->requestLookup(a.id, operatorRequest(QStringLiteral("on-call asked"))).replayed);
        const QList<AuditEntry> audit = owner->auditLog(a.jobId);
        QCOMPARE(audit.size(), 1);
        QCOMPARE(audit.first().actorId, QStringLiteral("alice"));
        QCOMPARE(audit.first().attemptId, std::optional<qint64>(a.id));
        if (store->isPostgres())
            QCOMPARE(audit.first().databaseUser, QStringLiteral("jd_test_operator"));
        QVERIFY(queueItem(owner->unknownQueue(), a.id)->lookupOutstanding());
    }
};

QTEST_GUILESS_MAIN(TestLookupRequests)
#include "tst_lookup_requests.moc"
