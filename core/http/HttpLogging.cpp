#include "http/HttpLogging.h"

namespace jobdesk {
Q_LOGGING_CATEGORY(lcHttp, "jobdesk.http", QtInfoMsg)
} // namespace jobdesk
