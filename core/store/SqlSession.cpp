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
        {"keepalives_count", "3"}, {"tcp_user_timeout", "60000"}, {"target_session_attrs", "primary"}};
    QString out = url.trimmed();
    const bool uri = out.startsWith(QLatin1String("postgresql://")) || out.startsWith(QLatin1String("postgres://"));
    // A URI's query is what follows its first '?' (a host list, user info
    // and path hold none unencoded); the added parameters join it.
    const qsizetype query = uri ? out.indexOf(u'?') : -1;
    for (const auto &[key, value] : kDefaults) {
        const QString k = QLatin1String(key);
        // Set already (a URI's query or a key=value pair): the URL's own value wins.
        const QString inUrl = uri ? (query < 0 ? QString() : out.mid(query)) : out;
        static const QString kBoundary = QStringLiteral("(^|[?&\\s])");
        if (QRegularExpression(kBoundary + k + QStringLiteral("\\s*=")).match(inUrl).hasMatch())
            continue;
        if (uri) {
            if (!out.contains(u'?'))
                out += u'?';
            else if (!out.endsWith(u'?') && !out.endsWith(u'&'))
                out += u'&';
            out += k + u'=' + QLatin1String(value);
        } else {
            out += u' ' + k + u'=' + QLatin1String(value);
        }
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
