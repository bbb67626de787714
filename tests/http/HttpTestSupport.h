#pragma once

// What the HTTP tests share: a blocking HTTP/1.1 client on POSIX sockets
// (loopback only; every read and connect is bounded in time), the API server
// on a thread of its own (and on a fresh store with tokens: makeEnv), and
// snapshots of what the store holds.

#include "StoreFixture.h"

#include "http/ApiServer.h"
#include "service/TokenStore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QThread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <QFile>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <mutex>

namespace jobdesk::test {

struct HttpReply
{
    int status = 0;             // 0: no answer (error says why)
    QString error;
    HttpHeaders headers;
    QByteArray body;
    bool closed = false;        // the server closed the connection after this answer

    QByteArray header(QByteArrayView name) const
    {
        for (const auto &h : headers) {
            if (h.first.compare(name, Qt::CaseInsensitive) == 0)
                return h.second;
        }
        return {};
    }
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    QString problemType() const { return json().value(QStringLiteral("type")).toString(); }
    QString describe() const
    {
        return status == 0 ? QStringLiteral("no answer: ") + error
                           : QStringLiteral("%1 %2").arg(status).arg(QString::fromUtf8(body.left(400)));
    }
};

// With JOBDESK_HTTP_RECORD set, every answer a test gets through
// HttpConnection::request() is appended to that file as one JSON line
// (method, path, status, headers, body), for tools/openapi/check-responses.mjs
// to check against docs/openapi.yaml.
inline void recordExchange(QByteArrayView raw, const HttpReply &reply)
{
    static const QByteArray file = qgetenv("JOBDESK_HTTP_RECORD");
    if (file.isEmpty() || reply.status == 0)
        return;
    const qsizetype lineEnd = raw.indexOf(QByteArrayView("\r\n"));
    const QList<QByteArray> line = raw.first(lineEnd < 0 ? 0 : lineEnd).toByteArray().split(' ');
    if (line.size() != 3)
        return; // not a request line the checker could place
    QJsonArray headers;
    for (const auto &h : reply.headers)
        headers.append(QJsonArray{QString::fromLatin1(h.first), QString::fromLatin1(h.second)});
    const QJsonObject o{{QStringLiteral("method"), QString::fromLatin1(line.at(0))},
                        {QStringLiteral("path"), QString::fromLatin1(line.at(1))},
                        {QStringLiteral("status"), reply.status},
                        {QStringLiteral("headers"), headers},
                        {QStringLiteral("body"), QString::fromUtf8(reply.body)}};
    static std::mutex mutex;
    std::lock_guard lock(mutex);
    QFile f(QString::fromLocal8Bit(file));
    if (f.open(QIODevice::Append | QIODevice::WriteOnly))
        f.write(QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n');
}

// One connection to 127.0.0.1:port; requests on it one after another (keep-alive).
class HttpConnection
{
public:
    // receiveBuffer > 0: the socket's receive buffer (SO_RCVBUF) in bytes, set
    // before connecting, so a client that stops reading stalls a large answer
    // in the server's own buffer within a few KiB instead of megabytes.
    explicit HttpConnection(quint16 port, int timeoutMs = 15000, int receiveBuffer = 0) : m_timeoutMs(timeoutMs)
    {
        m_fd = ::socket(AF_INET, SOCK_STREAM, 0);
        if (m_fd < 0)
            return;
        const int one = 1;
        ::setsockopt(m_fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        if (receiveBuffer > 0)
            ::setsockopt(m_fd, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, sizeof receiveBuffer);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_port = htons(port);
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(m_fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
            ::close(m_fd);
            m_fd = -1;
        }
    }
    ~HttpConnection()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    HttpConnection(const HttpConnection &) = delete;
    HttpConnection &operator=(const HttpConnection &) = delete;

    bool isOpen() const { return m_fd >= 0; }

    bool send(QByteArrayView bytes)
    {
        qsizetype done = 0;
        while (m_fd >= 0 && done < bytes.size()) {
            const ssize_t n = ::send(m_fd, bytes.data() + done, size_t(bytes.size() - done), MSG_NOSIGNAL);
            if (n <= 0)
                return false;
            done += n;
        }
        return m_fd >= 0;
    }

    // Reads one response (status line, headers, Content-Length body); an
    // interim 100 Continue is skipped unless returnInterim. toHead: the
    // answer to a HEAD request, which has no content whatever its headers say.
    HttpReply read(bool returnInterim = false, bool toHead = false)
    {
        HttpReply r;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(m_timeoutMs);
        qsizetype headEnd = -1;
        while ((headEnd = m_buffer.indexOf("\r\n\r\n")) < 0) {
            if (!fill(deadline, &r))
                return r;
        }
        const QList<QByteArray> lines = m_buffer.first(headEnd).split('\n');
        const QList<QByteArray> statusLine = lines.first().trimmed().split(' ');
        r.status = statusLine.value(1).toInt();
        qint64 length = 0;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines.at(i).indexOf(':');
            if (colon <= 0)
                continue;
            const QByteArray name = lines.at(i).first(colon).trimmed();
            const QByteArray value = lines.at(i).mid(colon + 1).trimmed();
            r.headers.append({name, value});
            if (name.compare("Content-Length", Qt::CaseInsensitive) == 0)
                length = value.toLongLong();
            if (name.compare("Connection", Qt::CaseInsensitive) == 0 && value.compare("close", Qt::CaseInsensitive) == 0)
                r.closed = true;
        }
        m_buffer.remove(0, headEnd + 4);
        if (r.status == 100 && !returnInterim) // an interim answer: the real one follows
            return read(false, toHead);
        if (toHead)
            length = 0;
        while (m_buffer.size() < length) {
            if (!fill(deadline, &r)) {
                r.status = 0;
                return r;
            }
        }
        r.body = m_buffer.first(length);
        m_buffer.remove(0, length);
        return r;
    }

    HttpReply request(QByteArrayView raw)
    {
        if (!send(raw)) {
            HttpReply r;
            r.error = QStringLiteral("send failed");
            return r;
        }
        const bool head = raw.startsWith(QByteArrayView("HEAD "));
        HttpReply r = read(false, head);
        recordExchange(raw, r);
        return r;
    }

    // Reads until at least `bytes` have arrived (kept for read()), at most
    // `chunk` bytes a call to recv; false when the connection closed or the
    // timeout passed first. A client that reads a large answer slowly, or
    // only its first bytes.
    bool receiveAtLeast(qsizetype bytes, qsizetype chunk = 16384)
    {
        HttpReply ignored;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(m_timeoutMs);
        while (m_buffer.size() < bytes) {
            if (!fill(deadline, &ignored, chunk))
                return false;
        }
        return true;
    }
    qsizetype received() const { return m_buffer.size(); }
    const QByteArray &peek() const { return m_buffer; }

    // True when the server closes the connection within the timeout.
    bool waitClosed()
    {
        HttpReply ignored;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(m_timeoutMs);
        while (fill(deadline, &ignored)) {
        }
        return ignored.error == QStringLiteral("closed");
    }

private:
    bool fill(std::chrono::steady_clock::time_point deadline, HttpReply *r, qsizetype most = 16384)
    {
        if (m_fd < 0) {
            r->error = QStringLiteral("not connected");
            return false;
        }
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
        if (left <= 0) {
            r->error = QStringLiteral("timed out");
            return false;
        }
        pollfd p{m_fd, POLLIN, 0};
        if (::poll(&p, 1, int(left)) <= 0) {
            r->error = QStringLiteral("timed out");
            return false;
        }
        char chunk[16384];
        const ssize_t n = ::recv(m_fd, chunk, size_t(std::clamp<qsizetype>(most, 1, qsizetype(sizeof chunk))), 0);
        if (n <= 0) {
            r->error = QStringLiteral("closed");
            return false;
        }
        m_buffer.append(chunk, n);
        return true;
    }

    int m_fd = -1;
    int m_timeoutMs;
    QByteArray m_buffer;
};

inline QByteArray requestBytes(const QByteArray &method, const QByteArray &path, const HttpHeaders &headers,
                               const QByteArray &body = {}, bool withLength = true)
{
    QByteArray out = method + ' ' + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n";
    for (const auto &h : headers)
        out += h.first + ": " + h.second + "\r\n";
    if (withLength && (!body.isEmpty() || method == "POST"))
        out += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    return out + "\r\n" + body;
}

inline HttpHeaders jsonHeaders(const QString &token, const QByteArray &key)
{
    HttpHeaders h;
    if (!token.isEmpty())
        h.emplace_back("Authorization", "Bearer " + token.toLatin1());
    if (!key.isNull())
        h.emplace_back("Idempotency-Key", key);
    h.emplace_back("Content-Type", "application/json");
    h.emplace_back("User-Agent", "jobdesk-tests/1");
    return h;
}

inline HttpReply httpCall(quint16 port, const QByteArray &raw, int timeoutMs = 15000)
{
    HttpConnection c(port, timeoutMs);
    if (!c.isOpen()) {
        HttpReply r;
        r.error = QStringLiteral("cannot connect");
        return r;
    }
    return c.request(raw);
}

inline QByteArray createBody(const QString &route, const QJsonObject &input)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("route"), route}, {QStringLiteral("input"), input}}).toJson(QJsonDocument::Compact);
}

inline HttpReply postJob(quint16 port, const QString &token, const QByteArray &key, const QJsonObject &input,
                         const QString &route = QStringLiteral("summarize"))
{
    return httpCall(port, requestBytes("POST", "/v1/jobs", jsonHeaders(token, key), createBody(route, input)));
}

inline HttpReply getPath(quint16 port, const QString &token, const QByteArray &path)
{
    HttpHeaders h;
    if (!token.isEmpty())
        h.emplace_back("Authorization", "Bearer " + token.toLatin1());
    return httpCall(port, requestBytes("GET", path, h));
}

inline HttpReply postAction(quint16 port, const QString &token, const QByteArray &path, const QByteArray &requestId,
                            const QJsonObject &body)
{
    return httpCall(port, requestBytes("POST", path, jsonHeaders(token, requestId), QJsonDocument(body).toJson(QJsonDocument::Compact)));
}

// A routes config the API tests use: route "summarize" with an input schema
// (a non-empty "text"), providers "primary" and "fallback" (never called: no
// dispatcher runs in the API tests).
inline RouteConfig apiRoutes()
{
    const QJsonObject output{{QStringLiteral("type"), QStringLiteral("object")},
                             {QStringLiteral("properties"),
                              QJsonObject{{QStringLiteral("summary"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}}}}}};
    const QJsonObject input{{QStringLiteral("type"), QStringLiteral("object")},
                            {QStringLiteral("required"), QJsonArray{QStringLiteral("text")}},
                            {QStringLiteral("properties"),
                             QJsonObject{{QStringLiteral("text"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                                                                              {QStringLiteral("minLength"), 1}}}}}};
    auto provider = [](const QString &name) {
        return QJsonObject{{QStringLiteral("name"), name}, {QStringLiteral("kind"), QStringLiteral("fake")},
                           {QStringLiteral("base_url"), QStringLiteral("http://127.0.0.1:9/v1")}, {QStringLiteral("model"), QStringLiteral("m")}};
    };
    const QJsonObject route{{QStringLiteral("name"), QStringLiteral("summarize")},
                            {QStringLiteral("prompt_template"), QStringLiteral("Summarise: {{text}}")},
                            {QStringLiteral("input_schema"), input},
                            {QStringLiteral("output_schema"), output},
                            {QStringLiteral("provider_chain"), QJsonArray{QStringLiteral("primary"), QStringLiteral("fallback")}}};
    return RouteConfig::fromJson({{QStringLiteral("providers"), QJsonArray{provider(QStringLiteral("primary")), provider(QStringLiteral("fallback"))}},
                                  {QStringLiteral("routes"), QJsonArray{route}}});
}

// The API server on a thread with its own event loop, so a test can call it
// with blocking requests.
class ServerThread : public QThread
{
public:
    ServerThread(StoreUrl url, RouteConfig routes, ApiServerOptions options = {})
        : m_url(std::move(url)), m_routes(std::move(routes)), m_options(options) {}
    ~ServerThread() override { stopServer(); }

    bool startServer()
    {
        auto ready = m_ready.get_future();
        start();
        if (ready.wait_for(std::chrono::seconds(30)) != std::future_status::ready)
            return false;
        m_port = ready.get();
        return m_port != 0;
    }
    quint16 port() const { return m_port; }
    // The running server (its counters are thread-safe); null before start.
    ApiServer *server() const { return m_server.load(); }
    void stopServer()
    {
        if (isRunning()) {
            quit();
            wait(30000);
        }
    }

protected:
    void run() override
    {
        quint16 port = 0;
        {
            ApiServer server(m_url, m_routes, m_options);
            QString error;
            if (server.listen(QHostAddress::LocalHost, 0, &error))
                port = server.port();
            else
                qWarning("%s", qPrintable(error));
            m_server = &server;
            m_ready.set_value(port);
            if (port)
                exec();
            server.stop();
            m_server = nullptr;
        }
    }

private:
    StoreUrl m_url;
    RouteConfig m_routes;
    ApiServerOptions m_options;
    std::promise<quint16> m_ready;
    quint16 m_port = 0;
    std::atomic<ApiServer *> m_server{nullptr};
};

// What the store holds, to show that a refused request wrote nothing.
struct StoreCounts
{
    qint64 jobs = 0;
    qint64 attempts = 0;
    qint64 idempotencyEvents = 0;
    qint64 audit = 0;

    static StoreCounts of(JobService &svc)
    {
        auto count = [&](const char *table) {
            return svc.session().exec(QStringLiteral("SELECT count(*) FROM ") + QLatin1String(table)).first().first().toLongLong();
        };
        return StoreCounts{count("jobs"), count("attempts"), count("idempotency_events"), count("audit_log")};
    }
    bool operator==(const StoreCounts &) const = default;
    QString toString() const
    {
        return QStringLiteral("jobs=%1 attempts=%2 idempotency_events=%3 audit=%4").arg(jobs).arg(attempts).arg(idempotencyEvents).arg(audit);
    }
};

inline QString issueToken(JobService &svc, const QString &owner, TokenRole role)
{
    return TokenStore(svc).create(owner, role).secret;
}

inline QJsonObject textInput(const QString &text) { return {{QStringLiteral("text"), text}}; }

// The API server on a fresh store, with a client token for two owners
// (owner-a, owner-b), a viewer's (support-1) and an operator's (alice).
struct ApiEnv
{
    std::unique_ptr<FreshStore> store;
    std::unique_ptr<JobService> svc;
    std::unique_ptr<ServerThread> server;
    QString client, clientB, viewer, op;
    quint16 port = 0;
};

inline std::unique_ptr<ApiEnv> makeEnv(const QString &backend, ApiServerOptions options = {})
{
    auto env = std::make_unique<ApiEnv>();
    env->store = std::make_unique<FreshStore>(backend);
    env->svc = env->store->open();
    env->client = issueToken(*env->svc, QStringLiteral("owner-a"), TokenRole::Client);
    env->clientB = issueToken(*env->svc, QStringLiteral("owner-b"), TokenRole::Client);
    env->viewer = issueToken(*env->svc, QStringLiteral("support-1"), TokenRole::Viewer);
    env->op = issueToken(*env->svc, QStringLiteral("alice"), TokenRole::Operator);
    options.handlerThreads = 4;
    env->server = std::make_unique<ServerThread>(env->store->url(), apiRoutes(), options);
    if (!env->server->startServer())
        throw std::runtime_error("the API server did not start");
    env->port = env->server->port();
    return env;
}

} // namespace jobdesk::test

// Starts the API server into `env` (makeEnv's arguments follow); a server
// that cannot start fails the test with the reason.
#define JD_START_API(env, ...)                                                  \
    try {                                                                       \
        env = jobdesk::test::makeEnv(__VA_ARGS__);                              \
    } catch (const std::exception &jdStartError) {                              \
        QFAIL(jdStartError.what());                                             \
    }

namespace QTest {
template<> inline char *toString(const jobdesk::test::StoreCounts &c) { return qstrdup(qPrintable(c.toString())); }
} // namespace QTest
