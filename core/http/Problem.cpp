#include "http/Problem.h"

#include <QJsonDocument>

namespace jobdesk {
namespace {

struct Info
{
    ProblemType type;
    int status;
    const char *slug;
    const char *title;
};

constexpr Info kProblems[] = {
    {ProblemType::MalformedRequest, 400, "malformed-request", "The request could not be parsed"},
    {ProblemType::MissingIdempotencyKey, 400, "missing-idempotency-key", "An Idempotency-Key header is required"},
    {ProblemType::InvalidIdempotencyKey, 400, "invalid-idempotency-key", "The Idempotency-Key header is malformed"},
    {ProblemType::MalformedJson, 400, "malformed-json", "The body is not valid JSON"},
    {ProblemType::InvalidBody, 400, "invalid-body", "The body does not have the expected shape"},
    {ProblemType::ReasonRequired, 400, "reason-required", "An operator action needs a reason"},
    {ProblemType::Unauthorized, 401, "unauthorized", "A valid bearer token is required"},
    {ProblemType::Forbidden, 403, "forbidden", "The token's role may not do this"},
    {ProblemType::NotFound, 404, "not-found", "No such resource"},
    {ProblemType::MethodNotAllowed, 405, "method-not-allowed", "The method is not allowed here"},
    {ProblemType::RequestTimeout, 408, "request-timeout", "The request did not arrive in time"},
    {ProblemType::IdempotencyConflict, 409, "idempotency-conflict", "The idempotency key is bound to another intent"},
    {ProblemType::IdempotencyKeyReused, 409, "idempotency-key-reused", "The request id was used for another action"},
    {ProblemType::StaleView, 409, "stale-view", "The job changed since you looked"},
    {ProblemType::InvalidTransition, 409, "invalid-transition", "The attempt or job is not in a state that allows this"},
    {ProblemType::RetryRefused, 409, "retry-refused", "A new attempt is not allowed now"},
    {ProblemType::LengthRequired, 411, "length-required", "A request body needs a Content-Length"},
    {ProblemType::PayloadTooLarge, 413, "payload-too-large", "The body is over the limit"},
    {ProblemType::UriTooLong, 414, "uri-too-long", "The request line is over the limit"},
    {ProblemType::UnsupportedMediaType, 415, "unsupported-media-type", "The body must be application/json"},
    {ProblemType::UnknownRoute, 422, "unknown-route", "No such route"},
    {ProblemType::InvalidInput, 422, "invalid-input", "The input does not match the route's input schema"},
    {ProblemType::InvalidArgument, 422, "invalid-argument", "An argument was refused"},
    {ProblemType::HeadersTooLarge, 431, "headers-too-large", "The request headers are over the limit"},
    {ProblemType::InternalError, 500, "internal-error", "Internal server error"},
    {ProblemType::NotImplemented, 501, "not-implemented", "Not implemented"},
    {ProblemType::StoreUnavailable, 503, "store-unavailable", "The database is unavailable; try again"},
    {ProblemType::Overloaded, 503, "overloaded", "Too many requests are waiting; try again"},
};

const Info &info(ProblemType type)
{
    for (const Info &i : kProblems) {
        if (i.type == type)
            return i;
    }
    return kProblems[0];
}

} // namespace

int problemStatus(ProblemType type) { return info(type).status; }
QString problemSlug(ProblemType type) { return QString::fromLatin1(info(type).slug); }
QString problemTypeUri(ProblemType type) { return QStringLiteral("urn:jobdesk:problem:") + problemSlug(type); }
QString problemTitle(ProblemType type) { return QString::fromLatin1(info(type).title); }

const QList<ProblemType> &allProblemTypes()
{
    static const QList<ProblemType> all = [] {
        QList<ProblemType> out;
        for (const Info &i : kProblems)
            out.append(i.type);
        return out;
    }();
    return all;
}

HttpResponse problemResponse(ProblemType type, const QString &detail, const QJsonObject &extra)
{
    QJsonObject o = extra;
    o.insert(QStringLiteral("type"), problemTypeUri(type));
    o.insert(QStringLiteral("title"), problemTitle(type));
    o.insert(QStringLiteral("status"), problemStatus(type));
    if (!detail.isEmpty())
        o.insert(QStringLiteral("detail"), detail);
    HttpResponse r;
    r.status = problemStatus(type);
    r.contentType = "application/problem+json";
    r.body = QJsonDocument(o).toJson(QJsonDocument::Compact);
    if (r.status == 401)
        r.addHeader("WWW-Authenticate", "Bearer realm=\"jobdesk\"");
    if (r.status == 503)
        r.addHeader("Retry-After", "1");
    return r;
}

} // namespace jobdesk
