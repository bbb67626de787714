// With a store that answers every query 500 ms late, the UI thread's event
// loop never stalls for more than 50 ms while the table pages, the console
// polls, new jobs arrive and the operator moves between jobs: the UI thread
// never waits for the database.

#include "UiFixture.h"

#include "views/JobDetailView.h"

#include <QScrollBar>
#include <QTest>
#include <QThread>

#include <thread>

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

        // The monitor sees a UI thread that blocks (here: 80 ms asleep, as a
        // database call would keep it), whatever else the machine is doing.
        EventLoopMonitor monitor;
        monitor.start();
        QTimer::singleShot(20, this, [] { QThread::msleep(80); });
        QTRY_VERIFY_WITH_TIMEOUT(monitor.maxGapMs() >= 70, 5000);
        monitor.stop();
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
        qInfo("paged to %d rows at %lld ms", console.jobs()->rowCount(), static_cast<long long>(monitor.elapsedMs()));

        // Polls bring another connection's writes (made on a thread of their
        // own, as another process would); the operator clicks through jobs.
        Job fresh;
        std::atomic<bool> written{false};
        std::thread writer([&] {
            auto other = store->open();
            fresh = submitJob(*other, QStringLiteral("slow-new"));
            startRunning(*other, jobs.at(300).id);
            written = true;
        });
        QTRY_VERIFY_WITH_TIMEOUT(written.load(), 30000); // the UI thread never joins a thread that is still working
        writer.join();
        for (int r = 0; r < 4; ++r)
            table->selectionModel()->setCurrentIndex(console.jobs()->index(r * 7, 0),
                                                     QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QTRY_VERIFY_WITH_TIMEOUT(console.jobs()->pendingCount() >= 1, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(console.window->detailView()->current().has_value(), 30000);
        monitor.stop();

        qInfo("%d slow queries over %lld ms; longest UI event-loop stall: %lld ms (at %lld ms); "
              "longest wall-clock gap, scheduling delay of a busy machine included: %lld ms",
              queries.load(), static_cast<long long>(monitor.elapsedMs()), static_cast<long long>(monitor.maxGapMs()),
              static_cast<long long>(monitor.maxGapAtMs()), static_cast<long long>(monitor.maxWallGapMs()));
        QVERIFY(queries.load() >= 10);
        QVERIFY2(monitor.maxGapMs() <= 50, qPrintable(QStringLiteral("the UI thread stalled for %1 ms").arg(monitor.maxGapMs())));
        QVERIFY(console.jobs()->findJob(fresh.id));
    }
};

QTEST_MAIN(TestUiResponsive)
#include "tst_ui_responsive.moc"
