#include "ServicePrivate.h"

#include <QUuid>

namespace jobdesk {

void invalid(const RefusalText &why)
{
    throw JobDeskError(JobDeskError::Code::InvalidArgument, why);
}

void requireLease(qint64 ms)
{
    if (ms <= 0)
        invalid(refusal::make("JD221"));
    if (ms > kMaxLeaseMs)
        invalid(refusal::make("JD223", kMaxLeaseMs));
}

QVariant opt(const std::optional<qint64> &v)
{
    return v ? QVariant(*v) : QVariant();
}

QString newProviderKey()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

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

SubmitResult tombstoneAnswer(const SqlRow &row, int first, const SubmitRequest &req, const QString &fp)
{
    SubmitResult out;
    out.job.id = row.at(first).toLongLong();
    out.job.ownerId = req.ownerId;
    out.job.idempotencyKey = req.idempotencyKey;
    out.job.fingerprint = row.at(first + 1).toString();
    out.job.route = row.at(first + 2).toString();
    out.job.state = jobStateFromString(row.at(first + 3).toString()).value_or(JobState::Succeeded);
    out.job.createdAtMs = row.at(first + 4).toLongLong();
    out.job.updatedAtMs = row.at(first + 5).toLongLong();
    out.archivedAtMs = row.at(first + 5).toLongLong();
    out.submittedFingerprint = fp;
    out.outcome = out.job.fingerprint == fp ? SubmitResult::Outcome::Replayed : SubmitResult::Outcome::Conflict;
    if (out.outcome == SubmitResult::Outcome::Replayed)
        out.job.input = req.input; // the same intent: the input is the one sent
    return out;
}

std::optional<SubmitResult> tombstoneAnswer(SqlSession &s, const SubmitRequest &req, const QString &fp)
{
    const SqlRows r = s.exec(QStringLiteral("SELECT ") + QLatin1String(kTombstoneColumns)
                                 + QStringLiteral(" FROM key_tombstones WHERE owner_id = $1 AND idempotency_key = $2"),
                             {req.ownerId, req.idempotencyKey});
    if (r.isEmpty())
        return std::nullopt;
    return tombstoneAnswer(r.first(), 0, req, fp);
}

JobDeskError runningElsewhere(qint64 attemptId, const QString &sentTo)
{
    return JobDeskError(JobDeskError::Code::InvalidTransition, refusal::make("JD141", attemptId, sentTo));
}

void requireSameActor(const QString &requestId, const Actor &actor, const QString &kind, const QString &id)
{
    if (kind != actor.kind || id != actor.id)
        invalid(refusal::make("JD118", requestId));
}

void requireSameRetry(const QString &requestId, const QString &provider, bool providerNamed, const RetryResult &replay)
{
    if (providerNamed && replay.replayed && replay.start.attempt.id && replay.start.attempt.provider != provider)
        throw JobDeskError(JobDeskError::Code::InvalidArgument, refusal::make("JD117", requestId, replay.start.attempt.provider));
}

} // namespace jobdesk
