#include "http/Problem.h"

#include <QCoreApplication>
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
    {ProblemType::MalformedRequest, 400, "malformed-request", QT_TRANSLATE_NOOP("Problem", "The request could not be parsed")},
    {ProblemType::MissingIdempotencyKey, 400, "missing-idempotency-key", QT_TRANSLATE_NOOP("Problem", "An Idempotency-Key header is required")},
    {ProblemType::InvalidIdempotencyKey, 400, "invalid-idempotency-key", QT_TRANSLATE_NOOP("Problem", "The Idempotency-Key header is malformed")},
    {ProblemType::MalformedJson, 400, "malformed-json", QT_TRANSLATE_NOOP("Problem", "The body is not valid JSON")},
    {ProblemType::InvalidBody, 400, "invalid-body", QT_TRANSLATE_NOOP("Problem", "The body does not have the expected shape")},
    {ProblemType::ReasonRequired, 400, "reason-required", QT_TRANSLATE_NOOP("Problem", "An operator action needs a reason")},
    {ProblemType::Unauthorized, 401, "unauthorized", QT_TRANSLATE_NOOP("Problem", "A valid bearer token is required")},
    {ProblemType::Forbidden, 403, "forbidden", QT_TRANSLATE_NOOP("Problem", "The token's role may not do this")},
    {ProblemType::NotFound, 404, "not-found", QT_TRANSLATE_NOOP("Problem", "No such resource")},
    {ProblemType::MethodNotAllowed, 405, "method-not-allowed", QT_TRANSLATE_NOOP("Problem", "The method is not allowed here")},
    {ProblemType::RequestTimeout, 408, "request-timeout", QT_TRANSLATE_NOOP("Problem", "The request did not arrive in time")},
    {ProblemType::IdempotencyConflict, 409, "idempotency-conflict", QT_TRANSLATE_NOOP("Problem", "The idempotency key is bound to another intent")},
    {ProblemType::IdempotencyKeyReused, 409, "idempotency-key-reused", QT_TRANSLATE_NOOP("Problem", "The request id was used for another action")},
    {ProblemType::StaleView, 409, "stale-view", QT_TRANSLATE_NOOP("Problem", "The job changed since you looked")},
    {ProblemType::InvalidTransition, 409, "invalid-transition", QT_TRANSLATE_NOOP("Problem", "The attempt or job is not in a state that allows this")},
    {ProblemType::RetryRefused, 409, "retry-refused", QT_TRANSLATE_NOOP("Problem", "A new attempt is not allowed now")},
    {ProblemType::LengthRequired, 411, "length-required", QT_TRANSLATE_NOOP("Problem", "A request body needs a Content-Length")},
    {ProblemType::PayloadTooLarge, 413, "payload-too-large", QT_TRANSLATE_NOOP("Problem", "The body is over the limit")},
    {ProblemType::UriTooLong, 414, "uri-too-long", QT_TRANSLATE_NOOP("Problem", "The request line is over the limit")},
    {ProblemType::UnsupportedMediaType, 415, "unsupported-media-type", QT_TRANSLATE_NOOP("Problem", "The body must be application/json")},
    {ProblemType::UnknownRoute, 422, "unknown-route", QT_TRANSLATE_NOOP("Problem", "No such route")},
    {ProblemType::InvalidInput, 422, "invalid-input", QT_TRANSLATE_NOOP("Problem", "The input does not match the route's input schema")},
    {ProblemType::InvalidArgument, 422, "invalid-argument", QT_TRANSLATE_NOOP("Problem", "An argument was refused")},
    {ProblemType::HeadersTooLarge, 431, "headers-too-large", QT_TRANSLATE_NOOP("Problem", "The request headers are over the limit")},
    {ProblemType::InternalError, 500, "internal-error", QT_TRANSLATE_NOOP("Problem", "Internal server error")},
    {ProblemType::NotImplemented, 501, "not-implemented", QT_TRANSLATE_NOOP("Problem", "Not implemented")},
    {ProblemType::StoreUnavailable, 503, "store-unavailable", QT_TRANSLATE_NOOP("Problem", "The database is unavailable; try again")},
    {ProblemType::Overloaded, 503, "overloaded", QT_TRANSLATE_NOOP("Problem", "Too many requests are waiting; try again")},
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
// The title is the same for every problem of a type, in the server's language (the type URI is what
// clients match on).
QString problemTitle(ProblemType type) { return QCoreApplication::translate("Problem", info(type).title); }

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
