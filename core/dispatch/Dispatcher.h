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
#include <QSet>
#include <QString>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <thread>
#include <vector>

namespace jobdesk {

struct DispatchWake;
class ProviderGate;
struct GateSlot;

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
    int workers = 2;               // store threads in start() that claim and start attempts (each its own connection)
    // Attempts in flight per process (requests on the sender loop, outcomes
    // not yet applied): at the limit, nothing new is claimed until one ends.
    // Each costs about 15 KiB while its transfer is open (measured; core/dispatch/README.md).
    int maxInFlight = 1000;
    int claimBatch = 32;           // queued jobs claimed per statement (FOR UPDATE SKIP LOCKED), at most
    int applyThreads = 2;          // connections the flight keeper applies outcomes on (its own and helpers'; SQLite: 1)

    qint64 leaseMs = 15000;        // an attempt's lease; renewed every min(leaseMs, claimMs) / 3 by the lease keeper while the call is in flight
    qint64 claimMs = 30000;        // a job claim's lifetime; renewed with the leases while the job's attempts run
    qint64 idlePollMs = 200;       // how long an idle worker waits before looking again, unless woken (PostgreSQL: the store's NOTIFY)
    qint64 maintenanceEveryMs = 1000; // lease reaper period (its own thread)
    qint64 reconcileEveryMs = 1000;   // reconciler period (its own thread: reaping never waits for lookups)
    qint64 reconcileBudgetMs = 3000;  // at most this long per reconciler pass
    int reconcileBatch = 50;          // unknown attempts asked about per pass, least recently asked first
    qint64 lookupDeadlineMs = 5000;   // a status lookup's deadline
    // Lookups of one attempt, across every server on the store: the n-th
    // (from 0) is due lookupBackoffMinMs * 2^n after the one before, at most
    // lookupBackoffMaxMs (an operator's "ask now" is due at once); see
    // core/dispatch/README.md for what an attempt costs at most.
    qint64 lookupBackoffMinMs = 1000;
    qint64 lookupBackoffMaxMs = 300000;
    qint64 cancelledLookbackMs = 3600 * 1000; // how long late results of cancelled attempts (and of those failed on a "never processed") are still asked for
    // An outcome the store would not take (it is down) is kept and retried
    // with backoff from applyRetryMinMs up to applyRetryMaxMs, while the lease
    // is kept alive; after stop() it is retried for at most applyGiveUpOnStopMs
    // (then the lease runs out, the attempt turns unknown and the reconciler
    // asks the provider).
    qint64 applyRetryMinMs = 100;
    qint64 applyRetryMaxMs = 5000;
    qint64 applyGiveUpOnStopMs = 10000;
    // An outcome the store refuses with an error that is not an outage (a
    // constraint or data error, an unexpected failure) may never be taken:
    // retried the same way for at most this long, then left to the lease,
    // the reaper and the reconciler as after stop(), so the worker thread is
    // free again instead of heartbeating that one attempt for ever. Not a
    // result from a provider without a status lookup (nothing could fetch
    // it again): that one is retried until the store takes it.
    qint64 applyGiveUpOnStoreErrorMs = 120000;
    // A provider's "never processed" frees an unknown attempt's job for the
    // next provider only when it was asked this long after the attempt's
    // lease ended. A dispatcher sends nothing after its lease (ProviderRequest::
    // sendBy), so by then no copy of the request can still be on its way: a
    // sender that stalled between "running" and the send, and a request
    // delayed in the network, both arrive before the question or not at all.
    qint64 neverProcessedGraceMs = 30000;
    // Tests only: called on the sending thread after the attempt is marked
    // running and before its request goes to the provider (a stall there).
    std::function<void(const Attempt &)> beforeSendForTests;
    // Tests only: called on the starting thread after the attempt is started
    // and before it is marked running (another writer taking the lock there).
    std::function<void(const Attempt &)> afterStartForTests;
};

// What the dispatcher has done and sees, for /metrics and logs.
struct DispatcherStats
{
    std::atomic<qint64> attemptsStarted{0};
    std::atomic<qint64> completedWon{0};
    std::atomic<qint64> completedLost{0};
    std::atomic<qint64> failed{0};
    std::atomic<qint64> unknown{0};
    std::atomic<qint64> outcomesDeferred{0};  // outcomes kept because the store was unavailable, applied later
    std::atomic<qint64> outcomesAbandoned{0}; // outcomes the store kept refusing (applyGiveUpOnStoreErrorMs), left to the reconciler
    std::atomic<qint64> retriesSent{0};       // operators' retries picked up and sent
    std::atomic<qint64> reconciled{0};
    std::atomic<qint64> reaped{0};
    std::atomic<qint64> queuedOnUnknownRoutes{0}; // gauge: queued jobs on routes this instance does not know
    std::atomic<qint64> inFlight{0};              // gauge: attempts sent whose outcome is not yet applied
    std::atomic<qint64> peakInFlight{0};
    std::atomic<qint64> wakeUps{0};               // change notifications that woke the workers
    std::atomic<qint64> renewals{0};              // renewal rounds (one per worker per interval, whatever is in flight)
    std::atomic<qint64> heldAtProviderLimit{0};   // jobs left queued a moment because their provider was at a limit
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

    // -- background operation: worker threads (claims, starts), the flight
    // keeper (leases, outcomes, hedges), the maintenance thread (reaper) and
    // the reconciler; requests go on the provider clients' sender loop --
    void start();
    void stop(); // wakes and joins every thread; in-flight calls end by their deadlines
    // Idle workers look for work now rather than at their next poll (the
    // waker thread calls it on the store's change notification; a process
    // that submits jobs itself may too).
    void wake();

    // -- single steps on the caller's thread and connection (tests, tools) --
    // Claims one queued job and runs its next attempt (with hedging) to the
    // end. Returns the job id, or nullopt when nothing was queued.
    std::optional<qint64> runOnce(JobService &svc, const QString &workerId);
    // Sends one operator's retry waiting for a dispatcher (see
    // JobService::claimRetryAttempts) and applies its outcome. Returns the
    // attempt id, or nullopt when none was waiting.
    std::optional<qint64> runRetryOnce(JobService &svc, const QString &workerId);
    int reconcileOnce(JobService &svc); // unknown attempts resolved by a status lookup (bounded in time)
    int reapOnce(JobService &svc);      // attempts whose lease or deadline passed (see JobService::reapExpiredLeases)
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
    // The same, by the database clock read at nowMs (a batch of claims reads it once).
    NextProvider nextProvider(JobService &svc, const Route &route, AttemptKind kind, const QList<Attempt> &attempts, qint64 nowMs);
    bool isProven(JobService &svc, const Route &route, const QString &provider, QString *why = nullptr);
    bool isProven(JobService &svc, const Route &route, const QString &provider, qint64 nowMs, QString *why);

    const DispatcherStats &stats() const { return m_stats; }
    QStringList routeNames() const;             // the routes this instance knows
    QStringList providersWithStatusLookup() const;

    struct FlightGroup;
    using FlightGroupRef = FlightGroup *; // for the keeper's helpers (FlightKeeper.cpp)

private:
    struct InFlight;
    using Flights = std::vector<std::shared_ptr<InFlight>>;
    using Hedge = std::function<void(JobService &, Flights &)>;
    void workerLoop(int index);     // Dispatcher.cpp: claims and starts, hands flights to the keeper
    void keeperLoop();              // FlightKeeper.cpp
    void maintenanceLoop();         // Reaper.cpp
    void reconcilerLoop();          // Reconciler.cpp
    void wakerLoop();               // Waker.cpp (PostgreSQL: LISTEN, wakes idle workers)
    void leaseLoop();               // LeaseKeeper.cpp: renews every lease and claim in m_leases
    // What the lease keeper renews: an attempt from its start (or, for an
    // operator's retry, its pickup) until its outcome is applied or nothing
    // was sent (LeaseKeeper.cpp).
    void holdLease(const QString &workerId, const Attempt &attempt);
    void dropLease(const QString &workerId, qint64 attemptId);
    void dropSettledLeases(std::span<FlightGroup *const> groups); // their flights whose outcome is applied
    // Claims up to `limit` queued jobs and starts each one's next attempt;
    // the groups in flight are handed to `take` (the keeper, or the caller's
    // own drive). Returns the ids of the jobs claimed.
    QList<qint64> startQueued(JobService &svc, const QString &workerId, int limit,
                              const std::function<void(std::unique_ptr<FlightGroup>)> &take);
    std::optional<qint64> startRetry(JobService &svc, const QString &workerId,
                                     const std::function<void(std::unique_ptr<FlightGroup>)> &take);
    void handToKeeper(std::unique_ptr<FlightGroup> group);
    Hedge hedgeFor(const Job &job, const Route &route, const QString &workerId); // Sender.cpp
    // One step of a group (FlightKeeper.cpp): takes outcomes that came back,
    // applies what is due (keeping what the store would not take), renews
    // the leases and the claim when due, hedges. False once every outcome is applied.
    // beatHere: renew this group's lease and claim when due (the keeper renews all groups at once instead).
    bool stepFlights(JobService &svc, FlightGroup &group, bool beatHere);
    void renewAll(JobService &svc, std::span<FlightGroup *const> groups);
    void finishGroup(JobService &svc, FlightGroup &group); // releases the claim
    void finishGroups(JobService &svc, std::span<FlightGroup *const> groups); // theirs, one statement per worker
    // Drives one group on the caller's thread until every outcome is applied.
    void driveFlights(JobService &svc, FlightGroup &group);
    // slot: the request's place under its provider's limits (takeSlot), given
    // back when its transfer is over or when nothing was sent.
    std::shared_ptr<InFlight> launch(JobService &svc, const Job &job, const Route &route, const QString &provider,
                                     AttemptKind kind, const QString &workerId, std::shared_ptr<GateSlot> slot);
    std::shared_ptr<InFlight> send(JobService &svc, const Job &job, const Route &route, const Attempt &attempt,
                                   const QString &workerId, std::shared_ptr<GateSlot> slot);
    // A running attempt's request onto the sender loop (Sender.cpp); its
    // send-by is the lease from leaseFrom, read before it was marked running.
    std::shared_ptr<InFlight> dispatch(const Job &job, const Route &route, const Attempt &running, ProviderRequest request,
                                       SendClock::time_point leaseFrom, std::shared_ptr<GateSlot> slot);
    // A place for one request to `provider` now, or null and in *retryInMs when to look again.
    std::shared_ptr<GateSlot> takeSlot(const QString &provider, qint64 *retryInMs);
    enum class Applied { Yes, Later, StoreRefused }; // Later: the store is unavailable; StoreRefused: it errs
    Applied apply(JobService &svc, const InFlight &call, const ProviderOutcome &outcome, const QString &workerId);
    qint64 notBefore(const QString &provider) const;
    // Waits ms or until stop(); with wokenAfter (wakeEvents() read before
    // looking for work), also until wake() was called since (workers only).
    void waitIdle(qint64 ms, std::optional<quint64> wokenAfter = std::nullopt);
    quint64 wakeEvents();
    void countInFlight(FlightGroup &group);

    StoreUrl m_url;
    RouteConfig m_config;
    std::shared_ptr<ProviderDirectory> m_providers;
    DispatcherOptions m_options;

    std::atomic<bool> m_stopping{false};
    std::mutex m_wakeMutex;
    std::condition_variable m_wake;
    quint64 m_wakeEvents = 0; // under m_wakeMutex: wake() calls
    std::vector<std::thread> m_threads;
    std::thread m_keeper;
    std::thread m_leaseKeeper;
    std::atomic<bool> m_leaseStopping{false};
    std::mutex m_leaseMutex;
    std::condition_variable m_leaseWake;
    QHash<QString, QHash<qint64, qint64>> m_leases; // under m_leaseMutex: worker -> attempt -> its job (0: no claim, a retry)

    std::shared_ptr<DispatchWake> m_flightWake; // outcomes back, groups handed over, capacity freed
    std::mutex m_handMutex;
    std::vector<std::unique_ptr<FlightGroup>> m_handed; // to the keeper
    std::atomic<bool> m_keeperStopping{false};
    std::mutex m_roomMutex;
    qint64 m_reservedRoom = 0; // under m_roomMutex: in-flight room workers hold for the claims they are making

    QHash<QString, QString> m_configHashes; // "<route>\n<provider>" -> configHash, fixed for this config
    DispatcherStats m_stats;

    QHash<QString, std::shared_ptr<ProviderGate>> m_gates; // by provider, fixed for this config

    mutable std::mutex m_cooldownMutex;
    QHash<QString, qint64> m_notBeforeMs; // Retry-After, by provider

    std::mutex m_reportedMutex;
    QSet<qint64> m_reportedStillWorking; // failed attempts whose provider said "in progress": logged once each
};

} // namespace jobdesk
