// JobService operations the dispatcher needs: claims, routes, providers and
// contract validations. Same SQL text on both stores.

#include "JobService.h"
#include "Rows.h"

#include <QJsonDocument>

namespace jobdesk {

namespace {

QString jsonText(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

ValidationRecord validationRecord(const SqlRow &r)
{
    ValidationRecord v;
    v.id = r.at(0).toLongLong();
    v.provider = r.at(1).toString();
    v.route = r.at(2).toString();
    v.configHash = r.at(3).toString();
    v.passed = r.at(4).toInt() == 1;
    v.report = rows::jsonObject(r.at(5));
    v.validatedAtMs = r.at(6).toLongLong();
    v.expiresAtMs = r.at(7).toLongLong();
    return v;
}

const char *kValidationColumns = "id, provider, route, config_hash, passed, report, validated_at_ms, expires_at_ms";

} // namespace

QList<Job> JobService::claimQueuedJobs(const QString &workerId, int limit, qint64 claimMs)
{
    if (workerId.isEmpty() || limit < 1 || claimMs < 1)
        throw JobDeskError(JobDeskError::Code::InvalidArgument, QStringLiteral("claim needs a worker id, a limit and a claim time"));
    const qint64 now = nowMs();
    const bool pg = dialect() == Dialect::Postgres;
    const QString sql = QStringLiteral("UPDATE jobs SET claimed_by = $1, claim_expires_at_ms = $3 + $4 "
                                       "WHERE id IN (SELECT id FROM jobs WHERE state = 'queued' "
                                       "AND (claim_expires_at_ms IS NULL OR claim_expires_at_ms < $3) ORDER BY id LIMIT $2")
                        + (pg ? QStringLiteral(" FOR UPDATE SKIP LOCKED") : QString()) + QStringLiteral(") RETURNING ")
                        + QLatin1String(rows::kJobColumns);
    // SQLite: one BEGIN IMMEDIATE transaction (serialized writers); PostgreSQL: one statement.
    QList<Job> out;
    for (const SqlRow &row : execStatement("claim", sql, {workerId, limit, now, claimMs}, /*transaction*/ !pg))
        out.append(rows::job(row));
    return out;
}

void JobService::releaseClaim(qint64 jobId, const QString &workerId)
{
    try {
        execStatement("release claim",
                      QStringLiteral("UPDATE jobs SET claimed_by = NULL, claim_expires_at_ms = NULL "
                                     "WHERE id = $1 AND claimed_by = $2"),
                      {jobId, workerId});
    } catch (const JobDeskError &) {
        // A claim that is not released expires by itself.
    }
}

void JobService::holdClaim(qint64 jobId, const QString &workerId, qint64 holdMs)
{
    execStatement("dispatch store", QStringLiteral("UPDATE jobs SET claim_expires_at_ms = $3 WHERE id = $1 AND claimed_by = $2"),
                   {jobId, workerId, nowMs() + holdMs});
}

void JobService::recordRoute(const QString &name, const QJsonObject &config)
{
    execStatement("dispatch store", QStringLiteral("INSERT INTO routes (name, config, updated_at_ms) VALUES ($1, $2, $3) "
                                  "ON CONFLICT (name) DO UPDATE SET config = excluded.config, updated_at_ms = excluded.updated_at_ms"),
                   {name, jsonText(config), nowMs()});
}

void JobService::recordProvider(const QString &name, const QJsonObject &config)
{
    execStatement("dispatch store", QStringLiteral("INSERT INTO providers (name, config, updated_at_ms) VALUES ($1, $2, $3) "
                                  "ON CONFLICT (name) DO UPDATE SET config = excluded.config, updated_at_ms = excluded.updated_at_ms"),
                   {name, jsonText(config), nowMs()});
}

static QList<NamedConfig> namedConfigs(const SqlRows &rowsRead)
{
    QList<NamedConfig> out;
    for (const SqlRow &r : rowsRead)
        out.append(NamedConfig{r.at(0).toString(), rows::jsonObject(r.at(1)), r.at(2).toLongLong()});
    return out;
}

QList<NamedConfig> JobService::routes()
{
    return namedConfigs(execStatement("routes", QStringLiteral("SELECT name, config, updated_at_ms FROM routes ORDER BY name")));
}

QList<NamedConfig> JobService::providers()
{
    return namedConfigs(execStatement("providers", QStringLiteral("SELECT name, config, updated_at_ms FROM providers ORDER BY name")));
}

qint64 JobService::recordValidation(const ValidationRecord &v)
{
    if (v.provider.isEmpty() || v.route.isEmpty() || v.configHash.size() != 64 || v.expiresAtMs < v.validatedAtMs)
        throw JobDeskError(JobDeskError::Code::InvalidArgument, QStringLiteral("incomplete validation record"));
    const SqlRows r = execStatement("dispatch store", 
        QStringLiteral("INSERT INTO provider_validations (provider, route, config_hash, passed, report, validated_at_ms, "
                       "expires_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id"),
        {v.provider, v.route, v.configHash, v.passed ? 1 : 0, jsonText(v.report), v.validatedAtMs, v.expiresAtMs});
    return r.first().first().toLongLong();
}

std::optional<ValidationRecord> JobService::latestValidation(const QString &provider, const QString &route)
{
    const SqlRows r = execStatement("dispatch store", QStringLiteral("SELECT ") + QLatin1String(kValidationColumns)
                                         + QStringLiteral(" FROM provider_validations WHERE provider = $1 AND route = $2 "
                                                          "ORDER BY id DESC LIMIT 1"),
                                     {provider, route});
    if (r.isEmpty())
        return std::nullopt;
    return validationRecord(r.first());
}

QList<ValidationRecord> JobService::validations(int limit)
{
    QList<ValidationRecord> out;
    for (const SqlRow &row : execStatement("dispatch store", QStringLiteral("SELECT ") + QLatin1String(kValidationColumns)
                                                + QStringLiteral(" FROM provider_validations ORDER BY id DESC LIMIT $1"),
                                            {limit}))
        out.append(validationRecord(row));
    return out;
}

QList<Attempt> JobService::unknownAttempts(int limit, bool includeDecided)
{
    QList<Attempt> out;
    const QString sql = QStringLiteral("SELECT ") + rows::qualified(rows::kAttemptColumns, QStringLiteral("a"))
                        + QStringLiteral(" FROM attempts a JOIN jobs j ON j.id = a.job_id WHERE a.state = 'unknown'")
                        + (includeDecided ? QString() : QStringLiteral(" AND j.completed_by IS NULL"))
                        + QStringLiteral(" ORDER BY a.updated_at_ms, a.id LIMIT $1");
    for (const SqlRow &row : execStatement("dispatch store", sql, {limit}))
        out.append(rows::attempt(row));
    return out;
}

QList<Attempt> JobService::cancelledAttemptsToReconcile(qint64 sinceMs, int limit)
{
    QList<Attempt> out;
    const QString sql = QStringLiteral("SELECT ") + rows::qualified(rows::kAttemptColumns, QStringLiteral("a"))
                        + QStringLiteral(" FROM attempts a WHERE a.state = 'cancelled' AND a.updated_at_ms >= $1"
                                         " AND NOT EXISTS (SELECT 1 FROM race_losses r WHERE r.attempt_id = a.id)"
                                         " AND EXISTS (SELECT 1 FROM attempt_events e WHERE e.attempt_id = a.id"
                                         " AND e.to_state IN ('running', 'unknown'))"
                                         " ORDER BY a.updated_at_ms DESC, a.id LIMIT $2");
    for (const SqlRow &row : execStatement("dispatch store", sql, {sinceMs, limit}))
        out.append(rows::attempt(row));
    return out;
}

} // namespace jobdesk
