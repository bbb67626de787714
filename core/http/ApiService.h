#pragma once

// The API's endpoints (DESIGN.md, "HTTP API"), as one function from a request
// to a response, run on a handler thread with that thread's JobService:
//
//   POST /v1/jobs                      client   create (201), replay (200), conflict (409)
//   POST /v1/jobs/batch                client   up to 1,000 creates, an answer per item
//   GET  /v1/jobs/{id}                 all      another owner's job is 404 for a client
//   GET  /v1/jobs/{id}/attempts        all
//   POST /v1/attempts/{id}/cancel      operator request id = Idempotency-Key
//   POST /v1/jobs/{id}/retry           operator request id = Idempotency-Key
//   GET  /healthz, GET /metrics        no token
//
// Thread-safe: handle() runs on many handler threads at once.

#include "http/ApiMetrics.h"
#include "http/ApiRequest.h"
#include "live/ChangeNotifier.h"
#include "http/HttpMessage.h"
#include "service/TokenStore.h"
#include "provider/JsonSchema.h"
#include "provider/Route.h"
#include "service/JobService.h"

#include <QHostAddress>

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <variant>

namespace jobdesk {

struct ApiOptions
{
    qint64 maxBodyBytes = 1024 * 1024;
    // How long a verified token is trusted without asking the store again; a
    // revoked token stops working on a running server within this time.
    // 0: every request asks the store.
    qint64 tokenCacheMs = 1000;
    qint64 metricsCacheMs = 5000; // the store's gauges are read at most this often (they aggregate attempts)
    // Reverse proxies (address, prefix length) whose X-Forwarded-For names the
    // client; from any other peer the header is ignored. Empty: the peer is the client.
    QList<QPair<QHostAddress, int>> trustedProxies;
    // Called after a create or a retry committed work for a dispatcher, so
    // this process's own is woken at once; others hear the coalesced NOTIFY.
    std::function<void()> workQueued;
};

struct Caller
{
    qint64 tokenId = 0;
    QString ownerId;
    TokenRole role = TokenRole::Client;
};

class ApiService
{
public:
    ApiService(RouteConfig routes, ApiOptions options, std::shared_ptr<ChangeNotifier> notifier);
    ~ApiService();

    // svc is this thread's JobService, or null when the store could not be
    // opened (storeError says why): then every endpoint that needs it is 503.
    HttpResponse handle(const HttpRequest &request, JobService *svc, const QString &storeError);

    ApiMetrics &metrics() { return m_metrics; }
    void setServerGauges(std::function<ServerGauges()> gauges);
    // "running", "stopping", "off": what /healthz reports about the dispatcher.
    void setDispatcherStatus(std::function<QString()> status);

private:
    HttpResponse route(const HttpRequest &request, JobService *svc, const QString &storeError);
    std::variant<Caller, HttpResponse> authenticate(const HttpRequest &request, JobService &svc);
    HttpResponse createJob(const HttpRequest &request, JobService &svc, const Caller &caller);
    // A create's request checked as POST /v1/jobs checks it, before the store is asked.
    struct CheckedCreate
    {
        QString key;
        SubmitRequest request;               // what to submit
        std::optional<HttpResponse> refusal; // refused here...
        bool answersTakenKey = false;        // ...but a key already taken is answered with its job (a rolling deploy)
    };
    CheckedCreate checkCreate(const HttpRequest &request, const Caller &caller) const;
    // The same for a key and body already read, with the request's client metadata.
    CheckedCreate checkCreate(const QString &key, const CreateJobBody &body, const Caller &caller, const QJsonObject &meta) const;
    // A refused create whose key is taken: its replay or conflict; nullopt: the refusal stands.
    std::optional<SubmitResult> answerTaken(JobService &svc, const CheckedCreate &create);
    // POST /v1/jobs's answer for a submit's result (counted and logged here).
    HttpResponse createdAnswer(const HttpRequest &request, const QString &key, const SubmitResult &result);
    void countCreate(const HttpRequest &request, const SubmitResult &result); // metrics and the debug log
    QJsonObject clientMetaOf(const HttpRequest &request, const Caller &caller) const;
    static HttpResponse errorAnswer(const JobDeskError &e); // as handle() answers a JobDeskError
    HttpResponse createJobs(const HttpRequest &request, JobService &svc, const Caller &caller); // BatchEndpoint.cpp
    HttpResponse getJob(JobService &svc, const Caller &caller, qint64 jobId, bool attempts);
    HttpResponse cancelAttempt(const HttpRequest &request, JobService &svc, const Caller &caller, qint64 attemptId);
    HttpResponse retryJob(const HttpRequest &request, JobService &svc, const Caller &caller, qint64 jobId);
    HttpResponse healthz(JobService *svc, const QString &storeError);
    HttpResponse metricsPage(JobService *svc);

    RouteConfig m_routes;
    QHash<QString, std::shared_ptr<const CompiledJsonSchema>> m_inputSchemas; // by route, compiled once
    ApiOptions m_options;
    std::shared_ptr<ChangeNotifier> m_notifier;
    ApiMetrics m_metrics;
    std::function<ServerGauges()> m_serverGauges;
    std::function<QString()> m_dispatcherStatus;

    struct CachedToken
    {
        std::optional<ApiToken> token;
        qint64 atMs = 0;
    };
    std::mutex m_tokenMutex;
    QHash<QString, CachedToken> m_tokens; // by token hash

    std::mutex m_gaugeMutex;
    std::optional<StoreGauges> m_gauges;
    qint64 m_gaugesAtMs = 0;
};

} // namespace jobdesk
