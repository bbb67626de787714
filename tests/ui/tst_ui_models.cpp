// QAbstractItemModelTester on the console's models that read a store, through
// paging and through live updates: the jobs model and the detail view's tables
// (attempts, key history, events, audit), on both stores. The sidebar and the
// text table alone: tst_ui_plain_models.

#include "UiFixture.h"

#include "models/SidebarModel.h"
#include "models/TextTableModel.h"
#include "views/JobDetailView.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

namespace {
constexpr auto kFatal = QAbstractItemModelTester::FailureReportingMode::Fatal;
}

class TestUiModels : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

    void jobsModelThroughPagesAndLiveUpdates()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        QList<Job> jobs;
        for (int i = 0; i < 130; ++i)
            jobs.append(submitJob(*svc, QStringLiteral("m-%1").arg(i)));

        StoreClient client(fastOptions(100));
        JobsModel model(&client);
        QSignalSpy pages(&client, &StoreClient::pageLoaded);
        model.setPageSize(40);
        client.open(store->url());
        model.reload();
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 40, 10000);
        QCOMPARE(pages.size(), 1);
        QCOMPARE(model.data(model.index(0, JobsModel::IdColumn), JobsModel::JobIdRole).toLongLong(), jobs.last().id);
        // The tester asks for more itself (canFetchMore/fetchMore): keyset pages, newest first, until there are no more.
        QAbstractItemModelTester tester(&model, kFatal);
        for (int page = 0; page < 10 && model.canFetchMore({}); ++page) {
            const int before = model.rowCount();
            model.fetchMore({});
            QTRY_VERIFY_WITH_TIMEOUT(model.rowCount() > before || !model.hasMore(), 10000);
            QTRY_VERIFY_WITH_TIMEOUT(!model.isLoading(), 10000);
        }
        QTRY_VERIFY_WITH_TIMEOUT(!model.hasMore() && !model.isLoading(), 10000);
        QCOMPARE(pages.size(), 4); // 40 + 40 + 40 + 10
        QCOMPARE(model.rowCount(), 130);
        QVERIFY(!model.canFetchMore({}));
        for (int r = 1; r < model.rowCount(); ++r)
            QVERIFY(model.rowAt(r - 1)->job.id > model.rowAt(r)->job.id);

        // Live: another connection moves jobs along and adds new ones.
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        const Attempt a = startRunning(*svc, jobs.at(5).id);
        svc->markUnknown(a.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("deadline passed"));
        const int row = model.rowOfJob(jobs.at(5).id);
        QTRY_COMPARE_WITH_TIMEOUT(model.data(model.index(row, JobsModel::StateColumn)).toString(), QStringLiteral("BLOCKED"), 15000);
        QVERIFY(model.data(model.index(row, JobsModel::AttemptsColumn)).toString().contains(QStringLiteral("UNKNOWN")));
        QVERIFY(model.data(model.index(row, 0), JobsModel::NeedsAttentionRole).toBool());
        QVERIFY(!model.data(model.index(row, JobsModel::StateColumn), Qt::DecorationRole).isNull()); // an icon, not only colour
        QCOMPARE(model.data(model.index(row, JobsModel::ProviderColumn)).toString(), QStringLiteral("primary"));

        const Job fresh = submitJob(*svc, QStringLiteral("m-new"));
        QTRY_COMPARE_WITH_TIMEOUT(model.pendingCount(), 1, 15000);
        QCOMPARE(model.rowCount(), 130); // behind the bar, not pushing rows
        model.showPending();
        QCOMPARE(model.rowCount(), 131);
        QCOMPARE(model.rowAt(0)->job.id, fresh.id);
        QCOMPARE(model.pendingCount(), 0);

        // A filter: only blocked jobs; a job that becomes blocked waits behind the bar.
        JobFilter blocked;
        blocked.states = {JobState::Blocked};
        model.setFilter(blocked);
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 1, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!model.isLoading(), 10000);
        const Attempt b = startRunning(*svc, jobs.at(100).id);
        svc->markUnknown(b.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("deadline passed"));
        QTRY_COMPARE_WITH_TIMEOUT(model.pendingCount(), 1, 15000);
        model.showPending();
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.rowAt(0)->job.id, jobs.at(100).id); // at its place: newest first
        QVERIFY(model.matches(*model.rowAt(0)));
    }

    void onePollIsOneRepaint()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        QList<Job> jobs;
        for (int i = 0; i < 30; ++i)
            jobs.append(submitJob(*svc, QStringLiteral("p-%1").arg(i)));
        StoreClient client(fastOptions(60000)); // polls only when asked
        JobsModel model(&client);
        QAbstractItemModelTester tester(&model, kFatal);
        QSignalSpy firstPoll(&client, &StoreClient::polled);
        client.open(store->url());
        model.reload();
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 30, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!firstPoll.isEmpty(), 5000); // a connection's first poll comes after its first page
        QSignalSpy polled(&client, &StoreClient::polled);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        for (int i = 0; i < 30; i += 3)
            startRunning(*svc, jobs.at(i).id); // ten jobs change, far apart
        client.pollNow();
        QTRY_VERIFY_WITH_TIMEOUT(!polled.isEmpty() && !polled.last().first().value<PollResult>().jobs.isEmpty(), 5000);
        // One dataChanged spanning the changed rows (every column), plus the age column's tick.
        int rowSignals = 0;
        for (const QList<QVariant> &args : std::as_const(changed)) {
            const QModelIndex tl = args.at(0).toModelIndex();
            const QModelIndex br = args.at(1).toModelIndex();
            if (tl.column() == 0 && br.column() == JobsModel::ColumnCount - 1)
                ++rowSignals;
        }
        QCOMPARE(rowSignals, 1);
        for (int i = 0; i < 30; i += 3)
            QCOMPARE(model.rowAt(model.rowOfJob(jobs.at(i).id))->job.state, JobState::Running);
    }

    void detailModelsThroughLiveUpdates()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordDemoConfig(*svc);
        const Job job = submitJob(*svc, QStringLiteral("d-1"));
        svc->submit(makeSubmit(QStringLiteral("d-1"), {{QStringLiteral("prompt"), QStringLiteral("d-1")}})); // a replay
        svc->submit(makeSubmit(QStringLiteral("d-1"), {{QStringLiteral("prompt"), QStringLiteral("other")}})); // a conflict

        Console console;
        JobDetailView *view = console.window->detailView();
        QAbstractItemModelTester t1(view->attemptsModel(), kFatal);
        QAbstractItemModelTester t2(view->keyHistoryModel(), kFatal);
        QAbstractItemModelTester t3(view->eventsModel(), kFatal);
        QAbstractItemModelTester t4(view->auditModel(), kFatal);
        QAbstractItemModelTester t5(console.window->sidebarModel(), kFatal);
        QAbstractItemModelTester t6(console.jobs(), kFatal);
        console.open(store->url());
        console.window->selectJob(job.id);
        QTRY_VERIFY_WITH_TIMEOUT(view->current().has_value(), 10000);
        QCOMPARE(view->keyHistoryModel()->rowCount(), 3); // created, replayed, conflict
        QVERIFY(view->keyHistoryModel()->data(view->keyHistoryModel()->index(2, 0), TextTableModel::AttentionRole).toBool());

        // Live: attempts come and go; the detail follows.
        const Attempt a = startRunning(*svc, job.id);
        QTRY_COMPARE_WITH_TIMEOUT(view->attemptsModel()->rowCount(), 1, 5000);
        svc->markUnknown(a.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("deadline passed"));
        QTRY_COMPARE_WITH_TIMEOUT(view->current()->detail->job.state, JobState::Blocked, 5000);
        svc->cancelAttempt(a.id, operatorRequest());
        QTRY_COMPARE_WITH_TIMEOUT(view->auditModel()->rowCount(), 1, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(view->eventsModel()->rowCount() >= 4, 5000);
        // Newest first.
        QVERIFY(view->eventsModel()->data(view->eventsModel()->index(0, 2)).toString().contains(QStringLiteral("cancelled")));
        QTRY_COMPARE_WITH_TIMEOUT(console.window->sidebarModel()->data(
                                      console.window->sidebarModel()->indexOfId(QStringLiteral("jobs/queued"), SidebarModel::CountColumn)).toString(),
                                  QStringLiteral("1"), 5000);
    }
};

QTEST_MAIN(TestUiModels)
#include "tst_ui_models.moc"
