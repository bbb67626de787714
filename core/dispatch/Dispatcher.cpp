#include "Dispatcher.h"

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

using Clock = std::chrono::steady_clock;

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

// ---- one call in flight ---------------------------------------------------------

struct Dispatcher::InFlight
{
    Job job;
    const Route *route = nullptr;
    Attempt attempt;
    std::future<ProviderOutcome> result;
    std::optional<ProviderOutcome> outcome; // came back, not yet applied
    bool applied = false;
    int applyTries = 0;
    Clock::time_point nextApplyAt{};
    Clock::time_point firstApplyAt{};
    std::optional<Clock::time_point> storeRefusedSince; // the store errs (not an outage) since then
};

Dispatcher::Dispatcher(StoreUrl url, RouteConfig config, std::shared_ptr<ProviderDirectory> providers,
                       DispatcherOptions options)
    : m_url(std::move(url)), m_config(std::move(config)), m_providers(std::move(providers)), m_options(std::move(options))
{
    if (m_options.workerId.isEmpty())
        m_options.workerId = QStringLiteral("dispatcher-") + QUuid::createUuid().toString(QUuid::Id128).left(8);
    if (!m_providers)
        m_providers = std::make_shared<ProviderDirectory>(m_config);
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
    for (int i = 0; i < m_options.workers; ++i)
        m_threads.emplace_back([this, i] { workerLoop(i); });
    m_threads.emplace_back([this] { maintenanceLoop(); });
    m_threads.emplace_back([this] { reconcilerLoop(); });
}

void Dispatcher::stop()
{
    {
        std::lock_guard lock(m_wakeMutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    for (auto &t : m_threads)
        if (t.joinable())
            t.join();
    m_threads.clear();
}

void Dispatcher::waitIdle(qint64 ms)
{
    std::unique_lock lock(m_wakeMutex);
    m_wake.wait_for(lock, std::chrono::milliseconds(ms), [this] { return m_stopping.load(); });
}

void Dispatcher::workerLoop(int index)
{
    const QString workerId = m_options.workerId + u'/' + QString::number(index);
    std::unique_ptr<JobService> svc;
    while (!m_stopping) {
        try {
            if (!svc)
                svc = JobService::open(m_url);
            // Operators' retries first: someone is waiting for them.
            if (runRetryOnce(*svc, workerId))
                continue;
            if (!runOnce(*svc, workerId))
                waitIdle(m_options.idlePollMs);
        } catch (const std::exception &e) {
            // Only before anything was sent: once a call is in flight its
            // outcome is kept until applied (driveFlights never throws).
            qCWarning(lcDispatch) << workerId << "error:" << e.what();
            svc.reset(); // a fresh connection next time
            waitIdle(1000);
        }
    }
}

// The lease reaper (and the rolling-deploy gauge): never waits for a provider.
void Dispatcher::maintenanceLoop()
{
    std::unique_ptr<JobService> svc;
    bool recorded = false;
    qint64 lastOutside = -1;
    const QStringList routes = routeNames();
    while (!m_stopping) {
        try {
            if (!svc)
                svc = JobService::open(m_url);
            if (!recorded) {
                recordConfig(*svc);
                recorded = true;
            }
            reapOnce(*svc);
            const qint64 outside = svc->countQueuedOutside(routes);
            m_stats.queuedOnUnknownRoutes = outside;
            if (outside != lastOutside && outside > 0)
                qCWarning(lcDispatch) << outside << "queued job(s) are on routes this instance does not know; they wait"
                                      << "for an instance that does (known here:" << routes.join(QStringLiteral(", ")) << ")";
            lastOutside = outside;
        } catch (const std::exception &e) {
            qCWarning(lcDispatch) << "maintenance error:" << e.what();
            svc.reset();
        }
        waitIdle(m_options.maintenanceEveryMs);
    }
}

void Dispatcher::reconcilerLoop()
{
    std::unique_ptr<JobService> svc;
    while (!m_stopping) {
        try {
            if (!svc)
                svc = JobService::open(m_url);
            reconcileOnce(*svc);
        } catch (const std::exception &e) {
            qCWarning(lcDispatch) << "reconciler error:" << e.what();
            svc.reset();
        }
        waitIdle(m_options.reconcileEveryMs);
    }
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
    // The chain moves forward only, and after an automatic attempt every next
    // one needs a proof (chainPositionAfter, Domain.h).
    const ChainPosition pos = chainPositionAfter(attempts, route.providerChain);
    QStringList skipped;
    const qint64 now = svc.nowMs();
    qint64 coolingUntil = 0;
    for (qsizetype i = pos.next; i < route.providerChain.size(); ++i) {
        const QString &p = route.providerChain.at(i);
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
        return {p, {}};
    }
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

std::optional<qint64> Dispatcher::runOnce(JobService &svc, const QString &workerId)
{
    // Only jobs on routes this instance knows: another instance takes the rest (rolling deploys).
    const QList<Job> claimed = svc.claimQueuedJobs(workerId, 1, m_options.claimMs, routeNames());
    if (claimed.isEmpty())
        return std::nullopt;
    const Job job = claimed.first();
    const Actor actor = Actor::worker(workerId);
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
        return job.id;
    const NextProvider next = nextProvider(svc, *route, AttemptKind::Automatic, svc.attempts(job.id));
    if (next.provider.isEmpty()) {
        if (next.coolingUntilMs) {
            // Stays queued, and stays claimed until the Retry-After has passed,
            // so no worker spins on it meanwhile.
            svc.holdClaim(job.id, workerId, std::max<qint64>(1, next.coolingUntilMs - svc.nowMs()));
            release.keep = true;
            return job.id;
        }
        try {
            svc.failJob(job.id, actor, next.whyNone);
        } catch (const JobDeskError &e) {
            qCWarning(lcDispatch) << "job" << job.id << e.message();
        }
        return job.id;
    }
    runAttempts(svc, job, *route, next.provider, workerId);
    return job.id;
}

std::optional<qint64> Dispatcher::runRetryOnce(JobService &svc, const QString &workerId)
{
    QStringList providers;
    for (const ProviderConfig &p : m_config.providers)
        if (m_providers->client(p.name))
            providers.append(p.name);
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
    std::vector<std::shared_ptr<InFlight>> flights;
    if (auto f = send(svc, *job, *route, attempt, workerId)) {
        m_stats.retriesSent++;
        flights.push_back(std::move(f));
        driveFlights(svc, flights, workerId, {});
    }
    return attempt.id;
}

std::shared_ptr<Dispatcher::InFlight> Dispatcher::launch(JobService &svc, const Job &job, const Route &route,
                                                         const QString &provider, AttemptKind kind, const QString &workerId)
{
    StartAttemptRequest req;
    req.jobId = job.id;
    req.provider = provider;
    req.kind = kind;
    req.requestId = QUuid::createUuid().toString(QUuid::WithoutBraces);
    req.workerId = workerId;
    req.leaseMs = m_options.leaseMs;
    req.deadlineMs = route.deadlineMs;
    req.actor = Actor::worker(workerId);
    const StartAttemptResult started = svc.startAttempt(req);
    if (!started.started) {
        qCInfo(lcDispatch) << "job" << job.id << "no new attempt:" << started.refusal.message;
        return nullptr;
    }
    m_stats.attemptsStarted++;
    return send(svc, job, route, started.attempt, workerId);
}

std::shared_ptr<Dispatcher::InFlight> Dispatcher::send(JobService &svc, const Job &job, const Route &route,
                                                       const Attempt &attempt, const QString &workerId)
{
    const Actor actor = Actor::worker(workerId);
    const ProviderConfig *cfg = m_config.provider(attempt.provider);
    const std::shared_ptr<ProviderClient> client = m_providers->client(attempt.provider);
    if (!cfg || !client) {
        svc.fail(attempt.id, actor, QStringLiteral("provider %1 is not configured; nothing was sent").arg(attempt.provider));
        return nullptr;
    }
    ProviderRequest request;
    try {
        request = makeProviderRequest(route, *cfg, job.input, attempt.providerKey);
    } catch (const JobDeskError &e) {
        svc.fail(attempt.id, actor, QStringLiteral("not sent: ") + e.message());
        return nullptr;
    }
    auto flight = std::make_shared<InFlight>();
    flight->job = job;
    flight->route = &route;
    // 'running' means "about to be sent": if an operator cancelled it meanwhile,
    // nothing is sent; if this throws, nothing was sent and the lease expires
    // into 'failed, never sent'.
    // The lease runs from when the database marks it running; measured from
    // before the call, this process's deadline for the send is never later
    // than the lease's end (less a margin for the clocks' rates).
    const auto leaseFrom = SendClock::now(); // counts a suspended machine's sleep (ProviderClient.h)
    // Where it goes is recorded with the move to running: only that endpoint
    // can later say it never processed it, and a sender that stops right
    // after this statement leaves an attempt that endpoint's "no record"
    // settles. So is the route's contract the request is built under: a
    // result that arrives late is checked against it.
    try {
        flight->attempt = svc.markRunning(attempt.id, actor, m_options.leaseMs, route.deadlineMs, cfg->endpoint(),
                                          SentUnder{route.name, route.toJson()});
    } catch (const JobDeskError &e) {
        if (e.code() != JobDeskError::Code::InvalidArgument)
            throw; // the store: nothing was sent, and the lease runs out into "never sent"
        // Refused before the database was asked (the routes file's reader
        // refuses such a provider; an embedding caller's config may not): fail
        // it now, with the reason, rather than wait out its lease.
        svc.fail(attempt.id, actor, QStringLiteral("never sent: ") + e.message());
        return nullptr;
    }
    if (flight->attempt.state != AttemptState::Running)
        return nullptr;
    request.sendBy = leaseFrom + std::chrono::milliseconds(m_options.leaseMs - std::min<qint64>(1000, m_options.leaseMs / 10));
    if (m_options.beforeSendForTests)
        m_options.beforeSendForTests(flight->attempt);
    qCDebug(lcDispatch) << "job" << job.id << "attempt" << attempt.attemptNo << attempt.providerKey << "->"
                        << attempt.provider << toText(attempt.kind);
    flight->result = std::async(std::launch::async, [client, request] { return client->call(request); });
    return flight;
}

void Dispatcher::runAttempts(JobService &svc, const Job &job, const Route &route, const QString &provider,
                             const QString &workerId)
{
    std::vector<std::shared_ptr<InFlight>> flights;
    if (auto first = launch(svc, job, route, provider, AttemptKind::Automatic, workerId))
        flights.push_back(std::move(first));
    else
        return;
    const auto hedgeAt = Clock::now() + std::chrono::milliseconds(route.hedgeAfterMs.value_or(0));
    bool hedgeConsidered = !route.hedgeAfterMs;
    auto hedge = [&](std::vector<std::shared_ptr<InFlight>> &fl) {
        if (hedgeConsidered || Clock::now() < hedgeAt)
            return;
        hedgeConsidered = true;
        // Hedge only while the first is still running, nothing is unknown, there
        // is no winner, and this worker still holds its claim (the database checks
        // all of these again when the hedge starts).
        const QList<Attempt> attempts = svc.attempts(job.id);
        const bool blocked = std::any_of(attempts.begin(), attempts.end(),
                                         [](const Attempt &a) { return a.state == AttemptState::Unknown; });
        const auto current = svc.job(job.id);
        if (fl.front()->applied || fl.front()->outcome || blocked || !current || current->completedBy
            || current->state == JobState::Cancelled)
            return;
        const NextProvider next = nextProvider(svc, route, AttemptKind::Hedge, attempts);
        if (next.provider.isEmpty()) {
            qCInfo(lcDispatch) << "job" << job.id << "not hedged:" << next.whyNone;
            return;
        }
        if (auto f = launch(svc, job, route, next.provider, AttemptKind::Hedge, workerId))
            fl.push_back(std::move(f));
    };
    driveFlights(svc, flights, workerId, route.hedgeAfterMs ? std::function(hedge) : nullptr);
}

void Dispatcher::driveFlights(JobService &svc, std::vector<std::shared_ptr<InFlight>> &flights, const QString &workerId,
                              const std::function<void(std::vector<std::shared_ptr<InFlight>> &)> &hedge)
{
    auto lastBeat = Clock::now();
    // A beat renews the leases and the job's claim: often enough for the
    // shorter of the two, so a claim shorter than a third of the lease does
    // not lapse before the first beat and refuse a hedge due then
    // (tst_dispatcher::aHedgeDueAfterTheClaimTimeStillStartsWithALongLease).
    const auto beatEvery =
        std::chrono::milliseconds(std::max<qint64>(50, std::min(m_options.leaseMs, m_options.claimMs) / 3));
    auto pending = [&] {
        return std::any_of(flights.begin(), flights.end(), [](const auto &f) { return !f->applied; });
    };
    while (pending()) {
        // Wait a little on the oldest call still out; bounded by the next heartbeat.
        const auto until = std::min(lastBeat + beatEvery, Clock::now() + std::chrono::milliseconds(50));
        bool waited = false;
        for (auto &f : flights) {
            if (!f->applied && !f->outcome) {
                f->result.wait_until(until);
                waited = true;
                break;
            }
        }
        if (!waited) // only outcomes waiting for the store: wait for the earliest retry
            std::this_thread::sleep_until(until);
        for (auto &f : flights) {
            if (!f->applied && !f->outcome && f->result.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
                f->outcome = f->result.get();
                f->firstApplyAt = Clock::now();
                f->nextApplyAt = f->firstApplyAt;
            }
            if (f->applied || !f->outcome || Clock::now() < f->nextApplyAt)
                continue;
            const Applied applied = apply(svc, *f, *f->outcome, workerId);
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
        if (Clock::now() >= lastBeat + beatEvery) {
            lastBeat = Clock::now();
            try {
                bool claimRenewed = false;
                for (auto &f : flights) {
                    if (f->applied)
                        continue;
                    svc.heartbeat(f->attempt.id, workerId, m_options.leaseMs);
                    if (!claimRenewed && f->attempt.kind != AttemptKind::Retry) {
                        svc.claimJob(f->attempt.jobId, workerId, m_options.claimMs);
                        claimRenewed = true;
                    }
                }
            } catch (const JobDeskError &e) {
                qCWarning(lcDispatch) << "heartbeat failed (calls stay in flight, outcomes are kept):" << e.message();
            }
        }
        if (hedge) {
            try {
                hedge(flights);
            } catch (const JobDeskError &e) {
                qCWarning(lcDispatch) << "no hedge:" << e.message();
            }
        }
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
                     outcome.invalidOutput && !outcome.content.isEmpty() ? sha256Hex(outcome.content) : QString());
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

// ---- maintenance --------------------------------------------------------------

int Dispatcher::reapOnce(JobService &svc)
{
    const QList<Attempt> reaped = svc.reapExpiredLeases(Actor{QStringLiteral("reaper"), m_options.workerId, Role::Service});
    for (const Attempt &a : reaped)
        qCWarning(lcDispatch) << "attempt" << a.id << "of job" << a.jobId << "is now" << toText(a.state) << ":" << a.lastReason;
    m_stats.reaped += reaped.size();
    return static_cast<int>(reaped.size());
}

int Dispatcher::reconcileOnce(JobService &svc)
{
    const Actor actor = Actor::reconciler(m_options.workerId);
    const QStringList lookupProviders = providersWithStatusLookup();
    if (lookupProviders.isEmpty())
        return 0;
    // Every attempt of these providers is asked about, wherever its request
    // went: a result is a result wherever the provider is reached now, even
    // for an attempt sent to another spelling of the endpoint
    // (tst_reconciler::aPaidResultIsCollectedWhereverTheProviderIsReachedNow).
    // Only the endpoint it went to can say it never processed it: see below.
    const auto passStarts = Clock::now();
    const auto passEnds = passStarts + std::chrono::milliseconds(m_options.reconcileBudgetMs);
    // The undecided jobs' attempts get two thirds of the pass at most, so a
    // status endpoint that hangs on them cannot starve the late results of
    // cancelled attempts and decided jobs, which are not asked again after
    // the lookback
    // (tst_at_most_once::aHangingLookupDoesNotStarveTheLateResultsOfCancelledAttempts).
    int resolved = 0;
    // Unknown attempts of undecided jobs first (they block their job): those
    // an operator asked about ("ask the provider now") first, then least
    // recently asked first so none starves; then those of decided jobs and
    // cancelled ones that may have reached their provider: a late result for
    // them goes through the CAS and is recorded as a race loss.
    QList<Attempt> candidates = svc.unknownAttemptsToReconcile(m_options.reconcileBatch, lookupProviders, false);
    const qsizetype undecided = candidates.size();
    QSet<qint64> offered; // each attempt asked about once a pass (a requested one of a decided job comes in both lists)
    for (const Attempt &a : std::as_const(candidates))
        offered.insert(a.id);
    const auto offer = [&](const Attempt &a) {
        if (!offered.contains(a.id)) {
            offered.insert(a.id);
            candidates.append(a);
        }
    };
    if (candidates.size() < m_options.reconcileBatch)
        for (const Attempt &a : svc.unknownAttemptsToReconcile(m_options.reconcileBatch - static_cast<int>(candidates.size()),
                                                               lookupProviders, true))
            offer(a);
    for (const Attempt &a : svc.closedAttemptsToReconcile(svc.nowMs() - m_options.cancelledLookbackMs, 20, lookupProviders))
        offer(a);
    // Two thirds of what the list queries left of the pass, at least 1 ms.
    const auto afterQueries = Clock::now();
    const auto undecidedEnds =
        afterQueries + std::max(std::chrono::milliseconds(1),
                                std::chrono::duration_cast<std::chrono::milliseconds>(passEnds - afterQueries) * 2 / 3);
    for (qsizetype i = 0; i < candidates.size(); ++i) {
        const Attempt &a = candidates.at(i);
        const qint64 left =
            std::chrono::duration_cast<std::chrono::milliseconds>((i < undecided ? undecidedEnds : passEnds) - Clock::now()).count();
        if (m_stopping)
            break;
        if (left <= 0) {
            if (i < undecided) { // on to the rest of the pass
                i = undecided - 1;
                continue;
            }
            break;
        }
        const auto client = m_providers->client(a.provider);
        if (!client || !client->supportsStatusLookup())
            continue;
        // Read before the question goes out: an operator's request that arrives
        // while it is out stays outstanding (the answer is older than it).
        std::optional<qint64> askedAt;
        if (a.state == AttemptState::Unknown) {
            try {
                askedAt = svc.nowMs();
            } catch (const JobDeskError &) {
                // recorded as asked now, as before
            }
        }
        const StatusLookup status = client->lookup(a.providerKey, std::min(m_options.lookupDeadlineMs, std::max<qint64>(left, 100)));
        qCDebug(lcDispatch) << "reconcile" << a.id << a.providerKey << toText(a.state) << "->" << toText(status.kind) << status.reason;
        try {
            // "Never processed" is conclusive only once no copy of the request
            // can still arrive: asked well after the lease within which its
            // sender could send. An attempt without a lease (a row from a
            // sender that knew no send-by) counts from when it went unknown.
            const qint64 conclusiveFrom = a.leaseExpiresAtMs.value_or(a.updatedAtMs) + m_options.neverProcessedGraceMs;
            const bool neverProcessed = status.kind == StatusLookup::Kind::NeverProcessed;
            // Only the endpoint the request went to can say it never
            // processed it: after a rolling deploy that moved the provider, a
            // new endpoint that never saw the key must not send the job to
            // the fallback while the old one still works on it
            // (tst_reconciler::anEndpointTheRequestNeverWentToCannotSettleItWithANoRecord).
            // An attempt that records another endpoint, or none (an older
            // row, or marked running without an endpoint by an embedding
            // caller), is not settled by this endpoint's "no record": an
            // instance that has the provider there, or an operator, decides
            // (tst_reconciler::anAttemptThatDoesNotRecordWhereItWentIsNotFailedOnANoRecord).
            const QString here = m_config.provider(a.provider)->endpoint();
            const std::optional<QString> sentTo =
                neverProcessed && a.state == AttemptState::Unknown ? svc.attemptSentTo(a.id) : std::nullopt;
            const bool whereKnown = sentTo && *sentTo == here;
            const bool conclusive = neverProcessed && whereKnown && askedAt && *askedAt >= conclusiveFrom;
            if (a.state == AttemptState::Unknown) {
                // What the operator's unknown queue shows when the answer did not settle it.
                std::optional<LookupAnswer> answer;
                QString detail = status.reason;
                if (neverProcessed && !sentTo) {
                    answer = LookupAnswer::NeverProcessed;
                    detail = QStringLiteral("the provider at %1 has no record of key %2, but the attempt does not record where its "
                                            "request went (sent by an older JobDesk, which may have had %3 elsewhere): "
                                            "that settles nothing; an operator decides")
                                 .arg(here, a.providerKey, a.provider);
                } else if (neverProcessed && !whereKnown) {
                    answer = LookupAnswer::NeverProcessed;
                    detail = QStringLiteral("the provider at %1 has no record of key %2, but the request went to %3: only that "
                                            "endpoint's \"no record\" settles it; an instance that has %4 there, or an operator, "
                                            "decides")
                                 .arg(here, a.providerKey, *sentTo, a.provider);
                } else if (neverProcessed && !conclusive) {
                    answer = LookupAnswer::NeverProcessed;
                    detail = QStringLiteral("the provider has no record of key %1; that is conclusive from %2 UTC, %3 s after "
                                            "the attempt's lease ended, when no copy of the request can still arrive")
                                 .arg(a.providerKey, QDateTime::fromMSecsSinceEpoch(conclusiveFrom, Qt::UTC).toString(Qt::ISODate),
                                      QString::number(m_options.neverProcessedGraceMs / 1000.0));
                } else if (status.kind == StatusLookup::Kind::InProgress) {
                    answer = LookupAnswer::InProgress;
                } else if (status.kind == StatusLookup::Kind::Unknown) {
                    answer = LookupAnswer::NoAnswer;
                }
                svc.recordLookup(a.id, askedAt, answer, detail, /*askedWhereItWent*/ !neverProcessed || whereKnown);
            } else if (a.state == AttemptState::Cancelled || a.state == AttemptState::Failed) {
                svc.recordLookup(a.id); // least recently asked first next time (closedAttemptsToReconcile)
                // A failed attempt its provider is still working on: it was
                // failed on a "no record" or "never sent" that was wrong, and
                // its job may have gone to another provider meanwhile. Its late
                // result, if it comes, is kept as a race loss; this is the
                // first sign, for whoever watches the logs (once per attempt:
                // it is asked about again at every pass for an hour).
                const bool report = a.state == AttemptState::Failed && status.kind == StatusLookup::Kind::InProgress && [&] {
                    std::lock_guard lock(m_reportedMutex);
                    if (m_reportedStillWorking.contains(a.id))
                        return false;
                    if (m_reportedStillWorking.size() >= 100000)
                        m_reportedStillWorking.clear(); // bounded; at worst one is reported again
                    m_reportedStillWorking.insert(a.id);
                    return true;
                }();
                if (report)
                    qCCritical(lcDispatch).noquote()
                        << QStringLiteral("attempt %1 of job %2 was failed (%3), but %4 says it is still working on key %5: "
                                          "the job's intent may be running at two providers")
                               .arg(a.id)
                               .arg(a.jobId)
                               .arg(a.lastReason, a.provider, a.providerKey);
            }
            if (status.kind == StatusLookup::Kind::Completed) {
                const auto job = svc.job(a.jobId);
                // The result is checked against the contract its request was
                // built under, so a routes file changed meanwhile neither
                // fails a paid result that met it (sending the job on to its
                // next provider) nor passes one that broke it
                // (tst_reconciler::aLateResultIsCheckedAgainstTheContractItWasSentUnder).
                // One this JobDesk cannot read as a whole is checked by its
                // output rules as recorded; only rules it cannot read either
                // are left for an instance that can.
                std::optional<Route> sentUnder;
                bool unreadable = false;
                if (const std::optional<NamedConfig> c = svc.attemptContract(a.id)) {
                    try {
                        sentUnder = Route::fromJson(c->config);
                    } catch (const JobDeskError &) {
                        // A route this JobDesk does not read as a whole (a
                        // newer JobDesk's key, an embedding caller's route the
                        // file reader would refuse): the result is checked
                        // against the parts the check reads, as recorded,
                        // rather than waiting for an operator's cancel to
                        // throw the paid result away
                        // (tst_reconciler::aContractWithKeysThisVersionDoesNotKnowStillChecksALateResult).
                        QJsonObject rules{{QStringLiteral("name"), c->name},
                                          {QStringLiteral("prompt_template"), QStringLiteral("(as recorded)")},
                                          {QStringLiteral("provider_chain"), QJsonArray{a.provider}}};
                        for (const char *key : {"output_schema", "required_fields", "allowed_values"})
                            if (c->config.contains(QLatin1String(key)))
                                rules.insert(QLatin1String(key), c->config.value(QLatin1String(key)));
                        try {
                            sentUnder = Route::fromJson(rules);
                        } catch (const JobDeskError &e) {
                            unreadable = true;
                            qCWarning(lcDispatch) << "attempt" << a.id << "of job" << a.jobId << "completed at" << a.provider
                                                  << "but the output rules of route" << c->name << "it was sent under are"
                                                  << "unreadable here:" << e.message() << "; left for an instance that can read them";
                        }
                    }
                }
                if (unreadable)
                    continue;
                const Route *route = sentUnder ? &*sentUnder : job ? m_config.route(job->route) : nullptr;
                // An attempt that records no contract (an older row) on a
                // route this instance's routes file lacks: the result is
                // checked against the contract last recorded for the route in
                // the store, rather than skipped at every pass until an
                // operator's cancel throws it away.
                std::optional<Route> recorded;
                if (!route && job) {
                    for (const NamedConfig &c : svc.routes())
                        if (c.name == job->route) {
                            try {
                                recorded = Route::fromJson(c.config);
                            } catch (const JobDeskError &e) {
                                qCWarning(lcDispatch) << "route" << job->route << "as recorded is unreadable:" << e.message();
                            }
                        }
                    if (recorded)
                        route = &*recorded;
                }
                if (!route) {
                    qCWarning(lcDispatch) << "attempt" << a.id << "of job" << a.jobId << "completed at" << a.provider
                                          << "but its route" << (job ? job->route : QString()) << "has no contract here or in the "
                                          << "store to check the result against: left for an instance that knows the route";
                    continue;
                }
                // A late result that breaks the contract, or that the store
                // refuses (over 1 MiB), fails an unknown attempt with its
                // digest; for a cancelled one, the digest is its race loss.
                const OutputCheck check = checkOutput(*route, status.content);
                if (check.ok) {
                    const QByteArray asIs = status.content.trimmed();
                    const QJsonDocument doc = QJsonDocument::fromJson(asIs);
                    const QByteArray payload = doc.isObject() && doc.object() == check.output && isStrictJson(asIs)
                                                   ? asIs
                                                   : QJsonDocument(check.output).toJson(QJsonDocument::Compact);
                    try {
                        svc.complete(a.id, payload, actor);
                    } catch (const JobDeskError &e) {
                        if (e.code() != JobDeskError::Code::InvalidArgument)
                            throw;
                        svc.fail(a.id, actor, QStringLiteral("invalid output: the store refused the late result: ") + e.message(),
                                 sha256Hex(payload));
                    }
                } else {
                    svc.fail(a.id, actor, QStringLiteral("invalid output: the late output broke the contract: ") + check.reason,
                             sha256Hex(status.content));
                }
                ++resolved;
            } else if (neverProcessed && a.state == AttemptState::Unknown) {
                if (!conclusive) {
                    qCDebug(lcDispatch) << "reconcile" << a.id << "never processed, not yet conclusive: asked"
                                        << (askedAt ? conclusiveFrom - *askedAt : -1) << "ms too early";
                    continue;
                }
                svc.fail(a.id, actor, QStringLiteral("the provider reports it never processed key %1").arg(a.providerKey));
                ++resolved;
            }
        } catch (const JobDeskError &e) {
            qCWarning(lcDispatch) << "reconcile" << a.id << e.message();
        }
    }
    m_stats.reconciled += resolved;
    return resolved;
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
