#include "Logging.h"

namespace jobdesk {
Q_LOGGING_CATEGORY(lcStore, "jobdesk.store", QtInfoMsg)
Q_LOGGING_CATEGORY(lcService, "jobdesk.service", QtInfoMsg)
Q_LOGGING_CATEGORY(lcDispatch, "jobdesk.dispatch", QtInfoMsg)
Q_LOGGING_CATEGORY(lcProvider, "jobdesk.provider", QtInfoMsg)
} // namespace jobdesk
