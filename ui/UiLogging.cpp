#include "UiLogging.h"

namespace jobdesk::ui {
Q_LOGGING_CATEGORY(lcUi, "jobdesk.ui", QtInfoMsg)
} // namespace jobdesk::ui
