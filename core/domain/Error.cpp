#include "Error.h"

namespace jobdesk {

QString JobDeskError::localizedMessage() const
{
    return m_text.isNull() ? m_message : m_text.localized();
}

QString JobDeskError::codeName(Code code)
{
    switch (code) {
    case Code::InvalidArgument: return QStringLiteral("invalid_argument");
    case Code::NotFound: return QStringLiteral("not_found");
    case Code::Forbidden: return QStringLiteral("forbidden");
    case Code::InvalidTransition: return QStringLiteral("invalid_transition");
    case Code::StaleView: return QStringLiteral("stale_view");
    case Code::StoreUnavailable: return QStringLiteral("store_unavailable");
    case Code::StoreBusy: return QStringLiteral("store_busy");
    case Code::StoreError: return QStringLiteral("store_error");
    case Code::Migration: return QStringLiteral("migration");
    }
    return QStringLiteral("unknown");
}

} // namespace jobdesk
