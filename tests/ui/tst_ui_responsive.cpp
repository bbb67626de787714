// With a store that answers every query 500 ms late, the UI thread's event
// loop never stalls for more than 50 ms while the table pages, the console
// polls, new jobs arrive and the operator moves between jobs: the UI thread
// never waits for the database.

#include "UiFixture.h"

#include "views/JobDetailView.h"

#include <QScrollBar>
#include <QTest>
#include <QThread>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

class TestUiResponsive : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { isolateSettings(); }

    void slowStoreNeverStallsTheUi_data() { addBackendRows(); }
    void slowStoreNeverStallsTheUi()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        QList<Job> jobs;
        for (int i = 0; i < 320; ++i)
            jobs.append(submitJob(*svc, QStringLiteral("slow-%1").arg(i)));

        Console console(fastOptions(300));
        std::atomic<int> queries{0};
        console.client->setQueryHook([&](const char *) {
            ++queries;
            QThread::msleep(500); // every query answers half a second late
        });
        console.window->resize(1280, 860);
        console.window->show();
        QVERIFY(QTest::qWaitForWindowExposed(console.window.get()));

        EventLoopMonitor monitor;
        monitor.start();
        console.open(store->url(), /*show*/ false);

        // Pages arrive as the operator scrolls to the bottom again and again.
        QTableView *table = console.table();
        QTRY_VERIFY_WITH_TIMEOUT(console.jobs()->rowCount() >= 100, 30000);
        for (int i = 0; i < 3 && console.jobs()->hasMore(); ++i) {
            const int before = console.jobs()->rowCount();
            table->scrollToBottom();
            table->verticalScrollBar()->setValue(table->verticalScrollBar()->maximum());
            QTRY_VERIFY_WITH_TIMEOUT(console.jobs()->rowCount() > before, 30000);
        }
        QVERIFY(console.jobs()->rowCount() > 100);

        // Polls bring other connections' writes; the operator clicks through jobs.
        const Job fresh = submitJob(*svc, QStringLiteral("slow-new"));
        startRunning(*svc, jobs.at(300).id);
        for (int r = 0; r < 4; ++r)
            table->selectionModel()->setCurrentIndex(console.jobs()->index(r * 7, 0),
                                                     QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QTRY_VERIFY_WITH_TIMEOUT(console.jobs()->pendingCount() >= 1, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(console.window->detailView()->current().has_value(), 30000);
        monitor.stop();

        qInfo("%d slow queries; longest UI event-loop stall: %lld ms", queries.load(), static_cast<long long>(monitor.maxGapMs()));
        QVERIFY(queries.load() >= 10);
        QVERIFY2(monitor.maxGapMs() <= 50, qPrintable(QStringLiteral("the UI thread stalled for %1 ms").arg(monitor.maxGapMs())));
        QVERIFY(console.jobs()->findJob(fresh.id));
    }
};

QTEST_MAIN(TestUiResponsive)
#include "tst_ui_responsive.moc"
