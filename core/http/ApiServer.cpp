#include "http/ApiServer.h"

#include "http/HandlerPool.h"
#include "http/HttpLogging.h"
#include "http/JobWaiters.h"
#include "http/OpenApi.h"
#include "live/ChangeListener.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>

namespace jobdesk {

ApiServer::ApiServer(const StoreUrl &url, RouteConfig routes, ApiServerOptions options, QObject *parent)
    : QObject(parent)
    , m_notifier(std::make_shared<ChangeNotifier>(url, options.notifyInterval))
    , m_api(std::make_unique<ApiService>(std::move(routes), options.api, m_notifier))
    , m_pool(std::make_unique<HandlerPool>(url, options.handlerThreads, options.maxQueued))
{
    JobWaiters::Options waitOptions;
    waitOptions.pollMs = options.waitPollMs;
    m_waiters = std::make_unique<JobWaiters>(
        url, [pool = m_pool.get()](JobWaiters::Finish f) { return pool->tryPost([f](JobService *svc, const QString &) { f(svc); }); },
        waitOptions);
    if (url.dialect == Dialect::Postgres) { // another server's writes wake this one's waiters
        m_listener = new ChangeListener(this);
        connect(m_listener, &ChangeListener::changed, this, [this] { m_waiters->poke(); });
        m_listener->start(url);
    }
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
    m_waiters->releaseAll(); // parked requests are answered with their job as it is
    if (m_transport->pendingResponses() == 0 && m_transport->unsentBytes() == 0)
        QMetaObject::invokeMethod(this, &ApiServer::drained, Qt::QueuedConnection);
}

void ApiServer::stop()
{
    m_accepting = false;
    if (m_listener)
        m_listener->stop();
    if (m_waiters)
        m_waiters->stop(); // answers every parked request (through the pool, still running)
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
    if (request.path == "/v1/openapi.json") { // no store, no token: answered here
        HttpResponse r;
        if (request.method == "GET" || request.method == "HEAD") {
            r.contentType = "application/json";
            r.body = openApiJson();
        } else {
            r = problemResponse(ProblemType::MethodNotAllowed,
                                QCoreApplication::translate("ApiService", "%1 is not allowed here; allowed: %2")
                                    .arg(QString::fromLatin1(request.method), QStringLiteral("GET, HEAD")));
            r.addHeader("Allow", "GET, HEAD");
        }
        r.endpoint = "openapi";
        respond(std::move(r));
        return;
    }
    ApiService *api = m_api.get();
    JobWaiters *waiters = m_waiters.get();
    // Prefer: wait=N on a create or a job read (RFC 7240): counted from now.
    const bool mayWait = (request.method == "POST" && request.path == "/v1/jobs")
        || ((request.method == "GET" || request.method == "HEAD") && request.path.startsWith("/v1/jobs/")
            && request.path.count('/') == 3);
    const std::optional<int> wait = mayWait ? preferredWaitSeconds(request) : std::nullopt;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(wait.value_or(0));
    auto shared = std::make_shared<HttpRequest>(std::move(request));
    const bool queued = m_pool->tryPost([api, waiters, shared, respond, wait, deadline, this](JobService *svc, const QString &storeError) {
        HttpResponse r = api->handle(*shared, svc, storeError);
        if ((r.endpoint == "cancel_attempt" || r.endpoint == "retry_job") && r.status < 300)
            waiters->poke(); // this server's own write may have decided or freed a job
        const bool answered = (r.endpoint == "create_job" || r.endpoint == "get_job") && (r.status == 200 || r.status == 201);
        if (!wait || !answered) {
            respond(std::move(r));
            return;
        }
        r.addHeader("Preference-Applied", "wait=" + QByteArray::number(*wait));
        const QJsonObject job = QJsonDocument::fromJson(r.body).object();
        const QString state = job.value(QStringLiteral("state")).toString();
        const qint64 jobId = job.value(QStringLiteral("id")).toInteger();
        if (*wait == 0 || jobId <= 0 || !m_accepting || (state != QLatin1String("queued") && state != QLatin1String("running"))) {
            respond(std::move(r)); // decided or blocked already
            return;
        }
        // Parked: the connection keeps its unanswered request, no thread is
        // held. At the end, the job as it is then, in the first answer's
        // status and headers (201 stays 201, a replay stays a replay).
        HttpRequest read;
        read.method = shared->method == "HEAD" ? "HEAD" : "GET";
        read.path = "/v1/jobs/" + QByteArray::number(jobId);
        read.remoteAddress = shared->remoteAddress;
        for (const QByteArray &v : shared->headerValues("Authorization"))
            read.headers.append({"Authorization", v});
        waiters->park(jobId, deadline, [api, read = std::move(read), first = std::move(r), respond](JobService *woken) mutable {
            HttpResponse now = api->handle(read, woken, QString());
            if (now.status == 200)
                first.body = std::move(now.body);
            respond(std::move(first));
        });
    });
    if (!queued)
        respond(problemResponse(ProblemType::Overloaded, QCoreApplication::translate("ApiServer", "every handler is busy and the queue is full")));
}

} // namespace jobdesk
