#pragma once

// Errors as RFC 9457 problem details (application/problem+json). Every kind
// of failure has a stable `type` URI, urn:jobdesk:problem:<slug>, that
// clients may match on; `title` is fixed per type, `detail` says what
// happened this time. Title and detail are in the server's language (its
// translation, English by default); type, status and members stay English.
// README.md lists them all.

#include "http/HttpMessage.h"

#include <QJsonObject>
#include <QString>

namespace jobdesk {

enum class ProblemType {
    MalformedRequest,      // 400 the request line or a header cannot be parsed
    MissingIdempotencyKey, // 400
    InvalidIdempotencyKey, // 400 not 1..255 printable ASCII, or sent twice
    MalformedJson,         // 400 the body is not JSON (or not UTF-8)
    InvalidBody,           // 400 JSON, but not the shape the endpoint takes
    ReasonRequired,        // 400 an operator action without a reason
    Unauthorized,          // 401 no token, an unknown or a revoked one
    Forbidden,             // 403 the token's role may not do this
    NotFound,              // 404 no such resource (or another owner's job)
    MethodNotAllowed,      // 405
    RequestTimeout,        // 408 the request did not arrive in time
    IdempotencyConflict,   // 409 the key is bound to another intent
    IdempotencyKeyReused,  // 409 an action's request id was used for another action or target
    StaleView,             // 409 the job changed since the operator looked
    InvalidTransition,     // 409 the attempt or job is not in a state that allows this
    RetryRefused,          // 409 the guard refused the new attempt (names the blocking attempt)
    LengthRequired,        // 411 a body without Content-Length (chunked bodies are not taken)
    PayloadTooLarge,       // 413
    UriTooLong,            // 414
    UnsupportedMediaType,  // 415
    UnknownRoute,          // 422
    InvalidInput,          // 422 the input fails the route's input schema
    InvalidArgument,       // 422 the core refused an argument
    HeadersTooLarge,       // 431
    InternalError,         // 500
    NotImplemented,        // 501 a method this server does not implement
    StoreUnavailable,      // 503 the database cannot be reached right now
    Overloaded,            // 503 too many requests queued
};

int problemStatus(ProblemType type);
QString problemSlug(ProblemType type);
QString problemTypeUri(ProblemType type); // "urn:jobdesk:problem:<slug>"
QString problemTitle(ProblemType type);
const QList<ProblemType> &allProblemTypes();

// A problem+json response; `extra` members are added to the object (e.g.
// "job_id" for a conflict). 401 adds WWW-Authenticate, 503 Retry-After,
// 405 nothing (the caller adds Allow).
HttpResponse problemResponse(ProblemType type, const QString &detail, const QJsonObject &extra = {});

} // namespace jobdesk
