#include "JobService.h"
#include "Intent.h"

#include "Logging.h"
#include "Names.h"
#include "Rows.h"
#include "TakenKeys.h"
#include "domain/CanonicalJson.h"
#include "store/Migrations.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QThread>
#include <QUuid>

#include <algorithm>
#include <cmath>
#include <random>

namespace jobdesk {

using Code = JobDeskError::Code;

QString toText(SubmitResult::Outcome o)
{
    switch (o) {
    case SubmitResult::Outcome::Created: return QStringLiteral("created");
    case SubmitResult::Outcome::Replayed: return QStringLiteral("replayed");
    case SubmitResult::Outcome::Conflict: return QStringLiteral("conflict");
    }
    return {};
}

QString toText(Refusal::Reason r)
{
    switch (r) {
    case Refusal::Reason::None: return QStringLiteral("none");
    case Refusal::Reason::AttemptUnknown: return QStringLiteral("attempt_unknown");
    case Refusal::Reason::AttemptStarting: return QStringLiteral("attempt_starting");
    case Refusal::Reason::MaxParallel: return QStringLiteral("max_parallel");
    case Refusal::Reason::JobHasWinner: return QStringLiteral("job_has_winner");
    case Refusal::Reason::JobCancelled: return QStringLiteral("job_cancelled");
    case Refusal::Reason::BudgetSpent: return QStringLiteral("budget_spent");
    case Refusal::Reason::ClaimLost: return QStringLiteral("claim_lost");
    case Refusal::Reason::AutomaticOpen: return QStringLiteral("automatic_open");
    case Refusal::Reason::NothingToHedge: return QStringLiteral("nothing_to_hedge");
    }
    return {};
}

namespace {

constexpr qsizetype kMaxIntentBytes = 1024 * 1024;
constexpr qsizetype kMaxMetaBytes = 64 * 1024;

struct Stamp
{
    qint64 seq = 0;
    qint64 nowMs = 0;
};

[[noreturn]] void invalid(const QString &message)
{
    throw JobDeskError(Code::InvalidArgument, message);
}

void requireLease(qint64 ms)
{
    if (ms <= 0)
        invalid(QStringLiteral("lease must be positive"));
    if (ms > kMaxLeaseMs)
        invalid(QStringLiteral("a lease is at most %1 ms (a day); a longer one would keep a stopped worker's attempt "
                               "from being reaped").arg(kMaxLeaseMs));
}

// The request as it is written: its reason storable (storableText), its
// names refused when a store could not keep them apart.
OperatorRequest checkedOperator(const OperatorRequest &r)
{
    if (r.actor.role != Role::Operator)
        throw JobDeskError(Code::Forbidden, QStringLiteral("only an operator may do this (%1 '%2' is a %3)")
                                                .arg(r.actor.kind, r.actor.id, toText(r.actor.role)));
    requireName(r.actor.id, "operator id");
    requireName(r.actor.kind, "actor kind");
    requireName(r.requestId, "request id");
    if (r.reason.trimmed().isEmpty())
        invalid(QStringLiteral("a reason is required"));
    if (r.reason.size() > 2000)
        invalid(QStringLiteral("the reason is longer than 2000 characters"));
    OperatorRequest out = r;
    // Trimmed here, as both stores write it: PostgreSQL's btrim() takes only
    // spaces off, SQLite's trimmed() every white space.
    out.reason = storableText(r.reason.trimmed());
    return out;
}

QVariant opt(const std::optional<qint64> &v)
{
    return v ? QVariant(*v) : QVariant();
}

const QString kOpenStates = QStringLiteral("('starting', 'running', 'unknown')");

// Invariant 7: a random key per attempt, stored on its row, never derived from ids.
QString localUser()
{
    return operatingSystemUser();
}

// A create under a key whose job retention removed (JD050, SQLite JD052): answered from the
// key's tombstone (JobService::submit), never a new job.
struct TombstonedKey
{
};

// The key's tombstone as a submit's answer; nullopt when the key has none.
std::optional<SubmitResult> tombstoneAnswer(SqlSession &s, const SubmitRequest &req, const QString &fp)
{
    const SqlRows r = s.exec(QStringLiteral("SELECT job_id, fingerprint, route, final_state, created_at_ms, removed_at_ms "
                                            "FROM key_tombstones WHERE owner_id = $1 AND idempotency_key = $2"),
                             {req.ownerId, req.idempotencyKey});
    if (r.isEmpty())
        return std::nullopt;
    const SqlRow &row = r.first();
    SubmitResult out;
    out.job.id = row.at(0).toLongLong();
    out.job.ownerId = req.ownerId;
    out.job.idempotencyKey = req.idempotencyKey;
    out.job.fingerprint = row.at(1).toString();
    out.job.route = row.at(2).toString();
    out.job.state = jobStateFromString(row.at(3).toString()).value_or(JobState::Succeeded);
    out.job.createdAtMs = row.at(4).toLongLong();
    out.job.updatedAtMs = row.at(5).toLongLong();
    out.archivedAtMs = row.at(5).toLongLong();
    out.submittedFingerprint = fp;
    out.outcome = out.job.fingerprint == fp ? SubmitResult::Outcome::Replayed : SubmitResult::Outcome::Conflict;
    if (out.outcome == SubmitResult::Outcome::Replayed)
        out.job.input = req.input; // the same intent: the input is the one sent
    return out;
}

// The answer of a PostgreSQL operator function (jd_op_*): outcome, response, message.
OperatorResult operatorOutcome(const SqlRow &row)
{
    const QString outcome = row.at(0).toString();
    const QString message = row.at(2).toString();
    if (outcome == QStringLiteral("done"))
        return OperatorResult{false, rows::jsonObject(row.at(1))};
    if (outcome == QStringLiteral("replayed"))
        return OperatorResult{true, rows::jsonObject(row.at(1))};
    if (outcome == QStringLiteral("not_found"))
        throw JobDeskError(Code::NotFound, message);
    if (outcome == QStringLiteral("stale"))
        throw JobDeskError(Code::StaleView, message);
    if (outcome == QStringLiteral("invalid"))
        throw JobDeskError(Code::InvalidTransition, message);
    throw JobDeskError(Code::InvalidArgument, message); // request_reused
}

QString newProviderKey()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

// Create-or-replay on PostgreSQL (invariants 1 and 2), in autocommit. A new
// key, the hot path, is one plain statement: the insert, which the unique
// constraint on (owner, key) decides; it comes back as the three values the
// database chose (id, change sequence, time): the caller has the rest. Only
// when the key is taken (no row comes back, nothing was written) is the
// replay statement sent, a second round trip: it reads the existing job and
// records the replay or conflict event. Keeping the replay out of this
// statement spares every new key the setup of branches it would not run.
// Columns of the insert: id, change_seq, created_at_ms.
const QString kSubmitInsertSql = QStringLiteral(
    "INSERT INTO jobs AS t (owner_id, idempotency_key, fingerprint, route, input, max_parallel, max_attempts,"
    " client_meta, created_at_ms, updated_at_ms)"
    " SELECT $1::text, $2::text, $3::text, $4::text, $5::jsonb, $7::integer, $8::integer, $6::jsonb, n.ms, n.ms"
    " FROM jd_now_ms() AS n(ms)"
    " ON CONFLICT (owner_id, idempotency_key) DO NOTHING"
    " RETURNING t.id, t.change_seq, t.created_at_ms");

// The key is taken: the existing job and the replay or conflict event. This
// statement's snapshot sees the job: the insert that found the key taken
// waited for the taking insert to commit (had it rolled back, the insert
// would have written the job), and a statement in autocommit takes its
// snapshot when it starts (so DESIGN.md's trap, a snapshot too old to see a
// job a concurrent insert committed, cannot happen here). A replay
// leaves out the input (the caller sent the same intent). A replay's event commits
// asynchronously when no synchronous standby is configured: `ev` sets
// synchronous_commit = off for this statement's own transaction
// (autocommit), evaluated once, on the key's job. Its answer is read from the
// job row, which was committed synchronously before any replay could see it
// (PgSession raises a session's synchronous_commit to on); only the event
// record can be lost, and only if the PostgreSQL server itself crashes within
// wal_writer_delay of the commit (docs/architecture.md).
// With a synchronous standby the replay commits as the session does: a
// creation whose wait for the standby was cancelled (its backend terminated)
// is visible here before the standby has it, and only the replay's own
// commit, which comes after it in the log, waits until it has, so a failover
// cannot lose a job a client was told exists
// (tst_synchronous_standby::aReplayIsNotAnsweredBeforeTheSynchronousStandbyHasTheJob).
// The event and the answer each look the job up by its key; one statement
// has one snapshot, so both find the same row or neither does. That is
// cheaper than one look shared through materialised CTEs, whose scans
// PostgreSQL sets up at every execution. Columns: outcome, then
// rows::kJobColumns.
//
// Only a replay commits asynchronously. A conflict commits as the session
// does: its record holds the only copy of the rejected intent, which support
// staff diff against the job's, and a crash right after a 409 must not lose
// it (tst_submit::onlyReplaysCommitAsynchronously). Inside a caller's transaction
// (JobService::session(), tools and tests) nothing is asynchronous: the
// setting is the transaction's, and a job that transaction creates next would
// have committed asynchronously too (kSubmitReplayInTransactionSql).
constexpr char kSubmitReplayEventSql[] =
    "WITH ev AS ("
    " INSERT INTO idempotency_events (kind, owner_id, idempotency_key, job_id, fingerprint, existing_fingerprint,"
    " rejected_intent, client_meta, at_ms)"
    " SELECT CASE WHEN t.fingerprint = $3::text THEN 'replayed' ELSE 'conflict' END::idempotency_event_kind, $1::text,"
    " $2::text, t.id, $3::text, t.fingerprint,"
    " CASE WHEN t.fingerprint <> $3::text THEN jsonb_build_object('route', $4::text, 'input', $5::jsonb) END, $6::jsonb,"
    " jd_now_ms()"
    " FROM jobs t WHERE t.owner_id = $1::text AND t.idempotency_key = $2::text";
constexpr char kSubmitReplayAsyncSql[] =
    " AND set_config('synchronous_commit', CASE WHEN current_setting('synchronous_standby_names') = ''"
    " AND t.fingerprint = $3::text THEN 'off' ELSE current_setting('synchronous_commit') END, true) IS NOT NULL";
constexpr char kSubmitReplayAnswerSql[] =
    ") SELECT CASE WHEN t.fingerprint = $3::text THEN 'replayed' ELSE 'conflict' END, t.id, t.owner_id::text,"
    " t.idempotency_key::text, t.fingerprint::text, t.route::text, CASE WHEN t.fingerprint <> $3::text THEN t.input END,"
    " t.state, t.version::bigint, t.change_seq, t.max_parallel::integer, t.max_attempts::integer, t.completed_by, t.result,"
    " t.client_meta, t.state_reason, t.created_at_ms, t.updated_at_ms"
    " FROM jobs t WHERE t.owner_id = $1::text AND t.idempotency_key = $2::text";
const QString kSubmitReplaySql = QLatin1String(kSubmitReplayEventSql) + QLatin1String(kSubmitReplayAsyncSql)
                                 + QLatin1String(kSubmitReplayAnswerSql);
const QString kSubmitReplayInTransactionSql = QLatin1String(kSubmitReplayEventSql) + QLatin1String(kSubmitReplayAnswerSql);

// Submit on SQLite, a new key: one statement in autocommit. A write
// statement takes SQLite's write lock before it reads anything, so the
// counter it reads is the latest; the trigger jobs_insert_moves_counter
// moves the counter to the new job's change_seq. No row back:
// the key is taken (submitTx answers). Columns: id, change_seq, created_at_ms.
const QString kSqliteSubmitInsertSql = QStringLiteral(
    "INSERT INTO jobs (owner_id, idempotency_key, fingerprint, route, input, max_parallel, max_attempts, client_meta,"
    " change_seq, created_at_ms, updated_at_ms)"
    " SELECT $1, $2, $3, $4, $5, $6, $7, $8, c.value + 1, n.ms, n.ms"
    " FROM jd_counter c, (SELECT CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) AS ms) n WHERE c.id = 1"
    " ON CONFLICT (owner_id, idempotency_key) DO NOTHING RETURNING id, change_seq, created_at_ms");

// Complete on PostgreSQL (invariant 5). The win, the hot path, is one
// statement of plain SQL: lock the attempt (a running or unknown one), then
// the CAS on the job (the UPDATE takes the job's lock: attempt before job, as
// cancel does; its WHERE, re-checked on the latest row when it waits, is what
// decides), then the attempt to succeeded; the triggers check both rows and
// write the event. The attempt is locked without first reading the job: a
// loser pays one row lock so that no win pays for that read. When it
// returns no row it wrote nothing, and everything else (a re-run of a win, a
// starting or failed attempt, a lost race, a job that changed since this
// statement's snapshot) is jd_complete's (kCompleteSlowSql), whose statements
// each read the latest committed rows and which also wins if the job is still
// undecided. It is a second statement, not a branch of this one, so a win
// does not set up what it never runs. Columns: outcome, job_id,
// expected_version, found_version, winner, attempt_state.
const QString kCompleteSql = QStringLiteral(
    "WITH a AS MATERIALIZED ("
    " SELECT t.id, t.job_id, t.read_version FROM attempts t"
    " WHERE t.id = $1 AND t.state IN ('running', 'unknown')"
    " FOR UPDATE OF t), "
    "j AS ("
    " UPDATE jobs t SET result = $2::json, completed_by = a.id, version = t.version + 1, state = 'succeeded',"
    " state_reason = NULL, change_seq = nextval('jd_change_seq'), updated_at_ms = jd_now_ms()"
    " FROM a WHERE t.id = a.job_id AND t.version = a.read_version AND t.completed_by IS NULL AND t.state <> 'cancelled'"
    " RETURNING t.id, a.read_version, t.change_seq, t.updated_at_ms), "
    "w AS ("
    " UPDATE attempts t SET state = 'succeeded', result_digest = $3::text, last_actor_kind = $4::text,"
    " last_actor_id = $5::text, last_reason = NULL, change_seq = j.change_seq, updated_at_ms = j.updated_at_ms"
    " FROM j WHERE t.id = $1"
    " RETURNING t.id) "
    "SELECT 'won'::text, j.id, j.read_version::bigint, j.read_version::bigint, w.id, 'succeeded'::text FROM j, w");
const QString kCompleteSlowSql = QStringLiteral("SELECT * FROM jd_complete($1, $2::json, $3::text, $4::text, $5::text)");

// The job a create wrote: everything but what the database chose is what the
// caller sent (a new job is queued, at version 0, with no winner yet).
Job createdJob(const SubmitRequest &req, const QString &fingerprint, qint64 id, qint64 changeSeq, qint64 createdAtMs)
{
    Job j;
    j.id = id;
    j.ownerId = req.ownerId;
    j.idempotencyKey = req.idempotencyKey;
    j.fingerprint = fingerprint;
    j.route = req.route;
    j.input = req.input;
    j.state = JobState::Queued;
    j.version = 0;
    j.changeSeq = changeSeq;
    j.maxParallel = req.maxParallel;
    j.maxAttempts = req.maxAttempts;
    j.clientMeta = req.clientMeta;
    j.createdAtMs = createdAtMs;
    j.updatedAtMs = createdAtMs;
    return j;
}

} // namespace

struct JobService::Private
{
    std::unique_ptr<SqlSession> session;
    Options options;
    qint64 clockOffsetMs = 0;

    // PostgreSQL: keys seen taken (this service, or those sharing
    // Options::takenKeys, created their job or were answered with it): which
    // statement to send first (TakenKeys.h).
    std::shared_ptr<TakenKeys> takenKeys;
    bool seenTaken(quint64 h) const { return takenKeys && takenKeys->seen(h); }
    void markTaken(quint64 h)
    {
        if (takenKeys)
            takenKeys->mark(h);
    }

    bool pg() const { return session->dialect() == Dialect::Postgres; }
    QString forUpdate() const { return pg() ? QStringLiteral(" FOR UPDATE") : QString(); }

    Stamp stamp()
    {
        const SqlRows r = pg() ? session->exec(QStringLiteral("SELECT nextval('jd_change_seq'), jd_now_ms()"))
                               : session->exec(QStringLiteral(
                                     "UPDATE jd_counter SET value = value + 1 WHERE id = 1 RETURNING value, "
                                     "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"));
        return Stamp{r.at(0).at(0).toLongLong(), r.at(0).at(1).toLongLong()};
    }

    // Runs `body` as one write transaction (or, with inTransaction=false, as
    // autocommit statements: the PostgreSQL hot paths), retrying serialization
    // failures and deadlocks, and re-running after a lost connection (every
    // operation is safe to re-run).
    template<typename F>
    auto run(const char *what, bool transaction, F body) -> decltype(body())
    {
        static thread_local std::minstd_rand rng{std::random_device{}()};
        QElapsedTimer spent;
        spent.start();
        for (int attempt = 0;; ++attempt) {
            try {
                if (transaction)
                    session->begin();
                auto result = body();
                if (transaction)
                    session->commit();
                return result;
            } catch (const SqlError &e) {
                session->rollback();
                const bool last = attempt >= options.maxRetries || spent.elapsed() >= options.retryBudgetMs;
                if (e.kind() == SqlError::Kind::Retryable && !last) {
                    qCDebug(lcService) << what << "retrying after" << e.message();
                    QThread::usleep(static_cast<unsigned long>(500 + rng() % (2000u << std::min(attempt, 5))));
                    continue;
                }
                if (e.kind() == SqlError::Kind::ConnectionLost && attempt < 3) {
                    qCWarning(lcService) << what << "lost its connection; reconnecting and re-running:" << e.message();
                    try {
                        session->reconnect();
                    } catch (const SqlError &re) {
                        if (attempt >= 2)
                            throw JobDeskError(Code::StoreUnavailable,
                                               QStringLiteral("%1: the database is unreachable: %2")
                                                   .arg(QLatin1String(what), re.message()));
                        QThread::msleep(100u << attempt);
                    }
                    continue;
                }
                if (e.kind() == SqlError::Kind::ConnectionLost)
                    throw JobDeskError(Code::StoreUnavailable, QStringLiteral("%1: %2").arg(QLatin1String(what), e.message()));
                // Still busy (another process holds SQLite's write lock) or
                // still conflicting after every try: nothing was written, and
                // trying later may work; a 503 with Retry-After over HTTP, not
                // a 500 "the store failed"
                // (tst_store_retries::aStoreThatStaysBusyIsUnavailableAndNothingIsWritten).
                if (e.kind() == SqlError::Kind::Retryable)
                    throw JobDeskError(Code::StoreBusy,
                                       QStringLiteral("%1: the store stayed busy (%2); nothing was written, try again")
                                           .arg(QLatin1String(what), e.message()));
                if (e.kind() == SqlError::Kind::PermissionDenied)
                    throw JobDeskError(Code::Forbidden,
                                       QStringLiteral("%1: the database refuses this for your database user: %2")
                                           .arg(QLatin1String(what), e.message()));
                if (e.kind() == SqlError::Kind::GuardRefused && (e.code() == QLatin1String("JD050") || e.code() == QLatin1String("JD052")))
                    throw TombstonedKey{};
                if (e.kind() == SqlError::Kind::GuardRefused)
                    throw guardRefusal(QLatin1String(what), e);
                throw JobDeskError(Code::StoreError, QStringLiteral("%1: %2").arg(QLatin1String(what), e.message()));
            } catch (...) {
                session->rollback();
                throw;
            }
        }
    }

    // ---- reads inside a transaction ----
    std::optional<Job> lockJob(qint64 jobId)
    {
        const SqlRows r = session->exec(QStringLiteral("SELECT ") + QLatin1String(rows::kJobColumns)
                                            + QStringLiteral(" FROM jobs WHERE id = $1") + forUpdate(),
                                        {jobId});
        if (r.isEmpty())
            return std::nullopt;
        return rows::job(r.first());
    }
    std::optional<Attempt> lockAttempt(qint64 attemptId)
    {
        const SqlRows r = session->exec(QStringLiteral("SELECT ") + QLatin1String(rows::kAttemptColumns)
                                            + QStringLiteral(" FROM attempts WHERE id = $1") + forUpdate(),
                                        {attemptId});
        if (r.isEmpty())
            return std::nullopt;
        return rows::attempt(r.first());
    }
    Job requireJob(qint64 jobId)
    {
        auto j = lockJob(jobId);
        if (!j)
            throw JobDeskError(Code::NotFound, QStringLiteral("job %1 does not exist").arg(jobId));
        return *j;
    }
    // The hot paths' reads: only the columns their guards look at (no JSON
    // parsed, no text converted that nobody reads), locked on PostgreSQL.
    Job requireJobForGuards(qint64 jobId)
    {
        const SqlRows r = session->exec(QStringLiteral("SELECT id, version, completed_by, state, max_parallel, max_attempts "
                                                       "FROM jobs WHERE id = $1")
                                            + forUpdate(),
                                        {jobId});
        if (r.isEmpty())
            throw JobDeskError(Code::NotFound, QStringLiteral("job %1 does not exist").arg(jobId));
        const SqlRow &row = r.first();
        Job j;
        j.id = row.at(0).toLongLong();
        j.version = row.at(1).toLongLong();
        j.completedBy = rows::optInt(row.at(2));
        j.state = jobStateFromString(row.at(3).toString()).value_or(JobState::Queued);
        j.maxParallel = row.at(4).toInt();
        j.maxAttempts = row.at(5).toInt();
        return j;
    }
    // Why an attempt of this job, still 'starting', must not be sent now
    // (empty: it may be). The same reasons, in the same order, as
    // jd_mark_running's (resources/schema/postgres/functions/jd_mark_running.sql).
    QString neverSendReason(const Job &job)
    {
        if (job.completedBy)
            return QStringLiteral("never sent: job %1 already has a winner (attempt %2)").arg(job.id).arg(*job.completedBy);
        if (job.state == JobState::Cancelled)
            return QStringLiteral("never sent: job %1 is cancelled").arg(job.id);
        const SqlRows u = session->exec(
            QStringLiteral("SELECT id FROM attempts WHERE job_id = $1 AND state = 'unknown' ORDER BY id LIMIT 1"), {job.id});
        if (!u.isEmpty())
            return QStringLiteral("never sent: attempt %1 of job %2 is unknown").arg(u.first().at(0).toLongLong()).arg(job.id);
        return {};
    }
    Attempt requireAttemptForCompletion(qint64 attemptId)
    {
        const SqlRows r = session->exec(QStringLiteral("SELECT id, job_id, state, read_version FROM attempts WHERE id = $1")
                                            + forUpdate(),
                                        {attemptId});
        if (r.isEmpty())
            throw JobDeskError(Code::NotFound, QStringLiteral("attempt %1 does not exist").arg(attemptId));
        const SqlRow &row = r.first();
        Attempt a;
        a.id = row.at(0).toLongLong();
        a.jobId = row.at(1).toLongLong();
        a.state = attemptStateFromString(row.at(2).toString()).value_or(AttemptState::Starting);
        a.readVersion = row.at(3).toLongLong();
        return a;
    }
    Attempt requireAttempt(qint64 attemptId)
    {
        auto a = lockAttempt(attemptId);
        if (!a)
            throw JobDeskError(Code::NotFound, QStringLiteral("attempt %1 does not exist").arg(attemptId));
        return *a;
    }

    std::optional<qint64> firstAttemptIn(qint64 jobId, const QString &states)
    {
        const SqlRows r = session->exec(QStringLiteral("SELECT id FROM attempts WHERE job_id = $1 AND state IN ")
                                            + states + QStringLiteral(" ORDER BY id LIMIT 1"),
                                        {jobId});
        if (r.isEmpty())
            return std::nullopt;
        return r.first().first().toLongLong();
    }

    // The guards of invariant 3, checked first so the refusal can name the
    // blocking attempt; the trigger refuses the same insert regardless.
    QString nowSql() const
    {
        return pg() ? QStringLiteral("jd_now_ms()") : QStringLiteral("CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)");
    }

    Refusal startGuard(const Job &job, AttemptKind kind, const QString &workerId = {})
    {
        Refusal no;
        if (auto u = firstAttemptIn(job.id, QStringLiteral("('unknown')")))
            return {Refusal::Reason::AttemptUnknown, u,
                    QStringLiteral("attempt %1 of job %2 is unknown: its outcome must be learned or it must be "
                                   "cancelled before another attempt starts")
                        .arg(*u)
                        .arg(job.id)};
        if (job.completedBy)
            return {Refusal::Reason::JobHasWinner, job.completedBy,
                    QStringLiteral("job %1 already has a winner (attempt %2)").arg(job.id).arg(*job.completedBy)};
        if (job.state == JobState::Cancelled)
            return {Refusal::Reason::JobCancelled, std::nullopt, QStringLiteral("job %1 is cancelled").arg(job.id)};
        if (kind != AttemptKind::Retry) {
            // The same statement's view of the claim, by the database clock.
            const SqlRows c = session->exec(
                QStringLiteral("SELECT claimed_by FROM jobs WHERE id = $1 AND claimed_by = $2 AND claim_expires_at_ms > ")
                    + nowSql(),
                {job.id, workerId.isEmpty() ? QVariant() : QVariant(workerId)});
            if (c.isEmpty()) {
                const SqlRows holder = session->exec(QStringLiteral("SELECT claimed_by FROM jobs WHERE id = $1"), {job.id});
                const QString by = holder.isEmpty() || holder.first().first().isNull() ? QStringLiteral("nobody")
                                                                                        : holder.first().first().toString();
                return {Refusal::Reason::ClaimLost, std::nullopt,
                        QStringLiteral("worker %1 does not hold an unexpired claim on job %2 (held by %3)")
                            .arg(workerId.isEmpty() ? QStringLiteral("(none)") : workerId, QString::number(job.id), by)};
            }
        }
        if (auto s = firstAttemptIn(job.id, QStringLiteral("('starting')")))
            return {Refusal::Reason::AttemptStarting, s,
                    QStringLiteral("attempt %1 of job %2 is still starting").arg(*s).arg(job.id)};
        const SqlRows open = session->exec(
            QStringLiteral("SELECT count(*), MIN(id) FROM attempts WHERE job_id = $1 AND state IN ") + kOpenStates,
            {job.id});
        const qint64 openCount = open.first().at(0).toLongLong();
        if (openCount >= job.maxParallel)
            return {Refusal::Reason::MaxParallel, rows::optInt(open.first().at(1)),
                    QStringLiteral("job %1 already has %2 open attempt(s), its limit is %3")
                        .arg(job.id)
                        .arg(openCount)
                        .arg(job.maxParallel)};
        if (kind == AttemptKind::Automatic) {
            const SqlRows autoOpen = session->exec(
                QStringLiteral("SELECT id FROM attempts WHERE job_id = $1 AND kind = 'automatic' AND state IN ") + kOpenStates
                    + QStringLiteral(" LIMIT 1"),
                {job.id});
            if (!autoOpen.isEmpty())
                return {Refusal::Reason::AutomaticOpen, autoOpen.first().first().toLongLong(),
                        QStringLiteral("job %1 already has an open automatic attempt (%2); extra slots are for hedges")
                            .arg(job.id)
                            .arg(autoOpen.first().first().toLongLong())};
        }
        if (kind == AttemptKind::Hedge && openCount == 0)
            return {Refusal::Reason::NothingToHedge, std::nullopt,
                    QStringLiteral("job %1 has no open attempt to hedge").arg(job.id)};
        if (kind != AttemptKind::Retry) {
            const SqlRows used = session->exec(
                QStringLiteral("SELECT count(*) FROM attempts WHERE job_id = $1 AND kind <> 'retry'"), {job.id});
            if (used.first().first().toLongLong() >= job.maxAttempts)
                return {Refusal::Reason::BudgetSpent, std::nullopt,
                        QStringLiteral("job %1 has used its %2 automatic attempt(s)").arg(job.id).arg(job.maxAttempts)};
        }
        return no;
    }

    Attempt insertAttempt(const Job &job, const QString &provider, AttemptKind kind, const QString &requestId,
                          const QString &workerId, qint64 leaseMs, std::optional<qint64> deadlineMs,
                          const Actor &actor, const QString &reason, const Stamp &st)
    {
        // Numbered under the job's lock (the caller holds it); unique per job regardless.
        const SqlRows n = session->exec(
            QStringLiteral("SELECT COALESCE(max(attempt_no), 0) + 1 FROM attempts WHERE job_id = $1"), {job.id});
        const SqlRows r = session->exec(
            QStringLiteral("INSERT INTO attempts (job_id, attempt_no, provider, kind, state, read_version, "
                           "start_request_id, worker_id, lease_expires_at_ms, deadline_at_ms, last_actor_kind, "
                           "last_actor_id, last_reason, change_seq, created_at_ms, updated_at_ms, provider_key) "
                           "VALUES ($1, $2, $3, $4, 'starting', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15) "
                           "RETURNING ")
                + QLatin1String(rows::kAttemptColumns),
            {job.id, n.first().first().toInt(), provider, toText(kind), job.version, requestId,
             workerId.isEmpty() ? QVariant() : QVariant(workerId), QVariant(st.nowMs + leaseMs),
             deadlineMs ? QVariant(st.nowMs + *deadlineMs) : QVariant(), actor.kind, actor.id,
             reason.isEmpty() ? QVariant() : QVariant(reason), st.seq, st.nowMs, newProviderKey()});
        return rows::attempt(r.first());
    }

    // Moves one attempt to `to`, stamping who and why; the triggers write the
    // event and move the job's state in the same transaction.
    Attempt transition(qint64 attemptId, AttemptState to, const Actor &actor, const QString &reason, const Stamp &st,
                       const QString &extraSet = {}, const SqlParams &extraParams = {})
    {
        SqlParams params{attemptId, toText(to), actor.kind, actor.id, reason.isEmpty() ? QVariant() : QVariant(reason),
                         st.seq, st.nowMs};
        params.append(extraParams);
        const SqlRows r = session->exec(
            QStringLiteral("UPDATE attempts SET state = $2, last_actor_kind = $3, last_actor_id = $4, last_reason = $5, "
                           "change_seq = $6, updated_at_ms = $7")
                + extraSet + QStringLiteral(" WHERE id = $1 RETURNING ") + QLatin1String(rows::kAttemptColumns),
            params);
        return rows::attempt(r.first());
    }

    // A repeated request returns the first answer; the same request id on
    // another action or another target is an error, never the old answer.
    std::optional<OperatorResult> priorAnswer(const QString &requestId, const Actor &actor, const QString &action,
                                              std::optional<qint64> jobId, std::optional<qint64> attemptId)
    {
        const SqlRows r = session->exec(
            QStringLiteral("SELECT action, response, job_id, attempt_id, actor_kind, actor_id FROM audit_log "
                           "WHERE request_id = $1"),
            {requestId});
        if (r.isEmpty())
            return std::nullopt;
        const SqlRow &row = r.first();
        requireSameActor(requestId, actor, row.at(4).toString(), row.at(5).toString());
        if (row.at(0).toString() != action)
            invalid(QStringLiteral("request id %1 was already used for a different action (%2)")
                        .arg(requestId, row.at(0).toString()));
        const bool sameTarget = (!jobId || rows::optInt(row.at(2)) == jobId) && (!attemptId || rows::optInt(row.at(3)) == attemptId);
        if (!sameTarget)
            invalid(QStringLiteral("request id %1 was already used for %2 on another target (job %3, attempt %4)")
                        .arg(requestId, action, row.at(2).isNull() ? QStringLiteral("-") : row.at(2).toString(),
                             row.at(3).isNull() ? QStringLiteral("-") : row.at(3).toString()));
        return OperatorResult{true, rows::jsonObject(row.at(1))};
    }

    // A request id is its actor's: an HTTP client's Idempotency-Key is the
    // operator action's request id, and two operators who pick the same key
    // must not be answered with each other's action (the second's would be
    // neither made nor audited). Refused before anything of the first request
    // is named: tst_operator_actions::aRequestIdIsItsOperatorsAndNobodyElses.
    static void requireSameActor(const QString &requestId, const Actor &actor, const QString &kind, const QString &id)
    {
        if (kind != actor.kind || id != actor.id)
            invalid(QStringLiteral("request id %1 was already used by someone else").arg(requestId));
    }
    // PostgreSQL's operator functions answer a repeated request id themselves
    // (jd_prior_answer); the actor is checked here, after a replayed answer,
    // which wrote nothing.
    void requireSameActorOfReplay(const QString &requestId, const Actor &actor)
    {
        const SqlRows r = session->exec(
            QStringLiteral("SELECT actor_kind, actor_id FROM audit_log WHERE request_id = $1"), {requestId});
        if (!r.isEmpty())
            requireSameActor(requestId, actor, r.first().at(0).toString(), r.first().at(1).toString());
    }
    OperatorResult checkedReplay(OperatorResult answer, const OperatorRequest &req)
    {
        if (answer.replayed)
            requireSameActorOfReplay(req.requestId, req.actor);
        return answer;
    }

    void checkStale(const Job &job, const OperatorRequest &req)
    {
        if (!req.seenChangeSeq || job.changeSeq <= *req.seenChangeSeq)
            return;
        QString latest;
        const SqlRows ev = session->exec(
            QStringLiteral("SELECT a.attempt_no, e.from_state, e.to_state, e.actor_kind, e.actor_id, e.reason, e.at_ms "
                           "FROM attempt_events e JOIN attempts a ON a.id = e.attempt_id WHERE e.job_id = $1 "
                           "ORDER BY e.id DESC LIMIT 1"),
            {job.id});
        // A provider's "still working on it" since the last event is what
        // changed (recordLookup moved the job for it): named, not the older
        // event (jd_stale_message says the same on PostgreSQL).
        const SqlRows said = session->exec(
            QStringLiteral("SELECT attempt_no, lookup_in_progress_since_ms FROM attempts WHERE job_id = $1 AND state = 'unknown' "
                           "AND lookup_in_progress_since_ms IS NOT NULL "
                           "ORDER BY lookup_in_progress_since_ms DESC, id DESC LIMIT 1"),
            {job.id});
        if (!said.isEmpty() && (ev.isEmpty() || said.first().at(1).toLongLong() >= ev.first().at(6).toLongLong())) {
            latest = QStringLiteral("; latest: the provider says attempt #%1 is still working on it").arg(said.first().at(0).toString());
        } else if (!ev.isEmpty()) {
            const SqlRow &e = ev.first();
            latest = QStringLiteral("; latest: attempt #%1 %2 -> %3 by %4 %5")
                         .arg(e.at(0).toString(), e.at(1).isNull() ? QStringLiteral("(new)") : e.at(1).toString(),
                              e.at(2).toString(), e.at(3).toString(), e.at(4).toString());
            if (!e.at(5).toString().isEmpty())
                latest += QStringLiteral(" (") + e.at(5).toString() + u')';
        }
        throw JobDeskError(Code::StaleView,
                           QStringLiteral("job %1 changed since you looked (change %2, now %3): it is %4%5. "
                                          "Refresh and decide again.")
                               .arg(job.id)
                               .arg(*req.seenChangeSeq)
                               .arg(job.changeSeq)
                               .arg(toText(job.state), latest));
    }

    void audit(const OperatorRequest &req, const QString &action, std::optional<qint64> jobId,
               std::optional<qint64> attemptId, const QJsonObject &response, const Stamp &st)
    {
        // SQLite only (PostgreSQL's operator actions are SQL functions that record session_user).
        session->exec(QStringLiteral("INSERT INTO audit_log (request_id, action, actor_kind, actor_id, actor_role, "
                                     "job_id, attempt_id, reason, response, at_ms, db_user) "
                                     "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"),
                      {req.requestId, action, req.actor.kind, req.actor.id, toText(req.actor.role), opt(jobId),
                       opt(attemptId), req.reason.trimmed(), jsonText(response), st.nowMs, localUser()});
    }

    // PostgreSQL's replay statement's answer (kSubmitReplaySql): the key's job
    // and whether the intent was the same; nullopt when the key has no job.
    std::optional<SubmitResult> replayAnswer(const SqlRows &r, const SubmitRequest &req, const QString &fp, quint64 keyHash)
    {
        if (r.isEmpty())
            return std::nullopt; // no job under the key (jobs are never deleted: a wrong hint, or not taken)
        markTaken(keyHash);
        const SqlRow &row = r.first();
        if (row.at(0).toString() == QLatin1String("replayed")) {
            // The same intent: the input is the one we sent (the row's client metadata is the job's own).
            SubmitResult out{SubmitResult::Outcome::Replayed, rows::job(row, 1), fp};
            out.job.input = req.input;
            return out;
        }
        return SubmitResult{SubmitResult::Outcome::Conflict, rows::job(row, 1), fp};
    }

    // ---- the generic (multi-statement) hot paths; PostgreSQL uses SQL functions ----
    SubmitResult submitTx(const SubmitRequest &req, const QString &fp, const QString &input, const QString &meta)
    {
        const Stamp st = stamp();
        SqlRows r = session->exec(
            QStringLiteral("INSERT INTO jobs (owner_id, idempotency_key, fingerprint, route, input, max_parallel, "
                           "max_attempts, client_meta, change_seq, created_at_ms, updated_at_ms) "
                           "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) "
                           "ON CONFLICT (owner_id, idempotency_key) DO NOTHING RETURNING id"),
            {req.ownerId, req.idempotencyKey, fp, req.route, input, req.maxParallel, req.maxAttempts, meta, st.seq,
             st.nowMs});
        if (!r.isEmpty()) // the row is what we sent, stamped with this transaction's sequence and time
            return SubmitResult{SubmitResult::Outcome::Created, createdJob(req, fp, r.first().first().toLongLong(), st.seq, st.nowMs),
                                fp};
        if (auto out = answerTakenTx(req, fp, meta, st))
            return *out;
        throw SqlError(SqlError::Kind::Retryable, QStringLiteral("the key's job vanished; re-reading"));
    }

    // In a write transaction: the key's job, with the replay or conflict
    // recorded; nullopt (nothing written) when the key has no job.
    std::optional<SubmitResult> answerTakenTx(const SubmitRequest &req, const QString &fp, const QString &meta,
                                              std::optional<Stamp> taken = std::nullopt)
    {
        const SqlRows r = session->exec(QStringLiteral("SELECT ") + QLatin1String(rows::kJobColumns)
                                            + QStringLiteral(" FROM jobs WHERE owner_id = $1 AND idempotency_key = $2"),
                                        {req.ownerId, req.idempotencyKey});
        if (r.isEmpty())
            return std::nullopt;
        const Stamp st = taken ? *taken : stamp();
        const Job existing = rows::job(r.first());
        const bool same = existing.fingerprint == fp;
        QJsonObject rejected;
        if (!same) {
            rejected.insert(QStringLiteral("route"), req.route);
            rejected.insert(QStringLiteral("input"), req.input);
        }
        session->exec(QStringLiteral("INSERT INTO idempotency_events (kind, owner_id, idempotency_key, job_id, "
                                     "fingerprint, existing_fingerprint, rejected_intent, client_meta, at_ms) "
                                     "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"),
                      {same ? QStringLiteral("replayed") : QStringLiteral("conflict"), req.ownerId, req.idempotencyKey,
                       existing.id, fp, existing.fingerprint, same ? QVariant() : QVariant(jsonText(rejected)), meta,
                       st.nowMs});
        return SubmitResult{same ? SubmitResult::Outcome::Replayed : SubmitResult::Outcome::Conflict, existing, fp};
    }

    StartAttemptResult startTx(const StartAttemptRequest &req)
    {
        const SqlRows prior = session->exec(QStringLiteral("SELECT ") + QLatin1String(rows::kAttemptColumns)
                                                + QStringLiteral(" FROM attempts WHERE job_id = $1 AND start_request_id = $2"),
                                            {req.jobId, req.requestId});
        if (!prior.isEmpty())
            return StartAttemptResult{true, true, rows::attempt(prior.first()), {}};
        const Job job = requireJobForGuards(req.jobId);
        const Refusal refusal = startGuard(job, req.kind, req.workerId);
        if (refusal.reason != Refusal::Reason::None)
            return StartAttemptResult{false, false, {}, refusal};
        const Stamp st = stamp();
        const Attempt a = insertAttempt(job, req.provider, req.kind, req.requestId, req.workerId,
                                        req.leaseMs.value_or(options.defaultLeaseMs), req.deadlineMs, req.actor, {}, st);
        return StartAttemptResult{true, false, a, {}};
    }

    CompleteResult completeTx(qint64 attemptId, const QString &payload, const QString &digest, const Actor &actor)
    {
        const Attempt a = requireAttemptForCompletion(attemptId); // lock order: the attempt, then its job
        const Job job = requireJobForGuards(a.jobId);
        CompleteResult out;
        out.attemptId = a.id;
        out.jobId = job.id;
        out.expectedVersion = a.readVersion;
        out.foundVersion = job.version;
        out.winnerAttemptId = job.completedBy;
        if (job.completedBy == a.id) { // a re-run of our own win
            out.outcome = CompleteResult::Outcome::Won;
            out.replayed = true;
            out.expectedVersion = job.version - 1;
            out.attemptState = a.state;
            return out;
        }
        if (a.state == AttemptState::Starting)
            throw JobDeskError(Code::InvalidTransition,
                               QStringLiteral("attempt %1 is still starting: mark it running before it completes").arg(a.id));
        const Stamp st = stamp();
        if (canComplete(a.state) && !job.completedBy && job.state != JobState::Cancelled && job.version == a.readVersion) {
            const SqlRows cas = session->exec(
                QStringLiteral("UPDATE jobs SET result = $1, completed_by = $2, version = version + 1, state = 'succeeded', "
                               "state_reason = NULL, change_seq = $3, updated_at_ms = $4 "
                               "WHERE id = $5 AND version = $6 AND completed_by IS NULL RETURNING version"),
                {payload, a.id, st.seq, st.nowMs, job.id, a.readVersion});
            if (!cas.isEmpty()) {
                // The trigger writes the event; the guard lets only the job's winner succeed.
                session->exec(QStringLiteral("UPDATE attempts SET state = 'succeeded', last_actor_kind = $2, "
                                             "last_actor_id = $3, last_reason = NULL, change_seq = $4, updated_at_ms = $5, "
                                             "result_digest = $6 WHERE id = $1"),
                              {a.id, actor.kind, actor.id, st.seq, st.nowMs, digest});
                out.outcome = CompleteResult::Outcome::Won;
                out.foundVersion = job.version;
                out.winnerAttemptId = a.id;
                out.attemptState = AttemptState::Succeeded;
                return out;
            }
        }
        // Lost: discard the payload, keep its digest, record the race loss. A
        // cancelled or failed attempt keeps its state: its job has moved on,
        // and the result it paid for is recorded, never dropped.
        AttemptState after = a.state;
        if (a.state == AttemptState::Running || a.state == AttemptState::Unknown) {
            const QString why = job.completedBy ? QStringLiteral("lost the race to attempt %1").arg(*job.completedBy)
                                                : QStringLiteral("job changed (version %1 -> %2)")
                                                      .arg(a.readVersion)
                                                      .arg(job.version);
            after = transition(a.id, AttemptState::Superseded, actor, why, st, QStringLiteral(", result_digest = $8"),
                               {digest})
                        .state;
        }
        session->exec(QStringLiteral("INSERT INTO race_losses (attempt_id, job_id, expected_version, found_version, "
                                     "winner_attempt_id, payload_digest, at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7) "
                                     "ON CONFLICT (attempt_id) DO NOTHING"),
                      {a.id, job.id, a.readVersion, job.version, opt(job.completedBy), digest, st.nowMs});
        out.outcome = CompleteResult::Outcome::Lost;
        out.attemptState = after;
        return out;
    }
};

// ---------------------------------------------------------------------------

std::unique_ptr<JobService> JobService::open(const StoreUrl &url, const Options &options)
{
    std::unique_ptr<SqlSession> session;
    try {
        session = openSqlSession(url);
    } catch (const SqlError &e) {
        throw JobDeskError(Code::StoreUnavailable, e.message());
    }
    if (options.migrate)
        migrate(*session);
    return std::make_unique<JobService>(std::move(session), options);
}

JobService::JobService(std::unique_ptr<SqlSession> session, const Options &options)
    : d(std::make_unique<Private>())
{
    d->session = std::move(session);
    d->options = options;
    if (d->pg())
        d->takenKeys = options.takenKeys ? options.takenKeys : std::make_shared<TakenKeys>();
}

JobService::~JobService() = default;

Dialect JobService::dialect() const { return d->session->dialect(); }
SqlSession &JobService::session() { return *d->session; }

SqlRows JobService::execStatement(const char *what, const QString &sql, const SqlParams &params, bool transaction)
{
    return d->run(what, transaction, [&] { return d->session->exec(sql, params); });
}
void JobService::setClockOffsetMs(qint64 offsetMs) { d->clockOffsetMs = offsetMs; }

qint64 JobService::nowMs()
{
    return d->run("read the clock", false, [&] {
        const SqlRows r = d->session->exec(d->pg() ? QStringLiteral("SELECT jd_now_ms()")
                                                   : QStringLiteral("SELECT CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"));
        return r.first().first().toLongLong() + d->clockOffsetMs;
    });
}

SubmitResult JobService::submit(const SubmitRequest &req)
{
    const CheckedIntent intent = checkIntent(req);
    const QByteArray &canonicalInput = intent.canonicalInput;
    const QString &fp = intent.fingerprint;
    const QString &meta = intent.meta;
    // A key whose job retention removed is answered from its tombstone (a
    // tombstone that expired meanwhile leaves the key free: create).
    for (int pass = 0; pass < 2; ++pass) {
        try {
            return submitLive(req, canonicalInput, fp, meta);
        } catch (const TombstonedKey &) {
            if (auto out = d->run("submit", false, [&] { return tombstoneAnswer(*d->session, req, fp); }))
                return *out;
        }
    }
    throw JobDeskError(Code::StoreBusy, QStringLiteral("submit: the key's tombstone kept changing; nothing was written, try again"));
}

SubmitResult JobService::submitLive(const SubmitRequest &req, const QByteArray &canonicalInput, const QString &fp,
                                    const QString &meta)
{
    if (!d->pg()) {
        // SQLite: a new key is one statement in autocommit (a trigger moves
        // the change counter to the job's change_seq); a taken
        // key is the write transaction that reads the job and records the
        // replay or conflict (submitTx, which also creates the job should it
        // be gone after all).
        const QString input = QString::fromUtf8(canonicalInput);
        const std::optional<SubmitResult> created = d->run("submit", false, [&]() -> std::optional<SubmitResult> {
            const SqlRows r = d->session->exec(kSqliteSubmitInsertSql, {req.ownerId, req.idempotencyKey, fp, req.route, input,
                                                                       req.maxParallel, req.maxAttempts, meta});
            if (r.isEmpty())
                return std::nullopt;
            const SqlRow &row = r.first();
            return SubmitResult{SubmitResult::Outcome::Created,
                                createdJob(req, fp, row.at(0).toLongLong(), row.at(1).toLongLong(), row.at(2).toLongLong()), fp};
        });
        if (created)
            return *created;
        return d->run("submit", true, [&] { return d->submitTx(req, fp, input, meta); });
    }

    // PostgreSQL: a new key is one prepared statement (one round trip): the
    // insert. A taken key is the replay statement; it goes first, one round
    // trip, when this service has seen the key taken before (a client
    // retrying, a double click on the same connection), else after the insert
    // found the key taken, two. Autocommit.
    const quint64 keyHash = TakenKeys::hashOf(req.ownerId, req.idempotencyKey);
    const SqlParams replayParams{req.ownerId, req.idempotencyKey, fp, req.route, canonicalInput, meta};
    const auto replay = [&](const SqlRows &r) { return d->replayAnswer(r, req, fp, keyHash); };
    return d->run("submit", false, [&] {
        const QString &replaySql = d->session->inTransaction() ? kSubmitReplayInTransactionSql : kSubmitReplaySql;
        if (d->seenTaken(keyHash)) {
            if (auto out = replay(d->session->exec(replaySql, replayParams)))
                return *out;
        }
        for (int pass = 0; pass < 3; ++pass) {
            const SqlRows created = d->session->exec(
                kSubmitInsertSql, {req.ownerId, req.idempotencyKey, fp, req.route, canonicalInput, meta, req.maxParallel,
                                   req.maxAttempts});
            if (!created.isEmpty()) {
                d->markTaken(keyHash);
                const SqlRow &row = created.first();
                return SubmitResult{SubmitResult::Outcome::Created,
                                    createdJob(req, fp, row.at(0).toLongLong(), row.at(1).toLongLong(), row.at(2).toLongLong()),
                                    fp};
            }
            if (auto out = replay(d->session->exec(replaySql, replayParams)))
                return *out;
            // No job under the key after all (jobs are never deleted, so only
            // if one was, behind the guards' back): insert again.
        }
        throw SqlError(SqlError::Kind::Retryable, QStringLiteral("submit kept racing an aborted insert"));
    });
}

std::optional<SubmitResult> JobService::answerTakenKey(const SubmitRequest &req)
{
    const CheckedIntent intent = checkIntent(req);
    if (!d->pg()) {
        // A free key (every refused new request) is a read, without the write lock.
        const bool taken = d->run("answer a taken key", false, [&] {
            return !d->session->exec(QStringLiteral("SELECT 1 FROM jobs WHERE owner_id = $1 AND idempotency_key = $2"),
                                     {req.ownerId, req.idempotencyKey})
                        .isEmpty();
        });
        if (!taken)
            return std::nullopt;
        return d->run("answer a taken key", true, [&] { return d->answerTakenTx(req, intent.fingerprint, intent.meta); });
    }
    const quint64 keyHash = TakenKeys::hashOf(req.ownerId, req.idempotencyKey);
    return d->run("answer a taken key", false, [&] {
        return d->replayAnswer(d->session->exec(d->session->inTransaction() ? kSubmitReplayInTransactionSql : kSubmitReplaySql,
                                                {req.ownerId, req.idempotencyKey, intent.fingerprint, req.route,
                                                                   intent.canonicalInput, intent.meta}),
                               req, intent.fingerprint, keyHash);
    });
}

StartAttemptResult JobService::startAttempt(const StartAttemptRequest &req)
{
    requireName(req.provider, "provider");
    requireName(req.requestId, "start request id");
    if (!req.workerId.isEmpty()) // none: refused below as a lost claim (an automatic attempt needs one)
        requireName(req.workerId, "worker id");
    requireActor(req.actor);
    if (req.kind == AttemptKind::Retry)
        invalid(QStringLiteral("an operator's retry goes through JobService::retry (audited)"));
    if (req.leaseMs)
        requireLease(*req.leaseMs);
    if (req.deadlineMs && *req.deadlineMs <= 0)
        invalid(QStringLiteral("deadline must be positive"));
    if (!d->pg())
        return d->run("start attempt", true, [&] { return d->startTx(req); });

    return d->run("start attempt", false, [&] {
        const SqlRows r = d->session->exec(
            QStringLiteral("SELECT * FROM jd_start_attempt($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"),
            {req.jobId, req.provider, toText(req.kind), req.requestId,
             req.workerId.isEmpty() ? QVariant() : QVariant(req.workerId), req.leaseMs.value_or(d->options.defaultLeaseMs),
             opt(req.deadlineMs), req.actor.kind, req.actor.id, QVariant(), newProviderKey()});
        const SqlRow &row = r.first();
        const QString outcome = row.at(0).toString();
        if (outcome == QStringLiteral("not_found"))
            throw JobDeskError(Code::NotFound, QStringLiteral("job %1 does not exist").arg(req.jobId));
        if (outcome == QStringLiteral("started") || outcome == QStringLiteral("replayed"))
            return StartAttemptResult{true, outcome == QStringLiteral("replayed"), rows::attempt(row, 3), {}};
        StartAttemptResult out;
        const QString reason = row.at(1).toString();
        for (auto rr : {Refusal::Reason::AttemptUnknown, Refusal::Reason::AttemptStarting, Refusal::Reason::MaxParallel,
                        Refusal::Reason::JobHasWinner, Refusal::Reason::JobCancelled, Refusal::Reason::BudgetSpent,
                        Refusal::Reason::ClaimLost, Refusal::Reason::AutomaticOpen, Refusal::Reason::NothingToHedge})
            if (toText(rr) == reason)
                out.refusal.reason = rr;
        out.refusal.blockingAttemptId = rows::optInt(row.at(2));
        out.refusal.message = row.at(3 + 14).toString(); // the message travels in last_reason
        return out;
    });
}

namespace {
// markRunning on an attempt already running that does not record sentTo as
// where its request goes: not the caller's to send.
JobDeskError runningElsewhere(qint64 attemptId, const QString &sentTo)
{
    return JobDeskError(JobDeskError::Code::InvalidTransition,
                        QStringLiteral("attempt %1 is already running and does not record that its request goes to %2: "
                                       "nothing is to be sent from here")
                            .arg(attemptId)
                            .arg(sentTo));
}
} // namespace

Attempt JobService::markRunning(qint64 attemptId, const Actor &actor, std::optional<qint64> leaseMs,
                                std::optional<qint64> deadlineMs, const QString &sentTo,
                                const std::optional<SentUnder> &contract)
{
    requireActor(actor);
    if (leaseMs)
        requireLease(*leaseMs);
    if (deadlineMs && *deadlineMs <= 0)
        invalid(QStringLiteral("deadline must be positive"));
    if (!sentTo.isEmpty())
        requireText(sentTo, "endpoint", kMaxEndpointChars);
    const QVariant sentToParam = sentTo.isEmpty() ? QVariant() : QVariant(storableText(sentTo));
    // The contract, named by the SHA-256 of its canonical JSON (route_contracts).
    QString contractHash;
    QString contractText;
    if (contract) {
        requireName(contract->route, "route");
        if (contract->config.isEmpty())
            invalid(QStringLiteral("%1 must not be empty").arg(QStringLiteral("the route's contract")));
        if (const QString where = pathOfFirstUnstorable(contract->config); !where.isEmpty())
            invalid(QStringLiteral("%1 must not contain a NUL character or a lone UTF-16 surrogate")
                        .arg(QStringLiteral("the route's contract (at %1)").arg(where)));
        const QByteArray canonical = canonicalJson(contract->config);
        contractHash = sha256Hex(canonical);
        contractText = QString::fromUtf8(canonical);
    }
    if (d->pg()) { // one round trip: the dispatcher does this for every attempt
        return d->run("mark running", false, [&] {
            // The contract is recorded for an attempt this statement moves
            // to running: found starting in its snapshot, and running in what
            // jd_mark_running answers (not one it fails as never sent, nor one
            // the reaper or a cancel moved on meanwhile). The first recorded
            // stays. Both inserts commit with the move or not at all. A
            // contract already recorded is looked up, not re-inserted: the
            // config is then not even parsed, which keeps a send's cost down
            // (bench/README.md, "Server instructions per call").
            const SqlRows r = contract
                ? d->session->exec(
                      QStringLiteral("WITH s AS (SELECT t.id FROM attempts t WHERE t.id = $1 AND t.state = 'starting'), "
                                     "m AS (SELECT * FROM jd_mark_running($1, $2, $3, $4, $5, $6)), "
                                     "w AS (SELECT m.id FROM m JOIN s ON s.id = m.id WHERE m.outcome = 'ok' AND m.state = 'running'), "
                                     "rc AS (INSERT INTO route_contracts (contract_hash, route, config, recorded_at_ms) "
                                     "SELECT $7, $8, $9::jsonb, jd_now_ms() FROM w WHERE NOT EXISTS (SELECT 1 FROM "
                                     "route_contracts c WHERE c.contract_hash = $7) ON CONFLICT (contract_hash) DO NOTHING), "
                                     "ac AS (INSERT INTO attempt_contracts (attempt_id, contract_hash) SELECT w.id, $7 FROM w "
                                     "ON CONFLICT (attempt_id) DO NOTHING) "
                                     "SELECT * FROM m"),
                      {attemptId, actor.kind, actor.id, opt(leaseMs), opt(deadlineMs), sentToParam, contractHash,
                       storableText(contract->route), contractText})
                : d->session->exec(QStringLiteral("SELECT * FROM jd_mark_running($1, $2, $3, $4, $5, $6)"),
                                   {attemptId, actor.kind, actor.id, opt(leaseMs), opt(deadlineMs), sentToParam});
            const QString outcome = r.first().at(0).toString();
            if (outcome == QStringLiteral("not_found"))
                throw JobDeskError(Code::NotFound, QStringLiteral("attempt %1 does not exist").arg(attemptId));
            if (outcome == QStringLiteral("elsewhere"))
                throw runningElsewhere(attemptId, sentTo);
            return rows::attempt(r.first(), 1);
        });
    }
    return d->run("mark running", true, [&] {
        const Attempt a = d->requireAttempt(attemptId);
        if (a.state == AttemptState::Running && !sentToParam.isNull()
            && d->session->exec(QStringLiteral("SELECT sent_to FROM attempts WHERE id = $1"), {attemptId}).first().first() != sentToParam)
            throw runningElsewhere(attemptId, sentTo);
        if (a.state != AttemptState::Starting)
            return a; // already running, or past it: nothing to do
        const Job job = d->requireJobForGuards(a.jobId); // lock order: the attempt, then its job
        const Stamp st = d->stamp();
        // What the start checked may have changed before the send: an
        // operator's retry waits for a worker, a hedge's sibling may win or
        // time out meanwhile. An attempt of a decided, cancelled or blocked
        // job is never sent (jd_mark_running on PostgreSQL):
        // tst_database_guard::anAttemptOfADecidedOrBlockedJobIsNeverMarkedRunningByAnyWriter.
        const QString never = d->neverSendReason(job);
        if (!never.isEmpty())
            return d->transition(a.id, AttemptState::Failed, actor, never, st);
        QString extra;
        SqlParams extraParams;
        if (leaseMs) {
            extraParams.append(st.nowMs + *leaseMs);
            extra += QStringLiteral(", lease_expires_at_ms = $%1").arg(7 + extraParams.size());
        }
        if (deadlineMs && !a.deadlineAtMs) {
            extraParams.append(st.nowMs + *deadlineMs);
            extra += QStringLiteral(", deadline_at_ms = $%1").arg(7 + extraParams.size());
        }
        if (!sentToParam.isNull()) {
            extraParams.append(sentToParam);
            extra += QStringLiteral(", sent_to = $%1").arg(7 + extraParams.size());
        }
        const Attempt running = d->transition(a.id, AttemptState::Running, actor, {}, st, extra, extraParams);
        if (contract) { // recorded for an attempt this call moves to running, as on PostgreSQL
            d->session->exec(QStringLiteral("INSERT INTO route_contracts (contract_hash, route, config, recorded_at_ms) "
                                            "SELECT $1, $2, $3, ") + d->nowSql()
                                 + QStringLiteral(" WHERE NOT EXISTS (SELECT 1 FROM route_contracts WHERE contract_hash = $1)"),
                             {contractHash, storableText(contract->route), contractText});
            d->session->exec(QStringLiteral("INSERT INTO attempt_contracts (attempt_id, contract_hash) VALUES ($1, $2) "
                                            "ON CONFLICT (attempt_id) DO NOTHING"),
                             {attemptId, contractHash});
        }
        return running;
    });
}

void JobService::recordLookup(qint64 attemptId, std::optional<qint64> askedAtMs, std::optional<LookupAnswer> answer,
                              const QString &detail, bool askedWhereItWent)
{
    // Recorded as asked now (the console's lookup mark moves), unless an
    // operator's request came in after the question went out: then as asked
    // at askedAtMs (never later than now, never moving back), so the request
    // stays outstanding and the next pass asks again.
    // The clock is read once (n.ms): "in progress since" is the time of the
    // lookup that said so, to the millisecond (PostgreSQL's jd_now_ms() reads
    // it at every call; tst_ui_actions::cancellingAnAttemptItsProviderIsStillWorkingOnSaysSo
    // compares the two).
    const QString now = QStringLiteral("n.ms");
    const QString asked = (dialect() == Dialect::Postgres ? QStringLiteral("LEAST(COALESCE($2::bigint, %1), %1)")
                                                          : QStringLiteral("min(COALESCE($2, %1), %1)"))
                              .arg(now);
    d->run("record lookup", true, [&] {
        // A provider's "still working on it" that it was not saying already is
        // news for an operator about to cancel: the job's change sequence
        // moves, so a cancel decided on the older answer is refused as stale
        // and the next provider is not sent an intent the first is running
        // (tst_lookup_requests::aStillWorkingAnswerAfterTheOperatorLookedMakesTheCancelStale).
        // Attempt, then job.
        const SqlRows was = d->session->exec(
            QStringLiteral("SELECT job_id, lookup_in_progress_since_ms FROM attempts WHERE id = $1") + d->forUpdate(),
            {attemptId});
        if (was.isEmpty())
            return false;
        d->session->exec(QStringLiteral("UPDATE attempts SET last_lookup_at_ms = CASE WHEN lookup_requested_at_ms IS NOT NULL "
                                 "AND lookup_requested_at_ms > ") + asked
                      + QStringLiteral(" THEN CASE WHEN last_lookup_at_ms IS NOT NULL AND last_lookup_at_ms > ") + asked
                      + QStringLiteral(" THEN last_lookup_at_ms ELSE ") + asked + QStringLiteral(" END ELSE ") + now
                      + QStringLiteral(" END, lookup_count = lookup_count + 1, last_lookup_answer = ")
                      + (dialect() == Dialect::Postgres ? QStringLiteral("$3::text::lookup_answer") : QStringLiteral("$3"))
                      + QStringLiteral(", last_lookup_detail = $4, lookup_in_progress_since_ms = CASE ")
                      + (dialect() == Dialect::Postgres ? QStringLiteral("$5::integer") : QStringLiteral("$5"))
                      + QStringLiteral(" WHEN 1 THEN "
                                       "COALESCE(lookup_in_progress_since_ms, ")
                      + now + QStringLiteral(") WHEN 2 THEN NULL ELSE lookup_in_progress_since_ms END FROM (SELECT ")
                      + d->nowSql() + QStringLiteral(" AS ms) AS n WHERE attempts.id = $1"),
                  {attemptId, askedAtMs ? QVariant(*askedAtMs) : QVariant(),
                   answer ? QVariant(toText(*answer)) : QVariant(),
                   detail.isEmpty() ? QVariant() : QVariant(storableText(detail.left(500))),
                   // A "no record" from where the request did not go leaves
                   // "in progress since" as it was: another account at the
                   // same URL must not end it, or each next "in progress"
                   // would move the job again and every operator action on it
                   // be refused as stale
                   // (tst_reconciler::aNoRecordFromAnotherAccountAtTheSameUrlSettlesNothing).
                   answer == LookupAnswer::InProgress                           ? 1
                   : answer == LookupAnswer::NeverProcessed && askedWhereItWent ? 2
                                                                                : 0});
        // In progress since this answer (not since an earlier one that a
        // failed lookup came between).
        if (answer == LookupAnswer::InProgress && was.first().at(1).isNull()) {
            // The job's row lock before its number: taken before the lock, a
            // number could be older than one another writer of the job
            // committed meanwhile, and the job's change sequence would go
            // back, so that an operator's view taken in between passed the
            // stale check without this answer
            // (tst_lookup_requests::aStillWorkingAnswerNeverMovesTheJobsChangeBack).
            const qint64 jobId = was.first().at(0).toLongLong();
            d->requireJobForGuards(jobId);
            d->session->exec(QStringLiteral("UPDATE jobs SET change_seq = $2 WHERE id = $1"), {jobId, d->stamp().seq});
        }
        return true;
    });
}


Attempt JobService::markUnknown(qint64 attemptId, const Actor &actor, const QString &reason)
{
    requireActor(actor);
    requireText(reason, "reason", 2000);
    const QString why = storableText(reason);
    return d->run("mark unknown", true, [&] {
        const Attempt a = d->requireAttempt(attemptId);
        if (a.state != AttemptState::Starting && a.state != AttemptState::Running)
            return a; // already unknown, or its outcome is known: a timeout changes nothing
        d->requireJob(a.jobId);
        return d->transition(a.id, AttemptState::Unknown, actor, why, d->stamp());
    });
}

Attempt JobService::fail(qint64 attemptId, const Actor &actor, const QString &reason, const QString &resultDigest,
                         bool providerDidNothing)
{
    requireActor(actor);
    requireText(reason, "reason", 2000);
    const QString why = storableText(reason);
    return d->run("fail attempt", true, [&] {
        const Attempt a = d->requireAttempt(attemptId);
        if (!isOpen(a.state)) {
            // Output that came back for an attempt already cancelled or failed
            // (a late answer that breaks the contract, or that the store
            // refuses) was produced and maybe paid for: its digest is kept as
            // a race loss, as a late result's is (complete()), once.
            // An attempt that already has output of its own (failed with a
            // digest) is a re-run of that failure (a lost connection at the
            // commit, a second reconciler): nothing new came back, so no race
            // loss is recorded for it.
            if (!resultDigest.isEmpty() && a.resultDigest.isEmpty()
                && (a.state == AttemptState::Cancelled || a.state == AttemptState::Failed)) {
                const Job job = d->requireJob(a.jobId);
                d->session->exec(QStringLiteral("INSERT INTO race_losses (attempt_id, job_id, expected_version, found_version, "
                                                "winner_attempt_id, payload_digest, at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7) "
                                                "ON CONFLICT (attempt_id) DO NOTHING"),
                                 {a.id, job.id, a.readVersion, job.version, opt(job.completedBy), resultDigest, d->stamp().nowMs});
            }
            return a;
        }
        d->requireJob(a.jobId);
        if (!resultDigest.isEmpty())
            return d->transition(a.id, AttemptState::Failed, actor, why, d->stamp(),
                                 QStringLiteral(", result_digest = $8"), {resultDigest});
        if (providerDidNothing)
            return d->transition(a.id, AttemptState::Failed, actor, why, d->stamp(), QStringLiteral(", provider_did_nothing = true"));
        return d->transition(a.id, AttemptState::Failed, actor, why, d->stamp());
    });
}

CompleteResult JobService::complete(qint64 attemptId, const QByteArray &payloadJson, const Actor &actor)
{
    requireActor(actor);
    if (payloadJson.size() > kMaxResultBytes)
        invalid(QStringLiteral("the result is %1 bytes; the limit is 1 MiB").arg(payloadJson.size()));
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(payloadJson, &err);
    if (err.error != QJsonParseError::NoError || doc.isNull())
        invalid(QStringLiteral("the result is not JSON: %1").arg(err.errorString()));
    // Stored exactly as given (json on PostgreSQL keeps the text; U+0000 included).
    const QByteArray exact = payloadJson.trimmed();
    const QString payload = QString::fromUtf8(exact);
    if (payload.toUtf8() != exact)
        invalid(QStringLiteral("the result is not valid UTF-8"));
    // Qt's parser takes what RFC 8259 and PostgreSQL's json refuse (a raw line
    // break inside a string): refused here on both stores, before a write, so
    // a caller can store a re-serialised form instead (the dispatcher does).
    if (qsizetype at = 0; !isStrictJson(exact, &at))
        invalid(QStringLiteral("the result is not JSON: byte %1 breaks RFC 8259 (a raw control character inside a "
                               "string, a leading zero or a bare decimal point)")
                    .arg(at));
    const QString digest = sha256Hex(exact);
    if (!d->pg())
        return d->run("complete", true, [&] { return d->completeTx(attemptId, payload, digest, actor); });

    return d->run("complete", false, [&] {
        const QVariantList params{attemptId, payload, digest, actor.kind, actor.id};
        SqlRows r = d->session->exec(kCompleteSql, params);
        if (r.isEmpty()) // not a plain win: nothing was written; jd_complete decides
            r = d->session->exec(kCompleteSlowSql, params);
        const SqlRow &row = r.first();
        const QString outcome = row.at(0).toString();
        if (outcome == QStringLiteral("not_found"))
            throw JobDeskError(Code::NotFound, QStringLiteral("attempt %1 does not exist").arg(attemptId));
        if (outcome == QStringLiteral("starting"))
            throw JobDeskError(Code::InvalidTransition,
                               QStringLiteral("attempt %1 is still starting: mark it running before it completes").arg(attemptId));
        CompleteResult out;
        out.outcome = outcome.startsWith(QStringLiteral("won")) ? CompleteResult::Outcome::Won : CompleteResult::Outcome::Lost;
        out.replayed = outcome == QStringLiteral("won_replayed");
        out.attemptId = attemptId;
        out.jobId = row.at(1).toLongLong();
        out.expectedVersion = row.at(2).toLongLong();
        out.foundVersion = row.at(3).toLongLong();
        out.winnerAttemptId = rows::optInt(row.at(4));
        out.attemptState = attemptStateFromString(row.at(5).toString()).value_or(AttemptState::Running);
        return out;
    });
}

bool JobService::heartbeat(qint64 attemptId, const QString &workerId, qint64 leaseMs)
{
    requireName(workerId, "worker id");
    requireLease(leaseMs);
    return d->run("heartbeat", false, [&] {
        const QString now = d->pg() ? QStringLiteral("jd_now_ms()")
                                    : QStringLiteral("CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)");
        const SqlRows r = d->session->exec(
            QStringLiteral("UPDATE attempts SET lease_expires_at_ms = ") + now
                + QStringLiteral(" + $3 WHERE id = $1 AND worker_id = $2 AND state IN ('starting', 'running') RETURNING id"),
            {attemptId, workerId, leaseMs});
        return !r.isEmpty();
    });
}

QList<Attempt> JobService::reapExpiredLeases(const Actor &actor, int limit)
{
    requireActor(actor);
    const qint64 now = nowMs();
    // Two index scans (lease, deadline), merged: by the database clock.
    const SqlRows expired = d->run("find expired leases", false, [&] {
        return d->session->exec(
            QStringLiteral("SELECT id FROM (SELECT id FROM attempts WHERE state IN ('starting', 'running') "
                           "AND lease_expires_at_ms < $1 ORDER BY lease_expires_at_ms LIMIT $2) l "
                           "UNION SELECT id FROM (SELECT id FROM attempts WHERE state = 'running' AND deadline_at_ms < $1 "
                           "ORDER BY deadline_at_ms LIMIT $2) d"),
            {now, limit});
    });
    QList<Attempt> out;
    for (const SqlRow &row : expired) {
        const qint64 id = row.at(0).toLongLong();
        const std::optional<Attempt> a = d->run("reap lease", true, [&]() -> std::optional<Attempt> {
            const Attempt cur = d->requireAttempt(id);
            // Re-check under the lock: a heartbeat may have renewed it meanwhile.
            const bool leaseExpired = cur.leaseExpiresAtMs && *cur.leaseExpiresAtMs < now;
            const bool pastDeadline = cur.state == AttemptState::Running && cur.deadlineAtMs && *cur.deadlineAtMs < now;
            if (cur.state == AttemptState::Starting && leaseExpired) {
                // Marked running comes before the send: a starting attempt was never sent.
                d->requireJob(cur.jobId);
                return d->transition(cur.id, AttemptState::Failed, actor,
                                     cur.workerId.isEmpty()
                                         ? QStringLiteral("never sent: no dispatcher picked it up before its lease expired")
                                         : QStringLiteral("never sent: worker %1 stopped before sending it").arg(cur.workerId),
                                     d->stamp(), QStringLiteral(", provider_did_nothing = true"));
            }
            if (cur.state != AttemptState::Running || !(leaseExpired || pastDeadline))
                return std::nullopt;
            d->requireJob(cur.jobId);
            const QString reason = pastDeadline
                ? QStringLiteral("deadline passed (database clock) without an outcome from worker %1").arg(cur.workerId)
                : QStringLiteral("lease expired: worker %1 stopped renewing it").arg(cur.workerId);
            return d->transition(cur.id, AttemptState::Unknown, actor, reason, d->stamp());
        });
        if (a)
            out.append(*a);
    }
    return out;
}

Job JobService::failJob(qint64 jobId, const Actor &actor, const QString &reason)
{
    requireActor(actor);
    requireText(reason, "reason", 2000);
    return d->run("fail job", true, [&] {
        const Job job = d->requireJob(jobId);
        if (job.state == JobState::Failed)
            return job;
        if (job.state == JobState::Succeeded || job.state == JobState::Cancelled)
            throw JobDeskError(Code::InvalidTransition,
                               QStringLiteral("job %1 is %2 and cannot fail").arg(jobId).arg(toText(job.state)));
        if (auto open = d->firstAttemptIn(jobId, kOpenStates))
            throw JobDeskError(Code::InvalidTransition,
                               QStringLiteral("job %1 still has an open attempt (%2); it cannot fail until that ends")
                                   .arg(jobId)
                                   .arg(*open));
        const Stamp st = d->stamp();
        const SqlRows r = d->session->exec(
            QStringLiteral("UPDATE jobs SET state = 'failed', state_reason = $2, change_seq = $3, updated_at_ms = $4 "
                           "WHERE id = $1 RETURNING ")
                + QLatin1String(rows::kJobColumns),
            {jobId, QString(actor.kind + u':' + actor.id + QStringLiteral(": ") + storableText(reason)), st.seq, st.nowMs});
        return rows::job(r.first());
    });
}

OperatorResult JobService::cancelAttempt(qint64 attemptId, const OperatorRequest &request)
{
    const OperatorRequest req = checkedOperator(request);
    if (d->pg()) // a SQL function only jobdesk_operator may run; it records session_user
        return d->run("cancel attempt", false, [&] {
            return d->checkedReplay(operatorOutcome(d->session->exec(
                QStringLiteral("SELECT * FROM jd_op_cancel_attempt($1, $2, $3, $4, $5, $6)"),
                {attemptId, req.requestId, req.actor.kind, req.actor.id, req.reason, opt(req.seenChangeSeq)}).first()), req);
        });
    return d->run("cancel attempt", true, [&] {
        if (auto prior = d->priorAnswer(req.requestId, req.actor, QStringLiteral("cancel_attempt"), std::nullopt, attemptId))
            return *prior;
        const Attempt a = d->requireAttempt(attemptId);
        const Job job = d->requireJob(a.jobId);
        d->checkStale(job, req);
        if (!isOpen(a.state))
            throw JobDeskError(Code::InvalidTransition,
                               QStringLiteral("attempt %1 is already %2; there is nothing to cancel")
                                   .arg(attemptId)
                                   .arg(toText(a.state)));
        const Stamp st = d->stamp();
        const Attempt after = d->transition(a.id, AttemptState::Cancelled, req.actor, req.reason.trimmed(), st);
        const std::optional<Job> jobAfter = d->lockJob(a.jobId);
        QJsonObject response{{QStringLiteral("action"), QStringLiteral("cancel_attempt")},
                             {QStringLiteral("attempt_id"), after.id},
                             {QStringLiteral("job_id"), after.jobId},
                             {QStringLiteral("from_state"), toText(a.state)},
                             {QStringLiteral("to_state"), toText(after.state)},
                             {QStringLiteral("job_state"), toText(jobAfter->state)}};
        d->audit(req, QStringLiteral("cancel_attempt"), a.jobId, a.id, response, st);
        return OperatorResult{false, response};
    });
}

OperatorResult JobService::cancelJob(qint64 jobId, const OperatorRequest &request)
{
    const OperatorRequest req = checkedOperator(request);
    if (d->pg())
        return d->run("cancel job", false, [&] {
            return d->checkedReplay(operatorOutcome(d->session->exec(
                QStringLiteral("SELECT * FROM jd_op_cancel_job($1, $2, $3, $4, $5, $6)"),
                {jobId, req.requestId, req.actor.kind, req.actor.id, req.reason, opt(req.seenChangeSeq)}).first()), req);
        });
    return d->run("cancel job", true, [&] {
        if (auto prior = d->priorAnswer(req.requestId, req.actor, QStringLiteral("cancel_job"), jobId, std::nullopt))
            return *prior;
        // PostgreSQL lock order: the job's open attempts first, then the job (as
        // a completion does). SQLite's writer already holds the whole store.
        if (d->pg())
            d->session->exec(QStringLiteral("SELECT id FROM attempts WHERE job_id = $1 AND state IN ") + kOpenStates
                                 + QStringLiteral(" ORDER BY id FOR UPDATE"),
                             {jobId});
        const Job job = d->requireJob(jobId);
        d->checkStale(job, req);
        if (job.state == JobState::Succeeded)
            throw JobDeskError(Code::InvalidTransition,
                               QStringLiteral("job %1 already has a winner (attempt %2); it cannot be cancelled")
                                   .arg(jobId)
                                   .arg(job.completedBy.value_or(0)));
        if (job.state == JobState::Cancelled)
            throw JobDeskError(Code::InvalidTransition, QStringLiteral("job %1 is already cancelled").arg(jobId));
        const Stamp st = d->stamp();
        d->session->exec(QStringLiteral("UPDATE jobs SET state = 'cancelled', version = version + 1, state_reason = $2, "
                                        "change_seq = $3, updated_at_ms = $4 WHERE id = $1"),
                         {jobId, req.reason.trimmed(), st.seq, st.nowMs});
        QJsonArray cancelled;
        // Read again under the job's lock: one may have started in between.
        const SqlRows stillOpen = d->session->exec(
            QStringLiteral("SELECT id FROM attempts WHERE job_id = $1 AND state IN ") + kOpenStates + QStringLiteral(" ORDER BY id"),
            {jobId});
        for (const SqlRow &row : stillOpen) {
            const Attempt a = d->transition(row.first().toLongLong(), AttemptState::Cancelled, req.actor,
                                            QStringLiteral("job cancelled: ") + req.reason.trimmed(), st);
            cancelled.append(a.id);
        }
        QJsonObject response{{QStringLiteral("action"), QStringLiteral("cancel_job")},
                             {QStringLiteral("job_id"), jobId},
                             {QStringLiteral("from_state"), toText(job.state)},
                             {QStringLiteral("to_state"), QStringLiteral("cancelled")},
                             {QStringLiteral("cancelled_attempts"), cancelled}};
        d->audit(req, QStringLiteral("cancel_job"), jobId, std::nullopt, response, st);
        return OperatorResult{false, response};
    });
}

namespace {

// A request id answers the request it was first used for. A retry of the
// same job on another provider under a used id is a different request: it
// is refused, never answered with the first retry (an operator who asked
// for the fallback must not be told of a retry on the primary while their
// own request is neither made nor audited):
// tst_operator_actions::aRequestIdUsedForARetryOnOneProviderIsRefusedForAnother.
void requireSameRetry(const QString &requestId, const QString &provider, bool providerNamed, const RetryResult &replay)
{
    if (providerNamed && replay.replayed && replay.start.attempt.id && replay.start.attempt.provider != provider)
        throw JobDeskError(JobDeskError::Code::InvalidArgument,
                           QStringLiteral("request id %1 was already used for a retry on provider %2")
                               .arg(requestId, replay.start.attempt.provider));
}

} // namespace

RetryResult JobService::retry(qint64 jobId, const QString &provider, const OperatorRequest &request, bool providerNamed)
{
    const OperatorRequest req = checkedOperator(request);
    requireName(provider, "provider");
    if (d->pg())
        return d->run("retry", false, [&] {
            const SqlRow row = d->session->exec(
                QStringLiteral("SELECT * FROM jd_op_retry($1, $2, $3, $4, $5, $6, $7, $8)"),
                {jobId, provider, req.requestId, req.actor.kind, req.actor.id, req.reason, opt(req.seenChangeSeq),
                 d->options.retryLeaseMs}).first();
            RetryResult out;
            if (row.at(0).toString() == QStringLiteral("refused")) {
                out.start.refusal.message = row.at(2).toString();
                const QString reason = row.at(3).toString();
                for (auto rr : {Refusal::Reason::AttemptUnknown, Refusal::Reason::AttemptStarting, Refusal::Reason::MaxParallel,
                                Refusal::Reason::JobHasWinner, Refusal::Reason::JobCancelled, Refusal::Reason::BudgetSpent})
                    if (toText(rr) == reason)
                        out.start.refusal.reason = rr;
                out.start.refusal.blockingAttemptId = rows::optInt(row.at(4));
                return out;
            }
            const OperatorResult answer = d->checkedReplay(operatorOutcome(row), req);
            out.replayed = answer.replayed;
            out.start.started = true;
            out.start.replayed = answer.replayed;
            // A plain read: an operator's database user may not lock rows.
            const SqlRows ar = d->session->exec(QStringLiteral("SELECT ") + QLatin1String(rows::kAttemptColumns)
                                                    + QStringLiteral(" FROM attempts WHERE id = $1"),
                                                {row.at(5).toLongLong()});
            if (!ar.isEmpty())
                out.start.attempt = rows::attempt(ar.first());
            requireSameRetry(req.requestId, provider, providerNamed, out);
            return out;
        });
    return d->run("retry", true, [&] {
        if (auto prior = d->priorAnswer(req.requestId, req.actor, QStringLiteral("retry"), jobId, std::nullopt)) {
            RetryResult out;
            out.replayed = true;
            out.start.started = true;
            out.start.replayed = true;
            if (auto a = d->lockAttempt(prior->response.value(QStringLiteral("attempt_id")).toInteger()))
                out.start.attempt = *a;
            requireSameRetry(req.requestId, provider, providerNamed, out);
            return out;
        }
        const Job job = d->requireJob(jobId);
        d->checkStale(job, req);
        // Another attempt's request id (the dispatcher's automatic one, which
        // every viewer reads) is not this retry's: its audited replays were
        // answered above. PostgreSQL's jd_op_retry refuses it the same way
        // (tst_operator_actions::aRetryNeverTakesAnotherAttemptsRequestId).
        const SqlRows other = d->session->exec(
            QStringLiteral("SELECT id FROM attempts WHERE job_id = $1 AND start_request_id = $2"), {jobId, req.requestId});
        if (!other.isEmpty())
            throw JobDeskError(Code::InvalidTransition,
                               QStringLiteral("request id %1 already started attempt %2 of job %3; a retry needs a request id of its own")
                                   .arg(req.requestId, QString::number(other.first().first().toLongLong()), QString::number(jobId)));
        RetryResult out;
        out.start.refusal = d->startGuard(job, AttemptKind::Retry);
        if (out.start.refusal.reason != Refusal::Reason::None)
            return out; // refused: nothing written
        const Stamp st = d->stamp();
        // No worker yet: a dispatcher picks it up (claimRetryAttempts) and sends
        // it. Its lease says how long it may wait; expired while still
        // 'starting', it was never sent and the reaper records it as failed.
        out.start.attempt = d->insertAttempt(job, provider, AttemptKind::Retry, req.requestId, {}, d->options.retryLeaseMs,
                                             std::nullopt, req.actor, req.reason.trimmed(), st);
        out.start.started = true;
        QJsonObject response{{QStringLiteral("action"), QStringLiteral("retry")},
                             {QStringLiteral("job_id"), jobId},
                             {QStringLiteral("attempt_id"), out.start.attempt.id},
                             {QStringLiteral("attempt_no"), out.start.attempt.attemptNo},
                             {QStringLiteral("provider"), provider}};
        d->audit(req, QStringLiteral("retry"), jobId, out.start.attempt.id, response, st);
        return out;
    });
}

OperatorResult JobService::requestLookup(qint64 attemptId, const OperatorRequest &request)
{
    const OperatorRequest req = checkedOperator(request);
    if (d->pg()) // a SQL function only jobdesk_operator may run (jd_op_request_lookup); it records session_user
        return d->run("request lookup", false, [&] {
            return d->checkedReplay(operatorOutcome(d->session->exec(
                QStringLiteral("SELECT * FROM jd_op_request_lookup($1, $2, $3, $4, $5, $6)"),
                {attemptId, req.requestId, req.actor.kind, req.actor.id, req.reason, opt(req.seenChangeSeq)}).first()), req);
        });
    return d->run("request lookup", true, [&] {
        if (auto prior = d->priorAnswer(req.requestId, req.actor, QStringLiteral("request_lookup"), std::nullopt, attemptId))
            return *prior;
        const Attempt a = d->requireAttempt(attemptId);
        const Job job = d->requireJob(a.jobId);
        d->checkStale(job, req);
        if (a.state != AttemptState::Unknown)
            throw JobDeskError(Code::InvalidTransition,
                               QStringLiteral("attempt %1 is already %2; there is nothing to ask its provider")
                                   .arg(attemptId)
                                   .arg(toText(a.state)));
        const SqlRows p = d->session->exec(QStringLiteral("SELECT config FROM providers WHERE name = $1"), {a.provider});
        if (p.isEmpty() || !rows::jsonObject(p.first().first()).value(QStringLiteral("status_lookup")).toBool())
            throw JobDeskError(Code::InvalidTransition,
                               QStringLiteral("provider %1 offers no status lookup; ask its support about key %2 instead")
                                   .arg(a.provider, a.providerKey));
        // Not a state change: no event, no change sequence (the audit row is what moved).
        const Stamp st{0, d->session->exec(QStringLiteral("SELECT CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"))
                              .first().first().toLongLong()};
        // After the last lookup, even within its millisecond: due until a later lookup answers it.
        d->session->exec(QStringLiteral("UPDATE attempts SET lookup_requested_at_ms = max($2, COALESCE(last_lookup_at_ms, 0) + 1) "
                                        "WHERE id = $1"),
                         {a.id, st.nowMs});
        QJsonObject response{{QStringLiteral("action"), QStringLiteral("request_lookup")},
                             {QStringLiteral("attempt_id"), a.id},
                             {QStringLiteral("job_id"), a.jobId},
                             {QStringLiteral("requested_at_ms"), st.nowMs},
                             {QStringLiteral("last_lookup_at_ms"),
                              a.lastLookupAtMs ? QJsonValue(*a.lastLookupAtMs) : QJsonValue(QJsonValue::Null)}};
        d->audit(req, QStringLiteral("request_lookup"), a.jobId, a.id, response, st);
        return OperatorResult{false, response};
    });
}

OperatorResult JobService::recordOperatorValidation(const ValidationRecord &v, const OperatorRequest &request)
{
    const OperatorRequest req = checkedOperator(request);
    if (v.provider.isEmpty() || v.route.isEmpty() || v.configHash.size() != 64 || v.expiresAtMs < v.validatedAtMs)
        invalid(QStringLiteral("incomplete validation record"));
    requireName(v.provider, "provider");
    requireName(v.route, "route");
    requireName(v.configHash, "config hash");
    const qint64 validFor = v.expiresAtMs - v.validatedAtMs;
    const QJsonObject report = storableJson(v.report); // the provider's words: recorded, never refused
    if (d->pg()) // a SQL function only jobdesk_operator may run (jd_op_record_validation); it records session_user
        return d->run("record validation", false, [&] {
            return d->checkedReplay(operatorOutcome(d->session->exec(
                QStringLiteral("SELECT * FROM jd_op_record_validation($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"),
                {v.provider, v.route, v.configHash, v.passed, jsonText(report), validFor, req.requestId, req.actor.kind,
                 req.actor.id, req.reason}).first()), req);
        });
    return d->run("record validation", true, [&] {
        if (auto prior = d->priorAnswer(req.requestId, req.actor, QStringLiteral("record_validation"), std::nullopt, std::nullopt))
            return *prior;
        const SqlRows provider = d->session->exec(QStringLiteral("SELECT config FROM providers WHERE name = $1"), {v.provider});
        if (provider.isEmpty())
            throw JobDeskError(Code::NotFound, QStringLiteral("provider %1 is not known to this database").arg(v.provider));
        if (d->session->exec(QStringLiteral("SELECT 1 FROM routes WHERE name = $1"), {v.route}).isEmpty())
            throw JobDeskError(Code::NotFound, QStringLiteral("route %1 is not known to this database").arg(v.route));
        // No longer than the provider's own validation_ttl_ms (24 h when its config says nothing), as on PostgreSQL.
        const qint64 ttl = rows::jsonObject(provider.first().first())
                               .value(QStringLiteral("validation_ttl_ms"))
                               .toInteger(24LL * 3600 * 1000);
        if (validFor > ttl)
            throw JobDeskError(Code::InvalidTransition,
                               QStringLiteral("a validation of %1 is valid for at most %2 ms (its validation_ttl_ms), not %3 ms")
                                   .arg(v.provider, QString::number(ttl), QString::number(validFor)));
        const Stamp st{0, d->session->exec(QStringLiteral("SELECT CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"))
                              .first().first().toLongLong()};
        const qint64 id = d->session->exec(
            QStringLiteral("INSERT INTO provider_validations (provider, route, config_hash, passed, report, validated_at_ms, "
                           "expires_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id"),
            {v.provider, v.route, v.configHash, v.passed ? 1 : 0, jsonText(report), st.nowMs, st.nowMs + validFor})
                              .first().first().toLongLong();
        QJsonObject response{{QStringLiteral("action"), QStringLiteral("record_validation")},
                             {QStringLiteral("validation_id"), id},
                             {QStringLiteral("provider"), v.provider},
                             {QStringLiteral("route"), v.route},
                             {QStringLiteral("passed"), v.passed},
                             {QStringLiteral("config_hash"), v.configHash},
                             {QStringLiteral("validated_at_ms"), st.nowMs},
                             {QStringLiteral("expires_at_ms"), st.nowMs + validFor}};
        d->audit(req, QStringLiteral("record_validation"), std::nullopt, std::nullopt, response, st);
        return OperatorResult{false, response};
    });
}

} // namespace jobdesk
