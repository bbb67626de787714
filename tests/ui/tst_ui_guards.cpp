// What keeps an operator's keys and clicks on what they see: the Job menu's
// actions (Ctrl+K, Ctrl+R, Ctrl+Shift+Del) act on the job in the detail view,
// so they are off while another view shows; a lost connection is said as
// such, not as a read-only role; no two things on one view, the menu bar
// included, answer the same Alt+letter; Ctrl+F, Ctrl+N and Ctrl+E work on the
// view that shows. Both stores.

#include "UiFixture.h"
#include "SupportScenario.h"

#include "dialogs/ActionDialogs.h"
#include "support/IncidentReportDialog.h"
#include "support/IncidentsModel.h"
#include "support/IncidentsView.h"
#include "support/SupportViews.h"
#include "views/JobDetailView.h"
#include "worklists/OperatorWorklists.h"
#include "worklists/UnknownQueueModel.h"
#include "worklists/UnknownQueueView.h"

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
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
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

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
    void aLostConnectionIsNotCalledReadOnly()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const auto [job, unknown] = blockedJob(*svc, QStringLiteral("guard-2"));
        std::atomic<bool> down{false};
        Console console(fastOptions(100));
        dropConnectionWhile(*console.client, down);
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
        JD_ONLY_ON("sqlite", "the views' mnemonics are the same on either store");
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

    // Ctrl+F and Ctrl+N work on the jobs view; from another view they put the
    // focus in, or the new jobs into, a view nobody saw. They bring it, with its filter.
    void findAndShowNewBringTheJobsView()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        submitJob(*svc, QStringLiteral("find-1"));
        Console console;
        console.open(store->url());
        console.window->showSidebarEntry(QStringLiteral("jobs/queued"));
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 1, 10000);
        console.window->showSidebarEntry(kUnknownQueueEntry);
        auto *find = console.window->findChild<QLineEdit *>(QStringLiteral("findEdit"));
        QVERIFY(find && !find->isVisible());
        action(console, "findAction")->trigger();
        QVERIFY(find->isVisible());
        QCOMPARE(console.window->findChild<QComboBox *>(QStringLiteral("stateFilter"))->currentData().toInt(),
                 int(JobState::Queued)); // the filter the operator chose stays

        console.window->showSidebarEntry(kRaceLossesEntry);
        const Job second = submitJob(*svc, QStringLiteral("find-2"));
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->pendingCount(), 1, 5000);
        action(console, "showNewJobsAction")->trigger();
        QVERIFY(console.table()->isVisible());
        QTRY_VERIFY(console.jobs()->findJob(second.id) && console.jobs()->pendingCount() == 0);
    }

    // Ctrl+E (Support > Export incident report) exports the job of the view that
    // shows: on "Duplicate clicks" the selected incident's, not the job left in
    // the hidden detail view; on a view with no job, nothing.
    void exportReportsTheIncidentInView()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const SupportScenario incident = runSupportScenario(*svc);
        const auto [other, unknown] = blockedJob(*svc, QStringLiteral("guard-5"));
        Console console;
        console.open(store->url());
        console.window->selectJob(other.id);
        QAction *report = action(console, "exportIncidentReportAction");
        QTRY_VERIFY_WITH_TIMEOUT(report->isEnabled(), 10000); // the detail's job

        console.window->showSidebarEntry(kUnknownQueueEntry);
        QVERIFY(!report->isEnabled()); // a view with no job to report
        console.window->showSidebarEntry(kIncidentsEntry);
        IncidentsView *incidents = supportViews(console.window.get()).incidents;
        QTRY_VERIFY_WITH_TIMEOUT(incidents->model()->rowOf(QStringLiteral("u-7"), QStringLiteral("click-1f2e")) >= 0, 10000);
        incidents->selectIncident(incidents->model()->rowOf(QStringLiteral("u-7"), QStringLiteral("click-1f2e")));
        QVERIFY(report->isEnabled());
        report->trigger();
        IncidentReportDialog *dialog = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((dialog = findTopLevel<IncidentReportDialog>(QStringLiteral("incidentReportDialog"))), 10000);
        QVERIFY2(dialog->markdown().contains(QStringLiteral("click-1f2e")), qPrintable(dialog->markdown().left(300)));
        QVERIFY2(!dialog->markdown().contains(QStringLiteral("guard-5")), qPrintable(dialog->markdown().left(300)));
        QVERIFY(incident.job.id != other.id);
        dialog->close();
    }

    // Connecting again (File > Connect, here to the same store) clears the
    // detail view once the new connection opened: Ctrl+E then has nothing to export and is off, as are the
    // Job menu's actions, until a job is shown again.
    void exportIsOffOnceAReconnectClearsTheDetail()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const auto [job, unknown] = blockedJob(*svc, QStringLiteral("guard-6"));
        Console console;
        console.open(store->url());
        console.window->selectJob(job.id);
        QAction *report = action(console, "exportIncidentReportAction");
        QTRY_VERIFY_WITH_TIMEOUT(report->isEnabled(), 10000);
        QVERIFY(action(console, "cancelAttemptAction")->isEnabled());

        // Once the new connection opened (the old one works until then).
        console.window->connectTo({QStringLiteral("again"), store->url(), false});
        QTRY_VERIFY_WITH_TIMEOUT(!console.window->detailView()->current(), 10000);
        QVERIFY(!report->isEnabled());
        QVERIFY(!action(console, "cancelAttemptAction")->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(console.client->isConnected() && console.jobs()->rowCount() == 1, 10000);
        QTest::qWait(200); // a poll or two: still nothing shown, nothing to export
        QVERIFY(!console.window->detailView()->current());
        QVERIFY(!report->isEnabled());

        console.window->selectJob(job.id);
        QTRY_VERIFY_WITH_TIMEOUT(report->isEnabled(), 10000);
    }

    // The cancel dialog said "the dispatcher starts the next attempt on the next
    // proven provider" even when none is left: the dispatcher then fails the job
    // (Dispatcher::nextProvider), and the operator expected it to go on by itself.
    void cancelSaysWhenNoProvenProviderIsLeft()
    {
        JD_NOT_A_STORE_TEST();
        Console console;
        DetailResult r;
        r.jobId = 4;
        JobDetail d;
        d.job.id = 4;
        d.job.route = QStringLiteral("translate");
        d.job.state = JobState::Blocked;
        d.job.maxAttempts = 3;
        Attempt a;
        a.id = 9;
        a.jobId = 4;
        a.attemptNo = 1;
        a.provider = QStringLiteral("stuck");
        a.state = AttemptState::Unknown;
        d.attempts.append(a);
        r.detail = d;
        auto choice = [](const QString &name, int chainIndex, bool proven) {
            ProviderChoice c;
            c.name = name;
            c.chainIndex = chainIndex;
            c.proven = proven;
            return c;
        };
        auto consequence = [&]() {
            auto *dialog = new CancelAttemptDialog(console.client.get(), r, a, console.window.get());
            const QString text = dialog->findChild<QLabel *>(QStringLiteral("consequenceLabel"))->text();
            delete dialog;
            return text;
        };
        // The chain's next one is not proven (its validation failed): none left.
        r.providers = {choice(QStringLiteral("stuck"), 0, false), choice(QStringLiteral("spare"), 1, false)};
        QString text = consequence();
        QVERIFY2(text.contains(QStringLiteral("no proven provider is left")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("starts the next attempt")), qPrintable(text));
        // A proven one after it: the dispatcher goes on.
        r.providers.append(choice(QStringLiteral("backup"), 2, true));
        text = consequence();
        QVERIFY2(text.contains(QStringLiteral("starts the next attempt on the next proven provider")), qPrintable(text));
        // A proven one earlier in the chain does not count: the chain only moves forward.
        r.providers = {choice(QStringLiteral("backup"), 0, true), choice(QStringLiteral("stuck"), 1, false)};
        QVERIFY2(consequence().contains(QStringLiteral("no proven provider is left")), qPrintable(consequence()));
    }
};

QTEST_MAIN(TestUiGuards)
#include "tst_ui_guards.moc"
