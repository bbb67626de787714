#include "domain/StoreUrl.h"

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

} // namespace jobdesk
