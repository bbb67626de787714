#include "Intent.h"

#include "Names.h"
#include "domain/CanonicalJson.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>

namespace jobdesk {

namespace {

[[noreturn]] void invalid(const QString &message)
{
    throw JobDeskError(JobDeskError::Code::InvalidArgument, message);
}

// True when a key or a string anywhere in `v` holds a NUL character or a
// lone surrogate: jsonb on PostgreSQL cannot hold it, SQLite's text could.
bool holdsUnstorableText(const QJsonValue &v)
{
    if (v.isString())
        return hasUnstorableText(v.toString());
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        return std::any_of(a.begin(), a.end(), [](const QJsonValue &e) { return holdsUnstorableText(e); });
    }
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            if (hasUnstorableText(it.key()) || holdsUnstorableText(it.value()))
                return true;
    }
    return false;
}

// A number JSON cannot carry (NaN, an infinity): a QJsonValue built in C++
// may hold one, which the canonical form would write as "inf" and Qt's
// writer as null, so the stored input would not be the intent (SQLite would
// keep text that is not JSON; PostgreSQL would refuse it as a store error).
// Refused before anything is written: tst_submit::inputsJsonbCannotHoldAreRefusedAndLookAlikesAreNot.
bool holdsNonFiniteNumber(const QJsonValue &v)
{
    if (v.isDouble())
        return !std::isfinite(v.toDouble());
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        return std::any_of(a.begin(), a.end(), [](const QJsonValue &e) { return holdsNonFiniteNumber(e); });
    }
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        return std::any_of(o.begin(), o.end(), [](const QJsonValue &e) { return holdsNonFiniteNumber(e); });
    }
    return false;
}

// PostgreSQL's jsonb cannot hold U+0000 nor a lone surrogate; SQLite could.
// One rule for both: such an input is refused before anything is written.
// The canonical form writes both, and only them, as \u escapes (a valid pair
// is written as UTF-8, other control characters as \u00XX), so the escapes
// are read as escapes: a backslash written as "\\" followed by "u0000" is
// text, not a NUL. Returns the first such code unit, if any.
std::optional<char16_t> unstorableEscape(const QByteArray &canonicalJson)
{
    const char *p = canonicalJson.constData();
    const qsizetype n = canonicalJson.size();
    for (qsizetype i = 0; i + 1 < n; ++i) {
        if (p[i] != '\\')
            continue;
        if (p[i + 1] == 'u' && i + 5 < n) {
            bool ok = false;
            const uint c = QByteArray(p + i + 2, 4).toUInt(&ok, 16);
            if (ok && (c == 0 || (c >= 0xD800 && c <= 0xDFFF)))
                return char16_t(c);
        }
        ++i; // the escaped character (a backslash, a quote, u...) is not an escape itself
    }
    return std::nullopt;
}

} // namespace

QJsonObject parseIntentInput(const QByteArray &json)
{
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
    if (err.error != QJsonParseError::NoError)
        throw JobDeskError(JobDeskError::Code::InvalidArgument,
                           QStringLiteral("the input is not valid JSON (at byte %1: %2)").arg(err.offset).arg(err.errorString()));
    if (!doc.isObject())
        throw JobDeskError(JobDeskError::Code::InvalidArgument,
                           QStringLiteral("the input must be a JSON object, not %1")
                               .arg(doc.isArray() ? QStringLiteral("an array") : QStringLiteral("a scalar")));
    return doc.object();
}

void validateKey(const QString &key)
{
    if (key.isEmpty() || key.size() > 255)
        invalid(QStringLiteral("idempotency key must be 1..255 printable ASCII characters (got %1)").arg(key.size()));
    for (const QChar c : key) {
        if (c.unicode() < 0x20 || c.unicode() > 0x7e)
            invalid(QStringLiteral("idempotency key must be printable ASCII (found U+%1)")
                        .arg(c.unicode(), 4, 16, QLatin1Char('0')));
    }
    if (key.front() == u' ' || key.back() == u' ')
        invalid(QStringLiteral("idempotency key must not start or end with a space"));
}

QString jsonText(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

CheckedIntent checkIntent(const SubmitRequest &req)
{
    if (req.maxParallel < 1 || req.maxParallel > 8)
        invalid(QStringLiteral("max_parallel must be 1..8 (got %1)").arg(req.maxParallel));
    if (req.maxAttempts < 1 || req.maxAttempts > 100)
        invalid(QStringLiteral("max_attempts must be 1..100 (got %1)").arg(req.maxAttempts));
    requireName(req.ownerId, "owner id");
    validateKey(req.idempotencyKey);
    requireName(req.route, "route");
    for (const auto &[what, value] : {std::pair{"the input", &req.input}, std::pair{"client metadata", &req.clientMeta}})
        if (holdsNonFiniteNumber(*value))
            invalid(QStringLiteral("%1 holds a number that is not finite (NaN or an infinity), which JSON cannot carry")
                        .arg(QLatin1String(what)));
    const QByteArray canonicalInput = canonicalJson(req.input);
    if (canonicalInput.size() > kMaxIntentBytes)
        invalid(QStringLiteral("the intent is %1 bytes; the limit is 1 MiB").arg(canonicalInput.size()));
    if (const auto bad = unstorableEscape(canonicalInput)) {
        if (*bad == 0)
            invalid(QStringLiteral("the input contains a NUL character (\\u0000), which JobDesk does not store; "
                                   "remove it or encode the data (for example as base64)"));
        invalid(QStringLiteral("the input contains a lone UTF-16 surrogate (U+%1), which JobDesk does not store")
                    .arg(uint(*bad), 4, 16, QLatin1Char('0')));
    }
    // jsonb on PostgreSQL, text on SQLite: one rule for both, as for the input.
    if (holdsUnstorableText(req.clientMeta))
        invalid(QStringLiteral("%1 must not contain a NUL character or a lone UTF-16 surrogate").arg(QLatin1String("client metadata")));
    const QString meta = jsonText(req.clientMeta);
    if (meta.size() > kMaxMetaBytes)
        invalid(QStringLiteral("client metadata is over 64 KiB"));
    const QString fp = intentFingerprintOfCanonical(req.route, canonicalInput); // one canonicalisation per intent
    return CheckedIntent{canonicalInput, fp, meta};
}


} // namespace jobdesk
