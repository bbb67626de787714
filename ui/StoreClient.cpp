#include "StoreClient.h"

#include <QDateTime>

namespace jobdesk::ui {

StoreClient::StoreClient(StoreOptions options, QObject *parent)
    : QObject(parent), m_generations(std::make_shared<Generations>())
{
    m_thread.setObjectName(QStringLiteral("jobdesk-store-worker"));
    m_worker = new StoreWorker(options, m_generations);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);

    // Worker -> UI: queued (the worker lives on another thread).
    connect(m_worker, &StoreWorker::opened, this, [this](const ConnectionInfo &info) {
        m_connected = true;
        m_lost = false;
        m_info = info;
        Q_EMIT opened(info);
    });
    connect(m_worker, &StoreWorker::openFailed, this, &StoreClient::openFailed);
    connect(m_worker, &StoreWorker::connectionLost, this, [this](const QString &message, qint64 last) {
        m_lost = true;
        Q_EMIT connectionLost(message, last);
    });
    connect(m_worker, &StoreWorker::connectionRestored, this, [this](qint64 at) {
        m_lost = false;
        Q_EMIT connectionRestored(at);
    });
    connect(m_worker, &StoreWorker::goodRead, this, [this](qint64 at) {
        m_lastGoodReadMs = at;
        Q_EMIT goodRead(at);
    });
    connect(m_worker, &StoreWorker::pageLoaded, this, &StoreClient::pageLoaded);
    connect(m_worker, &StoreWorker::attemptsLoaded, this, &StoreClient::attemptsLoaded);
    connect(m_worker, &StoreWorker::detailLoaded, this, &StoreClient::detailLoaded);
    connect(m_worker, &StoreWorker::polled, this, &StoreClient::polled);
    connect(m_worker, &StoreWorker::actionFinished, this, &StoreClient::actionFinished);
    connect(m_worker, &StoreWorker::showcaseLoaded, this, &StoreClient::showcaseLoaded);
    connect(m_worker, &StoreWorker::serverChanged, this, &StoreClient::serverChanged);
    m_thread.start();
}

StoreClient::~StoreClient()
{
    m_thread.quit();
    m_thread.wait();
}

void StoreClient::open(const StoreUrl &url)
{
    // A working connection stays until the new store opened (StoreWorker::open).
    if (!isConnected()) {
        m_connected = false;
        m_lost = false;
    }
    post([w = m_worker, url] { w->open(url); });
}

quint64 StoreClient::loadPage(const JobFilter &filter, const std::optional<JobCursor> &after, int limit)
{
    const quint64 gen = ++m_generations->page;
    post([w = m_worker, gen, filter, after, limit] { w->loadPage(gen, filter, after, limit); });
    return gen;
}

quint64 StoreClient::loadAttempts(const QList<qint64> &jobIds)
{
    const quint64 gen = ++m_attemptsGeneration;
    post([w = m_worker, gen, jobIds] { w->loadAttempts(gen, jobIds); });
    return gen;
}

quint64 StoreClient::loadDetail(qint64 jobId)
{
    const quint64 gen = ++m_generations->detail;
    post([w = m_worker, gen, jobId] { w->loadDetail(gen, jobId); });
    return gen;
}

void StoreClient::loadShowcase()
{
    post([w = m_worker] { w->loadShowcase(); });
}

void StoreClient::pollNow()
{
    post([w = m_worker] { w->poll(true); });
}

void StoreClient::setPaused(bool paused)
{
    if (m_paused == paused)
        return;
    m_paused = paused;
    post([w = m_worker, paused] { w->setPaused(paused); });
}

void StoreClient::setPollInterval(int ms)
{
    post([w = m_worker, ms] { w->setPollInterval(ms); });
}

quint64 StoreClient::cancelAttempt(qint64 jobId, qint64 attemptId, const OperatorRequest &request)
{
    const quint64 ticket = ++m_nextTicket;
    post([w = m_worker, ticket, jobId, attemptId, request] { w->cancelAttempt(ticket, jobId, attemptId, request); });
    return ticket;
}

quint64 StoreClient::cancelJob(qint64 jobId, const OperatorRequest &request)
{
    const quint64 ticket = ++m_nextTicket;
    post([w = m_worker, ticket, jobId, request] { w->cancelJob(ticket, jobId, request); });
    return ticket;
}

quint64 StoreClient::retry(qint64 jobId, const QString &provider, const OperatorRequest &request)
{
    const quint64 ticket = ++m_nextTicket;
    post([w = m_worker, ticket, jobId, provider, request] { w->retry(ticket, jobId, provider, request); });
    return ticket;
}

void StoreClient::setQueryHook(StoreWorker::QueryHook hook)
{
    post([w = m_worker, hook = std::move(hook)]() mutable { w->setQueryHook(std::move(hook)); });
}

void StoreClient::setIdentityHook(StoreWorker::IdentityHook hook)
{
    post([w = m_worker, hook = std::move(hook)]() mutable { w->setIdentityHook(std::move(hook)); });
}

Actor StoreClient::actor() const
{
    return Actor::operatorUser(m_info.identity.databaseUser.isEmpty() ? QStringLiteral("console")
                                                                      : m_info.identity.databaseUser);
}

QString StoreClient::whyCannotAct() const
{
    if (canAct())
        return QString();
    if (m_lost)
        return tr("The connection is lost: actions wait until it is back.");
    if (!m_connected)
        return tr("Not connected to a store.");
    return tr("This connection may only read (role %1).").arg(m_info.identity.roleName);
}

qint64 StoreClient::dbNowMs() const
{
    return QDateTime::currentMSecsSinceEpoch() + m_info.clockSkewMs;
}

} // namespace jobdesk::ui
