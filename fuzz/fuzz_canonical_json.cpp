// libFuzzer target: canonical JSON (RFC 8785 style) and intent fingerprints.
// For any input Qt parses as JSON: the canonical form parses again, is a
// fixed point (canonicalising it again gives the same bytes), and the
// fingerprint does not change when the document is re-serialised with other
// spacing or key order.

#include "domain/CanonicalJson.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cstdint>
#include <cstdlib>

using namespace jobdesk;

namespace {

void check(bool condition)
{
    if (!condition)
        std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray text(reinterpret_cast<const char *>(data), qsizetype(size));
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson("[" + text + "]", &error);
    if (error.error != QJsonParseError::NoError || !doc.isArray() || doc.array().size() != 1)
        return 0;
    const QJsonValue value = doc.array().first();
    const QByteArray canonical = canonicalJson(value);

    QJsonParseError again{};
    const QJsonDocument reparsed = QJsonDocument::fromJson("[" + canonical + "]", &again);
    check(again.error == QJsonParseError::NoError);
    check(canonicalJson(reparsed.array().first()) == canonical);

    if (value.isObject()) {
        const QJsonObject input = value.toObject();
        const QString fp = intentFingerprint(QStringLiteral("route"), input);
        check(fp.size() == 64);
        const QJsonDocument indented = QJsonDocument::fromJson(QJsonDocument(input).toJson(QJsonDocument::Indented));
        check(intentFingerprint(QStringLiteral("route"), indented.object()) == fp);
    }
    return 0;
}
