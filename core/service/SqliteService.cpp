// JobService on SQLite: the guards PostgreSQL's SQL functions check, as
// C++ transactions under SQLite's write lock (the triggers enforce the same
// rules regardless); a new key is one statement in autocommit.

#include "ServicePrivate.h"
#include "SqlText.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace jobdesk {
namespace {

using Code = JobDeskError::Code;

QString localUser()
{
    return operatingSystemUser();
}

class SqliteService final : public JobServiceImpl
{
public:
    using JobServiceImpl::JobServiceImpl;

    QString nowSql() const override { return QStringLiteral("CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"); }
    QString forUpdate() const override { return {}; }
    Stamp stamp() override
    {
        const SqlRows r = session->exec(QStringLiteral(
            "UPDATE jd_counter SET value = value + 1 WHERE id = 1 RETURNING value, "
            "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"));
        return Stamp{r.at(0).at(0).toLongLong(), r.at(0).at(1).toLongLong()};
    }

    SubmitResult submitLive(const SubmitRequest &req, const QByteArray &canonicalInput, const QString &fp,
                                const QString &meta) override
    {
        // SQLite: a new key is one statement in autocommit (a trigger moves
        // the change counter to the job's change_seq); a taken
        // key is the write transaction that reads the job and records the
        // replay or conflict (submitTx, which also creates the job should it
        // be gone after all).
        const QString input = QString::fromUtf8(canonicalInput);
        const std::optional<SubmitResult> created = run("submit", false, [&]() -> std::optional<SubmitResult> {
            const SqlRows r = session->exec(sqlText(Dialect::Sqlite, "submit_insert"), {req.ownerId, req.idempotencyKey, fp, req.route, input,
                                                                       req.maxParallel, req.maxAttempts, meta});
            if (r.isEmpty())
                return std::nullopt;
            const SqlRow &row = r.first();
            return SubmitResult{SubmitResult::Outcome::Created,
                                createdJob(req, fp, row.at(0).toLongLong(), row.at(1).toLongLong(), row.at(2).toLongLong()), fp, std::nullopt};
        });
        if (created)
            return *created;
        return run("submit", true, [&] { return submitTx(req, fp, input, meta); });
    }

    std::optional<SubmitResult> answerTakenKey(const SubmitRequest &req, const CheckedIntent &intent) override
    {
        // A free key (every refused new request) is a read, without the write lock.
        const bool taken = run("answer a taken key", false, [&] {
            return !session->exec(QStringLiteral("SELECT 1 FROM jobs WHERE owner_id = $1 AND idempotency_key = $2"),
                                     {req.ownerId, req.idempotencyKey})
                        .isEmpty();
        });
        if (!taken)
            return std::nullopt;
        return run("answer a taken key", true, [&] { return answerTakenTx(req, intent.fingerprint, intent.meta); });
    }

    StartAttemptResult startAttempt(const StartAttemptRequest &req) override
    {
        return run("start attempt", true, [&] { return startTx(req); });
    }

    Attempt markRunning(qint64 attemptId, const Actor &actor, std::optional<qint64> leaseMs, std::optional<qint64> deadlineMs,
                    const QString &sentTo, const QVariant &sentToParam, const std::optional<ContractText> &contract) override
    {
        return run("mark running", true, [&] {
            const Attempt a = requireAttempt(attemptId);
            if (a.state == AttemptState::Running && !sentToParam.isNull()
                && session->exec(QStringLiteral("SELECT sent_to FROM attempts WHERE id = $1"), {attemptId}).first().first() != sentToParam)
                throw runningElsewhere(attemptId, sentTo);
            if (a.state != AttemptState::Starting)
                return a; // already running, or past it: nothing to do
            const Job job = requireJobForGuards(a.jobId); // lock order: the attempt, then its job
            const Stamp st = stamp();
            // What the start checked may have changed before the send: an
            // operator's retry waits for a worker, a hedge's sibling may win or
            // time out meanwhile. An attempt of a decided, cancelled or blocked
            // job is never sent (jd_mark_running on PostgreSQL):
            // tst_database_guard::anAttemptOfADecidedOrBlockedJobIsNeverMarkedRunningByAnyWriter.
            const QString never = neverSendReason(job);
            if (!never.isEmpty())
                return transition(a.id, AttemptState::Failed, actor, never, st);
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
            const Attempt running = transition(a.id, AttemptState::Running, actor, {}, st, extra, extraParams);
            if (contract) { // recorded for an attempt this call moves to running, as on PostgreSQL
                session->exec(QStringLiteral("INSERT INTO route_contracts (contract_hash, route, config, recorded_at_ms) "
                                                "SELECT $1, $2, $3, ") + nowSql()
                                     + QStringLiteral(" WHERE NOT EXISTS (SELECT 1 FROM route_contracts WHERE contract_hash = $1)"),
                                 {contract->hash, contract->route, contract->text});
                session->exec(QStringLiteral("INSERT INTO attempt_contracts (attempt_id, contract_hash) VALUES ($1, $2) "
                                                "ON CONFLICT (attempt_id) DO NOTHING"),
                                 {attemptId, contract->hash});
            }
            return running;
        });
    }

    CompleteResult complete(qint64 attemptId, const QString &payload, const QString &digest, const Actor &actor) override
    {
        return run("complete", true, [&] { return completeTx(attemptId, payload, digest, actor); });
    }

    OperatorResult cancelAttempt(qint64 attemptId, const OperatorRequest &req) override
    {
        return run("cancel attempt", true, [&] {
            if (auto prior = priorAnswer(req.requestId, req.actor, QStringLiteral("cancel_attempt"), std::nullopt, attemptId))
                return *prior;
            const Attempt a = requireAttempt(attemptId);
            const Job job = requireJob(a.jobId);
            checkStale(job, req);
            if (!isOpen(a.state))
                throw JobDeskError(Code::InvalidTransition, refusal::make("JD122", attemptId, toText(a.state)));
            const Stamp st = stamp();
            const Attempt after = transition(a.id, AttemptState::Cancelled, req.actor, req.reason.trimmed(), st);
            const std::optional<Job> jobAfter = lockJob(a.jobId);
            QJsonObject response{{QStringLiteral("action"), QStringLiteral("cancel_attempt")},
                                 {QStringLiteral("attempt_id"), after.id},
                                 {QStringLiteral("job_id"), after.jobId},
                                 {QStringLiteral("from_state"), toText(a.state)},
                                 {QStringLiteral("to_state"), toText(after.state)},
                                 {QStringLiteral("job_state"), toText(jobAfter->state)}};
            audit(req, QStringLiteral("cancel_attempt"), a.jobId, a.id, response, st);
            return OperatorResult{false, response};
        });
    }

    OperatorResult cancelJob(qint64 jobId, const OperatorRequest &req) override
    {
        return run("cancel job", true, [&] {
            if (auto prior = priorAnswer(req.requestId, req.actor, QStringLiteral("cancel_job"), jobId, std::nullopt))
                return *prior;
            const Job job = requireJob(jobId);
            checkStale(job, req);
            if (job.state == JobState::Succeeded)
                throw JobDeskError(Code::InvalidTransition, refusal::make("JD123", jobId, job.completedBy.value_or(0)));
            if (job.state == JobState::Cancelled)
                throw JobDeskError(Code::InvalidTransition, refusal::make("JD124", jobId));
            const Stamp st = stamp();
            session->exec(QStringLiteral("UPDATE jobs SET state = 'cancelled', version = version + 1, state_reason = $2, "
                                            "change_seq = $3, updated_at_ms = $4 WHERE id = $1"),
                             {jobId, req.reason.trimmed(), st.seq, st.nowMs});
            QJsonArray cancelled;
            // Read again under the job's lock: one may have started in between.
            const SqlRows stillOpen = session->exec(
                QStringLiteral("SELECT id FROM attempts WHERE job_id = $1 AND state IN ") + kOpenStates + QStringLiteral(" ORDER BY id"),
                {jobId});
            for (const SqlRow &row : stillOpen) {
                const Attempt a = transition(row.first().toLongLong(), AttemptState::Cancelled, req.actor,
                                                QStringLiteral("job cancelled: ") + req.reason.trimmed(), st);
                cancelled.append(a.id);
            }
            QJsonObject response{{QStringLiteral("action"), QStringLiteral("cancel_job")},
                                 {QStringLiteral("job_id"), jobId},
                                 {QStringLiteral("from_state"), toText(job.state)},
                                 {QStringLiteral("to_state"), QStringLiteral("cancelled")},
                                 {QStringLiteral("cancelled_attempts"), cancelled}};
            audit(req, QStringLiteral("cancel_job"), jobId, std::nullopt, response, st);
            return OperatorResult{false, response};
        });
    }

    RetryResult retry(qint64 jobId, const QString &provider, const OperatorRequest &req, bool providerNamed) override
    {
        return run("retry", true, [&] {
            if (auto prior = priorAnswer(req.requestId, req.actor, QStringLiteral("retry"), jobId, std::nullopt)) {
                RetryResult out;
                out.replayed = true;
                out.start.started = true;
                out.start.replayed = true;
                if (auto a = lockAttempt(prior->response.value(QStringLiteral("attempt_id")).toInteger()))
                    out.start.attempt = *a;
                requireSameRetry(req.requestId, provider, providerNamed, out);
                return out;
            }
            const Job job = requireJob(jobId);
            checkStale(job, req);
            // Another attempt's request id (the dispatcher's automatic one, which
            // every viewer reads) is not this retry's: its audited replays were
            // answered above. PostgreSQL's jd_op_retry refuses it the same way
            // (tst_operator_actions::aRetryNeverTakesAnotherAttemptsRequestId).
            const SqlRows other = session->exec(
                QStringLiteral("SELECT id FROM attempts WHERE job_id = $1 AND start_request_id = $2"), {jobId, req.requestId});
            if (!other.isEmpty())
                throw JobDeskError(Code::InvalidTransition,
                                   refusal::make("JD009", req.requestId, other.first().first().toLongLong(), jobId));
            RetryResult out;
            out.start.refusal = startGuard(job, AttemptKind::Retry);
            if (out.start.refusal.reason != Refusal::Reason::None)
                return out; // refused: nothing written
            const Stamp st = stamp();
            // No worker yet: a dispatcher picks it up (claimRetryAttempts) and sends
            // it. Its lease says how long it may wait; expired while still
            // 'starting', it was never sent and the reaper records it as failed.
            out.start.attempt = insertAttempt(job, provider, AttemptKind::Retry, req.requestId, {}, options.retryLeaseMs,
                                                 std::nullopt, req.actor, req.reason.trimmed(), st);
            out.start.started = true;
            QJsonObject response{{QStringLiteral("action"), QStringLiteral("retry")},
                                 {QStringLiteral("job_id"), jobId},
                                 {QStringLiteral("attempt_id"), out.start.attempt.id},
                                 {QStringLiteral("attempt_no"), out.start.attempt.attemptNo},
                                 {QStringLiteral("provider"), provider}};
            audit(req, QStringLiteral("retry"), jobId, out.start.attempt.id, response, st);
            return out;
        });
    }

    OperatorResult requestLookup(qint64 attemptId, const OperatorRequest &req) override
    {
        return run("request lookup", true, [&] {
            if (auto prior = priorAnswer(req.requestId, req.actor, QStringLiteral("request_lookup"), std::nullopt, attemptId))
                return *prior;
            const Attempt a = requireAttempt(attemptId);
            const Job job = requireJob(a.jobId);
            checkStale(job, req);
            if (a.state != AttemptState::Unknown)
                throw JobDeskError(Code::InvalidTransition, refusal::make("JD125", attemptId, toText(a.state)));
            const SqlRows p = session->exec(QStringLiteral("SELECT config FROM providers WHERE name = $1"), {a.provider});
            if (p.isEmpty() || !rows::jsonObject(p.first().first()).value(QStringLiteral("status_lookup")).toBool())
                throw JobDeskError(Code::InvalidTransition, refusal::make("JD126", a.provider, a.providerKey));
            // Not a state change: no event, no change sequence (the audit row is what moved).
            const Stamp st{0, session->exec(QStringLiteral("SELECT CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"))
                                  .first().first().toLongLong()};
            // After the last lookup, even within its millisecond: due until a later lookup answers it.
            session->exec(QStringLiteral("UPDATE attempts SET lookup_requested_at_ms = max($2, COALESCE(last_lookup_at_ms, 0) + 1) "
                                            "WHERE id = $1"),
                             {a.id, st.nowMs});
            QJsonObject response{{QStringLiteral("action"), QStringLiteral("request_lookup")},
                                 {QStringLiteral("attempt_id"), a.id},
                                 {QStringLiteral("job_id"), a.jobId},
                                 {QStringLiteral("requested_at_ms"), st.nowMs},
                                 {QStringLiteral("last_lookup_at_ms"),
                                  a.lastLookupAtMs ? QJsonValue(*a.lastLookupAtMs) : QJsonValue(QJsonValue::Null)}};
            audit(req, QStringLiteral("request_lookup"), a.jobId, a.id, response, st);
            return OperatorResult{false, response};
        });
    }

    OperatorResult recordValidation(const ValidationRecord &v, const QJsonObject &report, qint64 validFor,
                                        const OperatorRequest &req) override
    {
        return run("record validation", true, [&] {
            if (auto prior = priorAnswer(req.requestId, req.actor, QStringLiteral("record_validation"), std::nullopt, std::nullopt))
                return *prior;
            const SqlRows provider = session->exec(QStringLiteral("SELECT config FROM providers WHERE name = $1"), {v.provider});
            if (provider.isEmpty())
                throw JobDeskError(Code::NotFound, refusal::make("JD127", v.provider));
            if (session->exec(QStringLiteral("SELECT 1 FROM routes WHERE name = $1"), {v.route}).isEmpty())
                throw JobDeskError(Code::NotFound, refusal::make("JD128", v.route));
            // No longer than the provider's own validation_ttl_ms (24 h when its config says nothing), as on PostgreSQL.
            const qint64 ttl = rows::jsonObject(provider.first().first())
                                   .value(QStringLiteral("validation_ttl_ms"))
                                   .toInteger(24LL * 3600 * 1000);
            if (validFor > ttl)
                throw JobDeskError(Code::InvalidTransition, refusal::make("JD130", v.provider, ttl, validFor));
            const Stamp st{0, session->exec(QStringLiteral("SELECT CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"))
                                  .first().first().toLongLong()};
            const qint64 id = session->exec(
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
            audit(req, QStringLiteral("record_validation"), std::nullopt, std::nullopt, response, st);
            return OperatorResult{false, response};
        });
    }

private:
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
            throw JobDeskError(Code::NotFound, refusal::make("JD120", attemptId));
        const SqlRow &row = r.first();
        Attempt a;
        a.id = row.at(0).toLongLong();
        a.jobId = row.at(1).toLongLong();
        a.state = attemptStateFromString(row.at(2).toString()).value_or(AttemptState::Starting);
        a.readVersion = row.at(3).toLongLong();
        return a;
    }

    Refusal startGuard(const Job &job, AttemptKind kind, const QString &workerId = {})
    {
        Refusal no;
        if (auto u = firstAttemptIn(job.id, QStringLiteral("('unknown')")))
            return Refusal::of(Refusal::Reason::AttemptUnknown, u, refusal::make("JD101", *u, job.id));
        if (job.completedBy)
            return Refusal::of(Refusal::Reason::JobHasWinner, job.completedBy, refusal::make("JD102", job.id, *job.completedBy));
        if (job.state == JobState::Cancelled)
            return Refusal::of(Refusal::Reason::JobCancelled, std::nullopt, refusal::make("JD103", job.id));
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
                return Refusal::of(Refusal::Reason::ClaimLost, std::nullopt,
                                   refusal::make("JD104", workerId.isEmpty() ? QStringLiteral("(none)") : workerId, job.id, by));
            }
        }
        if (auto s = firstAttemptIn(job.id, QStringLiteral("('starting')")))
            return Refusal::of(Refusal::Reason::AttemptStarting, s, refusal::make("JD105", *s, job.id));
        const SqlRows open = session->exec(
            QStringLiteral("SELECT count(*), MIN(id) FROM attempts WHERE job_id = $1 AND state IN ") + kOpenStates,
            {job.id});
        const qint64 openCount = open.first().at(0).toLongLong();
        if (openCount >= job.maxParallel)
            return Refusal::of(Refusal::Reason::MaxParallel, rows::optInt(open.first().at(1)),
                               refusal::make("JD106", job.id, openCount, job.maxParallel));
        if (kind == AttemptKind::Automatic) {
            const SqlRows autoOpen = session->exec(
                QStringLiteral("SELECT id FROM attempts WHERE job_id = $1 AND kind = 'automatic' AND state IN ") + kOpenStates
                    + QStringLiteral(" LIMIT 1"),
                {job.id});
            if (!autoOpen.isEmpty())
                return Refusal::of(Refusal::Reason::AutomaticOpen, autoOpen.first().first().toLongLong(),
                                   refusal::make("JD107", job.id, autoOpen.first().first().toLongLong()));
        }
        if (kind == AttemptKind::Hedge && openCount == 0)
            return Refusal::of(Refusal::Reason::NothingToHedge, std::nullopt, refusal::make("JD108", job.id));
        if (kind != AttemptKind::Retry) {
            const SqlRows used = session->exec(
                QStringLiteral("SELECT count(*) FROM attempts WHERE job_id = $1 AND kind <> 'retry'"), {job.id});
            if (used.first().first().toLongLong() >= job.maxAttempts)
                return Refusal::of(Refusal::Reason::BudgetSpent, std::nullopt, refusal::make("JD109", job.id, job.maxAttempts));
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
            invalid(refusal::make("JD115", requestId, row.at(0).toString()));
        const bool sameTarget = (!jobId || rows::optInt(row.at(2)) == jobId) && (!attemptId || rows::optInt(row.at(3)) == attemptId);
        if (!sameTarget)
            invalid(refusal::make("JD116", requestId, action, row.at(2).isNull() ? QStringLiteral("-") : row.at(2).toString(),
                                  row.at(3).isNull() ? QStringLiteral("-") : row.at(3).toString()));
        return OperatorResult{true, rows::jsonObject(row.at(1))};
    }

    void checkStale(const Job &job, const OperatorRequest &req)
    {
        if (!req.seenChangeSeq || job.changeSeq <= *req.seenChangeSeq)
            return;
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
        const QString state = toText(job.state);
        if (!said.isEmpty() && (ev.isEmpty() || said.first().at(1).toLongLong() >= ev.first().at(6).toLongLong()))
            throw JobDeskError(Code::StaleView, refusal::make("JD113", job.id, *req.seenChangeSeq, job.changeSeq, state,
                                                              said.first().at(0).toString()));
        if (ev.isEmpty())
            throw JobDeskError(Code::StaleView, refusal::make("JD114", job.id, *req.seenChangeSeq, job.changeSeq, state));
        const SqlRow &e = ev.first();
        const QString from = e.at(1).isNull() ? QStringLiteral("(new)") : e.at(1).toString();
        if (e.at(5).toString().isEmpty())
            throw JobDeskError(Code::StaleView, refusal::make("JD111", job.id, *req.seenChangeSeq, job.changeSeq, state,
                                                              e.at(0).toString(), from, e.at(2).toString(), e.at(3).toString(),
                                                              e.at(4).toString()));
        throw JobDeskError(Code::StaleView, refusal::make("JD112", job.id, *req.seenChangeSeq, job.changeSeq, state,
                                                          e.at(0).toString(), from, e.at(2).toString(), e.at(3).toString(),
                                                          e.at(4).toString(), e.at(5).toString()));
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
                                fp, std::nullopt};
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
        return SubmitResult{same ? SubmitResult::Outcome::Replayed : SubmitResult::Outcome::Conflict, existing, fp, std::nullopt};
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
            throw JobDeskError(Code::InvalidTransition, refusal::make("JD140", a.id));
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

} // namespace

std::unique_ptr<JobServiceImpl> makeSqliteService(std::unique_ptr<SqlSession> session, const JobServiceOptions &options)
{
    return std::make_unique<SqliteService>(std::move(session), options);
}

} // namespace jobdesk
