// JobService operations the dispatcher needs: claims, routes, providers and
// contract validations. Same SQL text on both stores.

#include "JobService.h"
#include "Names.h"
#include "Rows.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

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

QString jsonList(const QStringList &names)
{
    QJsonArray a;
    for (const QString &n : names)
        a.append(n);
    return QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact));
}

// "<column> IN (the names in JSON-array parameter $n)", in each dialect.
QString inJsonList(Dialect dialect, const QString &column, int n)
{
    return dialect == Dialect::Postgres
        ? column + QStringLiteral(" IN (SELECT jsonb_array_elements_text($") + QString::number(n) + QStringLiteral("::jsonb))")
        : column + QStringLiteral(" IN (SELECT value FROM json_each($") + QString::number(n) + QStringLiteral("))");
}

QString nowSql(Dialect dialect)
{
    return dialect == Dialect::Postgres ? QStringLiteral("jd_now_ms()")
                                        : QStringLiteral("CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)");
}

// An attempt a reconciler may ask about now (`now`: the database clock in
// SQL): no other reconciler holds its lookup claim, and its next lookup is
// due or an operator asked since the last one (JobService::claimLookups).
QString lookupDue(const QString &a, const QString &now)
{
    return QStringLiteral("(%1.lookup_claimed_until_ms IS NULL OR %1.lookup_claimed_until_ms <= %2) AND "
                          "(%1.next_lookup_at_ms IS NULL OR %1.next_lookup_at_ms <= %2 OR "
                          "(%1.lookup_requested_at_ms IS NOT NULL AND (%1.last_lookup_at_ms IS NULL "
                          "OR %1.last_lookup_at_ms < %1.lookup_requested_at_ms)))")
        .arg(a, now);
}

QString idListJson(const QList<qint64> &ids)
{
    QJsonArray a;
    for (const qint64 id : ids)
        a.append(id);
    return QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact));
}

// A claim (or a retry's lease) no longer than kMaxLeaseMs: a dead worker's
// claim frees itself within a day at most.
void requireClaimWithinLimit(qint64 ms)
{
    if (ms > kMaxLeaseMs)
        throw JobDeskError(JobDeskError::Code::InvalidArgument, refusal::make("JD224", kMaxLeaseMs));
}

} // namespace

QList<Job> JobService::claimQueuedJobs(const QString &workerId, int limit, qint64 claimMs, const QStringList &routes)
{
    if (workerId.isEmpty() || limit < 1 || claimMs < 1)
        throw JobDeskError(JobDeskError::Code::InvalidArgument, refusal::make("JD226"));
    requireName(workerId, "worker id");
    requireClaimWithinLimit(claimMs);
    const qint64 now = nowMs();
    const bool pg = dialect() == Dialect::Postgres;
    SqlParams params{workerId, limit, now, claimMs};
    QString routeFilter;
    if (!routes.isEmpty()) {
        routeFilter = QStringLiteral(" AND ") + inJsonList(dialect(), QStringLiteral("route"), 5);
        params.append(jsonList(routes));
    }
    const QString sql = QStringLiteral("UPDATE jobs SET claimed_by = $1, claim_expires_at_ms = $3 + $4 "
                                       "WHERE id IN (SELECT id FROM jobs WHERE state = 'queued' "
                                       "AND (claim_expires_at_ms IS NULL OR claim_expires_at_ms < $3)")
                        + routeFilter + QStringLiteral(" ORDER BY id LIMIT $2")
                        + (pg ? QStringLiteral(" FOR UPDATE SKIP LOCKED") : QString()) + QStringLiteral(") RETURNING ")
                        + QLatin1String(rows::kJobColumns);
    // SQLite: one BEGIN IMMEDIATE transaction (serialized writers); PostgreSQL: one statement.
    QList<Job> out;
    for (const SqlRow &row : execStatement("claim", sql, params, /*transaction*/ !pg))
        out.append(rows::job(row));
    return out;
}

bool JobService::claimJob(qint64 jobId, const QString &workerId, qint64 claimMs)
{
    if (workerId.isEmpty() || claimMs < 1)
        throw JobDeskError(JobDeskError::Code::InvalidArgument, refusal::make("JD227"));
    requireName(workerId, "worker id");
    requireClaimWithinLimit(claimMs);
    const qint64 now = nowMs();
    const SqlRows r = execStatement(
        "claim job",
        QStringLiteral("UPDATE jobs SET claimed_by = $2, claim_expires_at_ms = $3 + $4 WHERE id = $1 "
                       "AND (claimed_by IS NULL OR claimed_by = $2 OR claim_expires_at_ms IS NULL OR claim_expires_at_ms < $3) "
                       "RETURNING id"),
        {jobId, workerId, now, claimMs}, /*transaction*/ dialect() == Dialect::Sqlite);
    return !r.isEmpty();
}

JobService::Renewed JobService::renewInFlight(const QString &workerId, const QList<qint64> &attemptIds, qint64 leaseMs,
                                              const QList<qint64> &jobIds, qint64 claimMs)
{
    if (workerId.isEmpty() || leaseMs < 1 || claimMs < 1)
        throw JobDeskError(JobDeskError::Code::InvalidArgument, refusal::make("JD229"));
    requireName(workerId, "worker id");
    requireClaimWithinLimit(leaseMs);
    requireClaimWithinLimit(claimMs);
    const bool pg = dialect() == Dialect::Postgres;
    const auto idList = [](const QList<qint64> &ids) {
        QJsonArray a;
        for (const qint64 id : ids)
            a.append(id);
        return QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact));
    };
    const QString ids = pg ? QStringLiteral("SELECT (jsonb_array_elements_text($%1::jsonb))::bigint")
                           : QStringLiteral("SELECT value FROM json_each($%1)");
    Renewed out;
    if (!attemptIds.isEmpty()) {
        const QString sql = pg
            ? QStringLiteral("UPDATE attempts SET lease_expires_at_ms = jd_now_ms() + $3 WHERE id IN ("
                             "SELECT id FROM attempts WHERE id IN (%1) AND worker_id = $1 AND state IN ('starting', 'running') "
                             "ORDER BY id FOR UPDATE SKIP LOCKED) RETURNING id").arg(ids.arg(2))
            : QStringLiteral("UPDATE attempts SET lease_expires_at_ms = %2 + $3 WHERE id IN (%1) AND worker_id = $1 "
                             "AND state IN ('starting', 'running') RETURNING id").arg(ids.arg(2), nowSql(dialect()));
        out.leases = int(execStatement("renew leases", sql, {workerId, idList(attemptIds), leaseMs}, !pg).size());
    }
    if (!jobIds.isEmpty()) {
        const qint64 now = nowMs(); // as claimJob: the claim is by the service's clock
        // Never a released claim (claimed_by NULL): the dispatcher's lease
        // keeper renews on its own thread, and may do so just after the
        // keeper released the claim of a job that is done with, or queued again.
        const QString mine = QStringLiteral("(claimed_by IS NOT NULL AND (claimed_by = $1 OR claim_expires_at_ms IS NULL "
                                            "OR claim_expires_at_ms < $3))");
        const QString sql = pg
            ? QStringLiteral("UPDATE jobs SET claimed_by = $1, claim_expires_at_ms = $3 + $4 WHERE id IN ("
                             "SELECT id FROM jobs WHERE id IN (%1) AND %2 ORDER BY id FOR UPDATE SKIP LOCKED) RETURNING id")
                  .arg(ids.arg(2), mine)
            : QStringLiteral("UPDATE jobs SET claimed_by = $1, claim_expires_at_ms = $3 + $4 WHERE id IN (%1) AND %2 "
                             "RETURNING id").arg(ids.arg(2), mine);
        out.claims = int(execStatement("renew claims", sql, {workerId, idList(jobIds), now, claimMs}, !pg).size());
    }
    return out;
}

QList<Attempt> JobService::claimRetryAttempts(const QString &workerId, int limit, qint64 leaseMs, const QStringList &providers,
                                              const QStringList &routes)
{
    if (workerId.isEmpty() || limit < 1 || leaseMs < 1)
        throw JobDeskError(JobDeskError::Code::InvalidArgument, refusal::make("JD228"));
    requireName(workerId, "worker id");
    requireClaimWithinLimit(leaseMs);
    if (providers.isEmpty())
        return {};
    const bool pg = dialect() == Dialect::Postgres;
    // Only retries of jobs on routes this caller knows (none given: any route):
    // an instance without the route cannot send it and leaves it to one that can.
    const QString onRoutes = routes.isEmpty()
        ? QString()
        : QStringLiteral(" AND EXISTS (SELECT 1 FROM jobs j WHERE j.id = attempts.job_id AND ")
            + inJsonList(dialect(), QStringLiteral("j.route"), 5) + QStringLiteral(")");
    const QString now = nowSql(dialect());
    // Only one that has not expired: an expired one is the reaper's (failed, never sent).
    const QString sql = QStringLiteral("UPDATE attempts SET worker_id = $1, lease_expires_at_ms = ") + now
                        + QStringLiteral(" + $3 WHERE id IN (SELECT id FROM attempts WHERE state = 'starting' AND "
                                         "worker_id IS NULL AND kind = 'retry' AND lease_expires_at_ms > ")
                        + now + QStringLiteral(" AND ") + inJsonList(dialect(), QStringLiteral("provider"), 4) + onRoutes
                        + QStringLiteral(" ORDER BY id LIMIT $2") + (pg ? QStringLiteral(" FOR UPDATE SKIP LOCKED") : QString())
                        + QStringLiteral(") AND worker_id IS NULL AND state = 'starting' RETURNING ")
                        + QLatin1String(rows::kAttemptColumns);
    QList<Attempt> out;
    SqlParams params{workerId, limit, leaseMs, jsonList(providers)};
    if (!routes.isEmpty())
        params.append(jsonList(routes));
    for (const SqlRow &row : execStatement("claim retries", sql, params, !pg))
        out.append(rows::attempt(row));
    return out;
}

qint64 JobService::countQueuedOutside(const QStringList &routes)
{
    const QString sql = routes.isEmpty()
        ? QStringLiteral("SELECT count(*) FROM jobs WHERE state = 'queued'")
        : QStringLiteral("SELECT count(*) FROM jobs WHERE state = 'queued' AND NOT ")
              + inJsonList(dialect(), QStringLiteral("route"), 1);
    const SqlRows r = execStatement("count queued", sql, routes.isEmpty() ? SqlParams{} : SqlParams{jsonList(routes)});
    return r.first().first().toLongLong();
}

void JobService::releaseClaim(qint64 jobId, const QString &workerId)
{
    // Refused, not swallowed below: on PostgreSQL "w\0x" would release w's claim.
    requireName(workerId, "worker id");
    try {
        execStatement("release claim",
                      QStringLiteral("UPDATE jobs SET claimed_by = NULL, claim_expires_at_ms = NULL "
                                     "WHERE id = $1 AND claimed_by = $2"),
                      {jobId, workerId});
    } catch (const JobDeskError &) {
        // A claim that is not released expires by itself.
    }
}

void JobService::releaseClaims(const QString &workerId, const QList<qint64> &jobIds)
{
    requireName(workerId, "worker id");
    if (jobIds.isEmpty())
        return;
    const QString ids = dialect() == Dialect::Postgres ? QStringLiteral("SELECT (jsonb_array_elements_text($2::jsonb))::bigint")
                                                       : QStringLiteral("SELECT value FROM json_each($2)");
    execStatement("release claims",
                  QStringLiteral("UPDATE jobs SET claimed_by = NULL, claim_expires_at_ms = NULL WHERE id IN (%1) AND claimed_by = $1")
                      .arg(ids),
                  {workerId, idListJson(jobIds)});
}

QHash<qint64, QList<Attempt>> JobService::attemptsOfJobs(const QList<qint64> &jobIds)
{
    QHash<qint64, QList<Attempt>> out;
    if (jobIds.isEmpty())
        return out;
    const QString ids = dialect() == Dialect::Postgres ? QStringLiteral("SELECT (jsonb_array_elements_text($1::jsonb))::bigint")
                                                       : QStringLiteral("SELECT value FROM json_each($1)");
    for (const SqlRow &row : execStatement("dispatch store",
                                           QStringLiteral("SELECT ") + QLatin1String(rows::kAttemptColumns)
                                               + QStringLiteral(" FROM attempts WHERE job_id IN (%1) ORDER BY job_id, attempt_no").arg(ids),
                                           {idListJson(jobIds)})) {
        const Attempt a = rows::attempt(row);
        out[a.jobId].append(a);
    }
    return out;
}

void JobService::holdClaim(qint64 jobId, const QString &workerId, qint64 holdMs)
{
    requireName(workerId, "worker id");
    execStatement("dispatch store", QStringLiteral("UPDATE jobs SET claim_expires_at_ms = $3 WHERE id = $1 AND claimed_by = $2"),
                   {jobId, workerId, nowMs() + holdMs});
}

void JobService::recordRoute(const QString &name, const QJsonObject &config)
{
    requireName(name, "route");
    execStatement("dispatch store", QStringLiteral("INSERT INTO routes (name, config, updated_at_ms) VALUES ($1, $2, $3) "
                                  "ON CONFLICT (name) DO UPDATE SET config = excluded.config, updated_at_ms = excluded.updated_at_ms"),
                   {name, jsonText(config), nowMs()});
}

void JobService::recordProvider(const QString &name, const QJsonObject &config)
{
    requireName(name, "provider");
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
        throw JobDeskError(JobDeskError::Code::InvalidArgument, refusal::make("JD230"));
    requireName(v.provider, "provider");
    requireName(v.route, "route");
    requireName(v.configHash, "config hash");
    const SqlRows r = execStatement("dispatch store", 
        QStringLiteral("INSERT INTO provider_validations (provider, route, config_hash, passed, report, validated_at_ms, "
                       "expires_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id"),
        {v.provider, v.route, v.configHash, v.passed ? 1 : 0, jsonText(storableJson(v.report)), v.validatedAtMs, v.expiresAtMs});
    return r.first().first().toLongLong();
}

std::optional<ValidationRecord> JobService::latestValidation(const QString &provider, const QString &route,
                                                             const QString &configHash)
{
    requireSearchName(provider, "provider");
    requireSearchName(route, "route");
    const SqlRows r = configHash.isEmpty()
        ? execStatement("dispatch store", QStringLiteral("SELECT ") + QLatin1String(kValidationColumns)
                                              + QStringLiteral(" FROM provider_validations WHERE provider = $1 AND route = $2 "
                                                               "ORDER BY id DESC LIMIT 1"),
                        {provider, route})
        : execStatement("dispatch store", QStringLiteral("SELECT ") + QLatin1String(kValidationColumns)
                                              + QStringLiteral(" FROM provider_validations WHERE provider = $1 AND route = $2 "
                                                               "AND config_hash = $3 ORDER BY id DESC LIMIT 1"),
                        {provider, route, configHash});
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

QList<Attempt> JobService::unknownAttemptsToReconcile(int limit, const QStringList &providers, bool decidedJobs)
{
    if (providers.isEmpty() || limit < 1)
        return {};
    const bool pg = dialect() == Dialect::Postgres;
    // Only those due for a lookup that no other reconciler is asking about (claimLookups).
    const QString any = QStringLiteral("SELECT ") + rows::qualified(rows::kAttemptColumns, QStringLiteral("a"))
                        + QStringLiteral(" FROM attempts a JOIN jobs j ON j.id = a.job_id WHERE a.state = 'unknown' AND ")
                        + inJsonList(dialect(), QStringLiteral("a.provider"), 2) + QStringLiteral(" AND ")
                        + lookupDue(QStringLiteral("a"), nowSql(dialect()));
    SqlParams params{limit, jsonList(providers)};
    const QString from =
        any + (decidedJobs ? QStringLiteral(" AND j.completed_by IS NOT NULL") : QStringLiteral(" AND j.completed_by IS NULL"));
    // 1. What operators asked about and nobody has asked since
    // (attempts_unknown_lookup_requested serves it), oldest request first, of
    // decided jobs too: the undecided call answers every request. (Decided
    // jobs are asked about only when the undecided ones leave room in a
    // batch, so under steady load a request on a decided job's attempt would
    // otherwise wait for ever.) The decided call leaves them out: already
    // offered.
    QList<Attempt> out;
    QSet<qint64> taken;
    if (!decidedJobs) {
        for (const SqlRow &row : execStatement(
                 "dispatch store",
                 any + QStringLiteral(" AND a.lookup_requested_at_ms IS NOT NULL AND (a.last_lookup_at_ms IS NULL "
                                      "OR a.last_lookup_at_ms < a.lookup_requested_at_ms) "
                                      "ORDER BY a.lookup_requested_at_ms, a.id LIMIT $1"),
                 params)) {
            out.append(rows::attempt(row));
            taken.insert(out.last().id);
        }
        if (out.size() >= limit)
            return out;
    }
    // 2. Then least recently asked first (attempts_unknown_by_lookup).
    const SqlRows rest = execStatement(
        "dispatch store",
        from + QStringLiteral(" ORDER BY a.last_lookup_at_ms") + (pg ? QStringLiteral(" NULLS FIRST") : QString())
            + QStringLiteral(", a.updated_at_ms, a.id LIMIT $1"),
        params);
    for (const SqlRow &row : rest) {
        if (out.size() >= limit)
            break;
        Attempt a = rows::attempt(row);
        if (!taken.contains(a.id))
            out.append(a);
    }
    return out;
}

QString toText(LookupAnswer answer)
{
    switch (answer) {
    case LookupAnswer::InProgress: return QStringLiteral("in_progress");
    case LookupAnswer::NeverProcessed: return QStringLiteral("never_processed");
    case LookupAnswer::NoAnswer: break;
    }
    return QStringLiteral("no_answer");
}

std::optional<LookupAnswer> lookupAnswerFromString(const QString &text)
{
    for (LookupAnswer a : {LookupAnswer::InProgress, LookupAnswer::NeverProcessed, LookupAnswer::NoAnswer})
        if (toText(a) == text)
            return a;
    return std::nullopt;
}

QList<Attempt> JobService::closedAttemptsToReconcile(qint64 sinceMs, int limit, const QStringList &providers)
{
    QList<Attempt> out;
    if (providers.isEmpty() || limit < 1)
        return out;
    // Only providers with a status lookup (filtered here, not after the
    // limit, so newer cancels on a provider without one cannot hide the
    // older attempts), least recently asked first (the reconciler records
    // its lookups of these too), so no attempt whose answer is still open
    // starves the rest:
    // tst_lookup_requests::cancelledAttemptsToAskAboutAreOnLookupProvidersLeastRecentlyAskedFirst.
    const bool pg = dialect() == Dialect::Postgres;
    const QString sql = QStringLiteral("SELECT ") + rows::qualified(rows::kAttemptColumns, QStringLiteral("a"))
                        + QStringLiteral(" FROM attempts a WHERE a.state IN ('cancelled', 'failed') AND a.updated_at_ms >= $1 AND ")
                        + inJsonList(dialect(), QStringLiteral("a.provider"), 3) + QStringLiteral(" AND ")
                        + lookupDue(QStringLiteral("a"), nowSql(dialect()))
                        + QStringLiteral(" AND NOT EXISTS (SELECT 1 FROM race_losses r WHERE r.attempt_id = a.id)"
                                         " AND ((a.state = 'cancelled' AND EXISTS (SELECT 1 FROM attempt_events e"
                                         " WHERE e.attempt_id = a.id AND e.to_state IN ('running', 'unknown')))"
                                         " OR (a.state = 'failed' AND a.result_digest IS NULL AND a.lookup_count > 0"
                                         " AND EXISTS (SELECT 1 FROM attempt_events e WHERE e.attempt_id = a.id"
                                         " AND e.to_state = 'unknown')))"
                                         " ORDER BY a.last_lookup_at_ms")
                        + (pg ? QStringLiteral(" NULLS FIRST") : QString())
                        + QStringLiteral(", a.updated_at_ms DESC, a.id LIMIT $2");
    SqlParams params{sinceMs, limit, jsonList(providers)};
    for (const SqlRow &row : execStatement("dispatch store", sql, params))
        out.append(rows::attempt(row));
    return out;
}

QList<qint64> JobService::claimLookups(const QString &by, const QList<qint64> &attemptIds, qint64 claimMs,
                                      qint64 backoffMinMs, qint64 backoffMaxMs)
{
    requireName(by, "reconciler id");
    if (claimMs < 1 || backoffMinMs < 0 || backoffMaxMs < backoffMinMs)
        throw JobDeskError(JobDeskError::Code::InvalidArgument, refusal::make("JD231"));
    requireClaimWithinLimit(claimMs);
    requireClaimWithinLimit(backoffMaxMs);
    if (attemptIds.isEmpty())
        return {};
    const bool pg = dialect() == Dialect::Postgres;
    // The row's re-check under its lock decides between two servers: the
    // second one's UPDATE finds the claim taken and skips the row
    // (tst_lookup_pacing::twoServersNeverAskAboutOneAttemptAtOnce).
    const QString ids = pg ? QStringLiteral("SELECT (jsonb_array_elements_text($2::jsonb))::bigint")
                           : QStringLiteral("SELECT value FROM json_each($2)");
    const QString backoff = pg ? QStringLiteral("LEAST($5::bigint, $4::bigint * (1::bigint << LEAST(attempts.lookup_count, 30)))")
                               : QStringLiteral("min($5, $4 * (1 << min(attempts.lookup_count, 30)))");
    const QString sql = QStringLiteral("UPDATE attempts SET lookup_claimed_by = $1, lookup_claimed_until_ms = n.ms + $3, "
                                       "next_lookup_at_ms = n.ms + %1 FROM (SELECT %2 AS ms) AS n "
                                       "WHERE attempts.id IN (%3) AND %4 RETURNING attempts.id")
                            .arg(backoff, nowSql(dialect()), ids, lookupDue(QStringLiteral("attempts"), QStringLiteral("n.ms")));
    QList<qint64> out;
    for (const SqlRow &row : execStatement("claim lookups", sql, {by, idListJson(attemptIds), claimMs, backoffMinMs, backoffMaxMs}, !pg))
        out.append(row.first().toLongLong());
    return out;
}

void JobService::releaseLookup(qint64 attemptId, const QString &by)
{
    requireName(by, "reconciler id");
    execStatement("release lookup",
                  QStringLiteral("UPDATE attempts SET lookup_claimed_by = NULL, lookup_claimed_until_ms = NULL "
                                 "WHERE id = $1 AND lookup_claimed_by = $2"),
                  {attemptId, by});
}

QSet<QString> JobService::providersThatDidNothing(qint64 jobId)
{
    QSet<QString> out;
    for (const SqlRow &row : execStatement("dispatch store",
                                           QStringLiteral("SELECT provider FROM attempts WHERE job_id = $1 GROUP BY provider "
                                                          "HAVING min(CASE WHEN provider_did_nothing THEN 1 ELSE 0 END) = 1"),
                                           {jobId}))
        out.insert(row.first().toString());
    return out;
}

std::optional<QString> JobService::attemptSentTo(qint64 attemptId)
{
    const SqlRows r = execStatement("dispatch store", QStringLiteral("SELECT sent_to FROM attempts WHERE id = $1"), {attemptId});
    if (r.isEmpty() || r.first().first().isNull())
        return std::nullopt;
    return r.first().first().toString();
}

std::optional<NamedConfig> JobService::attemptContract(qint64 attemptId)
{
    const SqlRows r = execStatement("dispatch store",
                                    QStringLiteral("SELECT c.route, c.config, c.recorded_at_ms FROM attempt_contracts a "
                                                   "JOIN route_contracts c ON c.contract_hash = a.contract_hash "
                                                   "WHERE a.attempt_id = $1"),
                                    {attemptId});
    if (r.isEmpty())
        return std::nullopt;
    return NamedConfig{r.first().at(0).toString(), rows::jsonObject(r.first().at(1)), r.first().at(2).toLongLong()};
}

bool JobService::recordSentTo(qint64 attemptId, const QString &endpoint)
{
    requireText(endpoint, "endpoint", kMaxEndpointChars);
    // Autocommit, one statement: committed before the request leaves. Set
    // once: a second sender of the same attempt (there is none: the start
    // request id and the claim see to it) would not overwrite it.
    return !execStatement("record where an attempt is sent",
                          QStringLiteral("UPDATE attempts SET sent_to = $2 WHERE id = $1 AND state = 'running' "
                                         "AND (sent_to IS NULL OR sent_to = $2) RETURNING id"),
                          {attemptId, storableText(endpoint)})
                .isEmpty();
}

} // namespace jobdesk
