// The console's language: View > Language offers the system's, English and Tamil; the
// choice is saved and the next window speaks it (the catalogues embedded under :/i18n,
// the same the console loads); "system" follows the locale.

#include "UiFixture.h"

#include "ConsoleSettings.h"
#include "Format.h"
#include "models/ActionGuards.h"
#include "models/SidebarModel.h"
#include "support/IncidentReport.h"
#include "support/IncidentsModel.h"

#include <QAbstractItemDelegate>
#include <QAction>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QSplitter>
#include <QLineEdit>
#include <QStatusBar>
#include <QStyle>
#include <QTest>
#include <QTreeView>
#include <QXmlStreamReader>

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

// The sidebar's labels whose cell is narrower than the label needs (its delegate's
// size hint: the text in its font, the attention icon): those are drawn elided.
QStringList elidedSidebarLabels(QTreeView *sidebar)
{
    QStringList out;
    const QAbstractItemModel *model = sidebar->model();
    const QStyleOptionViewItem option = sidebarItemOption(sidebar);
    auto check = [&](const QModelIndex &index) {
        const int needs = sidebar->itemDelegateForIndex(index)->sizeHint(option, index).width();
        const int has = sidebar->visualRect(index).width();
        if (has < needs)
            out.append(QStringLiteral("%1 (%2 of %3 px)").arg(index.data().toString()).arg(has).arg(needs));
    };
    for (int s = 0; s < model->rowCount(); ++s) {
        const QModelIndex section = model->index(s, SidebarModel::TitleColumn);
        check(section);
        for (int e = 0; e < model->rowCount(section); ++e)
            check(model->index(e, SidebarModel::TitleColumn, section));
    }
    return out;
}

// Every entry with a count as large as a busy store shows (estimated: "≈ 1,234,567");
// the blocked jobs' entry then needs an operator: bold, with the attention icon.
void fillSidebarCounts(SidebarModel *model)
{
    for (int s = 0; s < model->rowCount(); ++s) {
        const QModelIndex section = model->index(s, SidebarModel::TitleColumn);
        model->setCount(section.data(SidebarModel::EntryIdRole).toString(), 1234567, SidebarModel::CountKind::Estimated);
        for (int e = 0; e < model->rowCount(section); ++e)
            model->setCount(model->index(e, 0, section).data(SidebarModel::EntryIdRole).toString(), 1234567,
                            SidebarModel::CountKind::Estimated);
    }
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

    // "1 CONFLICT", not "1 CONFLICTS" nor "2 CONFLICT": a count takes the
    // plural form of its number (tr with %n), in English and in Tamil.
    void aCountTakesThePluralFormOfItsNumber()
    {
        KeyIncident incident;
        incident.ownerId = QStringLiteral("u-7");
        incident.idempotencyKey = QStringLiteral("click-1");
        IncidentsModel model;
        auto conflicts = [&](int n) {
            incident.conflicts = n;
            model.setIncidents({incident});
            return model.data(model.index(0, IncidentsModel::ConflictsColumn)).toString();
        };
        ConsoleSettings::setLanguage(QStringLiteral("en"));
        ConsoleSettings::applyLanguage();
        QCOMPARE(conflicts(1), QStringLiteral("1 CONFLICT"));
        QCOMPARE(conflicts(2), QStringLiteral("2 CONFLICTS"));
        ConsoleSettings::setLanguage(QStringLiteral("ta"));
        ConsoleSettings::applyLanguage();
        const QString one = conflicts(1);
        const QString two = conflicts(2);
        QVERIFY2(one.startsWith(QStringLiteral("1 ")) && two.startsWith(QStringLiteral("2 ")), qPrintable(one + u'|' + two));
        QVERIFY2(one.mid(2) != two.mid(2), qPrintable(one + u'|' + two)); // Tamil has a form for one too
        QVERIFY2(!one.contains(QStringLiteral("(s)")) && !two.contains(QStringLiteral("(s)")), qPrintable(one + u'|' + two));
        // A system language the console has no catalogue for reads English,
        // plural forms included: the "C" locale of a server or a container
        // (LANG=C.UTF-8), or German.
        ConsoleSettings::setLanguage(QStringLiteral("system"));
        for (const QLocale &system : {QLocale::c(), QLocale(QLocale::German, QLocale::Germany)}) {
            QLocale::setDefault(system);
            ConsoleSettings::applyLanguage();
            QCOMPARE(conflicts(1), QStringLiteral("1 CONFLICT"));
            QCOMPARE(conflicts(2), QStringLiteral("2 CONFLICTS"));
        }
    }

    // Every count the console says in English reads as one thing or as many:
    // "1 unknown attempt.", "2 unknown attempts.", never "1 unknown
    // attempt(s).". Each plural source text of the English catalogue, as the
    // console translates it through the loaded catalogue.
    void everyCountInEnglishReadsAsOneOrAsMany()
    {
        QFile ts(QStringLiteral(JOBDESK_SOURCE_DIR "/translations/jobdesk_en.ts"));
        QVERIFY(ts.open(QIODevice::ReadOnly));
        ConsoleSettings::setLanguage(QStringLiteral("en"));
        ConsoleSettings::applyLanguage();
        QXmlStreamReader xml(&ts);
        QString context, source, comment;
        bool numerus = false;
        int counted = 0;
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isStartElement() && xml.name() == u"name")
                context = xml.readElementText();
            else if (xml.isStartElement() && xml.name() == u"message") {
                numerus = xml.attributes().value(QStringLiteral("numerus")) == QStringLiteral("yes");
                source.clear();
                comment.clear();
            } else if (xml.isStartElement() && xml.name() == u"source")
                source = xml.readElementText();
            else if (xml.isStartElement() && xml.name() == u"comment")
                comment = xml.readElementText();
            else if (xml.isEndElement() && xml.name() == u"message" && numerus) {
                const QByteArray c = context.toUtf8(), s = source.toUtf8(), d = comment.toUtf8();
                for (int n : {1, 2}) {
                    const QString said = QCoreApplication::translate(c.constData(), s.constData(),
                                                                     d.isEmpty() ? nullptr : d.constData(), n);
                    QVERIFY2(!said.contains(QStringLiteral("(s)")) && !said.contains(QStringLiteral("(es)")),
                             qPrintable(context + QStringLiteral(": ") + said));
                    QVERIFY2(said.contains(QString::number(n)) || !source.contains(QStringLiteral("%n")),
                             qPrintable(context + QStringLiteral(": ") + said));
                }
                ++counted;
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY2(counted >= 20, qPrintable(QString::number(counted)));
    }

    void systemIsTheDefault()
    {
        QSettings().remove(QStringLiteral("language"));
        QCOMPARE(ConsoleSettings::language(), QStringLiteral("system"));
        ConsoleSettings::setLanguage(QStringLiteral("klingon"));
        QCOMPARE(ConsoleSettings::language(), QStringLiteral("system"));
        QCOMPARE(ConsoleSettings::languages(), (QStringList{QStringLiteral("system"), QStringLiteral("en"), QStringLiteral("ta")}));
        QCOMPARE(ConsoleSettings::languageName(QStringLiteral("ta")), QStringLiteral("தமிழ் (Tamil)"));
        QCOMPARE(ConsoleSettings::languageName(QStringLiteral("en")), QStringLiteral("English"));
    }

    void choosingTamilInTheMenuPutsTheOpenWindowInTamilAndTheNextToo()
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
            QCOMPARE(tamil->text(), QStringLiteral("தமிழ் (Tamil)"));
            tamil->trigger();
            QVERIFY(tamil->isChecked());
            QVERIFY(!system->isChecked());
            QCOMPARE(QSettings().value(QStringLiteral("language")).toString(), QStringLiteral("ta"));
            // The open window speaks it at once, without a restart: its menus, its title, the
            // sidebar, the filters and the jobs table's header.
            QTRY_VERIFY2(menuTitles(*english.window).contains(QStringLiteral("காட்சி (&V)")),
                         qPrintable(menuTitles(*english.window).join(u' ')));
            QTRY_COMPARE(english.window->windowTitle(), QStringLiteral("JobDesk கட்டுப்பாட்டகம்"));
            const QModelIndex blocked = english.window->sidebarModel()->indexOfId(QStringLiteral("jobs/blocked"));
            QTRY_COMPARE(blocked.data().toString(), QStringLiteral("தடைப்பட்டது (BLOCKED)")); // on QEvent::LanguageChange
            const QString ownerHeader = english.jobs()->headerData(JobsModel::OwnerColumn, Qt::Horizontal).toString();
            QVERIFY2(ownerHeader != QStringLiteral("Owner"), qPrintable(ownerHeader));
            auto *owner = english.window->findChild<QLineEdit *>(QStringLiteral("ownerFilter"));
            QVERIFY2(owner->placeholderText() != QStringLiteral("Owner"), qPrintable(owner->placeholderText()));
            // And back, from the Tamil words.
            languageAction(*english.window, QStringLiteral("en"))->trigger();
            QTRY_VERIFY2(menuTitles(*english.window).contains(QStringLiteral("&View")), qPrintable(menuTitles(*english.window).join(u' ')));
            QCOMPARE(owner->placeholderText(), QStringLiteral("Owner"));
            QTRY_COMPARE(blocked.data().toString(), QStringLiteral("BLOCKED"));
            tamil->trigger();
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

        // Every sidebar label fits (Tamil words are long: "தடைப்பட்டது (BLOCKED)" in bold with its icon),
        // also after the operator drags the splitter as far left as it goes.
        tamil.window->resize(1280, 860);
        tamil.window->show();
        QVERIFY(QTest::qWaitForWindowExposed(tamil.window.get()));
        fillSidebarCounts(tamil.window->sidebarModel());
        auto *sidebar = tamil.window->findChild<QTreeView *>(QStringLiteral("sidebar"));
        QVERIFY(sidebar);
        QTRY_VERIFY2(elidedSidebarLabels(sidebar).isEmpty(), qPrintable(elidedSidebarLabels(sidebar).join(QStringLiteral("; "))));
        auto *splitter = tamil.window->findChild<QSplitter *>(QStringLiteral("mainSplitter"));
        QVERIFY(splitter);
        splitter->setSizes({10, 1270});
        QTRY_VERIFY2(elidedSidebarLabels(sidebar).isEmpty(), qPrintable(elidedSidebarLabels(sidebar).join(QStringLiteral("; "))));
        if (!qEnvironmentVariableIsEmpty("JOBDESK_TEST_SCREENSHOTS"))
            sidebar->grab().save(qEnvironmentVariable("JOBDESK_TEST_SCREENSHOTS") + QStringLiteral("/sidebar-ta.png"));

        // Back to English from the Tamil window.
        languageAction(*tamil.window, QStringLiteral("en"))->trigger();
        QCOMPARE(ConsoleSettings::language(), QStringLiteral("en"));
        QCOMPARE(ConsoleSettings::applyLanguage().language(), QLocale::English);
        QCOMPARE(Format::jobState(JobState::Blocked), QStringLiteral("BLOCKED"));
    }

    // The incident report's story of an attempt is Tamil throughout, the words
    // that join its steps too (they were English: "..., then ...").
    void anAttemptsStoryIsTamilThroughout()
    {
        JobDetail d;
        d.job.id = 7;
        Attempt a;
        a.id = 11;
        a.jobId = 7;
        a.attemptNo = 1;
        a.provider = QStringLiteral("stuck");
        a.state = AttemptState::Cancelled;
        a.createdAtMs = 1'700'000'000'000;
        d.attempts.append(a);
        auto event = [&](std::optional<AttemptState> from, AttemptState to, qint64 atMs, const QString &kind,
                         const QString &actor, const QString &reason) {
            AttemptEvent e;
            e.id = d.events.size() + 1;
            e.attemptId = a.id;
            e.fromState = from;
            e.toState = to;
            e.atMs = atMs;
            e.actorKind = kind;
            e.actorId = actor;
            e.reason = reason;
            d.events.append(e);
        };
        event(AttemptState::Starting, AttemptState::Running, a.createdAtMs + 10, QStringLiteral("worker"), QStringLiteral("w1"), {});
        event(AttemptState::Running, AttemptState::Unknown, a.createdAtMs + 30'010, QStringLiteral("worker"), QStringLiteral("w1"),
              QStringLiteral("connection reset"));
        event(AttemptState::Unknown, AttemptState::Cancelled, a.createdAtMs + 90'000, QStringLiteral("operator"),
              QStringLiteral("alice"), QStringLiteral("no charge"));
        ConsoleSettings::setLanguage(QStringLiteral("ta"));
        QCOMPARE(ConsoleSettings::applyLanguage().language(), QLocale::Tamil);
        const QString story = IncidentReport::attemptStory(a, d.events, d);
        QVERIFY2(story.contains(QStringLiteral("ரத்துசெய்யப்பட்டது")), qPrintable(story));
        QVERIFY2(!story.contains(QStringLiteral("then")), qPrintable(story));
        ConsoleSettings::setLanguage(QStringLiteral("en"));
        ConsoleSettings::applyLanguage();
        QCOMPARE(IncidentReport::attemptStory(a, d.events, d).count(QStringLiteral(", then ")), 2);
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
