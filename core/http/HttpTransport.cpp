#include "http/HttpTransport.h"

#include "http/HttpLogging.h"
#include "http/Problem.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#ifdef Q_OS_WIN
#include <winsock2.h>
#else
#include <sys/socket.h>
#endif

#include <deque>
#include <mutex>
#include <optional>
#include <unordered_map>

namespace jobdesk {
namespace {

qint64 nowMs() { return QDateTime::currentMSecsSinceEpoch(); }

// How long a connection lingers after its sending side was shut, reading and
// dropping what its client still sends, before it is cut (nginx: 5 s).
constexpr qint64 kLingerMs = 2000;

QByteArray rawResponse(const HttpResponse &r, bool close)
{
    QByteArray out = "HTTP/1.1 " + QByteArray::number(r.status) + ' ' + reasonPhrase(r.status) + "\r\n";
    for (const auto &h : r.headers)
        out += h.first + ": " + h.second + "\r\n";
    if (!r.contentType.isEmpty())
        out += "Content-Type: " + r.contentType + "\r\n";
    out += "Content-Length: " + QByteArray::number(r.body.size()) + "\r\n";
    if (close)
        out += "Connection: close\r\n";
    return out + "\r\n" + r.body;
}

// Hands each accepted socket to the transport.
class AdoptingTcpServer final : public QTcpServer
{
public:
    std::function<void(qintptr)> adopt;

protected:
    void incomingConnection(qintptr descriptor) override { adopt(descriptor); }
};

struct Pending
{
    quint64 seq = 0;
    QByteArray method;
    bool counted = false; // a request taken in (pendingTotal), not a rejection
    std::optional<HttpResponse> response;
    bool closeAfter = false;
    std::optional<HttpRequest> request; // not yet handed to the handler (one at a time per connection)
    bool withHandler = false;
};

struct Connection
{
    explicit Connection(const FramingLimits &limits) : framer(limits) {}
    quint64 id = 0;
    QPointer<QTcpSocket> socket;
    RequestFramer framer;
    std::deque<RequestFramer::Head> heads; // framed heads whose message is not yet complete or taken
    std::deque<Pending> pending;
    quint64 nextSeq = 0;
    bool rejected = false;
    bool closing = false;
    qint64 lastActivityMs = 0;
    qint64 lastWriteMs = 0;    // an answer's bytes last left (written or sent on)
    qint64 closingSinceMs = 0; // set by the sweep for a connection on its way out
    qint64 messageStartMs = 0;
    bool sentAnything = false; // until then, firstRequestTimeoutMs instead of idleTimeoutMs
    bool finishWhenWritten = false; // shut the sending side once the socket's buffer is empty
    qint64 halfClosedMs = 0;        // when the sending side was shut (a lingering close)
    bool continueOwed = false;      // a 100 Continue to send once the answers before it are written
};

// Delivery of answers from handler threads back to the transport's thread;
// outlives the transport, which detaches itself on destruction.
struct Mailbox
{
    std::mutex mutex;
    QObject *target = nullptr;
};

} // namespace

struct HttpTransport::Private
{
    HttpTransport *q = nullptr;
    Handler handler;
    Observer observer;
    Options options;
    AdoptingTcpServer *tcp = nullptr;
    QTimer sweep;
    std::unordered_map<quint64, std::unique_ptr<Connection>> connections;
    quint64 nextId = 0;
    int pendingTotal = 0;
    std::shared_ptr<Mailbox> mailbox = std::make_shared<Mailbox>();

    Connection *find(quint64 id)
    {
        const auto it = connections.find(id);
        return it == connections.end() ? nullptr : it->second.get();
    }

    void adopt(qintptr descriptor)
    {
        auto *socket = new QTcpSocket(tcp);
        if (!socket->setSocketDescriptor(descriptor)) {
            qCWarning(lcHttp) << "cannot adopt a connection:" << socket->errorString();
            delete socket;
            return;
        }
        QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        if ((int(connections.size()) >= 2 * options.maxConnections + 64 && !cutOldestLingering()) // with those on their way out
            || (openConnections() >= options.maxConnections && !closeOneWithoutWork())) {
            socket->write(rawResponse(problemResponse(ProblemType::Overloaded, QCoreApplication::translate("HttpTransport", "too many open connections")), true));
            socket->disconnectFromHost();
            qCWarning(lcHttp) << "refused a connection: already" << openConnections() << "open," << connections.size()
                              << "with those closing";
            return;
        }
        auto c = std::make_unique<Connection>(options.limits);
        c->id = ++nextId;
        c->socket = socket;
        c->lastActivityMs = nowMs();
        const quint64 id = c->id;
        QObject::connect(socket, &QTcpSocket::readyRead, q, [this, id] { onReadyRead(id); });
        QObject::connect(socket, &QTcpSocket::bytesWritten, q, [this, id] {
            if (Connection *w = find(id)) {
                w->lastWriteMs = nowMs();
                if (w->finishWhenWritten)
                    finishWritingWhenFlushed(*w);
                // The last answer left the socket's buffer: drained only now (a
                // shutdown that ended here lost answers still in the buffer).
                if (pendingTotal == 0 && w->socket && w->socket->bytesToWrite() == 0 && totalUnsent() == 0)
                    Q_EMIT q->drained();
            }
        });
        QObject::connect(socket, &QObject::destroyed, q, [this, id] { forget(id); });
        connections.emplace(id, std::move(c));
    }

    // At the cap of sockets: the connection that has lingered longest since
    // its sending side was shut (its answers are with the kernel) is cut for
    // a new one, so lingering connections whose clients neither read nor
    // close cannot fill the cap
    // (tst_http_connections::lingeringConnectionsDoNotLockOthersOut).
    bool cutOldestLingering()
    {
        Connection *oldest = nullptr;
        for (const auto &[id, c] : connections) {
            if (c->socket && c->halfClosedMs > 0 && (!oldest || c->halfClosedMs < oldest->halfClosedMs))
                oldest = c.get();
        }
        if (!oldest)
            return false;
        oldest->halfClosedMs = 0;
        oldest->socket->abort();
        return true;
    }

    // Connections that count against maxConnections: not those on their way out.
    int openConnections() const
    {
        int open = 0;
        for (const auto &[id, c] : connections)
            open += c->socket && !c->closing && !c->rejected ? 1 : 0;
        return open;
    }

    // Closes the connection that holds a slot with the least work in it (see
    // Options::evictAfterMs); false when every one is busy.
    bool closeOneWithoutWork()
    {
        const qint64 now = nowMs();
        Connection *victim = nullptr;
        int victimRank = 0;
        qint64 victimSince = 0;
        const qint64 after = options.evictAfterMs;
        for (const auto &[id, c] : connections) {
            if (!c->socket || c->closing || c->rejected || !c->pending.empty())
                continue; // on its way out, or a request is with a handler
            const bool arriving = c->framer.midMessage();
            // A complete request not taken in yet (the head of the one still
            // arriving is kept too: its body is not work).
            if (c->heads.size() > (arriving ? 1u : 0u))
                continue;
            const bool unsent = c->socket->bytesToWrite() > 0;
            if (unsent && now - c->lastWriteMs < after)
                continue; // an answer still leaving: its client reads
            int rank = 0;
            qint64 since = 0;
            if (!c->sentAnything && !unsent) {
                if (now - c->lastActivityMs >= after && c->socket->bytesAvailable() == 0) {
                    rank = 3; // silent since it connected
                    since = c->lastActivityMs;
                }
            } else if (!arriving && !unsent) {
                rank = 2; // a keep-alive connection between requests
                since = c->lastActivityMs;
            } else if (unsent) {
                rank = 1; // an answer its client has not read for a while
                since = c->lastWriteMs;
            } else if (now - c->messageStartMs >= after) {
                rank = 1; // a request (head or body) still arriving
                since = c->messageStartMs;
            }
            if (rank > victimRank || (rank == victimRank && rank > 0 && since < victimSince)) {
                victim = c.get();
                victimRank = rank;
                victimSince = since;
            }
        }
        if (!victim)
            return false;
        qCInfo(lcHttp) << "closed connection" << victim->id
                       << (victimRank == 3 ? "(silent" : victimRank == 2 ? "(idle" : "(request arriving or answer unread")
                       << "for" << now - victimSince << "ms) for a new one:" << options.maxConnections << "open";
        victim->closing = true;
        victim->socket->abort(); // at once: a client that reads nothing must not keep it half-closed
        return true;
    }

    void forget(quint64 id)
    {
        const auto it = connections.find(id);
        if (it == connections.end())
            return;
        int dropped = 0;
        for (const Pending &p : it->second->pending)
            dropped += p.counted ? 1 : 0;
        connections.erase(it);
        releasePending(dropped);
    }

    void releasePending(int n)
    {
        if (n <= 0)
            return;
        pendingTotal -= n;
        if (pendingTotal == 0 && totalUnsent() == 0)
            Q_EMIT q->drained();
    }

    // Everything a connection sends goes through its framer, in order; the
    // requests it completes are taken in, and a stream it rejects is answered
    // after them and closed.
    void onReadyRead(quint64 id)
    {
        Connection *c = find(id);
        if (!c || !c->socket)
            return;
        QTcpSocket *s = c->socket;
        const QByteArray bytes = s->readAll();
        if (bytes.isEmpty() || c->rejected || c->closing) // on its way out: what arrives is dropped
            return;
        const qint64 now = nowMs();
        c->lastActivityMs = now;
        c->sentAnything = true;
        if (!c->framer.midMessage())
            c->messageStartMs = now;
        const bool ok = c->framer.feed(bytes);
        for (RequestFramer::Head &h : c->framer.takeCompletedHeads())
            c->heads.push_back(std::move(h));
        // More requests at once than one connection may have under way: cut
        // off here, before any of them is taken in.
        if (ok && c->heads.size() + c->pending.size() > size_t(options.maxRequestsInFlight)) {
            c->framer.takeCompletedRequests();
            refuseNonReader(*c);
            return;
        }
        // The interim answer to "Expect: 100-continue" goes after the answers
        // to the requests before it (heads: those framed and not yet taken
        // in, and this one); written now, it would be read as the interim
        // answer to an earlier request, and this client would wait for its own.
        if (c->framer.takeContinueRequest()) {
            if (c->pending.empty() && c->heads.size() == 1)
                s->write("HTTP/1.1 100 Continue\r\n\r\n");
            else
                c->continueOwed = true;
        }
        for (HttpRequest &r : c->framer.takeCompletedRequests())
            takeIn(*c, std::move(r));
        if (!ok) {
            const RequestFramer::Rejection &r = c->framer.rejection();
            qCInfo(lcHttp).noquote() << QStringLiteral("rejected request stream: connection=%1 peer=%2 status=%3 reason=\"%4\"")
                                            .arg(id)
                                            .arg(s->peerAddress().toString())
                                            .arg(problemStatus(r.type))
                                            .arg(r.detail);
            rejectConnection(*c, problemResponse(r.type, r.detail));
        }
    }

    // Bytes of answers written and not yet taken by their clients, over all
    // connections (one pass: a few microseconds at a thousand connections).
    qint64 totalUnsent() const
    {
        qint64 total = 0;
        for (const auto &[id, c] : connections)
            total += c->socket ? c->socket->bytesToWrite() : 0;
        return total;
    }

    // A client that sends requests and does not read the answers
    // (Options::maxRequestsInFlight, maxUnsentBytes, maxTotalUnsentBytes): refused after the
    // answers already under way; the requests behind are not run.
    void refuseNonReader(Connection &c, QByteArray answering = {})
    {
        if (answering.isEmpty() && !c.heads.empty())
            answering = c.heads.front().method; // the first request it refuses
        qCInfo(lcHttp).noquote() << QStringLiteral("refused a request its client would not read: connection=%1 peer=%2 "
                                                   "waiting=%3 framed=%4 unsent=%5 bytes (all connections: %6)")
                                        .arg(c.id)
                                        .arg(c.socket->peerAddress().toString())
                                        .arg(c.pending.size())
                                        .arg(c.heads.size())
                                        .arg(c.socket->bytesToWrite())
                                        .arg(totalUnsent());
        c.heads.clear(); // these are never taken in
        rejectConnection(c, answering, problemResponse(ProblemType::Overloaded,
                                            QCoreApplication::translate("HttpTransport", "this connection's client is not reading its answers: "
                                                                                         "read them before sending more requests")));
    }

    // Answers `response` after every earlier answer on this connection, then
    // closes it; nothing more from it is read.
    // answering: the method of the request it stands in for (the first not
    // answered; by default the first framed): to a HEAD, it goes without its
    // content, as every answer to a HEAD.
    void rejectConnection(Connection &c, HttpResponse response)
    {
        rejectConnection(c, c.heads.empty() ? QByteArray() : c.heads.front().method, std::move(response));
    }
    void rejectConnection(Connection &c, const QByteArray &answering, HttpResponse response)
    {
        c.rejected = true;
        Pending p;
        p.seq = c.nextSeq++;
        p.method = answering;
        p.response = std::move(response);
        p.closeAfter = true;
        c.pending.push_back(std::move(p));
        flush(c);
    }

    // A request the framer completed, queued for the handler behind the
    // connection's earlier ones.
    void takeIn(Connection &c, HttpRequest r)
    {
        if (c.rejected || c.closing || c.heads.empty())
            return;
        r.remoteAddress = c.socket->peerAddress().toString();
        const RequestFramer::Head head = c.heads.front();
        c.heads.pop_front();
        if (head.expectContinue && c.heads.empty())
            c.continueOwed = false; // the one it was owed to (the last framed) is here: no interim answer any more
        Pending p;
        p.seq = c.nextSeq++;
        p.method = r.method;
        p.counted = true;
        p.closeAfter = head.closeAfter;
        p.request = std::move(r);
        c.pending.push_back(std::move(p));
        ++pendingTotal;
        handOver(c);
    }

    // Hands the connection's next request to the handler, one at a time: the
    // next goes only once the answer before it is written, so the limits on
    // unread answers (Options::maxUnsentBytes, maxTotalUnsentBytes) see
    // every answer a client is owed, rather than requests all taken in
    // before any answer exists. A request over a limit is refused, with the
    // ones behind it, which never run.
    void handOver(Connection &c)
    {
        Pending *next = nullptr;
        for (Pending &p : c.pending) {
            if (p.withHandler)
                return; // one at a time
            if (p.request) {
                next = &p;
                break;
            }
        }
        if (!next)
            return;
        if (c.closing) { // an earlier answer ended the connection: the rest never run
            dropWaiting(c);
            flush(c); // a rejection queued behind them goes too
            return;
        }
        const qint64 unsent = c.socket ? c.socket->bytesToWrite() : 0;
        if (unsent > options.maxUnsentBytes || (unsent > 0 && totalUnsent() > options.maxTotalUnsentBytes)) {
            const QByteArray refused = next->method; // (dropWaiting forgets it)
            dropWaiting(c);
            refuseNonReader(c, refused);
            return;
        }
        HttpRequest r = std::move(*next->request);
        next->request.reset();
        next->withHandler = true;
        const quint64 connectionId = c.id;
        const quint64 seq = next->seq;
        std::shared_ptr<Mailbox> box = mailbox;
        auto answered = std::make_shared<std::atomic<bool>>(false);
        Respond respond = [this, box, connectionId, seq, answered](HttpResponse response) {
            if (answered->exchange(true))
                return;
            std::lock_guard lock(box->mutex);
            if (!box->target)
                return; // the transport is gone
            QMetaObject::invokeMethod(
                box->target, [this, connectionId, seq, response = std::move(response)]() mutable {
                    deliver(connectionId, seq, std::move(response));
                },
                Qt::QueuedConnection);
        };
        handler(std::move(r), std::move(respond));
    }

    // Forgets the requests not yet handed over (they never run).
    void dropWaiting(Connection &c)
    {
        int dropped = 0;
        std::deque<Pending> kept;
        for (Pending &p : c.pending) {
            if (p.request)
                dropped += p.counted ? 1 : 0;
            else
                kept.push_back(std::move(p));
        }
        c.pending.swap(kept);
        releasePending(dropped);
    }

    void deliver(quint64 connectionId, quint64 seq, HttpResponse response)
    {
        Connection *c = find(connectionId);
        if (!c)
            return; // the client went away; forget() released it
        for (Pending &p : c->pending) {
            if (p.seq == seq) {
                p.response = std::move(response);
                p.withHandler = false;
                break;
            }
        }
        flush(*c);
        handOver(*c);
    }

    void flush(Connection &c)
    {
        while (!c.pending.empty() && c.pending.front().response) {
            Pending p = std::move(c.pending.front());
            c.pending.pop_front();
            // A handler may ask for the connection to end after its answer.
            for (qsizetype i = 0; i < p.response->headers.size(); ++i) {
                if (p.response->headers.at(i).first.compare("Connection", Qt::CaseInsensitive) == 0) {
                    p.closeAfter = p.closeAfter || p.response->headers.at(i).second.compare("close", Qt::CaseInsensitive) == 0;
                    p.response->headers.removeAt(i--);
                }
            }
            const bool counted = p.counted;
            QTcpSocket *s = c.socket;
            const bool writable = s && s->state() == QAbstractSocket::ConnectedState && !c.closing;
            if (writable) {
                c.lastWriteMs = nowMs();
                write(p, s);
                if (observer)
                    observer(p.method, *p.response);
                c.lastActivityMs = nowMs();
            }
            if (counted)
                releasePending(1);
            if (p.closeAfter && writable) {
                c.closing = true;
                c.finishWhenWritten = true;
                finishWritingWhenFlushed(c);
            }
        }
        // Every answer before it is written: the 100 Continue a request is owed.
        if (c.continueOwed && c.pending.empty() && c.heads.size() <= 1 && !c.closing && !c.rejected && c.socket
            && c.socket->state() == QAbstractSocket::ConnectedState) {
            c.continueOwed = false;
            c.socket->write("HTTP/1.1 100 Continue\r\n\r\n");
        }
    }

    static void write(Pending &p, QTcpSocket *s)
    {
        const HttpResponse &r = *p.response;
        // An answer to HEAD has no content, whatever its status (RFC 9110,
        // 9.3.2); its Content-Length is that of the GET's. A body after it
        // would be read by the client as the start of its next answer.
        QByteArray raw = rawResponse(r, p.closeAfter);
        if (p.method == "HEAD")
            raw.chop(r.body.size());
        s->write(raw);
    }

    // The end of a connection after its last answer, closed gently (a
    // "lingering close"): once the socket's buffer is empty, only the sending side is
    // shut (the client reads the answers, then the end of the stream), and
    // whatever the client still sends is read and dropped until it closes,
    // or the sweep cuts it kLingerMs later. Closing the socket
    // outright while the client's requests are still arriving would make
    // the kernel answer with a reset, which throws away answers the client
    // has not read yet, a 201 among them
    // (tst_http_connections::answersBeforeARefusalReachAClientThatKeepsSending).
    static void finishWritingWhenFlushed(Connection &c)
    {
        QTcpSocket *s = c.socket;
        if (!s || s->state() != QAbstractSocket::ConnectedState)
            return;
        s->flush();
        if (s->bytesToWrite() > 0)
            return; // again on bytesWritten
        c.finishWhenWritten = false;
        c.halfClosedMs = nowMs();
#ifdef Q_OS_WIN
        ::shutdown(static_cast<SOCKET>(s->socketDescriptor()), SD_SEND);
#else
        ::shutdown(static_cast<int>(s->socketDescriptor()), SHUT_WR);
#endif
    }

    void onSweep()
    {
        const qint64 now = nowMs();
        QList<quint64> timedOut, idle;
        QList<quint64> stuckClosing, lingered;
        for (const auto &[id, c] : connections) {
            if (c->socket && c->halfClosedMs > 0 && now - c->halfClosedMs > kLingerMs) {
                lingered.append(id); // its answers are with the kernel; what it still sends is dropped
                continue;
            }
            if (c->socket && (c->rejected || c->closing) && c->pending.empty()) {
                // On its way out, its last answer unread (a client that never
                // reads would hold the descriptor and the answer for ever);
                // one that still reads, however slowly, is left to finish.
                if (c->closingSinceMs == 0)
                    c->closingSinceMs = now;
                else if (now - c->closingSinceMs > options.firstRequestTimeoutMs
                         && now - c->lastWriteMs > options.firstRequestTimeoutMs)
                    stuckClosing.append(id);
                continue;
            }
            if (!c->socket || c->rejected || c->closing || !c->pending.empty())
                continue;
            if (c->framer.midMessage() && now - c->messageStartMs > options.requestTimeoutMs)
                timedOut.append(id);
            else if (!c->framer.midMessage()
                     && now - c->lastActivityMs > (c->sentAnything ? options.idleTimeoutMs : options.firstRequestTimeoutMs))
                idle.append(id);
        }
        for (const quint64 id : std::as_const(timedOut)) {
            if (Connection *c = find(id))
                rejectConnection(*c, problemResponse(ProblemType::RequestTimeout,
                                                     QCoreApplication::translate("HttpTransport", "the request was not complete within %1 ms")
                                                         .arg(options.requestTimeoutMs)));
        }
        for (const quint64 id : std::as_const(lingered)) {
            if (Connection *c = find(id); c && c->socket) {
                c->halfClosedMs = 0;
                c->socket->abort();
            }
        }
        for (const quint64 id : std::as_const(stuckClosing)) {
            if (Connection *c = find(id); c && c->socket) {
                qCInfo(lcHttp) << "cut connection" << id << "on its way out: its client read nothing for"
                               << options.firstRequestTimeoutMs << "ms";
                c->socket->abort();
            }
        }
        for (const quint64 id : std::as_const(idle)) {
            if (Connection *c = find(id); c && c->socket) {
                c->closing = true;
                c->socket->disconnectFromHost();
            }
        }
    }
};

HttpTransport::HttpTransport(Handler handler, Options options, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>())
{
    d->q = this;
    d->handler = std::move(handler);
    d->options = options;
    d->mailbox->target = this;
    d->sweep.setInterval(1000);
    connect(&d->sweep, &QTimer::timeout, this, [this] { d->onSweep(); });
}

HttpTransport::~HttpTransport()
{
    std::lock_guard lock(d->mailbox->mutex);
    d->mailbox->target = nullptr;
}

bool HttpTransport::listen(const QHostAddress &address, quint16 port, QString *error)
{
    auto *tcp = new AdoptingTcpServer;
    tcp->adopt = [this](qintptr fd) { d->adopt(fd); };
    if (!tcp->listen(address, port)) {
        if (error)
            *error = QCoreApplication::translate("HttpTransport", "cannot listen on %1:%2: %3").arg(address.toString()).arg(port).arg(tcp->errorString());
        delete tcp;
        return false;
    }
    tcp->setParent(this);
    d->tcp = tcp;
    d->sweep.start();
    return true;
}

quint16 HttpTransport::port() const { return d->tcp ? d->tcp->serverPort() : 0; }
void HttpTransport::setObserver(Observer observer) { d->observer = std::move(observer); }

void HttpTransport::stopListening()
{
    if (d->tcp)
        d->tcp->close();
}

void HttpTransport::closeAllConnections()
{
    for (const auto &[id, c] : d->connections) {
        if (c->socket) {
            c->closing = true;
            c->socket->disconnectFromHost();
        }
    }
}

int HttpTransport::connectionCount() const { return int(d->connections.size()); }
int HttpTransport::pendingResponses() const { return d->pendingTotal; }
qint64 HttpTransport::unsentBytes() const { return d->totalUnsent(); }

} // namespace jobdesk
