#pragma once

// What the console remembers in QSettings: saved connections (never a
// password), the last one used, times in UTC or local time. Window geometry,
// splitters and column layouts are saved by the main window itself.

#include <QList>
#include <QString>

namespace jobdesk::ui {

struct SavedConnection
{
    QString name;
    QString url;          // sqlite:PATH or a PostgreSQL URL / conninfo, without a password
    bool production = false;
};

class ConsoleSettings
{
public:
    static QList<SavedConnection> connections();
    static void setConnections(const QList<SavedConnection> &connections); // passwords are stripped
    static void saveConnection(const SavedConnection &connection);         // adds or replaces by name
    static void removeConnection(const QString &name);
    static QString lastConnection();
    static void setLastConnection(const QString &name);
    static bool utc();
    static void setUtc(bool utc);

    // The URL without any password (URL userinfo or a conninfo password=...).
    static QString withoutPassword(const QString &url);
    // The URL with the password put in (for the connection only; never saved).
    static QString withPassword(const QString &url, const QString &password);
};

} // namespace jobdesk::ui
