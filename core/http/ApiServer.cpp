#include "http/ApiServer.h"

#include "http/HandlerPool.h"
#include "http/HttpLogging.h"

#include <QCoreApplication>
#include <QElapsedTimer>

namespace jobdesk {

ApiServer::ApiServer(const StoreUrl &url, RouteConfig routes, ApiServerOptions options, QObject *parent)
    : QObject(parent)
    , m_notifier(std::make_shared<ChangeNotifier>(url, options.notifyInterval))
    , m_api(std::make_unique<ApiService>(std::move(routes), options.api, m_notifier))
    , m_pool(std::make_unique<HandlerPool>(url, options.handlerThreads, options.maxQueued))
{
    options.transport.limits.maxBodyBytes = options.api.maxBodyBytes;
    m_transport = new HttpTransport([this](HttpRequest r, HttpTransport::Respond respond) { onRequest(std::move(r), std::move(respond)); },
                                    options.transport, this);
    m_transport->setObserver([this](const QByteArray &method, const HttpResponse &r) {
        m_api->metrics().countResponse(r.endpoint, r.status);
        qCDebug(lcHttp).noquote() << "answered" << method << r.endpoint << r.status;
    });
    connect(m_transport, &HttpTransport::drained, this, &ApiServer::drained);
    m_api->setServerGauges([this] {
        ServerGauges g;
        g.handlerThreads = m_pool->threadCount();
        g.handlersBusy = m_pool->busy();
        g.queued = m_pool->queued();
        g.notificationsSent = m_notifier->sent();
        g.connections = m_connections.load();
        return g;
    });
}

ApiServer::~ApiServer()
{
    stop();
}

bool ApiServer::listen(const QHostAddress &address, quint16 port, QString *error)
{
    if (!m_transport->listen(address, port, error))
        return false;
    qCInfo(lcHttp).noquote() << QStringLiteral("listening on http://%1:%2 with %3 handler threads")
                                    .arg(address.protocol() == QAbstractSocket::IPv6Protocol ? u'[' + address.toString() + u']'
                                                                                              : address.toString())
                                    .arg(m_transport->port())
                                    .arg(m_pool->threadCount());
    return true;
}

quint16 ApiServer::port() const { return m_transport->port(); }
void ApiServer::setDispatcherStatus(std::function<QString()> status) { m_api->setDispatcherStatus(std::move(status)); }
int ApiServer::pendingResponses() const { return m_transport->pendingResponses(); }

void ApiServer::stopAccepting()
{
    m_accepting = false;
    m_transport->stopListening();
    if (m_transport->pendingResponses() == 0 && m_transport->unsentBytes() == 0)
        QMetaObject::invokeMethod(this, &ApiServer::drained, Qt::QueuedConnection);
}

void ApiServer::stop()
{
    m_accepting = false;
    if (m_pool)
        m_pool->stop(); // answers what is queued; the answers are dropped if nobody is left to take them
    if (m_transport) {
        m_transport->stopListening();
        m_transport->closeAllConnections();
    }
}

void ApiServer::onRequest(HttpRequest request, HttpTransport::Respond respond)
{
    m_connections = m_transport->connectionCount();
    if (!m_accepting) {
        HttpResponse r = problemResponse(ProblemType::StoreUnavailable, QCoreApplication::translate("ApiServer", "the server is shutting down"));
        r.addHeader("Connection", "close");
        respond(std::move(r));
        return;
    }
    ApiService *api = m_api.get();
    auto shared = std::make_shared<HttpRequest>(std::move(request));
    const bool queued = m_pool->tryPost([api, shared, respond](JobService *svc, const QString &storeError) {
        respond(api->handle(*shared, svc, storeError));
    });
    if (!queued)
        respond(problemResponse(ProblemType::Overloaded, QCoreApplication::translate("ApiServer", "every handler is busy and the queue is full")));
}

} // namespace jobdesk
