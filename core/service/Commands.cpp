// JobService's commands: a job's creation and its attempts' lifecycle
// (start, send, outcome, lease). Arguments are checked here; what differs by
// store is JobServiceImpl's (PostgresService.cpp, SqliteService.cpp).

#include "ServicePrivate.h"
#include "SqlText.h"
#include "domain/CanonicalJson.h"

#include <QJsonDocument>

namespace jobdesk {

using Code = JobDeskError::Code;

SubmitResult JobService::submit(const SubmitRequest &req)
{
    const CheckedIntent intent = checkIntent(req);
    // A key whose job retention removed is answered from its tombstone (a
    // tombstone that expired meanwhile leaves the key free: create).
    for (int pass = 0; pass < 2; ++pass) {
        try {
            return d->submitLive(req, intent.canonicalInput, intent.fingerprint, intent.meta);
        } catch (const TombstonedKey &) {
            if (auto out = d->run("submit", false, [&] { return tombstoneAnswer(*d->session, req, intent.fingerprint); }))
                return *out;
        }
    }
    throw JobDeskError(Code::StoreBusy, refusal::make("JD243"));
}

std::optional<SubmitResult> JobService::answerTakenKey(const SubmitRequest &req)
{
    const CheckedIntent intent = checkIntent(req);
    return d->answerTakenKey(req, intent);
}

StartAttemptResult JobService::startAttempt(const StartAttemptRequest &req)
{
    requireName(req.provider, "provider");
    requireName(req.requestId, "start request id");
    if (!req.workerId.isEmpty()) // none: refused below as a lost claim (an automatic attempt needs one)
        requireName(req.workerId, "worker id");
    requireActor(req.actor);
    if (req.kind == AttemptKind::Retry)
        invalid(refusal::make("JD225"));
    if (req.leaseMs)
        requireLease(*req.leaseMs);
    if (req.deadlineMs && *req.deadlineMs <= 0)
        invalid(refusal::make("JD222"));
    return d->startAttempt(req);
}

Attempt JobService::markRunning(qint64 attemptId, const Actor &actor, std::optional<qint64> leaseMs,
                                std::optional<qint64> deadlineMs, const QString &sentTo,
                                const std::optional<SentUnder> &contract)
{
    requireActor(actor);
    if (leaseMs)
        requireLease(*leaseMs);
    if (deadlineMs && *deadlineMs <= 0)
        invalid(refusal::make("JD222"));
    if (!sentTo.isEmpty())
        requireText(sentTo, "endpoint", kMaxEndpointChars);
    const QVariant sentToParam = sentTo.isEmpty() ? QVariant() : QVariant(storableText(sentTo));
    // The contract, named by the SHA-256 of its canonical JSON (route_contracts).
    std::optional<ContractText> contractText;
    if (contract) {
        requireName(contract->route, "route");
        if (contract->config.isEmpty())
            invalid(refusal::make("JD202", "the route's contract"));
        if (const QString where = pathOfFirstUnstorable(contract->config); !where.isEmpty())
            invalid(refusal::make("JD235", where));
        const QByteArray canonical = canonicalJson(contract->config);
        contractText = ContractText{sha256Hex(canonical), storableText(contract->route), QString::fromUtf8(canonical)};
    }
    return d->markRunning(attemptId, actor, leaseMs, deadlineMs, sentTo, sentToParam, contractText);
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
        d->session->exec(sqlText(dialect(), "record_lookup"),
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
        invalid(refusal::make("JD215", payloadJson.size()));
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(payloadJson, &err);
    if (err.error != QJsonParseError::NoError || doc.isNull())
        invalid(refusal::make("JD216", err.errorString()));
    // Stored exactly as given (json on PostgreSQL keeps the text; U+0000 included).
    const QByteArray exact = payloadJson.trimmed();
    const QString payload = QString::fromUtf8(exact);
    if (payload.toUtf8() != exact)
        invalid(refusal::make("JD217"));
    // Qt's parser takes what RFC 8259 and PostgreSQL's json refuse (a raw line
    // break inside a string): refused here on both stores, before a write, so
    // a caller can store a re-serialised form instead (the dispatcher does).
    if (qsizetype at = 0; !isStrictJson(exact, &at))
        invalid(refusal::make("JD234", at));
    const QString digest = sha256Hex(exact);
    return d->complete(attemptId, payload, digest, actor);
}

bool JobService::heartbeat(qint64 attemptId, const QString &workerId, qint64 leaseMs)
{
    requireName(workerId, "worker id");
    requireLease(leaseMs);
    return d->run("heartbeat", false, [&] {
        const SqlRows r = d->session->exec(
            QStringLiteral("UPDATE attempts SET lease_expires_at_ms = ") + d->nowSql()
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
            throw JobDeskError(Code::InvalidTransition, refusal::make("JD142", jobId, toText(job.state)));
        if (auto open = d->firstAttemptIn(jobId, kOpenStates))
            throw JobDeskError(Code::InvalidTransition, refusal::make("JD143", jobId, *open));
        const Stamp st = d->stamp();
        const SqlRows r = d->session->exec(
            QStringLiteral("UPDATE jobs SET state = 'failed', state_reason = $2, change_seq = $3, updated_at_ms = $4 "
                           "WHERE id = $1 RETURNING ")
                + QLatin1String(rows::kJobColumns),
            {jobId, QString(actor.kind + u':' + actor.id + QStringLiteral(": ") + storableText(reason)), st.seq, st.nowMs});
        return rows::job(r.first());
    });
}

} // namespace jobdesk
