#pragma once

// W3C Trace Context (https://www.w3.org/TR/trace-context/): a create's
// `traceparent` is kept in the job's client_meta, and each attempt is sent to
// its provider as a child span of it: the same trace id and flags, a parent id
// of its own.

#include <QByteArray>
#include <QByteArrayView>

#include <optional>

namespace jobdesk {

// "00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>" in lower case,
// neither id all zeros, version not ff; a later version's header is read as
// version 00 (its fields after the fourth are dropped). Anything else: nullopt
// (the receiver ignores it, as the recommendation says).
std::optional<QByteArray> parseTraceparent(QByteArrayView header);

// The 32 hex digits of a valid traceparent's trace id, else empty.
QByteArray traceIdOf(QByteArrayView traceparent);

// The traceparent an attempt is sent with: the job's trace id and flags, as
// parent id the first 16 hex digits of SHA-256(spanSeed) (the attempt's
// provider key: the same attempt is the same span). Empty when the job's
// traceparent is not valid.
QByteArray childTraceparent(QByteArrayView jobTraceparent, QByteArrayView spanSeed);

} // namespace jobdesk
