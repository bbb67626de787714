#include "provider/ProviderClient.h"

#include "domain/Error.h"

namespace jobdesk {

ProviderRequest makeProviderRequest(const Route &route, const ProviderConfig &provider, const QJsonObject &input,
                                    const QString &idempotencyKey)
{
    const RenderedPrompt prompt = renderPrompt(route, input);
    if (!prompt.unfilled.isEmpty())
        throw JobDeskError(JobDeskError::Code::InvalidArgument,
                           QStringLiteral("route \"") + route.name + QStringLiteral("\": the input leaves placeholder(s) unfilled: ")
                               + prompt.unfilled.join(QStringLiteral(", ")));
    if (prompt.estimatedTokens > provider.contextTokens)
        throw JobDeskError(JobDeskError::Code::InvalidArgument,
                           QStringLiteral("route \"") + route.name + QStringLiteral("\": the prompt needs about ")
                               + QString::number(prompt.estimatedTokens) + QStringLiteral(" tokens, provider \"")
                               + provider.name + QStringLiteral("\" holds ") + QString::number(provider.contextTokens));
    ProviderRequest r;
    r.idempotencyKey = idempotencyKey;
    r.model = provider.model;
    r.systemPrompt = prompt.system;
    r.userPrompt = prompt.user;
    r.responseSchema = route.outputSchema;
    r.temperature = route.temperature;
    r.deadlineMs = route.deadlineMs;
    r.checkContent = [route](const QByteArray &content) { return checkOutput(route, content); };
    return r;
}

} // namespace jobdesk
