#include "CanonicalJson.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QStringList>
#include <QVarLengthArray>
#include <QVariant>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

namespace jobdesk {
namespace {

// A string in one pass over its UTF-16 code units, written straight into the
// output (a call per character, and an allocation per non-ASCII one, would
// cost a fifth of what submit itself costs the client): ASCII as it is, the two
// characters JSON must escape and the controls as RFC 8785 escapes them,
// everything else as UTF-8. A lone surrogate (Qt's parser accepts "\ud8de") is written as its \u
// escape, so that reading the canonical form back gives the same string:
// UTF-8 cannot carry it, and a replacement character would change both the
// value and the key order (fuzz/fuzz_canonical_json.cpp checks it). Stored
// fingerprints depend on every byte of this:
// tst_canonical_json::fingerprintsOfStoredJobsNeverChange.
void appendString(QByteArray &out, QStringView s)
{
    static const char hex[] = "0123456789abcdef";
    const char16_t *p = s.utf16();
    const qsizetype n = s.size();
    // At most 6 bytes a code unit (an escape; a pair is 4 bytes for 2 units).
    const qsizetype at = out.size();
    out.resize(at + 2 + 6 * n);
    char *const begin = out.data() + at;
    char *d = begin;
    *d++ = '"';
    for (qsizetype i = 0; i < n; ++i) {
        const char16_t c = p[i];
        if (c < 0x80) {
            if (c >= 0x20 && c != u'"' && c != u'\\') {
                *d++ = char(c);
                continue;
            }
            *d++ = '\\';
            switch (c) {
            case u'"': *d++ = '"'; break;
            case u'\\': *d++ = '\\'; break;
            case u'\b': *d++ = 'b'; break;
            case u'\f': *d++ = 'f'; break;
            case u'\n': *d++ = 'n'; break;
            case u'\r': *d++ = 'r'; break;
            case u'\t': *d++ = 't'; break;
            default:
                *d++ = 'u';
                *d++ = '0';
                *d++ = '0';
                *d++ = hex[c >> 4];
                *d++ = hex[c & 0xF];
            }
        } else if (c < 0x800) {
            *d++ = char(0xC0 | (c >> 6));
            *d++ = char(0x80 | (c & 0x3F));
        } else if (QChar::isHighSurrogate(c) && i + 1 < n && QChar::isLowSurrogate(p[i + 1])) {
            const char32_t u = QChar::surrogateToUcs4(c, p[i + 1]);
            ++i;
            *d++ = char(0xF0 | (u >> 18));
            *d++ = char(0x80 | ((u >> 12) & 0x3F));
            *d++ = char(0x80 | ((u >> 6) & 0x3F));
            *d++ = char(0x80 | (u & 0x3F));
        } else if (QChar::isSurrogate(c)) {
            *d++ = '\\';
            *d++ = 'u';
            *d++ = hex[(c >> 12) & 0xF];
            *d++ = hex[(c >> 8) & 0xF];
            *d++ = hex[(c >> 4) & 0xF];
            *d++ = hex[c & 0xF];
        } else {
            *d++ = char(0xE0 | (c >> 12));
            *d++ = char(0x80 | ((c >> 6) & 0x3F));
            *d++ = char(0x80 | (c & 0x3F));
        }
    }
    *d++ = '"';
    out.resize(at + (d - begin));
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

namespace {
// A path to show: NULs and lone surrogates in it as '?'.
QString storablePath(QString path)
{
    for (qsizetype i = 0; i < path.size(); ++i) {
        const char16_t c = path.at(i).unicode();
        if (QChar::isHighSurrogate(c) && i + 1 < path.size() && QChar::isLowSurrogate(path.at(i + 1).unicode()))
            ++i;
        else if (c == 0 || QChar::isSurrogate(c))
            path[i] = u'?';
    }
    return path;
}
} // namespace

QString pathOfFirstUnstorable(const QJsonValue &v, const QString &at)
{
    const auto unstorable = [](const QString &t) { return t.contains(QChar(0)) || !t.isValidUtf16(); };
    if (v.isString())
        return unstorable(v.toString()) ? (at.isEmpty() ? QStringLiteral("(the value)") : at) : QString();
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            if (QString where = pathOfFirstUnstorable(a.at(i), at + u'[' + QString::number(i) + u']'); !where.isEmpty())
                return where;
    }
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            const QString here = at.isEmpty() ? it.key() : at + u'.' + it.key();
            if (unstorable(it.key()))
                return storablePath(here);
            if (QString where = pathOfFirstUnstorable(it.value(), here); !where.isEmpty())
                return where;
        }
    }
    return {};
}

std::optional<QByteArray> integerTooLargeToKeep(const QByteArray &text)
{
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        const char c = text.at(i);
        if (c == '"') { // a string (member name or value): skip it, escapes included
            for (++i; i < n && text.at(i) != '"'; ++i)
                if (text.at(i) == '\\')
                    ++i;
            continue;
        }
        if (c != '-' && (c < '0' || c > '9'))
            continue;
        qsizetype end = i;
        bool whole = true;
        while (end < n && (std::isdigit(static_cast<unsigned char>(text.at(end))) || text.at(end) == '-' || text.at(end) == '+'
                           || text.at(end) == '.' || text.at(end) == 'e' || text.at(end) == 'E')) {
            if (text.at(end) == '.' || text.at(end) == 'e' || text.at(end) == 'E')
                whole = false;
            ++end;
        }
        const QByteArray token = text.mid(i, end - i);
        i = end - 1;
        if (!whole)
            continue;
        const bool negative = token.startsWith('-');
        const QByteArray digits = negative ? token.mid(1) : token;
        const QByteArray limit = negative ? QByteArrayLiteral("9223372036854775808") : QByteArrayLiteral("9223372036854775807");
        if (digits.size() > limit.size() || (digits.size() == limit.size() && digits > limit))
            return token.left(64);
    }
    return std::nullopt;
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

namespace {

// RFC 8259, recursive descent over the bytes. Depth is bounded (a document
// Qt parsed is at most 1,024 deep; PostgreSQL has its own stack limit).
class StrictJson
{
public:
    explicit StrictJson(const QByteArray &t) : p(t.constData()), end(t.constData() + t.size()), begin(t.constData()) {}
    // Looking for a member name that appears twice in one object (and not
    // for strictness: a raw control character inside a string, which
    // QJsonDocument takes, is let through).
    StrictJson(const QByteArray &t, QString *duplicate) : StrictJson(t) { m_duplicate = duplicate; }

    bool document()
    {
        ws();
        if (!value(0))
            return false;
        ws();
        return p == end || fail();
    }
    qsizetype at() const { return p - begin; }

private:
    const char *p;
    const char *end;
    const char *begin;
    QString *m_duplicate = nullptr;

    // A member name as the object holds it: escapes decoded.
    static QString memberName(const char *from, const char *to)
    {
        const QByteArray raw(from, to - from);
        if (!raw.contains('\\'))
            return QString::fromUtf8(raw);
        return QJsonDocument::fromJson("[\"" + raw + "\"]").array().at(0).toString();
    }

    bool fail() { return false; }
    void ws()
    {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
            ++p;
    }
    bool literal(const char *word)
    {
        for (; *word; ++word, ++p)
            if (p == end || *p != *word)
                return false;
        return true;
    }
    static bool digit(char c) { return c >= '0' && c <= '9'; }
    static bool hex(char c) { return digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
    bool number()
    {
        if (p < end && *p == '-')
            ++p;
        if (p == end || !digit(*p))
            return false;
        if (*p == '0')
            ++p; // no leading zero: "01" stops here and fails after the value
        else
            while (p < end && digit(*p))
                ++p;
        if (p < end && *p == '.') {
            ++p;
            if (p == end || !digit(*p))
                return false;
            while (p < end && digit(*p))
                ++p;
        }
        if (p < end && (*p == 'e' || *p == 'E')) {
            ++p;
            if (p < end && (*p == '+' || *p == '-'))
                ++p;
            if (p == end || !digit(*p))
                return false;
            while (p < end && digit(*p))
                ++p;
        }
        return true;
    }
    bool string()
    {
        ++p; // the opening quote
        while (p < end) {
            const unsigned char c = static_cast<unsigned char>(*p);
            if (c == '"') {
                ++p;
                return true;
            }
            if (c < 0x20 && !m_duplicate)
                return false; // a raw control character must be escaped
            if (c != '\\') {
                ++p;
                continue;
            }
            ++p;
            if (p == end)
                return false;
            switch (*p) {
            case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
                ++p;
                break;
            case 'u':
                ++p;
                for (int i = 0; i < 4; ++i, ++p)
                    if (p == end || !hex(*p))
                        return false;
                break;
            default:
                return false;
            }
        }
        return false;
    }
    bool value(int depth)
    {
        if (p == end || depth > 1100)
            return false;
        switch (*p) {
        case '{': {
            ++p;
            ws();
            if (p < end && *p == '}') {
                ++p;
                return true;
            }
            QSet<QString> names;
            for (;;) {
                const char *nameAt = p;
                if (p == end || *p != '"' || !string())
                    return false;
                if (m_duplicate) {
                    const QString name = memberName(nameAt + 1, p - 1); // inside the quotes
                    if (names.contains(name)) {
                        *m_duplicate = name;
                        return false;
                    }
                    names.insert(name);
                }
                ws();
                if (p == end || *p != ':')
                    return false;
                ++p;
                ws();
                if (!value(depth + 1))
                    return false;
                ws();
                if (p < end && *p == ',') {
                    ++p;
                    ws();
                    continue;
                }
                if (p < end && *p == '}') {
                    ++p;
                    return true;
                }
                return false;
            }
        }
        case '[': {
            ++p;
            ws();
            if (p < end && *p == ']') {
                ++p;
                return true;
            }
            for (;;) {
                if (!value(depth + 1))
                    return false;
                ws();
                if (p < end && *p == ',') {
                    ++p;
                    ws();
                    continue;
                }
                if (p < end && *p == ']') {
                    ++p;
                    return true;
                }
                return false;
            }
        }
        case '"': return string();
        case 't': return literal("true");
        case 'f': return literal("false");
        case 'n': return literal("null");
        default: return number();
        }
    }
};

} // namespace

bool isStrictJson(const QByteArray &text, qsizetype *errorAt)
{
    StrictJson parser(text);
    const bool ok = parser.document();
    if (!ok && errorAt)
        *errorAt = parser.at();
    return ok;
}

std::optional<QString> duplicateMemberName(const QByteArray &text)
{
    QString duplicate;
    StrictJson parser(text, &duplicate);
    if (parser.document() || duplicate.isNull())
        return std::nullopt;
    return duplicate;
}

} // namespace jobdesk
