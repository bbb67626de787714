#include "http/ApiRequest.h"
#include "domain/CanonicalJson.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace jobdesk {
namespace {

ProblemDetail problem(ProblemType type, const QString &detail, const QJsonObject &extra = {})
{
    return ProblemDetail{type, detail, extra};
}

QString describe(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QCoreApplication::translate("ApiRequest", "a boolean");
    case QJsonValue::Double: return QCoreApplication::translate("ApiRequest", "a number");
    case QJsonValue::String: return QCoreApplication::translate("ApiRequest", "a string");
    case QJsonValue::Array: return QCoreApplication::translate("ApiRequest", "an array");
    case QJsonValue::Object: return QCoreApplication::translate("ApiRequest", "an object");
    case QJsonValue::Undefined: break;
    }
    return QCoreApplication::translate("ApiRequest", "nothing");
}

std::optional<ProblemDetail> parseObject(const QByteArray &body, QJsonObject *out)
{
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError)
        return problem(ProblemType::MalformedJson, QCoreApplication::translate("ApiRequest", "the body is not valid JSON: %1 at byte %2")
                                                       .arg(error.errorString())
                                                       .arg(error.offset));
    if (!doc.isObject())
        return problem(ProblemType::InvalidBody, QCoreApplication::translate("ApiRequest", "the body must be a JSON object"));
    // QJsonDocument keeps the last of two members of one name; a proxy or a
    // client's library may read the first. Refused rather than guessed at
    // (tst_request_validation::createBodies, "member twice").
    if (const std::optional<QString> twice = duplicateMemberName(body))
        return problem(ProblemType::InvalidBody,
                       QCoreApplication::translate("ApiRequest", "member \"%1\" appears twice in one object; say each once")
                           .arg(twice->left(64)));
    // Qt's reader rounds a whole number beyond 64 bits to a double: two
    // different inputs would be one intent, and neither stored as sent
    // (tst_request_validation::createBodies, "integer beyond 64 bits").
    if (const std::optional<QByteArray> big = integerTooLargeToKeep(body))
        return problem(ProblemType::InvalidBody,
                       QCoreApplication::translate("ApiRequest", "the number %1 is too large to keep exactly (beyond 64-bit "
                                                                 "integers); send it as a string")
                           .arg(QString::fromLatin1(*big)));
    *out = doc.object();
    return std::nullopt;
}

std::optional<ProblemDetail> refuseUnknownKeys(const QJsonObject &o, const QStringList &known)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!known.contains(it.key()))
            return problem(ProblemType::InvalidBody, QCoreApplication::translate("ApiRequest", "unknown member \"%1\" (known: %2)")
                                                         .arg(it.key().left(64), known.join(QStringLiteral(", "))));
    }
    return std::nullopt;
}

bool isPrintableAscii(QByteArrayView v)
{
    for (const char c : v) {
        if (c < 0x20 || c > 0x7e)
            return false;
    }
    return true;
}

} // namespace

std::optional<ProblemDetail> readBearerToken(const HttpRequest &request, QString *token)
{
    bool present = false, duplicated = false;
    const QByteArray value = request.header("Authorization", &present, &duplicated);
    if (!present)
        return problem(ProblemType::Unauthorized, QCoreApplication::translate("ApiRequest", "no Authorization header: send \"Authorization: Bearer <token>\""));
    if (duplicated)
        return problem(ProblemType::Unauthorized, QCoreApplication::translate("ApiRequest", "more than one Authorization header"));
    const qsizetype space = value.indexOf(' ');
    if (space <= 0 || value.first(space).compare("Bearer", Qt::CaseInsensitive) != 0)
        return problem(ProblemType::Unauthorized, QCoreApplication::translate("ApiRequest", "the Authorization scheme must be Bearer"));
    const QByteArray t = value.sliced(space + 1).trimmed();
    if (t.isEmpty() || t.size() > 512 || !isPrintableAscii(t))
        return problem(ProblemType::Unauthorized, QCoreApplication::translate("ApiRequest", "the bearer token is malformed"));
    *token = QString::fromLatin1(t);
    return std::nullopt;
}

std::optional<ProblemDetail> readIdempotencyKey(const HttpRequest &request, QString *key)
{
    bool present = false, duplicated = false;
    const QByteArray value = request.header("Idempotency-Key", &present, &duplicated);
    if (!present)
        return problem(ProblemType::MissingIdempotencyKey,
                       QCoreApplication::translate("ApiRequest", "send an Idempotency-Key header (1..255 printable ASCII characters)"));
    if (duplicated)
        return problem(ProblemType::InvalidIdempotencyKey, QCoreApplication::translate("ApiRequest", "more than one Idempotency-Key header"));
    if (value.isEmpty() || value.size() > 255)
        return problem(ProblemType::InvalidIdempotencyKey,
                       QCoreApplication::translate("ApiRequest", "the Idempotency-Key must be 1..255 characters, got %1").arg(value.size()));
    if (!isPrintableAscii(value))
        return problem(ProblemType::InvalidIdempotencyKey,
                       QCoreApplication::translate("ApiRequest", "the Idempotency-Key must be printable ASCII (0x20..0x7E)"));
    *key = QString::fromLatin1(value);
    return std::nullopt;
}

std::optional<ProblemDetail> checkJsonRequest(const HttpRequest &request, qint64 maxBodyBytes)
{
    bool present = false;
    const QByteArray length = request.header("Content-Length", &present);
    if (!present)
        return problem(ProblemType::LengthRequired, QCoreApplication::translate("ApiRequest", "send the body with a Content-Length header"));
    if (request.body.size() > maxBodyBytes)
        return problem(ProblemType::PayloadTooLarge,
                       QCoreApplication::translate("ApiRequest", "the body is %1 bytes; the limit is %2").arg(request.body.size()).arg(maxBodyBytes));
    if (length.trimmed().toLongLong() != request.body.size())
        return problem(ProblemType::MalformedRequest, QCoreApplication::translate("ApiRequest", "the body's length does not match Content-Length"));
    bool typed = false, duplicated = false;
    const QByteArray type = request.header("Content-Type", &typed, &duplicated);
    if (!typed || duplicated)
        return problem(ProblemType::UnsupportedMediaType, QCoreApplication::translate("ApiRequest", "send Content-Type: application/json"));
    const QList<QByteArray> parts = type.split(';');
    if (parts.first().trimmed().toLower() != "application/json")
        return problem(ProblemType::UnsupportedMediaType,
                       QCoreApplication::translate("ApiRequest", "the body must be application/json, not %1").arg(QString::fromLatin1(parts.first().trimmed().left(100))));
    for (qsizetype i = 1; i < parts.size(); ++i) {
        const QByteArray param = parts.at(i).trimmed().toLower();
        if (param.startsWith("charset=")) {
            QByteArray charset = param.mid(8);
            if (charset.size() >= 2 && charset.startsWith('"') && charset.endsWith('"'))
                charset = charset.mid(1, charset.size() - 2);
            if (charset != "utf-8" && charset != "utf8")
                return problem(ProblemType::UnsupportedMediaType, QCoreApplication::translate("ApiRequest", "JSON must be UTF-8"));
        }
    }
    return std::nullopt;
}

std::optional<ProblemDetail> parseCreateJobBody(const QByteArray &body, CreateJobBody *out)
{
    QJsonObject o;
    if (auto p = parseObject(body, &o))
        return p;
    return readCreateJobBody(o, out);
}

std::optional<ProblemDetail> readCreateJobBody(const QJsonObject &o, CreateJobBody *out)
{
    if (auto p = refuseUnknownKeys(o, {QStringLiteral("route"), QStringLiteral("input")}))
        return p;
    const QJsonValue route = o.value(QStringLiteral("route"));
    if (!route.isString() || route.toString().trimmed().isEmpty() || route.toString().size() > 255)
        return problem(ProblemType::InvalidBody,
                       QCoreApplication::translate("ApiRequest", "\"route\" must be a route name (a non-empty string), got %1").arg(describe(route)));
    const QJsonValue input = o.value(QStringLiteral("input"));
    if (!input.isObject())
        return problem(ProblemType::InvalidBody, QCoreApplication::translate("ApiRequest", "\"input\" must be a JSON object, got %1").arg(describe(input)));
    out->route = route.toString();
    out->input = input.toObject();
    return std::nullopt;
}

std::optional<ProblemDetail> parseActionBody(const QByteArray &body, bool allowProvider, ActionBody *out)
{
    QJsonObject o;
    if (auto p = parseObject(body, &o))
        return p;
    QStringList known{QStringLiteral("reason"), QStringLiteral("seen_change_seq")};
    if (allowProvider)
        known.append(QStringLiteral("provider"));
    if (auto p = refuseUnknownKeys(o, known))
        return p;
    const QJsonValue reason = o.value(QStringLiteral("reason"));
    if (reason.isUndefined() || reason.isNull() || (reason.isString() && reason.toString().trimmed().isEmpty()))
        return problem(ProblemType::ReasonRequired, QCoreApplication::translate("ApiRequest", "say why: {\"reason\": \"...\"}"));
    if (!reason.isString())
        return problem(ProblemType::InvalidBody, QCoreApplication::translate("ApiRequest", "\"reason\" must be a string, got %1").arg(describe(reason)));
    if (reason.toString().size() > 2000)
        return problem(ProblemType::InvalidBody, QCoreApplication::translate("ApiRequest", "\"reason\" is longer than 2000 characters"));
    out->reason = reason.toString();
    const QJsonValue seen = o.value(QStringLiteral("seen_change_seq"));
    if (!seen.isUndefined() && !seen.isNull()) {
        const double d = seen.toDouble(-1);
        if (!seen.isDouble() || !std::isfinite(d) || d != std::floor(d) || d < 0 || d > 9.0e15)
            return problem(ProblemType::InvalidBody,
                           QCoreApplication::translate("ApiRequest", "\"seen_change_seq\" must be a non-negative integer, got %1").arg(describe(seen)));
        out->seenChangeSeq = seen.toInteger();
    }
    const QJsonValue provider = o.value(QStringLiteral("provider"));
    if (!provider.isUndefined() && !provider.isNull()) {
        if (!provider.isString() || provider.toString().trimmed().isEmpty() || provider.toString().size() > 255)
            return problem(ProblemType::InvalidBody, QCoreApplication::translate("ApiRequest", "\"provider\" must be a provider name, got %1").arg(describe(provider)));
        out->provider = provider.toString();
    }
    return std::nullopt;
}

std::optional<qint64> parseId(QByteArrayView segment)
{
    if (segment.isEmpty() || segment.size() > 18 || segment.front() == '0')
        return std::nullopt;
    for (const char c : segment) {
        if (c < '0' || c > '9')
            return std::nullopt;
    }
    return segment.toLongLong();
}

} // namespace jobdesk
