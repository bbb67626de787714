#include "provider/ProviderClient.h"

#include "Logging.h"
#include "provider/OutcomeMapping.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>

#include <curl/curl.h>

#include <algorithm>
#include <future>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_set>
#include <vector>

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

HttpExchange tooLateExchange()
{
    HttpExchange x;
    x.transport = HttpExchange::Transport::NothingSent;
    x.transportError = QStringLiteral("the attempt's lease ran out before the request could leave "
                                      "(this process stalled); it may have been reaped and asked about meanwhile");
    return x;
}

HttpExchange nothingSent(const QString &why)
{
    HttpExchange x;
    x.transport = HttpExchange::Transport::NothingSent;
    x.transportError = why;
    return x;
}

// One HTTP exchange on a fresh connection that is closed afterwards: the easy
// handle with everything it points to, alive until the transfer is done.
struct Exchange
{
    std::unique_ptr<CURL, CurlDeleter> curl;
    std::unique_ptr<curl_slist, SlistDeleter> headerList;
    QByteArray url;
    QByteArray postBody;
    bool post = false;
    QByteArray noProxy;
    Transfer t;
    std::shared_ptr<const std::atomic<bool>> abort;
    char errorBuffer[CURL_ERROR_SIZE] = {};
    std::function<void(HttpExchange)> done;
};

// Sets up the easy handle. Returns the exchange to report when nothing can be sent.
std::optional<HttpExchange> prepare(Exchange &e, const QList<QByteArray> &headers, qint64 deadlineMs)
{
    if (e.t.sendBy && SendClock::now() >= *e.t.sendBy)
        return tooLateExchange();
    e.curl.reset(curl_easy_init());
    if (!e.curl)
        return nothingSent(QStringLiteral("libcurl could not create a handle"));
    for (const QByteArray &h : headers) {
        curl_slist *next = curl_slist_append(e.headerList.get(), h.constData());
        if (!next)
            return nothingSent(QStringLiteral("out of memory building headers"));
        (void)e.headerList.release();
        e.headerList.reset(next);
    }
    e.t.abort = e.abort.get();
    e.noProxy = noProxyList();
    const long timeout = long(std::clamp<qint64>(deadlineMs, 1, 24LL * 3600 * 1000));
    CURL *h = e.curl.get();
    curl_easy_setopt(h, CURLOPT_URL, e.url.constData());
    curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
    // At most once: never reuse a connection (libcurl re-sends a request
    // whose reused connection turned out dead) and never follow redirects.
    // On the multi interface as on the easy one: each transfer opens its own
    // connection and closes it (tst_provider_client::
    // manyConcurrentRequestsToAProviderThatClosesAreEachSentOnce).
    curl_easy_setopt(h, CURLOPT_FRESH_CONNECT, 1L);
    curl_easy_setopt(h, CURLOPT_FORBID_REUSE, 1L);
    curl_easy_setopt(h, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(h, CURLOPT_HTTP_VERSION, long(CURL_HTTP_VERSION_1_1));
    curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, timeout);
    curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, timeout);
    curl_easy_setopt(h, CURLOPT_NOPROXY, e.noProxy.constData());
    curl_easy_setopt(h, CURLOPT_USERAGENT, "JobDesk/0.1 (libcurl)");
    curl_easy_setopt(h, CURLOPT_ERRORBUFFER, e.errorBuffer);
    curl_easy_setopt(h, CURLOPT_HTTPHEADER, e.headerList.get());
    curl_easy_setopt(h, CURLOPT_PRIVATE, &e);
    if (e.post) {
        curl_easy_setopt(h, CURLOPT_POST, 1L);
        curl_easy_setopt(h, CURLOPT_POSTFIELDS, e.postBody.constData());
        curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(e.postBody.size()));
    } else {
        curl_easy_setopt(h, CURLOPT_HTTPGET, 1L);
    }
    curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, &onWrite);
    curl_easy_setopt(h, CURLOPT_WRITEDATA, &e.t);
    curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, &onHeader);
    curl_easy_setopt(h, CURLOPT_HEADERDATA, &e.t);
    // The debug callback (it needs VERBOSE) tells how many request bytes were
    // written: with none written, nothing can have reached the provider.
    curl_easy_setopt(h, CURLOPT_DEBUGFUNCTION, &onDebug);
    curl_easy_setopt(h, CURLOPT_DEBUGDATA, &e.t);
    curl_easy_setopt(h, CURLOPT_VERBOSE, 1L);
    curl_easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, &onProgress);
    curl_easy_setopt(h, CURLOPT_XFERINFODATA, &e.t);
#if LIBCURL_VERSION_NUM >= 0x075000
    if (e.t.sendBy) {
        curl_easy_setopt(h, CURLOPT_PREREQFUNCTION, &onPreRequest);
        curl_easy_setopt(h, CURLOPT_PREREQDATA, &e.t);
    }
#endif
    return std::nullopt;
}

// What became of a finished (or given up) transfer, by libcurl's result and
// the exact count of request bytes written.
HttpExchange finish(Exchange &e, CURLcode code)
{
    const Transfer &t = e.t;
    if (t.fenced && t.bytesOut == 0)
        return tooLateExchange();
    CURL *h = e.curl.get();
    HttpExchange x;
    long status = 0;
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
    curl_off_t connectUs = 0;
    curl_easy_getinfo(h, CURLINFO_CONNECT_TIME_T, &connectUs);

    x.status = int(status);
    x.body = t.response;
    x.retryAfter = t.retryAfter;
    x.framed = t.contentLength || t.chunked;
    x.transportError = QString::fromUtf8(e.errorBuffer[0] ? e.errorBuffer : curl_easy_strerror(code));
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

// Every provider request of the process, on one thread: libcurl's multi
// interface driven by curl_multi_poll. Thousands of transfers are open at
// once; each has its own fresh connection, its send-by checks and its exact
// count of bytes written, as with the easy interface. A transfer's `done`
// runs on this thread: it must not block.
class SenderLoop
{
public:
    static SenderLoop &instance()
    {
        static SenderLoop loop;
        return loop;
    }

    void submit(std::unique_ptr<Exchange> e)
    {
        {
            std::lock_guard lock(m_mutex);
            if (!m_quit) {
                m_incoming.push_back(std::move(e));
                e = nullptr;
            }
        }
        if (e) { // the process is ending: nothing is sent
            auto done = std::move(e->done);
            done(nothingSent(QStringLiteral("the process is ending; nothing was sent")));
            return;
        }
        curl_multi_wakeup(m_multi);
    }

    qsizetype inFlight() const { return m_active.load(); }

private:
    SenderLoop()
    {
        ensureCurlGlobal();
        m_multi = curl_multi_init();
        m_thread = std::thread([this] { run(); });
    }
    ~SenderLoop()
    {
        {
            std::lock_guard lock(m_mutex);
            m_quit = true;
        }
        curl_multi_wakeup(m_multi);
        if (m_thread.joinable())
            m_thread.join();
        curl_multi_cleanup(m_multi);
    }

    void complete(Exchange *raw, CURLcode code)
    {
        std::unique_ptr<Exchange> e(raw);
        curl_multi_remove_handle(m_multi, e->curl.get());
        m_active--;
        const HttpExchange x = finish(*e, code);
        auto done = std::move(e->done);
        e.reset(); // the connection is closed before the outcome is reported
        done(x);
    }

    void run()
    {
        std::unordered_set<Exchange *> active;
        auto lastAbortScan = std::chrono::steady_clock::now();
        for (;;) {
            std::vector<std::unique_ptr<Exchange>> incoming;
            bool quit = false;
            {
                std::lock_guard lock(m_mutex);
                incoming.swap(m_incoming);
                quit = m_quit;
            }
            for (auto &e : incoming) {
                // Checked again here: the request may have waited for this thread.
                if (e->t.sendBy && SendClock::now() >= *e->t.sendBy) {
                    auto done = std::move(e->done);
                    e.reset();
                    done(tooLateExchange());
                    continue;
                }
                if (curl_multi_add_handle(m_multi, e->curl.get()) != CURLM_OK) {
                    auto done = std::move(e->done);
                    e.reset();
                    done(nothingSent(QStringLiteral("libcurl would not take the transfer")));
                    continue;
                }
                m_active++;
                active.insert(e.release());
            }
            if (quit) {
                for (Exchange *e : active)
                    complete(e, CURLE_ABORTED_BY_CALLBACK);
                return;
            }
            int running = 0;
            curl_multi_perform(m_multi, &running);
            int queued = 0;
            while (CURLMsg *msg = curl_multi_info_read(m_multi, &queued)) {
                if (msg->msg != CURLMSG_DONE)
                    continue;
                Exchange *e = nullptr;
                curl_easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE, &e);
                const CURLcode code = msg->data.result;
                active.erase(e);
                complete(e, code);
            }
            // Given up by the caller (shutdown, a sibling won): libcurl calls
            // the progress callback only when it works on a transfer, so an
            // idle one is looked at here, every 50 ms at most.
            const auto now = std::chrono::steady_clock::now();
            if (now - lastAbortScan >= std::chrono::milliseconds(50)) {
                lastAbortScan = now;
                for (auto it = active.begin(); it != active.end();) {
                    Exchange *e = *it;
                    if (e->abort && e->abort->load()) {
                        it = active.erase(it);
                        complete(e, CURLE_ABORTED_BY_CALLBACK);
                    } else {
                        ++it;
                    }
                }
            }
            curl_multi_poll(m_multi, nullptr, 0, 50, nullptr);
        }
    }

    CURLM *m_multi = nullptr;
    std::mutex m_mutex;
    std::vector<std::unique_ptr<Exchange>> m_incoming;
    bool m_quit = false;
    std::atomic<qsizetype> m_active{0};
    std::thread m_thread;
};

// Starts one exchange on the sender loop; `done` is called exactly once
// (on the sender thread, or here when nothing can be sent).
void performAsync(const QByteArray &url, const QByteArray *postBody, const QList<QByteArray> &headers,
                  qint64 deadlineMs, std::shared_ptr<const std::atomic<bool>> abort,
                  std::optional<SendClock::time_point> sendBy, std::function<void(HttpExchange)> done)
{
    ensureCurlGlobal();
    auto e = std::make_unique<Exchange>();
    e->url = url;
    e->post = postBody != nullptr;
    if (postBody)
        e->postBody = *postBody;
    e->abort = std::move(abort);
    e->t.sendBy = sendBy;
    if (const std::optional<HttpExchange> early = prepare(*e, headers, deadlineMs)) {
        done(*early);
        return;
    }
    e->done = std::move(done);
    SenderLoop::instance().submit(std::move(e));
}

// The same, waiting for the answer (status lookups, the blocking call()).
HttpExchange perform(const QByteArray &url, const QByteArray *postBody, const QList<QByteArray> &headers,
                     qint64 deadlineMs, std::shared_ptr<const std::atomic<bool>> abort,
                     std::optional<SendClock::time_point> sendBy = std::nullopt)
{
    auto promise = std::make_shared<std::promise<HttpExchange>>();
    std::future<HttpExchange> result = promise->get_future();
    performAsync(url, postBody, headers, deadlineMs, std::move(abort), sendBy,
                 [promise](HttpExchange x) { promise->set_value(std::move(x)); });
    return result.get();
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

void OpenAiClient::callAsync(const ProviderRequest &request, std::function<void(ProviderOutcome)> done)
{
    QElapsedTimer timer;
    timer.start();
    if (!isHeaderSafe(request.idempotencyKey)) {
        ProviderOutcome o;
        o.kind = ProviderOutcome::Kind::Failed;
        o.reason = QStringLiteral("nothing was sent: the idempotency key must be 1..255 printable ASCII characters");
        done(std::move(o));
        return;
    }
    const QByteArray body = QJsonDocument(requestBody(request)).toJson(QJsonDocument::Compact);
    QList<QByteArray> headers{
        QByteArrayLiteral("Content-Type: application/json"),
        QByteArrayLiteral("Accept: application/json"),
        "Idempotency-Key: " + request.idempotencyKey.toLatin1(),
        QByteArrayLiteral("Expect:"), // no 100-continue round trip
    };
    if (!request.traceparent.isEmpty())
        headers.append("traceparent: " + request.traceparent);
    if (!m_config.apiKeyEnv.isEmpty()) {
        const QByteArray token = qgetenv(m_config.apiKeyEnv.toLocal8Bit().constData());
        if (!token.isEmpty())
            headers.append("Authorization: Bearer " + token);
    }
    ContentCheck check = request.checkContent
        ? request.checkContent
        : ContentCheck([schema = request.responseSchema](const QByteArray &content) {
              return checkOutputAgainstSchema(schema, content);
          });
    performAsync(endpoint(m_config.baseUrl, QStringLiteral("/chat/completions")), &body, headers, request.deadlineMs,
                 request.abort, request.sendBy,
                 [timer, check = std::move(check), name = m_config.name, key = request.idempotencyKey,
                  nothingDone = m_config.nothingDoneStatuses, done = std::move(done)](HttpExchange x) {
                     ProviderOutcome o = classifyExchange(x, check, QDateTime::currentDateTimeUtc(), nothingDone);
                     o.elapsedMs = timer.elapsed();
                     if (o.kind == ProviderOutcome::Kind::Completed)
                         qCDebug(lcProvider) << name << key << "completed in" << o.elapsedMs << "ms";
                     else
                         qCInfo(lcProvider).noquote() << name << key << toText(o.kind) << "sent:" << o.sent << o.reason;
                     done(std::move(o));
                 });
}

ProviderOutcome OpenAiClient::call(const ProviderRequest &request)
{
    auto promise = std::make_shared<std::promise<ProviderOutcome>>();
    std::future<ProviderOutcome> result = promise->get_future();
    callAsync(request, [promise](ProviderOutcome o) { promise->set_value(std::move(o)); });
    return result.get();
}

qsizetype OpenAiClient::transfersInFlight()
{
    return SenderLoop::instance().inFlight();
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
