// The jobs table is live: a job written by another connection appears within
// two seconds behind the "N new jobs" bar, a changed job is updated in place,
// and neither moves the operator's selection or scroll position. Polling
// pauses while the window is minimised; an idle SQLite console only reads
// PRAGMA data_version; on PostgreSQL a NOTIFY jobdesk_changed wakes it at once.

#include "UiFixture.h"

#include "live/ChangeChannel.h"

#include "views/JobDetailView.h"

#include <QClipboard>
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTest>
#include <QThread>
#include <QUuid>

#include <mutex>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

class TestUiLive : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

    void jobFromAnotherConnectionAppearsBehindTheBar()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        QList<Job> jobs;
        for (int i = 0; i < 150; ++i)
            jobs.append(submitJob(*svc, QStringLiteral("live-%1").arg(i)));

        Console console(fastOptions(250));
        console.open(store->url());
        QTableView *table = console.table();
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 100, 10000); // the first page
        QTRY_VERIFY_WITH_TIMEOUT(table->verticalScrollBar()->maximum() > 0, 5000);

        // The operator scrolls down and selects a row.
        table->verticalScrollBar()->setValue(40);
        const int selectedRow = 45;
        table->selectionModel()->setCurrentIndex(console.jobs()->index(selectedRow, 0),
                                                 QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        const qint64 selectedId = console.window->selectedJob().value();
        const int scroll = table->verticalScrollBar()->value();
        QCOMPARE(scroll, 40);

        // Another connection writes a job: within 2 s it waits behind the bar.
        QElapsedTimer clock;
        clock.start();
        const Job fresh = submitJob(*svc, QStringLiteral("live-new"));
        QTRY_VERIFY_WITH_TIMEOUT(console.window->newJobsBar()->isVisible(), 2000);
        qInfo("new job noticed after %lld ms", static_cast<long long>(clock.elapsed()));
        QVERIFY(console.window->newJobsBar()->text().startsWith(QStringLiteral("1 new job")));
        QCOMPARE(console.jobs()->pendingCount(), 1);
        QCOMPARE(console.jobs()->rowCount(), 100);
        QCOMPARE(table->verticalScrollBar()->value(), scroll);
        QCOMPARE(table->selectionModel()->currentIndex().row(), selectedRow);
        QCOMPARE(console.window->selectedJob(), std::optional<qint64>(selectedId));

        // Another connection changes the selected job: updated in place, nothing moves.
        clock.restart();
        startRunning(*svc, selectedId);
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->data(console.jobs()->index(selectedRow, JobsModel::StateColumn)).toString(),
                                  QStringLiteral("running"), 2000);
        qInfo("changed job updated after %lld ms", static_cast<long long>(clock.elapsed()));
        QCOMPARE(table->verticalScrollBar()->value(), scroll);
        QCOMPARE(console.window->selectedJob(), std::optional<qint64>(selectedId));
        // ... and the detail of the selected job follows.
        QTRY_COMPARE_WITH_TIMEOUT(console.window->detailView()->current()->detail->job.state, JobState::Running, 2000);

        // The operator asks for the new ones: they come in on top; the selection follows its job.
        QTest::mouseClick(console.window->newJobsBar(), Qt::LeftButton);
        QCOMPARE(console.jobs()->rowCount(), 101);
        QCOMPARE(console.jobs()->rowAt(0)->job.id, fresh.id);
        QVERIFY(console.window->newJobsBar()->isHidden());
        QCOMPARE(console.window->selectedJob(), std::optional<qint64>(selectedId));
        QCOMPARE(table->selectionModel()->currentIndex().row(), selectedRow + 1);
    }

    // The generic request the worklists use: the work runs on the worker
    // thread (never the UI thread), the answer comes back on the UI thread,
    // errors arrive as outcomes, and an answer for a view that is gone is dropped.
    void callRunsOnTheWorkerAndAnswersOnTheUiThread()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        submitJob(*svc, QStringLiteral("call-1"));
        submitJob(*svc, QStringLiteral("call-2"));

        Console console(fastOptions(250));
        console.open(store->url(), false);
        QThread *const uiThread = QThread::currentThread();

        std::optional<CallOutcome<qint64>> got;
        QThread *ranOn = nullptr;
        console.client->call<qint64>(
            console.window.get(), "test count",
            [&](JobService &s) {
                ranOn = QThread::currentThread();
                return s.stateCounts().counts.value(JobState::Queued);
            },
            [&](const CallOutcome<qint64> &o) {
                QCOMPARE(QThread::currentThread(), uiThread);
                got = o;
            });
        QTRY_VERIFY_WITH_TIMEOUT(got.has_value(), 10000);
        QVERIFY2(got->ok, qPrintable(got->error));
        QCOMPARE(got->value.value(), qint64(2));
        QVERIFY(ranOn != nullptr);
        QVERIFY(ranOn != uiThread);

        // The core's refusal arrives as an outcome with its code; nothing throws into the UI.
        std::optional<CallOutcome<bool>> refused;
        console.client->call<bool>(
            console.window.get(), "test refusal",
            [](JobService &s) {
                s.cancelAttempt(987654321, OperatorRequest{Actor::operatorUser(QStringLiteral("t")),
                                                           QUuid::createUuid().toString(QUuid::WithoutBraces),
                                                           QStringLiteral("no such attempt"), std::nullopt});
                return true;
            },
            [&](const CallOutcome<bool> &o) { refused = o; });
        QTRY_VERIFY_WITH_TIMEOUT(refused.has_value(), 10000);
        QVERIFY(!refused->ok);
        QVERIFY(!refused->value.has_value());
        QVERIFY(refused->code.has_value());
        QVERIFY(!refused->error.isEmpty());

        // A view that is gone gets no answer; a later call still does.
        bool lateCalled = false;
        auto *gone = new QObject;
        console.client->call<int>(gone, "test gone", [](JobService &) { return 1; },
                                  [&](const CallOutcome<int> &) { lateCalled = true; });
        delete gone;
        std::optional<CallOutcome<int>> after;
        console.client->call<int>(console.window.get(), "test after", [](JobService &) { return 2; },
                                  [&](const CallOutcome<int> &o) { after = o; });
        QTRY_VERIFY_WITH_TIMEOUT(after.has_value(), 10000);
        QCOMPARE(after->value.value(), 2);
        QVERIFY(!lateCalled);
    }

    // A replay changes no job, yet the duplicate-click view must see it: the
    // poll carries the change marks, and the replay moves them.
    void replayMovesTheChangeMarksWithoutAJobChange()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        submitJob(*svc, QStringLiteral("marks-1"));

        Console console(fastOptions(150));
        std::optional<ChangeMarks> latest;
        int jobsChanged = 0;
        connect(console.client.get(), &StoreClient::polled, this, [&](const PollResult &r) {
            if (r.marks)
                latest = r.marks;
            jobsChanged += r.jobs.size();
        });
        console.open(store->url(), false);
        QTRY_VERIFY_WITH_TIMEOUT(latest.has_value(), 10000);
        const ChangeMarks before = *latest;
        const int jobsBefore = jobsChanged;

        const SubmitResult again = svc->submit(makeSubmit(QStringLiteral("marks-1"), {{QStringLiteral("prompt"), QStringLiteral("marks-1")}}));
        QCOMPARE(again.outcome, SubmitResult::Outcome::Replayed); // the same intent again
        QTRY_VERIFY_WITH_TIMEOUT(latest->idempotencyEventId > before.idempotencyEventId, 5000);
        QCOMPARE(jobsChanged, jobsBefore); // (the change sequence may move: a replay can draw a number)
    }

    void keyboard()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        QList<Job> jobs;
        for (int i = 0; i < 5; ++i)
            jobs.append(submitJob(*svc, QStringLiteral("key-%1").arg(i)));
        Console console;
        console.open(store->url());
        QVERIFY(QTest::qWaitForWindowActive(console.window.get()) || console.window->isVisible());
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 5, 10000);
        QTableView *table = console.table();
        table->setFocus();
        table->selectionModel()->setCurrentIndex(console.jobs()->index(2, 0),
                                                 QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        // Ctrl+C on a row copies the job id; Ctrl+Shift+C its key.
        QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier);
        QCOMPARE(QGuiApplication::clipboard()->text(), QString::number(jobs.at(2).id));
        QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("key-2"));
        // Ctrl+F goes to the find field; a key finds its job.
        QTest::keyClick(table, Qt::Key_F, Qt::ControlModifier);
        auto *find = console.window->findChild<QLineEdit *>(QStringLiteral("findEdit"));
        QTRY_VERIFY(find->hasFocus());
        QTest::keyClicks(find, QStringLiteral("key-4"));
        QTest::keyClick(find, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 1, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(console.window->selectedJob(), std::optional<qint64>(jobs.at(4).id), 10000);
        // ... and a job id finds that job.
        find->clear();
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 5, 10000);
        console.window->find(QString::number(jobs.at(1).id));
        QTRY_COMPARE_WITH_TIMEOUT(console.window->selectedJob(), std::optional<qint64>(jobs.at(1).id), 10000);
        QTRY_VERIFY(console.window->detailView()->current() && console.window->detailView()->current()->jobId == jobs.at(1).id);
        // F5 reads again and keeps the selection.
        QTest::keyClick(table, Qt::Key_F5);
        QTRY_VERIFY_WITH_TIMEOUT(!console.jobs()->isLoading(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(console.window->selectedJob(), std::optional<qint64>(jobs.at(1).id), 10000);
    }

    void pausedWhileMinimised()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        submitJob(*svc, QStringLiteral("min-0"));
        std::mutex mutex;
        QStringList reads;
        Console console(fastOptions(100));
        console.client->setQueryHook([&](const char *what) {
            std::lock_guard lock(mutex);
            reads.append(QLatin1String(what));
        });
        console.open(store->url());
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 1, 10000);
        console.window->showMinimized();
        QTRY_VERIFY_WITH_TIMEOUT(console.client->isPaused(), 2000);
        // Let a poll that was already under way finish, then count.
        QTest::qWait(300);
        int before = 0;
        {
            std::lock_guard lock(mutex);
            before = static_cast<int>(reads.size());
        }
        submitJob(*svc, QStringLiteral("min-1"));
        QTest::qWait(800); // eight poll intervals: nothing may be read meanwhile
        {
            std::lock_guard lock(mutex);
            QCOMPARE(static_cast<int>(reads.size()), before);
        }
        QCOMPARE(console.jobs()->pendingCount(), 0);
        console.window->showNormal();
        QTRY_VERIFY_WITH_TIMEOUT(!console.client->isPaused(), 2000);
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->pendingCount(), 1, 2000);
    }

    void idleConsoleReadsLittleAndWakesOnNotify()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        submitJob(*svc, QStringLiteral("idle-0"));
        std::mutex mutex;
        QStringList reads;
        // PostgreSQL: the poll interval is long, so only a NOTIFY can make it look within 2 s.
        Console console(fastOptions(store->isPostgres() ? 60000 : 100));
        console.client->setQueryHook([&](const char *what) {
            std::lock_guard lock(mutex);
            reads.append(QLatin1String(what));
        });
        console.open(store->url());
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 1, 10000);
        QTest::qWait(300);
        {
            std::lock_guard lock(mutex);
            reads.clear();
        }
        if (!store->isPostgres()) {
            // SQLite: idle, each poll reads data_version and nothing else.
            QTest::qWait(1000);
            std::lock_guard lock(mutex);
            QVERIFY2(reads.count(QStringLiteral("data version")) >= 5, qPrintable(reads.join(u',')));
            QCOMPARE(reads.count(QStringLiteral("changes since")), 0);
            QCOMPARE(reads.count(QStringLiteral("counts by state")), 0);
            return;
        }
        // PostgreSQL: idle, each poll reads the change marks; the full read
        // (changes since, with its overlap) waits until the sequence moves, or
        // fullReadEveryMs (5 s) has passed, or a NOTIFY on this store's channel
        // comes. Under ctest -j2 servers of other tests run in other schemas
        // of this database; they send on their own channels
        // (tst_change_channel), so nothing wakes this console but its polls.
        {
            const StoreOptions idle = fastOptions(100);
            Console fast(idle);
            QStringList fastReads;
            fast.client->setQueryHook([&](const char *what) {
                std::lock_guard lock(mutex);
                fastReads.append(QLatin1String(what));
            });
            fast.open(store->url(), false);
            QTRY_COMPARE_WITH_TIMEOUT(fast.jobs()->rowCount(), 1, 10000);
            QTRY_VERIFY_WITH_TIMEOUT([&] {
                std::lock_guard lock(mutex);
                return fastReads.count(QStringLiteral("change marks")) >= 12;
            }(), 5000);
            {
                std::lock_guard lock(mutex);
                QVERIFY2(fastReads.count(QStringLiteral("changes since")) <= 2, qPrintable(fastReads.join(u',')));
            }
            // A write without a NOTIFY moves the sequence: the next poll reads it.
            const Job quiet = submitJob(*svc, QStringLiteral("idle-quiet"));
            QTRY_VERIFY_WITH_TIMEOUT(fast.jobs()->findJob(quiet.id) || fast.jobs()->pendingCount() == 1, 2000);
        }
        // A writer commits, then a server sends the coalesced NOTIFY.
        const Job fresh = submitJob(*svc, QStringLiteral("idle-1"));
        const QString schema = svc->session().exec(QStringLiteral("SELECT current_schema()")).value(0).value(0).toString();
        svc->session().exec(QStringLiteral("SELECT pg_notify('%1', '')").arg(QString::fromStdString(changeChannelForSchema(schema.toStdString()))));
        QElapsedTimer clock;
        clock.start();
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->pendingCount(), 2, 2000); // idle-quiet and idle-1
        qInfo("woken by NOTIFY after %lld ms", static_cast<long long>(clock.elapsed()));
        QVERIFY(console.jobs()->findJob(fresh.id));
    }
};

QTEST_MAIN(TestUiLive)
#include "tst_ui_live.moc"
