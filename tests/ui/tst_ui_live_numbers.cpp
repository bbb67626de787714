// Live numbers that agree: the sidebar's race losses are the last hour's, as
// Charts counts them, and follow new ones while the list is closed; a row a
// live update moves out of the filter is greyed and says so; the detail's
// "(N s ago)" moves on with the polls, on the table's clock. Both stores.

#include "SupportScenario.h"
#include "UiFixture.h"

#include "Format.h"
#include "models/SidebarModel.h"
#include "support/ChartsView.h"
#include "support/SupportViews.h"
#include "views/JobDetailView.h"
#include "worklists/OperatorWorklists.h"
#include "worklists/RaceLossModel.h"
#include "worklists/RaceLossView.h"

#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

namespace {
// A hedged race: the hedge wins, the first attempt loses; its race loss recorded `agoMs` ago
// (written as the store writes it, with an older time: the store's clock cannot be set back).
void raceLost(JobService &svc, const QString &key, qint64 agoMs = 0)
{
    const Actor worker = Actor::worker(QStringLiteral("w1"));
    const Job job = svc.submit(makeSubmit(key, {{QStringLiteral("prompt"), QStringLiteral("p")}}, 2)).job;
    const Attempt loser = startRunning(svc, job.id, QStringLiteral("fallback"));
    const Attempt winner = startRunning(svc, job.id, QStringLiteral("spare"), AttemptKind::Hedge);
    svc.complete(winner.id, R"({"summary":"by the hedge"})", worker);
    if (agoMs == 0) {
        svc.complete(loser.id, R"({"summary":"too late"})", worker);
        return;
    }
    svc.session().exec(QStringLiteral("INSERT INTO race_losses (attempt_id, job_id, expected_version, found_version, "
                                      "winner_attempt_id, payload_digest, at_ms) VALUES ($1, $2, 0, 1, $3, 'digest', $4)"),
                       {loser.id, job.id, winner.id, svc.nowMs() - agoMs});
}

QVariant sidebarCount(MainWindow *w, const QString &id)
{
    return w->sidebarModel()->indexOfId(id, SidebarModel::CountColumn).data(SidebarModel::CountRole);
}
} // namespace

class TestUiLiveNumbers : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

    void sidebarRaceLossesAreTheLastHoursAsChartsCountsThem()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        raceLost(*svc, QStringLiteral("old-race"), 2 * 3600 * 1000); // outside the last hour
        raceLost(*svc, QStringLiteral("new-race"));
        QCOMPARE(svc->raceLossList({}).size(), 2);

        Console console;
        console.open(store->url());
        // Counted without the list ever being opened.
        QTRY_COMPARE_WITH_TIMEOUT(sidebarCount(console.window.get(), kRaceLossesEntry), QVariant(qint64(1)), 10000);

        const SupportViews views = supportViews(console.window.get());
        QSignalSpy refreshed(views.charts, &ChartsView::refreshed);
        console.window->showSidebarEntry(kChartsEntry);
        QTRY_VERIFY_WITH_TIMEOUT(!refreshed.isEmpty(), 10000);
        QCOMPARE(views.charts->raceLossTotal(), 1);

        // The list's "Last hour" shows the same one; "Any time" both.
        auto *list = console.window->findChild<RaceLossView *>(QStringLiteral("raceLossView"));
        console.window->showSidebarEntry(kRaceLossesEntry);
        list->setSinceHours(1);
        QTRY_COMPARE_WITH_TIMEOUT(list->model()->rowCount(), 1, 10000);

        // A new race loss while neither the list nor Charts shows: the sidebar follows.
        console.window->showSidebarEntry(QStringLiteral("jobs"));
        raceLost(*svc, QStringLiteral("newer-race"));
        QTRY_COMPARE_WITH_TIMEOUT(sidebarCount(console.window.get(), kRaceLossesEntry), QVariant(qint64(2)), 10000);
        refreshed.clear();
        console.window->showSidebarEntry(kChartsEntry);
        QTRY_VERIFY_WITH_TIMEOUT(!refreshed.isEmpty(), 10000);
        QCOMPARE(views.charts->raceLossTotal(), 2);
    }

    void aRowThatLeavesTheFilterIsGreyedAndSaysSo()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordDemoConfig(*svc);
        const auto [job, attempt] = blockedJob(*svc, QStringLiteral("stuck"));
        const Job other = blockedJob(*svc, QStringLiteral("stuck-too")).first;
        Console console;
        console.open(store->url());
        console.window->showSidebarEntry(QStringLiteral("jobs/blocked"));
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 2, 10000);
        const int row = console.jobs()->rowOfJob(job.id);
        const QModelIndex key = console.jobs()->index(row, JobsModel::KeyColumn);
        const QColor normal = key.data(Qt::ForegroundRole).value<QColor>();
        QVERIFY(key.data(JobsModel::StillMatchesRole).toBool());

        // Another operator cancels the attempt: the job is queued, no longer BLOCKED.
        svc->cancelAttempt(attempt.id, operatorRequest(QStringLiteral("provider says nothing ran")));
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->index(row, JobsModel::StateColumn).data().toString(),
                                  Format::jobState(JobState::Queued), 10000);
        QCOMPARE(console.jobs()->rowOfJob(job.id), row); // it stays where it was
        QVERIFY(!key.data(JobsModel::StillMatchesRole).toBool());
        QCOMPARE(key.data(Qt::ForegroundRole).value<QColor>(), QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text));
        QVERIFY(key.data(Qt::ForegroundRole).value<QColor>() != normal);
        QVERIFY(key.data(Qt::FontRole).value<QFont>().italic());
        QVERIFY2(key.data(Qt::ToolTipRole).toString().contains(QLatin1String("No longer matches the filter")),
                 qPrintable(key.data(Qt::ToolTipRole).toString()));
        // The other, still blocked, is as it was.
        const QModelIndex otherKey = console.jobs()->index(console.jobs()->rowOfJob(other.id), JobsModel::KeyColumn);
        QVERIFY(otherKey.data(JobsModel::StillMatchesRole).toBool());
        QVERIFY(!otherKey.data(Qt::ToolTipRole).toString().contains(QLatin1String("No longer matches")));
        // F5 reads the list again: the row is gone.
        console.window->refresh();
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowOfJob(job.id), -1, 10000);
    }

    void theDetailsAgeMovesOnWithTheTables()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("aging"));
        Console console;
        console.open(store->url());
        QTRY_COMPARE_WITH_TIMEOUT(console.jobs()->rowCount(), 1, 10000);
        console.window->selectJob(job.id);
        auto *header = console.window->findChild<QLabel *>(QStringLiteral("detailHeader"));
        QTRY_VERIFY_WITH_TIMEOUT(header->text().startsWith(QStringLiteral("Job %1").arg(job.id)), 10000);
        const QString first = header->text();
        // Nothing about the job changes; only time passes (seconds are shown under a minute).
        QTRY_VERIFY_WITH_TIMEOUT(header->text() != first, 5000);
        // On the clock the table's Age column uses.
        auto ageOfTable = [&] { return Format::ago(console.jobs()->nowMs() - job.createdAtMs); };
        QTRY_VERIFY2_WITH_TIMEOUT(header->text().contains(u'(' + ageOfTable() + u')'),
                                  qPrintable(header->text() + QStringLiteral(" / ") + ageOfTable()), 5000);
    }
};

QTEST_MAIN(TestUiLiveNumbers)
#include "tst_ui_live_numbers.moc"
