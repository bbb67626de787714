#pragma once

#include <QLoggingCategory>

namespace jobdesk::ui {
Q_DECLARE_LOGGING_CATEGORY(lcUi) // "jobdesk.ui": the console's models, views and its store worker
} // namespace jobdesk::ui
