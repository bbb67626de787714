// The hot paths at the database's speed (issue 10): prepared statements that
// survive a reconnect and a schema change, a bounded statement cache, the
// short answers of submit and complete that still give the caller the whole
// record, one job-row write per winning completion, and the length and range
// guards wherever they now live.

#include "StoreFixture.h"

#include "domain/CanonicalJson.h"
#include "store/PgSession.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <limits>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

void compareJobs(const Job &got, const Job &stored)
{
    QCOMPARE(got.id, stored.id);
    QCOMPARE(got.ownerId, stored.ownerId);
    QCOMPARE(got.idempotencyKey, stored.idempotencyKey);
    QCOMPARE(got.fingerprint, stored.fingerprint);
    QCOMPARE(got.route, stored.route);
    QCOMPARE(got.input, stored.input);
    QCOMPARE(got.state, stored.state);
    QCOMPARE(got.version, stored.version);
    QCOMPARE(got.changeSeq, stored.changeSeq);
    QCOMPARE(got.maxParallel, stored.maxParallel);
    QCOMPARE(got.maxAttempts, stored.maxAttempts);
    QCOMPARE(got.completedBy, stored.completedBy);
    QCOMPARE(got.result, stored.result);
    QCOMPARE(got.clientMeta, stored.clientMeta);
    QCOMPARE(got.stateReason, stored.stateReason);
    QCOMPARE(got.createdAtMs, stored.createdAtMs);
    QCOMPARE(got.updatedAtMs, stored.updatedAtMs);
}

void compareAttempts(const Attempt &got, const Attempt &stored)
{
    QCOMPARE(got.id, stored.id);
    QCOMPARE(got.jobId, stored.jobId);
    QCOMPARE(got.attemptNo, stored.attemptNo);
    QCOMPARE(got.provider, stored.provider);
    QCOMPARE(got.state, stored.state);
    QCOMPARE(got.kind, stored.kind);
    QCOMPARE(got.readVersion, stored.readVersion);
    QCOMPARE(got.workerId, stored.workerId);
    QCOMPARE(got.leaseExpiresAtMs, stored.leaseExpiresAtMs);
    QCOMPARE(got.deadlineAtMs, stored.deadlineAtMs);
    QCOMPARE(got.createdAtMs, stored.createdAtMs);
    QCOMPARE(got.updatedAtMs, stored.updatedAtMs);
    QCOMPARE(got.changeSeq, stored.changeSeq);
    QCOMPARE(got.resultDigest, stored.resultDigest);
    QCOMPARE(got.lastReason, stored.lastReason);
    QCOMPARE(got.providerKey, stored.providerKey);
    QCOMPARE(got.lastLookupAtMs, stored.lastLookupAtMs);
}

} // namespace

class TestHotPaths : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    // A connection lost between two calls: the next call reconnects, prepares
    // its statement again on the new connection and runs it.
    void preparedStatementSurvivesAReconnect()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        submitJob(*svc, QStringLiteral("p1"));
        QVERIFY(svc->session().cachedStatementCount() > 0);
        svc->session().simulateConnectionLoss();
        const Job second = submitJob(*svc, QStringLiteral("p2")); // reconnects and re-prepares
        QCOMPARE(svc->submit(makeSubmit(QStringLiteral("p2"), {{QStringLiteral("prompt"), QStringLiteral("p2")}})).outcome,
                 SubmitResult::Outcome::Replayed);
        QVERIFY(svc->session().cachedStatementCount() > 0);
        QCOMPARE(svc->job(second.id)->idempotencyKey, QStringLiteral("p2"));
        if (store->isPostgres()) {
            // The new server session holds prepared statements of its own.
            const SqlRows r = svc->session().exec(QStringLiteral("SELECT count(*) FROM pg_prepared_statements"));
            QVERIFY(r.first().first().toInt() >= 1);
        }
        // Also inside a write transaction that a lost connection interrupts.
        const Attempt a = startRunning(*svc, second.id);
        svc->session().simulateConnectionLoss();
        const CompleteResult won = svc->complete(a.id, R"({"ok":true})", Actor::worker(QStringLiteral("w1")));
        QCOMPARE(won.outcome, CompleteResult::Outcome::Won);
    }

    // Many distinct statements (dynamic filters, one-off tools): the cache
    // keeps at most its bound, on the client and on the server.
    void statementCacheIsBounded()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        constexpr int kDistinct = 300;
        for (int i = 0; i < kDistinct; ++i) {
            const SqlRows r = svc->session().exec(QStringLiteral("SELECT $1 + %1").arg(i), {1});
            QCOMPARE(r.first().first().toInt(), 1 + i);
        }
        QVERIFY2(svc->session().cachedStatementCount() <= 256,
                 qPrintable(QString::number(svc->session().cachedStatementCount())));
        QVERIFY(svc->session().cachedStatementCount() > 0);
        if (store->isPostgres()) {
            const SqlRows r = svc->session().exec(QStringLiteral("SELECT count(*) FROM pg_prepared_statements"));
            // The bound, plus at most the one evicted by the last miss (deallocated on the next call).
            QVERIFY2(r.first().first().toInt() <= PgSession::kMaxPreparedStatements + 1, qPrintable(r.first().first().toString()));
        }
        // The hot paths still work after their statements were evicted.
        const Job job = submitJob(*svc, QStringLiteral("after-eviction"));
        QCOMPARE(svc->job(job.id)->state, JobState::Queued);
    }

    // Integer columns come back as numbers on both stores (PostgreSQL's as
    // SQLite's already did), parsed once in the session; every other column
    // keeps its text, and integer parameters go out exactly, at the limits.
    void integerColumnsComeBackAsNumbersAndTextAsText()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const qlonglong big = std::numeric_limits<qlonglong>::max();
        const qlonglong small = std::numeric_limits<qlonglong>::min();
        const SqlRows r = svc->session().exec(
            QStringLiteral("SELECT CAST($1 AS bigint), CAST($2 AS bigint), CAST(-7 AS integer), CAST(3 AS smallint), "
                           "CAST(NULL AS bigint), CAST('0042' AS text), CAST($3 AS text), CAST(1.5 AS real), "
                           "CAST($4 AS bigint), CAST($5 AS bigint)"),
            {big, small, QStringLiteral("12 monkeys"), std::numeric_limits<int>::min(), std::numeric_limits<uint>::max()});
        QCOMPARE(r.size(), 1);
        const SqlRow &row = r.first();
        for (int c : {0, 1, 2, 3})
            QVERIFY2(row.at(c).typeId() == QMetaType::LongLong, qPrintable(QStringLiteral("column %1: %2").arg(c).arg(QLatin1String(row.at(c).typeName()))));
        QCOMPARE(row.at(0).toLongLong(), big);
        QCOMPARE(row.at(1).toLongLong(), small);
        QCOMPARE(row.at(2).toLongLong(), -7LL);
        QCOMPARE(row.at(3).toInt(), 3);
        QCOMPARE(row.at(2).toString(), QStringLiteral("-7")); // a caller that wants text still gets the digits
        QVERIFY(row.at(4).isNull());
        QCOMPARE(row.at(5).typeId(), int(QMetaType::QString)); // text that looks like a number stays text
        QCOMPARE(row.at(5).toString(), QStringLiteral("0042"));
        QCOMPARE(row.at(6).toString(), QStringLiteral("12 monkeys"));
        QCOMPARE(row.at(7).toDouble(), 1.5);
        QCOMPARE(row.at(8).toLongLong(), qlonglong(std::numeric_limits<int>::min())); // an int parameter
        QCOMPARE(row.at(9).toLongLong(), qlonglong(std::numeric_limits<uint>::max())); // an unsigned one, not wrapped
        // Through a hot path: the stored job's numbers are the ones a read gives back.
        const Job job = submitJob(*svc, QStringLiteral("typed"));
        const SqlRows ids = svc->session().exec(QStringLiteral("SELECT id, change_seq FROM jobs WHERE id = $1"), {job.id});
        QCOMPARE(ids.first().at(0).toLongLong(), job.id);
        QCOMPARE(ids.first().at(1).toLongLong(), job.changeSeq);
    }

    // Another process changes the schema under a prepared statement (a
    // migration redefines a function or view with other columns): the
    // statement is prepared again, in autocommit and inside a transaction.
    void preparedStatementFollowsASchemaChange()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        auto other = store->open();
        QCOMPARE(rawSql(*other, QStringLiteral("CREATE VIEW jd_test_shape AS SELECT 1 AS a")), std::nullopt);
        const QString query = QStringLiteral("SELECT * FROM jd_test_shape WHERE 1 = $1");
        QCOMPARE(svc->session().exec(query, {1}).first().size(), 1);
        QCOMPARE(svc->session().exec(query, {1}).first().size(), 1);
        QCOMPARE(rawSql(*other, QStringLiteral("DROP VIEW jd_test_shape")), std::nullopt);
        QCOMPARE(rawSql(*other, QStringLiteral("CREATE VIEW jd_test_shape AS SELECT 1 AS a, 2 AS b")), std::nullopt);
        QCOMPARE(svc->session().exec(query, {1}).first().size(), 2);
        QCOMPARE(rawSql(*other, QStringLiteral("DROP VIEW jd_test_shape")), std::nullopt);
        QCOMPARE(rawSql(*other, QStringLiteral("CREATE VIEW jd_test_shape AS SELECT 1 AS a, 2 AS b, 3 AS c")), std::nullopt);
        // Inside a transaction the changed statement aborts it: the store asks
        // for the transaction to run again, and the next run works.
        svc->session().begin();
        std::optional<SqlError::Kind> first;
        try {
            svc->session().exec(query, {1});
        } catch (const SqlError &e) {
            first = e.kind();
        }
        svc->session().rollback();
        if (first)
            QCOMPARE(*first, SqlError::Kind::Retryable);
        svc->session().begin();
        QCOMPARE(svc->session().exec(query, {1}).first().size(), 3);
        svc->session().commit();
    }

    // submit answers with the whole job for every outcome, equal to what is
    // stored, although the database sends back only what the caller lacks.
    void submitAnswersWithTheStoredJob()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        SubmitRequest req = makeSubmit(QStringLiteral("s1"), {{QStringLiteral("b"), 2}, {QStringLiteral("a"), QStringLiteral("x")}},
                                       2, 5);
        req.clientMeta = QJsonObject{{QStringLiteral("client"), QStringLiteral("web")}, {QStringLiteral("ip"), QStringLiteral("::1")}};
        const SubmitResult created = svc->submit(req);
        QCOMPARE(created.outcome, SubmitResult::Outcome::Created);
        compareJobs(created.job, *svc->job(created.job.id));
        QCOMPARE(created.job.state, JobState::Queued);
        QCOMPARE(created.job.version, qint64(0));
        QVERIFY(created.job.changeSeq > 0);
        QCOMPARE(created.submittedFingerprint, created.job.fingerprint);

        // A replay from another client: the job's own metadata, not the replayer's.
        SubmitRequest again = req;
        again.clientMeta = QJsonObject{{QStringLiteral("client"), QStringLiteral("cli")}};
        const SubmitResult replayed = svc->submit(again);
        QCOMPARE(replayed.outcome, SubmitResult::Outcome::Replayed);
        compareJobs(replayed.job, *svc->job(created.job.id));

        // A conflict: the existing job, unchanged, with its own input.
        SubmitRequest other = req;
        other.input = QJsonObject{{QStringLiteral("a"), QStringLiteral("y")}};
        const SubmitResult conflict = svc->submit(other);
        QCOMPARE(conflict.outcome, SubmitResult::Outcome::Conflict);
        compareJobs(conflict.job, *svc->job(created.job.id));
        QVERIFY(conflict.submittedFingerprint != conflict.job.fingerprint);

        // A decided job replays as it is now.
        const Attempt a = startRunning(*svc, created.job.id);
        QCOMPARE(svc->complete(a.id, R"({"answer": 42})", Actor::worker(QStringLiteral("w1"))).outcome,
                 CompleteResult::Outcome::Won);
        const SubmitResult late = svc->submit(req);
        QCOMPARE(late.outcome, SubmitResult::Outcome::Replayed);
        compareJobs(late.job, *svc->job(created.job.id));
        QCOMPARE(late.job.state, JobState::Succeeded);
        QCOMPARE(late.job.result, QByteArray(R"({"answer": 42})"));
    }

    // The fingerprint is the SHA-256 of the canonical intent, computed from
    // one canonicalisation of the input.
    void fingerprintIsTheCanonicalIntentDigest()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const QJsonObject input{{QStringLiteral("z"), 1.5},
                                {QStringLiteral("a"), QJsonArray{1, QStringLiteral("\u00e9\n"), QJsonValue()}},
                                {QStringLiteral("m"), QJsonObject{{QStringLiteral("y"), true}, {QStringLiteral("b"), 10}}}};
        SubmitRequest req = makeSubmit(QStringLiteral("f1"), input);
        req.route = QStringLiteral("route \"quoted\"");
        const SubmitResult r = svc->submit(req);
        // The reference: the canonical JSON of the whole intent object.
        const QString expected = sha256Hex(canonicalJson(QJsonObject{{QStringLiteral("route"), req.route},
                                                                     {QStringLiteral("input"), input}}));
        QCOMPARE(r.job.fingerprint, expected);
        QCOMPARE(r.submittedFingerprint, expected);
        QCOMPARE(intentFingerprint(req.route, input), expected);
        QCOMPARE(intentFingerprintOfCanonical(req.route, canonicalJson(input)), expected);
    }

    // startAttempt and markRunning answer with the attempt as stored.
    void attemptAnswersAreTheStoredAttempt()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("a1"), 2);
        StartAttemptRequest req = makeStartRequest(job.id);
        req.leaseMs = 60000;
        req.deadlineMs = 120000;
        const StartAttemptResult started = claimAndStart(*svc, req);
        QVERIFY(started.started);
        compareAttempts(started.attempt, *svc->attempt(started.attempt.id));
        const StartAttemptResult again = svc->startAttempt(req);
        QVERIFY(again.replayed);
        compareAttempts(again.attempt, *svc->attempt(started.attempt.id));
        const Attempt running = svc->markRunning(started.attempt.id, req.actor, 30000);
        QCOMPARE(running.state, AttemptState::Running);
        compareAttempts(running, *svc->attempt(started.attempt.id));
        compareAttempts(svc->markRunning(started.attempt.id, req.actor), *svc->attempt(started.attempt.id));
    }

    // A winning completion writes the job row once (the CAS) and the attempt
    // row once; the event is still written, by the database.
    void winningCompletionWritesTheJobRowOnce()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("w1"));
        const Attempt a = startRunning(*svc, job.id);
        const qsizetype eventsBefore = svc->attemptEvents(job.id).size();
        SqlSession &s = svc->session();
        if (store->isPostgres()) {
            // Count the row writes of this transaction only (statistics of the
            // current transaction are read before its commit).
            s.begin();
            const SqlRows before = s.exec(QStringLiteral(
                "SELECT pg_stat_get_xact_tuples_updated('jobs'::regclass), pg_stat_get_xact_tuples_updated('attempts'::regclass)"));
            QCOMPARE(svc->complete(a.id, R"({"v":1})", Actor::worker(QStringLiteral("w1"))).outcome,
                     CompleteResult::Outcome::Won);
            const SqlRows after = s.exec(QStringLiteral(
                "SELECT pg_stat_get_xact_tuples_updated('jobs'::regclass), pg_stat_get_xact_tuples_updated('attempts'::regclass)"));
            s.commit();
            QCOMPARE(after.first().at(0).toLongLong() - before.first().at(0).toLongLong(), 1LL);
            QCOMPARE(after.first().at(1).toLongLong() - before.first().at(1).toLongLong(), 1LL);
        } else {
            s.exec(QStringLiteral("CREATE TEMP TABLE job_writes (job_id INTEGER)"));
            s.exec(QStringLiteral("CREATE TEMP TRIGGER count_job_writes AFTER UPDATE ON main.jobs "
                                  "BEGIN INSERT INTO job_writes VALUES (NEW.id); END"));
            QCOMPARE(svc->complete(a.id, R"({"v":1})", Actor::worker(QStringLiteral("w1"))).outcome,
                     CompleteResult::Outcome::Won);
            QCOMPARE(s.exec(QStringLiteral("SELECT count(*) FROM job_writes")).first().first().toInt(), 1);
        }
        const Job after = *svc->job(job.id);
        QCOMPARE(after.state, JobState::Succeeded);
        QCOMPARE(after.completedBy, std::optional<qint64>(a.id));
        QCOMPARE(after.version, qint64(1));
        const Attempt won = *svc->attempt(a.id);
        QCOMPARE(won.state, AttemptState::Succeeded);
        QCOMPARE(after.changeSeq, won.changeSeq); // one stamp for the decision
        const QList<AttemptEvent> events = svc->attemptEvents(job.id);
        QCOMPARE(events.size(), eventsBefore + 1);
        QCOMPARE(events.last().toState, AttemptState::Succeeded);
        QCOMPARE(events.last().fromState, std::optional(AttemptState::Running));
    }

    // Raw SQL that breaks a length or range rule is refused by the database,
    // as a constraint violation, wherever the rule lives (on PostgreSQL the
    // column types and the jobs' guard since migration 24, domains on the
    // attempts; CHECK constraints on SQLite). A job's limits are fixed when
    // it is submitted: an update of them is refused as a change of identity.
    void lengthAndRangeGuardsHold()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const QString fp(64, u'f');
        const QString insertJob = QStringLiteral("INSERT INTO jobs (owner_id, idempotency_key, fingerprint, route, input, "
                                                 "max_parallel, max_attempts) VALUES ($1, $2, $3, $4, '{}', $5, $6)");
        const auto constraint = std::optional(SqlError::Kind::Constraint);
        const QString longText(256, u'x');
        QCOMPARE(rawSql(*svc, insertJob, {longText, QStringLiteral("k1"), fp, QStringLiteral("r"), 1, 3}), constraint);
        QCOMPARE(rawSql(*svc, insertJob, {QStringLiteral(""), QStringLiteral("k1"), fp, QStringLiteral("r"), 1, 3}), constraint);
        QCOMPARE(rawSql(*svc, insertJob, {QStringLiteral("o"), longText, fp, QStringLiteral("r"), 1, 3}), constraint);
        QCOMPARE(rawSql(*svc, insertJob, {QStringLiteral("o"), QStringLiteral("k1"), QString(63, u'f'), QStringLiteral("r"), 1, 3}),
                 constraint);
        QCOMPARE(rawSql(*svc, insertJob, {QStringLiteral("o"), QStringLiteral("k1"), fp, QStringLiteral(""), 1, 3}), constraint);
        QCOMPARE(rawSql(*svc, insertJob, {QStringLiteral("o"), QStringLiteral("k1"), fp, QStringLiteral("r"), 9, 3}), constraint);
        QCOMPARE(rawSql(*svc, insertJob, {QStringLiteral("o"), QStringLiteral("k1"), fp, QStringLiteral("r"), 0, 3}), constraint);
        QCOMPARE(rawSql(*svc, insertJob, {QStringLiteral("o"), QStringLiteral("k1"), fp, QStringLiteral("r"), 1, 101}), constraint);
        QCOMPARE(rawSql(*svc, insertJob, {QStringLiteral("o"), QStringLiteral("k1"), fp, QStringLiteral("r"), 1, 0}), constraint);
        QCOMPARE(rawSql(*svc, insertJob, {QStringLiteral("o"), QStringLiteral("k1"), QString(65, u'f'), QStringLiteral("r"), 1, 3}),
                 constraint);
        QCOMPARE(rawSql(*svc, insertJob, {QStringLiteral("o"), QStringLiteral("k1"), fp, longText, 1, 3}), constraint);
        // A name of 256 characters that are not all ASCII is as long as one that is.
        QCOMPARE(rawSql(*svc, insertJob, {QString(256, u'\u00e9'), QStringLiteral("k1"), fp, QStringLiteral("r"), 1, 3}),
                 constraint);
        QVERIFY(svc->jobs(JobFilter{}).jobs.isEmpty());
        QCOMPARE(rawSql(*svc, insertJob, {QStringLiteral("o"), QStringLiteral("k1"), fp, QStringLiteral("r"), 8, 100}), std::nullopt);
        // The longest names are taken whole.
        const QString longest(255, u'\u00e9');
        QCOMPARE(rawSql(*svc, insertJob, {longest, longest, fp, longest, 1, 1}), std::nullopt);
        const QList<Job> stored = svc->jobs(JobFilter{}).jobs;
        QCOMPARE(stored.size(), 2);
        QVERIFY(std::any_of(stored.cbegin(), stored.cend(), [&](const Job &j) {
            return j.ownerId == longest && j.idempotencyKey == longest && j.route == longest;
        }));

        // Updates are checked too, whatever else they set.
        const Job job = submitJob(*svc, QStringLiteral("g1"));
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET version = -1 WHERE id = $1"), {job.id}), constraint);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET version = -1, state_reason = 'x' WHERE id = $1"), {job.id}),
                 constraint);
        const auto fixed = std::optional(SqlError::Kind::GuardRefused);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET max_parallel = 9, state_reason = 'x' WHERE id = $1"), {job.id}),
                 fixed);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET max_attempts = 0 WHERE id = $1"), {job.id}), fixed);
        QCOMPARE(rawSql(*svc, QStringLiteral("UPDATE jobs SET result = '{}' WHERE id = $1"), {job.id}), constraint);
        QCOMPARE(svc->job(job.id)->version, qint64(0));
        QCOMPARE(svc->job(job.id)->maxParallel, job.maxParallel);
        QCOMPARE(svc->job(job.id)->maxAttempts, job.maxAttempts);

        QVERIFY(svc->claimJob(job.id, QStringLiteral("w1"), 60000));
        const QString insertAttempt = QStringLiteral(
            "INSERT INTO attempts (job_id, attempt_no, provider, kind, state, read_version, start_request_id, worker_id, "
            "lease_expires_at_ms) VALUES ($1, $2, $3, 'automatic', 'starting', $4, 'r1', 'w1', 9000000000000)");
        QCOMPARE(rawSql(*svc, insertAttempt, {job.id, 0, QStringLiteral("p"), 0}), constraint);
        QCOMPARE(rawSql(*svc, insertAttempt, {job.id, 1, QStringLiteral(""), 0}), constraint);
        QCOMPARE(rawSql(*svc, insertAttempt, {job.id, 1, longText, 0}), constraint);
        QCOMPARE(rawSql(*svc, insertAttempt, {job.id, 1, QStringLiteral("p"), -1}), constraint);
        QVERIFY(svc->attempts(job.id).isEmpty());
        QCOMPARE(rawSql(*svc, insertAttempt, {job.id, 1, QStringLiteral("p"), 0}), std::nullopt);
    }

    // A replay finds its job by the key's unique index, also in the plan
    // PostgreSQL caches for the prepared statement on a table that has no
    // statistics yet (a new store, the first calls of a connection), where
    // the owner's listing index (owner_id, id) costs the same: a replay
    // that took it read every job of the owner until the next ANALYZE
    // (migration 24 rebuilt the indexes in the order that made it the
    // planner's pick; the store benchmark's replays cost 4x the server CPU).
    void aReplayLooksItsKeyUpByTheUniqueIndexEvenBeforeStatistics()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        SqlSession &s = svc->session();
        const SubmitRequest req = makeSubmit(QStringLiteral("lk1"));
        QCOMPARE(svc->submit(req).outcome, SubmitResult::Outcome::Created);
        QCOMPARE(svc->submit(req).outcome, SubmitResult::Outcome::Replayed);
        QString plan;
        if (store->isPostgres()) {
            // The statement JobService prepared for the replay, on this connection.
            const SqlRows named = s.exec(QStringLiteral(
                "SELECT name FROM pg_prepared_statements "
                "WHERE regexp_replace(statement, '\\s+', ' ', 'g') LIKE 'WITH ev AS ( INSERT INTO idempotency_events %' "
                "AND statement NOT LIKE '%pg_prepared_statements%'"));
            QCOMPARE(named.size(), 1);
            s.begin();
            s.exec(QStringLiteral("SET LOCAL plan_cache_mode = force_generic_plan"));
            for (const SqlRow &row : s.exec(QStringLiteral("EXPLAIN EXECUTE %1('%2', 'lk1', '%3', 'r', '{}', '{}', true)")
                                                .arg(named.first().first().toString(), req.ownerId, QString(64, u'f'))))
                plan += row.first().toString() + u'\n';
            s.rollback();
            // Both looks at the job (the event's and the answer's) go through the unique index.
            QVERIFY2(plan.count(QStringLiteral("jobs_one_per_intent")) == 2 && !plan.contains(QStringLiteral("jobs_by_owner"))
                         && !plan.contains(QStringLiteral("Seq Scan")),
                     qPrintable(plan));
        } else {
            for (const SqlRow &row : s.exec(QStringLiteral("EXPLAIN QUERY PLAN SELECT id FROM jobs WHERE owner_id = '%1' "
                                                           "AND idempotency_key = 'lk1'")
                                                .arg(req.ownerId)))
                plan += row.last().toString() + u'\n';
            QVERIFY2(plan.contains(QStringLiteral("sqlite_autoindex_jobs_1")), qPrintable(plan));
        }
    }

    // The same for every statement the hot paths prepare: run once on a new
    // store (a new key, a replay, a claim, a start, running, a win), each
    // statement's cached generic plan reads jobs and attempts through an
    // index, never a full scan that would grow with the table until the next
    // ANALYZE. (PostgreSQL caches plans; on SQLite every hot path still
    // succeeds, and hotTablesKeepAnIndexForEveryQuery checks its queries.)
    void everyHotStatementsCachedPlanUsesAnIndexOnANewStore()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        SqlSession &s = svc->session();
        const SubmitRequest req = makeSubmit(QStringLiteral("plan-1"));
        const SubmitResult created = svc->submit(req);
        QCOMPARE(created.outcome, SubmitResult::Outcome::Created);
        QCOMPARE(svc->submit(req).outcome, SubmitResult::Outcome::Replayed);
        const Attempt running = startRunning(*svc, created.job.id); // claim, start, running
        QCOMPARE(svc->complete(running.id, R"({"ok":1})", Actor::worker(QStringLiteral("w1"))).outcome,
                 CompleteResult::Outcome::Won);
        const Job queued = svc->submit(makeSubmit(QStringLiteral("plan-2"))).job;
        const QList<Job> claimed = svc->claimQueuedJobs(QStringLiteral("w2"), 5, 60000); // the dispatcher's claim
        QCOMPARE(claimed.size(), 1);
        QCOMPARE(claimed.first().id, queued.id);
        if (!store->isPostgres())
            return;
        const SqlRows prepared = s.exec(QStringLiteral(
            "SELECT name, cardinality(parameter_types), statement FROM pg_prepared_statements "
            "WHERE statement ~ '\\m(jobs|attempts)\\M' AND statement NOT LIKE '%pg_prepared_statements%' ORDER BY name"));
        QStringList seen;
        for (const SqlRow &row : prepared)
            seen.append(row.at(2).toString().simplified().left(40)); // the .sql resources span lines
        for (const char *start : {"INSERT INTO jobs AS t", "WITH ev AS ( INSERT INTO idempotency", "WITH a AS MATERIALIZED",
                                  "UPDATE jobs SET claimed_by = $1", "UPDATE jobs SET claimed_by = $2"})
            QVERIFY2(std::any_of(seen.cbegin(), seen.cend(), [&](const QString &t) { return t.startsWith(QLatin1String(start)); }),
                     qPrintable(QStringLiteral("%1 not among the prepared statements:\n").arg(QLatin1String(start))
                                + seen.join(u'\n')));
        s.begin();
        s.exec(QStringLiteral("SET LOCAL plan_cache_mode = force_generic_plan"));
        QStringList fullScans;
        for (const SqlRow &row : prepared) {
            QStringList nulls;
            for (int i = 0; i < row.at(1).toInt(); ++i)
                nulls.append(QStringLiteral("NULL"));
            QString plan;
            for (const SqlRow &line : s.exec(QStringLiteral("EXPLAIN EXECUTE %1(%2)").arg(row.at(0).toString(), nulls.join(u','))))
                plan += line.first().toString() + u'\n';
            if (plan.contains(QStringLiteral("Seq Scan on jobs")) || plan.contains(QStringLiteral("Seq Scan on attempts")))
                fullScans.append(row.at(2).toString().left(160) + u'\n' + plan);
        }
        s.rollback();
        QVERIFY2(fullScans.isEmpty(), qPrintable(fullScans.join(QStringLiteral("\n---\n"))));
    }

    // Migration 10 keeps fewer indexes on the hot tables (a job insert writes 6
    // index entries on PostgreSQL, a replay record 2); every query the
    // dispatcher and the console run on them is still served by an index.
    // (Planner costs on an empty table favour a full scan, so on PostgreSQL
    // full scans are priced out: a plan without one proves an index serves.)
    void hotTablesKeepAnIndexForEveryQuery()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        SqlSession &s = svc->session();
        const Job job = submitJob(*svc, QStringLiteral("ix1"));
        // The unique rule holds whichever order its columns are in: a replay, a conflict, no second job.
        const SubmitRequest same = makeSubmit(QStringLiteral("ix1"), {{QStringLiteral("prompt"), QStringLiteral("ix1")}});
        QCOMPARE(svc->submit(same).outcome, SubmitResult::Outcome::Replayed);
        const SubmitResult other = svc->submit(makeSubmit(QStringLiteral("ix1")));
        QCOMPARE(other.outcome, SubmitResult::Outcome::Conflict);
        QCOMPARE(other.job.id, job.id);
        QCOMPARE(rawSql(*svc, QStringLiteral("INSERT INTO jobs (owner_id, idempotency_key, fingerprint, route, input) "
                                             "VALUES ('owner-1', 'ix1', $1, 'r', '{}')"),
                        {QString(64, u'f')}),
                 std::optional(SqlError::Kind::UniqueViolation));
        QCOMPARE(svc->jobs(JobFilter{}).jobs.size(), 1);

        const QStringList queries{
            // the dispatcher's claim, and the queued count
            QStringLiteral("SELECT id FROM jobs WHERE state = 'queued' AND (claim_expires_at_ms IS NULL OR "
                           "claim_expires_at_ms < 0) ORDER BY id LIMIT 1"),
            QStringLiteral("SELECT count(*) FROM jobs WHERE state = 'queued'"),
            // find by key alone, by owner and key (submit, key incidents), by owner
            QStringLiteral("SELECT id FROM jobs WHERE idempotency_key = 'ix1' ORDER BY id DESC LIMIT 10"),
            QStringLiteral("SELECT id FROM jobs WHERE owner_id = 'owner-1' AND idempotency_key = 'ix1'"),
            QStringLiteral("SELECT id FROM jobs WHERE owner_id = 'owner-1' ORDER BY id DESC LIMIT 10"),
            QStringLiteral("SELECT id FROM jobs WHERE route = 'r' ORDER BY id DESC LIMIT 10"),
            // a key's requests (job detail, key incidents)
            QStringLiteral("SELECT id, kind FROM idempotency_events WHERE owner_id = 'owner-1' AND idempotency_key = 'ix1' "
                           "ORDER BY id"),
        };
        if (store->isPostgres()) {
            const SqlRows n = s.exec(QStringLiteral(
                "SELECT (SELECT count(*) FROM pg_index WHERE indrelid = 'jobs'::regclass), "
                "(SELECT count(*) FROM pg_index WHERE indrelid = 'idempotency_events'::regclass)"));
            QCOMPARE(n.first().at(0).toInt(), 6);
            QCOMPARE(n.first().at(1).toInt(), 3); // and by job, for retention's removal (003)
            s.begin();
            s.exec(QStringLiteral("SET LOCAL enable_seqscan = off"));
            for (const QString &q : queries) {
                QString plan;
                for (const SqlRow &row : s.exec(QStringLiteral("EXPLAIN ") + q))
                    plan += row.first().toString() + u'\n';
                QVERIFY2(!plan.contains(QStringLiteral("Seq Scan")), qPrintable(q + u'\n' + plan));
            }
            s.rollback();
        } else {
            for (const QString &q : queries) {
                QString plan;
                for (const SqlRow &row : s.exec(QStringLiteral("EXPLAIN QUERY PLAN ") + q))
                    plan += row.last().toString() + u'\n';
                QVERIFY2(plan.contains(QStringLiteral("USING")) && !plan.contains(QStringLiteral("TEMP B-TREE FOR ORDER")),
                         qPrintable(q + u'\n' + plan));
            }
        }
    }
    // Every attempt transition stores its job's derived state
    // (job_derived_state). It reads that job's own attempts, never every open
    // or unknown attempt of the store, however the statistics lean: here they
    // say a job has half the table's attempts, which makes a walk of the open
    // attempts the cheaper plan for any query that filters by state; with 20
    // calls in flight no step of the plan reads more than the job's one attempt
    // (and that row's older versions the index still points to).
    void theDerivedStateReadsOnlyTheJobsOwnAttempts()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Actor worker = Actor::worker(QStringLiteral("w"));
        for (int i = 0; i < 100; ++i) {
            const Job job = submitJob(*svc, QStringLiteral("decided-%1").arg(i));
            const Attempt a = startRunning(*svc, job.id);
            QCOMPARE(svc->complete(a.id, R"({"answer":"done"})", worker).outcome, CompleteResult::Outcome::Won);
        }
        for (int i = 0; i < 20; ++i)
            startRunning(*svc, submitJob(*svc, QStringLiteral("in-flight-%1").arg(i)).id);
        const Job job = submitJob(*svc, QStringLiteral("the-one"));
        startRunning(*svc, job.id);
        SqlSession &s = svc->session();
        const QString q = QStringLiteral("SELECT state FROM job_derived_state WHERE id = %1").arg(job.id);
        QString plan;
        if (store->isPostgres()) {
            s.begin();
            s.exec(QStringLiteral("ALTER TABLE attempts ALTER COLUMN job_id SET (n_distinct = 2)"));
            s.exec(QStringLiteral("ANALYZE attempts"));
            s.exec(QStringLiteral("SET LOCAL enable_seqscan = off"));
            for (const SqlRow &row : s.exec(QStringLiteral("EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ") + q))
                plan += row.first().toString() + u'\n';
            s.rollback();
            static const QRegularExpression read(QStringLiteral("(?:actual rows|Rows Removed by Filter)[=:] ?(\\d+)"));
            for (auto it = read.globalMatch(plan); it.hasNext();)
                QVERIFY2(it.next().captured(1).toInt() <= 3, qPrintable(plan)); // its attempt's row versions
        } else {
            s.exec(QStringLiteral("ANALYZE"));
            for (const SqlRow &row : s.exec(QStringLiteral("EXPLAIN QUERY PLAN ") + q))
                plan += row.last().toString() + u'\n';
            for (const QString &line : plan.split(u'\n', Qt::SkipEmptyParts))
                if (line.contains(QStringLiteral(" a ")) || line.endsWith(QStringLiteral(" a")))
                    QVERIFY2(line.contains(QStringLiteral("(job_id=?)")), qPrintable(plan));
        }
        QCOMPARE(s.exec(q).first().first().toString(), QStringLiteral("running"));
    }

    // Owner, key, route and fingerprint are opaque names: every index on them
    // compares bytes, never the operating system's collation, whose rules
    // change with the C library (an index built under the old rules can miss
    // a key that is there: a second job for one intent). PostgreSQL since
    // migration 28; SQLite compares BINARY.
    void keysCompareAsBytesInEveryIndexOnThem()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        SqlSession &s = svc->session();
        const QStringList keyColumns{QStringLiteral("owner_id"), QStringLiteral("idempotency_key"), QStringLiteral("route"),
                                     QStringLiteral("fingerprint")};
        int checked = 0;
        if (store->isPostgres()) {
            const SqlRows r = s.exec(QStringLiteral(
                "SELECT c.relname, a.attname, coalesce(coll.collname, '') FROM pg_index i "
                "JOIN pg_class c ON c.oid = i.indexrelid "
                "JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::smallint[]) "
                "LEFT JOIN pg_collation coll ON coll.oid = i.indcollation[array_position(i.indkey::smallint[], a.attnum)] "
                "WHERE i.indrelid IN ('jobs'::regclass, 'idempotency_events'::regclass) "
                "AND a.attname IN ('owner_id', 'idempotency_key', 'route', 'fingerprint')"));
            for (const SqlRow &row : r) {
                QVERIFY2(row.at(2).toString() == QStringLiteral("C"),
                         qPrintable(row.at(0).toString() + u'.' + row.at(1).toString() + QStringLiteral(" collates ")
                                    + row.at(2).toString()));
                ++checked;
            }
        } else {
            for (const char *table : {"jobs", "idempotency_events"}) {
                for (const SqlRow &ix : s.exec(QStringLiteral("SELECT name FROM pragma_index_list('%1')").arg(QLatin1String(table)))) {
                    for (const SqlRow &col : s.exec(QStringLiteral("SELECT name, coll FROM pragma_index_xinfo('%1') "
                                                                   "WHERE key = 1 AND name IS NOT NULL")
                                                        .arg(ix.first().toString()))) {
                        if (!keyColumns.contains(col.at(0).toString()))
                            continue;
                        QVERIFY2(col.at(1).toString() == QStringLiteral("BINARY"),
                                 qPrintable(ix.first().toString() + u'.' + col.at(0).toString() + QStringLiteral(" collates ")
                                            + col.at(1).toString()));
                        ++checked;
                    }
                }
            }
        }
        // The key's unique index (two columns), the owner's and the route's,
        // and the requests' by key: none of them can drop out unnoticed.
        QVERIFY2(checked >= 5, qPrintable(QString::number(checked)));
    }
};

QTEST_GUILESS_MAIN(TestHotPaths)
#include "tst_hot_paths.moc"
