// jobdesk: the operations console.
//
//   jobdesk                          the last connection, or the connection dialog
//   jobdesk --database URL [--production]
//   jobdesk --demo [--reset]         the embedded demo on an SQLite file in the app data folder
//   jobdesk --demo --screenshots DIR [--screenshot-after SECONDS]

#include "ConsoleSettings.h"
#include "Format.h"
#include "StoreClient.h"
#include "demo/Demo.h"
#include "demo/Screenshots.h"
#include "views/MainWindow.h"

#include <QApplication>
#include <QByteArray>
#include <QCommandLineParser>
#include <QStatusBar>
#include <QTimer>

#include <cstdio>

using namespace jobdesk;
using namespace jobdesk::ui;

namespace {
// QCommandLineParser's own words (--help, --version, the headings, its errors), translated in
// jobdesk_<lang>.ts under Qt's context: Qt ships no Tamil catalogue for them.
[[maybe_unused]] const char *const kParserWords[] = {
    QT_TRANSLATE_NOOP("QCommandLineParser", "Displays help on commandline options."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Displays help including Qt specific options."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Displays version information."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Usage: %1"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Options:"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Arguments:"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "[options]"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Unknown option '%1'."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Unknown options: %1."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Missing value after '%1'."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Unexpected value after '%1'."),
};
// Qt's standard dialog buttons (the same reason). "Cancel" on a button that only closes a dialog
// must not read like the operator action "cancel".
[[maybe_unused]] const char *const kButtonWords[] = {
    QT_TRANSLATE_NOOP("QPlatformTheme", "OK"),     QT_TRANSLATE_NOOP("QPlatformTheme", "Cancel"),
    QT_TRANSLATE_NOOP("QPlatformTheme", "Close"),  QT_TRANSLATE_NOOP("QGnomeTheme", "&OK"),
    QT_TRANSLATE_NOOP("QGnomeTheme", "&Cancel"),   QT_TRANSLATE_NOOP("QGnomeTheme", "&Close"),
};

// The console's command line; described once for the GUI and for the
// text-only run below.
struct ConsoleOptions
{
    QCommandLineOption database{QStringLiteral("database"),
                                QCoreApplication::translate("main", "Connect to this store (sqlite:PATH or postgresql://...)."),
                                QStringLiteral("url")};
    QCommandLineOption production{QStringLiteral("production"),
                                  QCoreApplication::translate("main", "Mark the --database connection as production (red banner).")};
    QCommandLineOption demo{QStringLiteral("demo"),
                            QCoreApplication::translate("main", "Run the embedded demo: an SQLite file in the app data folder, the "
                                                                "dispatcher, fake providers and simulated users, all on loopback.")};
    QCommandLineOption reset{QStringLiteral("reset"), QCoreApplication::translate("main", "With --demo: start the demo over.")};
    QCommandLineOption screenshots{QStringLiteral("screenshots"),
                                   QCoreApplication::translate("main", "With --demo: write PNG screenshots into DIR, then exit."),
                                   QStringLiteral("dir")};
    QCommandLineOption screenshotAfter{QStringLiteral("screenshot-after"),
                                       QCoreApplication::translate("main", "Seconds the demo runs before the screenshots (default 20)."),
                                       QStringLiteral("seconds"), QStringLiteral("20")};

    void addTo(QCommandLineParser &parser) const
    {
        parser.setApplicationDescription(QCoreApplication::translate(
            "main", "JobDesk console: watch jobs and their attempts live, resolve unknown attempts, retry through the guards."));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addOptions({database, production, demo, reset, screenshots, screenshotAfter});
    }
};

void nameTheApplication()
{
    QCoreApplication::setOrganizationName(QStringLiteral("JobDesk"));
    QCoreApplication::setApplicationName(QStringLiteral("jobdesk"));
    QCoreApplication::setApplicationVersion(QStringLiteral(JOBDESK_VERSION));
}

// --help and --version only print: they run without a display, as every
// command-line program does (tst_ui_command_line).
bool onlyPrints(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        if (a == "-h" || a == "--help" || a == "-?" || a == "--help-all" || a == "-v" || a == "--version")
            return true;
    }
    return false;
}

int printHelpOrVersion(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    nameTheApplication();
    ConsoleSettings::applyLanguage();
    QCommandLineParser parser;
    const ConsoleOptions options;
    options.addTo(parser);
    parser.process(app); // prints and exits 0
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    if (onlyPrints(argc, argv))
        return printHelpOrVersion(argc, argv);
    QApplication app(argc, argv);
    nameTheApplication();
    // The language chosen in View > Language (default: the system locale's); the console's
    // catalogues are embedded under :/i18n (see packaging/), Qt's own come with Qt.
    ConsoleSettings::applyLanguage();
    ConsoleSettings::applyTheme(); // View > Theme: the platform's, or Fusion light or dark
    QGuiApplication::setApplicationDisplayName(QCoreApplication::translate("main", "JobDesk"));

    QCommandLineParser parser;
    const ConsoleOptions options;
    options.addTo(parser);
    const QCommandLineOption &database = options.database;
    const QCommandLineOption &production = options.production;
    const QCommandLineOption &demo = options.demo;
    const QCommandLineOption &reset = options.reset;
    const QCommandLineOption &screenshots = options.screenshots;
    const QCommandLineOption &screenshotAfter = options.screenshotAfter;
    parser.process(app);

    auto fail = [](const QString &message) {
        std::fprintf(stderr, "jobdesk: %s\n", qPrintable(message));
        return 2;
    };
    if ((parser.isSet(reset) || parser.isSet(screenshots)) && !parser.isSet(demo))
        return fail(QCoreApplication::translate("main", "--reset and --screenshots go with --demo"));
    if (parser.isSet(demo) && parser.isSet(database))
        return fail(QCoreApplication::translate("main", "--demo brings its own database; leave out --database"));
    bool okAfter = false;
    const int afterSeconds = parser.value(screenshotAfter).toInt(&okAfter);
    if (!okAfter || afterSeconds < 0 || afterSeconds > 3600)
        return fail(QCoreApplication::translate("main", "--screenshot-after must be 0..3600 seconds"));

    Format::setUtc(ConsoleSettings::utc());

    StoreClient client;
    std::unique_ptr<Demo> demoRun;
    MainWindow window(&client);

    // The demo, from --demo or from the connect dialog: started once, then connected to.
    // Only --demo exits when it cannot start; from the dialog the console stays where it was.
    auto startDemo = [&](bool exitOnFailure) {
        const StoreUrl url{Dialect::Sqlite, Demo::defaultDatabasePath(), {}};
        if (demoRun) {
            window.connectTo({QCoreApplication::translate("main", "demo"), url, false});
            return;
        }
        DemoOptions options;
        options.url = url;
        demoRun = std::make_unique<Demo>(options);
        QObject::connect(demoRun.get(), &Demo::ready, &window, [&window, url] {
            window.connectTo({QCoreApplication::translate("main", "demo"), url, false});
        });
        QObject::connect(demoRun.get(), &Demo::failed, &app, [&, exitOnFailure](const QString &message) {
            const QString text = QCoreApplication::translate("main", "the demo could not start: %1").arg(message);
            if (!exitOnFailure) {
                window.statusBar()->showMessage(text, 15000);
                return;
            }
            std::fprintf(stderr, "jobdesk: %s\n", qPrintable(text));
            QCoreApplication::exit(3);
        });
        QObject::connect(demoRun.get(), &Demo::incident, &window, [&window](const QString &what) {
            window.statusBar()->showMessage(QCoreApplication::translate("main", "Demo: %1").arg(what), 8000);
        });
        demoRun->start();
        window.statusBar()->showMessage(
            QCoreApplication::translate("main", "Starting the demo: fake providers on 127.0.0.1, contract validations, the dispatcher…"));
    };
    QObject::connect(&window, &MainWindow::demoRequested, &window, [&] { startDemo(false); });

    if (parser.isSet(demo)) {
        if (parser.isSet(reset)) {
            QString error;
            if (!Demo::resetDatabase(Demo::defaultDatabasePath(), &error))
                return fail(QCoreApplication::translate("main", "cannot start the demo over: %1").arg(error));
        }
        startDemo(true);
    } else if (parser.isSet(database)) {
        try {
            const StoreUrl url = StoreUrl::parse(parser.value(database));
            window.connectTo({url.toDisplayString(), url, parser.isSet(production)});
        } catch (const JobDeskError &e) {
            return fail(e.localizedMessage());
        }
    } else {
        bool connected = false;
        const QString last = ConsoleSettings::lastConnection();
        for (const SavedConnection &c : ConsoleSettings::connections()) {
            if (c.name != last || connected)
                continue;
            try {
                window.connectTo({c.name, StoreUrl::parse(c.url), c.production});
                connected = true;
            } catch (const JobDeskError &) {
            }
        }
        if (!connected)
            QTimer::singleShot(0, &window, &MainWindow::openConnectionDialog);
    }

    std::unique_ptr<Screenshots> shots;
    if (parser.isSet(screenshots)) {
        window.resize(1440, 900);
        shots = std::make_unique<Screenshots>(&window, parser.value(screenshots));
        QObject::connect(shots.get(), &Screenshots::finished, &app, [](bool ok, const QString &message) {
            std::fprintf(ok ? stdout : stderr, "jobdesk: %s\n", qPrintable(message));
            QCoreApplication::exit(ok ? 0 : 1);
        });
        QTimer::singleShot(afterSeconds * 1000, shots.get(), [s = shots.get()] { s->start(); });
    }

    window.show();
    return QApplication::exec();
}
