#pragma once
// JobService's implementation, behind JobService.h: what both stores share
// (the retry loop, locked reads, an attempt's transition) and, as pure
// virtual functions, the operations whose SQL differs by store, implemented
// once per store: PostgresService.cpp (SQL functions and single statements,
// autocommit on the hot paths) and SqliteService.cpp (the same rules as C++
// transactions under SQLite's write lock). The area files (Commands.cpp,
// OperatorActions.cpp, DispatchStore.cpp, JobQueries.cpp, Worklists.cpp)
// check their arguments and call in here.

#include "Intent.h"
#include "JobService.h"
#include "Logging.h"
#include "Names.h"
#include "Rows.h"
#include "TakenKeys.h"

#include <QElapsedTimer>
#include <QThread>

#include <memory>
#include <random>

namespace jobdesk {

// A change-sequence number and the database clock, read in one statement.
struct Stamp
{
    qint64 seq = 0;
    qint64 nowMs = 0;
};

// A create under a key whose job retention removed (JD050, SQLite JD052): answered from the
// key's tombstone (JobService::submit), never a new job.
struct TombstonedKey
{
};

// A route contract as markRunning records it: the SHA-256 of its canonical
// JSON, its route, and that JSON (route_contracts).
struct ContractText
{
    QString hash;
    QString route;
    QString text;
};

inline const QString kOpenStates = QStringLiteral("('starting', 'running', 'unknown')");

[[noreturn]] void invalid(const RefusalText &why);
void requireLease(qint64 ms);
QVariant opt(const std::optional<qint64> &v);
// Invariant 7: a random key per attempt, stored on its row, never derived from ids.
QString newProviderKey();
// The job a create wrote: everything but what the database chose is what the
// caller sent (a new job is queued, at version 0, with no winner yet).
Job createdJob(const SubmitRequest &req, const QString &fingerprint, qint64 id, qint64 changeSeq, qint64 createdAtMs);
// A key's tombstone as a submit's answer: the removed job without input or result, a replay
// when `fp` is its fingerprint. The row holds kTombstoneColumns from column `first` on.
inline constexpr auto kTombstoneColumns = "job_id, fingerprint, route, final_state, created_at_ms, removed_at_ms";
SubmitResult tombstoneAnswer(const SqlRow &row, int first, const SubmitRequest &req, const QString &fp);
// The same for the key of `req`, read from key_tombstones; nullopt when it has none.
std::optional<SubmitResult> tombstoneAnswer(SqlSession &s, const SubmitRequest &req, const QString &fp);
// markRunning on an attempt already running that does not record sentTo as
// where its request goes: not the caller's to send.
JobDeskError runningElsewhere(qint64 attemptId, const QString &sentTo);
// A request id is its actor's: an HTTP client's Idempotency-Key is the
// operator action's request id, and two operators who pick the same key must
// not be answered with each other's action. Refused before anything of the
// first request is named: tst_operator_actions::aRequestIdIsItsOperatorsAndNobodyElses.
void requireSameActor(const QString &requestId, const Actor &actor, const QString &kind, const QString &id);
// A request id answers the request it was first used for: a retry on another
// provider under a used id is refused, never answered with the first retry
// (tst_operator_actions::aRequestIdUsedForARetryOnOneProviderIsRefusedForAnother).
void requireSameRetry(const QString &requestId, const QString &provider, bool providerNamed, const RetryResult &replay);

struct JobServiceImpl
{
    using Code = JobDeskError::Code;
    using Options = JobServiceOptions;

    JobServiceImpl(std::unique_ptr<SqlSession> s, const Options &o) : session(std::move(s)), options(o) {}
    virtual ~JobServiceImpl() = default;

    std::unique_ptr<SqlSession> session;
    Options options;
    qint64 clockOffsetMs = 0;

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
                            throw JobDeskError(Code::StoreUnavailable, refusal::make("JD241", what, re.message()));
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
                    throw JobDeskError(Code::StoreBusy, refusal::make("JD240", what, e.message()));
                if (e.kind() == SqlError::Kind::PermissionDenied)
                    throw JobDeskError(Code::Forbidden, refusal::make("JD242", what, e.message()));
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

    // ---- reads and writes inside a transaction, the same SQL on both stores ----
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
            throw JobDeskError(Code::NotFound, refusal::make("JD121", jobId));
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
            throw JobDeskError(Code::NotFound, refusal::make("JD121", jobId));
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

    Attempt requireAttempt(qint64 attemptId)
    {
        auto a = lockAttempt(attemptId);
        if (!a)
            throw JobDeskError(Code::NotFound, refusal::make("JD120", attemptId));
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

    // ---- by store ----
    // The database clock as an SQL expression, and the row lock of a read
    // (empty where the writer holds the whole store).
    virtual QString nowSql() const = 0;
    virtual QString forUpdate() const = 0;
    virtual Stamp stamp() = 0;

    virtual SubmitResult submitLive(const SubmitRequest &req, const QByteArray &canonicalInput, const QString &fp,
                                    const QString &meta) = 0;
    virtual std::optional<SubmitResult> answerTakenKey(const SubmitRequest &req, const CheckedIntent &intent) = 0;
    virtual StartAttemptResult startAttempt(const StartAttemptRequest &req) = 0;
    virtual Attempt markRunning(qint64 attemptId, const Actor &actor, std::optional<qint64> leaseMs,
                                std::optional<qint64> deadlineMs, const QString &sentTo, const QVariant &sentToParam,
                                const std::optional<ContractText> &contract) = 0;
    virtual CompleteResult complete(qint64 attemptId, const QString &payload, const QString &digest, const Actor &actor) = 0;

    // Operator actions; `req` is checked (checkedOperator).
    virtual OperatorResult cancelAttempt(qint64 attemptId, const OperatorRequest &req) = 0;
    virtual OperatorResult cancelJob(qint64 jobId, const OperatorRequest &req) = 0;
    virtual RetryResult retry(qint64 jobId, const QString &provider, const OperatorRequest &req, bool providerNamed) = 0;
    virtual OperatorResult requestLookup(qint64 attemptId, const OperatorRequest &req) = 0;
    virtual OperatorResult recordValidation(const ValidationRecord &v, const QJsonObject &report, qint64 validFor,
                                            const OperatorRequest &req) = 0;
};

std::unique_ptr<JobServiceImpl> makePostgresService(std::unique_ptr<SqlSession> session, const JobServiceOptions &options);
std::unique_ptr<JobServiceImpl> makeSqliteService(std::unique_ptr<SqlSession> session, const JobServiceOptions &options);

} // namespace jobdesk
