// What the console says about what it shows: the status bar's message belongs
// to the view that is showing (a hidden view's changes never overwrite it; back
// on a view, its current message), a failed read of the jobs table stays said
// until a read succeeds, a worklist filtered by provider says which share
// of the sidebar's count it shows, and F5 reads the showing worklist again.
// Both stores.

#include "SupportScenario.h"
#include "UiFixture.h"

#include "models/SidebarModel.h"
#include "support/ChartsView.h"
#include "support/IncidentsView.h"
#include "support/ProvidersView.h"
#include "support/SupportViews.h"
#include "worklists/OperatorWorklists.h"
#include "worklists/UnknownQueueModel.h"
#include "worklists/UnknownQueueView.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QStatusBar>
#include <QTest>

#include <atomic>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

namespace {

const Actor kWorker = Actor::worker(QStringLiteral("w1"));

// The status bar's own line (showMessage covers it for a few seconds; it stays underneath).
QString statusLine(Console &console)
{
    auto *label = console.window->findChild<QLabel *>(QStringLiteral("statusText"));
    return label ? label->text() : QStringLiteral("(no status label)");
}

qint64 sidebarCount(Console &console, const QString &id)
{
    SidebarModel *s = console.window->sidebarModel();
    return s->data(s->indexOfId(id, SidebarModel::CountColumn), SidebarModel::CountRole).toLongLong();
}

Attempt unknownAttempt(JobService &svc, const QString &key, const QString &provider)
{
    const Job job = submitJob(svc, key);
    const Attempt a = startRunning(svc, job.id, provider);
    return svc.markUnknown(a.id, kWorker, QStringLiteral("deadline passed"));
}

} // namespace

class TestUiStatus : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

    void statusBarSaysTheShowingViewsMessage()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        submitJob(*svc, QStringLiteral("status-1"));
        submitJob(*svc, QStringLiteral("status-2"));
        Console console;
        console.open(store->url());
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 2, 10000);
        QTRY_COMPARE(statusLine(console), QStringLiteral("All 2 matching job(s) shown."));

        // Another view: not the jobs view's message (the worklist says its own on its page).
        console.window->showSidebarEntry(kUnknownQueueEntry);
        QCOMPARE(statusLine(console), QString());
        // The hidden jobs view's data changes: a new job arrives behind its "new jobs" bar ...
        const Job third = submitJob(*svc, QStringLiteral("status-3"));
        QTRY_COMPARE_WITH_TIMEOUT(sidebarCount(console, QStringLiteral("jobs")), qint64(3), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->pendingCount(), 1, 5000);
        // ... and its message follows (polls go on), but only its own view shows it.
        QTest::qWait(400);
        QCOMPARE(statusLine(console), QString());
        auto *queue = console.window->findChild<QLabel *>(QStringLiteral("queueStatus"));
        QVERIFY(queue && queue->isVisible());
        QTRY_COMPARE(queue->text(), QStringLiteral("0 unknown attempt(s)."));

        // Back on the jobs view: its message as it is now. Not "all shown" while one waits.
        console.window->showSidebarEntry(QStringLiteral("jobs"));
        QCOMPARE(statusLine(console), QStringLiteral("2 job(s) shown. 1 new job(s) wait above the table (Ctrl+N shows them)."));
        // Its data refreshes: its message too.
        console.window->newJobsBar()->click();
        QTRY_COMPARE(statusLine(console), QStringLiteral("All 3 matching job(s) shown."));

        // Transient messages still come and go over it.
        console.window->selectJob(third.id);
        QTRY_VERIFY(console.window->selectedJob() == third.id);
        console.window->findChild<QAction *>(QStringLiteral("copyIdAction"))->trigger();
        QCOMPARE(console.window->statusBar()->currentMessage(), QStringLiteral("Copied %1").arg(third.id));
        QCOMPARE(statusLine(console), QStringLiteral("All 3 matching job(s) shown."));
        console.window->statusBar()->clearMessage();

        // A view with nothing to say leaves the line empty, and the jobs view's comes back with it.
        console.window->showSidebarEntry(kRaceLossesEntry);
        QCOMPARE(statusLine(console), QString());
        console.window->showSidebarEntry(QStringLiteral("jobs/queued"));
        QTRY_COMPARE(statusLine(console), QStringLiteral("All 3 matching job(s) shown."));
    }

    // A read of the jobs table that fails says so until a read succeeds: the
    // polls that follow (they read counts, not the table) must not turn it
    // into "All 0 matching job(s) shown", as if the store had no jobs.
    void aFailedReadOfTheJobsStaysSaid()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        submitJob(*svc, QStringLiteral("fail-1"));
        std::atomic<bool> failPages{true};
        Console console;
        console.client->setQueryHook([&](const char *what) {
            if (failPages.load() && qstrcmp(what, "jobs page") == 0)
                throw JobDeskError(JobDeskError::Code::StoreError, QStringLiteral("canceling statement due to statement timeout (test)"));
        });
        console.open(store->url());
        QTRY_VERIFY_WITH_TIMEOUT(statusLine(console).startsWith(QStringLiteral("Could not read jobs: ")), 10000);
        QVERIFY2(statusLine(console).contains(QStringLiteral("statement timeout")), qPrintable(statusLine(console)));
        QVERIFY2(statusLine(console).contains(QStringLiteral("F5")), qPrintable(statusLine(console))); // what to do
        // Polls go on and see a new job (the sidebar counts it): the failure is still what the line says.
        submitJob(*svc, QStringLiteral("fail-2"));
        QTRY_COMPARE_WITH_TIMEOUT(sidebarCount(console, QStringLiteral("jobs")), qint64(2), 5000);
        QTest::qWait(400);
        QVERIFY2(statusLine(console).startsWith(QStringLiteral("Could not read jobs: ")), qPrintable(statusLine(console)));

        // F5 once the store answers: the table and the line.
        failPages = false;
        console.window->refresh();
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 2, 5000);
        QTRY_COMPARE(statusLine(console), QStringLiteral("All 2 matching job(s) shown."));
    }

    // The sidebar counts the whole on-call queue; the page filtered by provider
    // says it shows a share of that count, not a count of its own that disagrees.
    void aFilteredQueueSaysItsShareOfTheSidebarsCount()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        unknownAttempt(*svc, QStringLiteral("share-1"), QStringLiteral("primary"));
        unknownAttempt(*svc, QStringLiteral("share-2"), QStringLiteral("primary"));
        unknownAttempt(*svc, QStringLiteral("share-3"), QStringLiteral("fallback"));
        Console console;
        console.open(store->url());
        console.window->showSidebarEntry(kUnknownQueueEntry);
        auto *view = console.window->findChild<UnknownQueueView *>(QStringLiteral("unknownQueueView"));
        QVERIFY(view && view->isVisible());
        auto *status = view->findChild<QLabel *>(QStringLiteral("queueStatus"));
        QVERIFY(status);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 3, 10000);
        QCOMPARE(status->text(), QStringLiteral("3 unknown attempt(s)."));
        QTRY_COMPARE(sidebarCount(console, kUnknownQueueEntry), qint64(3));

        auto *provider = view->findChild<QComboBox *>(QStringLiteral("providerFilter"));
        provider->setCurrentIndex(provider->findData(QStringLiteral("fallback")));
        QCOMPARE(view->model()->rowCount(), 1);
        QCOMPARE(status->text(), QStringLiteral("1 of 3 unknown attempt(s) shown: those on provider fallback."));
        QCOMPARE(sidebarCount(console, kUnknownQueueEntry), qint64(3));
        // Live: another one elsewhere moves the whole count, and the line with it.
        unknownAttempt(*svc, QStringLiteral("share-4"), QStringLiteral("primary"));
        QTRY_COMPARE_WITH_TIMEOUT(sidebarCount(console, kUnknownQueueEntry), qint64(4), 5000);
        QTRY_COMPARE(status->text(), QStringLiteral("1 of 4 unknown attempt(s) shown: those on provider fallback."));
        provider->setCurrentIndex(0);
        QCOMPARE(status->text(), QStringLiteral("4 unknown attempt(s)."));
    }

    // A worklist whose read failed: the operator's F5 on it reads it now (it
    // reloaded the hidden jobs table only), and the failure says so.
    void f5ReadsTheShowingWorklistAgain()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        unknownAttempt(*svc, QStringLiteral("f5-1"), QStringLiteral("primary"));
        std::atomic<bool> failQueue{true};
        Console console;
        console.client->setQueryHook([&](const char *what) {
            if (failQueue.load() && qstrcmp(what, "unknown queue") == 0)
                throw JobDeskError(JobDeskError::Code::StoreError, QStringLiteral("canceling statement due to statement timeout (test)"));
        });
        console.open(store->url());
        console.window->showSidebarEntry(kUnknownQueueEntry);
        auto *view = console.window->findChild<UnknownQueueView *>(QStringLiteral("unknownQueueView"));
        QVERIFY(view && view->isVisible());
        auto *status = view->findChild<QLabel *>(QStringLiteral("queueStatus"));
        QTRY_VERIFY_WITH_TIMEOUT(status->text().startsWith(QStringLiteral("Could not read the queue: ")), 10000);
        QVERIFY2(status->text().contains(QStringLiteral("F5 reads it again")), qPrintable(status->text()));
        QCOMPARE(view->model()->rowCount(), 0);
        failQueue = false;
        console.window->refresh(); // F5
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 1, 5000);
        QCOMPARE(status->text(), QStringLiteral("1 unknown attempt(s)."));
        QTRY_COMPARE(sidebarCount(console, kUnknownQueueEntry), qint64(1));
    }

    // A worklist whose read failed reads again by itself, without F5 and
    // though nothing changed (no change would ask for it): after a pause that
    // grows while the store keeps failing (it is not hammered), and its line
    // says when.
    void aFailedWorklistReadIsTriedAgainAfterAPause()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        unknownAttempt(*svc, QStringLiteral("again-1"), QStringLiteral("primary"));
        std::atomic<bool> failQueue{true};
        std::atomic<int> queueReads{0};
        Console console;
        console.client->setQueryHook([&](const char *what) {
            if (qstrcmp(what, "unknown queue") != 0)
                return;
            ++queueReads;
            if (failQueue.load())
                throw JobDeskError(JobDeskError::Code::StoreError, QStringLiteral("canceling statement due to statement timeout (test)"));
        });
        console.open(store->url());
        console.window->showSidebarEntry(kUnknownQueueEntry);
        auto *view = console.window->findChild<UnknownQueueView *>(QStringLiteral("unknownQueueView"));
        auto *status = view->findChild<QLabel *>(QStringLiteral("queueStatus"));
        QTRY_VERIFY_WITH_TIMEOUT(status->text().startsWith(QStringLiteral("Could not read the queue: ")), 10000);
        QVERIFY2(status->text().contains(QStringLiteral("Trying again by itself in 1.0 s")), qPrintable(status->text()));
        QVERIFY2(status->text().contains(QStringLiteral("F5 reads it again now")), qPrintable(status->text()));
        // Still failing: tried again after 1 s, then after 2 s; not at every poll (every 150 ms).
        QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(QStringLiteral("in 2.0 s")), 5000);
        const int reads = queueReads.load();
        QTest::qWait(1000);
        QVERIFY2(queueReads.load() <= reads + 1, qPrintable(QStringLiteral("%1 reads in 1 s").arg(queueReads.load() - reads)));
        failQueue = false;
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 1, 10000);
        QCOMPARE(status->text(), QStringLiteral("1 unknown attempt(s)."));
    }

    // The connection drops as a worklist is read: when it is back, the list
    // (and the duplicate clicks view) reads again by itself, though nothing
    // changed meanwhile.
    void aWorklistReadThatFailedWithTheConnectionReadsWhenItIsBack()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        unknownAttempt(*svc, QStringLiteral("back-1"), QStringLiteral("primary"));
        runSupportScenario(*svc);
        std::atomic<bool> down{false};
        Console console(fastOptions(100));
        dropConnectionWhile(*console.client, down);
        console.open(store->url());
        console.window->showSidebarEntry(kUnknownQueueEntry);
        auto *queue = console.window->findChild<UnknownQueueView *>(QStringLiteral("unknownQueueView"));
        auto *queueStatus = queue->findChild<QLabel *>(QStringLiteral("queueStatus"));
        QTRY_COMPARE_WITH_TIMEOUT(queueStatus->text(), QStringLiteral("1 unknown attempt(s)."), 10000);

        down = true;
        queue->refresh(); // a read goes out as the connection drops
        QTRY_VERIFY_WITH_TIMEOUT(queueStatus->text().startsWith(QStringLiteral("Could not read the queue: ")), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(console.client->isLost(), 5000);
        down = false;
        QTRY_VERIFY_WITH_TIMEOUT(!console.client->isLost(), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(queueStatus->text(), QStringLiteral("1 unknown attempt(s)."), 5000);

        // The duplicate clicks view alike.
        console.window->showSidebarEntry(kIncidentsEntry);
        IncidentsView *incidents = supportViews(console.window.get()).incidents;
        auto *incidentsStatus = incidents->findChild<QLabel *>(QStringLiteral("incidentsStatus"));
        QTRY_VERIFY_WITH_TIMEOUT(incidentsStatus->text().startsWith(QStringLiteral("1 key(s) sent more than once")), 10000);
        down = true;
        incidents->refresh();
        QTRY_VERIFY_WITH_TIMEOUT(incidentsStatus->text().startsWith(QStringLiteral("Could not read the incidents: ")), 5000);
        QVERIFY2(incidentsStatus->text().contains(QStringLiteral("Trying again by itself")), qPrintable(incidentsStatus->text()));
        QTRY_VERIFY_WITH_TIMEOUT(console.client->isLost(), 5000);
        down = false;
        QTRY_VERIFY_WITH_TIMEOUT(!console.client->isLost(), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(incidentsStatus->text().startsWith(QStringLiteral("1 key(s) sent more than once")), 5000);
    }

    // A support view whose read failed says, as the jobs view does, that F5
    // reads it again: duplicate clicks, providers, charts.
    void aSupportViewsReadErrorSaysF5ReadsItAgain()
    {
        JD_FRESH_STORE(store);
        Console console;
        console.client->setQueryHook([](const char *what) {
            for (const char *failing : {"key incidents", "provider status", "charts"})
                if (qstrcmp(what, failing) == 0)
                    throw JobDeskError(JobDeskError::Code::StoreError, QStringLiteral("canceling statement due to statement timeout (test)"));
        });
        console.open(store->url());
        const SupportViews views = supportViews(console.window.get());
        const QList<std::tuple<QString, QWidget *, const char *, const char *>> cases{
            {kIncidentsEntry, views.incidents, "incidentsStatus", "Could not read the incidents: "},
            {kProvidersEntry, views.providers, "providersStatus", "Could not read the providers: "},
            {kChartsEntry, views.charts, "chartsStatus", "Could not read the charts: "}};
        for (const auto &[entry, view, label, failure] : cases) {
            console.window->showSidebarEntry(entry);
            auto *status = view->findChild<QLabel *>(QLatin1String(label));
            QVERIFY2(status, label);
            QTRY_VERIFY_WITH_TIMEOUT(status->text().startsWith(QLatin1String(failure)), 10000);
            QVERIFY2(status->text().contains(QStringLiteral("statement timeout")), qPrintable(status->text()));
            QVERIFY2(status->text().contains(QStringLiteral("F5 reads")), qPrintable(status->text()));
        }
    }
};

QTEST_MAIN(TestUiStatus)
#include "tst_ui_status.moc"
