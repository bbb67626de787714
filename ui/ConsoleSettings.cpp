#include "ConsoleSettings.h"

#include "Retranslation.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QLibraryInfo>
#include <QRegularExpression>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>
#include <QTranslator>
#include <QUrl>

namespace jobdesk::ui {

namespace {
bool looksLikeUrl(const QString &s)
{
    return s.startsWith(QLatin1String("postgresql://")) || s.startsWith(QLatin1String("postgres://"));
}

// Of a postgresql:// URL: where its authority starts and where its user
// info's '@' is (-1: none); the authority ends at the path or the query.
std::pair<qsizetype, qsizetype> userInfo(const QString &s)
{
    const qsizetype start = s.indexOf(QLatin1String("://")) + 3;
    static const QRegularExpression pathOrQuery(QStringLiteral("[/?]"));
    qsizetype end = s.indexOf(pathOrQuery, start);
    if (end < 0)
        end = s.size();
    const qsizetype at = s.lastIndexOf(u'@', end - 1);
    return {start, at >= start ? at : -1};
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

QString ConsoleSettings::language()
{
    const QString code = QSettings().value(QStringLiteral("language")).toString();
    return languages().contains(code) ? code : QStringLiteral("system");
}

void ConsoleSettings::setLanguage(const QString &code)
{
    QSettings().setValue(QStringLiteral("language"), languages().contains(code) ? code : QStringLiteral("system"));
}

QStringList ConsoleSettings::languages()
{
    return {QStringLiteral("system"), QStringLiteral("en"), QStringLiteral("ta")};
}

QString ConsoleSettings::languageName(const QString &code)
{
    // Each language names itself, so an operator finds theirs whatever the console shows now.
    if (code == QLatin1String("en"))
        return QStringLiteral("English");
    if (code == QLatin1String("ta"))
        return QStringLiteral("தமிழ் (Tamil)"); // also read by whoever cannot read Tamil yet
    const QString name = QLocale().nativeLanguageName();
    return name.isEmpty() ? QCoreApplication::translate("ConsoleSettings", "System language")
                          : QCoreApplication::translate("ConsoleSettings", "System language (%1)").arg(name);
}

QLocale ConsoleSettings::languageLocale(const QString &code)
{
    if (code == QLatin1String("en"))
        return QLocale(QLocale::English, QLocale::UnitedStates);
    if (code == QLatin1String("ta"))
        return QLocale(QLocale::Tamil, QLocale::India);
    return QLocale();
}

QStringList ConsoleSettings::fontFamilies(const QLocale &locale)
{
    QStringList families{QGuiApplication::font().family()};
    if (locale.language() != QLocale::Tamil)
        return families;
    // The first installed font that draws Tamil (Debian: fonts-noto-core, fonts-lohit-taml).
    const QStringList installed = QFontDatabase::families(QFontDatabase::Tamil);
    for (const char *preferred : {"Noto Sans Tamil UI", "Noto Sans Tamil", "Lohit Tamil", "Lohit Tamil Classical"})
        if (installed.contains(QLatin1String(preferred))) {
            families.append(QLatin1String(preferred));
            return families;
        }
    if (!installed.isEmpty())
        families.append(installed.first());
    return families;
}

QLocale ConsoleSettings::applyLanguage()
{
    // Made once, kept for the program's life (the application holds pointers to installed ones).
    static QTranslator *const qt = new QTranslator;
    static QTranslator *const console = new RecordingTranslator; // what it translated is put in the next language

    QCoreApplication::removeTranslator(qt);
    QCoreApplication::removeTranslator(console);
    const QLocale locale = languageLocale(language());
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    // A system language the console has no catalogue for (German, or the
    // "C" locale of a server or a container) reads English: the English
    // catalogue, since the source texts leave the plural forms to it
    // ("%n CONFLICT(s)" is "1 CONFLICT" and "2 CONFLICTS" there).
    if (console->load(locale, QStringLiteral("jobdesk"), QStringLiteral("_"), QStringLiteral(":/i18n"))
        || console->load(QStringLiteral("jobdesk_en"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(console);
    // Tamil letters from a Tamil font, the rest from the system's: a font without
    // Tamil (DejaVu) would draw every word as empty boxes.
    if (qobject_cast<QGuiApplication *>(QCoreApplication::instance())) {
        static const QFont systemFont = QGuiApplication::font();
        QFont font = systemFont;
        QGuiApplication::setFont(font); // back to the system's before choosing again
        font.setFamilies(fontFamilies(locale));
        QGuiApplication::setFont(font);
    }
    // Windows already open speak the new language now, not after a restart.
    if (qobject_cast<QApplication *>(QCoreApplication::instance()))
        Retranslation::retranslateAll();
    return locale;
}

QString ConsoleSettings::theme()
{
    const QString code = QSettings().value(QStringLiteral("theme")).toString();
    return themes().contains(code) ? code : QStringLiteral("system");
}

void ConsoleSettings::setTheme(const QString &code)
{
    QSettings().setValue(QStringLiteral("theme"), themes().contains(code) ? code : QStringLiteral("system"));
}

QStringList ConsoleSettings::themes()
{
    return {QStringLiteral("system"), QStringLiteral("light"), QStringLiteral("dark")};
}

QString ConsoleSettings::themeName(const QString &code)
{
    if (code == QLatin1String("light"))
        return QCoreApplication::translate("ConsoleSettings", "&Light");
    if (code == QLatin1String("dark"))
        return QCoreApplication::translate("ConsoleSettings", "&Dark");
    return QCoreApplication::translate("ConsoleSettings", "&System");
}

namespace {
QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2b, 0x2b), base(0x1e, 0x1e, 0x1e), text(0xe8, 0xe8, 0xe8), dim(0x80, 0x80, 0x80);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x26, 0x26));
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3a, 0x3a));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, dim);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6e, 0x6e));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4a, 0x4a));
    p.setColor(QPalette::Midlight, QColor(0x40, 0x40, 0x40));
    p.setColor(QPalette::Mid, QColor(0x30, 0x30, 0x30));
    p.setColor(QPalette::Dark, QColor(0x18, 0x18, 0x18));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xb5));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb0, 0x8c, 0xff));
    for (QPalette::ColorRole r : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, r, dim);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x40, 0x40, 0x40));
    return p;
}
} // namespace

void ConsoleSettings::applyTheme()
{
    if (!qobject_cast<QApplication *>(QCoreApplication::instance()))
        return;
    // The platform's look, as the console started with it (made once).
    static const QString systemStyle = QApplication::style()->name();
    static const QPalette systemPalette = QApplication::palette();
    const QString code = theme();
    if (code == QLatin1String("system")) {
        if (QApplication::style()->name() != systemStyle)
            QApplication::setStyle(QStyleFactory::create(systemStyle));
        QApplication::setPalette(systemPalette);
        return;
    }
    if (QApplication::style()->name().compare(QLatin1String("fusion"), Qt::CaseInsensitive) != 0)
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(code == QLatin1String("dark") ? darkPalette() : QApplication::style()->standardPalette());
}

QString ConsoleSettings::withoutPassword(const QString &url)
{
    if (looksLikeUrl(url)) {
        // By hand, not with QUrl, which refuses or rewrites a host list
        // (postgresql://alice:pw@h1:5432,h2:5432/db).
        QString s = url;
        const auto [start, at] = userInfo(s);
        if (at >= 0) {
            const qsizetype colon = s.indexOf(u':', start);
            if (colon >= 0 && colon < at)
                s.remove(colon, at - colon);
        }
        // A password in the query string (?password=...) goes as well.
        static const QRegularExpression queryPassword(QStringLiteral("([?&])password=[^&]*&?"));
        s.replace(queryPassword, QStringLiteral("\\1"));
        if (s.endsWith(u'?') || s.endsWith(u'&'))
            s.chop(1);
        return s;
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
        QString s = withoutPassword(url);
        const auto [start, at] = userInfo(s);
        const QString encoded = QString::fromLatin1(QUrl::toPercentEncoding(password));
        if (at >= 0)
            s.insert(at, u':' + encoded);
        else
            s.insert(start, u':' + encoded + u'@');
        return s;
    }
    if (url.startsWith(QLatin1String("sqlite:")))
        return url;
    QString escaped = password;
    escaped.replace(u'\\', QStringLiteral("\\\\")).replace(u'\'', QStringLiteral("\\'"));
    return url + QStringLiteral(" password='") + escaped + u'\'';
}

} // namespace jobdesk::ui
