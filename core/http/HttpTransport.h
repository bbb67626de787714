#pragma once

// The HTTP transport: connections on a QTcpServer, each read by its own
// RequestFramer (the one parser: it alone decides where a request ends and
// what it says), responses written in request order per connection, limits
// and timeouts. Handlers see HttpRequest and answer with HttpResponse, from
// any thread.

#include "http/HttpMessage.h"
#include "http/RequestFramer.h"

#include <QHostAddress>
#include <QObject>

#include <functional>
#include <memory>

namespace jobdesk {

class HttpTransport : public QObject
{
    Q_OBJECT
public:
    struct Options
    {
        FramingLimits limits;
        int maxConnections = 1024; // beyond: one without work is closed for the new one, or 503 and close
        int requestTimeoutMs = 30000; // a started request must be complete within this (408)
        int idleTimeoutMs = 120000;   // an idle keep-alive connection is closed after this
        // A new connection that sends nothing is closed after this: connections
        // opened and left silent hold a slot for seconds, not minutes, so a
        // client cannot fill the server with them
        // (tst_http_connections::aSilentNewConnectionIsClosedSoonerThanAnIdleKeepAliveOne).
        int firstRequestTimeoutMs = 10000;
        // A new connection when maxConnections are open closes one that
        // holds a slot without work in it, instead of being refused, so idle
        // keep-alive connections cannot lock other clients out
        // (tst_http_connections::aFullServerMakesRoomForANewConnection):
        // first one that has sent nothing for this long, then the
        // longest idle keep-alive one, then the oldest request still arriving
        // (head or body) or answer its client has not read for this long. A
        // connection whose request is with a handler, or whose answer is
        // still leaving, is never closed; when every one is, the new one is
        // refused (503). Connections on their way out count against twice
        // maxConnections (plus 64), and are cut after firstRequestTimeoutMs.
        int evictAfterMs = 1000;
        // A client that sends requests and does not read the answers must not
        // grow the server without end (pipelined GET /metrics need no token).
        // A connection's requests go to the handlers
        // one at a time, each once the answer before it is written. More than
        // maxRequestsInFlight requests framed and not yet answered, or a
        // request that would be handed over while more than maxUnsentBytes of
        // answers wait for the client, is refused (503); the connection
        // closes after the earlier answers, and the requests behind it are
        // not run. One answer is at most ~3 MB (a job's input and result).
        // Test: tst_http_connections::aClientThatDoesNotReadItsAnswersIsCutOff.
        int maxRequestsInFlight = 32;
        qint64 maxUnsentBytes = 16 * 1024 * 1024;
        // The same over all connections (many connections, each under its
        // own limit, would still add up to gigabytes): while this many bytes
        // of answers are unread in all, a connection that has unread answers
        // of its own is refused its next request; one whose client has read
        // everything is still served
        // (tst_http_connections::unreadAnswersAreBoundedOverAllConnections).
        qint64 maxTotalUnsentBytes = 256 * 1024 * 1024;
    };
    // Answers one request; may be called from any thread, exactly once.
    using Respond = std::function<void(HttpResponse)>;
    // Called on the transport's thread for every complete, framed request.
    using Handler = std::function<void(HttpRequest, Respond)>;
    // Called on the transport's thread for every response written (metrics).
    using Observer = std::function<void(const QByteArray &method, const HttpResponse &)>;

    HttpTransport(Handler handler, Options options, QObject *parent = nullptr);
    ~HttpTransport() override;

    bool listen(const QHostAddress &address, quint16 port, QString *error);
    quint16 port() const;
    void setObserver(Observer observer);
    void stopListening();         // no new connections; open ones carry on
    void closeAllConnections();
    int connectionCount() const;
    int pendingResponses() const; // requests taken in and not yet answered into the socket's buffer
    qint64 unsentBytes() const;   // answers in the sockets' buffers, not yet with the kernel

Q_SIGNALS:
    // pendingResponses() and unsentBytes() went down to zero: every answer
    // to a request taken in is with the kernel.
    void drained();

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace jobdesk
