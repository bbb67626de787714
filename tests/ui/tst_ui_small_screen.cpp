// A smaller screen (1024x700, the offscreen platform's configured screen):
// windows open inside it in English and in Tamil, dialogs too; the jobs
// table's columns, Attempts, Provider and Age among them, stay inside its
// viewport; View > Theme applies its palette and is remembered.

#include "UiFixture.h"

#include "ConsoleSettings.h"
#include "dialogs/ShortcutsDialog.h"
#include "support/SupportViews.h"
#include "views/ScreenFit.h"
#include "worklists/OperatorWorklists.h"

#include <QAction>
#include <QApplication>
#include <QHeaderView>
#include <QScreen>
#include <QSplitter>
#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

namespace {
void languages()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << QStringLiteral("en");
    QTest::newRow("Tamil") << QStringLiteral("ta");
}

QRect available()
{
    return QGuiApplication::primaryScreen()->availableGeometry();
}
} // namespace

class TestUiSmallScreen : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        isolateSettings();
        QCOMPARE(available().size(), QSize(1024, 700)); // the screen this test is about
    }
    void cleanup()
    {
        ConsoleSettings::setLanguage(QStringLiteral("en"));
        ConsoleSettings::applyLanguage();
    }

    void aRectangleIsMovedThenShrunkIntoTheScreen_data()
    {
        QTest::addColumn<QRect>("wanted");
        QTest::addColumn<QRect>("screen");
        QTest::addColumn<QRect>("fitted");
        QTest::newRow("fits") << QRect(10, 10, 800, 600) << QRect(0, 0, 1024, 700) << QRect(10, 10, 800, 600);
        QTest::newRow("Tamil, too wide") << QRect(0, 0, 2264, 900) << QRect(0, 0, 1600, 1000) << QRect(0, 0, 1600, 900);
        QTest::newRow("off to the right") << QRect(900, 100, 400, 300) << QRect(0, 0, 1024, 700) << QRect(624, 100, 400, 300);
        QTest::newRow("second screen, above") << QRect(1700, -50, 2000, 800) << QRect(1600, 0, 1280, 1000)
                                              << QRect(1600, 0, 1280, 800);
    }
    void aRectangleIsMovedThenShrunkIntoTheScreen()
    {
        QFETCH(QRect, wanted);
        QFETCH(QRect, screen);
        QFETCH(QRect, fitted);
        QCOMPARE(fitInto(wanted, screen), fitted);
    }

    void theWindowAndItsDialogsOpenInsideTheScreen_data() { languages(); }
    void theWindowAndItsDialogsOpenInsideTheScreen()
    {
        QFETCH(QString, language);
        ConsoleSettings::setLanguage(language);
        ConsoleSettings::applyLanguage();
        Console console;
        console.window->resize(1400, 900); // what it asks for on a big screen
        console.window->show();
        QVERIFY(QTest::qWaitForWindowExposed(console.window.get()));
        QVERIFY2(available().contains(console.window->frameGeometry()),
                 qPrintable(QStringLiteral("%1x%2").arg(console.window->width()).arg(console.window->height())));
        // Its layout fits too, on every view: nothing is squeezed below what it needs.
        for (const QString &view : {QStringLiteral("jobs"), kUnknownQueueEntry, kRaceLossesEntry, kIncidentsEntry,
                                    kProvidersEntry, kChartsEntry}) {
            console.window->showSidebarEntry(view);
            const int needs = console.window->centralWidget()->minimumSizeHint().width();
            QVERIFY2(needs <= console.window->width(), qPrintable(QStringLiteral("%1 needs %2 px").arg(view).arg(needs)));
        }
        ShortcutsDialog *keys = console.window->openShortcuts();
        QVERIFY(QTest::qWaitForWindowExposed(keys));
        QVERIFY(available().contains(keys->frameGeometry()));
        keys->close();
    }

    void theJobsColumnsStayInTheTableAt1024x700_data() { languages(); }
    void theJobsColumnsStayInTheTableAt1024x700()
    {
        QFETCH(QString, language);
        ConsoleSettings::setLanguage(language);
        ConsoleSettings::applyLanguage();
        FreshStore store(QStringLiteral("sqlite"));
        auto svc = store.open();
        recordDemoConfig(*svc);
        blockedJob(*svc, QStringLiteral("click-f369-a-rather-long-idempotency-key"));
        Console console;
        console.open(store.url(), false);
        console.window->resize(1024, 700);
        console.window->show();
        QVERIFY(QTest::qWaitForWindowExposed(console.window.get()));
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 1, 10000);
        QTRY_VERIFY(console.jobs()->index(0, JobsModel::ProviderColumn).data().toString() == QStringLiteral("primary"));
        QHeaderView *header = console.table()->horizontalHeader();
        const int viewport = console.table()->viewport()->width();
        for (int c = 0; c < JobsModel::ColumnCount; ++c) {
            const QString name = console.jobs()->headerData(c, Qt::Horizontal).toString();
            const int left = header->sectionViewportPosition(c);
            const int right = left + header->sectionSize(c);
            QVERIFY2(!header->isSectionHidden(c) && left >= 0 && right <= viewport,
                     qPrintable(QStringLiteral("%1: %2..%3 of %4 px").arg(name).arg(left).arg(right).arg(viewport)));
            // English labels read whole; Tamil's are longer than 1024 pixels hold (the key's is elided,
            // its tooltip whole).
            if (language == QLatin1String("en"))
                QVERIFY2(header->sectionSize(c) >= header->sectionSizeHint(c),
                     qPrintable(QStringLiteral("%1: %2 px, its label needs %3").arg(name).arg(header->sectionSize(c)).arg(header->sectionSizeHint(c))));
        }
        // The sidebar stepped aside for them; Ctrl+B (View > Sidebar) brings it back, and another
        // view has it at once.
        auto *sidebar = console.window->findChild<QWidget *>(QStringLiteral("sidebar"));
        auto *sidebarAction = console.window->findChild<QAction *>(QStringLiteral("sidebarAction"));
        QVERIFY(!sidebar->isVisible());
        QVERIFY(!sidebarAction->isChecked());
        console.window->showSidebarEntry(kUnknownQueueEntry);
        QVERIFY(sidebar->isVisible());
        console.window->showSidebarEntry(QStringLiteral("jobs"));
        QVERIFY(!sidebar->isVisible());
        sidebarAction->trigger();
        QVERIFY(sidebar->isVisible());
        sidebarAction->trigger();
        QVERIFY(!sidebar->isVisible());
        if (!qEnvironmentVariableIsEmpty("JOBDESK_TEST_SCREENSHOTS"))
            console.window->grab().save(qEnvironmentVariable("JOBDESK_TEST_SCREENSHOTS") + QStringLiteral("/small-")
                                        + language + QStringLiteral(".png"));
    }

    void aThemeAppliesItsPaletteAndIsRemembered()
    {
        Console console;
        const QColor systemWindow = QApplication::palette().color(QPalette::Window);
        auto theme = [&](const QString &code) {
            auto *a = console.window->findChild<QAction *>(QStringLiteral("theme_") + code);
            QVERIFY(a);
            a->trigger();
            QVERIFY(a->isChecked());
        };
        theme(QStringLiteral("dark"));
        QCOMPARE(ConsoleSettings::theme(), QStringLiteral("dark"));
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 80);
        QVERIFY(QApplication::palette().color(QPalette::WindowText).lightness() > 180);
        QCOMPARE(QApplication::style()->name().toLower(), QStringLiteral("fusion"));
        // The widgets draw with it.
        QTRY_COMPARE(console.table()->palette().color(QPalette::Base), QApplication::palette().color(QPalette::Base));
        theme(QStringLiteral("light"));
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() > 180);
        QVERIFY(QApplication::palette().color(QPalette::WindowText).lightness() < 80);
        // A new window (the next start) finds it checked.
        {
            Console next;
            QVERIFY(next.window->findChild<QAction *>(QStringLiteral("theme_light"))->isChecked());
        }
        theme(QStringLiteral("system"));
        QCOMPARE(QApplication::palette().color(QPalette::Window), systemWindow);
    }
};

int main(int argc, char *argv[])
{
    // A 1024x700 screen (the offscreen platform reads its screens from a file).
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" JOBDESK_SMALL_SCREEN);
    QApplication app(argc, argv);
    TestUiSmallScreen test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_ui_small_screen.moc"
