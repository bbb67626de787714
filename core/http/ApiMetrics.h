#pragma once

// Counters of this server (requests by endpoint and status, replays,
// conflicts) and gauges read from the store at scrape time (jobs and attempts
// by state, unknown attempts now, race losses, provider latency, providers'
// answers by status class), rendered in
// the Prometheus text format (version 0.0.4).

#include "service/JobService.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QMap>
#include <QString>

#include <atomic>
#include <mutex>
#include <optional>

namespace jobdesk {

struct ProviderLatency
{
    QString provider;
    QList<qint64> bucketCounts; // cumulative, one per kLatencyBucketsMs, then +Inf
    qint64 count = 0;
    qint64 sumMs = 0;
};

struct StoreGauges
{
    QMap<QString, qint64> jobsByState;
    QMap<QString, qint64> attemptsByState;
    qint64 unknownAttempts = 0;
    qint64 oldestUnknownAgeMs = 0; // now minus the oldest unknown attempt's last change; 0 when none
    qint64 raceLosses = 0;
    qint64 recentLeaseReaps = 0; // attempts the lease reaper ended in the last kLeaseReapWindowMs
    QMap<QString, qint64> possiblyChargedByProvider; // JobService::possiblyChargedByProvider
    // Providers' answers to the dispatchers' sends in the last
    // kLeaseReapWindowMs, by (provider, class): "2xx", "4xx", "5xx", "other"
    // (1xx, 3xx), "none" (no complete answer: deadline, connection lost).
    QMap<QPair<QString, QString>, qint64> recentProviderAnswers;
    QList<ProviderLatency> latency;
};

constexpr qint64 kLeaseReapWindowMs = 15 * 60 * 1000;

// Upper bounds (ms) of the provider latency histogram's buckets.
const QList<qint64> &latencyBucketsMs();

// Reads the gauges: jobs by state from JobService::stateCounts() (exact for
// queued/running/blocked, estimated for terminal states on PostgreSQL, so no
// scan of the jobs table), the rest with a few aggregate queries (same SQL on
// both stores; they read every finished attempt, which is why ApiService
// reads them at most every metricsCacheMs). Latency is an attempt's time from
// start to its final state, for attempts that succeeded, were superseded or
// failed. Throws JobDeskError.
StoreGauges readStoreGauges(JobService &svc);

struct ServerGauges
{
    int connections = 0;
    int handlerThreads = 0;
    int handlersBusy = 0;
    int queued = 0;
    qint64 notificationsSent = 0;
};

class ApiMetrics
{
public:
    void countResponse(const QByteArray &endpoint, int status);
    void countSubmit(SubmitResult::Outcome outcome);
    // `store` null: the store could not be read (jobdesk_store_up 0).
    QByteArray render(const std::optional<StoreGauges> &store, const ServerGauges &server) const;

private:
    mutable std::mutex m_mutex;
    QMap<QPair<QByteArray, int>, qint64> m_responses;
    std::atomic<qint64> m_created{0};
    std::atomic<qint64> m_replays{0};
    std::atomic<qint64> m_conflicts{0};
};

} // namespace jobdesk
