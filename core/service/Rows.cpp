#include "Rows.h"

#include <QJsonDocument>
#include <QStringList>

namespace jobdesk::rows {

QString qualified(const char *columns, const QString &alias)
{
    QStringList out;
    const QStringList cols = QString::fromLatin1(columns).split(u',');
    for (const QString &c : cols)
        out.append(alias + u'.' + c.trimmed());
    return out.join(QStringLiteral(", "));
}

std::optional<qint64> optInt(const QVariant &v)
{
    if (v.isNull() || !v.isValid())
        return std::nullopt;
    return v.toLongLong();
}

QJsonObject jsonObject(const QVariant &v)
{
    if (v.isNull())
        return {};
    return QJsonDocument::fromJson(v.toString().toUtf8()).object();
}

static QByteArray exactJson(const QVariant &v)
{
    // Results are stored as text (json on PostgreSQL): exactly what was completed.
    return v.isNull() ? QByteArray() : v.toString().toUtf8();
}

Job job(const SqlRow &r, int o)
{
    Job j;
    j.id = r.at(o + 0).toLongLong();
    j.ownerId = r.at(o + 1).toString();
    j.idempotencyKey = r.at(o + 2).toString();
    j.fingerprint = r.at(o + 3).toString();
    j.route = r.at(o + 4).toString();
    j.input = jsonObject(r.at(o + 5));
    j.state = jobStateFromString(r.at(o + 6).toString()).value_or(JobState::Queued);
    j.version = r.at(o + 7).toLongLong();
    j.changeSeq = r.at(o + 8).toLongLong();
    j.maxParallel = r.at(o + 9).toInt();
    j.maxAttempts = r.at(o + 10).toInt();
    j.completedBy = optInt(r.at(o + 11));
    j.result = exactJson(r.at(o + 12));
    j.clientMeta = jsonObject(r.at(o + 13));
    j.stateReason = r.at(o + 14).toString();
    j.createdAtMs = r.at(o + 15).toLongLong();
    j.updatedAtMs = r.at(o + 16).toLongLong();
    return j;
}

Attempt attempt(const SqlRow &r, int o)
{
    Attempt a;
    a.id = r.at(o + 0).toLongLong();
    a.jobId = r.at(o + 1).toLongLong();
    a.attemptNo = r.at(o + 2).toInt();
    a.provider = r.at(o + 3).toString();
    a.state = attemptStateFromString(r.at(o + 4).toString()).value_or(AttemptState::Starting);
    a.kind = attemptKindFromString(r.at(o + 5).toString()).value_or(AttemptKind::Automatic);
    a.readVersion = r.at(o + 6).toLongLong();
    a.workerId = r.at(o + 7).toString();
    a.leaseExpiresAtMs = optInt(r.at(o + 8));
    a.deadlineAtMs = optInt(r.at(o + 9));
    a.createdAtMs = r.at(o + 10).toLongLong();
    a.updatedAtMs = r.at(o + 11).toLongLong();
    a.changeSeq = r.at(o + 12).toLongLong();
    a.resultDigest = r.at(o + 13).toString();
    a.lastReason = r.at(o + 14).toString();
    a.providerKey = r.at(o + 15).toString();
    a.lastLookupAtMs = optInt(r.at(o + 16));
    return a;
}

AttemptEvent attemptEvent(const SqlRow &r)
{
    AttemptEvent e;
    e.id = r.at(0).toLongLong();
    e.attemptId = r.at(1).toLongLong();
    e.jobId = r.at(2).toLongLong();
    if (!r.at(3).isNull())
        e.fromState = attemptStateFromString(r.at(3).toString());
    e.toState = attemptStateFromString(r.at(4).toString()).value_or(AttemptState::Starting);
    e.actorKind = r.at(5).toString();
    e.actorId = r.at(6).toString();
    e.reason = r.at(7).toString();
    e.atMs = r.at(8).toLongLong();
    return e;
}

RaceLoss raceLoss(const SqlRow &r)
{
    RaceLoss l;
    l.id = r.at(0).toLongLong();
    l.attemptId = r.at(1).toLongLong();
    l.jobId = r.at(2).toLongLong();
    l.expectedVersion = r.at(3).toLongLong();
    l.foundVersion = r.at(4).toLongLong();
    l.winnerAttemptId = optInt(r.at(5));
    l.payloadDigest = r.at(6).toString();
    l.atMs = r.at(7).toLongLong();
    return l;
}

IdempotencyEvent idempotencyEvent(const SqlRow &r)
{
    IdempotencyEvent e;
    e.id = r.at(0).toLongLong();
    e.kind = r.at(1).toString() == QStringLiteral("conflict") ? IdempotencyEvent::Kind::Conflict
                                                               : IdempotencyEvent::Kind::Replayed;
    e.ownerId = r.at(2).toString();
    e.idempotencyKey = r.at(3).toString();
    e.jobId = r.at(4).toLongLong();
    e.fingerprint = r.at(5).toString();
    e.existingFingerprint = r.at(6).toString();
    e.rejectedIntent = jsonObject(r.at(7));
    e.clientMeta = jsonObject(r.at(8));
    e.atMs = r.at(9).toLongLong();
    return e;
}

AuditEntry auditEntry(const SqlRow &r)
{
    AuditEntry a;
    a.id = r.at(0).toLongLong();
    a.requestId = r.at(1).toString();
    a.action = r.at(2).toString();
    a.actorKind = r.at(3).toString();
    a.actorId = r.at(4).toString();
    a.actorRole = r.at(5).toString();
    a.jobId = optInt(r.at(6));
    a.attemptId = optInt(r.at(7));
    a.reason = r.at(8).toString();
    a.response = jsonObject(r.at(9));
    a.atMs = r.at(10).toLongLong();
    a.databaseUser = r.at(11).toString();
    return a;
}

} // namespace jobdesk::rows
