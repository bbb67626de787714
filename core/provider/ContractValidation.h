#pragma once

// Contract validation (invariant 6): a provider may take automatic fallback
// attempts for a route only while it holds a passing, unexpired validation
// whose config hash matches the current route and provider config.
//
// For each golden case, at temperature 0:
//   - the prompt renders with no unfilled placeholder and its estimated
//     tokens (see estimateTokens) fit the provider's context, and prompt plus
//     the observed output still fit (a case that does not render or fit is not sent);
//   - the provider answers 200 and the content parses as a JSON object, has no
//     extra top-level key, matches the schema and passes the business checks;
//   - response_format is honoured: the content parses and matches the schema
//     and the provider did not report "response_format_honoured": false;
//   - the system prompt is honoured: the business checks pass and the provider
//     did not report "system_prompt_honoured": false.
// Then one response_format probe: the first golden case's prompt followed by
// an instruction to answer in prose; a provider that enforces the schema still
// returns schema-valid JSON, one that only follows instructions does not.

#include "provider/ProviderClient.h"
#include "provider/Route.h"

#include <QJsonObject>
#include <QString>

namespace jobdesk {

struct ValidationResult
{
    QString provider;
    QString route;
    bool passed = false;
    QString configHash;
    qint64 validatedAtMs = 0;
    qint64 expiresAtMs = 0;
    QJsonObject report; // per golden case: rendered-token estimate, unfilled placeholders,
                        // parse/schema/check errors, response_format honoured; plus the probe

    // Passing, unexpired, and for exactly this route and provider config.
    bool holdsFor(const Route &, const ProviderConfig &, qint64 nowMs) const;
    QJsonObject toJson() const;
    static ValidationResult fromJson(const QJsonObject &);
};

ValidationResult validateContract(const Route &, const ProviderConfig &, ProviderClient &, qint64 nowMs);

} // namespace jobdesk
