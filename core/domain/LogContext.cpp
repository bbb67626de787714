#include "domain/LogContext.h"

#include <utility>

namespace jobdesk {
namespace {
thread_local LogContext t_context;
} // namespace

const LogContext &currentLogContext() { return t_context; }

LogScope::LogScope(LogContext context)
    : m_previous(std::exchange(t_context, std::move(context)))
{
}

LogScope::~LogScope() { t_context = std::move(m_previous); }

} // namespace jobdesk
