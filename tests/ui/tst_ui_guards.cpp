// What keeps an operator's keys and clicks on what they see: the Job menu's
// actions (Ctrl+K, Ctrl+R, Ctrl+Shift+Del) act on the job in the detail view,
// so they are off while another view shows; a lost connection is said as
// such, not as a read-only role; and no two things on one view, the menu bar
// included, answer the same Alt+letter. Both stores.

#include "UiFixture.h"

#include "dialogs/ActionDialogs.h"
#include "support/SupportViews.h"
#include "views/JobDetailView.h"
#include "worklists/OperatorWorklists.h"
#include "worklists/UnknownQueueModel.h"
#include "worklists/UnknownQueueView.h"

#include <QAbstractButton>
#include <QAction>
#include <QLabel>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTest>

#include <atomic>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

namespace {

QAction *action(Console &console, const char *name)
{
    return console.window->findChild<QAction *>(QLatin1String(name));
}

// Every Alt+letter the window answers while this view shows: the menu bar's
// titles, the visible buttons' and the visible labels' with a buddy.
QMap<QString, QStringList> mnemonics(QMainWindow *window)
{
    QMap<QString, QStringList> out;
    auto add = [&](const QString &text, const QString &what) {
        const QKeySequence key = QKeySequence::mnemonic(text);
        if (!key.isEmpty())
            out[key.toString()].append(what);
    };
    for (QAction *a : window->menuBar()->actions())
        add(a->text(), QStringLiteral("menu \"%1\"").arg(a->text()));
    for (QAbstractButton *b : window->centralWidget()->findChildren<QAbstractButton *>())
        if (b->isVisible())
            add(b->text(), QStringLiteral("button \"%1\"").arg(b->text()));
    for (QLabel *l : window->centralWidget()->findChildren<QLabel *>())
        if (l->isVisible() && l->buddy())
            add(l->text(), QStringLiteral("label \"%1\"").arg(l->text()));
    return out;
}

} // namespace

class TestUiGuards : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { isolateSettings(); }

    void jobMenuActsOnlyWhileTheJobIsInView_data() { addBackendRows(); }
    void jobMenuActsOnlyWhileTheJobIsInView()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordDemoConfig(*svc);
        const auto [job, unknown] = blockedJob(*svc, QStringLiteral("guard-1"));
        Console console;
        console.open(store->url());
        console.window->selectJob(job.id);
        QTRY_VERIFY_WITH_TIMEOUT(console.window->detailView()->current() && console.window->detailView()->current()->detail,
                                 10000);
        QTRY_VERIFY(action(console, "cancelAttemptAction")->isEnabled());
        QVERIFY(action(console, "cancelJobAction")->isEnabled());

        // On the on-call worklist, Ctrl+K would cancel the hidden detail's attempt, not a row of the list.
        console.window->showSidebarEntry(kUnknownQueueEntry);
        auto *queue = console.window->findChild<UnknownQueueView *>(QStringLiteral("unknownQueueView"));
        QVERIFY(queue && queue->isVisible());
        for (const char *name : {"cancelAttemptAction", "retryAction", "cancelJobAction"})
            QVERIFY2(!action(console, name)->isEnabled(), name);
        QTest::keyClick(queue, Qt::Key_K, Qt::ControlModifier);
        QTest::qWait(50);
        QCOMPARE(findTopLevel<CancelAttemptDialog>(QStringLiteral("cancelAttemptDialog")), nullptr);
        console.window->showSidebarEntry(kIncidentsEntry);
        QVERIFY(!action(console, "cancelJobAction")->isEnabled());

        // Back on the job: as before.
        console.window->showSidebarEntry(QStringLiteral("jobs"));
        QVERIFY(action(console, "cancelAttemptAction")->isEnabled());
        QVERIFY(action(console, "cancelJobAction")->isEnabled());
        QVERIFY(!action(console, "retryAction")->isEnabled()); // blocked by the unknown attempt
        QCOMPARE(svc->auditLog(job.id).size(), 0);
    }

    // An operator whose connection dropped must not be told the role only reads:
    // they would log in again as someone else instead of waiting for the store.
    void aLostConnectionIsNotCalledReadOnly_data() { addBackendRows(); }
    void aLostConnectionIsNotCalledReadOnly()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const auto [job, unknown] = blockedJob(*svc, QStringLiteral("guard-2"));
        std::atomic<bool> down{false};
        Console console(fastOptions(100));
        console.client->setQueryHook([&](const char *what) {
            if (down.load())
                throw JobDeskError(JobDeskError::Code::StoreUnavailable,
                                   QStringLiteral("%1: connection to server lost (test)").arg(QLatin1String(what)));
        });
        console.open(store->url());
        console.window->selectJob(job.id);
        QTRY_VERIFY_WITH_TIMEOUT(console.window->detailView()->current() && console.window->detailView()->current()->detail,
                                 10000);
        ActionDialog *dialog = console.window->detailView()->openCancelAttempt();
        QVERIFY(dialog);
        dialog->findChild<QPlainTextEdit *>(QStringLiteral("reasonEdit"))->setPlainText(QStringLiteral("provider says no charge"));
        auto *ok = dialog->findChild<QPushButton *>(QStringLiteral("okButton"));
        QVERIFY(ok->isEnabled());
        QCOMPARE(ok->toolTip(), QString());
        console.window->showSidebarEntry(kUnknownQueueEntry);
        auto *queue = console.window->findChild<UnknownQueueView *>(QStringLiteral("unknownQueueView"));
        QTRY_COMPARE_WITH_TIMEOUT(queue->model()->rowCount(), 1, 10000);
        auto *cancelAll = queue->findChild<QPushButton *>(QStringLiteral("cancelAllShownButton"));
        QVERIFY(cancelAll->isEnabled());

        down = true;
        QTRY_VERIFY_WITH_TIMEOUT(console.client->isLost(), 3000);
        QVERIFY(!ok->isEnabled());
        QVERIFY(!cancelAll->isEnabled());
        for (const QString &tip : {ok->toolTip(), cancelAll->toolTip()}) {
            QVERIFY2(tip.contains(QStringLiteral("connection is lost")), qPrintable(tip));
            QVERIFY2(!tip.contains(QStringLiteral("may only read")), qPrintable(tip));
        }

        down = false;
        QTRY_VERIFY_WITH_TIMEOUT(!console.client->isLost(), 5000);
        QTRY_VERIFY(ok->isEnabled());
        QCOMPARE(ok->toolTip(), QString());
        QTRY_VERIFY(cancelAll->isEnabled());
        QCOMPARE(cancelAll->toolTip(), QString());
        dialog->reject();
    }

    // Alt+letter: a letter two things on one view answer is ambiguous (Qt then
    // only moves the focus between them): e.g. "Cancel &job…" beside the &Job menu.
    void everyViewsMnemonicsAreItsOwn()
    {
        FreshStore store(QStringLiteral("sqlite"));
        auto svc = store.open();
        recordDemoConfig(*svc);
        const auto [job, unknown] = blockedJob(*svc, QStringLiteral("guard-3"));
        Console console;
        console.open(store.url());
        console.window->selectJob(job.id);
        QTRY_VERIFY_WITH_TIMEOUT(console.window->detailView()->findChild<QPushButton *>(QStringLiteral("cancelJobButton")),
                                 10000);
        const QStringList views{QStringLiteral("jobs"), kUnknownQueueEntry, kRaceLossesEntry, kIncidentsEntry, kProvidersEntry,
                                kChartsEntry};
        for (const QString &id : views) {
            console.window->showSidebarEntry(id);
            QTest::qWait(100); // let a view that reads when shown lay itself out
            const QMap<QString, QStringList> keys = mnemonics(console.window.get());
            for (auto it = keys.cbegin(); it != keys.cend(); ++it)
                QVERIFY2(it.value().size() == 1, qPrintable(QStringLiteral("%1: %2 answer %3")
                                                                .arg(id, it.value().join(QStringLiteral(" and ")), it.key())));
        }
        // The detail view's other tabs too.
        console.window->showSidebarEntry(QStringLiteral("jobs"));
        for (auto tab : {JobDetailView::TimelineTab, JobDetailView::KeyHistoryTab, JobDetailView::EventsTab, JobDetailView::AuditTab}) {
            console.window->detailView()->setCurrentTab(tab);
            const QMap<QString, QStringList> keys = mnemonics(console.window.get());
            for (auto it = keys.cbegin(); it != keys.cend(); ++it)
                QVERIFY2(it.value().size() == 1, qPrintable(QStringLiteral("tab %1: %2 answer %3")
                                                                .arg(int(tab))
                                                                .arg(it.value().join(QStringLiteral(" and ")), it.key())));
        }
    }
};

QTEST_MAIN(TestUiGuards)
#include "tst_ui_guards.moc"
