#include "StoreWorker.h"

#include "Format.h"
#include "UiLogging.h"
#include "live/ChangeListener.h"
#include "live/LiveQueries.h"
#include "provider/Route.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QTimer>

namespace jobdesk::ui {

namespace {

qint64 localNow()
{
    return QDateTime::currentMSecsSinceEpoch();
}

// A job state as the store wrote it, in the words the console uses for it.
QString jobStateWords(const QString &state)
{
    const std::optional<JobState> s = jobStateFromString(state);
    return s ? Format::jobState(*s) : state;
}

} // namespace

StoreWorker::StoreWorker(StoreOptions options, std::shared_ptr<Generations> generations)
    : m_options(options), m_generations(std::move(generations))
{
}

StoreWorker::~StoreWorker()
{
    close();
}

void StoreWorker::before(const char *what)
{
    if (m_queryHook)
        m_queryHook(what);
}

qint64 StoreWorker::dbNow() const
{
    return localNow() + m_info.clockSkewMs;
}

// ---- connection ---------------------------------------------------------------

void StoreWorker::open(const StoreUrl &url)
{
    // Another store while one works: the new one must open before the old one
    // is let go; if it cannot, the console stays where it was and says why
    // (tst_ui_switch_connection::aFailedConnectKeepsTheWorkingConnection).
    if (m_svc && m_everOpened) {
        try {
            before("connect");
            m_opened = JobService::open(url);
        } catch (const std::exception &e) {
            const QString message = dynamic_cast<const JobDeskError *>(&e)
                                        ? static_cast<const JobDeskError &>(e).localizedMessage()
                                        : QString::fromUtf8(e.what());
            qCInfo(lcUi) << "cannot open" << url.toDisplayString() << "; staying on" << m_url->toDisplayString() << ":" << message;
            Q_EMIT openFailed(message);
            return;
        }
    }
    close();
    m_url = url;
    m_server.clear();
    m_everOpened = false;
    m_lost = false;
    if (!m_pollTimer) {
        m_pollTimer = new QTimer(this);
        m_pollTimer->setSingleShot(true);
        connect(m_pollTimer, &QTimer::timeout, this, [this] { poll(false); });
        m_wakeTimer = new QTimer(this);
        m_wakeTimer->setSingleShot(true);
        connect(m_wakeTimer, &QTimer::timeout, this, [this] { poll(true); });
    }
    tryOpen();
}

void StoreWorker::close()
{
    if (m_pollTimer)
        m_pollTimer->stop();
    if (m_wakeTimer)
        m_wakeTimer->stop();
    if (m_listener) {
        m_listener->stop();
        delete m_listener;
        m_listener = nullptr;
    }
    m_svc.reset();
    m_url.reset();
}

void StoreWorker::tryOpen()
{
    if (!m_url)
        return;
    try {
        std::unique_ptr<JobService> svc = std::move(m_opened);
        if (!svc) {
            before("connect");
            svc = JobService::open(*m_url);
        }
        before("session identity");
        SessionIdentity identity = svc->sessionIdentity();
        if (m_identityHook)
            m_identityHook(identity);
        const qint64 t0 = localNow();
        before("database clock");
        const qint64 db = svc->nowMs();
        const qint64 t1 = localNow();
        before("change marks");
        const qint64 highWater = svc->changeMarks().changeSeq;
        before("data version");
        m_dataVersion = svc->dataVersion();
        m_svc = std::move(svc);
        m_highWater = highWater;
        m_seenJobs.clear();
        m_seenAttempts.clear();
        m_countsKnown = false;
        m_info = ConnectionInfo{*m_url, identity, db - (t0 + t1) / 2};
        m_everOpened = true;
        qCInfo(lcUi) << "connected to" << m_url->toDisplayString() << "as" << identity.databaseUser << identity.roleName;
        Q_EMIT opened(m_info);
        noteGoodRead();
        // The first page is what the operator waits for (the window asks for it
        // on opened): the LISTEN connection and the first poll (counts, changes
        // since the mark read above) come right after it is served, or after
        // a moment if no page is asked for.
        m_finishOpening = true;
        QTimer::singleShot(200, this, [this] { finishOpening(); });
    } catch (const std::exception &e) {
        m_svc.reset();
        const QString message = dynamic_cast<const JobDeskError *>(&e)
                                    ? static_cast<const JobDeskError &>(e).localizedMessage()
                                    : QString::fromUtf8(e.what());
        qCInfo(lcUi) << "cannot open the store:" << message;
        if (!m_everOpened && !m_lost)
            Q_EMIT openFailed(message);
        noteLost(message);
    }
}

bool StoreWorker::ensureOpen()
{
    if (!m_svc)
        tryOpen();
    return m_svc != nullptr;
}

void StoreWorker::noteGoodRead()
{
    m_lastGoodReadMs = localNow();
    // The session reconnects by itself; after a failover it is on another host.
    if (const QString server = m_svc ? m_svc->session().server() : QString(); !server.isEmpty() && server != m_server) {
        const QString previous = std::exchange(m_server, server);
        Q_EMIT serverChanged(server, previous);
    }
    if (m_lost) {
        m_lost = false;
        m_backoffMs = 0;
        qCInfo(lcUi) << "store reachable again";
        Q_EMIT connectionRestored(m_lastGoodReadMs);
    }
    Q_EMIT goodRead(m_lastGoodReadMs);
}

void StoreWorker::noteLost(const QString &message)
{
    if (!m_lost) {
        m_lost = true;
        m_backoffMs = m_options.reconnectMinMs;
        qCWarning(lcUi) << "store unreachable:" << message;
        Q_EMIT connectionLost(message, m_lastGoodReadMs);
    } else {
        m_backoffMs = std::min(m_options.reconnectMaxMs, std::max(m_options.reconnectMinMs, m_backoffMs * 2));
    }
    if (m_pollTimer)
        m_pollTimer->start(m_backoffMs);
}

void StoreWorker::schedulePoll()
{
    if (!m_pollTimer || m_lost)
        return; // while lost, noteLost keeps the reconnect timer
    if (!m_paused)
        m_pollTimer->start(m_options.pollIntervalMs);
}

void StoreWorker::setPaused(bool paused)
{
    if (m_paused == paused)
        return;
    m_paused = paused;
    if (paused) {
        if (m_pollTimer && !m_lost)
            m_pollTimer->stop();
    } else if (m_url) {
        poll(true); // look at once when the window comes back
    }
}

void StoreWorker::setPollInterval(int ms)
{
    m_options.pollIntervalMs = std::max(10, ms);
    if (m_pollTimer && m_pollTimer->isActive() && !m_lost)
        m_pollTimer->start(m_options.pollIntervalMs);
}

// ---- polling --------------------------------------------------------------------

void StoreWorker::poll(bool force)
{
    if (!m_url)
        return;
    if (!m_svc) {
        tryOpen();
        return;
    }
    if (m_paused && !force && !m_lost)
        return;
    deliverPoll(force);
}

void StoreWorker::deliverPoll(bool force)
{
    if (!m_svc)
        return;
    try {
        PollResult r;
        const bool sqlite = m_svc->dialect() == Dialect::Sqlite;
        if (sqlite) {
            // data_version moves when another connection commits; read it
            // before the changes, so what commits in between is seen next time.
            before("data version");
            const std::optional<qint64> dv = m_svc->dataVersion();
            if (!force && m_countsKnown && dv == m_dataVersion) {
                r.readAtMs = localNow();
                r.dbNowMs = dbNow();
                noteGoodRead();
                Q_EMIT polled(r);
                schedulePoll();
                return;
            }
            m_dataVersion = dv;
        }
        std::optional<ChangeMarks> marks;
        if (!sqlite) {
            // The marks first: a number drawn after this read moves the
            // sequence past it, so the next poll reads in full.
            before("change marks");
            marks = m_svc->changeMarks();
            if (!force && m_countsKnown && m_fullReadSeq && marks->changeSeq == *m_fullReadSeq
                && m_fullReadClock.isValid() && m_fullReadClock.elapsed() < m_options.fullReadEveryMs) {
                r.marks = marks; // replays, race losses, validations, audit rows, lookups
                r.readAtMs = localNow();
                r.dbNowMs = dbNow();
                noteGoodRead();
                Q_EMIT polled(r);
                schedulePoll();
                return;
            }
            m_fullReadSeq = marks->changeSeq;
            m_fullReadClock.start();
        }
        // SQLite serialises writers and stamps inside the write transaction, so
        // commit order is sequence order there; PostgreSQL needs the overlap.
        const qint64 overlap = sqlite ? 0 : m_options.overlap;
        before("changes since");
        const Changes c = m_svc->changesSince(m_highWater, overlap);
        for (const Job &j : c.jobs) {
            const auto seen = m_seenJobs.constFind(j.id);
            if (seen != m_seenJobs.constEnd() && *seen >= j.changeSeq)
                continue;
            m_seenJobs.insert(j.id, j.changeSeq);
            r.jobs.append(j);
        }
        for (const Attempt &a : c.attempts) {
            const auto seen = m_seenAttempts.constFind(a.id);
            if (seen != m_seenAttempts.constEnd() && *seen >= a.changeSeq)
                continue;
            m_seenAttempts.insert(a.id, a.changeSeq);
            r.attempts.append(a);
        }
        m_highWater = std::max(m_highWater, c.highWaterMark);
        const qint64 floor = m_highWater - overlap;
        for (auto it = m_seenJobs.begin(); it != m_seenJobs.end();)
            it = it.value() <= floor ? m_seenJobs.erase(it) : std::next(it);
        for (auto it = m_seenAttempts.begin(); it != m_seenAttempts.end();)
            it = it.value() <= floor ? m_seenAttempts.erase(it) : std::next(it);
        if (!r.jobs.isEmpty() || !r.attempts.isEmpty() || !m_countsKnown || force) {
            before("counts by state");
            const StateCounts counts = m_svc->stateCounts(); // exact where actionable; never a scan per poll
            r.counts = counts.counts;
            r.estimatedStates = counts.estimated;
            r.countsRead = true;
            m_countsKnown = true;
        }
        // What the worklists watch (replays, race losses, validations and
        // audit rows move no job's change sequence): five index reads.
        if (!marks) {
            before("change marks");
            marks = m_svc->changeMarks();
        }
        r.marks = marks;
        r.looked = true;
        r.readAtMs = localNow();
        r.dbNowMs = dbNow();
        noteGoodRead();
        Q_EMIT polled(r);
        schedulePoll();
    } catch (const JobDeskError &e) {
        if (e.code() == JobDeskError::Code::StoreUnavailable) {
            noteLost(e.localizedMessage());
        } else {
            qCWarning(lcUi) << "poll failed:" << e.message();
            schedulePoll();
        }
    }
}

// ---- reads ------------------------------------------------------------------------

QList<JobRow> StoreWorker::withAttempts(const QList<Job> &jobs)
{
    QList<qint64> ids;
    ids.reserve(jobs.size());
    for (const Job &j : jobs)
        ids.append(j.id);
    before("attempts of a page");
    const QHash<qint64, QList<Attempt>> attempts = live::attemptsOfJobs(*m_svc, ids);
    QList<JobRow> rows;
    rows.reserve(jobs.size());
    for (const Job &j : jobs)
        rows.append(JobRow{j, attempts.value(j.id)});
    return rows;
}

void StoreWorker::finishOpening()
{
    if (!m_finishOpening || !m_svc)
        return;
    m_finishOpening = false;
    if (m_url && m_url->dialect == Dialect::Postgres) {
        if (!m_listener) {
            m_listener = new ChangeListener(this);
            connect(m_listener, &ChangeListener::changed, this, [this] {
                if (!m_paused && !m_wakeTimer->isActive())
                    m_wakeTimer->start(m_options.notifyCoalesceMs);
            });
        }
        m_listener->start(*m_url);
    }
    deliverPoll(true); // counts and anything that changed since the high-water mark
}

void StoreWorker::loadPage(quint64 generation, const JobFilter &filter, const std::optional<JobCursor> &after, int limit)
{
    if (generation < m_generations->page.load())
        return; // superseded before we got to it
    PageResult r;
    r.generation = generation;
    r.firstPage = !after.has_value();
    if (!ensureOpen()) {
        r.error = tr("not connected");
        Q_EMIT pageLoaded(r);
        return;
    }
    try {
        before("jobs page");
        const JobPage page = m_svc->jobPage(filter, after, limit);
        r.rows = withAttempts(page.jobs);
        r.nextCursor = page.next;
        noteGoodRead();
    } catch (const JobDeskError &e) {
        r.error = e.localizedMessage();
        if (e.code() == JobDeskError::Code::StoreUnavailable)
            noteLost(e.localizedMessage());
    }
    Q_EMIT pageLoaded(r);
    finishOpening(); // after the first page of a new connection: the listener and the first poll
}

void StoreWorker::loadAttempts(quint64 generation, const QList<qint64> &jobIds)
{
    if (!ensureOpen())
        return;
    try {
        AttemptsResult r;
        r.generation = generation;
        r.jobIds = jobIds;
        before("attempts of jobs");
        r.attempts = live::attemptsOfJobs(*m_svc, jobIds);
        noteGoodRead();
        Q_EMIT attemptsLoaded(r);
    } catch (const JobDeskError &e) {
        if (e.code() == JobDeskError::Code::StoreUnavailable)
            noteLost(e.localizedMessage());
    }
}

QList<ProviderChoice> StoreWorker::readProviders(const QString &routeName, qint64 dbNowMs)
{
    before("routes");
    const QList<NamedConfig> routes = m_svc->routes();
    before("providers");
    const QList<NamedConfig> providers = m_svc->providers();
    std::optional<Route> route;
    QStringList chain;
    for (const NamedConfig &r : routes) {
        if (r.name != routeName)
            continue;
        try {
            route = Route::fromJson(r.config);
            chain = route->providerChain;
        } catch (const JobDeskError &) {
            for (const QJsonValue &v : r.config.value(QStringLiteral("provider_chain")).toArray())
                chain.append(v.toString());
        }
    }
    QStringList names = chain;
    for (const NamedConfig &p : providers)
        if (!names.contains(p.name))
            names.append(p.name);

    QList<ProviderChoice> out;
    for (const QString &name : names) {
        ProviderChoice c;
        c.name = name;
        c.chainIndex = static_cast<int>(chain.indexOf(name));
        std::optional<QString> currentHash;
        if (route) {
            for (const NamedConfig &p : providers) {
                if (p.name != name)
                    continue;
                try {
                    currentHash = configHash(*route, ProviderConfig::fromJson(p.config));
                } catch (const JobDeskError &) {
                }
            }
        }
        before("latest contract validation");
        // The newest of the recorded configuration, as the dispatcher asks;
        // else the newest at all, to say it was for another configuration.
        if (currentHash)
            c.validation = m_svc->latestValidation(name, routeName, *currentHash);
        if (!c.validation)
            c.validation = m_svc->latestValidation(name, routeName);
        if (!c.validation) {
            c.status = tr("no contract validation for this route");
        } else if (!c.validation->passed) {
            c.status = tr("contract validation FAILED at %1").arg(Format::time(c.validation->validatedAtMs));
        } else if (c.validation->expiresAtMs <= dbNowMs) {
            c.status = tr("contract validation expired at %1").arg(Format::time(c.validation->expiresAtMs));
        } else if (currentHash && *currentHash != c.validation->configHash) {
            c.status = tr("validated for another configuration (route or provider changed since)");
        } else {
            c.proven = true;
            c.status = tr("proven until %1").arg(Format::time(c.validation->expiresAtMs));
        }
        out.append(c);
    }
    return out;
}

DetailResult StoreWorker::readDetail(qint64 jobId)
{
    DetailResult r;
    r.jobId = jobId;
    before("job detail");
    r.detail = m_svc->jobDetail(jobId);
    r.dbNowMs = dbNow();
    r.providers = readProviders(r.detail->job.route, r.dbNowMs);
    return r;
}

void StoreWorker::loadDetail(quint64 generation, qint64 jobId)
{
    if (generation < m_generations->detail.load())
        return;
    DetailResult r;
    if (!ensureOpen()) {
        r.generation = generation;
        r.jobId = jobId;
        r.error = tr("not connected");
        Q_EMIT detailLoaded(r);
        return;
    }
    try {
        r = readDetail(jobId);
        noteGoodRead();
    } catch (const JobDeskError &e) {
        r.jobId = jobId;
        r.error = e.localizedMessage();
        if (e.code() == JobDeskError::Code::StoreUnavailable)
            noteLost(e.localizedMessage());
    }
    r.generation = generation;
    Q_EMIT detailLoaded(r);
}

void StoreWorker::loadShowcase()
{
    Showcase s;
    if (!ensureOpen()) {
        Q_EMIT showcaseLoaded(s);
        return;
    }
    try {
        before("race losses");
        for (const RaceLoss &l : m_svc->raceLosses()) { // newest first
            if (l.winnerAttemptId) {
                s.raceLossJob = l.jobId;
                break;
            }
        }
        JobFilter blocked;
        blocked.states = {JobState::Blocked};
        before("blocked jobs");
        const JobPage page = m_svc->jobs(blocked, std::nullopt, 1);
        if (!page.jobs.isEmpty()) {
            s.blockedJob = page.jobs.first().id;
            before("attempts");
            for (const Attempt &a : m_svc->attempts(page.jobs.first().id))
                if (a.state == AttemptState::Unknown && !s.blockedAttempt)
                    s.blockedAttempt = a.id;
        }
        before("idempotency events");
        for (const IdempotencyEvent &e : m_svc->idempotencyEvents(std::nullopt, 500)) {
            if (e.kind == IdempotencyEvent::Kind::Conflict) {
                s.conflictJob = e.jobId;
                s.conflict = e;
                break;
            }
        }
        noteGoodRead();
    } catch (const JobDeskError &e) {
        if (e.code() == JobDeskError::Code::StoreUnavailable)
            noteLost(e.localizedMessage());
    }
    Q_EMIT showcaseLoaded(s);
}

// ---- operator actions --------------------------------------------------------------

template<typename F>
void StoreWorker::runAction(ActionResult result, F &&body)
{
    if (!ensureOpen()) {
        result.outcome = ActionResult::Outcome::Failed;
        result.message = tr("Not connected to the database: nothing was done.");
        Q_EMIT actionFinished(result);
        return;
    }
    try {
        body(result);
        noteGoodRead();
    } catch (const JobDeskError &e) {
        switch (e.code()) {
        case JobDeskError::Code::StaleView:
            result.outcome = ActionResult::Outcome::StaleView;
            result.message = tr("This job changed since you looked, so nothing was done: %1").arg(e.localizedMessage());
            break;
        case JobDeskError::Code::StoreUnavailable:
            result.outcome = ActionResult::Outcome::Failed;
            result.message = tr("The database could not be reached, so it is not known whether this took effect. "
                                "It is safe to press OK again: the same request is recognised and done at most once. (%1)")
                                 .arg(e.localizedMessage());
            noteLost(e.localizedMessage());
            break;
        case JobDeskError::Code::StoreBusy: // the connection is fine, and it is known that nothing was written
            result.outcome = ActionResult::Outcome::Failed;
            result.message = tr("The database stayed busy, so nothing was done; try again in a moment. (%1)").arg(e.localizedMessage());
            break;
        case JobDeskError::Code::InvalidTransition:
            result.outcome = ActionResult::Outcome::Refused;
            result.message = tr("Refused: %1").arg(e.localizedMessage());
            break;
        case JobDeskError::Code::Forbidden:
            result.outcome = ActionResult::Outcome::Refused;
            result.message = tr("Not allowed: %1").arg(e.localizedMessage());
            break;
        case JobDeskError::Code::InvalidArgument: // nothing was written: sending it again changes nothing
        case JobDeskError::Code::NotFound:
            result.outcome = ActionResult::Outcome::Refused;
            result.message = tr("Refused: %1").arg(e.localizedMessage());
            break;
        default:
            result.outcome = ActionResult::Outcome::Failed;
            result.message = e.localizedMessage();
            break;
        }
    }
    if (m_svc) {
        try {
            result.after = readDetail(result.jobId);
        } catch (const JobDeskError &e) {
            qCWarning(lcUi) << "re-reading job" << result.jobId << "after an action failed:" << e.message();
        }
    }
    Q_EMIT actionFinished(result);
    deliverPoll(true); // the table and the counts, now (our own commit does not move SQLite's data_version)
}

void StoreWorker::runCall(const char *what, const std::function<void(JobService &)> &body, CallStatus &status)
{
    if (!ensureOpen()) {
        status.notConnected = true;
        status.error = tr("Not connected to the database: nothing was read or done.");
        return;
    }
    try {
        before(what);
        body(*m_svc);
        status.ok = true;
        noteGoodRead();
    } catch (const JobDeskError &e) {
        status.code = e.code();
        status.error = e.localizedMessage();
        if (e.code() == JobDeskError::Code::StoreUnavailable) {
            status.connectionLost = true;
            noteLost(e.localizedMessage());
        }
    } catch (const std::exception &e) {
        status.error = QString::fromUtf8(e.what());
        qCWarning(lcUi) << what << "failed:" << status.error;
    }
}

void StoreWorker::cancelAttempt(quint64 ticket, qint64 jobId, qint64 attemptId, const OperatorRequest &request)
{
    ActionResult result;
    result.ticket = ticket;
    result.kind = ActionResult::Kind::CancelAttempt;
    result.jobId = jobId;
    result.attemptId = attemptId;
    runAction(result, [&](ActionResult &r) {
        before("cancel attempt");
        const OperatorResult o = m_svc->cancelAttempt(attemptId, request);
        r.response = o.response;
        r.outcome = o.replayed ? ActionResult::Outcome::Replayed : ActionResult::Outcome::Done;
        // The attempt by its number in the job (as every view names it), and
        // the job's state as of the cancel: it may move on at once.
        const std::optional<Attempt> a = m_svc->attempt(attemptId);
        const QString no = a ? QString::number(a->attemptNo) : QString::number(attemptId);
        r.message = o.replayed ? tr("Attempt #%1 had already been cancelled by this request.").arg(no)
                               : tr("Attempt #%1 cancelled at %2; job %3 was then %4.")
                                     .arg(no, Format::time(a ? a->updatedAtMs : m_svc->nowMs()), QString::number(jobId),
                                          jobStateWords(o.response.value(QStringLiteral("job_state")).toString()));
    });
}

void StoreWorker::cancelJob(quint64 ticket, qint64 jobId, const OperatorRequest &request)
{
    ActionResult result;
    result.ticket = ticket;
    result.kind = ActionResult::Kind::CancelJob;
    result.jobId = jobId;
    runAction(result, [&](ActionResult &r) {
        before("cancel job");
        const OperatorResult o = m_svc->cancelJob(jobId, request);
        r.response = o.response;
        r.outcome = o.replayed ? ActionResult::Outcome::Replayed : ActionResult::Outcome::Done;
        const qsizetype n = o.response.value(QStringLiteral("cancelled_attempts")).toArray().size();
        r.message = o.replayed ? tr("Job %1 had already been cancelled by this request.").arg(jobId)
                               : tr("Job %1 cancelled, with %n open attempt(s).", nullptr, int(n)).arg(jobId);
    });
}

void StoreWorker::retry(quint64 ticket, qint64 jobId, const QString &provider, const OperatorRequest &request)
{
    ActionResult result;
    result.ticket = ticket;
    result.kind = ActionResult::Kind::Retry;
    result.jobId = jobId;
    runAction(result, [&](ActionResult &r) {
        before("retry");
        const RetryResult o = m_svc->retry(jobId, provider, request);
        if (!o.start.started) {
            r.outcome = ActionResult::Outcome::Refused;
            r.message = tr("Retry refused: %1").arg(o.start.refusal.localized());
            if (o.start.refusal.blockingAttemptId) {
                r.attemptId = o.start.refusal.blockingAttemptId;
                // The store names it by its id; the console by its number in the job.
                if (const std::optional<Attempt> blocking = m_svc->attempt(*o.start.refusal.blockingAttemptId))
                    r.message += u' ' + tr("The attempt that blocks it is #%1 (id %2) on %3.")
                                            .arg(blocking->attemptNo)
                                            .arg(blocking->id)
                                            .arg(blocking->provider);
            }
            return;
        }
        const Attempt &a = o.start.attempt;
        r.attemptId = a.id;
        r.outcome = o.replayed ? ActionResult::Outcome::Replayed : ActionResult::Outcome::Done;
        r.message = o.replayed ? tr("This retry had already started attempt #%1.").arg(a.attemptNo)
                               : tr("Attempt #%1 started on %2.").arg(a.attemptNo).arg(a.provider);
        // "Started" is not "sent": a dispatcher serving the provider sends it
        // (an operator's retry is leased to whichever picks it up first). One
        // nobody sends by its lease is failed as never sent, and the operator
        // should know that before walking away.
        if (a.state == AttemptState::Starting && a.leaseExpiresAtMs)
            r.message += u' ' + tr("A dispatcher serving %1 sends it; if none has by %2, it fails as never sent "
                                   "(nothing is charged).")
                                    .arg(a.provider, Format::time(*a.leaseExpiresAtMs));
    });
}

} // namespace jobdesk::ui
