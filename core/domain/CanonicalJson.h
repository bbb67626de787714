#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

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

// Whether `text` is JSON by RFC 8259's grammar, byte for byte: no raw control
// character inside a string, no leading zero, no "1." or ".5", nothing but
// JSON whitespace around the value. QJsonDocument is more lenient (it takes a
// raw line break inside a string), PostgreSQL's json type is not, and a result
// is stored exactly as given on both stores. UTF-8 validity is checked
// elsewhere. On failure, *errorAt is the byte offset of the first offence.
bool isStrictJson(const QByteArray &text, qsizetype *errorAt = nullptr);

// The first member name that appears twice in one object of `text` (JSON),
// escapes decoded ("a" and "\u0061" are one name); nullopt when none does.
// QJsonDocument keeps the last of them, where another reader may take the
// first: a request that says two things is refused, not guessed at.
std::optional<QString> duplicateMemberName(const QByteArray &text);

// Where the first text a store cannot keep is in a value, member names
// included: a NUL character (U+0000, which PostgreSQL's jsonb and text cannot
// hold) or a lone UTF-16 surrogate (which jsonb refuses and SQLite would keep),
// as a path under `at` ("routes[0].system_prompt"); empty when there is none.
QString pathOfFirstUnstorable(const QJsonValue &value, const QString &at = {});

// The first whole number in `text` (JSON) that a QJsonDocument cannot keep
// exactly: one written without fraction or exponent beyond 64-bit integers,
// which Qt's reader rounds to a double (so 12345678901234567890 and
// 12345678901234567891 would be one intent, stored as neither); nullopt when
// there is none. Written with a fraction or an exponent, a number is a double
// by JSON's own terms and is read as one.
std::optional<QByteArray> integerTooLargeToKeep(const QByteArray &text);

// SHA-256 (lower-case hex) of arbitrary bytes; used for discarded payloads.
QString sha256Hex(const QByteArray &bytes);

} // namespace jobdesk
