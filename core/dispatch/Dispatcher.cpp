#include "Dispatcher.h"

#include "Logging.h"
#include "provider/OutputCheck.h"
#include "provider/ProviderFactory.h"

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
    Attempt attempt;
    std::future<ProviderOutcome> result;
    bool applied = false;
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

void Dispatcher::start()
{
    if (!m_threads.empty())
        return;
    m_stopping = false;
    for (int i = 0; i < m_options.workers; ++i)
        m_threads.emplace_back([this, i] { workerLoop(i); });
    m_threads.emplace_back([this] { maintenanceLoop(); });
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
            if (!runOnce(*svc, workerId))
                waitIdle(m_options.idlePollMs);
        } catch (const std::exception &e) {
            qCWarning(lcDispatch) << workerId << "error:" << e.what();
            svc.reset(); // a fresh connection next time
            waitIdle(1000);
        }
    }
}

void Dispatcher::maintenanceLoop()
{
    std::unique_ptr<JobService> svc;
    bool recorded = false;
    while (!m_stopping) {
        try {
            if (!svc)
                svc = JobService::open(m_url);
            if (!recorded) {
                recordConfig(*svc);
                recorded = true;
            }
            reapOnce(*svc);
            reconcileOnce(*svc);
        } catch (const std::exception &e) {
            qCWarning(lcDispatch) << "maintenance error:" << e.what();
            svc.reset();
        }
        waitIdle(m_options.maintenanceEveryMs);
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
    const auto v = svc.latestValidation(provider, route.name);
    if (!v)
        return say(QStringLiteral("%1 has no contract validation for %2").arg(provider, route.name));
    if (!v->passed)
        return say(QStringLiteral("%1 failed its contract validation for %2").arg(provider, route.name));
    const QString key = route.name + u'\n' + provider;
    const bool ours = m_config.route(route.name) == &route && m_configHashes.contains(key);
    if (v->configHash != (ours ? m_configHashes.value(key) : configHash(route, *cfg)))
        return say(QStringLiteral("%1's validation for %2 is for another configuration").arg(provider, route.name));
    if (v->expiresAtMs <= nowMs)
        return say(QStringLiteral("%1's validation for %2 has expired").arg(provider, route.name));
    return true;
}

Dispatcher::NextProvider Dispatcher::nextProvider(JobService &svc, const Route &route, AttemptKind kind,
                                                  const QList<Attempt> &attempts)
{
    // The chain moves forward only: past every provider an automatic attempt already went to.
    qsizetype used = -1;
    for (const Attempt &a : attempts)
        if (a.kind != AttemptKind::Retry)
            used = std::max(used, route.providerChain.indexOf(a.provider));
    QStringList skipped;
    const qint64 now = svc.nowMs();
    qint64 coolingUntil = 0;
    for (qsizetype i = used + 1; i < route.providerChain.size(); ++i) {
        const QString &p = route.providerChain.at(i);
        // The primary's first attempt needs no validation; every fallback (and hedge) does.
        const bool fallback = i > 0 || kind == AttemptKind::Hedge;
        QString why;
        if (fallback && !isProven(svc, route, p, now, &why)) {
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
    const QList<Job> claimed = svc.claimQueuedJobs(workerId, 1, m_options.claimMs);
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
    if (!route) {
        try {
            svc.failJob(job.id, actor, QStringLiteral("no route named '%1' is configured").arg(job.route));
        } catch (const JobDeskError &e) {
            qCWarning(lcDispatch) << "job" << job.id << e.message();
        }
        return job.id;
    }
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

std::shared_ptr<Dispatcher::InFlight> Dispatcher::launch(JobService &svc, const Job &job, const Route &route,
                                                         const QString &provider, AttemptKind kind, const QString &workerId)
{
    const Actor actor = Actor::worker(workerId);
    StartAttemptRequest req;
    req.jobId = job.id;
    req.provider = provider;
    req.kind = kind;
    req.requestId = QUuid::createUuid().toString(QUuid::WithoutBraces);
    req.workerId = workerId;
    req.leaseMs = m_options.leaseMs;
    req.deadlineMs = route.deadlineMs;
    req.actor = actor;
    const StartAttemptResult started = svc.startAttempt(req);
    if (!started.started) {
        qCInfo(lcDispatch) << "job" << job.id << "no new attempt:" << started.refusal.message;
        return nullptr;
    }
    const Attempt &attempt = started.attempt;
    const ProviderConfig *cfg = m_config.provider(provider);
    const std::shared_ptr<ProviderClient> client = m_providers->client(provider);
    if (!cfg || !client) {
        svc.fail(attempt.id, actor, QStringLiteral("provider %1 is not configured; nothing was sent").arg(provider));
        return nullptr;
    }
    ProviderRequest request;
    try {
        request = makeProviderRequest(route, *cfg, job.input, attempt.providerKey());
    } catch (const JobDeskError &e) {
        svc.fail(attempt.id, actor, QStringLiteral("not sent: ") + e.message());
        return nullptr;
    }
    auto flight = std::make_shared<InFlight>();
    // 'running' means "about to be sent": if an operator cancelled it meanwhile, nothing is sent.
    flight->attempt = svc.markRunning(attempt.id, actor, m_options.leaseMs);
    if (flight->attempt.state != AttemptState::Running)
        return nullptr;
    qCDebug(lcDispatch) << "job" << job.id << "attempt" << attempt.providerKey() << "->" << provider << toText(kind);
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
    const auto started = Clock::now();
    auto lastBeat = started;
    const auto beatEvery = std::chrono::milliseconds(std::max<qint64>(50, m_options.leaseMs / 3));
    bool hedgeConsidered = !route.hedgeAfterMs;
    const auto hedgeAt = started + std::chrono::milliseconds(route.hedgeAfterMs.value_or(0));

    auto pending = [&] {
        return std::any_of(flights.begin(), flights.end(), [](const auto &f) { return !f->applied; });
    };
    while (pending()) {
        // Wait a little on the oldest pending call; bounded by the next heartbeat or hedge time.
        auto until = std::min(lastBeat + beatEvery, Clock::now() + std::chrono::milliseconds(50));
        if (!hedgeConsidered)
            until = std::min(until, hedgeAt);
        for (auto &f : flights) {
            if (!f->applied) {
                f->result.wait_until(until);
                break;
            }
        }
        for (auto &f : flights) {
            if (!f->applied && f->result.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
                f->applied = true;
                apply(svc, *f, f->result.get(), workerId);
            }
        }
        if (Clock::now() >= lastBeat + beatEvery) {
            lastBeat = Clock::now();
            for (auto &f : flights)
                if (!f->applied)
                    svc.heartbeat(f->attempt.id, workerId, m_options.leaseMs);
        }
        if (!hedgeConsidered && Clock::now() >= hedgeAt) {
            hedgeConsidered = true;
            // Hedge only while the first is still running, nothing is unknown and there is no winner.
            const QList<Attempt> attempts = svc.attempts(job.id);
            const bool blocked = std::any_of(attempts.begin(), attempts.end(),
                                             [](const Attempt &a) { return a.state == AttemptState::Unknown; });
            const auto current = svc.job(job.id);
            if (!flights.front()->applied && !blocked && current && !current->completedBy
                && current->state != JobState::Cancelled) {
                const NextProvider hedge = nextProvider(svc, route, AttemptKind::Hedge, attempts);
                if (!hedge.provider.isEmpty()) {
                    if (auto f = launch(svc, job, route, hedge.provider, AttemptKind::Hedge, workerId))
                        flights.push_back(std::move(f));
                } else {
                    qCInfo(lcDispatch) << "job" << job.id << "not hedged:" << hedge.whyNone;
                }
            }
        }
    }
}

void Dispatcher::apply(JobService &svc, const InFlight &call, const ProviderOutcome &outcome, const QString &workerId)
{
    const Actor actor = Actor::worker(workerId);
    const qint64 id = call.attempt.id;
    try {
        switch (outcome.kind) {
        case ProviderOutcome::Kind::Completed: {
            const QByteArray payload = outcome.output.isEmpty() ? outcome.content
                                                                : QJsonDocument(outcome.output).toJson(QJsonDocument::Compact);
            const CompleteResult r = svc.complete(id, payload, actor);
            qCDebug(lcDispatch) << "attempt" << call.attempt.providerKey()
                                << (r.outcome == CompleteResult::Outcome::Won ? "won" : "lost the race");
            break;
        }
        case ProviderOutcome::Kind::Failed:
            if (outcome.retryAfterMs) {
                std::lock_guard lock(m_cooldownMutex);
                m_notBeforeMs.insert(call.attempt.provider, svc.nowMs() + *outcome.retryAfterMs);
            }
            svc.fail(id, actor,
                     (outcome.invalidOutput ? QStringLiteral("invalid output: ") : QString()) + outcome.reason);
            break;
        case ProviderOutcome::Kind::Unknown:
            svc.markUnknown(id, actor, outcome.reason.isEmpty() ? QStringLiteral("outcome unknown") : outcome.reason);
            break;
        }
    } catch (const JobDeskError &e) {
        qCWarning(lcDispatch) << "attempt" << call.attempt.providerKey() << "could not record its outcome:" << e.message();
    }
}

// ---- maintenance --------------------------------------------------------------

int Dispatcher::reapOnce(JobService &svc)
{
    const QList<Attempt> reaped = svc.reapExpiredLeases(Actor{QStringLiteral("reaper"), m_options.workerId, Role::Service});
    for (const Attempt &a : reaped)
        qCWarning(lcDispatch) << "attempt" << a.providerKey() << "lost its worker; now unknown";
    return static_cast<int>(reaped.size());
}

int Dispatcher::reconcileOnce(JobService &svc)
{
    const Actor actor = Actor::reconciler(m_options.workerId);
    int resolved = 0;
    // Unknown attempts (of undecided jobs first: they block their job), then
    // cancelled ones that may have reached their provider: a late result for
    // them goes through the CAS and is recorded as a race loss.
    QList<Attempt> candidates = svc.unknownAttempts(50, /*includeDecided*/ true);
    candidates.append(svc.cancelledAttemptsToReconcile(svc.nowMs() - m_options.cancelledLookbackMs, 20));
    for (const Attempt &a : candidates) {
        if (m_stopping)
            break;
        const auto client = m_providers->client(a.provider);
        if (!client || !client->supportsStatusLookup())
            continue;
        const StatusLookup status = client->lookup(a.providerKey(), m_options.lookupDeadlineMs);
        qCDebug(lcDispatch) << "reconcile" << a.providerKey() << toText(a.state) << "->" << toText(status.kind) << status.reason;
        try {
            if (status.kind == StatusLookup::Kind::Completed) {
                const auto job = svc.job(a.jobId);
                const Route *route = job ? m_config.route(job->route) : nullptr;
                if (!route)
                    continue;
                const OutputCheck check = checkOutput(*route, status.content);
                if (check.ok)
                    svc.complete(a.id, QJsonDocument(check.output).toJson(QJsonDocument::Compact), actor);
                else if (a.state == AttemptState::Unknown)
                    svc.fail(a.id, actor, QStringLiteral("late output broke the contract: ") + check.reason);
                else
                    continue;
                ++resolved;
            } else if (status.kind == StatusLookup::Kind::NeverProcessed && a.state == AttemptState::Unknown) {
                svc.fail(a.id, actor, QStringLiteral("the provider reports it never processed %1").arg(a.providerKey()));
                ++resolved;
            }
        } catch (const JobDeskError &e) {
            qCWarning(lcDispatch) << "reconcile" << a.providerKey() << e.message();
        }
    }
    return resolved;
}

void Dispatcher::recordConfig(JobService &svc)
{
    for (const Route &r : m_config.routes)
        svc.recordRoute(r.name, r.toJson());
    for (const ProviderConfig &p : m_config.providers)
        svc.recordProvider(p.name, p.toJson());
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
