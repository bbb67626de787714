// The database is the guard: raw SQL that bypasses JobService is refused by
// constraints and triggers, in both dialects.

#include "StoreFixture.h"

#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

const QString kFingerprint(64, u'f');

// A row in each history table: a replay event, attempts' events, a race loss
// (a hedge wins, then the primary finishes), and an audit row (a job
// cancelled). Keys: key (the raced job) and key + "-c" (the cancelled one).
struct History
{
    Job raced;
    Attempt loser;
    Job cancelled;
};

History writeHistory(JobService &svc, const QString &key)
{
    History h;
    h.raced = submitJob(svc, key, 2);
    svc.submit(makeSubmit(key, {{QStringLiteral("prompt"), key}}, 2)); // a replay event
    h.loser = startRunning(svc, h.raced.id, QStringLiteral("p1"));
    const Attempt winner = startRunning(svc, h.raced.id, QStringLiteral("p2"), AttemptKind::Hedge);
    svc.complete(winner.id, R"({"ok":2})", Actor::worker(QStringLiteral("w")));
    svc.complete(h.loser.id, R"({"ok":1})", Actor::worker(QStringLiteral("w"))); // a race loss
    h.cancelled = submitJob(svc, key + QStringLiteral("-c"));
    svc.cancelJob(h.cancelled.id, operatorRequest()); // an audit row
    return h;
}

// A raw insert as worker w1 would write it: with a lease far in the future
// (every attempt starts with one). startRunning() claims jobs for w1.
QString insertAttemptSql(const QString &kind = QStringLiteral("automatic"), const QString &worker = QStringLiteral("w1"))
{
    return QStringLiteral("INSERT INTO attempts (job_id, attempt_no, provider, kind, state, read_version, start_request_id, "
                          "worker_id, lease_expires_at_ms) VALUES ($1, $2, 'raw', '%1', 'starting', 0, $3, %2, 9000000000000)")
        .arg(kind, worker.isEmpty() ? QStringLiteral("NULL") : u'\'' + worker + u'\'');
}

} // namespace

class TestDatabaseGuard : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void secondJobWithSameOwnerAndKeyIsRefused()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const QString sql = QStringLiteral("INSERT INTO jobs (owner_id, idempotency_key, fingerprint, route, input) "
                                           "VALUES ('o', 'k', $1, 'r', '{}')");
        QCOMPARE(rawSql(*svc, sql, {kFingerprint}), std::nullopt);
        QCOMPARE(rawSql(*svc, sql, {kFingerprint}), std::optional(SqlError::Kind::UniqueViolation));
        QCOMPARE(svc->jobs(JobFilter{}).jobs.size(), 1);
    }

    void secondStartingAttemptIsRefused()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("g1"), /*maxParallel*/ 2);
        QVERIFY(svc->claimJob(job.id, QStringLiteral("w1"), 60000));
        QCOMPARE(rawSql(*svc, insertAttemptSql(), {job.id, 1, QStringLiteral("r1")}), std::nullopt);
        // max_parallel allows a second open attempt (a hedge), but not a second 'starting' one.
        QCOMPARE(rawSql(*svc, insertAttemptSql(QStringLiteral("hedge")), {job.id, 2, QStringLiteral("r2")}),
                 std::optional(SqlError::Kind::UniqueViolation));
        QCOMPARE(svc->attempts(job.id).size(), 1);
        // Nor may an attempt be moved back to 'starting'.
        const Attempt b = startRunning(*svc, submitJob(*svc, QStringLiteral("g1b")).id);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE attempts SET state = 'starting' WHERE id = $1"), {b.id}),
                 std::optional(SqlError::Kind::GuardRefused));
    }

    void newAttemptWhileOneIsUnknownIsRefused()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("g2"), 2);
        const Attempt a = startRunning(*svc, job.id);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE attempts SET state = 'unknown' WHERE id = $1"), {a.id}), std::nullopt);
        QCOMPARE(svc->job(job.id)->state, JobState::Blocked); // the trigger moved the job too
        QCOMPARE(rawSql(*svc, insertAttemptSql(), {job.id, 2, QStringLiteral("r2")}),
                 std::optional(SqlError::Kind::GuardRefused));
        QCOMPARE(svc->attempts(job.id).size(), 1);
    }

    void attemptBeyondMaxParallelIsRefused()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("g3"), 2);
        startRunning(*svc, job.id, QStringLiteral("p1"));
        startRunning(*svc, job.id, QStringLiteral("p2"), AttemptKind::Hedge);
        QCOMPARE(rawSql(*svc, insertAttemptSql(), {job.id, 3, QStringLiteral("r3")}),
                 std::optional(SqlError::Kind::GuardRefused));
        const Job single = submitJob(*svc, QStringLiteral("g3b"), 1);
        startRunning(*svc, single.id);
        QCOMPARE(rawSql(*svc, insertAttemptSql(), {single.id, 2, QStringLiteral("r2")}),
                 std::optional(SqlError::Kind::GuardRefused));
    }

    void attemptForJobWithWinnerIsRefused()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("g4"), 2);
        const Attempt a = startRunning(*svc, job.id);
        svc->complete(a.id, R"({"ok":true})", Actor::worker(QStringLiteral("w")));
        QCOMPARE(rawSql(*svc, insertAttemptSql(), {job.id, 2, QStringLiteral("r2")}),
                 std::optional(SqlError::Kind::GuardRefused));
    }

    void winnerIsNeverOverwrittenNorMadeUp()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("g5"), 2);
        const Attempt a = startRunning(*svc, job.id, QStringLiteral("p1"));
        const Attempt b = startRunning(*svc, job.id, QStringLiteral("p2"), AttemptKind::Hedge);
        // Marking an attempt succeeded without the job naming it as winner.
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE attempts SET state = 'succeeded' WHERE id = $1"), {b.id}),
                 std::optional(SqlError::Kind::GuardRefused));
        svc->complete(a.id, R"({"ok":1})", Actor::worker(QStringLiteral("w")));
        // Overwriting the winner.
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET completed_by = $1 WHERE id = $2"), {b.id, job.id}),
                 std::optional(SqlError::Kind::GuardRefused));
        // A terminal attempt does not come back.
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE attempts SET state = 'running' WHERE id = $1"), {a.id}),
                 std::optional(SqlError::Kind::GuardRefused));
        QCOMPARE(svc->job(job.id)->completedBy, std::optional<qint64>(a.id));
    }

    // A win stands as it was won, whatever SQL tries (migration 37; found by
    // a review: an UPDATE of result alone replaced the paid answer, version
    // could go back to 0 so a stale compare-and-swap matched again, a winner
    // could be set without the version's step, and an operator could then
    // cancel the winning attempt).
    void aWinStandsAsItWasWon()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const auto refused = std::optional(SqlError::Kind::GuardRefused);
        const Job job = submitJob(*svc, QStringLiteral("w37"));
        const Attempt a = startRunning(*svc, job.id);
        QCOMPARE(svc->complete(a.id, R"({"answer":"real"})", Actor::worker(QStringLiteral("w"))).outcome,
                 CompleteResult::Outcome::Won);
        const Job won = *svc->job(job.id);
        QCOMPARE(rawSql(*svc, QStringLiteral(R"(UPDATE jobs SET result = '{"answer":"forged"}' WHERE id = $1)"), {job.id}),
                 refused);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET version = 0 WHERE id = $1"), {job.id}), refused);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET version = version - 1 WHERE id = $1"), {job.id}), refused);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET version = version + 1 WHERE id = $1"), {job.id}), refused);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET result = result, version = version WHERE id = $1"), {job.id}),
                 std::nullopt); // the same answer, the same version: no change, allowed
        QCOMPARE(svc->job(job.id)->result, won.result);
        QCOMPARE(svc->job(job.id)->version, won.version);

        // A winner set by hand without the compare-and-swap's one step of the version.
        const Job other = submitJob(*svc, QStringLiteral("w37b"));
        const Attempt b = startRunning(*svc, other.id);
        const QString setWinner = QStringLiteral(R"(UPDATE jobs SET completed_by = $1, result = '{"x":1}', state = 'succeeded', )"
                                                 "version = version + %1 WHERE id = $2");
        QCOMPARE(rawSql(*svc, setWinner.arg(0), {b.id, other.id}), refused);
        QCOMPARE(rawSql(*svc, setWinner.arg(2), {b.id, other.id}), refused);
        // Nor by moving the version up first, so that a late attempt (it read
        // version 0) wins at the next step: the version moves only with a
        // win or a cancel, and a winner read the version it replaces.
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET version = version + 1 WHERE id = $1"), {other.id}), refused);
        QCOMPARE(svc->job(other.id)->version, other.version);
        QCOMPARE(svc->job(other.id)->completedBy, std::nullopt);
        // With it, the attempt left running (not as JobService wins): the
        // winner still never leaves for a loser's state, by SQL or an operator.
        QCOMPARE(rawSql(*svc, setWinner.arg(1), {b.id, other.id}), std::nullopt);
        for (const QString &state : {QStringLiteral("cancelled"), QStringLiteral("failed"), QStringLiteral("superseded")})
            QVERIFY2(rawSql(*svc, QStringLiteral("UPDATE attempts SET state = '%1' WHERE id = $1").arg(state), {b.id}) == refused,
                     qPrintable(state));
        bool cancelRefused = false;
        try {
            svc->cancelAttempt(b.id, operatorRequest());
        } catch (const JobDeskError &e) {
            cancelRefused = e.message().contains(QStringLiteral("winner is never superseded, failed or cancelled"));
            QVERIFY2(cancelRefused, qPrintable(e.message()));
        }
        QVERIFY(cancelRefused);
        QCOMPARE(svc->attempt(b.id)->state, AttemptState::Running);
        QVERIFY(svc->auditLog(other.id).isEmpty());
    }

    // The insert guard of migration 15 checks the outcome rules, which a job
    // born "succeeded" with a result and a winner satisfies; but no attempt
    // can belong to a job before the job exists, so such a winner is always
    // made up: another job's attempt (its winner, or one still running),
    // whose result would then count for two jobs. A job is born without a
    // winner, on both stores, whatever SQL inserts it.
    void aJobIsBornWithoutAWinner()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job won = submitJob(*svc, QStringLiteral("born-won"), 2);
        const Attempt winner = startRunning(*svc, won.id, QStringLiteral("p1"));
        const Attempt running = startRunning(*svc, won.id, QStringLiteral("p2"), AttemptKind::Hedge);
        QCOMPARE(svc->complete(winner.id, R"({"paid":1})", Actor::worker(QStringLiteral("w"))).outcome,
                 CompleteResult::Outcome::Won);
        const Job open = submitJob(*svc, QStringLiteral("born-open"));
        const Attempt openRunning = startRunning(*svc, open.id);
        const QString insert = QStringLiteral(
            "INSERT INTO jobs (owner_id, idempotency_key, fingerprint, route, input, state, completed_by, result, version) "
            "VALUES ('o', $1, $2, 'r', '{}', 'succeeded', $3, '{\"paid\":1}', 1)");
        for (const qint64 attemptId : {winner.id, running.id, openRunning.id})
            QCOMPARE(rawSql(*svc, insert, {QStringLiteral("born-%1").arg(attemptId), kFingerprint, attemptId}),
                     std::optional(SqlError::Kind::GuardRefused));
        QCOMPARE(svc->jobs(JobFilter{}).jobs.size(), 2);
        QCOMPARE(svc->job(open.id)->state, JobState::Running);
        QVERIFY(!svc->job(open.id)->completedBy);
    }

    // A job's state is moved by its attempts and its version by the CAS and
    // a cancel. A job inserted running or blocked (no attempt to move it on,
    // and claims take only queued jobs), failed or cancelled, or at a version
    // other than 0, is a job nothing would ever move or whose attempts would
    // read a made-up version. A job is born queued, at version 0, on both
    // stores, whatever SQL inserts it (migration 18); the outcome rules keep
    // their own errors.
    void aJobIsBornQueuedAtVersionZero()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const auto insertError = [&](const QString &key, const QString &state, int version) -> QString {
            try {
                svc->session().exec(QStringLiteral("INSERT INTO jobs (owner_id, idempotency_key, fingerprint, route, input, "
                                                   "state, version) VALUES ('o', $1, $2, 'r', '{}', '%1', %2)")
                                        .arg(state)
                                        .arg(version),
                                    {key, kFingerprint});
                return QStringLiteral("accepted");
            } catch (const SqlError &e) {
                if (e.kind() == SqlError::Kind::GuardRefused && e.code() == QStringLiteral("JD024")) // a job is born queued, at version 0
                    return QStringLiteral("born queued");
                if (e.kind() == SqlError::Kind::Constraint && e.message().contains(QStringLiteral("jobs_succeeded_iff_winner")))
                    return QStringLiteral("jobs_succeeded_iff_winner");
                return QStringLiteral("refused otherwise: ") + e.message();
            }
        };
        int n = 0;
        for (const char *state : {"running", "blocked", "failed", "cancelled"})
            for (const int version : {0, 1})
                QCOMPARE(insertError(QStringLiteral("stuck-%1").arg(n++), QLatin1String(state), version), QStringLiteral("born queued"));
        QCOMPARE(insertError(QStringLiteral("stuck-v1"), QStringLiteral("queued"), 1), QStringLiteral("born queued"));
        QCOMPARE(insertError(QStringLiteral("stuck-v7"), QStringLiteral("queued"), 7), QStringLiteral("born queued"));
        QCOMPARE(insertError(QStringLiteral("stuck-won"), QStringLiteral("succeeded"), 1), QStringLiteral("jobs_succeeded_iff_winner"));
        QCOMPARE(svc->jobs(JobFilter{}).jobs.size(), 0);

        // Queued at version 0, named or by default, is a job like any other: claimed and run.
        QCOMPARE(insertError(QStringLiteral("born-named"), QStringLiteral("queued"), 0), QStringLiteral("accepted"));
        QCOMPARE(rawSql(*svc, QStringLiteral("INSERT INTO jobs (owner_id, idempotency_key, fingerprint, route, input) "
                                             "VALUES ('o', 'born-default', $1, 'r', '{}')"),
                        {kFingerprint}),
                 std::nullopt);
        const QList<Job> claimed = svc->claimQueuedJobs(QStringLiteral("w1"), 10, 60000);
        QCOMPARE(claimed.size(), 2);
        const Attempt a = startRunning(*svc, claimed.first().id);
        QCOMPARE(svc->complete(a.id, R"({"ok":1})", Actor::worker(QStringLiteral("w1"))).outcome, CompleteResult::Outcome::Won);
        QCOMPARE(svc->job(claimed.first().id)->version, qint64(1));
    }

    // A winner names an attempt of its own job, for as long as the job
    // exists. On PostgreSQL the job's guard is the only check of that since
    // migration 19 dropped the foreign key of completed_by (the guard ran
    // first and checks more): a winner that does not exist, or belongs to
    // another job, is refused; and the attempt a winner names can be neither
    // deleted nor renumbered, so it stays there under that id.
    void aWinnerAlwaysNamesAnAttemptOfItsOwnJob()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("w-own"));
        const Attempt own = startRunning(*svc, job.id);
        const Job other = submitJob(*svc, QStringLiteral("w-other"));
        const Attempt foreign = startRunning(*svc, other.id);
        const QString makeWinner = QStringLiteral("UPDATE jobs SET completed_by = $1, result = '{}', state = 'succeeded', "
                                                  "version = version + 1 WHERE id = $2");
        const auto refusedOnPostgresByTheGuard = [&](std::optional<SqlError::Kind> kind) {
            return store->isPostgres() ? kind == SqlError::Kind::GuardRefused : kind.has_value();
        };
        QVERIFY(refusedOnPostgresByTheGuard(rawSql(*svc, makeWinner, {qint64(987654321), job.id}))); // no such attempt
        QVERIFY(refusedOnPostgresByTheGuard(rawSql(*svc, makeWinner, {foreign.id, job.id})));        // another job's
        QVERIFY(!svc->job(job.id)->completedBy);
        QCOMPARE(svc->job(job.id)->version, qint64(0));

        QCOMPARE(svc->complete(own.id, R"({"paid":1})", Actor::worker(QStringLiteral("w"))).outcome,
                 CompleteResult::Outcome::Won);
        const auto refused = std::optional(SqlError::Kind::GuardRefused);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE attempts SET id = id + 1000 WHERE id = $1"), {own.id}), refused);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET id = id + 1000 WHERE id = $1"), {job.id}), refused);
        QCOMPARE(rawSql(*svc, QStringLiteral("DELETE FROM attempts WHERE id = $1"), {own.id}), refused);
        // A job no attempt, event or winner refers to yet: its id is fixed all the same.
        const Job fresh = submitJob(*svc, QStringLiteral("w-fresh"));
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET id = id + 1000 WHERE id = $1"), {fresh.id}), refused);
        QCOMPARE(svc->job(job.id)->completedBy, std::optional<qint64>(own.id));
        QCOMPARE(svc->attempt(own.id)->jobId, job.id);
        QCOMPARE(svc->attempt(own.id)->state, AttemptState::Succeeded);
        QVERIFY(svc->job(fresh.id));
    }

    // Where an attempt's request went (sent_to, migrations 33 and 34) decides
    // which endpoint's "never processed" may settle it: rewritten, an attempt
    // sent to one endpoint could be failed on another's word, and the job sent
    // to the fallback while the first still works on it. It is written once,
    // by the statement that moves the attempt to running (or, from a JobDesk
    // of 33, while it runs), whatever SQL tries otherwise.
    void whereAnAttemptWentIsWrittenOnceWhileItRuns()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const auto refused = std::optional(SqlError::Kind::GuardRefused);
        const QString setSentTo = QStringLiteral("UPDATE attempts SET sent_to = $2 WHERE id = $1");
        const QString here = QStringLiteral("fake http://127.0.0.1:8001/v1");
        const QString elsewhere = QStringLiteral("fake http://127.0.0.1:8002/v1");

        const Job job = submitJob(*svc, QStringLiteral("sent-to-once"));
        const StartAttemptRequest req = makeStartRequest(job.id);
        const StartAttemptResult started = claimAndStart(*svc, req);
        QVERIFY(started.started);
        QCOMPARE(rawSql(*svc, setSentTo, {started.attempt.id, here}), refused); // starting: nothing went anywhere
        QVERIFY(!svc->attemptSentTo(started.attempt.id));

        const Attempt running = svc->markRunning(started.attempt.id, req.actor, 60000, 60000, here);
        QCOMPARE(running.state, AttemptState::Running);
        QCOMPARE(svc->attemptSentTo(running.id), std::optional(here)); // with the move to running
        QCOMPARE(rawSql(*svc, setSentTo, {running.id, elsewhere}), refused);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE attempts SET sent_to = NULL WHERE id = $1"), {running.id}), refused);
        QCOMPARE(rawSql(*svc, setSentTo, {running.id, here}), std::nullopt); // the same value: no change
        QVERIFY(!svc->recordSentTo(running.id, elsewhere));
        // Marked running again (a lost answer's re-run) with where it goes: fine;
        // by a caller that would send it elsewhere: not that caller's to send.
        QCOMPARE(svc->markRunning(running.id, req.actor, 60000, 60000, here).state, AttemptState::Running);
        try {
            svc->markRunning(running.id, req.actor, 60000, 60000, elsewhere);
            QFAIL("marked running for another endpoint");
        } catch (const JobDeskError &e) {
            QCOMPARE(e.code(), JobDeskError::Code::InvalidTransition);
            QVERIFY2(e.message().contains(QStringLiteral("nothing is to be sent from here")), qPrintable(e.message()));
        }
        svc->markUnknown(running.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("deadline passed"));
        QCOMPARE(rawSql(*svc, setSentTo, {running.id, elsewhere}), refused);
        QCOMPARE(svc->attemptSentTo(running.id), std::optional(here));

        // Marked running without an endpoint (a JobDesk of 33 records it
        // next): recorded while it runs, once; not after it stops running.
        svc->cancelAttempt(running.id, operatorRequest(QStringLiteral("sent-to test")));
        const Job second = submitJob(*svc, QStringLiteral("sent-to-later"));
        const Attempt bare = startRunning(*svc, second.id);
        QVERIFY(!svc->attemptSentTo(bare.id));
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE attempts SET sent_to = '' WHERE id = $1"), {bare.id}), refused); // no endpoint
        QVERIFY_THROWS_EXCEPTION(JobDeskError, svc->markRunning(bare.id, req.actor, 60000, 60000, here)); // records none
        QVERIFY(svc->recordSentTo(bare.id, here));
        QCOMPARE(rawSql(*svc, setSentTo, {bare.id, elsewhere}), refused);
        const Job third = submitJob(*svc, QStringLiteral("sent-to-never"));
        const Attempt stopped = startRunning(*svc, third.id);
        svc->markUnknown(stopped.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("deadline passed"));
        QVERIFY(!svc->recordSentTo(stopped.id, here));
        QCOMPARE(rawSql(*svc, setSentTo, {stopped.id, here}), refused);
        QVERIFY(!svc->attemptSentTo(stopped.id));

        // A new attempt records nowhere: nothing has been sent yet.
        const Job fourth = submitJob(*svc, QStringLiteral("sent-to-inserted"));
        svc->claimJob(fourth.id, QStringLiteral("w1"), 60000);
        QCOMPARE(rawSql(*svc,
                        QStringLiteral("INSERT INTO attempts (job_id, attempt_no, provider, kind, state, read_version, "
                                       "start_request_id, worker_id, lease_expires_at_ms, sent_to) VALUES ($1, 1, 'raw', "
                                       "'automatic', 'starting', 0, 'raw-sent-to', 'w1', 9000000000000, $2)"),
                        {fourth.id, here}),
                 refused);
        QVERIFY(svc->attempts(fourth.id).isEmpty());
    }

    // provider_did_nothing lets a provider take a job again (the definitive
    // "did nothing"): set after the fact on a failed attempt, it would make a
    // provider that may have done the work (and charged) look untried, and
    // the job would go to it a second time. It is written only by the
    // statement that fails the attempt, and never rewritten.
    void thatAProviderDidNothingIsRecordedOnlyAsTheAttemptFails()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const auto refused = std::optional(SqlError::Kind::GuardRefused);
        const Actor worker = Actor::worker(QStringLiteral("w1"));
        const QString setDidNothing = QStringLiteral("UPDATE attempts SET provider_did_nothing = %1 WHERE id = $1");

        // Failed with a possible cost (a 5xx the provider does not vouch for): not "did nothing", then or later.
        const Job job = submitJob(*svc, QStringLiteral("did-nothing-after"));
        const Attempt paid = startRunning(*svc, job.id, QStringLiteral("p1"));
        svc->fail(paid.id, worker, QStringLiteral("502 from a gateway"), {}, /*providerDidNothing*/ false);
        QString message;
        QCOMPARE(rawSql(*svc, setDidNothing.arg(QStringLiteral("true")), {paid.id}, &message), refused);
        QVERIFY2(message.contains(QStringLiteral("recorded once, as the attempt fails")), qPrintable(message));
        QVERIFY(svc->providersThatDidNothing(job.id).isEmpty());
        QCOMPARE(rawSql(*svc, setDidNothing.arg(QStringLiteral("false")), {paid.id}), std::nullopt); // the same value: no change

        // Failed on a definitive "did nothing": recorded with the failure, and never taken back.
        const Job second = submitJob(*svc, QStringLiteral("did-nothing-as-it-fails"));
        const Attempt refusedByProvider = startRunning(*svc, second.id, QStringLiteral("p1"));
        svc->fail(refusedByProvider.id, worker, QStringLiteral("422 before any work"), {}, /*providerDidNothing*/ true);
        QCOMPARE(svc->providersThatDidNothing(second.id), QSet<QString>{QStringLiteral("p1")});
        QCOMPARE(rawSql(*svc, setDidNothing.arg(QStringLiteral("false")), {refusedByProvider.id}), refused);
        QCOMPARE(svc->providersThatDidNothing(second.id), QSet<QString>{QStringLiteral("p1")});

        // A running attempt: only by failing it, in the same statement.
        const Job third = submitJob(*svc, QStringLiteral("did-nothing-raw-fail"));
        const Attempt running = startRunning(*svc, third.id, QStringLiteral("p1"));
        QVERIFY(rawSql(*svc, setDidNothing.arg(QStringLiteral("true")), {running.id})); // still running: refused
        QCOMPARE(svc->attempt(running.id)->state, AttemptState::Running);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE attempts SET state = 'failed', provider_did_nothing = true WHERE id = $1"),
                        {running.id}),
                 std::nullopt);
        QCOMPARE(svc->providersThatDidNothing(third.id), QSet<QString>{QStringLiteral("p1")});
    }

    // An attempt's event tells its job's history: it names an attempt of
    // that very job, whatever SQL writes it. On PostgreSQL one composite
    // foreign key checks it (migration 21; the two foreign keys it replaced
    // checked only that each row exists), on SQLite a trigger beside the two
    // foreign keys. The key also keeps what a trigger could not: an attempt
    // with events cannot be deleted even with the attempts' triggers off.
    void anEventAlwaysNamesAnAttemptOfItsOwnJob()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("e-own"));
        const Attempt own = startRunning(*svc, job.id);
        const Job other = submitJob(*svc, QStringLiteral("e-other"));
        const Attempt foreign = startRunning(*svc, other.id);
        const QString insertEvent = QStringLiteral("INSERT INTO attempt_events (attempt_id, job_id, from_state, to_state, "
                                                   "actor_kind, actor_id, at_ms) VALUES ($1, $2, 'running', 'running', "
                                                   "'sql', 'raw', 1)");
        const auto eventsOf = [&](qint64 jobId) { return svc->attemptEvents(jobId).size(); };
        const int ownBefore = eventsOf(job.id), otherBefore = eventsOf(other.id);
        // PostgreSQL: the foreign key; SQLite: the trigger (its foreign keys pass these).
        const auto refused = std::optional(store->isPostgres() ? SqlError::Kind::Constraint : SqlError::Kind::GuardRefused);
        QCOMPARE(rawSql(*svc, insertEvent, {foreign.id, job.id}), refused);        // another job's attempt
        QCOMPARE(rawSql(*svc, insertEvent, {own.id, other.id}), refused);          // told in another job's history
        QCOMPARE(rawSql(*svc, insertEvent, {qint64(987654321), job.id}), refused); // no such attempt
        QCOMPARE(rawSql(*svc, insertEvent, {own.id, qint64(987654321)}), refused); // no such job
        QCOMPARE(eventsOf(job.id), ownBefore);
        QCOMPARE(eventsOf(other.id), otherBefore);
        QCOMPARE(rawSql(*svc, insertEvent, {own.id, job.id}), std::nullopt); // its own
        QCOMPARE(eventsOf(job.id), ownBefore + 1);
        // Every transition still writes its event through the same check.
        svc->complete(own.id, R"({"ok":1})", Actor::worker(QStringLiteral("w")));
        QCOMPARE(eventsOf(job.id), ownBefore + 2);
        QCOMPARE(svc->attemptEvents(job.id).last().toState, AttemptState::Succeeded);
        if (store->isPostgres()) { // the owner switching the guard off still meets the key
            QCOMPARE(rawSql(*svc, QStringLiteral("ALTER TABLE attempts DISABLE TRIGGER attempts_never_deleted")), std::nullopt);
            QCOMPARE(rawSql(*svc, QStringLiteral("DELETE FROM attempts WHERE id = $1"), {foreign.id}),
                     std::optional(SqlError::Kind::Constraint));
            QCOMPARE(rawSql(*svc, QStringLiteral("ALTER TABLE attempts ENABLE TRIGGER attempts_never_deleted")), std::nullopt);
            QVERIFY(svc->attempt(foreign.id));
        }
    }

    // A guard looks at the store's own tables, whatever tables of the same
    // name a session has made: temporary "jobs" and "attempts" (first in a
    // PostgreSQL session's search path) cannot answer its lookups. Before
    // migration 22 they let a second open attempt onto a job allowing one,
    // and a made-up winner onto a job (found by a review; the schema's owner
    // is the only role that writes these tables directly).
    void aTemporaryTableCannotStandInForTheGuardsTables()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const bool pg = store->isPostgres();
        const Job job = submitJob(*svc, QStringLiteral("t-shadow")); // max_parallel 1
        const Attempt open = startRunning(*svc, job.id);
        const QString s = pg ? svc->session().exec(QStringLiteral("SELECT current_schema()")).first().first().toString()
                             : QStringLiteral("main");
        const QString real = QStringLiteral("\"%1\".").arg(s);
        const QString temp = pg ? QStringLiteral("pg_temp.") : QStringLiteral("temp.");
        const auto exec = [&](const QString &sql, const SqlParams &params = {}) {
            QCOMPARE(rawSql(*svc, sql, params), std::nullopt);
        };
        // Stand-ins: the job allowing eight open attempts and having none, and
        // a running attempt 555 of it that does not exist.
        for (const QString &table : {QStringLiteral("jobs"), QStringLiteral("attempts")})
            exec(pg ? QStringLiteral("CREATE TEMP TABLE %1 (LIKE %2%1)").arg(table, real)
                    : QStringLiteral("CREATE TEMP TABLE %1 AS SELECT * FROM main.%1 WHERE 0").arg(table));
        exec(QStringLiteral("INSERT INTO %1jobs SELECT * FROM %2jobs WHERE id = $1").arg(temp, real), {job.id});
        exec(QStringLiteral("UPDATE %1jobs SET max_parallel = 8").arg(temp));
        exec(QStringLiteral("INSERT INTO %1attempts SELECT * FROM %2attempts WHERE id = $1").arg(temp, real), {open.id});
        exec(QStringLiteral("UPDATE %1attempts SET id = 555, provider_key = 'stand-in', start_request_id = 'stand-in'").arg(temp));
        QVERIFY(!QTest::currentTestFailed());

        // A hedge beyond max_parallel, into the real table.
        QCOMPARE(rawSql(*svc,
                        QStringLiteral("INSERT INTO %1attempts (job_id, attempt_no, provider, kind, state, read_version, "
                                       "start_request_id, worker_id, lease_expires_at_ms) VALUES ($1, 2, 'raw', 'hedge', "
                                       "'starting', 0, 'r-shadow', 'w1', 9000000000000)")
                            .arg(real),
                        {job.id}),
                 std::optional(SqlError::Kind::GuardRefused));
        // A winner that is no attempt of the job.
        const auto winner = rawSql(*svc,
                                   QStringLiteral("UPDATE %1jobs SET completed_by = 555, result = '{}', state = 'succeeded', "
                                                  "version = version + 1 WHERE id = $1")
                                       .arg(real),
                                   {job.id});
        QVERIFY(pg ? winner == SqlError::Kind::GuardRefused : winner.has_value());

        exec(QStringLiteral("DROP TABLE %1jobs").arg(temp));
        exec(QStringLiteral("DROP TABLE %1attempts").arg(temp));
        QCOMPARE(svc->attempts(job.id).size(), 1);
        QVERIFY(!svc->job(job.id)->completedBy);
        QCOMPARE(svc->job(job.id)->state, JobState::Running);
    }

    // A job's length and range rules are the guard's since migration 24,
    // whose expressions PostgreSQL looks up in the inserting session's search
    // path (a domain's check was bound when the domain was created). A review
    // planted length(varchar) in a schema at the end of that path, and a
    // fingerprint of one character was stored: pg_catalog's length takes
    // text, so the planted one was the closer match. The rules now name
    // their functions and operators with pg_catalog. (SQLite has no schemas
    // or functions to plant: the same rows are refused by its CHECKs.)
    void aFunctionPlantedOnTheSearchPathCannotPassAJobsRules()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const bool pg = store->isPostgres();
        SqlSession &s = svc->session();
        const QString insert = QStringLiteral("INSERT INTO %1jobs (owner_id, idempotency_key, fingerprint, route, input, "
                                              "max_parallel, max_attempts) VALUES ('%2', 'pk', '%3', 'r', '{}', %4, %5)");
        struct Row { QString owner, fingerprint; int maxParallel, maxAttempts; };
        const QList<Row> broken{{QStringLiteral("o"), QStringLiteral("x"), 1, 3},    // fingerprint of 1 character
                                {QString(), kFingerprint, 1, 3},                     // empty owner
                                {QStringLiteral("o"), kFingerprint, 9, 3},           // max_parallel out of range
                                {QStringLiteral("o"), kFingerprint, 1, 0}};          // max_attempts out of range
        for (const Row &row : broken) {
            s.begin();
            QString table;
            if (pg) {
                const QString schema = s.exec(QStringLiteral("SELECT current_schema()")).first().first().toString();
                table = QStringLiteral("\"%1\".").arg(schema);
                for (const char *sql : {
                         "CREATE SCHEMA jd_plant",
                         "CREATE FUNCTION jd_plant.length(varchar) RETURNS integer LANGUAGE sql AS 'SELECT 64'",
                         "CREATE FUNCTION jd_plant.ne(varchar, text) RETURNS boolean LANGUAGE sql AS 'SELECT true'",
                         "CREATE OPERATOR jd_plant.<> (LEFTARG = varchar, RIGHTARG = text, FUNCTION = jd_plant.ne)",
                         "CREATE FUNCTION jd_plant.within(int4range, integer) RETURNS boolean LANGUAGE sql AS 'SELECT true'",
                         "CREATE OPERATOR jd_plant.@> (LEFTARG = int4range, RIGHTARG = integer, FUNCTION = jd_plant.within)"})
                    s.exec(QString::fromLatin1(sql));
                s.exec(QStringLiteral("SELECT set_config('search_path', $1, true)"), {QStringLiteral("\"%1\", jd_plant").arg(schema)});
            }
            std::optional<SqlError::Kind> refused;
            try {
                s.exec(insert.arg(table, row.owner, row.fingerprint).arg(row.maxParallel).arg(row.maxAttempts));
            } catch (const SqlError &e) {
                refused = e.kind();
            }
            s.rollback();
            QCOMPARE(refused, std::optional(SqlError::Kind::Constraint));
        }
        QVERIFY(svc->jobs(JobFilter{}).jobs.isEmpty());
    }

    // An UPDATE that sets an attempt's state to the state it has is no
    // transition: nothing refused, no event, the job untouched. On
    // PostgreSQL the transition triggers decide that in their functions since
    // migration 19 (a WHEN clause did, compiled at every statement); a real
    // transition in the same statement is still checked and recorded.
    void settingAnAttemptsStateToTheOneItHasIsNoTransition()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("same-state"), 2);
        const Attempt a = startRunning(*svc, job.id, QStringLiteral("p1"));
        const Attempt b = startRunning(*svc, job.id, QStringLiteral("p2"), AttemptKind::Hedge);
        const qsizetype events = svc->attemptEvents(job.id).size();
        const Job before = *svc->job(job.id);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE attempts SET state = state WHERE job_id = $1"), {job.id}), std::nullopt);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE attempts SET state = 'running' WHERE id = $1"), {a.id}), std::nullopt);
        QCOMPARE(svc->attemptEvents(job.id).size(), events);
        QCOMPARE(svc->job(job.id)->state, before.state);
        QCOMPARE(svc->job(job.id)->changeSeq, before.changeSeq);
        // One row moves, one does not: the move is checked and recorded once.
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE attempts SET state = CASE WHEN id = $1 THEN 'unknown' ELSE state END "
                                             "WHERE job_id = $2"),
                        {a.id, job.id}),
                 std::nullopt);
        QCOMPARE(svc->attemptEvents(job.id).size(), events + 1);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Unknown);
        QCOMPARE(svc->attempt(b.id)->state, AttemptState::Running);
        QCOMPARE(svc->job(job.id)->state, JobState::Blocked);
        // And an edge the rules do not allow is refused as before.
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE attempts SET state = CASE WHEN id = $1 THEN 'starting' ELSE state END "
                                             "WHERE job_id = $2"),
                        {b.id, job.id}),
                 std::optional(SqlError::Kind::GuardRefused));
        QCOMPARE(svc->attempt(b.id)->state, AttemptState::Running);
    }

    void cancelledAttemptCannotBecomeTheWinner()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("g6"));
        const Attempt a = startRunning(*svc, job.id);
        svc->cancelAttempt(a.id, operatorRequest());
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET completed_by = $1, result = '{}', state = 'succeeded', "
                                             "version = version + 1 WHERE id = $2"),
                        {a.id, job.id}),
                 std::optional(SqlError::Kind::GuardRefused));
        QVERIFY(!svc->job(job.id)->completedBy);
    }

    void invalidStatesAreRefusedByCheckConstraints()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("g7"));
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET state = 'exploded' WHERE id = $1"), {job.id}),
                 std::optional(SqlError::Kind::Constraint));
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET state = 'succeeded' WHERE id = $1"), {job.id}),
                 std::optional(SqlError::Kind::Constraint)); // succeeded without a winner
        QCOMPARE(rawSql(*svc, QStringLiteral("INSERT INTO attempts (job_id, attempt_no, provider, kind, read_version, "
                                             "start_request_id, lease_expires_at_ms) VALUES (987654, 1, 'p', 'retry', 0, 'x', 1)")),
                 std::optional(SqlError::Kind::Constraint)); // foreign key
    }

    // A job has a result exactly when it has a winner, and is succeeded
    // exactly when it has a winner: refused as a check violation (23514 on
    // PostgreSQL, where the rules are checked by the guards since migration
    // 15; CHECK constraints on SQLite) on every write that could break them:
    // an insert, and an update of any of the three columns alone.
    void outcomeRulesHoldOnInsertAndOnEveryColumnsUpdate()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const auto constraintError = [&](const QString &sql, const SqlParams &params = {}) -> QString {
            try {
                svc->session().exec(sql, params);
                return QStringLiteral("accepted");
            } catch (const SqlError &e) {
                if (e.kind() != SqlError::Kind::Constraint)
                    return QStringLiteral("refused, but not as a constraint: ") + e.message();
                for (const char *name : {"jobs_result_with_winner", "jobs_succeeded_iff_winner"})
                    if (e.message().contains(QLatin1String(name)))
                        return QLatin1String(name);
                return QStringLiteral("another constraint: ") + e.message();
            }
        };
        const QString insert = QStringLiteral("INSERT INTO jobs (owner_id, idempotency_key, fingerprint, route, input, state, "
                                              "result) VALUES ('o', $1, $2, 'r', '{}', $3, %1)");
        // Inserts: a result without a winner; succeeded without a winner.
        QCOMPARE(constraintError(insert.arg(QStringLiteral("'{}'")), {QStringLiteral("i1"), kFingerprint, QStringLiteral("queued")}),
                 QStringLiteral("jobs_result_with_winner"));
        QCOMPARE(constraintError(insert.arg(QStringLiteral("NULL")), {QStringLiteral("i2"), kFingerprint, QStringLiteral("succeeded")}),
                 QStringLiteral("jobs_succeeded_iff_winner"));
        QCOMPARE(svc->jobs(JobFilter{}).jobs.size(), 0);

        const Job open = submitJob(*svc, QStringLiteral("g-rules-open"));
        const Job won = submitJob(*svc, QStringLiteral("g-rules-won"));
        const Attempt a = startRunning(*svc, won.id);
        QCOMPARE(svc->complete(a.id, R"({"ok":1})", Actor::worker(QStringLiteral("w"))).outcome, CompleteResult::Outcome::Won);
        // Updates of one column at a time.
        QCOMPARE(constraintError(QStringLiteral("UPDATE jobs SET result = '{}' WHERE id = $1"), {open.id}),
                 QStringLiteral("jobs_result_with_winner"));
        QCOMPARE(constraintError(QStringLiteral("UPDATE jobs SET result = NULL WHERE id = $1"), {won.id}),
                 QStringLiteral("jobs_result_with_winner"));
        QCOMPARE(constraintError(QStringLiteral("UPDATE jobs SET state = 'succeeded' WHERE id = $1"), {open.id}),
                 QStringLiteral("jobs_succeeded_iff_winner"));
        QCOMPARE(svc->job(open.id)->result, QByteArray());
        QCOMPARE(svc->job(won.id)->result, QByteArray(R"({"ok":1})"));
        QCOMPARE(svc->job(open.id)->state, JobState::Queued);
    }

    void automaticAttemptBeyondTheBudgetIsRefused()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("g9"), 1, /*maxAttempts*/ 1);
        const Attempt a = startRunning(*svc, job.id);
        svc->fail(a.id, Actor::worker(QStringLiteral("w")), QStringLiteral("HTTP 400"));
        QCOMPARE(rawSql(*svc, insertAttemptSql(), {job.id, 2, QStringLiteral("r2")}),
                 std::optional(SqlError::Kind::GuardRefused));
        // An operator's retry may go beyond it.
        QCOMPARE(rawSql(*svc, insertAttemptSql(QStringLiteral("retry"), QString()), {job.id, 2, QStringLiteral("r3")}),
                 std::nullopt);
    }

    void jobWithAnOpenAttemptCannotFail()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("g10"));
        startRunning(*svc, job.id);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET state = 'failed' WHERE id = $1"), {job.id}),
                 std::optional(SqlError::Kind::GuardRefused));
        QCOMPARE(svc->job(job.id)->state, JobState::Running);
    }

    void twoHedgedAttemptsMayBothBecomeUnknown()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("g8"), 2);
        const Attempt a = startRunning(*svc, job.id, QStringLiteral("p1"));
        const Attempt b = startRunning(*svc, job.id, QStringLiteral("p2"), AttemptKind::Hedge);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE attempts SET state = 'unknown' WHERE id = $1"), {a.id}), std::nullopt);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE attempts SET state = 'unknown' WHERE id = $1"), {b.id}), std::nullopt);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Unknown);
        QCOMPARE(svc->attempt(b.id)->state, AttemptState::Unknown);
        QCOMPARE(svc->job(job.id)->state, JobState::Blocked);
        QCOMPARE(svc->unknownWorklist().size(), 2);
    }

    // Issue: a worker that stalled past its claim let a second worker claim the
    // job; with max_parallel 2 both started an automatic attempt on the primary.
    void automaticAttemptNeedsTheStartingWorkersUnexpiredClaim()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("c1"), 2);
        // Nobody holds a claim.
        QCOMPARE(rawSql(*svc, insertAttemptSql(), {job.id, 1, QStringLiteral("r1")}), std::optional(SqlError::Kind::GuardRefused));
        // Another worker holds it.
        QVERIFY(svc->claimJob(job.id, QStringLiteral("w2"), 60000));
        QCOMPARE(rawSql(*svc, insertAttemptSql(), {job.id, 1, QStringLiteral("r1")}), std::optional(SqlError::Kind::GuardRefused));
        QCOMPARE(rawSql(*svc, insertAttemptSql(QStringLiteral("automatic"), QString()), {job.id, 1, QStringLiteral("r1")}),
                 std::optional(SqlError::Kind::GuardRefused));
        // w1's own claim, expired by the database's clock.
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET claimed_by = 'w1', claim_expires_at_ms = 1 WHERE id = $1"), {job.id}),
                 std::nullopt);
        QCOMPARE(rawSql(*svc, insertAttemptSql(), {job.id, 1, QStringLiteral("r1")}), std::optional(SqlError::Kind::GuardRefused));
        QVERIFY(svc->attempts(job.id).isEmpty());
        // Unexpired and its own: allowed.
        QVERIFY(svc->claimJob(job.id, QStringLiteral("w1"), 60000));
        QCOMPARE(rawSql(*svc, insertAttemptSql(), {job.id, 1, QStringLiteral("r1")}), std::nullopt);
    }

    void secondOpenAutomaticAttemptIsRefusedButAHedgeIsNot()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("c2"), 2);
        startRunning(*svc, job.id, QStringLiteral("p1"));
        QCOMPARE(rawSql(*svc, insertAttemptSql(), {job.id, 2, QStringLiteral("r2")}), std::optional(SqlError::Kind::UniqueViolation));
        QCOMPARE(rawSql(*svc, insertAttemptSql(QStringLiteral("hedge")), {job.id, 2, QStringLiteral("r2")}), std::nullopt);
    }

    void hedgeWithoutAnOpenAttemptIsRefused()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("c3"), 2);
        QVERIFY(svc->claimJob(job.id, QStringLiteral("w1"), 60000));
        QCOMPARE(rawSql(*svc, insertAttemptSql(QStringLiteral("hedge")), {job.id, 1, QStringLiteral("r1")}),
                 std::optional(SqlError::Kind::GuardRefused));
        QVERIFY(svc->attempts(job.id).isEmpty());
    }

    void attemptWithoutALeaseIsRefused()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("c4"));
        QCOMPARE(rawSql(*svc, QStringLiteral("INSERT INTO attempts (job_id, attempt_no, provider, kind, state, read_version, "
                                             "start_request_id) VALUES ($1, 1, 'raw', 'retry', 'starting', 0, 'r1')"),
                        {job.id}),
                 std::optional(SqlError::Kind::GuardRefused));
        QVERIFY(svc->attempts(job.id).isEmpty());
    }

    // Attempts, events, race losses, idempotency events and audit rows are
    // never deleted or rewritten, whoever sends the SQL.
    void historyIsAppendOnly()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const History h = writeHistory(*svc, QStringLiteral("h1"));
        const Job &job = h.raced;
        const Attempt &a = h.loser;
        const Job &other = h.cancelled;
        const auto refused = std::optional(SqlError::Kind::GuardRefused);
        for (const QString &table : {QStringLiteral("attempt_events"), QStringLiteral("race_losses"),
                                     QStringLiteral("idempotency_events"), QStringLiteral("audit_log")}) {
            QCOMPARE(rawSql(*svc, QStringLiteral("SELECT count(*) FROM ") + table).value_or(SqlError::Kind::Other),
                     SqlError::Kind::Other); // readable
            QVERIFY2(rawSql(*svc, QStringLiteral("DELETE FROM ") + table) == refused, qPrintable(table));
            QVERIFY2(rawSql(*svc, QStringLiteral("UPDATE ") + table + QStringLiteral(" SET id = id + 1000")) == refused,
                     qPrintable(table));
            if (store->isPostgres())
                QVERIFY2(rawSql(*svc, QStringLiteral("TRUNCATE ") + table + QStringLiteral(" CASCADE")) == refused, qPrintable(table));
        }
        QCOMPARE(rawSql(*svc, QStringLiteral("DELETE FROM attempts WHERE id = $1"), {a.id}), refused);
        QCOMPARE(rawSql(*svc, QStringLiteral("DELETE FROM jobs WHERE id = $1"), {other.id}), refused);
        QCOMPARE(svc->raceLosses(job.id).size(), 1);
        QCOMPARE(svc->auditLog(other.id).size(), 1);
        QCOMPARE(svc->keyHistory(QStringLiteral("owner-1"), QStringLiteral("h1")).size(), 1);
        QVERIFY(svc->attemptEvents(job.id).size() >= 6);
    }

    // SQLite's INSERT OR REPLACE deletes the row it replaces, and fires that
    // delete's triggers only with recursive triggers on (SqliteSession sets
    // it): without, REPLACE rewrote the audit trail, events and race losses
    // past every append-only guard, and replaced a queued job's intent under
    // its key. Found by a review. On PostgreSQL the same attempt is an
    // upsert, whose update the same guards refuse.
    void replacingARowCannotRewriteHistory()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const History h = writeHistory(*svc, QStringLiteral("rp1"));
        const Job &job = h.raced;
        const Job &other = h.cancelled;
        const Job queued = submitJob(*svc, QStringLiteral("rp3"));
        const auto refused = std::optional(SqlError::Kind::GuardRefused);
        const auto replace = [&](const QString &table, const QString &where) {
            return store->isPostgres()
                ? QStringLiteral("INSERT INTO %1 OVERRIDING SYSTEM VALUE SELECT * FROM %1 WHERE %2 "
                                 "ON CONFLICT (id) DO UPDATE SET id = excluded.id").arg(table, where)
                : QStringLiteral("INSERT OR REPLACE INTO %1 SELECT * FROM %1 WHERE %2").arg(table, where);
        };
        for (const QString &table : {QStringLiteral("attempt_events"), QStringLiteral("race_losses"),
                                     QStringLiteral("idempotency_events"), QStringLiteral("audit_log")}) {
            const qint64 rows = svc->session().exec(QStringLiteral("SELECT count(*) FROM ") + table).first().first().toLongLong();
            QVERIFY2(rows > 0, qPrintable(table));
            QVERIFY2(rawSql(*svc, replace(table, QStringLiteral("id = (SELECT min(id) FROM %1)").arg(table))) == refused,
                     qPrintable(table));
            QCOMPARE(svc->session().exec(QStringLiteral("SELECT count(*) FROM ") + table).first().first().toLongLong(), rows);
        }
        if (!store->isPostgres()) // a job is replaced by deleting it: refused as a delete
            QCOMPARE(rawSql(*svc, replace(QStringLiteral("jobs"), QStringLiteral("id = $1")), {queued.id}), refused);
        QCOMPARE(svc->raceLosses(job.id).size(), 1);
        QCOMPARE(svc->auditLog(other.id).size(), 1);
        QCOMPARE(svc->job(queued.id)->fingerprint, queued.fingerprint);
    }

    void identityIsNeverRewritten()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("i1"));
        const Attempt a = startRunning(*svc, job.id);
        const auto refused = std::optional(SqlError::Kind::GuardRefused);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE attempts SET provider_key = 'k' WHERE id = $1"), {a.id}), refused);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE attempts SET provider = 'other' WHERE id = $1"), {a.id}), refused);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE attempts SET job_id = job_id WHERE id = $1"), {a.id}), std::nullopt);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET idempotency_key = 'other' WHERE id = $1"), {job.id}), refused);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET fingerprint = $2 WHERE id = $1"), {job.id, QString(64, u'0')}), refused);
        // A job's limits are stored when it is submitted, and kept (migration 24).
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET max_parallel = max_parallel + 1 WHERE id = $1"), {job.id}), refused);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET max_attempts = 7 WHERE id = $1"), {job.id}), refused);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET max_parallel = max_parallel, max_attempts = max_attempts "
                                             "WHERE id = $1"), {job.id}),
                 std::nullopt);
        QCOMPARE(svc->job(job.id)->maxParallel, job.maxParallel);
        QCOMPARE(svc->job(job.id)->maxAttempts, job.maxAttempts);
        QCOMPARE(svc->attempt(a.id)->providerKey, a.providerKey);
        QCOMPARE(svc->job(job.id)->idempotencyKey, QStringLiteral("i1"));
    }
    // Migration 29's rule is the database's too (migration 31): an attempt
    // whose job has a winner, is cancelled or has an unknown attempt does not
    // become 'running' (about to be sent) by any writer, raw SQL included.
    void anAttemptOfADecidedOrBlockedJobIsNeverMarkedRunningByAnyWriter()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const QString toRunning = QStringLiteral("UPDATE attempts SET state = 'running' WHERE id = $1");

        const Job blocked = submitJob(*svc, QStringLiteral("g-sent-1"), 2);
        const Attempt first = startRunning(*svc, blocked.id, QStringLiteral("p1"));
        const RetryResult retry = svc->retry(blocked.id, QStringLiteral("p2"), operatorRequest());
        QVERIFY(retry.start.started);
        svc->markUnknown(first.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("deadline passed"));
        QCOMPARE(rawSql(*svc, toRunning, {retry.start.attempt.id}), std::optional(SqlError::Kind::GuardRefused));

        svc->complete(first.id, R"({"ok":1})", Actor::worker(QStringLiteral("w1"))); // the unknown one wins
        QCOMPARE(svc->job(blocked.id)->state, JobState::Succeeded);
        QCOMPARE(rawSql(*svc, toRunning, {retry.start.attempt.id}), std::optional(SqlError::Kind::GuardRefused));
        QCOMPARE(svc->attempt(retry.start.attempt.id)->state, AttemptState::Starting);

        // An undecided job's attempt still goes: the rule refuses nothing else.
        const Job open = submitJob(*svc, QStringLiteral("g-sent-2"));
        const StartAttemptRequest req = makeStartRequest(open.id, QStringLiteral("p1"));
        const StartAttemptResult started = claimAndStart(*svc, req);
        QVERIFY(started.started);
        QCOMPARE(rawSql(*svc, toRunning, {started.attempt.id}), std::nullopt);
    }
};

QTEST_GUILESS_MAIN(TestDatabaseGuard)
#include "tst_database_guard.moc"
