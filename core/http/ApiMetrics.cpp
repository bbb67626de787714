#include "http/ApiMetrics.h"

#include <QDateTime>

#include <algorithm>

namespace jobdesk {
namespace {

void metric(QByteArray &out, const char *name, const char *type, const char *help)
{
    out += QByteArray("# HELP ") + name + ' ' + help + "\n# TYPE " + name + ' ' + type + '\n';
}

QByteArray labelValue(const QString &v)
{
    QByteArray s = v.toUtf8();
    s.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n");
    return s;
}

QByteArray seconds(qint64 ms)
{
    return QByteArray::number(double(ms) / 1000.0, 'g', 12);
}

} // namespace

const QList<qint64> &latencyBucketsMs()
{
    static const QList<qint64> buckets{100, 250, 500, 1000, 2500, 5000, 10000, 30000, 60000, 120000};
    return buckets;
}

StoreGauges readStoreGauges(JobService &svc)
{
    StoreGauges g;
    const StateCounts jobs = svc.stateCounts();
    for (auto it = jobs.counts.cbegin(); it != jobs.counts.cend(); ++it)
        g.jobsByState.insert(toText(it.key()), it.value());
    SqlSession &session = svc.session();
    try {
        for (const SqlRow &r : session.exec(QStringLiteral("SELECT state, count(*) FROM attempts GROUP BY state")))
            g.attemptsByState.insert(r.at(0).toString(), r.at(1).toLongLong());
        g.unknownAttempts = g.attemptsByState.value(QStringLiteral("unknown"));
        const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
        if (g.unknownAttempts > 0) {
            const QVariant oldest = session.exec(QStringLiteral("SELECT min(updated_at_ms) FROM attempts WHERE state = 'unknown'")).first().first();
            g.oldestUnknownAgeMs = oldest.isNull() ? 0 : std::max<qint64>(0, nowMs - oldest.toLongLong());
        }
        // By attempt_events_by_time: the window's rows only.
        g.recentLeaseReaps = session.exec(QStringLiteral("SELECT count(*) FROM attempt_events WHERE at_ms >= $1 AND actor_kind = 'reaper'"),
                                          {nowMs - kLeaseReapWindowMs}).first().first().toLongLong();
        // How the providers answered: each send's outcome is one attempt
        // event by its worker (the dispatcher's apply), whose reason says
        // the answer's status (core/provider/OutcomeMapping.cpp: "HTTP 503
        // ...", "invalid output: ..." for a 200 whose content broke the
        // contract); a win or a lost race is a 200. By attempt_events_by_time.
        for (const SqlRow &r : session.exec(
                 QStringLiteral("SELECT a.provider, CASE WHEN e.to_state IN ('succeeded', 'superseded') OR e.reason LIKE 'invalid output%' THEN '2xx'"
                                " WHEN e.reason LIKE 'HTTP 5%' THEN '5xx' WHEN e.reason LIKE 'HTTP 4%' THEN '4xx'"
                                " WHEN e.reason LIKE 'HTTP %' THEN 'other' ELSE 'none' END AS class, count(*)"
                                " FROM attempt_events e JOIN attempts a ON a.id = e.attempt_id"
                                " WHERE e.at_ms >= $1 AND e.to_state IN ('succeeded', 'superseded', 'failed', 'unknown')"
                                " AND e.from_state IN ('running', 'unknown') AND e.actor_kind = 'worker'"
                                " AND (e.reason IS NULL OR (e.reason NOT LIKE 'not sent%' AND e.reason NOT LIKE 'never sent%'"
                                " AND e.reason NOT LIKE 'nothing was sent%'))"
                                " GROUP BY a.provider, class ORDER BY a.provider, class"),
                 {nowMs - kLeaseReapWindowMs}))
            g.recentProviderAnswers.insert({r.at(0).toString(), r.at(1).toString()}, r.at(2).toLongLong());
        g.raceLosses = session.exec(QStringLiteral("SELECT count(*) FROM race_losses")).first().first().toLongLong();
        g.possiblyChargedByProvider = svc.possiblyChargedByProvider();
        QString sql = QStringLiteral("SELECT provider, count(*), COALESCE(sum(updated_at_ms - created_at_ms), 0)");
        for (const qint64 b : latencyBucketsMs())
            sql += QStringLiteral(", COALESCE(sum(CASE WHEN updated_at_ms - created_at_ms <= %1 THEN 1 ELSE 0 END), 0)").arg(b);
        sql += QStringLiteral(" FROM attempts WHERE state IN ('succeeded', 'superseded', 'failed') GROUP BY provider ORDER BY provider");
        for (const SqlRow &r : session.exec(sql)) {
            ProviderLatency p;
            p.provider = r.at(0).toString();
            p.count = r.at(1).toLongLong();
            p.sumMs = r.at(2).toLongLong();
            for (qsizetype i = 0; i < latencyBucketsMs().size(); ++i)
                p.bucketCounts.append(r.at(3 + i).toLongLong());
            p.bucketCounts.append(p.count);
            g.latency.append(p);
        }
        return g;
    } catch (const SqlError &e) {
        throw JobDeskError(e.kind() == SqlError::Kind::ConnectionLost ? JobDeskError::Code::StoreUnavailable
                                                                      : JobDeskError::Code::StoreError,
                           QStringLiteral("reading metrics: ") + e.message());
    }
}

void ApiMetrics::countResponse(const QByteArray &endpoint, int status)
{
    std::lock_guard lock(m_mutex);
    ++m_responses[{endpoint.isEmpty() ? QByteArray("other") : endpoint, status}];
}

void ApiMetrics::countSubmit(SubmitResult::Outcome outcome)
{
    switch (outcome) {
    case SubmitResult::Outcome::Created: ++m_created; break;
    case SubmitResult::Outcome::Replayed: ++m_replays; break;
    case SubmitResult::Outcome::Conflict: ++m_conflicts; break;
    }
}

QByteArray ApiMetrics::render(const std::optional<StoreGauges> &store, const ServerGauges &server) const
{
    QByteArray out;
    metric(out, "jobdesk_http_requests_total", "counter", "HTTP requests answered by this server, by endpoint and status code.");
    {
        std::lock_guard lock(m_mutex);
        for (auto it = m_responses.cbegin(); it != m_responses.cend(); ++it)
            out += "jobdesk_http_requests_total{endpoint=\"" + it.key().first + "\",code=\"" + QByteArray::number(it.key().second)
                + "\"} " + QByteArray::number(it.value()) + '\n';
    }
    metric(out, "jobdesk_jobs_created_total", "counter", "Jobs this server created (201).");
    out += "jobdesk_jobs_created_total " + QByteArray::number(m_created.load()) + '\n';
    metric(out, "jobdesk_idempotent_replays_total", "counter", "Creates this server answered as replays of the same intent (200).");
    out += "jobdesk_idempotent_replays_total " + QByteArray::number(m_replays.load()) + '\n';
    metric(out, "jobdesk_idempotency_conflicts_total", "counter", "Creates this server refused: same key, different intent (409).");
    out += "jobdesk_idempotency_conflicts_total " + QByteArray::number(m_conflicts.load()) + '\n';

    metric(out, "jobdesk_http_connections", "gauge", "Open HTTP connections.");
    out += "jobdesk_http_connections " + QByteArray::number(server.connections) + '\n';
    metric(out, "jobdesk_http_handler_threads", "gauge", "Handler threads (each with its own database connection).");
    out += "jobdesk_http_handler_threads " + QByteArray::number(server.handlerThreads) + '\n';
    metric(out, "jobdesk_http_handlers_busy", "gauge", "Handler threads working on a request.");
    out += "jobdesk_http_handlers_busy " + QByteArray::number(server.handlersBusy) + '\n';
    metric(out, "jobdesk_http_requests_queued", "gauge", "Requests waiting for a handler thread.");
    out += "jobdesk_http_requests_queued " + QByteArray::number(server.queued) + '\n';
    metric(out, "jobdesk_change_notifications_total", "counter", "Coalesced change notifications (NOTIFY on this store's channel) sent by this server.");
    out += "jobdesk_change_notifications_total " + QByteArray::number(server.notificationsSent) + '\n';

    metric(out, "jobdesk_store_up", "gauge", "1 when the store answered the metrics queries.");
    out += QByteArray("jobdesk_store_up ") + (store ? "1" : "0") + '\n';
    if (!store)
        return out;
    metric(out, "jobdesk_jobs", "gauge", "Jobs in the store by state.");
    for (auto it = store->jobsByState.cbegin(); it != store->jobsByState.cend(); ++it)
        out += "jobdesk_jobs{state=\"" + labelValue(it.key()) + "\"} " + QByteArray::number(it.value()) + '\n';
    metric(out, "jobdesk_attempts", "gauge", "Attempts in the store by state (outcome).");
    for (auto it = store->attemptsByState.cbegin(); it != store->attemptsByState.cend(); ++it)
        out += "jobdesk_attempts{state=\"" + labelValue(it.key()) + "\"} " + QByteArray::number(it.value()) + '\n';
    metric(out, "jobdesk_unknown_attempts", "gauge", "Attempts whose outcome is unknown right now.");
    out += "jobdesk_unknown_attempts " + QByteArray::number(store->unknownAttempts) + '\n';
    metric(out, "jobdesk_unknown_attempt_oldest_age_seconds", "gauge",
           "Age of the oldest attempt whose outcome is unknown (since its last change); 0 when there is none.");
    out += "jobdesk_unknown_attempt_oldest_age_seconds " + seconds(store->oldestUnknownAgeMs) + '\n';
    metric(out, "jobdesk_lease_reaps_recent", "gauge",
           "Attempts the lease reaper ended (their worker stopped renewing the lease) in the last 15 minutes.");
    out += "jobdesk_lease_reaps_recent " + QByteArray::number(store->recentLeaseReaps) + '\n';
    metric(out, "jobdesk_race_losses_total", "counter", "Race losses recorded in the store (append-only).");
    out += "jobdesk_race_losses_total " + QByteArray::number(store->raceLosses) + '\n';
    metric(out, "jobdesk_possibly_charged_attempts", "gauge",
           "Attempts whose request may have reached the provider without a result or a definitive answer that nothing was done "
           "(unknown, in flight, cancelled after sending, failed while the provider said it was still working), by provider.");
    for (auto it = store->possiblyChargedByProvider.cbegin(); it != store->possiblyChargedByProvider.cend(); ++it)
        out += "jobdesk_possibly_charged_attempts{provider=\"" + labelValue(it.key()) + "\"} " + QByteArray::number(it.value()) + '\n';
    metric(out, "jobdesk_provider_answers_recent", "gauge",
           "Providers' answers to the dispatchers' requests in the last 15 minutes, by provider and HTTP status class "
           "(2xx, 4xx, 5xx, other; none: no complete answer, a deadline or a connection lost after sending).");
    for (auto it = store->recentProviderAnswers.cbegin(); it != store->recentProviderAnswers.cend(); ++it)
        out += "jobdesk_provider_answers_recent{provider=\"" + labelValue(it.key().first) + "\",class=\"" + labelValue(it.key().second)
            + "\"} " + QByteArray::number(it.value()) + '\n';
    metric(out, "jobdesk_provider_latency_seconds", "histogram",
           "Time from an attempt's start to its final state (succeeded, superseded, failed), by provider.");
    for (const ProviderLatency &p : store->latency) {
        const QByteArray provider = labelValue(p.provider);
        for (qsizetype i = 0; i < p.bucketCounts.size(); ++i) {
            const QByteArray le = i < latencyBucketsMs().size() ? seconds(latencyBucketsMs().at(i)) : QByteArray("+Inf");
            out += "jobdesk_provider_latency_seconds_bucket{provider=\"" + provider + "\",le=\"" + le + "\"} "
                + QByteArray::number(p.bucketCounts.at(i)) + '\n';
        }
        out += "jobdesk_provider_latency_seconds_sum{provider=\"" + provider + "\"} " + seconds(p.sumMs) + '\n';
        out += "jobdesk_provider_latency_seconds_count{provider=\"" + provider + "\"} " + QByteArray::number(p.count) + '\n';
    }
    return out;
}

} // namespace jobdesk
