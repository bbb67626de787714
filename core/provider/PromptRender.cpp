#include "provider/Route.h"

#include "domain/CanonicalJson.h"

#include <QJsonArray>

namespace jobdesk {
namespace {

constexpr int kTokensPerMessage = 4; // role and framing of one chat message

QString valueText(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::String: return v.toString();
    case QJsonValue::Object:
    case QJsonValue::Array:
    case QJsonValue::Double:
    case QJsonValue::Bool: return QString::fromUtf8(canonicalJson(v));
    default: return {};
    }
}

// Replaces {{ path }} placeholders; unfilled ones stay as written.
QString fill(const QString &text, const QJsonObject &input, QStringList &unfilled)
{
    QString out;
    out.reserve(text.size());
    qsizetype pos = 0;
    while (pos < text.size()) {
        const qsizetype open = text.indexOf(QLatin1String("{{"), pos);
        if (open < 0)
            break;
        const qsizetype close = text.indexOf(QLatin1String("}}"), open + 2);
        if (close < 0)
            break;
        out += QStringView(text).mid(pos, open - pos);
        const QString path = text.mid(open + 2, close - open - 2).trimmed();
        const QJsonValue v = path.isEmpty() ? QJsonValue(QJsonValue::Undefined) : valueAtPath(input, path);
        if (v.isUndefined() || v.isNull()) {
            const QString name = path.isEmpty() ? text.mid(open, close + 2 - open) : path;
            if (!unfilled.contains(name))
                unfilled.append(name);
            out += QStringView(text).mid(open, close + 2 - open);
        } else {
            out += valueText(v);
        }
        pos = close + 2;
    }
    out += QStringView(text).mid(pos);
    return out;
}

} // namespace

QJsonValue valueAtPath(const QJsonObject &object, const QString &dottedPath)
{
    const QStringList parts = dottedPath.split(u'.');
    QJsonValue v = object;
    for (const QString &part : parts) {
        if (!v.isObject())
            return QJsonValue(QJsonValue::Undefined);
        v = v.toObject().value(part);
    }
    return v;
}

int estimateTokens(QStringView text)
{
    qint64 ascii = 0;
    qint64 other = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c.unicode() < 0x80) {
            ++ascii;
        } else {
            ++other;
            if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate())
                ++i; // one code point
        }
    }
    return int((ascii + 3) / 4 + other);
}

RenderedPrompt renderPrompt(const Route &route, const QJsonObject &input)
{
    RenderedPrompt r;
    r.system = fill(route.systemPrompt, input, r.unfilled);
    r.user = fill(route.promptTemplate, input, r.unfilled);
    const int messages = r.system.isEmpty() ? 1 : 2;
    r.estimatedTokens = estimateTokens(r.system) + estimateTokens(r.user)
        + estimateTokens(QString::fromUtf8(canonicalJson(route.outputSchema))) + kTokensPerMessage * messages;
    return r;
}

} // namespace jobdesk
