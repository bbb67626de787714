// The database is the guard: raw SQL that bypasses JobService is refused by
// constraints and triggers, in both dialects.

#include "StoreFixture.h"

#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

// Runs raw SQL; returns the kind of error the database raised, or nullopt.
std::optional<SqlError::Kind> rawSql(JobService &svc, const QString &sql, const SqlParams &params = {})
{
    try {
        svc.session().exec(sql, params);
        return std::nullopt;
    } catch (const SqlError &e) {
        return e.kind();
    }
}

const QString kFingerprint(64, u'f');

QString insertAttemptSql()
{
    return QStringLiteral("INSERT INTO attempts (job_id, attempt_no, provider, kind, state, read_version, start_request_id) "
                          "VALUES ($1, $2, 'raw', 'automatic', 'starting', 0, $3)");
}

} // namespace

class TestDatabaseGuard : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void secondJobWithSameOwnerAndKeyIsRefused_data() { addBackendRows(); }
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

    void secondStartingAttemptIsRefused_data() { addBackendRows(); }
    void secondStartingAttemptIsRefused()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("g1"), /*maxParallel*/ 2);
        QCOMPARE(rawSql(*svc, insertAttemptSql(), {job.id, 1, QStringLiteral("r1")}), std::nullopt);
        // max_parallel allows a second open attempt, but not a second 'starting' one.
        QCOMPARE(rawSql(*svc, insertAttemptSql(), {job.id, 2, QStringLiteral("r2")}),
                 std::optional(SqlError::Kind::UniqueViolation));
        QCOMPARE(svc->attempts(job.id).size(), 1);
        // Nor may an attempt be moved back to 'starting'.
        const Attempt b = startRunning(*svc, submitJob(*svc, QStringLiteral("g1b")).id);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE attempts SET state = 'starting' WHERE id = $1"), {b.id}),
                 std::optional(SqlError::Kind::GuardRefused));
    }

    void newAttemptWhileOneIsUnknownIsRefused_data() { addBackendRows(); }
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

    void attemptBeyondMaxParallelIsRefused_data() { addBackendRows(); }
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

    void attemptForJobWithWinnerIsRefused_data() { addBackendRows(); }
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

    void winnerIsNeverOverwrittenNorMadeUp_data() { addBackendRows(); }
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

    void cancelledAttemptCannotBecomeTheWinner_data() { addBackendRows(); }
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

    void invalidStatesAreRefusedByCheckConstraints_data() { addBackendRows(); }
    void invalidStatesAreRefusedByCheckConstraints()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("g7"));
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET state = 'exploded' WHERE id = $1"), {job.id}),
                 std::optional(SqlError::Kind::Constraint));
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET state = 'succeeded' WHERE id = $1"), {job.id}),
                 std::optional(SqlError::Kind::Constraint)); // succeeded without a winner
        QCOMPARE(rawSql(*svc, QStringLiteral("INSERT INTO attempts (job_id, attempt_no, provider, read_version, "
                                             "start_request_id) VALUES (987654, 1, 'p', 0, 'x')")),
                 std::optional(SqlError::Kind::Constraint)); // foreign key
    }

    void automaticAttemptBeyondTheBudgetIsRefused_data() { addBackendRows(); }
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
        QCOMPARE(rawSql(*svc, QStringLiteral("INSERT INTO attempts (job_id, attempt_no, provider, kind, state, read_version, "
                                             "start_request_id) VALUES ($1, 2, 'raw', 'retry', 'starting', 0, 'r3')"),
                        {job.id}),
                 std::nullopt);
    }

    void jobWithAnOpenAttemptCannotFail_data() { addBackendRows(); }
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

    void twoHedgedAttemptsMayBothBecomeUnknown_data() { addBackendRows(); }
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
};

QTEST_GUILESS_MAIN(TestDatabaseGuard)
#include "tst_database_guard.moc"
