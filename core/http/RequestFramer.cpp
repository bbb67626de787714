#include "http/RequestFramer.h"

#include <QCoreApplication>

#include <algorithm>
#include <utility>
namespace jobdesk {
namespace {

bool isTchar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    switch (c) {
    case '!': case '#': case '$': case '%': case '&': case '\'': case '*': case '+':
    case '-': case '.': case '^': case '_': case '`': case '|': case '~':
        return true;
    default:
        return false;
    }
}

bool isLeadingWhitespace(char c)
{
    // Blank lines before a request are skipped (RFC 9112, 2.2), and the other blanks as well.
    return c == '\v' || c == '\n' || c == '\r' || c == ' ' || c == '\t';
}

QByteArray trimmed(QByteArrayView v)
{
    qsizetype b = 0, e = v.size();
    while (b < e && (v[b] == ' ' || v[b] == '\t'))
        ++b;
    while (e > b && (v[e - 1] == ' ' || v[e - 1] == '\t'))
        --e;
    return v.sliced(b, e - b).toByteArray();
}

QString printable(QByteArrayView v, qsizetype max = 40)
{
    QString s;
    for (qsizetype i = 0; i < v.size() && i < max; ++i) {
        const auto c = static_cast<unsigned char>(v[i]);
        s += (c >= 0x20 && c < 0x7f) ? QChar(char16_t(c)) : QChar(u'?');
    }
    if (v.size() > max)
        s += QStringLiteral("...");
    return s;
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// RFC 3986, 6.2.2.2: a percent-encoded unreserved character is that
// character ("/v1/jobs/%37" is "/v1/jobs/7"); every other escape stays as sent.
QByteArray normalisedPath(QByteArrayView path)
{
    QByteArray out;
    out.reserve(path.size());
    for (qsizetype i = 0; i < path.size(); ++i) {
        if (path[i] == '%' && i + 2 < path.size() && hexValue(path[i + 1]) >= 0 && hexValue(path[i + 2]) >= 0) {
            const char c = char(hexValue(path[i + 1]) * 16 + hexValue(path[i + 2]));
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' || c == '~') {
                out += c;
                i += 2;
                continue;
            }
        }
        out += path[i];
    }
    return out;
}

// "/p?q", or absolute-form "http://host/p?q" (the authority dropped): the
// path normalised, the query as sent, without a fragment.
void splitTarget(const QByteArray &target, QByteArray *path, QByteArray *query)
{
    QByteArrayView rest(target);
    if (!rest.startsWith('/')) {
        rest = rest.sliced(rest.indexOf("://") + 3);
        const qsizetype slash = rest.indexOf('/');
        const qsizetype mark = rest.indexOf('?');
        const qsizetype start = slash < 0 ? mark : mark < 0 ? slash : std::min(slash, mark);
        rest = start < 0 ? QByteArrayView() : rest.sliced(start);
    }
    if (const qsizetype hash = rest.indexOf('#'); hash >= 0)
        rest = rest.first(hash);
    const qsizetype mark = rest.indexOf('?');
    *path = normalisedPath(mark < 0 ? rest : rest.first(mark));
    *query = mark < 0 ? QByteArray() : rest.sliced(mark + 1).toByteArray();
    if (path->isEmpty())
        *path = "/";
}

constexpr const char *kMethods[] = {"GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"};

} // namespace

RequestFramer::RequestFramer(FramingLimits limits)
    : m_limits(limits)
{
}

bool RequestFramer::reject(ProblemType type, const QString &detail)
{
    m_state = State::Rejected;
    m_rejection = Rejection{type, detail};
    m_line.clear();
    return false;
}

QList<RequestFramer::Head> RequestFramer::takeCompletedHeads()
{
    QList<Head> out;
    out.swap(m_heads);
    return out;
}

QList<HttpRequest> RequestFramer::takeCompletedRequests()
{
    QList<HttpRequest> out;
    out.swap(m_requests);
    return out;
}

bool RequestFramer::takeContinueRequest()
{
    const bool c = m_continuePending;
    m_continuePending = false;
    return c;
}

bool RequestFramer::midMessage() const
{
    return m_state == State::RequestLine || m_state == State::Headers || m_state == State::Body;
}

bool RequestFramer::feed(QByteArrayView bytes)
{
    qsizetype i = 0;
    const qsizetype n = bytes.size();
    while (i < n) {
        switch (m_state) {
        case State::Rejected:
            return false;
        case State::BeforeRequestLine: {
            const char c = bytes[i];
            if (isLeadingWhitespace(c)) {
                if (++m_whitespace > m_limits.maxLeadingWhitespace)
                    return reject(ProblemType::MalformedRequest, QCoreApplication::translate("RequestFramer", "too much whitespace between requests"));
                ++i;
                continue;
            }
            m_whitespace = 0;
            m_state = State::RequestLine;
            m_line.clear();
            m_head = Head{};
            m_body.clear();
            m_headerBytes = 0;
            m_headerCount = 0;
            m_contentLengths.clear();
            m_sawTransferEncoding = false;
            m_keepAlive = false;
            continue;
        }
        case State::RequestLine:
        case State::Headers: {
            const qsizetype nl = bytes.sliced(i).indexOf('\n'); // relative to i
            const qsizetype take = nl < 0 ? n - i : nl;
            m_line.append(bytes.sliced(i, take));
            if (m_state == State::RequestLine && m_line.size() > m_limits.maxRequestLine)
                return reject(ProblemType::UriTooLong,
                              QCoreApplication::translate("RequestFramer", "the request line is longer than %1 bytes").arg(m_limits.maxRequestLine));
            if (m_state == State::Headers && m_headerBytes + m_line.size() > m_limits.maxHeaderBytes)
                return reject(ProblemType::HeadersTooLarge,
                              QCoreApplication::translate("RequestFramer", "the headers are longer than %1 bytes").arg(m_limits.maxHeaderBytes));
            i += take;
            if (nl < 0)
                continue;
            ++i; // the '\n'
            if (m_line.endsWith('\r'))
                m_line.chop(1);
            const bool ok = m_state == State::RequestLine ? finishRequestLine() : finishHeaderLine();
            if (!ok)
                return false;
            continue;
        }
        case State::Body: {
            const qint64 take = std::min<qint64>(m_bodyRemaining, n - i);
            m_body.append(bytes.sliced(i, take));
            m_bodyRemaining -= take;
            i += take;
            m_continuePending = false; // the body has started: no 100-continue any more
            if (m_bodyRemaining == 0)
                completeMessage();
            continue;
        }
        }
    }
    return m_state != State::Rejected;
}

bool RequestFramer::finishRequestLine()
{
    const QByteArray line = m_line;
    m_line.clear();
    for (const char c : line) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u >= 0x7f)
            return reject(ProblemType::MalformedRequest,
                          QCoreApplication::translate("RequestFramer", "the request line has a control or non-ASCII byte"));
    }
    const QList<QByteArray> parts = line.split(' ');
    if (parts.size() != 3 || parts.at(0).isEmpty() || parts.at(1).isEmpty())
        return reject(ProblemType::MalformedRequest,
                      QCoreApplication::translate("RequestFramer", "the request line is not \"METHOD target HTTP/1.1\": \"%1\"").arg(printable(line)));
    for (const char c : parts.at(0)) {
        if (!isTchar(c))
            return reject(ProblemType::MalformedRequest, QCoreApplication::translate("RequestFramer", "the method is not a token"));
    }
    bool known = false;
    for (const char *m : kMethods)
        known = known || parts.at(0) == m;
    if (!known)
        return reject(ProblemType::NotImplemented,
                      QCoreApplication::translate("RequestFramer", "method %1 is not implemented").arg(printable(parts.at(0))));
    const QByteArray &target = parts.at(1);
    if (!target.startsWith('/') && !target.startsWith("http://") && !target.startsWith("https://"))
        return reject(ProblemType::MalformedRequest, QCoreApplication::translate("RequestFramer", "the request target must be a path"));
    if (parts.at(2) != "HTTP/1.1" && parts.at(2) != "HTTP/1.0")
        return reject(ProblemType::MalformedRequest,
                      QCoreApplication::translate("RequestFramer", "unsupported protocol \"%1\" (HTTP/1.1 or HTTP/1.0)").arg(printable(parts.at(2))));
    m_head.method = parts.at(0);
    m_head.target = target;
    m_head.version = parts.at(2);
    m_state = State::Headers;
    return true;
}

bool RequestFramer::finishHeaderLine()
{
    const QByteArray line = m_line;
    m_line.clear();
    if (line.isEmpty())
        return finishHead();
    m_headerBytes += line.size() + 2;
    if (++m_headerCount > m_limits.maxHeaderCount)
        return reject(ProblemType::HeadersTooLarge, QCoreApplication::translate("RequestFramer", "more than %1 header fields").arg(m_limits.maxHeaderCount));
    if (line.front() == ' ' || line.front() == '\t')
        return reject(ProblemType::MalformedRequest, QCoreApplication::translate("RequestFramer", "folded header lines are not accepted"));
    const qsizetype colon = line.indexOf(':');
    if (colon <= 0)
        return reject(ProblemType::MalformedRequest,
                      QCoreApplication::translate("RequestFramer", "a header line without a name and a colon: \"%1\"").arg(printable(line)));
    const QByteArrayView name = QByteArrayView(line).first(colon);
    for (const char c : name) {
        if (!isTchar(c))
            return reject(ProblemType::MalformedRequest,
                          QCoreApplication::translate("RequestFramer", "the header name \"%1\" is not a token").arg(printable(name)));
    }
    const QByteArray value = trimmed(QByteArrayView(line).sliced(colon + 1));
    for (const char c : value) {
        const auto u = static_cast<unsigned char>(c);
        if ((u < 0x20 && c != '\t') || u == 0x7f)
            return reject(ProblemType::MalformedRequest,
                          QCoreApplication::translate("RequestFramer", "the value of header %1 has a control character").arg(printable(name)));
    }
    m_head.headers.append({name.toByteArray(), value});
    if (name.compare("Content-Length", Qt::CaseInsensitive) == 0) {
        for (const QByteArray &part : value.split(','))
            m_contentLengths.append(trimmed(part));
    } else if (name.compare("Transfer-Encoding", Qt::CaseInsensitive) == 0) {
        m_sawTransferEncoding = true;
    } else if (name.compare("Expect", Qt::CaseInsensitive) == 0) {
        if (value.compare("100-continue", Qt::CaseInsensitive) != 0)
            return reject(ProblemType::MalformedRequest, QCoreApplication::translate("RequestFramer", "only \"Expect: 100-continue\" is understood"));
        // RFC 9110, 10.1.1: a server MUST ignore it in an HTTP/1.0 request
        // (whose client cannot read an interim answer).
        m_head.expectContinue = m_head.version == "HTTP/1.1";
    } else if (name.compare("Connection", Qt::CaseInsensitive) == 0) {
        for (const QByteArray &option : value.split(',')) {
            const QByteArray o = trimmed(option);
            if (o.compare("close", Qt::CaseInsensitive) == 0)
                m_head.closeAfter = true;
            else if (o.compare("keep-alive", Qt::CaseInsensitive) == 0)
                m_keepAlive = true;
        }
    }
    return true;
}

bool RequestFramer::finishHead()
{
    if (m_sawTransferEncoding) {
        if (!m_contentLengths.isEmpty())
            return reject(ProblemType::MalformedRequest,
                          QCoreApplication::translate("RequestFramer", "both Content-Length and Transfer-Encoding: the body's length is ambiguous"));
        return reject(ProblemType::LengthRequired,
                      QCoreApplication::translate("RequestFramer", "Transfer-Encoding (chunked) request bodies are not accepted: send Content-Length"));
    }
    if (!m_contentLengths.isEmpty()) {
        const QByteArray &first = m_contentLengths.first();
        for (const QByteArray &v : std::as_const(m_contentLengths)) {
            if (v != first)
                return reject(ProblemType::MalformedRequest, QCoreApplication::translate("RequestFramer", "conflicting Content-Length values"));
        }
        bool digits = !first.isEmpty() && first.size() <= 18;
        for (const char c : first)
            digits = digits && c >= '0' && c <= '9';
        if (!digits)
            return reject(ProblemType::MalformedRequest,
                          QCoreApplication::translate("RequestFramer", "Content-Length must be a non-negative decimal integer, got \"%1\"").arg(printable(first)));
        const qint64 length = first.toLongLong();
        if (length > m_limits.maxBodyBytes)
            return reject(ProblemType::PayloadTooLarge, QCoreApplication::translate("RequestFramer", "Content-Length %1 is over the limit of %2 bytes")
                                                            .arg(length)
                                                            .arg(m_limits.maxBodyBytes));
        m_head.contentLength = length;
        m_head.hasContentLength = true;
    }
    if (m_head.version == "HTTP/1.0" && !m_keepAlive)
        m_head.closeAfter = true;
    m_heads.append(m_head);
    m_bodyRemaining = m_head.contentLength;
    if (m_bodyRemaining > 0) {
        m_state = State::Body;
        m_continuePending = m_head.expectContinue;
    } else {
        completeMessage();
    }
    return true;
}

void RequestFramer::completeMessage()
{
    HttpRequest r;
    r.method = m_head.method;
    splitTarget(m_head.target, &r.path, &r.query);
    r.headers = m_head.headers;
    r.body = std::exchange(m_body, {});
    m_requests.append(std::move(r));
    ++m_completed;
    m_continuePending = false;
    m_state = State::BeforeRequestLine;
    m_whitespace = 0;
}

} // namespace jobdesk
