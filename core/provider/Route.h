#pragma once

// Routes and provider configuration, loaded from one JSON file.
//
// File format (snake_case keys; unknown keys are refused so a typo never
// silently changes behaviour):
//
//   { "providers": [ { "name": "primary", "kind": "openai",
//                      "base_url": "https://api.example.com/v1", "model": "m",
//                      "api_key_env": "OPENAI_API_KEY",      (optional; a digest of its key names the account in attempts.sent_to)
//                      "context_tokens": 8192,               (optional)
//                      "validation_ttl_ms": 86400000,        (optional)
//                      "status_lookup": false,               (optional; true by default for kind "fake")
//                      "nothing_done_statuses": [503] } ],   (optional; 5xx the provider documents as "did nothing")
//     "routes": [ { "name": "summarize",
//                   "system_prompt": "...",                  (optional)
//                   "prompt_template": "Summarise: {{text}}",
//                   "input_schema": { "type": "object", ... },  (optional; the HTTP API checks job inputs)
//                   "output_schema": { "type": "object", ... },
//                   "required_fields": ["summary"],          (optional)
//                   "allowed_values": {"sentiment": ["positive", "neutral"]},   (optional)
//                   "provider_chain": ["primary", "fallback"],
//                   "deadline_ms": 30000, "max_attempts": 3, (optional)
//                   "hedge_after_ms": 5000,                  (optional)
//                   "temperature": 0.2,                      (optional)
//                   "golden_cases": [ {"name": "...", "input": {...}} ] } ] }
//
// See core/provider/examples/routes.example.json.

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace jobdesk {

struct ProviderConfig
{
    QString name;
    QString kind = QStringLiteral("openai"); // see ProviderFactory.h for the known kinds
    QUrl baseUrl;                            // e.g. https://api.openai.com/v1 (".../chat/completions" is appended)
    QString model;
    QString apiKeyEnv;                       // name of the environment variable holding the bearer token; empty: none
    int contextTokens = 8192;
    qint64 validationTtlMs = 24 * 3600 * 1000;
    bool statusLookup = false;               // GET <baseUrl>/jobdesk/status/<key> is available
    // 5xx statuses this provider's documentation guarantees mean "nothing was
    // done" (a complete answer with one of them is Failed instead of Unknown).
    // Empty by default: every 5xx after the request may have been sent is Unknown.
    QList<int> nothingDoneStatuses;
    // Limits a dispatcher process keeps for this provider ("max_concurrency",
    // "max_requests_per_s" in the routes file; unset: none): requests open at
    // once, and requests started per second (a bucket holding one second's
    // worth). A job whose provider is at a limit stays queued (never moved on
    // to the next provider for it) and waits its turn; jobs for other
    // providers go on meanwhile. Not part of the contract (configHash).
    std::optional<int> maxConcurrency;
    std::optional<double> maxRequestsPerS;

    QJsonObject toJson() const;
    static ProviderConfig fromJson(const QJsonObject &, const QString &where = QStringLiteral("provider"));
    // toJson() as the store records it (the providers table, which every
    // viewer reads) and as configHash() hashes it: base_url without its user
    // info (a password), and when it had one, "base_url_user_info": the
    // first 16 hex digits of a SHA-256 of it, so another account is still
    // another config, and no viewer login reads a provider's password
    // (tst_route_config::aRecordedProviderConfigHoldsNoPassword).
    QJsonObject publicJson() const;
    // That digest, when this config was read back from the store (its
    // base_url has no user info then): toJson() and publicJson() keep it.
    QString recordedUserInfo;

    // Where a request to this provider goes, as an attempt records it
    // (attempts.sent_to): its kind and base URL without user info or query
    // (either may hold a secret, and every viewer reads attempts), and, when
    // the client sends credentials (the token in api_key_env, user info in
    // base_url), the account they name as the first 16 hex digits of a
    // SHA-256 of them (never the credentials), e.g.
    // "openai https://api.openai.com/v1 with credentials sha256:3f0c5a9e1b2d4c6f".
    // Only the endpoint and account a request went to can say it never
    // processed it: a "no record" from anywhere else settles nothing
    // (Dispatcher::reconcileOnce).
    QString endpoint() const;
    static constexpr int kKeyDigestHexChars = 16;
    static constexpr int kKeySuffixChars = 25 + kKeyDigestHexChars; // " with credentials sha256:" and the digest
};

struct GoldenCase
{
    QString name;
    QJsonObject input;
};

struct Route
{
    QString name;
    QString systemPrompt;
    QString promptTemplate; // {{field}} placeholders from the job input; nested {{a.b}} ok
    QJsonObject inputSchema;  // JSON Schema (draft 7, see JsonSchema.h) a job's input must match; empty: any object
    QJsonObject outputSchema; // JSON Schema (draft 7, see JsonSchema.h); top level must be an object schema
    QStringList requiredFields;                // present, not null, not an empty string; dotted paths ok
    QMap<QString, QStringList> allowedValues;  // field (dotted path ok) -> allowed string values
    QStringList providerChain;                 // primary first, then fallbacks
    qint64 deadlineMs = 30000;
    int maxAttempts = 3;
    std::optional<qint64> hedgeAfterMs;
    double temperature = 0.2;
    QList<GoldenCase> goldenCases;

    QJsonObject toJson() const;
    static Route fromJson(const QJsonObject &, const QString &where = QStringLiteral("route"));
    int maxParallel() const { return hedgeAfterMs ? 2 : 1; }
};

struct RouteConfig
{
    QList<ProviderConfig> providers;
    QList<Route> routes;

    // Both throw JobDeskError(InvalidArgument) naming the bad field, e.g.
    // "routes[0] (summarize).deadline_ms: expected a positive integer".
    static RouteConfig fromJson(const QJsonObject &);
    static RouteConfig load(const QString &path);
    QJsonObject toJson() const;

    const Route *route(const QString &name) const;
    const ProviderConfig *provider(const QString &name) const;
};

// SHA-256 (hex) of the canonical JSON of {"route": route.toJson(),
// "provider": provider.publicJson(), "contract": <version of the validation rules>}.
// Any change to the route or the provider config changes it, and so does a
// change to what contract validation checks.
QString configHash(const Route &, const ProviderConfig &);

// Honest, conservative token estimate: every 4 ASCII bytes count as one token
// (rounded up; English BPE averages ~4 characters per token) and every
// non-ASCII code point counts as one token on its own (CJK, emoji and accented
// text take about one token per character or more, where bytes/4 would
// under-count). For pure ASCII this is exactly ceil(utf8 bytes / 4).
int estimateTokens(QStringView text);

struct RenderedPrompt
{
    QString system;
    QString user;
    QStringList unfilled;    // placeholders with no value in the input (missing or null), in order, once each
    int estimatedTokens = 0; // estimateTokens(system) + estimateTokens(user) + estimateTokens(schema) + 4 per message
};

// Fills {{path}} placeholders (whitespace inside the braces is allowed) in the
// system prompt and the template from the job input. Strings are inserted as
// they are, numbers/booleans as JSON text, objects/arrays as canonical JSON.
// A missing or null value leaves the placeholder as written and is listed in
// `unfilled`. The estimate includes the output schema, which OpenAI-compatible
// providers put into the context for response_format.
RenderedPrompt renderPrompt(const Route &, const QJsonObject &input);

// The value at a dotted path ("a.b.c") in an object; undefined when absent.
QJsonValue valueAtPath(const QJsonObject &object, const QString &dottedPath);

} // namespace jobdesk
