// Finding jobs: the filters apply as you type (after a pause, without Enter),
// the find box matches keys by prefix, the line above the table says which
// filters are on and why an empty table is empty, and the sidebar marks the
// state the table shows however it was chosen. Both stores.

#include "UiFixture.h"

#include "models/SidebarModel.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

class TestUiFind : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

    void typingAKeysStartFiltersWithoutEnter()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job wanted = submitJob(*svc, QStringLiteral("click-f369a1"));
        const Job also = submitJob(*svc, QStringLiteral("click-f369b2"));
        submitJob(*svc, QStringLiteral("click-g000"));
        submitJob(*svc, QStringLiteral("other"));
        Console console;
        console.open(store->url());
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 4, 10000);
        auto *find = console.window->findChild<QLineEdit *>(QStringLiteral("findEdit"));
        find->setFocus();
        QTest::keyClicks(find, QStringLiteral("click-f369")); // no Enter
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 2, 5000);
        QCOMPARE(console.jobs()->filter().keyPrefix, QStringLiteral("click-f369"));
        QSet<qint64> ids{console.jobs()->rowAt(0)->job.id, console.jobs()->rowAt(1)->job.id};
        QCOMPARE(ids, (QSet<qint64>{wanted.id, also.id}));
        QVERIFY2(console.window->filterSummary()->text().contains(QStringLiteral("key starts with \"click-f369\"")),
                 qPrintable(console.window->filterSummary()->text()));
        // Clearing the box shows every job again, still without Enter.
        find->selectAll();
        QTest::keyClick(find, Qt::Key_Backspace);
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 4, 5000);
        QVERIFY(console.window->filterSummary()->text().contains(QStringLiteral("No filter")));
        // The owner box as well.
        auto *owner = console.window->findChild<QLineEdit *>(QStringLiteral("ownerFilter"));
        owner->setFocus();
        QTest::keyClicks(owner, QStringLiteral("nobody"));
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->filter().ownerId, QStringLiteral("nobody"), 5000);
    }

    void anEmptyTableSaysWhichFilterHidesTheMatches()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        submitJob(*svc, QStringLiteral("click-f369")); // queued, not blocked
        blockedJob(*svc, QStringLiteral("stuck-1"));
        Console console;
        console.open(store->url());
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 2, 10000);
        console.window->showSidebarEntry(QStringLiteral("jobs/blocked"));
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 1, 5000);
        console.window->find(QStringLiteral("click-f369"));
        QTRY_VERIFY_WITH_TIMEOUT(console.window->filterSummary()->text().contains(QStringLiteral("hides")), 5000);
        const QString summary = console.window->filterSummary()->text();
        QVERIFY2(summary.contains(QStringLiteral("No jobs: the BLOCKED filter hides 1 match")), qPrintable(summary));
        auto *status = console.window->findChild<QLabel *>(QStringLiteral("statusText"));
        QVERIFY2(!status->text().contains(QStringLiteral("All 0")), qPrintable(status->text()));
        QVERIFY2(status->text().contains(QStringLiteral("BLOCKED filter hides")), qPrintable(status->text()));
        // A key nobody sent: said so, not an empty table.
        auto *state = console.window->findChild<QComboBox *>(QStringLiteral("stateFilter"));
        state->setCurrentIndex(0);
        console.window->find(QStringLiteral("nope"));
        QTRY_VERIFY_WITH_TIMEOUT(console.window->filterSummary()->text().contains(QStringLiteral("no idempotency key starts with \"nope\"")),
                                 5000);
    }

    void theSidebarFollowsTheStateFilter()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        blockedJob(*svc, QStringLiteral("stuck-1"));
        Console console;
        console.open(store->url());
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 1, 10000);
        auto *sidebar = console.window->findChild<QTreeView *>(QStringLiteral("sidebar"));
        console.window->showSidebarEntry(QStringLiteral("jobs/blocked"));
        const QModelIndex blocked = console.window->sidebarModel()->indexOfId(QStringLiteral("jobs/blocked"));
        QCOMPARE(sidebar->currentIndex(), blocked);
        auto *state = console.window->findChild<QComboBox *>(QStringLiteral("stateFilter"));
        state->setCurrentIndex(state->findData(static_cast<int>(JobState::Queued)));
        const QModelIndex queued = console.window->sidebarModel()->indexOfId(QStringLiteral("jobs/queued"));
        QCOMPARE(sidebar->currentIndex(), queued);
        QVERIFY(sidebar->selectionModel()->isSelected(queued));
        QVERIFY(!sidebar->selectionModel()->isSelected(blocked));
        QCOMPARE(console.jobs()->filter().states, QList<JobState>{JobState::Queued});
        state->setCurrentIndex(0); // any state: the Jobs section
        QCOMPARE(sidebar->currentIndex(), console.window->sidebarModel()->indexOfId(QStringLiteral("jobs")));
    }
};

QTEST_MAIN(TestUiFind)
#include "tst_ui_find.moc"
