#pragma once

// One place that turns a ProviderConfig's "kind" into a client. To add a kind:
// implement ProviderClient (see ProviderClient.h), add the kind to
// providerKinds() and construct it in makeProviderClient().

#include "provider/ProviderClient.h"
#include "provider/Route.h"

#include <QStringList>

#include <memory>

namespace jobdesk {

QStringList providerKinds(); // "openai", "fake"

// Throws JobDeskError(InvalidArgument) for an unknown kind.
std::unique_ptr<ProviderClient> makeProviderClient(const ProviderConfig &);

} // namespace jobdesk
