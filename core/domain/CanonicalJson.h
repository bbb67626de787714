#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace jobdesk {

// Canonical JSON in the style of RFC 8785 (JCS): object keys sorted by UTF-16
// code units, no insignificant whitespace, numbers normalised (an integral
// value prints as an integer whether it was written 1, 1.0 or 1e0; other
// doubles print in their shortest round-trip form), strings with the minimal
// escapes. Two documents that mean the same give the same bytes.
QByteArray canonicalJson(const QJsonValue &value);

// SHA-256 (lower-case hex) of the canonical JSON of the intent
// {"route": route, "input": input}. Key order and spacing never change it.
QString intentFingerprint(const QString &route, const QJsonObject &input);
// The same fingerprint from the input's canonical JSON (canonicalJson(input)),
// so that a caller who needs that text anyway canonicalises the input once.
QString intentFingerprintOfCanonical(const QString &route, const QByteArray &canonicalInput);

// SHA-256 (lower-case hex) of arbitrary bytes; used for discarded payloads.
QString sha256Hex(const QByteArray &bytes);

} // namespace jobdesk
