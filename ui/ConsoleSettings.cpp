#include "ConsoleSettings.h"

#include <QRegularExpression>
#include <QSettings>
#include <QUrl>

namespace jobdesk::ui {

namespace {
bool looksLikeUrl(const QString &s)
{
    return s.startsWith(QLatin1String("postgresql://")) || s.startsWith(QLatin1String("postgres://"));
}
} // namespace

QList<SavedConnection> ConsoleSettings::connections()
{
    QSettings s;
    QList<SavedConnection> out;
    const int n = s.beginReadArray(QStringLiteral("connections"));
    for (int i = 0; i < n; ++i) {
        s.setArrayIndex(i);
        out.append({s.value(QStringLiteral("name")).toString(), withoutPassword(s.value(QStringLiteral("url")).toString()),
                    s.value(QStringLiteral("production")).toBool()});
    }
    s.endArray();
    return out;
}

void ConsoleSettings::setConnections(const QList<SavedConnection> &connections)
{
    QSettings s;
    s.remove(QStringLiteral("connections"));
    s.beginWriteArray(QStringLiteral("connections"), static_cast<int>(connections.size()));
    for (int i = 0; i < connections.size(); ++i) {
        s.setArrayIndex(i);
        s.setValue(QStringLiteral("name"), connections.at(i).name);
        s.setValue(QStringLiteral("url"), withoutPassword(connections.at(i).url));
        s.setValue(QStringLiteral("production"), connections.at(i).production);
    }
    s.endArray();
}

void ConsoleSettings::saveConnection(const SavedConnection &connection)
{
    QList<SavedConnection> all = connections();
    bool replaced = false;
    for (SavedConnection &c : all) {
        if (c.name == connection.name) {
            c = connection;
            replaced = true;
        }
    }
    if (!replaced)
        all.append(connection);
    setConnections(all);
}

void ConsoleSettings::removeConnection(const QString &name)
{
    QList<SavedConnection> all = connections();
    all.removeIf([&](const SavedConnection &c) { return c.name == name; });
    setConnections(all);
}

QString ConsoleSettings::lastConnection()
{
    return QSettings().value(QStringLiteral("lastConnection")).toString();
}

void ConsoleSettings::setLastConnection(const QString &name)
{
    QSettings().setValue(QStringLiteral("lastConnection"), name);
}

bool ConsoleSettings::utc()
{
    return QSettings().value(QStringLiteral("timesInUtc"), false).toBool();
}

void ConsoleSettings::setUtc(bool utc)
{
    QSettings().setValue(QStringLiteral("timesInUtc"), utc);
}

QString ConsoleSettings::withoutPassword(const QString &url)
{
    if (looksLikeUrl(url)) {
        QUrl u(url);
        if (u.isValid()) {
            u.setPassword(QString());
            QString s = u.toString();
            // A password in the query string (?password=...) goes as well.
            static const QRegularExpression queryPassword(QStringLiteral("([?&])password=[^&]*&?"));
            s.replace(queryPassword, QStringLiteral("\\1"));
            if (s.endsWith(u'?') || s.endsWith(u'&'))
                s.chop(1);
            return s;
        }
    }
    static const QRegularExpression conninfoPassword(QStringLiteral("\\s*password\\s*=\\s*('(?:[^'\\\\]|\\\\.)*'|\\S+)"));
    QString s = url;
    s.remove(conninfoPassword);
    return s.trimmed();
}

QString ConsoleSettings::withPassword(const QString &url, const QString &password)
{
    if (password.isEmpty())
        return url;
    if (looksLikeUrl(url)) {
        QUrl u(url);
        u.setPassword(password);
        return u.toString();
    }
    if (url.startsWith(QLatin1String("sqlite:")))
        return url;
    QString escaped = password;
    escaped.replace(u'\\', QStringLiteral("\\\\")).replace(u'\'', QStringLiteral("\\'"));
    return url + QStringLiteral(" password='") + escaped + u'\'';
}

} // namespace jobdesk::ui
