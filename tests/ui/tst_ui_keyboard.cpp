// Every action from the keyboard where it applies, and words for a screen
// reader: the window's shortcuts work from the find box, Enter and Ctrl+K act
// in the unknown-attempts list, Ctrl+R on a job the guards refuse says why,
// Tab leaves a table, controls have accessible names and the time line a text
// description. Both stores.

#include "UiFixture.h"

#include "views/JobDetailView.h"
#include "views/Timeline.h"
#include "worklists/OperatorWorklists.h"
#include "worklists/UnknownQueueModel.h"
#include "worklists/UnknownQueueView.h"

#include <QAccessible>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

namespace {
// A console on the blocked job, shown and active (window shortcuts need an active window).
struct OnBlockedJob
{
    Console console;
    Job job;
    Attempt attempt;
};

void showActive(Console &console)
{
    console.window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(console.window.get()));
}

QStringList unnamedControls(QWidget *root)
{
    QStringList out;
    for (QWidget *w : root->findChildren<QWidget *>()) {
        if (!w->isVisibleTo(root) || !(w->focusPolicy() & Qt::TabFocus) || w->inherits("QScrollBar"))
            continue;
        QAccessibleInterface *a = QAccessible::queryAccessibleInterface(w);
        if (!a || a->text(QAccessible::Name).trimmed().isEmpty())
            out.append(w->objectName().isEmpty() ? QString::fromLatin1(w->metaObject()->className()) : w->objectName());
    }
    return out;
}
} // namespace

class TestUiKeyboard : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

    void theWindowsShortcutsWorkFromTheFindBox()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("report-me"));
        Console console;
        console.open(store->url());
        showActive(console);
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 1, 10000);
        console.window->selectJob(job.id);
        QTRY_VERIFY_WITH_TIMEOUT(console.window->detailView()->current().has_value(), 5000);
        auto *find = console.window->findChild<QLineEdit *>(QStringLiteral("findEdit"));
        // Where the platform's line edits own Ctrl+E (X11's keys: end of line) the box asks for it
        // first (ShortcutOverride); tst_ui_keyboard_x11 runs this test there, under xvfb-run.
        if (qEnvironmentVariableIsSet("JOBDESK_TEST_X11_KEYS"))
            QVERIFY2(QKeySequence::keyBindings(QKeySequence::MoveToEndOfLine).contains(QKeySequence(Qt::CTRL | Qt::Key_E)),
                     "this platform's line edits do not take Ctrl+E: the test would prove nothing");
        find->setFocus();
        QTRY_VERIFY(find->hasFocus());
        QAction *report = console.window->findChild<QAction *>(QStringLiteral("exportIncidentReportAction"));
        QVERIFY(report);
        QSignalSpy exported(report, &QAction::triggered);
        QTest::keyClick(find, Qt::Key_E, Qt::ControlModifier);
        QCOMPARE(exported.size(), 1);
        // The box still edits its own text with the keys it owns.
        QTest::keyClicks(find, QStringLiteral("ab"));
        QTest::keyClick(find, Qt::Key_A, Qt::ControlModifier);
        QCOMPARE(find->selectedText(), QStringLiteral("ab"));
        for (QWidget *w : QApplication::topLevelWidgets())
            if (w != console.window.get() && w->isVisible())
                w->close(); // the report's dialog
    }

    void enterAndCtrlKActInTheUnknownAttemptsList()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const auto [job, attempt] = blockedJob(*svc, QStringLiteral("stuck"));
        Console console;
        console.open(store->url());
        showActive(console);
        console.window->showSidebarEntry(kUnknownQueueEntry);
        auto *queue = console.window->findChild<UnknownQueueView *>(QStringLiteral("unknownQueueView"));
        QTRY_COMPARE_WITH_TIMEOUT(queue->model()->rowCount(), 1, 10000);
        queue->table()->setFocus();
        queue->table()->selectionModel()->setCurrentIndex(queue->model()->index(0, 0),
                                                         QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QTest::keyClick(queue->table(), Qt::Key_K, Qt::ControlModifier);
        QWidget *bulk = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((bulk = findTopLevel<QWidget>(QStringLiteral("bulkCancelDialog"))) != nullptr, 5000);
        bulk->close();
        queue->table()->setFocus();
        QTest::keyClick(queue->table(), Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(console.window->detailView()->jobId(), std::optional<qint64>(job.id), 5000);
        QVERIFY(console.window->jobsTable()->isVisible());
    }

    void ctrlROnABlockedJobSaysWhyNot()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const auto [job, attempt] = blockedJob(*svc, QStringLiteral("stuck"));
        Console console;
        console.open(store->url());
        showActive(console);
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 1, 10000);
        console.window->selectJob(job.id);
        QTRY_VERIFY_WITH_TIMEOUT(console.window->detailView()->current() && console.window->detailView()->current()->detail, 5000);
        QVERIFY(!console.window->findChild<QAction *>(QStringLiteral("retryAction"))->isEnabled());
        console.table()->setFocus();
        QTest::keyClick(console.table(), Qt::Key_R, Qt::ControlModifier);
        const QString said = console.window->statusBar()->currentMessage();
        QVERIFY2(said.contains(QStringLiteral("Retry refused for job %1").arg(job.id)) && said.contains(QStringLiteral("#1")),
                 qPrintable(said));
    }

    void tabLeavesATable()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        submitJob(*svc, QStringLiteral("a"));
        submitJob(*svc, QStringLiteral("b"));
        Console console;
        console.open(store->url());
        showActive(console);
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 2, 10000);
        console.table()->setFocus();
        console.table()->setCurrentIndex(console.jobs()->index(0, 0));
        QTRY_VERIFY(console.table()->hasFocus());
        QTest::keyClick(console.table(), Qt::Key_Tab);
        QVERIFY2(!console.table()->hasFocus(), "Tab stayed in the jobs table");
        for (QAbstractItemView *v : console.window->findChildren<QAbstractItemView *>())
            QVERIFY2(!v->tabKeyNavigation(), qPrintable(v->objectName()));
    }

    void controlsHaveAccessibleNamesAndTheTimeLineADescription()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const auto [job, attempt] = blockedJob(*svc, QStringLiteral("stuck"));
        Console console;
        console.open(store->url());
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 1, 10000);
        console.window->selectJob(job.id);
        QTRY_VERIFY_WITH_TIMEOUT(console.window->detailView()->current() && console.window->detailView()->current()->detail, 5000);
        const QStringList unnamed = unnamedControls(console.window->findChild<QWidget *>(QStringLiteral("jobsPage")));
        QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(u' ')));
        console.window->showSidebarEntry(kUnknownQueueEntry);
        auto *queue = console.window->findChild<UnknownQueueView *>(QStringLiteral("unknownQueueView"));
        QTRY_COMPARE_WITH_TIMEOUT(queue->model()->rowCount(), 1, 10000);
        const QStringList unnamedQueue = unnamedControls(queue);
        QVERIFY2(unnamedQueue.isEmpty(), qPrintable(unnamedQueue.join(u' ')));

        auto *timeline = console.window->findChild<TimelineWidget *>();
        QVERIFY(timeline);
        QAccessibleInterface *a = QAccessible::queryAccessibleInterface(timeline);
        QVERIFY(a);
        const QString description = a->text(QAccessible::Description);
        QVERIFY2(description.contains(QStringLiteral("#1")) && description.contains(QStringLiteral("UNKNOWN")), qPrintable(description));
        QVERIFY(!a->text(QAccessible::Name).isEmpty());
    }
};

QTEST_MAIN(TestUiKeyboard)
#include "tst_ui_keyboard.moc"
