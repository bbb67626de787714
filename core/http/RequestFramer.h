#pragma once

// The server's one HTTP/1.1 request parser, incremental and with limits: it
// alone decides where each request on a connection ends and what it says
// (method, target, headers, body); HttpTransport feeds it every byte in order
// and hands the requests it completes to the handlers. A stream it cannot
// read is rejected from that point on with a clear 4xx.
//
// Stricter than RFC 9112 where leniency would let a proxy in front read the
// stream differently: one space between the parts of the request line, no
// obs-fold, no control characters in header values, Content-Length only as
// one non-negative decimal number (repeats must be identical), no
// Transfer-Encoding at all (a chunked body gets 411: send Content-Length).
//
// Pure (no I/O, no Qt event loop): it is also the libFuzzer target's subject.

#include "http/HttpMessage.h"
#include "http/Problem.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace jobdesk {

struct FramingLimits
{
    qsizetype maxRequestLine = 8 * 1024;      // 414 beyond
    qsizetype maxHeaderBytes = 16 * 1024;     // 431 beyond (all header lines together)
    int maxHeaderCount = 100;                 // 431 beyond
    qint64 maxBodyBytes = 1024 * 1024;        // 413 beyond, on Content-Length, before the body is read
    qsizetype maxLeadingWhitespace = 1024;    // blank lines between requests
};

class RequestFramer
{
public:
    struct Head
    {
        QByteArray method;
        QByteArray target;
        QByteArray version;        // "HTTP/1.1" or "HTTP/1.0"
        qint64 contentLength = 0;
        bool hasContentLength = false;
        bool expectContinue = false; // Expect: 100-continue
        bool closeAfter = false;     // Connection: close, or HTTP/1.0 without keep-alive
        HttpHeaders headers;         // in the order sent, names as sent, values without surrounding blanks
    };
    struct Rejection
    {
        ProblemType type = ProblemType::MalformedRequest;
        QString detail;
    };

    explicit RequestFramer(FramingLimits limits = {});

    // Feeds the next bytes of the stream. Returns false once the stream is
    // rejected; everything after the rejection point is ignored.
    bool feed(QByteArrayView bytes);

    bool rejected() const { return m_state == State::Rejected; }
    const Rejection &rejection() const { return m_rejection; }

    // Heads of messages whose head is complete, oldest first, not yet taken.
    QList<Head> takeCompletedHeads();
    // Whole messages (head and body), oldest first, not yet taken; the
    // target is split into path (percent-encoded unreserved characters
    // decoded, RFC 3986 6.2.2.2) and query (as sent), an absolute-form
    // target's authority dropped. remoteAddress is left empty.
    QList<HttpRequest> takeCompletedRequests();
    // True once per message whose head asked for 100-continue, when its
    // body has not started yet.
    bool takeContinueRequest();
    // Some bytes of a message have arrived but not all of it.
    bool midMessage() const;
    qint64 messagesCompleted() const { return m_completed; }

private:
    enum class State { BeforeRequestLine, RequestLine, Headers, Body, Rejected };
    bool reject(ProblemType type, const QString &detail);
    bool finishRequestLine();
    bool finishHeaderLine();
    bool finishHead();
    void completeMessage();

    FramingLimits m_limits;
    State m_state = State::BeforeRequestLine;
    Rejection m_rejection;
    QByteArray m_line;
    qsizetype m_whitespace = 0;
    qsizetype m_headerBytes = 0;
    int m_headerCount = 0;
    qint64 m_bodyRemaining = 0;
    bool m_sawTransferEncoding = false;
    QList<QByteArray> m_contentLengths;
    bool m_keepAlive = false;
    bool m_continuePending = false;
    Head m_head;
    QByteArray m_body;
    QList<Head> m_heads;
    QList<HttpRequest> m_requests;
    qint64 m_completed = 0;
};

} // namespace jobdesk
