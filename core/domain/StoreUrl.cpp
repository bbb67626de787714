#include "domain/StoreUrl.h"

#include "domain/Error.h"

#include <QRegularExpression>

namespace jobdesk {

StoreUrl StoreUrl::parse(const QString &text)
{
    const QString t = text.trimmed();
    if (t.isEmpty())
        throw JobDeskError(JobDeskError::Code::InvalidArgument, refusal::make("JD270"));
    // A URI (one host or several: postgresql://h1:5432,h2:5432/db?...) or
    // libpq's key=value form, which may start with any of its keywords.
    static const QRegularExpression keywordValue(QStringLiteral(
        "^(host|hostaddr|port|dbname|user|password|passfile|service|sslmode|target_session_attrs|connect_timeout|"
        "application_name|options)\\s*="));
    if (t.startsWith(QStringLiteral("postgresql://")) || t.startsWith(QStringLiteral("postgres://")) || keywordValue.match(t).hasMatch())
        return StoreUrl{Dialect::Postgres, {}, t};
    if (t.startsWith(QStringLiteral("sqlite:"))) {
        QString path = t.mid(7);
        if (path.startsWith(QStringLiteral("//")))
            path = path.mid(2); // sqlite:///abs/path -> /abs/path
        if (path.isEmpty())
            throw JobDeskError(JobDeskError::Code::InvalidArgument, refusal::make("JD271"));
        return StoreUrl{Dialect::Sqlite, path, {}};
    }
    if (t.contains(QStringLiteral("://")))
        throw JobDeskError(JobDeskError::Code::InvalidArgument, refusal::make("JD272", t.section(QStringLiteral("://"), 0, 0)));
    return StoreUrl{Dialect::Sqlite, t, {}};
}

QString StoreUrl::toDisplayString() const
{
    if (dialect == Dialect::Sqlite)
        return QStringLiteral("sqlite:") + sqlitePath;
    // As written, but for passwords: QUrl would refuse (or rewrite) a host
    // list such as postgresql://h1:5432,h2:5432/db.
    QString s = postgresUrl;
    static const QRegularExpression scheme(QStringLiteral("^postgres(ql)?://"));
    if (const QRegularExpressionMatch m = scheme.match(s); m.hasMatch()) {
        // user:password@ in the authority (before the path, the query and any '@' after them)
        const qsizetype start = m.capturedEnd();
        qsizetype end = s.indexOf(QRegularExpression(QStringLiteral("[/?]")), start);
        if (end < 0)
            end = s.size();
        const qsizetype at = s.lastIndexOf(u'@', end - 1);
        if (at >= start) {
            const qsizetype colon = s.indexOf(u':', start);
            if (colon >= 0 && colon < at)
                s.replace(colon + 1, at - colon - 1, QStringLiteral("***"));
        }
        static const QRegularExpression queryPassword(QStringLiteral("([?&]password=)[^&]*"));
        s.replace(queryPassword, QStringLiteral("\\1***"));
        return s;
    }
    static const QRegularExpression password(QStringLiteral("(password\\s*=\\s*)('(\\\\.|[^'])*'|\\S+)"));
    s.replace(password, QStringLiteral("\\1***"));
    return s;
}

} // namespace jobdesk
