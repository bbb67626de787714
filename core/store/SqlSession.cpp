#include "SqlSession.h"

#include "PgSession.h"
#include "SqliteSession.h"

#include "domain/Error.h"

#include <QRegularExpression>
#include <QUrl>

namespace jobdesk {

StoreUrl StoreUrl::parse(const QString &text)
{
    const QString t = text.trimmed();
    if (t.isEmpty())
        throw JobDeskError(JobDeskError::Code::InvalidArgument, QStringLiteral("empty database URL"));
    if (t.startsWith(QStringLiteral("postgresql://")) || t.startsWith(QStringLiteral("postgres://"))
        || t.contains(QRegularExpression(QStringLiteral("^(host|dbname|port|user)="))))
        return StoreUrl{Dialect::Postgres, {}, t};
    if (t.startsWith(QStringLiteral("sqlite:"))) {
        QString path = t.mid(7);
        if (path.startsWith(QStringLiteral("//")))
            path = path.mid(2); // sqlite:///abs/path -> /abs/path
        if (path.isEmpty())
            throw JobDeskError(JobDeskError::Code::InvalidArgument, QStringLiteral("sqlite: URL without a path"));
        return StoreUrl{Dialect::Sqlite, path, {}};
    }
    if (t.contains(QStringLiteral("://")))
        throw JobDeskError(JobDeskError::Code::InvalidArgument,
                           QStringLiteral("unsupported database URL scheme in '%1' (use sqlite:PATH or postgresql://...)")
                               .arg(t.section(QStringLiteral("://"), 0, 0)));
    return StoreUrl{Dialect::Sqlite, t, {}};
}

QString StoreUrl::toDisplayString() const
{
    if (dialect == Dialect::Sqlite)
        return QStringLiteral("sqlite:") + sqlitePath;
    QUrl u(postgresUrl);
    if (u.isValid() && !u.scheme().isEmpty()) {
        if (!u.password().isEmpty())
            u.setPassword(QStringLiteral("***"));
        return u.toString();
    }
    QString s = postgresUrl;
    s.replace(QRegularExpression(QStringLiteral("password=\\S+")), QStringLiteral("password=***"));
    return s;
}

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
