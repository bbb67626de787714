#pragma once

// The dispatcher: claims queued jobs, sends attempts to providers with
// deadlines, hedges, reconciles unknown attempts and reaps expired leases,
// turning everything that comes back (or does not) into transitions through
// JobService, never around it. See DESIGN.md, invariants 3-7.

#include "provider/ContractValidation.h"
#include "provider/ProviderClient.h"
#include "provider/Route.h"
#include "service/JobService.h"

#include <QHash>
#include <QString>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace jobdesk {

// Provider clients by name, shared by every worker (clients are thread-safe).
class ProviderDirectory
{
public:
    ProviderDirectory() = default;
    explicit ProviderDirectory(const RouteConfig &config); // one client per provider, by its kind
    void set(const QString &name, std::shared_ptr<ProviderClient> client);
    std::shared_ptr<ProviderClient> client(const QString &name) const;

private:
    mutable std::mutex m_mutex;
    QHash<QString, std::shared_ptr<ProviderClient>> m_clients;
};

struct DispatcherOptions
{
    QString workerId;              // unique per process; threads append "/<n>"
    int workers = 2;               // worker threads in start()
    qint64 leaseMs = 15000;        // an attempt's lease; renewed every leaseMs / 3 while the call is in flight
    qint64 claimMs = 30000;        // a job claim's lifetime
    qint64 idlePollMs = 200;       // how long an idle worker waits before looking for work again
    qint64 maintenanceEveryMs = 1000; // lease reaper and reconciler period
    qint64 lookupDeadlineMs = 5000;   // a status lookup's deadline
    qint64 cancelledLookbackMs = 3600 * 1000; // how long late results of cancelled attempts are still asked for
};

// The request for a job on `route`: max_parallel and max_attempts come from the route.
SubmitRequest submitRequestFor(const Route &route, const QString &ownerId, const QString &idempotencyKey,
                               const QJsonObject &input, const QJsonObject &clientMeta = {});

class Dispatcher
{
public:
    Dispatcher(StoreUrl url, RouteConfig config, std::shared_ptr<ProviderDirectory> providers, DispatcherOptions options);
    ~Dispatcher();
    Dispatcher(const Dispatcher &) = delete;
    Dispatcher &operator=(const Dispatcher &) = delete;

    const RouteConfig &config() const { return m_config; }

    // -- background operation: worker threads plus one maintenance thread --
    void start();
    void stop(); // wakes and joins every thread; in-flight calls end by their deadlines

    // -- single steps on the caller's thread and connection (tests, tools) --
    // Claims one queued job and runs its next attempt (with hedging) to the
    // end. Returns the job id, or nullopt when nothing was queued.
    std::optional<qint64> runOnce(JobService &svc, const QString &workerId);
    int reconcileOnce(JobService &svc); // unknown attempts resolved by a status lookup
    int reapOnce(JobService &svc);      // attempts whose lease expired, now unknown
    void recordConfig(JobService &svc); // routes and providers into the store, for the console
    ValidationRecord validate(JobService &svc, const QString &provider, const QString &route);

    // Who gets the next automatic (or hedge) attempt of a job, or why nobody.
    struct NextProvider
    {
        QString provider;
        QString whyNone;
        qint64 coolingUntilMs = 0; // when none is free only because of Retry-After: when to look again
    };
    NextProvider nextProvider(JobService &svc, const Route &route, AttemptKind kind, const QList<Attempt> &attempts);
    bool isProven(JobService &svc, const Route &route, const QString &provider, QString *why = nullptr);
    bool isProven(JobService &svc, const Route &route, const QString &provider, qint64 nowMs, QString *why);

private:
    struct InFlight;
    void workerLoop(int index);
    void maintenanceLoop();
    void runAttempts(JobService &svc, const Job &job, const Route &route, const QString &provider, const QString &workerId);
    std::shared_ptr<InFlight> launch(JobService &svc, const Job &job, const Route &route, const QString &provider,
                                     AttemptKind kind, const QString &workerId);
    void apply(JobService &svc, const InFlight &call, const ProviderOutcome &outcome, const QString &workerId);
    qint64 notBefore(const QString &provider) const;
    void waitIdle(qint64 ms);

    StoreUrl m_url;
    RouteConfig m_config;
    std::shared_ptr<ProviderDirectory> m_providers;
    DispatcherOptions m_options;

    std::atomic<bool> m_stopping{false};
    std::mutex m_wakeMutex;
    std::condition_variable m_wake;
    std::vector<std::thread> m_threads;

    QHash<QString, QString> m_configHashes; // "<route>\n<provider>" -> configHash, fixed for this config

    mutable std::mutex m_cooldownMutex;
    QHash<QString, qint64> m_notBeforeMs; // Retry-After, by provider
};

} // namespace jobdesk
