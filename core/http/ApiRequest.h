#pragma once

// Validation of API requests that needs no database: headers, body framing
// and shape. Pure functions (the libFuzzer target drives them); each returns
// the problem to answer with, or nothing when the request passed.

#include "http/HttpMessage.h"
#include "http/Problem.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace jobdesk {

struct ProblemDetail
{
    ProblemType type = ProblemType::InternalError;
    QString detail;
    QJsonObject extra;
    HttpResponse response() const { return problemResponse(type, detail, extra); }
};

// "Authorization: Bearer <token>", exactly once. The token itself is checked
// against the store by the caller; a malformed header is a 401 here.
std::optional<ProblemDetail> readBearerToken(const HttpRequest &request, QString *token);

// "Idempotency-Key: <1..255 printable ASCII>", exactly once (400 otherwise).
std::optional<ProblemDetail> readIdempotencyKey(const HttpRequest &request, QString *key);

// A JSON request body: Content-Length present (411), the body actually read
// within the limit (413), Content-Type application/json, charset UTF-8 if
// given (415).
std::optional<ProblemDetail> checkJsonRequest(const HttpRequest &request, qint64 maxBodyBytes);

// The body of POST /v1/jobs: {"route": "<name>", "input": {...}} and nothing else.
struct CreateJobBody
{
    QString route;
    QJsonObject input;
};
std::optional<ProblemDetail> parseCreateJobBody(const QByteArray &body, CreateJobBody *out);
// The same, of a body already parsed (a batch's item without its key).
std::optional<ProblemDetail> readCreateJobBody(const QJsonObject &body, CreateJobBody *out);

// The body of an operator action: {"reason": "...", "seen_change_seq": N,
// "provider": "..."}; provider only where allowProvider (retry).
struct ActionBody
{
    QString reason;
    std::optional<qint64> seenChangeSeq;
    QString provider;
};
std::optional<ProblemDetail> parseActionBody(const QByteArray &body, bool allowProvider, ActionBody *out);

// A path segment that is a job or attempt id: 1..18 decimal digits, no sign, no leading zero.
std::optional<qint64> parseId(QByteArrayView segment);

} // namespace jobdesk
