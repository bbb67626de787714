#pragma once

// What the console remembers in QSettings: saved connections (never a
// password), the last one used, times in UTC or local time, the language and
// the theme.
// Window geometry,
// splitters and column layouts are saved by the main window itself.

#include <QList>
#include <QLocale>
#include <QString>
#include <QStringList>

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

    // The console's language: "system" (the default: follows the locale), "en" or "ta".
    static QString language();
    static void setLanguage(const QString &code); // anything else is saved as "system"
    static QStringList languages();               // the codes the console ships, "system" first
    static QString languageName(const QString &code); // in its own language ("தமிழ்"), for the menu
    // The locale the console's words follow for a language code (QLocale() for "system").
    static QLocale languageLocale(const QString &code);
    // Installs the console's catalogue (:/i18n/jobdesk_<lang>.qm) and Qt's own for the saved
    // language, replacing what an earlier call installed; windows made afterwards use it.
    // Returns the locale it followed.
    static QLocale applyLanguage();
    // The look: "system" (the default: the platform's style and colours), "light" or "dark"
    // (Fusion with a light or a dark palette).
    static QString theme();
    static void setTheme(const QString &code); // anything else is saved as "system"
    static QStringList themes();               // "system" first
    static QString themeName(const QString &code); // for the menu, translated
    // Applies the saved theme to the application (a running console changes at once).
    static void applyTheme();

    // The font families the console draws a language with, in order: the
    // system's, then for Tamil the first installed font that has Tamil
    // (none: the language's words would be empty boxes). applyLanguage() sets them.
    static QStringList fontFamilies(const QLocale &locale);

    // The URL without any password (URL userinfo or a conninfo password=...).
    static QString withoutPassword(const QString &url);
    // The URL with the password put in (for the connection only; never saved).
    static QString withPassword(const QString &url, const QString &password);
};

} // namespace jobdesk::ui
