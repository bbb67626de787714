// The console's language: View > Language offers the system's, English and Tamil; the
// choice is saved and the next window speaks it (the catalogues embedded under :/i18n,
// the same the console loads); "system" follows the locale.

#include "UiFixture.h"

#include "ConsoleSettings.h"
#include "Format.h"
#include "models/ActionGuards.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

namespace {

QStringList menuTitles(QMainWindow &w)
{
    QStringList out;
    for (QAction *a : w.menuBar()->actions())
        out.append(a->text());
    return out;
}

// Why a retry is refused, as the retry dialog and the detail view say it.
QString retryRefusal()
{
    JobDetail d;
    d.job.id = 4;
    d.job.state = JobState::Blocked;
    Attempt a;
    a.id = 9;
    a.jobId = 4;
    a.attemptNo = 1;
    a.provider = QStringLiteral("stuck");
    a.state = AttemptState::Unknown;
    d.attempts.append(a);
    return previewRetry(d).why;
}

QAction *languageAction(QMainWindow &w, const QString &code)
{
    return w.findChild<QAction *>(QStringLiteral("language_") + code);
}

} // namespace

class TestUiLanguage : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        isolateSettings();
        // A locale without a catalogue (CTest runs in C.UTF-8 anyway): "system" gives English.
        QLocale::setDefault(QLocale::c());
    }
    void cleanup()
    {
        QLocale::setDefault(QLocale::c());
        ConsoleSettings::setLanguage(QStringLiteral("system"));
        ConsoleSettings::applyLanguage();
    }

    void systemIsTheDefault()
    {
        QSettings().remove(QStringLiteral("language"));
        QCOMPARE(ConsoleSettings::language(), QStringLiteral("system"));
        ConsoleSettings::setLanguage(QStringLiteral("klingon"));
        QCOMPARE(ConsoleSettings::language(), QStringLiteral("system"));
        QCOMPARE(ConsoleSettings::languages(), (QStringList{QStringLiteral("system"), QStringLiteral("en"), QStringLiteral("ta")}));
        QCOMPARE(ConsoleSettings::languageName(QStringLiteral("ta")), QStringLiteral("தமிழ்"));
        QCOMPARE(ConsoleSettings::languageName(QStringLiteral("en")), QStringLiteral("English"));
    }

    void choosingTamilInTheMenuMakesTheNextWindowTamil()
    {
        ConsoleSettings::applyLanguage();
        {
            Console english;
            QVERIFY2(menuTitles(*english.window).contains(QStringLiteral("&View")), qPrintable(menuTitles(*english.window).join(u' ')));
            QCOMPARE(Format::jobState(JobState::Blocked), QStringLiteral("BLOCKED"));
            QVERIFY2(retryRefusal().startsWith(QStringLiteral("Retry is blocked by #1 (attempt 9 on stuck): UNKNOWN.")),
                     qPrintable(retryRefusal()));
            QAction *system = languageAction(*english.window, QStringLiteral("system"));
            QAction *tamil = languageAction(*english.window, QStringLiteral("ta"));
            QVERIFY(system && tamil && languageAction(*english.window, QStringLiteral("en")));
            QVERIFY(system->isChecked());
            QCOMPARE(tamil->text(), QStringLiteral("தமிழ்"));
            tamil->trigger();
            QVERIFY(tamil->isChecked());
            QVERIFY(!system->isChecked());
            QCOMPARE(QSettings().value(QStringLiteral("language")).toString(), QStringLiteral("ta"));
            // The window says when the choice takes effect.
            QVERIFY2(english.window->statusBar()->currentMessage().contains(QStringLiteral("starts again")),
                     qPrintable(english.window->statusBar()->currentMessage()));
        }

        // The next start: the saved choice picks the catalogue, the new window is Tamil.
        QCOMPARE(ConsoleSettings::applyLanguage().language(), QLocale::Tamil);
        Console tamil;
        const QStringList titles = menuTitles(*tamil.window);
        QVERIFY2(titles.contains(QStringLiteral("காட்சி (&V)")), qPrintable(titles.join(u' ')));
        QVERIFY2(titles.contains(QStringLiteral("வேலை (&J)")), qPrintable(titles.join(u' ')));
        QVERIFY(!titles.contains(QStringLiteral("&View")));
        QCOMPARE(tamil.window->windowTitle(), QStringLiteral("JobDesk கட்டுப்பாட்டகம்"));
        // State names keep the English word next to the Tamil one (what support staff and logs say).
        QCOMPARE(Format::jobState(JobState::Blocked), QStringLiteral("தடைப்பட்டது (BLOCKED)"));
        // What the guards say before an action, too (not only widgets' own words).
        QVERIFY2(retryRefusal().startsWith(QStringLiteral("மறுமுயற்சி #1 (stuck இல் முயற்சி 9) ஆல் தடுக்கப்பட்டுள்ளது")),
                 qPrintable(retryRefusal()));
        QVERIFY(languageAction(*tamil.window, QStringLiteral("ta"))->isChecked());

        // Back to English from the Tamil window.
        languageAction(*tamil.window, QStringLiteral("en"))->trigger();
        QCOMPARE(ConsoleSettings::language(), QStringLiteral("en"));
        QCOMPARE(ConsoleSettings::applyLanguage().language(), QLocale::English);
        QCOMPARE(Format::jobState(JobState::Blocked), QStringLiteral("BLOCKED"));
    }

    void systemFollowsTheLocale()
    {
        ConsoleSettings::setLanguage(QStringLiteral("system"));
        QLocale::setDefault(QLocale(QLocale::Tamil, QLocale::India));
        QCOMPARE(ConsoleSettings::applyLanguage().language(), QLocale::Tamil);
        QCOMPARE(Format::jobState(JobState::Blocked), QStringLiteral("தடைப்பட்டது (BLOCKED)"));
        {
            Console c;
            QVERIFY(menuTitles(*c.window).contains(QStringLiteral("காட்சி (&V)")));
            QVERIFY(languageAction(*c.window, QStringLiteral("system"))->isChecked());
        }

        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedKingdom));
        QCOMPARE(ConsoleSettings::applyLanguage().language(), QLocale::English);
        QCOMPARE(Format::jobState(JobState::Blocked), QStringLiteral("BLOCKED"));
    }

    void englishWinsOverATamilSystem()
    {
        QLocale::setDefault(QLocale(QLocale::Tamil, QLocale::India));
        ConsoleSettings::setLanguage(QStringLiteral("en"));
        QCOMPARE(ConsoleSettings::applyLanguage().language(), QLocale::English);
        Console c;
        QVERIFY(menuTitles(*c.window).contains(QStringLiteral("&View")));
        QCOMPARE(Format::jobState(JobState::Blocked), QStringLiteral("BLOCKED"));
    }
};

QTEST_MAIN(TestUiLanguage)
#include "tst_ui_language.moc"
