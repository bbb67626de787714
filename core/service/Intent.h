#pragma once
// An intent as JobService stores and compares it: checked here, once per
// create, before anything is written (tst_submit::inputsJsonbCannotHoldAreRefusedAndLookAlikesAreNot).

#include "JobService.h"

namespace jobdesk {

inline constexpr qsizetype kMaxIntentBytes = 1024 * 1024;
inline constexpr qsizetype kMaxMetaBytes = 64 * 1024;

// What submit stores and compares of an intent: its canonical input, its
// fingerprint and its client metadata as text.
struct CheckedIntent
{
    QByteArray canonicalInput;
    QString fingerprint;
    QString meta;
};

// Every rule a create's request must meet (names, key, limits, numbers JSON
// can carry, text both stores can hold), then its canonical form and
// fingerprint. Throws JobDeskError(InvalidArgument) naming the first broken rule.
CheckedIntent checkIntent(const SubmitRequest &req);

// An idempotency key: 1..255 printable ASCII, no leading or trailing space.
void validateKey(const QString &key);

// Compact JSON text of `o`.
QString jsonText(const QJsonObject &o);

} // namespace jobdesk
