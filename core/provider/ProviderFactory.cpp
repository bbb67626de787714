#include "provider/ProviderFactory.h"

#include "domain/Error.h"

namespace jobdesk {

QStringList providerKinds()
{
    return {QStringLiteral("openai"), QStringLiteral("fake")};
}

std::unique_ptr<ProviderClient> makeProviderClient(const ProviderConfig &config)
{
    // "fake" speaks the same API (FakeProvider); it differs only in offering
    // the status lookup by default, which ProviderConfig::fromJson settles.
    if (config.kind == QLatin1String("openai") || config.kind == QLatin1String("fake"))
        return std::make_unique<OpenAiClient>(config);
    throw JobDeskError(JobDeskError::Code::InvalidArgument,
                       QStringLiteral("provider \"") + config.name + QStringLiteral("\": unknown kind \"") + config.kind + u'"');
}

} // namespace jobdesk
