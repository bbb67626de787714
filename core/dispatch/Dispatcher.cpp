#include "Dispatcher.h"
#include "DispatcherInternal.h"

#include <QSet>

#include "Logging.h"
#include "provider/OutputCheck.h"
#include "domain/CanonicalJson.h"
#include "provider/ProviderFactory.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUuid>

#include <chrono>
#include <future>

namespace jobdesk {

// ---- ProviderDirectory --------------------------------------------------------

ProviderDirectory::ProviderDirectory(const RouteConfig &config)
{
    for (const ProviderConfig &p : config.providers)
        m_clients.insert(p.name, std::shared_ptr<ProviderClient>(makeProviderClient(p)));
}

void ProviderDirectory::set(const QString &name, std::shared_ptr<ProviderClient> client)
{
    std::lock_guard lock(m_mutex);
    m_clients.insert(name, std::move(client));
}

std::shared_ptr<ProviderClient> ProviderDirectory::client(const QString &name) const
{
    std::lock_guard lock(m_mutex);
    return m_clients.value(name);
}

SubmitRequest submitRequestFor(const Route &route, const QString &ownerId, const QString &idempotencyKey,
                               const QJsonObject &input, const QJsonObject &clientMeta)
{
    SubmitRequest r;
    r.ownerId = ownerId;
    r.idempotencyKey = idempotencyKey;
    r.route = route.name;
    r.input = input;
    r.clientMeta = clientMeta;
    r.maxParallel = route.maxParallel();
    r.maxAttempts = route.maxAttempts;
    return r;
}

Dispatcher::Dispatcher(StoreUrl url, RouteConfig config, std::shared_ptr<ProviderDirectory> providers,
                       DispatcherOptions options)
    : m_url(std::move(url)), m_config(std::move(config)), m_providers(std::move(providers)), m_options(std::move(options))
{
    if (m_options.workerId.isEmpty())
        m_options.workerId = QStringLiteral("dispatcher-") + QUuid::createUuid().toString(QUuid::Id128).left(8);
    if (!m_providers)
        m_providers = std::make_shared<ProviderDirectory>(m_config);
    m_flightWake = std::make_shared<DispatchWake>();
    for (const ProviderConfig &p : m_config.providers)
        m_gates.insert(p.name, std::make_shared<ProviderGate>(p.maxConcurrency, p.maxRequestsPerS));
    m_options.maxInFlight = std::max(1, m_options.maxInFlight);
    m_options.claimBatch = std::max(1, m_options.claimBatch);
    for (const Route &r : m_config.routes)
        for (const QString &p : r.providerChain)
            if (const ProviderConfig *cfg = m_config.provider(p))
                m_configHashes.insert(r.name + u'\n' + p, configHash(r, *cfg));
}

Dispatcher::~Dispatcher()
{
    stop();
}

QStringList Dispatcher::routeNames() const
{
    QStringList out;
    for (const Route &r : m_config.routes)
        out.append(r.name);
    return out;
}

QStringList Dispatcher::providersWithStatusLookup() const
{
    QStringList out;
    for (const ProviderConfig &p : m_config.providers)
        if (const auto client = m_providers->client(p.name); client && client->supportsStatusLookup())
            out.append(p.name);
    return out;
}

void Dispatcher::start()
{
    if (!m_threads.empty())
        return;
    m_stopping = false;
    m_keeperStopping = false;
    m_leaseStopping = false;
    m_leaseKeeper = std::thread([this] { leaseLoop(); });
    m_keeper = std::thread([this] { keeperLoop(); });
    for (int i = 0; i < m_options.workers; ++i)
        m_threads.emplace_back([this, i] { workerLoop(i); });
    m_threads.emplace_back([this] { maintenanceLoop(); });
    m_threads.emplace_back([this] { reconcilerLoop(); });
    if (m_url.dialect == Dialect::Postgres)
        m_threads.emplace_back([this] { wakerLoop(); });
}

void Dispatcher::stop()
{
    {
        std::lock_guard lock(m_wakeMutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    m_flightWake->notify();
    for (auto &t : m_threads)
        if (t.joinable())
            t.join();
    m_threads.clear();
    // Nothing new is handed over now: the keeper drives what is in flight
    // to its outcomes (calls end by their deadlines), then ends.
    m_keeperStopping = true;
    m_flightWake->notify();
    if (m_keeper.joinable())
        m_keeper.join();
    // Leases are renewed until the keeper has applied (or given up on) every outcome.
    {
        std::lock_guard lock(m_leaseMutex);
        m_leaseStopping = true;
    }
    m_leaseWake.notify_all();
    if (m_leaseKeeper.joinable())
        m_leaseKeeper.join();
}

quint64 Dispatcher::wakeEvents()
{
    std::lock_guard lock(m_wakeMutex);
    return m_wakeEvents;
}

void Dispatcher::waitIdle(qint64 ms, std::optional<quint64> wokenAfter)
{
    std::unique_lock lock(m_wakeMutex);
    m_wake.wait_for(lock, std::chrono::milliseconds(ms),
                    [&] { return m_stopping.load() || (wokenAfter && m_wakeEvents != *wokenAfter); });
}

// A store thread: operators' retries first, then a batch of queued jobs, each
// started and sent and handed to the keeper; at --max-in-flight it waits
// for room instead of claiming.
void Dispatcher::workerLoop(int index)
{
    const QString workerId = m_options.workerId + u'/' + QString::number(index);
    std::unique_ptr<JobService> svc;
    const auto take = [this](std::unique_ptr<FlightGroup> g) { handToKeeper(std::move(g)); };
    while (!m_stopping) {
        try {
            // Room is reserved before the claim, so the workers together never
            // claim past maxInFlight (tst_dispatch_scale::theInFlightLimitHoldsAndEverythingIsDone).
            qint64 reserved = 0;
            {
                std::lock_guard lock(m_roomMutex);
                const qint64 room = m_options.maxInFlight - m_stats.inFlight.load() - m_reservedRoom;
                reserved = std::min<qint64>(m_options.claimBatch, room);
                if (reserved > 0)
                    m_reservedRoom += reserved;
            }
            if (reserved <= 0) {
                std::unique_lock lock(m_flightWake->mutex);
                const quint64 seen = m_flightWake->events;
                m_flightWake->cv.wait_for(lock, std::chrono::milliseconds(m_options.idlePollMs), [&] {
                    return m_stopping || m_flightWake->events != seen;
                });
                continue;
            }
            struct Unreserve
            {
                Dispatcher &d;
                qint64 n;
                ~Unreserve()
                {
                    std::lock_guard lock(d.m_roomMutex);
                    d.m_reservedRoom -= n;
                }
            } unreserve{*this, reserved};
            if (!svc)
                svc = JobService::open(m_url);
            // Operators' retries first: someone is waiting for them.
            if (startRetry(*svc, workerId, take))
                continue;
            // Read before the claim: a wake-up for a job submitted after the
            // claim's snapshot ends the wait below, however soon it comes.
            const quint64 woken = wakeEvents();
            // A hedge may add one more attempt per job beyond the room claimed here.
            if (startQueued(*svc, workerId, int(reserved), take).isEmpty())
                waitIdle(m_options.idlePollMs, woken);
        } catch (const std::exception &e) {
            // Only before anything was sent: once a call is in flight its
            // outcome is kept until applied (the keeper never drops it).
            qCWarning(lcDispatch) << workerId << "error:" << e.what();
            svc.reset(); // a fresh connection next time
            waitIdle(1000);
        }
    }
}

std::shared_ptr<GateSlot> Dispatcher::takeSlot(const QString &provider, qint64 *retryInMs)
{
    const std::shared_ptr<ProviderGate> gate = m_gates.value(provider);
    if (!gate)
        return std::make_shared<GateSlot>();
    if (!gate->tryTake(retryInMs))
        return nullptr;
    auto slot = std::make_shared<GateSlot>();
    slot->gate = gate;
    return slot;
}

// ---- choosing a provider ----------------------------------------------------------

qint64 Dispatcher::notBefore(const QString &provider) const
{
    std::lock_guard lock(m_cooldownMutex);
    return m_notBeforeMs.value(provider, 0);
}

bool Dispatcher::isProven(JobService &svc, const Route &route, const QString &provider, QString *why)
{
    return isProven(svc, route, provider, svc.nowMs(), why);
}

bool Dispatcher::isProven(JobService &svc, const Route &route, const QString &provider, qint64 nowMs, QString *why)
{
    const ProviderConfig *cfg = m_config.provider(provider);
    auto say = [why](const QString &text) {
        if (why)
            *why = text;
        return false;
    };
    if (!cfg)
        return say(QStringLiteral("%1 is not configured").arg(provider));
    const QString key = route.name + u'\n' + provider;
    const bool ours = m_config.route(route.name) == &route && m_configHashes.contains(key);
    const QString hash = ours ? m_configHashes.value(key) : configHash(route, *cfg);
    // The newest validation of this configuration: one of another (a
    // candidate routes file validated against the same store, another
    // instance mid-deploy) neither proves nor revokes it.
    const auto v = svc.latestValidation(provider, route.name, hash);
    if (!v)
        return say(svc.latestValidation(provider, route.name)
                       ? QStringLiteral("%1's validation for %2 is for another configuration").arg(provider, route.name)
                       : QStringLiteral("%1 has no contract validation for %2").arg(provider, route.name));
    if (!v->passed)
        return say(QStringLiteral("%1 failed its contract validation for %2").arg(provider, route.name));
    if (v->expiresAtMs <= nowMs)
        return say(QStringLiteral("%1's validation for %2 has expired").arg(provider, route.name));
    return true;
}

Dispatcher::NextProvider Dispatcher::nextProvider(JobService &svc, const Route &route, AttemptKind kind,
                                                  const QList<Attempt> &attempts)
{
    return nextProvider(svc, route, kind, attempts, svc.nowMs());
}

Dispatcher::NextProvider Dispatcher::nextProvider(JobService &svc, const Route &route, AttemptKind kind,
                                                  const QList<Attempt> &attempts, qint64 now)
{
    // The chain moves forward, and after an automatic attempt every next one
    // needs a proof (chainPositionAfter, Domain.h). A provider behind the
    // position may take the job again when it never got this job's request or
    // did nothing with every one it got (never sent, refused before any work,
    // "never processed"): a provider that was only cooling down is not lost
    // to the job. The one that just did nothing with it is tried again only
    // when no other can take it, even later: the job waits for a provider
    // cooling down rather than spend its budget on the one that refused it
    // (tst_not_giving_up_early).
    const ChainPosition pos = chainPositionAfter(attempts, route.providerChain);
    QSet<QString> tried;
    QString last; // the provider of the latest automatic attempt or hedge
    for (const Attempt &a : attempts) {
        tried.insert(a.provider);
        if (a.kind != AttemptKind::Retry)
            last = a.provider;
    }
    const QSet<QString> didNothing = pos.next > 0 ? svc.providersThatDidNothing(attempts.first().jobId) : QSet<QString>();
    QStringList skipped;
    qint64 coolingUntil = 0;
    const auto scan = [&](bool lastToo) -> QString {
        for (qsizetype i = 0; i < route.providerChain.size(); ++i) {
            const QString &p = route.providerChain.at(i);
            const bool behind = i < pos.next && tried.contains(p);
            if (behind && (!didNothing.contains(p) || (!lastToo && p == last)))
                continue;
            QString why;
            if (pos.needsProof(i, kind) && !isProven(svc, route, p, now, &why)) {
                skipped.append(why);
                continue;
            }
            if (const qint64 until = notBefore(p); until > now) {
                skipped.append(QStringLiteral("%1 asked us to wait (Retry-After)").arg(p));
                coolingUntil = coolingUntil ? std::min(coolingUntil, until) : until;
                continue;
            }
            return p;
        }
        return {};
    };
    QString chosen = scan(false);
    if (chosen.isEmpty() && !coolingUntil && didNothing.contains(last)) {
        skipped.clear();
        chosen = scan(true);
    }
    if (!chosen.isEmpty())
        return {chosen, {}};
    NextProvider none;
    none.whyNone = skipped.isEmpty() ? QStringLiteral("no provider left in the chain of route %1").arg(route.name)
                                     : QStringLiteral("no proven provider left in the chain of route %1: %2")
                                           .arg(route.name, skipped.join(QStringLiteral("; ")));
    if (coolingUntil) {
        none.whyNone.prepend(QStringLiteral("cooling down: "));
        none.coolingUntilMs = coolingUntil;
    }
    return none;
}

// ---- running attempts ------------------------------------------------------------

QList<qint64> Dispatcher::startQueued(JobService &svc, const QString &workerId, int limit,
                                      const std::function<void(std::unique_ptr<FlightGroup>)> &take)
{
    // Only jobs on routes this instance knows: another instance takes the rest (rolling deploys).
    const QList<Job> claimed = svc.claimQueuedJobs(workerId, limit, m_options.claimMs, routeNames());
    QList<qint64> ids;
    const Actor actor = Actor::worker(workerId);
    qsizetype next = 0;
    // Claims not yet worked on when this throws are released (the rest of
    // the batch goes to another worker at once rather than after its claim).
    struct ReleaseRest
    {
        JobService &svc;
        const QList<Job> &jobs;
        const qsizetype &next;
        const QString &worker;
        ~ReleaseRest()
        {
            for (qsizetype i = next; i < jobs.size(); ++i) {
                try {
                    svc.releaseClaim(jobs.at(i).id, worker);
                } catch (const std::exception &) {
                    // it expires by itself
                }
            }
        }
    } releaseRest{svc, claimed, next, workerId};
    if (claimed.isEmpty())
        return ids;
    // One read of the batch's attempts and of the clock, not one per job.
    QList<qint64> claimedIds;
    for (const Job &j : claimed)
        claimedIds.append(j.id);
    const QHash<qint64, QList<Attempt>> attemptsByJob = svc.attemptsOfJobs(claimedIds);
    const qint64 batchNow = svc.nowMs();
    const auto handOver = [&](const Job &job, const Route &route, std::shared_ptr<InFlight> first) {
        auto group = std::make_unique<FlightGroup>();
        group->job = job;
        group->route = &route;
        group->workerId = workerId;
        group->flights.push_back(std::move(first));
        if (route.hedgeAfterMs)
            group->hedge = hedgeFor(job, route, workerId);
        group->releaseClaimWhenDone = true;
        take(std::move(group));
    };
    while (next < claimed.size()) {
        const Job job = claimed.at(next++);
        ids.append(job.id);
        struct Release
        {
            JobService &svc;
            qint64 id;
            const QString &worker;
            bool keep = false;
            ~Release()
            {
                if (!keep)
                    svc.releaseClaim(id, worker);
            }
        } release{svc, job.id, workerId};

        const Route *route = m_config.route(job.route);
        if (!route) // the claim filter keeps these away; a config without the route cannot send it
            continue;
        const NextProvider nextP = nextProvider(svc, *route, AttemptKind::Automatic, attemptsByJob.value(job.id), batchNow);
        if (nextP.provider.isEmpty()) {
            if (nextP.coolingUntilMs) {
                // Stays queued, and stays claimed until the Retry-After has passed,
                // so no worker spins on it meanwhile.
                svc.holdClaim(job.id, workerId, std::max<qint64>(1, nextP.coolingUntilMs - svc.nowMs()));
                release.keep = true;
                continue;
            }
            try {
                svc.failJob(job.id, actor, nextP.whyNone);
            } catch (const JobDeskError &e) {
                qCWarning(lcDispatch) << "job" << job.id << e.message();
            }
            continue;
        }
        // The provider's limits: at one, the job stays queued (held a moment so
        // the next claims take other jobs: a busy provider's backlog never
        // blocks another provider's jobs) and is never moved on for it.
        qint64 retryIn = 0;
        std::shared_ptr<GateSlot> slot = takeSlot(nextP.provider, &retryIn);
        if (!slot) {
            svc.holdClaim(job.id, workerId, std::clamp<qint64>(retryIn, 20, 1000));
            release.keep = true;
            m_stats.heldAtProviderLimit++;
            continue;
        }
        auto first = launch(svc, job, *route, nextP.provider, AttemptKind::Automatic, workerId, std::move(slot));
        if (!first)
            continue;
        handOver(job, *route, std::move(first));
        release.keep = true; // released by whoever drives the group, when it is done
    }
    return ids;
}

std::optional<qint64> Dispatcher::startRetry(JobService &svc, const QString &workerId,
                                             const std::function<void(std::unique_ptr<FlightGroup>)> &take)
{
    // A place under each provider's limits is taken before the claim (given
    // back for every provider the retry is not for), so a retry is never
    // claimed, with its lease running, for a provider at a limit.
    QStringList providers;
    QHash<QString, std::shared_ptr<GateSlot>> slots;
    for (const ProviderConfig &p : m_config.providers) {
        qint64 retryIn = 0;
        if (!m_providers->client(p.name))
            continue;
        if (auto slot = takeSlot(p.name, &retryIn)) {
            providers.append(p.name);
            slots.insert(p.name, std::move(slot));
        }
    }
    // Only retries on routes this instance knows: during a rolling deploy an
    // instance without the job's route leaves its retry to one that has it.
    const QList<Attempt> picked = svc.claimRetryAttempts(workerId, 1, m_options.leaseMs, providers, routeNames());
    if (picked.isEmpty())
        return std::nullopt;
    const Attempt &attempt = picked.first();
    const Actor actor = Actor::worker(workerId);
    const std::optional<Job> job = svc.job(attempt.jobId);
    const Route *route = job ? m_config.route(job->route) : nullptr;
    if (!route) {
        svc.fail(attempt.id, actor,
                 QStringLiteral("never sent: this dispatcher does not know route '%1'").arg(job ? job->route : QString()));
        return attempt.id;
    }
    if (auto f = send(svc, *job, *route, attempt, workerId, slots.take(attempt.provider))) {
        m_stats.retriesSent++;
        auto group = std::make_unique<FlightGroup>();
        group->job = *job;
        group->route = route;
        group->workerId = workerId;
        group->flights.push_back(std::move(f));
        take(std::move(group));
    }
    return attempt.id;
}

std::optional<qint64> Dispatcher::runOnce(JobService &svc, const QString &workerId)
{
    const QList<qint64> ids = startQueued(svc, workerId, 1, [&](std::unique_ptr<FlightGroup> g) {
        driveFlights(svc, *g);
        finishGroup(svc, *g);
    });
    if (ids.isEmpty())
        return std::nullopt;
    return ids.first();
}

std::optional<qint64> Dispatcher::runRetryOnce(JobService &svc, const QString &workerId)
{
    return startRetry(svc, workerId, [&](std::unique_ptr<FlightGroup> g) {
        driveFlights(svc, *g);
        finishGroup(svc, *g);
    });
}

void Dispatcher::recordConfig(JobService &svc)
{
    for (const Route &r : m_config.routes)
        svc.recordRoute(r.name, r.toJson());
    for (const ProviderConfig &p : m_config.providers)
        svc.recordProvider(p.name, p.publicJson()); // never a password: every viewer reads it
}

ValidationRecord Dispatcher::validate(JobService &svc, const QString &provider, const QString &routeName)
{
    const Route *route = m_config.route(routeName);
    const ProviderConfig *cfg = m_config.provider(provider);
    const auto client = m_providers->client(provider);
    if (!route || !cfg || !client)
        throw JobDeskError(JobDeskError::Code::InvalidArgument,
                           QStringLiteral("unknown route '%1' or provider '%2'").arg(routeName, provider));
    const ValidationResult result = validateContract(*route, *cfg, *client, svc.nowMs());
    ValidationRecord rec;
    rec.provider = provider;
    rec.route = routeName;
    rec.configHash = result.configHash;
    rec.passed = result.passed;
    rec.report = result.report;
    rec.validatedAtMs = result.validatedAtMs;
    rec.expiresAtMs = result.expiresAtMs;
    rec.id = svc.recordValidation(rec);
    qCInfo(lcDispatch) << "contract validation of" << provider << "for" << routeName << (rec.passed ? "passed" : "FAILED");
    return rec;
}

} // namespace jobdesk
