#pragma once

// The API's OpenAPI document (docs/openapi.yaml, as docs/openapi.json built
// into the program as a Qt resource), served at GET /v1/openapi.json.

#include <QByteArray>

namespace jobdesk {

const QByteArray &openApiJson();

} // namespace jobdesk
