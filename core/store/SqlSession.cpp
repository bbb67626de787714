#include "SqlSession.h"

#include "PgSession.h"
#include "SqliteSession.h"

#include "domain/Error.h"

#include <QRegularExpression>

namespace jobdesk {

std::unique_ptr<SqlSession> openSqlSession(const StoreUrl &url)
{
    if (url.dialect == Dialect::Postgres)
        return std::make_unique<PgSession>(url.postgresUrl);
    return std::make_unique<SqliteSession>(url.sqlitePath, url.sqliteBusyTimeoutMs);
}

QString postgresConnectionString(const QString &url)
{
    static const std::pair<const char *, const char *> kDefaults[] = {
        {"connect_timeout", "10"}, {"keepalives_idle", "30"}, {"keepalives_interval", "10"},
        {"keepalives_count", "3"}, {"tcp_user_timeout", "60000"}};
    const bool uri = url.startsWith(QLatin1String("postgresql://")) || url.startsWith(QLatin1String("postgres://"));
    QString out = url.trimmed();
    for (const auto &[key, value] : kDefaults) {
        const QString k = QLatin1String(key);
        // Set already (a URI's query or a key=value pair): the URL's own value wins.
        static const QString kBoundary = QStringLiteral("(^|[?&\\s])");
        if (QRegularExpression(kBoundary + k + QStringLiteral("\\s*=")).match(out).hasMatch())
            continue;
        if (uri)
            out += (out.contains(u'?') ? u'&' : u'?') + k + u'=' + QLatin1String(value);
        else
            out += u' ' + k + u'=' + QLatin1String(value);
    }
    return out;
}

JobDeskError guardRefusal(const QString &what, const SqlError &e)
{
    const QString message = QStringLiteral("%1: %2").arg(what, e.message());
    if (const std::optional<RefusalText> text = refusal::fromCode(e.code(), e.detail(), e.message()))
        return JobDeskError(JobDeskError::Code::InvalidTransition, message, *text);
    return JobDeskError(JobDeskError::Code::InvalidTransition, message);
}

} // namespace jobdesk
