#include "http/ApiService.h"

#include "dispatch/Dispatcher.h"
#include "domain/LogContext.h"
#include "domain/TraceContext.h"
#include "http/HttpLogging.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QStringList>

#include <algorithm>

namespace jobdesk {
namespace {

using Code = JobDeskError::Code;

qint64 wallMs() { return QDateTime::currentMSecsSinceEpoch(); }

HttpResponse json(int status, const QJsonObject &body)
{
    HttpResponse r;
    r.status = status;
    r.contentType = "application/json";
    r.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    return r;
}

QJsonValue optional(const std::optional<qint64> &v)
{
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

QJsonValue resultValue(const QByteArray &result)
{
    if (result.isEmpty())
        return QJsonValue::Null;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray("[") + result + ']');
    if (doc.isArray() && doc.array().size() == 1)
        return doc.array().first();
    return QString::fromUtf8(result);
}

QByteArray jobPath(qint64 id) { return "/v1/jobs/" + QByteArray::number(id); }

QJsonObject jobJson(const Job &j)
{
    QJsonObject o{{QStringLiteral("id"), j.id},
                  {QStringLiteral("owner_id"), j.ownerId},
                  {QStringLiteral("idempotency_key"), j.idempotencyKey},
                  {QStringLiteral("route"), j.route},
                  {QStringLiteral("input"), j.input},
                  {QStringLiteral("state"), toText(j.state)},
                  {QStringLiteral("version"), j.version},
                  {QStringLiteral("change_seq"), j.changeSeq},
                  {QStringLiteral("max_parallel"), j.maxParallel},
                  {QStringLiteral("max_attempts"), j.maxAttempts},
                  {QStringLiteral("completed_by"), optional(j.completedBy)},
                  {QStringLiteral("result"), resultValue(j.result)},
                  {QStringLiteral("fingerprint"), j.fingerprint},
                  {QStringLiteral("created_at_ms"), j.createdAtMs},
                  {QStringLiteral("updated_at_ms"), j.updatedAtMs}};
    if (!j.stateReason.isEmpty())
        o.insert(QStringLiteral("state_reason"), j.stateReason);
    return o;
}

QJsonObject attemptJson(const Attempt &a)
{
    QJsonObject o{{QStringLiteral("id"), a.id},
                  {QStringLiteral("job_id"), a.jobId},
                  {QStringLiteral("attempt_no"), a.attemptNo},
                  {QStringLiteral("provider"), a.provider},
                  {QStringLiteral("state"), toText(a.state)},
                  {QStringLiteral("kind"), toText(a.kind)},
                  {QStringLiteral("read_version"), a.readVersion},
                  {QStringLiteral("lease_expires_at_ms"), optional(a.leaseExpiresAtMs)},
                  {QStringLiteral("deadline_at_ms"), optional(a.deadlineAtMs)},
                  {QStringLiteral("change_seq"), a.changeSeq},
                  {QStringLiteral("created_at_ms"), a.createdAtMs},
                  {QStringLiteral("updated_at_ms"), a.updatedAtMs}};
    if (!a.workerId.isEmpty())
        o.insert(QStringLiteral("worker_id"), a.workerId);
    if (!a.resultDigest.isEmpty())
        o.insert(QStringLiteral("result_digest"), a.resultDigest);
    if (!a.lastReason.isEmpty())
        o.insert(QStringLiteral("last_reason"), a.lastReason);
    return o;
}

// The job's charge account (core/domain/ChargeAccount.h): per attempt charged,
// possibly charged or not charged, with the evidence.
QJsonObject attemptChargeJson(const AttemptCharge &c)
{
    QJsonObject o{{QStringLiteral("attempt_id"), c.attemptId},
                  {QStringLiteral("attempt_no"), c.attemptNo},
                  {QStringLiteral("provider"), c.provider},
                  {QStringLiteral("provider_key"), c.providerKey},
                  {QStringLiteral("state"), toText(c.state)},
                  {QStringLiteral("charge"), toText(c.charge)},
                  {QStringLiteral("evidence"), toText(c.evidence)},
                  {QStringLiteral("sent_at_ms"), optional(c.sentAtMs)},
                  {QStringLiteral("ended_at_ms"), optional(c.endedAtMs)},
                  {QStringLiteral("provider_still_working_since_ms"), optional(c.stillWorkingSinceMs)}};
    if (!c.endedById.isEmpty())
        o.insert(QStringLiteral("ended_by"), QString(c.endedByKind + u':' + c.endedById));
    if (!c.reason.isEmpty())
        o.insert(QStringLiteral("reason"), c.reason);
    if (c.lostToAttemptNo)
        o.insert(QStringLiteral("lost_to_attempt_no"), *c.lostToAttemptNo);
    return o;
}

QJsonObject chargesJson(const ChargeAccount &account)
{
    QJsonArray attempts;
    for (const AttemptCharge &c : account.attempts)
        attempts.append(attemptChargeJson(c));
    return {{QStringLiteral("charged"), account.charged()},
            {QStringLiteral("possibly_charged"), account.possiblyCharged()},
            {QStringLiteral("not_charged"), account.notCharged()},
            {QStringLiteral("charged_once"), account.chargedOnce()},
            {QStringLiteral("summary"), account.summary()},
            {QStringLiteral("attempts"), attempts}};
}

// A refusal's code and parameters, for a client to match on (the detail is
// said in the server's language).
QJsonObject refusalMembers(const RefusalText &why)
{
    if (why.isNull() || why.code().isEmpty())
        return {};
    return {{QStringLiteral("code"), why.code()}, {QStringLiteral("params"), why.params()}};
}

HttpResponse fromError(const JobDeskError &e)
{
    const QJsonObject coded = refusalMembers(e.refusal());
    switch (e.code()) {
    case Code::NotFound: return problemResponse(ProblemType::NotFound, e.localizedMessage(), coded);
    case Code::Forbidden: return problemResponse(ProblemType::Forbidden, e.localizedMessage(), coded);
    case Code::InvalidTransition: return problemResponse(ProblemType::InvalidTransition, e.localizedMessage(), coded);
    case Code::StaleView: return problemResponse(ProblemType::StaleView, e.localizedMessage(), coded);
    case Code::StoreUnavailable:
    case Code::StoreBusy: // nothing was written: the same 503, with Retry-After
        return problemResponse(ProblemType::StoreUnavailable, e.localizedMessage(), coded);
    case Code::InvalidArgument: {
        // A request id already used for another action, target, provider or actor (JD115..JD118).
        static const QSet<QString> reused{QStringLiteral("JD115"), QStringLiteral("JD116"), QStringLiteral("JD117"),
                                          QStringLiteral("JD118")};
        if (reused.contains(e.refusalCode()))
            return problemResponse(ProblemType::IdempotencyKeyReused, e.localizedMessage(), coded);
        return problemResponse(ProblemType::InvalidArgument, e.localizedMessage(), coded);
    }
    case Code::StoreError:
    case Code::Migration:
        break;
    }
    qCWarning(lcHttp).noquote() << QStringLiteral("store error: ") + e.message();
    return problemResponse(ProblemType::InternalError, QCoreApplication::translate("ApiService", "the store failed; see the server log"));
}

bool mayReadAll(TokenRole r) { return r == TokenRole::Viewer || r == TokenRole::Operator; }

QHostAddress plainAddress(const QString &text)
{
    QHostAddress a(text.trimmed());
    bool v4 = false;
    const quint32 ip = a.toIPv4Address(&v4); // ::ffff:10.0.0.1 is 10.0.0.1
    return v4 ? QHostAddress(ip) : a;
}

bool trusted(const QHostAddress &a, const QList<QPair<QHostAddress, int>> &proxies)
{
    return std::any_of(proxies.begin(), proxies.end(), [&](const auto &p) { return a.isInSubnet(p.first, p.second); });
}

// The socket's peer, unless it is a trusted proxy: then the X-Forwarded-For
// entry nearest to it that is not itself a trusted proxy (what a client
// writes into the header ahead of the proxies is not believed).
QString clientAddress(const HttpRequest &r, const QList<QPair<QHostAddress, int>> &proxies)
{
    const QHostAddress peer = plainAddress(r.remoteAddress);
    if (!trusted(peer, proxies))
        return r.remoteAddress;
    QStringList hops;
    for (const QByteArray &v : r.headerValues("X-Forwarded-For"))
        hops += QString::fromLatin1(v).split(QLatin1Char(','));
    for (auto it = hops.crbegin(); it != hops.crend(); ++it) {
        const QHostAddress hop = plainAddress(*it);
        if (hop.isNull())
            break; // not an address: nothing to its left can be believed either
        if (!trusted(hop, proxies))
            return hop.toString();
    }
    return r.remoteAddress;
}

QJsonObject clientMeta(const HttpRequest &r, const Caller &caller, const ApiOptions &options)
{
    const QString ip = clientAddress(r, options.trustedProxies);
    QJsonObject meta{{QStringLiteral("via"), QStringLiteral("http")},
                     {QStringLiteral("ip"), ip},
                     {QStringLiteral("token_id"), caller.tokenId}};
    if (ip != r.remoteAddress)
        meta.insert(QStringLiteral("proxy"), r.remoteAddress);
    const QByteArray agent = r.header("User-Agent");
    if (!agent.isEmpty())
        meta.insert(QStringLiteral("user_agent"), QString::fromUtf8(agent.left(256)));
    if (const auto trace = parseTraceparent(r.header("traceparent"))) // an invalid one is ignored (W3C)
        meta.insert(QStringLiteral("traceparent"), QString::fromLatin1(*trace));
    const QByteArray requestId = r.header("X-Request-Id");
    if (!requestId.isEmpty())
        meta.insert(QStringLiteral("request_id"), QString::fromUtf8(requestId.left(128)));
    return meta;
}

} // namespace

ApiService::ApiService(RouteConfig routes, ApiOptions options, std::shared_ptr<ChangeNotifier> notifier)
    : m_routes(std::move(routes))
    , m_options(options)
    , m_notifier(std::move(notifier))
{
    for (const Route &r : m_routes.routes) {
        if (r.inputSchema.isEmpty())
            continue;
        QStringList errors;
        if (auto compiled = CompiledJsonSchema::compile(r.inputSchema, &errors))
            m_inputSchemas.insert(r.name, std::move(compiled));
        else // the route loader refuses such a schema; a config built otherwise is refused here
            throw JobDeskError(JobDeskError::Code::InvalidArgument,
                               QCoreApplication::translate("ApiService", "route %1: input_schema: %2").arg(r.name, errors.join(QStringLiteral("; "))));
    }
}

ApiService::~ApiService() = default;

void ApiService::setServerGauges(std::function<ServerGauges()> gauges) { m_serverGauges = std::move(gauges); }
void ApiService::setDispatcherStatus(std::function<QString()> status) { m_dispatcherStatus = std::move(status); }

HttpResponse ApiService::handle(const HttpRequest &request, JobService *svc, const QString &storeError)
{
    try {
        return route(request, svc, storeError);
    } catch (const JobDeskError &e) {
        return fromError(e);
    } catch (const std::exception &e) {
        qCCritical(lcHttp) << "unexpected error for" << request.method << request.path << ":" << e.what();
        return problemResponse(ProblemType::InternalError, QCoreApplication::translate("ApiService", "unexpected error; see the server log"));
    }
}

HttpResponse ApiService::route(const HttpRequest &request, JobService *svc, const QString &storeError)
{
    const QList<QByteArray> parts = request.path.split('/'); // "/v1/jobs/7" -> "", "v1", "jobs", "7"
    const QByteArray &m = request.method;
    auto methodNotAllowed = [&](const QByteArray &allowed, const QByteArray &endpoint) {
        HttpResponse r = problemResponse(ProblemType::MethodNotAllowed,
                                         QCoreApplication::translate("ApiService", "%1 is not allowed here; allowed: %2")
                                             .arg(QString::fromLatin1(m), QString::fromLatin1(allowed)));
        r.addHeader("Allow", allowed);
        r.endpoint = endpoint;
        return r;
    };
    enum class Endpoint { None, Healthz, Metrics, Create, Job, Attempts, Cancel, Retry, Batch };
    Endpoint e = Endpoint::None;
    std::optional<qint64> id;
    if (request.path == "/healthz")
        e = Endpoint::Healthz;
    else if (request.path == "/metrics")
        e = Endpoint::Metrics;
    else if (request.path == "/v1/jobs")
        e = Endpoint::Create;
    else if (request.path == "/v1/jobs/batch")
        e = Endpoint::Batch;
    else if (parts.size() == 4 && parts.at(1) == "v1" && parts.at(2) == "jobs" && (id = parseId(parts.at(3))))
        e = Endpoint::Job;
    else if (parts.size() == 5 && parts.at(1) == "v1" && parts.at(2) == "jobs" && (id = parseId(parts.at(3))) && parts.at(4) == "attempts")
        e = Endpoint::Attempts;
    else if (parts.size() == 5 && parts.at(1) == "v1" && parts.at(2) == "jobs" && (id = parseId(parts.at(3))) && parts.at(4) == "retry")
        e = Endpoint::Retry;
    else if (parts.size() == 5 && parts.at(1) == "v1" && parts.at(2) == "attempts" && (id = parseId(parts.at(3))) && parts.at(4) == "cancel")
        e = Endpoint::Cancel;

    static const QByteArray labels[] = {"other", "healthz", "metrics", "create_job", "get_job", "list_attempts",
                                        "cancel_attempt", "retry_job", "create_jobs"};
    const QByteArray endpoint = labels[int(e)];
    // HEAD is GET without the content (RFC 9110, 9.3.2): the same answer,
    // whose body the transport leaves out.
    const bool get = m == "GET" || m == "HEAD";
    const bool post = m == "POST";
    HttpResponse out;
    switch (e) {
    case Endpoint::None:
        out = problemResponse(ProblemType::NotFound, QCoreApplication::translate("ApiService", "no such resource"));
        break;
    case Endpoint::Healthz:
        out = get ? healthz(svc, storeError) : methodNotAllowed("GET, HEAD", endpoint);
        break;
    case Endpoint::Metrics:
        out = get ? metricsPage(svc) : methodNotAllowed("GET, HEAD", endpoint);
        break;
    default: {
        const bool reading = e == Endpoint::Job || e == Endpoint::Attempts;
        if (reading ? !get : !post) {
            out = methodNotAllowed(reading ? "GET, HEAD" : "POST", endpoint);
            break;
        }
        if (!svc) { // before authentication: why is in the server's log (HandlerPool), not for any caller
            Q_UNUSED(storeError);
            out = problemResponse(ProblemType::StoreUnavailable,
                                  QCoreApplication::translate("ApiService", "the store is unreachable; the server's log says why"));
            break;
        }
        auto who = authenticate(request, *svc);
        if (HttpResponse *refused = std::get_if<HttpResponse>(&who)) {
            out = std::move(*refused);
            break;
        }
        const Caller &caller = std::get<Caller>(who);
        if (e == Endpoint::Create)
            out = createJob(request, *svc, caller);
        else if (e == Endpoint::Batch)
            out = createJobs(request, *svc, caller); // BatchEndpoint.cpp
        else if (e == Endpoint::Job || e == Endpoint::Attempts)
            out = getJob(*svc, caller, *id, e == Endpoint::Attempts);
        else if (e == Endpoint::Cancel)
            out = cancelAttempt(request, *svc, caller, *id);
        else
            out = retryJob(request, *svc, caller, *id);
        break;
    }
    }
    out.endpoint = endpoint;
    return out;
}

std::variant<Caller, HttpResponse> ApiService::authenticate(const HttpRequest &request, JobService &svc)
{
    QString presented;
    if (auto p = readBearerToken(request, &presented))
        return p->response();
    const std::optional<QByteArray> secret = tokenSecret(presented);
    if (!secret)
        return problemResponse(ProblemType::Unauthorized, QCoreApplication::translate("ApiService", "the bearer token is not a JobDesk token"));
    const QString hash = tokenHash(*secret);
    std::optional<ApiToken> token;
    bool cached = false;
    const qint64 now = wallMs();
    if (m_options.tokenCacheMs > 0) {
        std::lock_guard lock(m_tokenMutex);
        const auto it = m_tokens.constFind(hash);
        if (it != m_tokens.constEnd() && now - it->atMs < m_options.tokenCacheMs) {
            token = it->token;
            cached = true;
        }
    }
    if (!cached) {
        token = TokenStore(svc).verify(presented);
        if (m_options.tokenCacheMs > 0) {
            std::lock_guard lock(m_tokenMutex);
            if (m_tokens.size() > 10000)
                m_tokens.clear();
            m_tokens.insert(hash, CachedToken{token, now});
        }
    }
    if (!token)
        return problemResponse(ProblemType::Unauthorized, QCoreApplication::translate("ApiService", "the bearer token is unknown or revoked"));
    return Caller{token->id, token->ownerId, token->role};
}

QJsonObject ApiService::clientMetaOf(const HttpRequest &request, const Caller &caller) const
{
    return clientMeta(request, caller, m_options);
}

ApiService::CheckedCreate ApiService::checkCreate(const HttpRequest &request, const Caller &caller) const
{
    QString key;
    if (auto p = readIdempotencyKey(request, &key)) {
        CheckedCreate out;
        out.refusal = p->response();
        return out;
    }
    CreateJobBody body;
    if (auto p = parseCreateJobBody(request.body, &body)) {
        CheckedCreate out;
        out.key = key;
        out.refusal = p->response();
        return out;
    }
    return checkCreate(key, body, caller, clientMeta(request, caller, m_options));
}

ApiService::CheckedCreate ApiService::checkCreate(const QString &key, const CreateJobBody &body, const Caller &caller,
                                                  const QJsonObject &meta) const
{
    CheckedCreate out;
    out.key = key;
    // A route this instance does not know, or an input its schema refuses: no
    // new job here. A key another instance (or an older configuration) took is
    // still answered with its job, as a replay or a conflict (DESIGN.md,
    // invariant 7), so a rolling deploy or a tightened schema never tells a
    // retrying client that its running job was invalid.
    const Route *route = m_routes.route(body.route);
    if (!route) {
        QStringList names;
        for (const Route &r : m_routes.routes)
            names.append(r.name);
        out.refusal = problemResponse(ProblemType::UnknownRoute, QCoreApplication::translate("ApiService", "no route \"%1\" (routes: %2)")
                                                                     .arg(body.route.left(255), names.join(QStringLiteral(", "))));
    } else if (const auto schema = m_inputSchemas.value(route->name)) {
        const QStringList errors = schema->validate(body.input, QStringLiteral("$.input"));
        if (!errors.isEmpty()) {
            QJsonArray list;
            for (const QString &e : errors.mid(0, 20))
                list.append(e);
            out.refusal = problemResponse(ProblemType::InvalidInput,
                                          QCoreApplication::translate("ApiService", "the input does not match route %1's input schema: %2")
                                              .arg(route->name, errors.first()),
                                          {{QStringLiteral("errors"), list}});
        }
    }
    if (out.refusal) {
        out.answersTakenKey = true;
        out.request.ownerId = caller.ownerId;
        out.request.idempotencyKey = out.key;
        out.request.route = body.route;
        out.request.input = body.input;
        out.request.clientMeta = meta;
        return out;
    }
    out.request = submitRequestFor(*route, caller.ownerId, out.key, body.input, meta);
    return out;
}

std::optional<SubmitResult> ApiService::answerTaken(JobService &svc, const CheckedCreate &create)
{
    try {
        return svc.answerTakenKey(create.request);
    } catch (const JobDeskError &e) {
        if (e.code() != JobDeskError::Code::InvalidArgument) // not storable as an intent: the refusal stands
            throw;
    }
    return std::nullopt;
}

HttpResponse ApiService::createJob(const HttpRequest &request, JobService &svc, const Caller &caller)
{
    if (caller.role != TokenRole::Client)
        return problemResponse(ProblemType::Forbidden,
                               QCoreApplication::translate("ApiService", "only a client token creates jobs (this one is %1)").arg(toText(caller.role)));
    if (auto p = checkJsonRequest(request, m_options.maxBodyBytes))
        return p->response();
    const CheckedCreate create = checkCreate(request, caller);
    std::optional<SubmitResult> answered;
    if (create.refusal) {
        if (create.answersTakenKey)
            answered = answerTaken(svc, create);
        if (!answered)
            return *create.refusal;
    }
    const SubmitResult result = answered ? *answered : svc.submit(create.request);
    if (m_notifier)
        m_notifier->poke(result.job.changeSeq); // a job or an idempotency event was written
    if (result.outcome == SubmitResult::Outcome::Created && m_options.workQueued)
        m_options.workQueued();
    return createdAnswer(request, create.key, result);
}

void ApiService::countCreate(const HttpRequest &request, const SubmitResult &result)
{
    m_metrics.countSubmit(result.outcome);
    const LogScope scope({result.job.id, 0, traceIdOf(request.header("traceparent"))});
    qCDebug(lcHttp).noquote() << "create:" << toText(result.outcome);
}

HttpResponse ApiService::createdAnswer(const HttpRequest &request, const QString &key, const SubmitResult &result)
{
    countCreate(request, result);
    const QByteArray location = jobPath(result.job.id);
    switch (result.outcome) {
    case SubmitResult::Outcome::Created: {
        HttpResponse r = json(201, jobJson(result.job));
        r.addHeader("Location", location);
        return r;
    }
    case SubmitResult::Outcome::Replayed: {
        QJsonObject body = jobJson(result.job);
        if (result.archivedAtMs) // retention removed the job: its tombstone answered (docs/retention.md)
            body.insert(QStringLiteral("archived_at_ms"), *result.archivedAtMs);
        HttpResponse r = json(200, body);
        r.addHeader("Location", location);
        r.addHeader("Idempotent-Replayed", "true");
        return r;
    }
    case SubmitResult::Outcome::Conflict:
        break;
    }
    HttpResponse r = problemResponse(ProblemType::IdempotencyConflict,
                                     QCoreApplication::translate("ApiService", "Idempotency-Key \"%1\" is bound to job %2, created with another "
                                                    "intent; nothing was changed. Use a new key for a new intent.")
                                         .arg(key, QString::number(result.job.id)), // one pass: a key may hold "%2"
                                     {{QStringLiteral("job_id"), result.job.id},
                                      {QStringLiteral("job"), QString::fromLatin1(location)},
                                      {QStringLiteral("stored_fingerprint"), result.job.fingerprint},
                                      {QStringLiteral("submitted_fingerprint"), result.submittedFingerprint}});
    r.addHeader("Location", location);
    return r;
}

HttpResponse ApiService::errorAnswer(const JobDeskError &e) { return fromError(e); }

HttpResponse ApiService::getJob(JobService &svc, const Caller &caller, qint64 jobId, bool withAttempts)
{
    const std::optional<Job> job = svc.job(jobId);
    // Another owner's job is not found, not forbidden: its existence is not the caller's business.
    if (!job || (!mayReadAll(caller.role) && job->ownerId != caller.ownerId))
        return problemResponse(ProblemType::NotFound, QCoreApplication::translate("ApiService", "job %1 does not exist").arg(jobId));
    const ChargeAccount charges = svc.chargeAccount(jobId);
    if (!withAttempts) {
        QJsonObject o = jobJson(*job);
        o.insert(QStringLiteral("charges"), chargesJson(charges));
        return json(200, o);
    }
    QHash<qint64, const AttemptCharge *> chargeOf;
    for (const AttemptCharge &c : charges.attempts)
        chargeOf.insert(c.attemptId, &c);
    QJsonArray list;
    for (const Attempt &a : svc.attempts(jobId)) {
        QJsonObject o = attemptJson(a);
        if (const AttemptCharge *c = chargeOf.value(a.id)) {
            o.insert(QStringLiteral("charge"), toText(c->charge));
            o.insert(QStringLiteral("charge_evidence"), toText(c->evidence));
        }
        list.append(o);
    }
    return json(200, {{QStringLiteral("job_id"), jobId}, {QStringLiteral("job_state"), toText(job->state)},
                      {QStringLiteral("attempts"), list}, {QStringLiteral("charges"), chargesJson(charges)}});
}

HttpResponse ApiService::cancelAttempt(const HttpRequest &request, JobService &svc, const Caller &caller, qint64 attemptId)
{
    if (caller.role != TokenRole::Operator)
        return problemResponse(ProblemType::Forbidden, QCoreApplication::translate("ApiService", "only an operator token may cancel an attempt"));
    if (auto p = checkJsonRequest(request, m_options.maxBodyBytes))
        return p->response();
    QString requestId;
    if (auto p = readIdempotencyKey(request, &requestId))
        return p->response();
    ActionBody body;
    if (auto p = parseActionBody(request.body, false, &body))
        return p->response();
    OperatorRequest op{Actor::operatorUser(caller.ownerId), requestId, body.reason, body.seenChangeSeq};
    const OperatorResult result = svc.cancelAttempt(attemptId, op);
    if (result.replayed && result.response.value(QStringLiteral("attempt_id")).toInteger() != attemptId)
        return problemResponse(ProblemType::IdempotencyKeyReused,
                               QCoreApplication::translate("ApiService", "request id \"%1\" already cancelled attempt %2; use a new Idempotency-Key")
                                   .arg(requestId, QString::number(result.response.value(QStringLiteral("attempt_id")).toInteger())));
    if (!result.replayed && m_notifier)
        m_notifier->poke();
    HttpResponse r = json(200, result.response);
    if (result.replayed)
        r.addHeader("Idempotent-Replayed", "true");
    return r;
}

HttpResponse ApiService::retryJob(const HttpRequest &request, JobService &svc, const Caller &caller, qint64 jobId)
{
    if (caller.role != TokenRole::Operator)
        return problemResponse(ProblemType::Forbidden, QCoreApplication::translate("ApiService", "only an operator token may retry a job"));
    if (auto p = checkJsonRequest(request, m_options.maxBodyBytes))
        return p->response();
    QString requestId;
    if (auto p = readIdempotencyKey(request, &requestId))
        return p->response();
    ActionBody body;
    if (auto p = parseActionBody(request.body, true, &body))
        return p->response();
    const std::optional<Job> job = svc.job(jobId);
    if (!job)
        return problemResponse(ProblemType::NotFound, QCoreApplication::translate("ApiService", "job %1 does not exist").arg(jobId));
    QString provider = body.provider;
    if (provider.isEmpty()) {
        const Route *route = m_routes.route(job->route);
        if (!route)
            return problemResponse(ProblemType::InvalidArgument,
                                   QCoreApplication::translate("ApiService", "job %1's route \"%2\" is not configured here: name a provider").arg(jobId).arg(job->route));
        provider = route->providerChain.first();
    } else if (!m_routes.provider(provider)) {
        return problemResponse(ProblemType::InvalidArgument, QCoreApplication::translate("ApiService", "no provider \"%1\"").arg(provider.left(255)));
    }
    OperatorRequest op{Actor::operatorUser(caller.ownerId), requestId, body.reason, body.seenChangeSeq};
    const RetryResult result = svc.retry(jobId, provider, op, /*providerNamed*/ !body.provider.isEmpty());
    if (result.replayed) {
        if (result.start.attempt.jobId != jobId)
            return problemResponse(ProblemType::IdempotencyKeyReused,
                                   QCoreApplication::translate("ApiService", "request id \"%1\" already retried job %2; use a new Idempotency-Key")
                                       .arg(requestId, QString::number(result.start.attempt.jobId))); // one pass
        HttpResponse r = json(200, {{QStringLiteral("action"), QStringLiteral("retry")}, {QStringLiteral("job_id"), jobId},
                                    {QStringLiteral("attempt"), attemptJson(result.start.attempt)}});
        r.addHeader("Idempotent-Replayed", "true");
        return r;
    }
    if (!result.start.started) {
        const Refusal &why = result.start.refusal;
        QJsonObject extra = refusalMembers(why.text);
        extra.insert(QStringLiteral("job_id"), jobId);
        extra.insert(QStringLiteral("refusal"), toText(why.reason));
        if (why.blockingAttemptId)
            extra.insert(QStringLiteral("blocking_attempt_id"), *why.blockingAttemptId);
        return problemResponse(ProblemType::RetryRefused, why.localized(), extra);
    }
    if (m_notifier)
        m_notifier->poke(result.start.attempt.changeSeq);
    if (m_options.workQueued)
        m_options.workQueued();
    HttpResponse r = json(201, {{QStringLiteral("action"), QStringLiteral("retry")}, {QStringLiteral("job_id"), jobId},
                                {QStringLiteral("attempt"), attemptJson(result.start.attempt)}});
    r.addHeader("Location", jobPath(jobId) + "/attempts");
    return r;
}

HttpResponse ApiService::healthz(JobService *svc, const QString &storeError)
{
    QJsonObject o;
    bool ok = true;
    // Anyone may ask: the store's error (its host and port, a driver's
    // text) is in the server's log, not here.
    Q_UNUSED(storeError);
    if (!svc) {
        ok = false;
        o.insert(QStringLiteral("store"), QStringLiteral("unreachable"));
    } else {
        try {
            QElapsedTimer t;
            t.start();
            svc->nowMs();
            o.insert(QStringLiteral("store"), QStringLiteral("ok"));
            o.insert(QStringLiteral("store_ms"), double(t.nsecsElapsed()) / 1e6);
        } catch (const JobDeskError &e) {
            ok = false;
            o.insert(QStringLiteral("store"), QStringLiteral("unreachable"));
            qCWarning(lcHttp) << "health check: the store is unreachable:" << e.message();
        }
    }
    const QString dispatcher = m_dispatcherStatus ? m_dispatcherStatus() : QStringLiteral("off");
    o.insert(QStringLiteral("dispatcher"), dispatcher);
    if (dispatcher != QLatin1String("running") && dispatcher != QLatin1String("off"))
        ok = false;
    o.insert(QStringLiteral("status"), ok ? QStringLiteral("ok") : QStringLiteral("unavailable"));
    return json(ok ? 200 : 503, o);
}

HttpResponse ApiService::metricsPage(JobService *svc)
{
    std::optional<StoreGauges> gauges;
    {
        std::lock_guard lock(m_gaugeMutex);
        const qint64 now = wallMs();
        if (svc && (!m_gauges || now - m_gaugesAtMs >= m_options.metricsCacheMs)) {
            try {
                m_gauges = readStoreGauges(*svc);
                m_gaugesAtMs = now;
            } catch (const JobDeskError &e) {
                m_gauges.reset();
                qCWarning(lcHttp).noquote() << QStringLiteral("metrics: ") + e.message();
            }
        }
        gauges = svc ? m_gauges : std::nullopt;
    }
    HttpResponse r;
    r.status = 200;
    r.contentType = "text/plain; version=0.0.4; charset=utf-8";
    r.body = m_metrics.render(gauges, m_serverGauges ? m_serverGauges() : ServerGauges{});
    return r;
}

} // namespace jobdesk
