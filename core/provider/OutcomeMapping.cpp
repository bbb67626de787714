#include "provider/OutcomeMapping.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <algorithm>

namespace jobdesk {
namespace {

// A complete answer with one of these rejects the request before any work:
// the provider definitively did nothing. Not 408 (the provider may have
// started) nor 409 (an idempotency key in use: the first request may be
// running); not any 5xx (a gateway whose upstream timed out answers 500/502/
// 503/504 while the upstream may have done the work).
bool rejectedBeforeAnyWork(int status)
{
    switch (status) {
    case 400: case 401: case 403: case 404: case 413: case 422: case 429:
        return true;
    default:
        return false;
    }
}

QString errorSummary(const QByteArray &body)
{
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    const QJsonObject error = doc.object().value(QStringLiteral("error")).toObject();
    if (error.value(QStringLiteral("message")).isString()) {
        QString s = error.value(QStringLiteral("message")).toString();
        const QString type = error.value(QStringLiteral("type")).toString();
        if (!type.isEmpty())
            s = type + QStringLiteral(": ") + s;
        return s.left(300);
    }
    QString text = QString::fromUtf8(body.left(200)).simplified();
    return text.isEmpty() ? QStringLiteral("empty body") : text;
}

} // namespace

bool isProviderErrorBody(const QByteArray &body)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject())
        return false;
    const QJsonValue error = doc.object().value(QStringLiteral("error"));
    return error.isObject() && error.toObject().value(QStringLiteral("message")).isString();
}

std::optional<qint64> parseRetryAfter(const QByteArray &value, const QDateTime &now)
{
    const QByteArray v = value.trimmed();
    if (v.isEmpty())
        return std::nullopt;
    bool ok = false;
    const qint64 seconds = v.toLongLong(&ok);
    if (ok)
        return seconds < 0 ? std::nullopt : std::optional<qint64>(std::min<qint64>(seconds, kMaxRetryAfterMs / 1000) * 1000);
    // HTTP-date: IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"; Qt's RFC 2822
    // parser wants a numeric zone) or asctime ("Sun Nov  6 08:49:37 1994").
    QString text = QString::fromLatin1(v).simplified();
    if (text.endsWith(QLatin1String(" GMT")) || text.endsWith(QLatin1String(" UTC")))
        text = text.left(text.size() - 4) + QStringLiteral(" +0000");
    QDateTime at = QDateTime::fromString(text, Qt::RFC2822Date);
    if (!at.isValid()) {
        at = QLocale::c().toDateTime(text, QStringLiteral("ddd MMM d HH:mm:ss yyyy"));
        at.setTimeSpec(Qt::UTC);
    }
    if (!at.isValid())
        return std::nullopt;
    return std::clamp<qint64>(now.msecsTo(at), 0, kMaxRetryAfterMs);
}

ProviderOutcome classifyExchange(const HttpExchange &x, const ContentCheck &check, const QDateTime &now,
                                 const QList<int> &nothingDoneStatuses)
{
    ProviderOutcome o;
    switch (x.transport) {
    case HttpExchange::Transport::NothingSent:
        o.kind = ProviderOutcome::Kind::Failed;
        o.sent = false;
        o.reason = QStringLiteral("nothing was sent: ") + x.transportError;
        return o;
    case HttpExchange::Transport::BrokenAfterSend:
        o.kind = ProviderOutcome::Kind::Unknown;
        o.sent = true;
        o.reason = QStringLiteral("connection lost after the request may have been sent: ") + x.transportError;
        return o;
    case HttpExchange::Transport::TimedOut:
        o.kind = ProviderOutcome::Kind::Unknown;
        o.sent = true;
        o.reason = QStringLiteral("deadline passed without a complete answer: ") + x.transportError;
        return o;
    case HttpExchange::Transport::Aborted:
        o.kind = ProviderOutcome::Kind::Unknown;
        o.sent = true;
        o.reason = QStringLiteral("gave up after the request may have been sent: ") + x.transportError;
        return o;
    case HttpExchange::Transport::Complete:
        break;
    }

    o.sent = true;
    o.httpStatus = x.status;
    const QString status = QStringLiteral("HTTP ") + QString::number(x.status);
    const std::optional<qint64> retryAfter = parseRetryAfter(x.retryAfter, now);

    if (x.status == 200) {
        const QJsonDocument doc = QJsonDocument::fromJson(x.body);
        const QJsonObject envelope = doc.object();
        const QJsonObject choice = envelope.value(QStringLiteral("choices")).toArray().at(0).toObject();
        const QJsonObject message = choice.value(QStringLiteral("message")).toObject();
        o.diagnostics = envelope.value(QStringLiteral("x_jobdesk")).toObject();
        if (!message.value(QStringLiteral("content")).isString()) {
            // A body that is not a JSON object is not the provider's answer:
            // cut short (with or without framing: a proxy or a provider that
            // died mid-answer can send a Content-Length it then breaks), or a
            // page from something in between. The work may have been done:
            // unknown (DESIGN.md, invariant 4: "truncated or unparsable").
            // Nor is an object without an assistant message ({}, or a gateway's
            // {"error": ...} under a 200): only a message that refuses or whose
            // content is not text is the provider's answer, and a failed one.
            if (!doc.isObject() || !choice.value(QStringLiteral("message")).isObject()) {
                o.kind = ProviderOutcome::Kind::Unknown;
                o.reason = x.framed
                    ? QString(status + QStringLiteral(" without an assistant message (truncated, or not the provider's answer): ")
                              + errorSummary(x.body))
                    : QString(status + QStringLiteral(" read until the connection closed and not parseable: maybe truncated"));
                return o;
            }
            o.kind = ProviderOutcome::Kind::Failed;
            o.invalidOutput = true;
            o.reason = message.value(QStringLiteral("refusal")).isString()
                ? QString(QStringLiteral("invalid output: the provider refused: ") + message.value(QStringLiteral("refusal")).toString())
                : QString(status + QStringLiteral(" without an assistant message content: ") + errorSummary(x.body));
            return o;
        }
        o.content = message.value(QStringLiteral("content")).toString().toUtf8();
        const OutputCheck c = check ? check(o.content) : OutputCheck{true, {}, {}, {}, {}, {}, {}};
        if (c.ok) {
            o.kind = ProviderOutcome::Kind::Completed;
            o.output = c.output;
            o.reason = QStringLiteral("completed");
        } else {
            o.kind = ProviderOutcome::Kind::Failed;
            o.invalidOutput = true;
            o.reason = QStringLiteral("invalid output: ") + c.reason;
            const QString finish = choice.value(QStringLiteral("finish_reason")).toString();
            if (!finish.isEmpty() && finish != QLatin1String("stop"))
                o.reason += QStringLiteral(" (finish_reason ") + finish + u')';
        }
        return o;
    }

    if (rejectedBeforeAnyWork(x.status)) {
        o.kind = ProviderOutcome::Kind::Failed;
        o.retryAfterMs = retryAfter;
        o.reason = status + QStringLiteral(" (rejected before any work): ") + errorSummary(x.body);
        return o;
    }
    if (x.status >= 500 && x.status <= 599 && nothingDoneStatuses.contains(x.status)) {
        o.kind = ProviderOutcome::Kind::Failed;
        o.retryAfterMs = retryAfter;
        o.reason = status + QStringLiteral(" (documented by this provider as nothing done): ") + errorSummary(x.body);
        return o;
    }

    o.kind = ProviderOutcome::Kind::Unknown;
    o.retryAfterMs = retryAfter;
    o.reason = status + QStringLiteral(" does not say whether the provider did the work: ") + errorSummary(x.body);
    return o;
}

StatusLookup classifyStatusLookup(const HttpExchange &x)
{
    StatusLookup s;
    if (x.transport != HttpExchange::Transport::Complete) {
        s.reason = QStringLiteral("status lookup failed: ") + x.transportError;
        return s;
    }
    if (x.status != 200) {
        s.reason = QStringLiteral("status lookup answered HTTP ") + QString::number(x.status);
        return s;
    }
    const QJsonObject o = QJsonDocument::fromJson(x.body).object();
    const QString status = o.value(QStringLiteral("status")).toString();
    if (status == QLatin1String("completed") && o.value(QStringLiteral("content")).isString()) {
        s.kind = StatusLookup::Kind::Completed;
        s.content = o.value(QStringLiteral("content")).toString().toUtf8();
        s.reason = QStringLiteral("the provider completed the request");
    } else if (status == QLatin1String("never_processed")) {
        s.kind = StatusLookup::Kind::NeverProcessed;
        s.reason = QStringLiteral("the provider never processed the request");
    } else if (status == QLatin1String("in_progress")) {
        s.kind = StatusLookup::Kind::InProgress;
        s.reason = QStringLiteral("the provider is still working on the request");
    } else {
        s.reason = QStringLiteral("status lookup answered something unexpected: ") + QString::fromUtf8(x.body.left(200));
    }
    return s;
}

QString toText(ProviderOutcome::Kind k)
{
    switch (k) {
    case ProviderOutcome::Kind::Completed: return QStringLiteral("completed");
    case ProviderOutcome::Kind::Failed: return QStringLiteral("failed");
    case ProviderOutcome::Kind::Unknown: break;
    }
    return QStringLiteral("unknown");
}

QString toText(StatusLookup::Kind k)
{
    switch (k) {
    case StatusLookup::Kind::Completed: return QStringLiteral("completed");
    case StatusLookup::Kind::NeverProcessed: return QStringLiteral("never_processed");
    case StatusLookup::Kind::InProgress: return QStringLiteral("in_progress");
    case StatusLookup::Kind::Unknown: break;
    }
    return QStringLiteral("unknown");
}

} // namespace jobdesk
