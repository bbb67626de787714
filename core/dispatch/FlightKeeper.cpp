// Attempts in flight until their outcomes are applied: leases and claims
// renewed, outcomes applied (kept and retried while the store will not take
// them), hedges started (core/dispatch/README.md, "Who owns what").

#include "Dispatcher.h"
#include "DispatcherInternal.h"

#include "Logging.h"
#include "domain/CanonicalJson.h"

#include <QHash>
#include <QSet>
#include <QJsonDocument>

#include <functional>
#include <span>
#include <thread>

namespace jobdesk {

// A beat renews the leases and the job's claim: often enough for the
// shorter of the two, so a claim shorter than a third of the lease does not
// lapse before the first beat and refuse a hedge due then
// (tst_dispatcher::aHedgeDueAfterTheClaimTimeStillStartsWithALongLease).
static std::chrono::milliseconds beatInterval(const DispatcherOptions &o)
{
    return std::chrono::milliseconds(std::max<qint64>(50, std::min(o.leaseMs, o.claimMs) / 3));
}

bool Dispatcher::stepFlights(JobService &svc, FlightGroup &group, bool beatHere)
{
    {
        for (auto &f : group.flights) {
            if (!f->applied && !f->outcome && f->result.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
                f->outcome = f->result.get();
                f->firstApplyAt = Clock::now();
                f->nextApplyAt = f->firstApplyAt;
            }
            if (f->applied || !f->outcome || Clock::now() < f->nextApplyAt)
                continue;
            const Applied applied = apply(svc, *f, *f->outcome, group.workerId);
            if (applied == Applied::Yes) {
                f->applied = true;
                continue;
            }
            if (applied == Applied::StoreRefused) {
                if (!f->storeRefusedSince)
                    f->storeRefusedSince = Clock::now();
                // Only where nothing paid for is lost by it: an outcome without
                // a result, or a result the provider's status lookup can give
                // the reconciler again. A result from a provider without one
                // is kept and retried for as long as it takes: abandoned, it
                // would be in the log only
                // (tst_at_most_once::aResultNoLookupCanFetchAgainIsKeptUntilTheStoreTakesIt).
                const auto client = m_providers->client(f->attempt.provider);
                const bool askable = f->outcome->kind != ProviderOutcome::Kind::Completed
                                     || (client && client->supportsStatusLookup());
                if (askable
                    && Clock::now() - *f->storeRefusedSince > std::chrono::milliseconds(m_options.applyGiveUpOnStoreErrorMs)) {
                    qCCritical(lcDispatch) << "attempt" << f->attempt.id << "outcome" << toText(f->outcome->kind)
                                           << "left unrecorded: the store kept refusing it for"
                                           << m_options.applyGiveUpOnStoreErrorMs << "ms; its lease will expire into"
                                           << "unknown and the reconciler will ask the provider";
                    m_stats.outcomesAbandoned++;
                    f->applied = true;
                    continue;
                }
            } else {
                f->storeRefusedSince.reset();
            }
            // The store would not take it: keep it, back off, try again. The
            // heartbeat below keeps the lease (and so the attempt) ours meanwhile.
            if (f->applyTries++ == 0)
                m_stats.outcomesDeferred++;
            const qint64 backoff = std::min<qint64>(m_options.applyRetryMaxMs,
                                                    m_options.applyRetryMinMs << std::min(f->applyTries, 10));
            f->nextApplyAt = Clock::now() + std::chrono::milliseconds(backoff);
            if (m_stopping && Clock::now() - f->firstApplyAt > std::chrono::milliseconds(m_options.applyGiveUpOnStopMs)) {
                qCCritical(lcDispatch) << "attempt" << f->attempt.id << "stopping with its outcome unrecorded (the store"
                                       << "is unavailable); its lease will expire into unknown and the reconciler will"
                                       << "ask the provider";
                f->applied = true;
            }
        }
    }
    if (beatHere && Clock::now() >= group.lastBeat + beatInterval(m_options)) {
        group.lastBeat = Clock::now();
        FlightGroup *one = &group;
        renewAll(svc, std::span<FlightGroup *const>(&one, 1));
    }
    if (group.hedge) {
        try {
            group.hedge(svc, group.flights);
        } catch (const JobDeskError &e) {
            qCWarning(lcDispatch) << "no hedge:" << e.message();
        }
    }
    return std::any_of(group.flights.begin(), group.flights.end(), [](const auto &f) { return !f->applied; });
}

// The leases and claims of every group given, by the worker that holds
// them: one renewal (two statements) per worker, whatever the number in flight.
void Dispatcher::renewAll(JobService &svc, std::span<FlightGroup *const> groups)
{
    QHash<QString, std::pair<QList<qint64>, QList<qint64>>> byWorker; // worker -> (attempts, jobs)
    for (const FlightGroup *g : groups) {
        bool claim = false;
        for (const auto &f : g->flights) {
            if (f->applied)
                continue;
            byWorker[g->workerId].first.append(f->attempt.id);
            claim = claim || f->attempt.kind != AttemptKind::Retry;
        }
        if (claim)
            byWorker[g->workerId].second.append(g->job.id);
    }
    for (auto it = byWorker.cbegin(); it != byWorker.cend(); ++it) {
        try {
            svc.renewInFlight(it.key(), it->first, m_options.leaseMs, it->second, m_options.claimMs);
            m_stats.renewals++;
        } catch (const JobDeskError &e) {
            qCWarning(lcDispatch) << "renewal failed (calls stay in flight, outcomes are kept):" << e.message();
        }
    }
}

void Dispatcher::finishGroups(JobService &svc, std::span<FlightGroup *const> groups)
{
    QHash<QString, QList<qint64>> byWorker;
    for (FlightGroup *g : groups)
        if (g->releaseClaimWhenDone) {
            g->releaseClaimWhenDone = false;
            byWorker[g->workerId].append(g->job.id);
        }
    for (auto it = byWorker.cbegin(); it != byWorker.cend(); ++it) {
        try {
            svc.releaseClaims(it.key(), it.value());
        } catch (const std::exception &e) {
            qCWarning(lcDispatch) << it.value().size() << "claims not released (they expire):" << e.what();
        }
    }
}

void Dispatcher::finishGroup(JobService &svc, FlightGroup &group)
{
    if (!group.releaseClaimWhenDone)
        return;
    group.releaseClaimWhenDone = false;
    try {
        svc.releaseClaim(group.job.id, group.workerId);
    } catch (const std::exception &e) {
        qCWarning(lcDispatch) << "job" << group.job.id << "claim not released (it expires):" << e.what();
    }
}

// Waits until an outcome comes back (or work is handed over), at most `ms`.
static void waitForFlights(DispatchWake &wake, quint64 &seen, std::chrono::milliseconds ms)
{
    std::unique_lock lock(wake.mutex);
    wake.cv.wait_for(lock, ms, [&] { return wake.events != seen; });
    seen = wake.events;
}

void Dispatcher::driveFlights(JobService &svc, FlightGroup &group)
{
    quint64 seen = 0;
    {
        std::lock_guard lock(m_flightWake->mutex);
        seen = m_flightWake->events;
    }
    while (stepFlights(svc, group, /*beatHere*/ true))
        waitForFlights(*m_flightWake, seen, std::chrono::milliseconds(50));
    FlightGroup *one = &group;
    dropSettledLeases(std::span<FlightGroup *const>(&one, 1));
}

void Dispatcher::countInFlight(FlightGroup &group)
{
    const qsizetype open = std::count_if(group.flights.begin(), group.flights.end(), [](const auto &f) { return !f->applied; });
    if (open == group.counted)
        return;
    const qint64 now = m_stats.inFlight += open - group.counted;
    group.counted = open;
    qint64 peak = m_stats.peakInFlight.load();
    while (now > peak && !m_stats.peakInFlight.compare_exchange_weak(peak, now)) {
    }
}

void Dispatcher::handToKeeper(std::unique_ptr<FlightGroup> group)
{
    countInFlight(*group);
    {
        std::lock_guard lock(m_handMutex);
        m_handed.push_back(std::move(group));
    }
    m_flightWake->notify();
}

namespace {

// The keeper's helpers for applying outcomes: `extra` threads, each with its
// own store connection, that step the due groups together with the keeper,
// so outcomes are applied over several connections (their commits overlap)
// rather than one after another on the keeper's.
class StepPool
{
public:
    using Step = std::function<bool(JobService &, Dispatcher::FlightGroupRef)>;
    StepPool(const StoreUrl &url, int extra, Step step) : m_url(url), m_step(std::move(step))
    {
        for (int i = 0; i < extra; ++i)
            m_threads.emplace_back([this] { loop(); });
    }
    ~StepPool()
    {
        {
            std::lock_guard lock(m_mutex);
            m_stop = true;
        }
        m_work.notify_all();
        for (auto &t : m_threads)
            t.join();
    }
    // Steps every group in `due` (the keeper's thread takes its share on
    // `own`); pending[i]: whether due[i] still has an outcome to apply, and
    // failed[i]: whether its step threw (it stays, as it was, for the next round).
    void run(JobService *own, const std::vector<Dispatcher::FlightGroupRef> &due, std::vector<char> &pending,
             std::vector<char> &failed)
    {
        pending.assign(due.size(), 1);
        failed.assign(due.size(), 0);
        {
            std::lock_guard lock(m_mutex);
            m_due = &due;
            m_pending = &pending;
            m_failed = &failed;
            m_next = 0;
            ++m_round;
        }
        m_work.notify_all();
        take(own);
        std::unique_lock lock(m_mutex);
        m_done.wait(lock, [&] { return m_next >= m_due->size() && m_busy == 0; });
        m_due = nullptr;
    }

private:
    // Steps groups until none is left; true when a step threw (this connection may be gone).
    bool take(JobService *svc)
    {
        while (true) {
            size_t i = 0;
            {
                std::lock_guard lock(m_mutex);
                if (!m_due || m_next >= m_due->size())
                    return false;
                i = m_next++;
                ++m_busy;
            }
            bool pending = true, failed = false;
            if (svc) {
                try {
                    pending = m_step(*svc, (*m_due)[i]);
                } catch (const std::exception &e) {
                    qCWarning(lcDispatch) << "flight keeper error (outcomes are kept):" << e.what();
                    failed = true;
                }
            } else {
                failed = true;
            }
            {
                std::lock_guard lock(m_mutex);
                (*m_pending)[i] = pending;
                (*m_failed)[i] = failed;
                --m_busy;
            }
            m_done.notify_all();
            if (failed)
                return true; // the rest go to the others
        }
    }
    void loop()
    {
        std::unique_ptr<JobService> svc;
        quint64 round = 0;
        while (true) {
            {
                std::unique_lock lock(m_mutex);
                m_work.wait(lock, [&] { return m_stop || (m_round != round && m_due); });
                if (m_stop)
                    return;
                round = m_round;
            }
            if (!svc) {
                try {
                    svc = JobService::open(m_url);
                } catch (const std::exception &) {
                    continue; // the keeper and the others take its share
                }
            }
            if (take(svc.get()))
                svc.reset(); // a fresh connection next round
        }
    }

    StoreUrl m_url;
    Step m_step;
    std::vector<std::thread> m_threads;
    std::mutex m_mutex;
    std::condition_variable m_work, m_done;
    const std::vector<Dispatcher::FlightGroupRef> *m_due = nullptr;
    std::vector<char> *m_pending = nullptr;
    std::vector<char> *m_failed = nullptr;
    size_t m_next = 0;
    int m_busy = 0;
    quint64 m_round = 0;
    bool m_stop = false;
};

} // namespace

// The flight keeper: every attempt this process has in flight, on one
// thread with its own store connection and `applyThreads - 1` helpers with
// theirs (StepPool). Steps each group when an outcome comes back and at
// least every 100 ms (hedges, outcomes waiting for the store; the lease
// keeper renews the leases and claims meanwhile); the claims of the jobs whose outcomes are all applied are
// released in one statement per worker; after stop() it drives what is in
// flight to its outcomes, then ends.
void Dispatcher::keeperLoop()
{
    std::unique_ptr<JobService> svc;
    std::vector<std::unique_ptr<FlightGroup>> groups;
    quint64 seen = 0;
    auto lastSweep = Clock::now();
    QHash<const void *, FlightGroup *> byFlight; // every flight's group (hedges join their group later)
    // SQLite has one writer at a time: helpers there would only queue for its lock.
    StepPool pool(m_url, m_url.dialect == Dialect::Postgres ? std::max(0, m_options.applyThreads - 1) : 0,
                  [this](JobService &own, FlightGroupRef g) { return stepFlights(own, *g, /*beatHere*/ false); });
    std::vector<FlightGroupRef> due;
    std::vector<char> pending, failed;
    while (true) {
        {
            std::lock_guard lock(m_handMutex);
            for (auto &g : m_handed) {
                for (const auto &f : g->flights)
                    byFlight.insert(f.get(), g.get());
                groups.push_back(std::move(g));
            }
            m_handed.clear();
        }
        if (groups.empty() && m_keeperStopping) {
            std::lock_guard lock(m_handMutex);
            if (m_handed.empty())
                break;
            continue;
        }
        if (!svc) {
            try {
                svc = JobService::open(m_url);
            } catch (const std::exception &e) {
                // Outcomes stay in memory; the calls stay out. Try again shortly.
                qCWarning(lcDispatch) << "flight keeper: no store connection:" << e.what();
                waitForFlights(*m_flightWake, seen, std::chrono::milliseconds(200));
                continue;
            }
        }
        // Every group at least every 100 ms (outcomes waiting for the store,
        // hedges due); in between only those whose outcome came back, so a
        // thousand in flight do not cost a thousand steps per outcome.
        std::vector<const void *> ready;
        {
            std::lock_guard lock(m_flightWake->mutex);
            ready.swap(m_flightWake->ready);
        }
        const bool sweep = Clock::now() >= lastSweep + std::chrono::milliseconds(100);
        if (sweep)
            lastSweep = Clock::now();
        QSet<FlightGroup *> readyGroups;
        if (!sweep)
            for (const void *f : ready)
                if (FlightGroup *g = byFlight.value(f))
                    readyGroups.insert(g);
        due.clear();
        for (auto &g : groups)
            if (sweep || readyGroups.contains(g.get()))
                due.push_back(g.get());
        pool.run(svc.get(), due, pending, failed);
        if (std::any_of(failed.begin(), failed.end(), [](char f) { return f; }))
            svc.reset(); // a fresh connection next round; the failed groups are stepped again then
        dropSettledLeases(due); // the lease keeper renews the rest
        // The claims of finished jobs, one statement per worker, before their
        // room is given back, so the workers never hold more claims than
        // maxInFlight (tst_dispatch_scale::atTheInFlightLimitClaimsWaitAndTheServersMemoryStaysFlat).
        std::vector<FlightGroup *> finished;
        for (size_t i = 0; i < due.size(); ++i)
            if (!pending[i] && !failed[i])
                finished.push_back(due[i]);
        if (svc)
            finishGroups(*svc, finished);
        for (size_t i = 0; i < due.size(); ++i) {
            FlightGroup *g = due[i];
            countInFlight(*g);
            if (g->flights.size() > 1) // a hedge joined
                for (const auto &f : g->flights)
                    byFlight.insert(f.get(), g);
        }
        for (FlightGroup *g : finished)
            for (const auto &f : g->flights)
                byFlight.remove(f.get());
        const QSet<FlightGroup *> gone(finished.begin(), finished.end());
        groups.erase(std::remove_if(groups.begin(), groups.end(), [&](const auto &g) { return gone.contains(g.get()); }),
                     groups.end());
        if (!finished.empty())
            m_flightWake->notify(); // room for the workers' next claims
        waitForFlights(*m_flightWake, seen, std::chrono::milliseconds(groups.empty() ? 200 : 50));
    }
}

Dispatcher::Applied Dispatcher::apply(JobService &svc, const InFlight &call, const ProviderOutcome &outcome,
                                      const QString &workerId)
{
    const Actor actor = Actor::worker(workerId);
    const qint64 id = call.attempt.id;
    const QString who = QStringLiteral("attempt %1 (job %2, #%3)").arg(call.attempt.id).arg(call.attempt.jobId).arg(call.attempt.attemptNo);
    try {
        switch (outcome.kind) {
        case ProviderOutcome::Kind::Completed: {
            // The provider's own content when it is the JSON object, by RFC 8259's
            // grammar (a model's raw line break inside a string is not: Qt reads
            // it, PostgreSQL's json refuses it); else the checked output.
            QByteArray payload = outcome.content.trimmed();
            const QJsonDocument asIs = QJsonDocument::fromJson(payload);
            if (!asIs.isObject() || asIs.object() != outcome.output || !isStrictJson(payload))
                payload = QJsonDocument(outcome.output).toJson(QJsonDocument::Compact);
            if (payload.size() > kMaxResultBytes) {
                // Produced (maybe paid for) but over what a result may be: a contract failure, with its digest.
                svc.fail(id, actor,
                         QStringLiteral("invalid output: the result is %1 bytes, over the %2-byte limit")
                             .arg(payload.size())
                             .arg(kMaxResultBytes),
                         sha256Hex(payload));
                m_stats.failed++;
                break;
            }
            try {
                const CompleteResult r = svc.complete(id, payload, actor);
                (r.outcome == CompleteResult::Outcome::Won ? m_stats.completedWon : m_stats.completedLost)++;
                qCDebug(lcDispatch) << who << (r.outcome == CompleteResult::Outcome::Won ? "won" : "lost the race");
            } catch (const JobDeskError &e) {
                if (e.code() != JobDeskError::Code::InvalidArgument)
                    throw;
                // The store refuses this result for good: record that, with its digest, never drop it silently.
                svc.fail(id, actor, QStringLiteral("invalid output: the store refused the result: ") + e.message(),
                         sha256Hex(payload));
                m_stats.failed++;
            }
            break;
        }
        case ProviderOutcome::Kind::Failed:
            if (outcome.retryAfterMs) {
                std::lock_guard lock(m_cooldownMutex);
                m_notBeforeMs.insert(call.attempt.provider, svc.nowMs() + *outcome.retryAfterMs);
            }
            svc.fail(id, actor, (outcome.invalidOutput && !outcome.reason.startsWith(QLatin1String("invalid output"))
                                     ? QStringLiteral("invalid output: ")
                                     : QString())
                                    + outcome.reason,
                     outcome.invalidOutput && !outcome.content.isEmpty() ? sha256Hex(outcome.content) : QString(),
                     /*providerDidNothing: nothing sent, or refused before any work*/ !outcome.invalidOutput);
            m_stats.failed++;
            break;
        case ProviderOutcome::Kind::Unknown:
            svc.markUnknown(id, actor, outcome.reason.isEmpty() ? QStringLiteral("outcome unknown") : outcome.reason);
            m_stats.unknown++;
            break;
        }
        return Applied::Yes;
    } catch (const JobDeskError &e) {
        switch (e.code()) {
        case JobDeskError::Code::StoreUnavailable:
        case JobDeskError::Code::StoreBusy: // nothing was written: it goes again later
        case JobDeskError::Code::StoreError:
            qCWarning(lcDispatch) << who << "outcome" << toText(outcome.kind) << "kept, the store did not take it yet:"
                                  << e.message();
            return e.code() == JobDeskError::Code::StoreError ? Applied::StoreRefused : Applied::Later;
        default:
            // Refused for good (a starting attempt has no result; a failed or cancelled
            // one's late result is a race loss, recorded by complete()): nothing left to record.
            qCWarning(lcDispatch) << who << "outcome" << toText(outcome.kind) << "not applicable:" << e.message();
            return Applied::Yes;
        }
    }
}

} // namespace jobdesk
