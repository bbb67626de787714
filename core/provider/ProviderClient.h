#pragma once

// The provider side of an attempt: one call per attempt (blocking, or
// asynchronous on a sender loop), sent at most once, mapped conservatively to completed / failed / unknown.

#include "provider/OutputCheck.h"
#include "provider/Route.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>

namespace jobdesk {

// The clock of a send's deadline (ProviderRequest::sendBy): on Linux
// CLOCK_BOOTTIME, which keeps counting while the machine is suspended (a
// laptop running the embedded store; steady_clock does not); elsewhere
// steady_clock. A hypervisor that pauses a guest and freezes its clocks
// stops both; the reconciler's grace (DispatcherOptions::neverProcessedGraceMs)
// and the database's clock cover the rest, not completely (core/dispatch/README.md).
struct SendClock
{
    using duration = std::chrono::nanoseconds;
    using rep = duration::rep;
    using period = duration::period;
    using time_point = std::chrono::time_point<SendClock>;
    static constexpr bool is_steady = true;
    static time_point now() noexcept;
};

struct ProviderRequest
{
    QString idempotencyKey;   // the attempt's provider key (a UUID), sent as the Idempotency-Key header
    QByteArray traceparent;   // W3C trace context sent with it (domain/TraceContext.h); empty: none
    QString model;
    QString systemPrompt;     // empty: no system message
    QString userPrompt;
    QJsonObject responseSchema; // sent as response_format {type: json_schema, strict: true}
    double temperature = 0.2;
    qint64 deadlineMs = 30000;  // the whole call, connect included

    // Optional: the route's full contract. When set, a 200's content is checked
    // with it (schema + business checks); otherwise with responseSchema only.
    std::function<OutputCheck(const QByteArray &content)> checkContent;
    // Optional: set to true from another thread to give up early (shutdown,
    // the hedged sibling won). Giving up after the request may have left is Unknown.
    std::shared_ptr<const std::atomic<bool>> abort;
    // Optional: no byte of the request leaves after this moment (by this
    // process's steady clock). The dispatcher sets it to the attempt's lease,
    // measured conservatively from before the attempt was marked running: a
    // process that stalls past its lease (paused, swapped out) has had its
    // attempt reaped to unknown, and a provider asked meanwhile may have said
    // it never saw the key; sending now would be a second copy of the intent.
    // Checked before the connection and again once it is up, just before the
    // request is written (libcurl's pre-request callback). Past it: nothing is
    // sent (a failed outcome, sent = false).
    std::optional<SendClock::time_point> sendBy;
};

// Builds the request for an attempt of `route` on `provider`: renders the
// prompt, sets the model, schema, temperature, deadline and the route's
// contract check. Throws JobDeskError(InvalidArgument) when the template
// leaves a placeholder unfilled or the prompt exceeds the provider's context
// (nothing was sent: record the attempt as failed).
ProviderRequest makeProviderRequest(const Route &route, const ProviderConfig &provider,
                                    const QJsonObject &input, const QString &idempotencyKey);

struct ProviderOutcome
{
    enum class Kind { Completed, Failed, Unknown };
    Kind kind = Kind::Unknown;
    bool sent = false;        // false only when nothing can have reached the provider
    int httpStatus = 0;       // 0: no complete response
    QByteArray content;       // the assistant message content, for Completed (and for invalid output)
    QString reason;           // why, in words, for the attempt record
    std::optional<qint64> retryAfterMs;

    bool invalidOutput = false; // Failed because a 200's content broke the contract (known, paid for)
    QJsonObject output;         // parsed content, for Completed
    // Non-standard diagnostics the provider put in the response envelope under
    // "x_jobdesk" (the fake provider reports "response_format_honoured" and
    // "system_prompt_honoured"); empty for real providers.
    QJsonObject diagnostics;
    qint64 elapsedMs = 0;
};

QString toText(ProviderOutcome::Kind);

struct StatusLookup
{
    enum class Kind { Completed, NeverProcessed, InProgress, Unknown };
    Kind kind = Kind::Unknown;
    QByteArray content;   // for Completed: the assistant message content (check it with checkOutput)
    QString reason;
};

QString toText(StatusLookup::Kind);

class ProviderClient
{
public:
    virtual ~ProviderClient() = default;
    // Blocking; called from worker threads; thread-safe. Never retries.
    virtual ProviderOutcome call(const ProviderRequest &) = 0;
    // Without blocking: `done` is called exactly once, with what call() would
    // return, on the client's own sender thread (it must not block) or on the
    // caller's when nothing is sent. False: this client cannot (the caller
    // runs call() on a thread of its own instead).
    virtual bool callsAsync() const { return false; }
    virtual void callAsync(const ProviderRequest &request, std::function<void(ProviderOutcome)> done)
    {
        done(call(request));
    }
    virtual bool supportsStatusLookup() const { return false; }
    // Asks the provider what became of the request sent under this key.
    virtual StatusLookup lookup(const QString &idempotencyKey, qint64 deadlineMs)
    {
        Q_UNUSED(idempotencyKey);
        Q_UNUSED(deadlineMs);
        return {};
    }
};

// OpenAI-compatible chat completions through libcurl's multi interface, one
// fresh connection per call (CURLOPT_FRESH_CONNECT + CURLOPT_FORBID_REUSE), no redirects, no
// retries: each request leaves at most once. POST <baseUrl>/chat/completions
// with model, messages, temperature and response_format (json_schema, strict)
// and the headers Idempotency-Key and, when config.apiKeyEnv names a set
// variable, Authorization: Bearer. Status lookup (config.statusLookup):
// GET <baseUrl>/jobdesk/status/<key>.
class OpenAiClient final : public ProviderClient
{
public:
    explicit OpenAiClient(ProviderConfig config);
    ProviderOutcome call(const ProviderRequest &) override; // callAsync, waited for
    // On the process's one sender thread (libcurl's multi interface on
    // curl_multi_poll): thousands of transfers at once, each on its own fresh
    // connection, with the send-by checks and the exact count of request bytes
    // written that the easy interface had.
    bool callsAsync() const override { return true; }
    void callAsync(const ProviderRequest &, std::function<void(ProviderOutcome)> done) override;
    static qsizetype transfersInFlight(); // open transfers of the process's sender loop
    bool supportsStatusLookup() const override { return m_config.statusLookup; }
    StatusLookup lookup(const QString &idempotencyKey, qint64 deadlineMs) override;
    const ProviderConfig &config() const { return m_config; }

    // The JSON body sent for a request (exposed for tests and logs).
    static QJsonObject requestBody(const ProviderRequest &);

private:
    const ProviderConfig m_config;
};

} // namespace jobdesk
