#include "CanonicalJson.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QStringList>
#include <QVarLengthArray>
#include <QVariant>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace jobdesk {
namespace {

void appendUtf8Escaped(QByteArray &out, const QByteArray &utf8)
{
    for (const char ch : utf8) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"': out.append("\\\""); break;
        case '\\': out.append("\\\\"); break;
        case '\b': out.append("\\b"); break;
        case '\f': out.append("\\f"); break;
        case '\n': out.append("\\n"); break;
        case '\r': out.append("\\r"); break;
        case '\t': out.append("\\t"); break;
        default:
            if (c < 0x20) {
                static const char hex[] = "0123456789abcdef";
                out.append("\\u00");
                out.append(hex[c >> 4]);
                out.append(hex[c & 0xF]);
            } else {
                out.append(ch);
            }
        }
    }
}

void appendString(QByteArray &out, QStringView s)
{
    out.append('"');
    // ASCII (most keys and values) is written as it is; anything else goes
    // through Qt's UTF-8 encoder first (surrogate pairs, invalid ones).
    const char16_t *p = s.utf16();
    const qsizetype n = s.size();
    qsizetype i = 0;
    for (; i < n; ++i) {
        const char16_t c = p[i];
        if (c >= 0x80)
            break;
        if (c >= 0x20 && c != u'"' && c != u'\\') {
            out.append(char(c));
            continue;
        }
        appendUtf8Escaped(out, QByteArray(1, char(c)));
    }
    // The rest, one code unit (or surrogate pair) at a time. A lone surrogate
    // (Qt's parser accepts "\ud8de") is written as its \u escape, so that
    // reading the canonical form back gives the same string: UTF-8 cannot
    // carry it, and a replacement character would change both the value and
    // the key order (found by the canonical JSON fuzz target).
    static const char hex[] = "0123456789abcdef";
    for (; i < n; ++i) {
        const char16_t c = p[i];
        if (c < 0x80) {
            if (c >= 0x20 && c != u'"' && c != u'\\')
                out.append(char(c));
            else
                appendUtf8Escaped(out, QByteArray(1, char(c)));
        } else if (QChar::isHighSurrogate(c) && i + 1 < n && QChar::isLowSurrogate(p[i + 1])) {
            out.append(QStringView(p + i, 2).toUtf8());
            ++i;
        } else if (QChar::isSurrogate(c)) {
            out.append("\\u");
            out.append(hex[(c >> 12) & 0xF]);
            out.append(hex[(c >> 8) & 0xF]);
            out.append(hex[(c >> 4) & 0xF]);
            out.append(hex[c & 0xF]);
        } else {
            out.append(QStringView(p + i, 1).toUtf8());
        }
    }
    out.append('"');
}

void appendNumber(QByteArray &out, const QJsonValue &v)
{
    const double d = v.toDouble();
    // An integral value inside +-2^53 prints as an integer, whether Qt holds
    // it as an integer or as a double (1, 1.0 and 1e0 are the same number).
    if (std::trunc(d) == d && std::fabs(d) < 9007199254740992.0) {
        out.append(QByteArray::number(static_cast<qint64>(d))); // -0 prints as 0
        return;
    }
    // Qt keeps integers inside the int64 range exactly; those print as integers.
    const QVariant var = v.toVariant();
    if (var.typeId() == QMetaType::LongLong || var.typeId() == QMetaType::Int) {
        out.append(QByteArray::number(v.toInteger()));
        return;
    }
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, d); // shortest round-trip
    out.append(buf, static_cast<int>(res.ptr - buf));
}

void append(QByteArray &out, const QJsonValue &v);

void appendObject(QByteArray &out, const QJsonObject &o)
{
    // RFC 8785 sorts keys by UTF-16 code units, which is how QString compares.
    // QJsonObject keeps its keys sorted already: walk it in order, and sort
    // only if it ever is not.
    const auto less = [](QStringView a, QStringView b) { return a.compare(b, Qt::CaseSensitive) < 0; };
    QVarLengthArray<QString, 16> keys;
    QVarLengthArray<QJsonValue, 16> values;
    bool sorted = true;
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        keys.append(it.key());
        values.append(it.value());
        if (keys.size() > 1 && !less(keys[keys.size() - 2], keys.back()))
            sorted = false;
    }
    QVarLengthArray<qsizetype, 16> order(keys.size());
    for (qsizetype i = 0; i < keys.size(); ++i)
        order[i] = i;
    if (!sorted)
        std::sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) { return less(keys[a], keys[b]); });
    out.append('{');
    for (qsizetype i = 0; i < order.size(); ++i) {
        if (i)
            out.append(',');
        appendString(out, keys[order[i]]);
        out.append(':');
        append(out, values[order[i]]);
    }
    out.append('}');
}

void append(QByteArray &out, const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined: out.append("null"); break;
    case QJsonValue::Bool: out.append(v.toBool() ? "true" : "false"); break;
    case QJsonValue::Double: appendNumber(out, v); break;
    case QJsonValue::String: appendString(out, v.toString()); break;
    case QJsonValue::Array: {
        out.append('[');
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i) {
            if (i)
                out.append(',');
            append(out, a.at(i));
        }
        out.append(']');
        break;
    }
    case QJsonValue::Object: appendObject(out, v.toObject()); break;
    }
}

} // namespace

QByteArray canonicalJson(const QJsonValue &value)
{
    QByteArray out;
    out.reserve(256);
    append(out, value);
    return out;
}

QString sha256Hex(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

QString intentFingerprint(const QString &route, const QJsonObject &input)
{
    return intentFingerprintOfCanonical(route, canonicalJson(input));
}

QString intentFingerprintOfCanonical(const QString &route, const QByteArray &canonicalInput)
{
    // canonicalJson({"route": route, "input": input}): keys in order, "input" < "route".
    QByteArray intent;
    intent.reserve(canonicalInput.size() + route.size() + 24);
    intent.append("{\"input\":");
    intent.append(canonicalInput);
    intent.append(",\"route\":");
    appendString(intent, route);
    intent.append('}');
    return sha256Hex(intent);
}

} // namespace jobdesk
