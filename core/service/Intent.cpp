#include "Intent.h"

#include "Names.h"
#include "domain/CanonicalJson.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>

namespace jobdesk {

namespace {

[[noreturn]] void invalid(const RefusalText &why)
{
    throw JobDeskError(JobDeskError::Code::InvalidArgument, why);
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
        throw JobDeskError(JobDeskError::Code::InvalidArgument, refusal::make("JD200", err.offset, err.errorString()));
    if (!doc.isObject())
        throw JobDeskError(JobDeskError::Code::InvalidArgument, refusal::make("JD201", doc.isArray() ? "an array" : "a scalar"));
    return doc.object();
}

void validateKey(const QString &key)
{
    if (key.isEmpty() || key.size() > 255)
        invalid(refusal::make("JD205", key.size()));
    for (const QChar c : key) {
        if (c.unicode() < 0x20 || c.unicode() > 0x7e)
            invalid(refusal::make("JD206", QStringLiteral("%1").arg(c.unicode(), 4, 16, QLatin1Char('0'))));
    }
    if (key.front() == u' ' || key.back() == u' ')
        invalid(refusal::make("JD207"));
}

QString jsonText(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

CheckedIntent checkIntent(const SubmitRequest &req)
{
    if (req.maxParallel < 1 || req.maxParallel > 8)
        invalid(refusal::make("JD208", req.maxParallel));
    if (req.maxAttempts < 1 || req.maxAttempts > 100)
        invalid(refusal::make("JD209", req.maxAttempts));
    requireName(req.ownerId, "owner id");
    validateKey(req.idempotencyKey);
    requireName(req.route, "route");
    for (const auto &[what, value] : {std::pair{"the input", &req.input}, std::pair{"client metadata", &req.clientMeta}})
        if (holdsNonFiniteNumber(*value))
            invalid(refusal::make("JD213", what));
    const QByteArray canonicalInput = canonicalJson(req.input);
    if (canonicalInput.size() > kMaxIntentBytes)
        invalid(refusal::make("JD210", canonicalInput.size()));
    if (const auto bad = unstorableEscape(canonicalInput)) {
        if (*bad == 0)
            invalid(refusal::make("JD211"));
        invalid(refusal::make("JD212", QStringLiteral("%1").arg(uint(*bad), 4, 16, QLatin1Char('0'))));
    }
    // jsonb on PostgreSQL, text on SQLite: one rule for both, as for the input.
    if (holdsUnstorableText(req.clientMeta))
        invalid(refusal::make("JD204", "client metadata"));
    const QString meta = jsonText(req.clientMeta);
    if (meta.size() > kMaxMetaBytes)
        invalid(refusal::make("JD214"));
    const QString fp = intentFingerprintOfCanonical(req.route, canonicalInput); // one canonicalisation per intent
    return CheckedIntent{canonicalInput, fp, meta};
}


} // namespace jobdesk
