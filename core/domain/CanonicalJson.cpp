#include "CanonicalJson.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QStringList>
#include <QVariant>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace jobdesk {
namespace {

void appendString(QByteArray &out, const QString &s)
{
    out.append('"');
    const QByteArray utf8 = s.toUtf8();
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
    out.append('"');
}

void appendNumber(QByteArray &out, const QJsonValue &v)
{
    // Qt keeps integers inside the int64 range exactly; those print as integers.
    const QVariant var = v.toVariant();
    if (var.typeId() == QMetaType::LongLong || var.typeId() == QMetaType::Int) {
        out.append(QByteArray::number(v.toInteger()));
        return;
    }
    const double d = v.toDouble();
    if (d == 0.0) { // -0 and 0 are the same number
        out.append('0');
        return;
    }
    if (std::trunc(d) == d && std::fabs(d) < 9007199254740992.0) {
        out.append(QByteArray::number(static_cast<qint64>(d)));
        return;
    }
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, d); // shortest round-trip
    out.append(buf, static_cast<int>(res.ptr - buf));
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
    case QJsonValue::Object: {
        const QJsonObject o = v.toObject();
        QStringList keys = o.keys();
        // QString compares by UTF-16 code units, which is what RFC 8785 asks for.
        std::sort(keys.begin(), keys.end(), [](const QString &a, const QString &b) {
            return QString::compare(a, b, Qt::CaseSensitive) < 0;
        });
        out.append('{');
        bool first = true;
        for (const QString &k : keys) {
            if (!first)
                out.append(',');
            first = false;
            appendString(out, k);
            out.append(':');
            append(out, o.value(k));
        }
        out.append('}');
        break;
    }
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
    QJsonObject intent;
    intent.insert(QStringLiteral("route"), route);
    intent.insert(QStringLiteral("input"), input);
    return sha256Hex(canonicalJson(intent));
}

} // namespace jobdesk
