// JobService on PostgreSQL: the hot paths are one statement each in
// autocommit (resources/sql/postgres/), the rest SQL functions
// (resources/schema/postgres/functions/) that check the same guards the
// triggers enforce and that only the roles allowed to may run.

#include "ServicePrivate.h"
#include "SqlText.h"

namespace jobdesk {
namespace {

using Code = JobDeskError::Code;

const QString kCompleteSlowSql = QStringLiteral("SELECT * FROM jd_complete($1, $2::json, $3::text, $4::text, $5::text)");

// A refusal a PostgreSQL function answers with, "JDnnn {params}" (jd_refusal).
RefusalText answeredRefusal(const QVariant &coded)
{
    if (const std::optional<RefusalText> r = refusal::decode(coded.toString()))
        return *r;
    return RefusalText("", nullptr, {coded.toString()}); // not coded: said as it came
}

// The answer of a PostgreSQL operator function (jd_op_*): outcome, response, refusal.
OperatorResult operatorOutcome(const SqlRow &row)
{
    const QString outcome = row.at(0).toString();
    if (outcome == QStringLiteral("done"))
        return OperatorResult{false, rows::jsonObject(row.at(1))};
    if (outcome == QStringLiteral("replayed"))
        return OperatorResult{true, rows::jsonObject(row.at(1))};
    const RefusalText why = answeredRefusal(row.at(2));
    const Code code = outcome == QStringLiteral("not_found") ? Code::NotFound
                      : outcome == QStringLiteral("stale")   ? Code::StaleView
                      : outcome == QStringLiteral("invalid") ? Code::InvalidTransition
                                                             : Code::InvalidArgument; // request_reused
    if (why.isNull())
        throw JobDeskError(code, why.english());
    throw JobDeskError(code, why);
}

class PostgresService final : public JobServiceImpl
{
public:
    PostgresService(std::unique_ptr<SqlSession> s, const Options &o) : JobServiceImpl(std::move(s), o)
    {
        takenKeys = o.takenKeys ? o.takenKeys : std::make_shared<TakenKeys>();
    }

    QString nowSql() const override { return QStringLiteral("jd_now_ms()"); }
    QString forUpdate() const override { return QStringLiteral(" FOR UPDATE"); }
    Stamp stamp() override
    {
        const SqlRows r = session->exec(QStringLiteral("SELECT nextval('jd_change_seq'), jd_now_ms()"));
        return Stamp{r.at(0).at(0).toLongLong(), r.at(0).at(1).toLongLong()};
    }

    SubmitResult submitLive(const SubmitRequest &req, const QByteArray &canonicalInput, const QString &fp,
                                const QString &meta) override
    {
        // PostgreSQL: a new key is one prepared statement (one round trip): the
        // insert. A taken key is the replay statement; it goes first, one round
        // trip, when this service has seen the key taken before (a client
        // retrying, a double click on the same connection), else after the insert
        // found the key taken, two. Autocommit.
        const quint64 keyHash = TakenKeys::hashOf(req.ownerId, req.idempotencyKey);
        const auto replay = [&](const SqlRows &r) { return replayAnswer(r, req, fp, keyHash); };
        return run("submit", false, [&] {
            const SqlParams replayParams{req.ownerId, req.idempotencyKey, fp, req.route, canonicalInput, meta,
                                         !session->inTransaction()};
            const QString &replaySql = sqlText(Dialect::Postgres, "submit_replay");
            if (seenTaken(keyHash)) {
                if (auto out = replay(session->exec(replaySql, replayParams)))
                    return *out;
            }
            for (int pass = 0; pass < 3; ++pass) {
                const SqlRows created = session->exec(
                    sqlText(Dialect::Postgres, "submit_insert"), {req.ownerId, req.idempotencyKey, fp, req.route, canonicalInput, meta, req.maxParallel,
                                       req.maxAttempts});
                if (!created.isEmpty()) {
                    markTaken(keyHash);
                    const SqlRow &row = created.first();
                    return SubmitResult{SubmitResult::Outcome::Created,
                                        createdJob(req, fp, row.at(0).toLongLong(), row.at(1).toLongLong(), row.at(2).toLongLong()),
                                        fp, std::nullopt};
                }
                if (auto out = replay(session->exec(replaySql, replayParams)))
                    return *out;
                // No job under the key after all (jobs are never deleted, so only
                // if one was, behind the guards' back): insert again.
            }
            throw SqlError(SqlError::Kind::Retryable, QStringLiteral("submit kept racing an aborted insert"));
        });
    }

    std::optional<SubmitResult> answerTakenKey(const SubmitRequest &req, const CheckedIntent &intent) override
    {
        const quint64 keyHash = TakenKeys::hashOf(req.ownerId, req.idempotencyKey);
        return run("answer a taken key", false, [&] {
            return replayAnswer(session->exec(sqlText(Dialect::Postgres, "submit_replay"),
                                              {req.ownerId, req.idempotencyKey, intent.fingerprint, req.route,
                                               intent.canonicalInput, intent.meta, !session->inTransaction()}),
                                req, intent.fingerprint, keyHash);
        });
    }

    StartAttemptResult startAttempt(const StartAttemptRequest &req) override
    {
        return run("start attempt", false, [&] {
            const SqlRows r = session->exec(
                QStringLiteral("SELECT * FROM jd_start_attempt($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"),
                {req.jobId, req.provider, toText(req.kind), req.requestId,
                 req.workerId.isEmpty() ? QVariant() : QVariant(req.workerId), req.leaseMs.value_or(options.defaultLeaseMs),
                 opt(req.deadlineMs), req.actor.kind, req.actor.id, QVariant(), newProviderKey()});
            const SqlRow &row = r.first();
            const QString outcome = row.at(0).toString();
            if (outcome == QStringLiteral("not_found"))
                throw JobDeskError(Code::NotFound, refusal::make("JD121", req.jobId));
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
            const RefusalText why = answeredRefusal(row.at(3 + 14)); // the refusal travels in last_reason
            out.refusal = Refusal::of(out.refusal.reason, out.refusal.blockingAttemptId, why);
            return out;
        });
    }

    Attempt markRunning(qint64 attemptId, const Actor &actor, std::optional<qint64> leaseMs, std::optional<qint64> deadlineMs,
                    const QString &sentTo, const QVariant &sentToParam, const std::optional<ContractText> &contract) override
    {
        return run("mark running", false, [&] {
            const SqlRows r = contract
                ? session->exec(sqlText(Dialect::Postgres, "mark_running_with_contract"),
                                {attemptId, actor.kind, actor.id, opt(leaseMs), opt(deadlineMs), sentToParam, contract->hash,
                                 contract->route, contract->text})
                : session->exec(QStringLiteral("SELECT * FROM jd_mark_running($1, $2, $3, $4, $5, $6)"),
                                {attemptId, actor.kind, actor.id, opt(leaseMs), opt(deadlineMs), sentToParam});
            const QString outcome = r.first().at(0).toString();
            if (outcome == QStringLiteral("not_found"))
                throw JobDeskError(Code::NotFound, refusal::make("JD120", attemptId));
            if (outcome == QStringLiteral("elsewhere"))
                throw runningElsewhere(attemptId, sentTo);
            return rows::attempt(r.first(), 1);
        });
    }

    CompleteResult complete(qint64 attemptId, const QString &payload, const QString &digest, const Actor &actor) override
    {
        return run("complete", false, [&] {
            const QVariantList params{attemptId, payload, digest, actor.kind, actor.id};
            SqlRows r = session->exec(sqlText(Dialect::Postgres, "complete"), params);
            if (r.isEmpty()) // not a plain win: nothing was written; jd_complete decides
                r = session->exec(kCompleteSlowSql, params);
            const SqlRow &row = r.first();
            const QString outcome = row.at(0).toString();
            if (outcome == QStringLiteral("not_found"))
                throw JobDeskError(Code::NotFound, refusal::make("JD120", attemptId));
            if (outcome == QStringLiteral("starting"))
                throw JobDeskError(Code::InvalidTransition, refusal::make("JD140", attemptId));
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

    OperatorResult cancelAttempt(qint64 attemptId, const OperatorRequest &req) override
    {
        return run("cancel attempt", false, [&] {
            return checkedReplay(operatorOutcome(session->exec(
                QStringLiteral("SELECT * FROM jd_op_cancel_attempt($1, $2, $3, $4, $5, $6)"),
                {attemptId, req.requestId, req.actor.kind, req.actor.id, req.reason, opt(req.seenChangeSeq)}).first()), req);
        });
    }

    OperatorResult cancelJob(qint64 jobId, const OperatorRequest &req) override
    {
        return run("cancel job", false, [&] {
            return checkedReplay(operatorOutcome(session->exec(
                QStringLiteral("SELECT * FROM jd_op_cancel_job($1, $2, $3, $4, $5, $6)"),
                {jobId, req.requestId, req.actor.kind, req.actor.id, req.reason, opt(req.seenChangeSeq)}).first()), req);
        });
    }

    RetryResult retry(qint64 jobId, const QString &provider, const OperatorRequest &req, bool providerNamed) override
    {
        return run("retry", false, [&] {
            const SqlRow row = session->exec(
                QStringLiteral("SELECT * FROM jd_op_retry($1, $2, $3, $4, $5, $6, $7, $8)"),
                {jobId, provider, req.requestId, req.actor.kind, req.actor.id, req.reason, opt(req.seenChangeSeq),
                 options.retryLeaseMs}).first();
            RetryResult out;
            if (row.at(0).toString() == QStringLiteral("refused")) {
                const QString reason = row.at(3).toString();
                Refusal::Reason why = Refusal::Reason::None;
                for (auto rr : {Refusal::Reason::AttemptUnknown, Refusal::Reason::AttemptStarting, Refusal::Reason::MaxParallel,
                                Refusal::Reason::JobHasWinner, Refusal::Reason::JobCancelled, Refusal::Reason::BudgetSpent})
                    if (toText(rr) == reason)
                        why = rr;
                out.start.refusal = Refusal::of(why, rows::optInt(row.at(4)), answeredRefusal(row.at(2)));
                return out;
            }
            const OperatorResult answer = checkedReplay(operatorOutcome(row), req);
            out.replayed = answer.replayed;
            out.start.started = true;
            out.start.replayed = answer.replayed;
            // A plain read: an operator's database user may not lock rows.
            const SqlRows ar = session->exec(QStringLiteral("SELECT ") + QLatin1String(rows::kAttemptColumns)
                                                    + QStringLiteral(" FROM attempts WHERE id = $1"),
                                                {row.at(5).toLongLong()});
            if (!ar.isEmpty())
                out.start.attempt = rows::attempt(ar.first());
            requireSameRetry(req.requestId, provider, providerNamed, out);
            return out;
        });
    }

    OperatorResult requestLookup(qint64 attemptId, const OperatorRequest &req) override
    {
        return run("request lookup", false, [&] {
            return checkedReplay(operatorOutcome(session->exec(
                QStringLiteral("SELECT * FROM jd_op_request_lookup($1, $2, $3, $4, $5, $6)"),
                {attemptId, req.requestId, req.actor.kind, req.actor.id, req.reason, opt(req.seenChangeSeq)}).first()), req);
        });
    }

    OperatorResult recordValidation(const ValidationRecord &v, const QJsonObject &report, qint64 validFor,
                                        const OperatorRequest &req) override
    {
        return run("record validation", false, [&] {
            return checkedReplay(operatorOutcome(session->exec(
                QStringLiteral("SELECT * FROM jd_op_record_validation($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"),
                {v.provider, v.route, v.configHash, v.passed, jsonText(report), validFor, req.requestId, req.actor.kind,
                 req.actor.id, req.reason}).first()), req);
        });
    }

private:
    // Keys seen taken (this service, or those sharing Options::takenKeys,
    // created their job or were answered with it): which statement to send
    // first (TakenKeys.h).
    std::shared_ptr<TakenKeys> takenKeys;
    bool seenTaken(quint64 h) const { return takenKeys->seen(h); }
    void markTaken(quint64 h) { takenKeys->mark(h); }

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

    // PostgreSQL's replay statement's answer (resources/sql/postgres/submit_replay.sql): the key's job
    // and whether the intent was the same; nullopt when the key has no job.
    std::optional<SubmitResult> replayAnswer(const SqlRows &r, const SubmitRequest &req, const QString &fp, quint64 keyHash)
    {
        if (r.isEmpty())
            return std::nullopt; // no job under the key (jobs are never deleted: a wrong hint, or not taken)
        markTaken(keyHash);
        const SqlRow &row = r.first();
        if (row.at(0).toString() == QLatin1String("replayed")) {
            // The same intent: the input is the one we sent (the row's client metadata is the job's own).
            SubmitResult out{SubmitResult::Outcome::Replayed, rows::job(row, 1), fp, std::nullopt};
            out.job.input = req.input;
            return out;
        }
        return SubmitResult{SubmitResult::Outcome::Conflict, rows::job(row, 1), fp, std::nullopt};
    }
};

} // namespace

std::unique_ptr<JobServiceImpl> makePostgresService(std::unique_ptr<SqlSession> session, const JobServiceOptions &options)
{
    return std::make_unique<PostgresService>(std::move(session), options);
}

} // namespace jobdesk
