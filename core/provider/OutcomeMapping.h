#pragma once

// How what happened on the wire maps to an attempt outcome. Pure functions,
// so the table is tested without a network. The rule (DESIGN.md, invariant 4):
// once the request may have reached the provider, only an answer in which the
// provider definitively did nothing is Failed; completed only for a 200 whose
// content passes the contract; everything else, and anything we are unsure
// of, is Unknown (it blocks the job until the truth arrives or an operator
// cancels, so nothing is sent twice).
//
//   nothing sent (DNS, refused, TLS handshake, bad URL)              -> Failed, sent=false
//   complete 400/401/403/404/413/422/429 (rejected before any work)  -> Failed (Retry-After honoured)
//   complete 5xx listed in the provider's nothing_done_statuses      -> Failed (Retry-After honoured)
//   complete 200, content passes the contract                        -> Completed
//   complete 200, content fails it / envelope without content        -> Failed, invalidOutput
//   200 read until close (no Content-Length, not chunked), unparsable -> Unknown (maybe truncated)
//   every other 5xx (with or without an error body or Retry-After),
//   408, 409 (idempotency key in use), deadline, reset/close after
//   sending, truncated body, 1xx/2xx other than 200, 3xx, others      -> Unknown
//
// Retry-After (delay-seconds or HTTP-date) is capped at kMaxRetryAfterMs.

#include "provider/ProviderClient.h"

#include <QByteArray>
#include <QList>
#include <QDateTime>
#include <QString>

#include <functional>
#include <optional>

namespace jobdesk {

struct HttpExchange
{
    enum class Transport {
        Complete,        // a whole response was received (framing satisfied)
        NothingSent,     // no byte of the request can have reached the provider
        BrokenAfterSend, // reset, closed, truncated, protocol error after sending began
        TimedOut,        // the deadline passed after the connection was made
        Aborted,         // the caller gave up after the connection was made
    };
    Transport transport = Transport::Complete;
    QString transportError; // libcurl's words, for the reason
    int status = 0;
    QByteArray body;
    QByteArray retryAfter;  // the Retry-After header value, if any
    bool framed = true;     // Content-Length or chunked: a short body would have been noticed
};

using ContentCheck = std::function<OutputCheck(const QByteArray &content)>;

inline constexpr qint64 kMaxRetryAfterMs = 3600 * 1000; // a provider cannot park itself for longer than an hour

// nothingDoneStatuses: the provider's documented "nothing was done" 5xx (ProviderConfig).
ProviderOutcome classifyExchange(const HttpExchange &, const ContentCheck &check, const QDateTime &now,
                                 const QList<int> &nothingDoneStatuses = {});

// Retry-After as delay-seconds or an HTTP-date, in ms from `now` (never negative).
std::optional<qint64> parseRetryAfter(const QByteArray &value, const QDateTime &now);

// Whether a body is the provider's own JSON error object {"error": {"message": "..."}}.
bool isProviderErrorBody(const QByteArray &body);

// The status lookup's answer mapped to StatusLookup (anything unexpected: Unknown).
StatusLookup classifyStatusLookup(const HttpExchange &);

} // namespace jobdesk
