// Starting and sending attempts: a worker (or the keeper, for a hedge)
// starts the attempt, marks it running and hands its request to the
// provider client's sender loop (core/dispatch/README.md, "Who owns what").

#include "Dispatcher.h"
#include "DispatcherInternal.h"

#include "Logging.h"
#include "domain/LogContext.h"
#include "domain/TraceContext.h"

#include <QDateTime>
#include <QUuid>

#include <algorithm>
#include <thread>

namespace jobdesk {

std::shared_ptr<Dispatcher::InFlight> Dispatcher::launch(JobService &svc, const Job &job, const Route &route,
                                                         const QString &provider, AttemptKind kind, const QString &workerId,
                                                         std::shared_ptr<GateSlot> slot)
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
    return send(svc, job, route, started.attempt, workerId, std::move(slot));
}

std::shared_ptr<Dispatcher::InFlight> Dispatcher::send(JobService &svc, const Job &job, const Route &route,
                                                       const Attempt &attempt, const QString &workerId,
                                                       std::shared_ptr<GateSlot> slot)
{
    const Actor actor = Actor::worker(workerId);
    // Renewed from here on; dropped again unless a flight comes of it (then
    // the keeper drops it once the outcome is applied). Dropped on a throw
    // too: the lease then runs out into "never sent", as it must.
    holdLease(workerId, attempt);
    struct Drop
    {
        Dispatcher &d;
        const QString &worker;
        qint64 id;
        bool keep = false;
        ~Drop()
        {
            if (!keep)
                d.dropLease(worker, id);
        }
    } drop{*this, workerId, attempt.id};
    const ProviderConfig *cfg = m_config.provider(attempt.provider);
    const std::shared_ptr<ProviderClient> client = m_providers->client(attempt.provider);
    if (!cfg || !client) {
        svc.fail(attempt.id, actor, QStringLiteral("provider %1 is not configured; nothing was sent").arg(attempt.provider), {}, /*providerDidNothing*/ true);
        return nullptr;
    }
    const LogScope scope({job.id, attempt.id, traceIdOf(job.clientMeta.value(QStringLiteral("traceparent")).toString().toLatin1())});
    ProviderRequest request;
    try {
        request = makeProviderRequest(route, *cfg, job.input, attempt.providerKey);
        request.traceparent = childTraceparent(job.clientMeta.value(QStringLiteral("traceparent")).toString().toLatin1(),
                                               attempt.providerKey.toLatin1());
    } catch (const JobDeskError &e) {
        svc.fail(attempt.id, actor, QStringLiteral("not sent: ") + e.message(), {}, /*providerDidNothing*/ true);
        return nullptr;
    }
    auto flight = std::make_shared<InFlight>();
    flight->job = job;
    flight->route = &route;
    // 'running' means "about to be sent": if an operator cancelled it meanwhile,
    // nothing is sent; if this throws, nothing was sent and the lease expires
    // into 'failed, never sent'.
    // The lease runs from when the database marks it running; measured from
    // before the call (on SQLite, from the lease as granted: below), this
    // process's deadline for the send is never later than the lease's end
    // (less a margin for the clocks' rates).
    if (m_options.afterStartForTests)
        m_options.afterStartForTests(attempt);
    auto leaseFrom = SendClock::now(); // counts a suspended machine's sleep (ProviderClient.h)
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
        svc.fail(attempt.id, actor, QStringLiteral("never sent: ") + e.message(), {}, /*providerDidNothing*/ true);
        return nullptr;
    }
    if (flight->attempt.state != AttemptState::Running)
        return nullptr;
    // SQLite stamps the lease with this machine's clock inside the write
    // transaction, so time spent waiting for another writer's lock is not
    // lost from the send's window: it is measured from the lease as granted,
    // which started no earlier than the call and no later than now.
    // tst_dispatch_scale::noLeaseExpiresUnderHeavyConcurrentWriters.
    if (m_url.dialect == Dialect::Sqlite && flight->attempt.leaseExpiresAtMs) {
        // This clock first: a stall between the two reads then shortens the window, never stretches it.
        const auto now = SendClock::now();
        const qint64 left = *flight->attempt.leaseExpiresAtMs - QDateTime::currentMSecsSinceEpoch();
        leaseFrom = std::clamp(now - std::chrono::milliseconds(m_options.leaseMs - left), leaseFrom, now);
    }
    auto sent = dispatch(job, route, flight->attempt, std::move(request), leaseFrom, std::move(slot));
    drop.keep = sent != nullptr;
    return sent;
}

std::shared_ptr<Dispatcher::InFlight> Dispatcher::dispatch(const Job &job, const Route &route, const Attempt &running,
                                                           ProviderRequest request, SendClock::time_point leaseFrom,
                                                           std::shared_ptr<GateSlot> slot)
{
    const std::shared_ptr<ProviderClient> client = m_providers->client(running.provider);
    auto flight = std::make_shared<InFlight>();
    flight->job = job;
    flight->route = &route;
    flight->attempt = running;
    request.sendBy = leaseFrom + std::chrono::milliseconds(m_options.leaseMs - std::min<qint64>(1000, m_options.leaseMs / 10));
    if (m_options.beforeSendForTests)
        m_options.beforeSendForTests(flight->attempt);
    qCDebug(lcDispatch) << "job" << job.id << "attempt" << running.attemptNo << running.providerKey << "->" << running.provider
                        << toText(running.kind);
    // Onto the provider client's sender loop (libcurl's multi interface): this
    // thread does not wait for the answer. A client that cannot gets a thread
    // for its call, as every attempt had before.
    auto promise = std::make_shared<std::promise<ProviderOutcome>>();
    flight->result = promise->get_future();
    // The provider's place is given back as soon as the transfer is over,
    // before the outcome is applied.
    if (slot)
        slot->sent = true;
    auto done = [promise, wake = m_flightWake, slot = std::move(slot), id = static_cast<const void *>(flight.get())](
                    ProviderOutcome o) mutable {
        slot.reset();
        promise->set_value(std::move(o));
        wake->notify(id); // only an address to the keeper: it steps that flight's group
    };
    if (client->callsAsync())
        client->callAsync(request, std::move(done));
    else
        std::thread([client, request, done = std::move(done)]() mutable { done(client->call(request)); }).detach();
    return flight;
}

// The hedge of a job's first attempt: considered once, hedgeAfterMs after it
// was sent, on the thread that drives the group.
Dispatcher::Hedge Dispatcher::hedgeFor(const Job &job, const Route &route, const QString &workerId)
{
    const auto hedgeAt = Clock::now() + std::chrono::milliseconds(route.hedgeAfterMs.value_or(0));
    auto considered = std::make_shared<bool>(!route.hedgeAfterMs);
    return [this, job, route = &route, workerId, hedgeAt, considered](JobService &svc, Flights &fl) {
        if (*considered || Clock::now() < hedgeAt)
            return;
        // The hedge's provider is not known before the store is read; a
        // place is taken on it below, and without one the hedge is looked
        // at again at the next step.
        *considered = true;
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
        const NextProvider next = nextProvider(svc, *route, AttemptKind::Hedge, attempts);
        if (next.provider.isEmpty()) {
            qCInfo(lcDispatch) << "job" << job.id << "not hedged:" << next.whyNone;
            return;
        }
        qint64 retryIn = 0;
        std::shared_ptr<GateSlot> slot = takeSlot(next.provider, &retryIn);
        if (!slot) {
            *considered = false; // at the provider's limit: again later
            return;
        }
        if (auto f = launch(svc, job, *route, next.provider, AttemptKind::Hedge, workerId, std::move(slot)))
            fl.push_back(std::move(f));
    };
}

} // namespace jobdesk
