#pragma once

#include <QLoggingCategory>

namespace jobdesk {
// The HTTP API (core/http/): one category for the module. Request lines are
// logged at debug level; a token or an Authorization header never is.
Q_DECLARE_LOGGING_CATEGORY(lcHttp)
} // namespace jobdesk
