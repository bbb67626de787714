#include "testing/FakeProvider.h"

#include "Logging.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>

#include <cmath>

#if defined(Q_OS_UNIX)
#include <sys/socket.h>
#elif defined(Q_OS_WIN)
#include <winsock2.h>
#endif

namespace jobdesk {
namespace {

constexpr qsizetype kMaxHeaderBytes = 64 * 1024;
constexpr qsizetype kMaxBodyBytes = 8 * 1024 * 1024;

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200: return "OK";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 408: return "Request Timeout";
    case 409: return "Conflict";
    case 413: return "Content Too Large";
    case 422: return "Unprocessable Content";
    case 429: return "Too Many Requests";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    case 504: return "Gateway Timeout";
    default: return "Status";
    }
}

QByteArray errorBody(int status, const QString &message)
{
    QString type = QStringLiteral("invalid_request_error");
    if (status == 429)
        type = QStringLiteral("rate_limit_error");
    else if (status >= 500)
        type = QStringLiteral("server_error");
    else if (status == 401 || status == 403)
        type = QStringLiteral("authentication_error");
    const QJsonObject error{{QStringLiteral("message"), message},
                            {QStringLiteral("type"), type},
                            {QStringLiteral("code"), QString::number(status)}};
    return QJsonDocument(QJsonObject{{QStringLiteral("error"), error}}).toJson(QJsonDocument::Compact);
}

QString clampCodePoints(const QString &s, qsizetype maxLen)
{
    QString out;
    qsizetype n = 0;
    for (qsizetype i = 0; i < s.size() && n < maxLen; ++i, ++n) {
        out += s.at(i);
        if (s.at(i).isHighSurrogate() && i + 1 < s.size())
            out += s.at(++i);
    }
    return out;
}

// A value that satisfies `schema`; strings echo `echo`.
QJsonValue exampleFor(const QJsonObject &schema, const QString &name, const QString &echo)
{
    const QJsonArray enumValues = schema.value(QStringLiteral("enum")).toArray();
    if (!enumValues.isEmpty())
        return enumValues.first();
    QString type = schema.value(QStringLiteral("type")).toString();
    if (schema.value(QStringLiteral("type")).isArray()) {
        for (const QJsonValue &t : schema.value(QStringLiteral("type")).toArray()) {
            if (t.toString() != QLatin1String("null")) {
                type = t.toString();
                break;
            }
        }
    }
    if (type == QLatin1String("object") || (type.isEmpty() && schema.contains(QStringLiteral("properties")))) {
        QJsonObject o;
        const QJsonObject props = schema.value(QStringLiteral("properties")).toObject();
        for (auto it = props.begin(); it != props.end(); ++it)
            o.insert(it.key(), exampleFor(it.value().toObject(), it.key(), echo));
        return o;
    }
    if (type == QLatin1String("array")) {
        const int minItems = schema.value(QStringLiteral("minItems")).toInt(0);
        const int maxItems = schema.value(QStringLiteral("maxItems")).toInt(1);
        const int n = std::max(minItems, std::min(1, maxItems));
        QJsonArray a;
        for (int i = 0; i < n; ++i)
            a.append(exampleFor(schema.value(QStringLiteral("items")).toObject(), name, echo));
        return a;
    }
    if (type == QLatin1String("integer") || type == QLatin1String("number")) {
        double v = 0;
        if (schema.value(QStringLiteral("minimum")).isDouble() && v < schema.value(QStringLiteral("minimum")).toDouble())
            v = schema.value(QStringLiteral("minimum")).toDouble();
        if (schema.value(QStringLiteral("maximum")).isDouble() && v > schema.value(QStringLiteral("maximum")).toDouble())
            v = schema.value(QStringLiteral("maximum")).toDouble();
        if (type == QLatin1String("integer"))
            v = std::ceil(v);
        return v;
    }
    if (type == QLatin1String("boolean"))
        return true;
    if (type == QLatin1String("null"))
        return QJsonValue(QJsonValue::Null);
    QString s = echo.isEmpty() ? QStringLiteral("fake ") + name : echo;
    if (schema.value(QStringLiteral("maxLength")).isDouble())
        s = clampCodePoints(s, qsizetype(schema.value(QStringLiteral("maxLength")).toDouble()));
    const int minLength = schema.value(QStringLiteral("minLength")).toInt(0);
    while (s.size() < minLength)
        s += u'.';
    return s;
}

QJsonObject responseSchemaOf(const QJsonObject &requestBody)
{
    return requestBody.value(QStringLiteral("response_format")).toObject()
        .value(QStringLiteral("json_schema")).toObject()
        .value(QStringLiteral("schema")).toObject();
}

QString lastUserMessage(const QJsonObject &requestBody)
{
    const QJsonArray messages = requestBody.value(QStringLiteral("messages")).toArray();
    for (qsizetype i = messages.size() - 1; i >= 0; --i) {
        const QJsonObject m = messages.at(i).toObject();
        if (m.value(QStringLiteral("role")).toString() == QLatin1String("user"))
            return m.value(QStringLiteral("content")).toString();
    }
    return {};
}

QJsonObject withoutSystemMessages(QJsonObject body)
{
    QJsonArray kept;
    for (const QJsonValue &m : body.value(QStringLiteral("messages")).toArray()) {
        if (m.toObject().value(QStringLiteral("role")).toString() != QLatin1String("system"))
            kept.append(m);
    }
    body.insert(QStringLiteral("messages"), kept);
    return body;
}

QString compact(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

} // namespace

FakeProvider::FakeProvider(QObject *parent) : QObject(parent) {}

FakeProvider::~FakeProvider() = default;

bool FakeProvider::listen(quint16 port)
{
    if (!m_server) {
        m_server = new QTcpServer(this);
        connect(m_server, &QTcpServer::newConnection, this, &FakeProvider::onNewConnection);
    }
    // Thousands of clients connect at once in the benchmarks (Qt's default
    // backlog is 50); the kernel caps it at net.core.somaxconn (4096 here).
    m_server->setListenBacklogSize(8192);
    if (!m_server->listen(QHostAddress(QHostAddress::LocalHost), port)) {
        qCWarning(lcProvider) << "fake provider cannot listen:" << m_server->errorString();
        return false;
    }
    QMutexLocker lock(&m_mutex);
    m_port = m_server->serverPort();
    return true;
}

quint16 FakeProvider::port() const
{
    QMutexLocker lock(&m_mutex);
    return m_port;
}

QUrl FakeProvider::baseUrl() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:") + QString::number(port()) + QStringLiteral("/v1"));
}

void FakeProvider::setDefaultBehaviour(Behaviour b)
{
    QMutexLocker lock(&m_mutex);
    m_default = std::move(b);
}

void FakeProvider::setBehaviourForKey(const QString &key, Behaviour b)
{
    QMutexLocker lock(&m_mutex);
    m_keyRules.insert(key, std::move(b));
}

void FakeProvider::queueBehaviour(Behaviour b)
{
    QMutexLocker lock(&m_mutex);
    m_queue.enqueue(std::move(b));
}

void FakeProvider::setAnswerFunction(std::function<QJsonObject(const QJsonObject &)> f)
{
    QMutexLocker lock(&m_mutex);
    m_answer = std::move(f);
}

void FakeProvider::clearRules()
{
    QMutexLocker lock(&m_mutex);
    m_default = Behaviour{};
    m_keyRules.clear();
    m_queue.clear();
    m_answer = nullptr;
}

QList<FakeProvider::Received> FakeProvider::received() const
{
    QMutexLocker lock(&m_mutex);
    return m_received;
}

int FakeProvider::completionRequestCount(const QString &key) const
{
    QMutexLocker lock(&m_mutex);
    int n = 0;
    for (const Received &r : m_received)
        n += (r.path == QLatin1String("/v1/chat/completions") && r.idempotencyKey == key) ? 1 : 0;
    return n;
}

int FakeProvider::completionRequestCount() const
{
    QMutexLocker lock(&m_mutex);
    int n = 0;
    for (const Received &r : m_received)
        n += r.path == QLatin1String("/v1/chat/completions") ? 1 : 0;
    return n;
}

int FakeProvider::connectionCount() const
{
    QMutexLocker lock(&m_mutex);
    return m_connections;
}

void FakeProvider::clearReceived()
{
    QMutexLocker lock(&m_mutex);
    m_received.clear();
    m_connections = 0;
}

QString FakeProvider::kindName(Behaviour::Kind k)
{
    using K = Behaviour::Kind;
    switch (k) {
    case K::Answer: return QStringLiteral("answer");
    case K::Hang: return QStringLiteral("hang");
    case K::CloseBeforeAnswer: return QStringLiteral("close_before_answer");
    case K::CloseMidBody: return QStringLiteral("close_mid_body");
    case K::AnswerLate: return QStringLiteral("answer_late");
    case K::HttpError: return QStringLiteral("http_error");
    case K::MalformedJson: return QStringLiteral("malformed_json");
    case K::ExtraTopLevelKey: return QStringLiteral("extra_top_level_key");
    case K::Prose: return QStringLiteral("prose");
    case K::IgnoreSystemPrompt: return QStringLiteral("ignore_system_prompt");
    case K::IgnoreResponseFormat: return QStringLiteral("ignore_response_format");
    }
    return QStringLiteral("?");
}

void FakeProvider::onNewConnection()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        {
            QMutexLocker lock(&m_mutex);
            ++m_connections;
        }
        m_connectionState.insert(socket, Connection{});
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            m_connectionState.remove(socket);
            socket->deleteLater();
        });
        if (socket->bytesAvailable() > 0)
            onReadyRead(socket);
    }
}

void FakeProvider::onReadyRead(QTcpSocket *socket)
{
    auto it = m_connectionState.find(socket);
    if (it == m_connectionState.end())
        return;
    it->buffer += socket->readAll();
    if (!it->busy)
        processBuffer(socket);
}

void FakeProvider::processBuffer(QTcpSocket *socket)
{
    auto it = m_connectionState.find(socket);
    if (it == m_connectionState.end() || it->busy)
        return;
    QByteArray &buffer = it->buffer;
    const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0) {
        if (buffer.size() > kMaxHeaderBytes) {
            it->busy = true;
            respond(socket, 431, errorBody(431, QStringLiteral("request headers too large")), false);
        }
        return;
    }
    const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    QHash<QByteArray, QByteArray> headers;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines.at(i).indexOf(':');
        if (colon > 0)
            headers.insert(lines.at(i).left(colon).trimmed().toLower(), lines.at(i).mid(colon + 1).trimmed());
    }
    if (requestLine.size() != 3 || !requestLine.at(2).startsWith("HTTP/1.")) {
        it->busy = true;
        respond(socket, 400, errorBody(400, QStringLiteral("malformed request line")), false);
        return;
    }
    if (headers.value("transfer-encoding").toLower().contains("chunked")) {
        it->busy = true;
        respond(socket, 501, errorBody(501, QStringLiteral("chunked request bodies are not supported")), false);
        return;
    }
    bool ok = true;
    const qint64 length = headers.contains("content-length") ? headers.value("content-length").toLongLong(&ok) : 0;
    if (!ok || length < 0 || length > kMaxBodyBytes) {
        it->busy = true;
        respond(socket, 413, errorBody(413, QStringLiteral("request body too large or bad Content-Length")), false);
        return;
    }
    if (buffer.size() < headerEnd + 4 + length)
        return; // wait for the rest
    const QByteArray method = requestLine.at(0);
    const QByteArray target = requestLine.at(1);
    const QByteArray body = buffer.mid(headerEnd + 4, length);
    buffer.remove(0, headerEnd + 4 + length);
    it->busy = true;

    const bool keepAlive = requestLine.at(2) == "HTTP/1.1" && headers.value("connection").toLower() != "close";
    const QString path = QUrl::fromPercentEncoding(target.left(target.indexOf('?') < 0 ? target.size() : target.indexOf('?')));
    const QString key = QString::fromLatin1(headers.value("idempotency-key"));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);

    Received r;
    r.idempotencyKey = key;
    r.method = QString::fromLatin1(method);
    r.path = path;
    r.body = doc.object();
    r.headers = headers;
    r.atMs = QDateTime::currentMSecsSinceEpoch();
    {
        QMutexLocker lock(&m_mutex);
        m_received.append(r);
    }

    static const QString statusPrefix = QStringLiteral("/v1/jobdesk/status/");
    if (path == QLatin1String("/v1/chat/completions")) {
        Q_EMIT requestReceived(key);
        if (method != "POST") {
            respond(socket, 404, errorBody(404, QStringLiteral("use POST")), keepAlive);
        } else if (parseError.error != QJsonParseError::NoError || !doc.isObject()
                   || !doc.object().value(QStringLiteral("model")).isString()
                   || !doc.object().value(QStringLiteral("messages")).isArray()) {
            respond(socket, 400, errorBody(400, QStringLiteral("the body must be a JSON object with model and messages")), keepAlive);
        } else {
            handleCompletion(socket, key, doc.object(), keepAlive);
        }
    } else if (method == "GET" && path.startsWith(statusPrefix)) {
        handleStatus(socket, path.mid(statusPrefix.size()), keepAlive);
    } else {
        respond(socket, 404, errorBody(404, QStringLiteral("no such endpoint: ") + path), keepAlive);
    }
}

FakeProvider::Behaviour FakeProvider::chooseBehaviour(const QString &key)
{
    QMutexLocker lock(&m_mutex);
    if (m_keyRules.contains(key))
        return m_keyRules.value(key);
    qsizetype best = -1;
    Behaviour chosen;
    for (auto it = m_keyRules.begin(); it != m_keyRules.end(); ++it) {
        if (key.startsWith(it.key()) && it.key().size() > best) {
            best = it.key().size();
            chosen = it.value();
        }
    }
    if (best >= 0)
        return chosen;
    if (!m_queue.isEmpty())
        return m_queue.dequeue();
    return m_default;
}

QJsonObject FakeProvider::wellBehavedOutput(const Behaviour &b, const QJsonObject &requestBody)
{
    if (!b.output.isEmpty())
        return b.output;
    std::function<QJsonObject(const QJsonObject &)> answer;
    {
        QMutexLocker lock(&m_mutex);
        answer = m_answer;
    }
    if (answer)
        return answer(requestBody);
    const QString echo = QStringLiteral("echo: ") + lastUserMessage(requestBody).simplified().left(80);
    return exampleFor(responseSchemaOf(requestBody), QStringLiteral("value"), echo).toObject();
}

QByteArray FakeProvider::envelope(const QJsonObject &requestBody, const QString &content, const Behaviour &b)
{
    using K = Behaviour::Kind;
    quint64 n = 0;
    {
        QMutexLocker lock(&m_mutex);
        n = ++m_answers;
    }
    const bool formatHonoured = b.kind != K::IgnoreResponseFormat && b.kind != K::Prose && b.kind != K::MalformedJson
        && b.kind != K::ExtraTopLevelKey;
    const QJsonObject message{{QStringLiteral("role"), QStringLiteral("assistant")}, {QStringLiteral("content"), content}};
    const QJsonObject choice{{QStringLiteral("index"), 0},
                             {QStringLiteral("message"), message},
                             {QStringLiteral("finish_reason"), QStringLiteral("stop")}};
    const QJsonObject o{
        {QStringLiteral("id"), QString(QStringLiteral("chatcmpl-fake-") + QString::number(n))},
        {QStringLiteral("object"), QStringLiteral("chat.completion")},
        {QStringLiteral("created"), QDateTime::currentSecsSinceEpoch()},
        {QStringLiteral("model"), requestBody.value(QStringLiteral("model"))},
        {QStringLiteral("choices"), QJsonArray{choice}},
        {QStringLiteral("usage"), QJsonObject{{QStringLiteral("prompt_tokens"), 0}, {QStringLiteral("completion_tokens"), 0},
                                              {QStringLiteral("total_tokens"), 0}}},
        {QStringLiteral("x_jobdesk"), QJsonObject{{QStringLiteral("behaviour"), kindName(b.kind)},
                                                  {QStringLiteral("response_format_honoured"), formatHonoured},
                                                  {QStringLiteral("system_prompt_honoured"), b.kind != K::IgnoreSystemPrompt}}},
    };
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

void FakeProvider::handleCompletion(QTcpSocket *socket, const QString &key, const QJsonObject &body, bool keepAlive)
{
    using K = Behaviour::Kind;
    const Behaviour b = chooseBehaviour(key);
    setWork(key, WorkState::InProgress);

    // What the "model" produced.
    const QJsonObject schema = responseSchemaOf(body);
    QString content;
    switch (b.kind) {
    case K::MalformedJson: {
        const QString json = compact(wellBehavedOutput(b, body));
        content = json.left(std::max<qsizetype>(1, json.size() / 2)) + QStringLiteral(",\"");
        break;
    }
    case K::ExtraTopLevelKey: {
        QJsonObject o = wellBehavedOutput(b, body);
        QString extra = QStringLiteral("note");
        const QJsonObject declared = schema.value(QStringLiteral("properties")).toObject();
        while (declared.contains(extra) || o.contains(extra))
            extra += u'_';
        o.insert(extra, QStringLiteral("an extra top-level key the schema does not declare"));
        content = compact(o);
        break;
    }
    case K::Prose:
        content = QStringLiteral("Sure! Here is what you asked for: ") + lastUserMessage(body).simplified().left(120)
            + QStringLiteral(". Let me know if you need anything else.");
        break;
    case K::IgnoreSystemPrompt: {
        // Without the system prompt the "model" does not know the rules:
        // empty strings, values outside the allowed lists.
        QJsonObject o;
        {
            QMutexLocker lock(&m_mutex);
            if (m_answer && b.output.isEmpty()) {
                auto answer = m_answer;
                lock.unlock();
                o = answer(withoutSystemMessages(body));
            }
        }
        if (o.isEmpty()) {
            const QJsonObject props = schema.value(QStringLiteral("properties")).toObject();
            for (auto it = props.begin(); it != props.end(); ++it) {
                const QJsonObject p = it.value().toObject();
                if (p.contains(QStringLiteral("enum")) || p.value(QStringLiteral("type")) == QJsonValue(QStringLiteral("string")))
                    o.insert(it.key(), p.contains(QStringLiteral("enum")) ? QStringLiteral("mixed") : QString());
                else
                    o.insert(it.key(), exampleFor(p, it.key(), QString()));
            }
        }
        content = compact(o);
        break;
    }
    case K::IgnoreResponseFormat: {
        const QJsonObject good = wellBehavedOutput(b, body);
        QJsonObject renamed;
        for (auto it = good.begin(); it != good.end(); ++it) {
            QString k = it.key();
            k[0] = k.at(0).toUpper();
            renamed.insert(k + QStringLiteral("Text"), it.value());
        }
        content = QStringLiteral("```json\n") + QString::fromUtf8(QJsonDocument(renamed).toJson(QJsonDocument::Indented))
            + QStringLiteral("```");
        break;
    }
    default:
        content = compact(wellBehavedOutput(b, body));
        break;
    }

    QPointer<QTcpSocket> guard(socket);
    const QByteArray answer = envelope(body, content, b);
    const QByteArray produced = content.toUtf8();
    auto act = [this, guard, b, key, keepAlive, answer, produced] {
        switch (b.kind) {
        case K::Hang:
            return; // keep the connection open, say nothing
        case K::CloseBeforeAnswer:
            setWork(key, b.processedAnyway ? WorkState::Completed : WorkState::NeverProcessed, produced);
            if (guard)
                closeConnection(guard, b.resetConnection);
            return;
        case K::CloseMidBody:
            setWork(key, WorkState::Completed, produced);
            if (guard) {
                QByteArray head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                    + QByteArray::number(answer.size()) + "\r\nConnection: close\r\n\r\n";
                guard->write(head + answer.left(answer.size() / 2));
                guard->flush();
                closeConnection(guard, b.resetConnection);
            }
            return;
        case K::AnswerLate:
            return; // handled below
        case K::HttpError: {
            setWork(key, b.processedAnyway ? WorkState::Completed : WorkState::NeverProcessed, produced);
            if (!guard)
                return;
            QList<QPair<QByteArray, QByteArray>> extra;
            if (b.retryAfterSeconds)
                extra.append({QByteArrayLiteral("Retry-After"), QByteArray::number(*b.retryAfterSeconds)});
            if (b.providerErrorBody)
                respond(guard, b.status, errorBody(b.status, QStringLiteral("fake provider error ") + QString::number(b.status)),
                        keepAlive, extra);
            else
                respond(guard, b.status,
                        "<html><body><h1>" + QByteArray::number(b.status) + ' ' + reasonPhrase(b.status) + "</h1></body></html>",
                        keepAlive, extra, QByteArrayLiteral("text/html"));
            return;
        }
        default:
            setWork(key, WorkState::Completed, produced);
            if (guard)
                respond(guard, 200, answer, keepAlive);
            return;
        }
    };

    if (b.kind == K::AnswerLate) {
        // The work finishes delayMs after the client gave up; the answer is
        // never sent on this connection, the status lookup reports it.
        auto complete = [this, key, produced, delay = b.delayMs] {
            QTimer::singleShot(delay, this, [this, key, produced] {
                setWork(key, WorkState::Completed, produced);
                Q_EMIT lateResultReady(key);
            });
        };
        if (socket->state() != QAbstractSocket::ConnectedState)
            complete();
        else
            connect(socket, &QTcpSocket::disconnected, this, complete, Qt::SingleShotConnection);
        return;
    }
    if (b.delayMs > 0)
        QTimer::singleShot(b.delayMs, this, act); // the work completes even if the client has left
    else
        act();
}

void FakeProvider::handleStatus(QTcpSocket *socket, const QString &key, bool keepAlive)
{
    QJsonObject o;
    {
        QMutexLocker lock(&m_mutex);
        const auto it = m_work.constFind(key);
        if (it == m_work.constEnd() || it->state == WorkState::NeverProcessed) {
            o.insert(QStringLiteral("status"), QStringLiteral("never_processed"));
        } else if (it->state == WorkState::InProgress) {
            o.insert(QStringLiteral("status"), QStringLiteral("in_progress"));
        } else {
            o.insert(QStringLiteral("status"), QStringLiteral("completed"));
            o.insert(QStringLiteral("content"), QString::fromUtf8(it->content));
        }
    }
    const int delay = m_lookupDelayMs.loadRelaxed();
    if (delay > 0) {
        const QByteArray body = QJsonDocument(o).toJson(QJsonDocument::Compact);
        QTimer::singleShot(delay, socket, [this, socket, body, keepAlive] { respond(socket, 200, body, keepAlive); });
        return;
    }
    respond(socket, 200, QJsonDocument(o).toJson(QJsonDocument::Compact), keepAlive);
}

void FakeProvider::respond(QTcpSocket *socket, int status, const QByteArray &body, bool keepAlive,
                           const QList<QPair<QByteArray, QByteArray>> &extraHeaders, const QByteArray &contentType)
{
    QByteArray out = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\n";
    out += "Content-Type: " + contentType + "\r\n";
    out += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    out += keepAlive ? QByteArrayLiteral("Connection: keep-alive\r\n") : QByteArrayLiteral("Connection: close\r\n");
    for (const auto &h : extraHeaders)
        out += h.first + ": " + h.second + "\r\n";
    out += "\r\n" + body;
    socket->write(out);
    finishRequest(socket, keepAlive);
}

void FakeProvider::finishRequest(QTcpSocket *socket, bool keepAlive)
{
    if (!keepAlive) {
        socket->disconnectFromHost();
        return;
    }
    auto it = m_connectionState.find(socket);
    if (it == m_connectionState.end())
        return;
    it->busy = false;
    if (!it->buffer.isEmpty()) {
        QPointer<QTcpSocket> guard(socket);
        QTimer::singleShot(0, this, [this, guard] {
            if (guard)
                processBuffer(guard);
        });
    }
}

void FakeProvider::closeConnection(QTcpSocket *socket, bool reset)
{
    if (reset) {
        // SO_LINGER {on, 0}: close() sends RST instead of FIN.
        struct linger l;
        l.l_onoff = 1;
        l.l_linger = 0;
#if defined(Q_OS_WIN)
        ::setsockopt(SOCKET(socket->socketDescriptor()), SOL_SOCKET, SO_LINGER, reinterpret_cast<const char *>(&l), sizeof l);
#else
        ::setsockopt(int(socket->socketDescriptor()), SOL_SOCKET, SO_LINGER, &l, sizeof l);
#endif
        socket->abort();
    } else {
        socket->disconnectFromHost();
    }
}

void FakeProvider::setWork(const QString &key, WorkState state, const QByteArray &content)
{
    if (key.isEmpty())
        return;
    QMutexLocker lock(&m_mutex);
    m_work.insert(key, Work{state, content});
}

void FakeProvider::markInProgress(const QString &key)
{
    setWork(key, WorkState::InProgress);
}

void FakeProvider::markCompleted(const QString &key, const QByteArray &content)
{
    setWork(key, WorkState::Completed, content);
}

FakeProviderThread::FakeProviderThread() = default;

FakeProviderThread::~FakeProviderThread()
{
    stop();
}

bool FakeProviderThread::start(quint16 port)
{
    stop();
    m_thread = new QThread;
    m_thread->setObjectName(QStringLiteral("fake-provider"));
    m_thread->start();
    m_provider = new FakeProvider;
    m_provider->moveToThread(m_thread);
    bool ok = false;
    QMetaObject::invokeMethod(m_provider, [this, port, &ok] { ok = m_provider->listen(port); },
                              Qt::BlockingQueuedConnection);
    if (!ok)
        stop();
    return ok;
}

void FakeProviderThread::stop()
{
    if (!m_thread)
        return;
    // Deleted in its own thread before the thread stops (a deleteLater queued
    // just before quit() is never run, and the provider would leak).
    if (m_provider) {
        FakeProvider *p = m_provider;
        QMetaObject::invokeMethod(p, [p] { delete p; }, Qt::BlockingQueuedConnection);
    }
    m_thread->quit();
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    m_provider = nullptr;
}

} // namespace jobdesk
