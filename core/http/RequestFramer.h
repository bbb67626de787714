#pragma once

// Incremental HTTP/1.1 request framing with limits: the guard in front of Qt
// HttpServer 6.4, which has no limit on the request line, the headers or the
// body, closes the connection without an answer on a malformed request, and
// misreads a negative Content-Length. The framer sees every byte a connection
// sends, in order, before Qt's parser does, and either agrees with it on where
// each message ends or rejects the rest of the stream with a clear 4xx.
//
// Stricter than RFC 9112 where leniency would let the two parsers disagree:
// one space between the parts of the request line, no obs-fold, no control
// characters in header values, Content-Length only as one non-negative
// decimal number (repeats must be identical), no Transfer-Encoding at all
// (a chunked body gets 411: send Content-Length).
//
// Pure (no I/O, no Qt event loop): it is also the libFuzzer target's subject.

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
    QList<Head> m_heads;
    qint64 m_completed = 0;
};

} // namespace jobdesk
