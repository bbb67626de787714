#pragma once

// How what happened on the wire maps to an attempt outcome. Pure functions,
// so the table is tested without a network. The rule: failed only when we
// know the provider did nothing (or did it and the output is invalid);
// completed only for a 200 whose content passes the contract; everything
// else, and anything we are unsure of, is unknown.
//
//   nothing sent (DNS, refused, TLS handshake, bad URL)              -> Failed, sent=false
//   complete 400/401/403/404/408/409/413/422/429                     -> Failed (Retry-After honoured)
//   complete 503 with Retry-After                                    -> Failed (Retry-After honoured)
//   complete 500 whose body is {"error": {"message": ...}}           -> Failed
//   complete 200, content passes the contract                        -> Completed
//   complete 200, content fails it / envelope without content        -> Failed, invalidOutput
//   200 read until close (no Content-Length, not chunked), unparsable -> Unknown (maybe truncated)
//   deadline, reset/close after sending, truncated body, 502, 504,
//   500/503 without the above, 1xx/2xx other than 200, 3xx, others  -> Unknown

#include "provider/ProviderClient.h"

#include <QByteArray>
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

ProviderOutcome classifyExchange(const HttpExchange &, const ContentCheck &check, const QDateTime &now);

// Retry-After as delay-seconds or an HTTP-date, in ms from `now` (never negative).
std::optional<qint64> parseRetryAfter(const QByteArray &value, const QDateTime &now);

// Whether a body is the provider's own JSON error object {"error": {"message": "..."}}.
bool isProviderErrorBody(const QByteArray &body);

// The status lookup's answer mapped to StatusLookup (anything unexpected: Unknown).
StatusLookup classifyStatusLookup(const HttpExchange &);

} // namespace jobdesk
