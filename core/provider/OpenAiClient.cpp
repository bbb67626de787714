#include "provider/ProviderClient.h"

#include "Logging.h"
#include "provider/OutcomeMapping.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>

#include <curl/curl.h>

#include <memory>
#include <mutex>

#include <time.h>

namespace jobdesk {
namespace {

constexpr qsizetype kMaxResponseBytes = 16 * 1024 * 1024;

void ensureCurlGlobal()
{
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

} // namespace

SendClock::time_point SendClock::now() noexcept
{
#ifdef CLOCK_BOOTTIME
    timespec ts{};
    if (clock_gettime(CLOCK_BOOTTIME, &ts) == 0)
        return time_point(std::chrono::seconds(ts.tv_sec) + std::chrono::nanoseconds(ts.tv_nsec));
#endif
    return time_point(std::chrono::duration_cast<duration>(std::chrono::steady_clock::now().time_since_epoch()));
}

namespace {

struct Transfer
{
    QByteArray response;
    QByteArray retryAfter;
    bool contentLength = false;
    bool chunked = false;
    bool tooLarge = false;
    qint64 bytesOut = 0; // request bytes written to the socket (headers and body)
    const std::atomic<bool> *abort = nullptr;
    std::optional<SendClock::time_point> sendBy;
    bool fenced = false; // the pre-request check found sendBy passed: nothing was written
};

bool pastSendBy(const Transfer &t)
{
    return t.sendBy && SendClock::now() >= *t.sendBy;
}

#if LIBCURL_VERSION_NUM >= 0x075000 // 7.80.0: CURLOPT_PREREQFUNCTION
int onPreRequest(void *user, char *, char *, int, int)
{
    auto *t = static_cast<Transfer *>(user);
    if (pastSendBy(*t)) {
        t->fenced = true;
        return CURL_PREREQFUNC_ABORT;
    }
    return CURL_PREREQFUNC_OK;
}
#endif

size_t onWrite(char *data, size_t size, size_t count, void *user)
{
    auto *t = static_cast<Transfer *>(user);
    const size_t n = size * count;
    if (t->response.size() + qsizetype(n) > kMaxResponseBytes) {
        t->tooLarge = true;
        return 0; // CURLE_WRITE_ERROR
    }
    t->response.append(data, qsizetype(n));
    return n;
}

size_t onHeader(char *data, size_t size, size_t count, void *user)
{
    auto *t = static_cast<Transfer *>(user);
    const size_t n = size * count;
    const QByteArray line = QByteArray(data, qsizetype(n)).trimmed();
    if (line.startsWith("HTTP/")) { // a new response (after a 1xx): forget the previous headers
        t->retryAfter.clear();
        t->contentLength = t->chunked = false;
        return n;
    }
    const qsizetype colon = line.indexOf(':');
    if (colon > 0) {
        const QByteArray name = line.left(colon).trimmed().toLower();
        const QByteArray value = line.mid(colon + 1).trimmed();
        if (name == "retry-after")
            t->retryAfter = value;
        else if (name == "content-length")
            t->contentLength = true;
        else if (name == "transfer-encoding" && value.toLower().contains("chunked"))
            t->chunked = true;
    }
    return n;
}

int onDebug(CURL *, curl_infotype type, char *, size_t size, void *user)
{
    auto *t = static_cast<Transfer *>(user);
    if (type == CURLINFO_HEADER_OUT || type == CURLINFO_DATA_OUT)
        t->bytesOut += qint64(size);
    return 0;
}

int onProgress(void *user, curl_off_t, curl_off_t, curl_off_t, curl_off_t)
{
    auto *t = static_cast<Transfer *>(user);
    return (t->abort && t->abort->load()) ? 1 : 0;
}

bool beforeConnection(CURLcode code)
{
    switch (code) {
    case CURLE_UNSUPPORTED_PROTOCOL:
    case CURLE_URL_MALFORMAT:
    case CURLE_COULDNT_RESOLVE_PROXY:
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_CONNECT:
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ENGINE_NOTFOUND:
    case CURLE_SSL_ENGINE_SETFAILED:
        return true;
    default:
        return false;
    }
}

QByteArray noProxyList()
{
    QByteArray list = qgetenv("no_proxy");
    if (list.isEmpty())
        list = qgetenv("NO_PROXY");
    if (!list.isEmpty())
        list += ',';
    return list + "localhost,127.0.0.1,::1";
}

struct CurlDeleter { void operator()(CURL *c) const { curl_easy_cleanup(c); } };
struct SlistDeleter { void operator()(curl_slist *l) const { curl_slist_free_all(l); } };

// One HTTP exchange on a fresh connection that is closed afterwards.
HttpExchange perform(const QByteArray &url, const QByteArray *postBody, const QList<QByteArray> &headers,
                     qint64 deadlineMs, const std::atomic<bool> *abort,
                     std::optional<SendClock::time_point> sendBy = std::nullopt)
{
    ensureCurlGlobal();
    HttpExchange x;
    const auto tooLate = [&x] {
        x.transport = HttpExchange::Transport::NothingSent;
        x.transportError = QStringLiteral("the attempt's lease ran out before the request could leave "
                                          "(this process stalled); it may have been reaped and asked about meanwhile");
        return x;
    };
    if (sendBy && SendClock::now() >= *sendBy)
        return tooLate();
    std::unique_ptr<CURL, CurlDeleter> curl(curl_easy_init());
    if (!curl) {
        x.transport = HttpExchange::Transport::NothingSent;
        x.transportError = QStringLiteral("libcurl could not create a handle");
        return x;
    }
    std::unique_ptr<curl_slist, SlistDeleter> headerList;
    for (const QByteArray &h : headers) {
        curl_slist *next = curl_slist_append(headerList.get(), h.constData());
        if (!next) {
            x.transport = HttpExchange::Transport::NothingSent;
            x.transportError = QStringLiteral("out of memory building headers");
            return x;
        }
        (void)headerList.release();
        headerList.reset(next);
    }
    Transfer t;
    t.abort = abort;
    t.sendBy = sendBy;
    char errorBuffer[CURL_ERROR_SIZE] = {};
    const QByteArray noProxy = noProxyList();
    const long timeout = long(std::clamp<qint64>(deadlineMs, 1, 24LL * 3600 * 1000));
    CURL *h = curl.get();
    curl_easy_setopt(h, CURLOPT_URL, url.constData());
    curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
    // At most once: never reuse a connection (libcurl re-sends a request
    // whose reused connection turned out dead) and never follow redirects.
    curl_easy_setopt(h, CURLOPT_FRESH_CONNECT, 1L);
    curl_easy_setopt(h, CURLOPT_FORBID_REUSE, 1L);
    curl_easy_setopt(h, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(h, CURLOPT_HTTP_VERSION, long(CURL_HTTP_VERSION_1_1));
    curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, timeout);
    curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, timeout);
    curl_easy_setopt(h, CURLOPT_NOPROXY, noProxy.constData());
    curl_easy_setopt(h, CURLOPT_USERAGENT, "JobDesk/0.1 (libcurl)");
    curl_easy_setopt(h, CURLOPT_ERRORBUFFER, errorBuffer);
    curl_easy_setopt(h, CURLOPT_HTTPHEADER, headerList.get());
    if (postBody) {
        curl_easy_setopt(h, CURLOPT_POST, 1L);
        curl_easy_setopt(h, CURLOPT_POSTFIELDS, postBody->constData());
        curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(postBody->size()));
    } else {
        curl_easy_setopt(h, CURLOPT_HTTPGET, 1L);
    }
    curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, &onWrite);
    curl_easy_setopt(h, CURLOPT_WRITEDATA, &t);
    curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, &onHeader);
    curl_easy_setopt(h, CURLOPT_HEADERDATA, &t);
    // The debug callback (it needs VERBOSE) tells how many request bytes were
    // written: with none written, nothing can have reached the provider.
    curl_easy_setopt(h, CURLOPT_DEBUGFUNCTION, &onDebug);
    curl_easy_setopt(h, CURLOPT_DEBUGDATA, &t);
    curl_easy_setopt(h, CURLOPT_VERBOSE, 1L);
    curl_easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, &onProgress);
    curl_easy_setopt(h, CURLOPT_XFERINFODATA, &t);

#if LIBCURL_VERSION_NUM >= 0x075000
    if (sendBy) {
        curl_easy_setopt(h, CURLOPT_PREREQFUNCTION, &onPreRequest);
        curl_easy_setopt(h, CURLOPT_PREREQDATA, &t);
    }
#endif
    const CURLcode code = curl_easy_perform(h);
    if (t.fenced && t.bytesOut == 0)
        return tooLate();
    long status = 0;
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
    curl_off_t connectUs = 0;
    curl_easy_getinfo(h, CURLINFO_CONNECT_TIME_T, &connectUs);

    x.status = int(status);
    x.body = t.response;
    x.retryAfter = t.retryAfter;
    x.framed = t.contentLength || t.chunked;
    x.transportError = QString::fromUtf8(errorBuffer[0] ? errorBuffer : curl_easy_strerror(code));
    if (code == CURLE_OK) {
        x.transport = HttpExchange::Transport::Complete;
        x.transportError.clear();
        return x;
    }
    const bool neverConnected = connectUs == 0;
    if (t.bytesOut == 0
        && (beforeConnection(code) || code == CURLE_SEND_ERROR
            || ((code == CURLE_OPERATION_TIMEDOUT || code == CURLE_ABORTED_BY_CALLBACK) && neverConnected))) {
        x.transport = HttpExchange::Transport::NothingSent;
    } else if (code == CURLE_OPERATION_TIMEDOUT) {
        x.transport = HttpExchange::Transport::TimedOut;
    } else if (code == CURLE_ABORTED_BY_CALLBACK) {
        x.transport = HttpExchange::Transport::Aborted;
    } else {
        x.transport = HttpExchange::Transport::BrokenAfterSend;
        if (t.tooLarge)
            x.transportError = QStringLiteral("response larger than ") + QString::number(kMaxResponseBytes) + QStringLiteral(" bytes");
    }
    x.transportError = QString::fromLatin1(curl_easy_strerror(code)) + QStringLiteral(" (curl ")
        + QString::number(int(code)) + QStringLiteral("): ") + x.transportError;
    return x;
}

QByteArray endpoint(const QUrl &base, const QString &suffix)
{
    QString s = base.toString(QUrl::FullyEncoded);
    while (s.endsWith(u'/'))
        s.chop(1);
    return (s + suffix).toUtf8();
}

bool isHeaderSafe(const QString &value)
{
    if (value.isEmpty() || value.size() > 255)
        return false;
    for (const QChar c : value) {
        if (c.unicode() < 0x21 || c.unicode() > 0x7e)
            return false;
    }
    return true;
}

} // namespace

OpenAiClient::OpenAiClient(ProviderConfig config) : m_config(std::move(config))
{
    ensureCurlGlobal();
}

QJsonObject OpenAiClient::requestBody(const ProviderRequest &r)
{
    QJsonArray messages;
    if (!r.systemPrompt.isEmpty())
        messages.append(QJsonObject{{QStringLiteral("role"), QStringLiteral("system")},
                                    {QStringLiteral("content"), r.systemPrompt}});
    messages.append(QJsonObject{{QStringLiteral("role"), QStringLiteral("user")}, {QStringLiteral("content"), r.userPrompt}});
    QJsonObject body{{QStringLiteral("model"), r.model},
                     {QStringLiteral("messages"), messages},
                     {QStringLiteral("temperature"), r.temperature}};
    if (!r.responseSchema.isEmpty()) {
        body.insert(QStringLiteral("response_format"),
                    QJsonObject{{QStringLiteral("type"), QStringLiteral("json_schema")},
                                {QStringLiteral("json_schema"),
                                 QJsonObject{{QStringLiteral("name"), QStringLiteral("jobdesk_output")},
                                             {QStringLiteral("strict"), true},
                                             {QStringLiteral("schema"), r.responseSchema}}}});
    }
    return body;
}

ProviderOutcome OpenAiClient::call(const ProviderRequest &request)
{
    QElapsedTimer timer;
    timer.start();
    if (!isHeaderSafe(request.idempotencyKey)) {
        ProviderOutcome o;
        o.kind = ProviderOutcome::Kind::Failed;
        o.reason = QStringLiteral("nothing was sent: the idempotency key must be 1..255 printable ASCII characters");
        return o;
    }
    const QByteArray body = QJsonDocument(requestBody(request)).toJson(QJsonDocument::Compact);
    QList<QByteArray> headers{
        QByteArrayLiteral("Content-Type: application/json"),
        QByteArrayLiteral("Accept: application/json"),
        "Idempotency-Key: " + request.idempotencyKey.toLatin1(),
        QByteArrayLiteral("Expect:"), // no 100-continue round trip
    };
    if (!m_config.apiKeyEnv.isEmpty()) {
        const QByteArray token = qgetenv(m_config.apiKeyEnv.toLocal8Bit().constData());
        if (!token.isEmpty())
            headers.append("Authorization: Bearer " + token);
    }
    const HttpExchange x = perform(endpoint(m_config.baseUrl, QStringLiteral("/chat/completions")), &body, headers,
                                   request.deadlineMs, request.abort.get(), request.sendBy);
    const ContentCheck check = request.checkContent
        ? request.checkContent
        : ContentCheck([schema = request.responseSchema](const QByteArray &content) {
              return checkOutputAgainstSchema(schema, content);
          });
    ProviderOutcome o = classifyExchange(x, check, QDateTime::currentDateTimeUtc(), m_config.nothingDoneStatuses);
    o.elapsedMs = timer.elapsed();
    if (o.kind == ProviderOutcome::Kind::Completed)
        qCDebug(lcProvider) << m_config.name << request.idempotencyKey << "completed in" << o.elapsedMs << "ms";
    else
        qCInfo(lcProvider).noquote() << m_config.name << request.idempotencyKey << toText(o.kind)
                                     << "sent:" << o.sent << o.reason;
    return o;
}

StatusLookup OpenAiClient::lookup(const QString &idempotencyKey, qint64 deadlineMs)
{
    if (!m_config.statusLookup) {
        StatusLookup s;
        s.reason = QStringLiteral("provider \"") + m_config.name + QStringLiteral("\" offers no status lookup");
        return s;
    }
    const QByteArray url = endpoint(m_config.baseUrl, QStringLiteral("/jobdesk/status/"))
        + QUrl::toPercentEncoding(idempotencyKey);
    QList<QByteArray> headers{QByteArrayLiteral("Accept: application/json")};
    if (!m_config.apiKeyEnv.isEmpty()) {
        const QByteArray token = qgetenv(m_config.apiKeyEnv.toLocal8Bit().constData());
        if (!token.isEmpty())
            headers.append("Authorization: Bearer " + token);
    }
    return classifyStatusLookup(perform(url, nullptr, headers, deadlineMs, nullptr));
}

} // namespace jobdesk
