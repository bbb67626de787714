// The charts page: after a scripted scenario (a timeout cancelled by an
// operator, a hedged race with a winner and a loser, a failure) the charts
// hold the right series and points from the aggregate queries: attempts by
// outcome per bucket, latency per provider (p50/p95), race losses and
// attempts that went unknown; they re-read on their own schedule only while
// visible. Both stores.

#include "SupportScenario.h"
#include "UiFixture.h"

#include "demo/Demo.h"
#include "models/TextTableModel.h"
#include "support/ChartsView.h"
#include "support/IncidentsModel.h"
#include "support/IncidentsView.h"
#include "support/ProvidersModel.h"
#include "support/ProvidersView.h"
#include "support/SupportViews.h"

#include <QBarSet>
#include <QChartView>
#include <QLineSeries>
#include <QSignalSpy>
#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

namespace {
double sumY(const QLineSeries *s)
{
    double sum = 0;
    for (const QPointF &p : s->points())
        sum += p.y();
    return sum;
}
} // namespace

class TestUiCharts : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

    void chartsShowTheScenarioByOutcomeLatencyAndTrouble()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const SupportScenario s = runSupportScenario(*svc);
        // One more job whose attempt fails outright.
        const Job f = submitJob(*svc, QStringLiteral("fails"));
        const Attempt fa = startRunning(*svc, f.id, QStringLiteral("primary"));
        svc->fail(fa.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("422 from the provider"));

        StoreClient client(fastOptions());
        ChartsView view(&client);
        QSignalSpy refreshed(&view, &ChartsView::refreshed);
        client.open(store->url());
        view.resize(1300, 800);
        view.show();
        QTRY_VERIFY_WITH_TIMEOUT(!refreshed.isEmpty(), 10000);

        // The last hour in one-minute buckets (the current one last).
        QCOMPARE(view.bucketMs(), qint64(60000));
        QCOMPARE(view.outcomeSeries(AttemptState::Succeeded)->count(), 60);
        QCOMPARE(sumY(view.outcomeSeries(AttemptState::Succeeded)), 1.0);  // the hedge
        QCOMPARE(sumY(view.outcomeSeries(AttemptState::Superseded)), 1.0); // the loser
        QCOMPARE(sumY(view.outcomeSeries(AttemptState::Cancelled)), 1.0);  // alice's cancel
        QCOMPARE(sumY(view.outcomeSeries(AttemptState::Failed)), 1.0);
        QCOMPARE(sumY(view.outcomeSeries(AttemptState::Unknown)), 1.0);
        QCOMPARE(sumY(view.raceLossSeries()), 1.0);
        QCOMPARE(sumY(view.unknownSeries()), 1.0);
        // Everything happened now: in the last bucket, and points are in time order inside the hour.
        const QList<QPointF> pts = view.outcomeSeries(AttemptState::Succeeded)->points();
        QCOMPARE(pts.last().y(), 1.0);
        const qint64 now = svc->nowMs();
        QVERIFY(pts.first().x() >= double(now - 3600 * 1000 - 60000) && pts.last().x() <= double(now + 60000));
        for (int i = 1; i < pts.size(); ++i)
            QCOMPARE(pts.at(i).x() - pts.at(i - 1).x(), 60000.0);

        // Latency: one bar per provider that finished an attempt (sent to finished), p50 <= p95.
        const QList<ProviderLatencyStat> expected = svc->providerLatency(now - 3600 * 1000, now + 60000);
        QCOMPARE(view.latencyProviders().size(), expected.size());
        QCOMPARE(expected.size(), 3); // spare (won), fallback (lost), primary (failed)
        QCOMPARE(view.p50Set()->count(), 3);
        QCOMPARE(view.p95Set()->count(), 3);
        for (int i = 0; i < expected.size(); ++i) {
            QVERIFY(view.latencyProviders().at(i).startsWith(expected.at(i).provider));
            QCOMPARE(view.p50Set()->at(i), double(expected.at(i).p50Ms));
            QCOMPARE(view.p95Set()->at(i), double(expected.at(i).p95Ms));
            QVERIFY(view.p50Set()->at(i) <= view.p95Set()->at(i));
        }

        // The last day: 15-minute buckets, the same totals.
        refreshed.clear();
        view.setRange(ChartsView::Range::LastDay);
        QTRY_VERIFY_WITH_TIMEOUT(!refreshed.isEmpty(), 10000);
        QCOMPARE(view.bucketMs(), qint64(15 * 60000));
        QCOMPARE(view.outcomeSeries(AttemptState::Succeeded)->count(), 96);
        QCOMPARE(sumY(view.outcomeSeries(AttemptState::Succeeded)), 1.0);
        QCOMPARE(sumY(view.raceLossSeries()), 1.0);
    }

    // Provider names under the latency bars read whole on a small window: side by side when
    // they fit, slanted when not ("flaky (n..." was cut); the sample counts are in the tooltip.
    void latencyLabelsReadWholeOnASmallWindow()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        for (const QString &p : {QStringLiteral("flaky-eu-west"), QStringLiteral("steady-us-east"),
                                 QStringLiteral("backup-ap-south"), QStringLiteral("spare-eu-north")}) {
            const Job j = submitJob(*svc, QStringLiteral("k-") + p);
            const Attempt a = startRunning(*svc, j.id, p);
            svc->complete(a.id, R"({"summary":"ok"})", Actor::worker(QStringLiteral("w1")));
        }
        StoreClient client(fastOptions());
        ChartsView view(&client);
        QSignalSpy refreshed(&view, &ChartsView::refreshed);
        client.open(store->url());
        view.resize(700, 600); // two charts side by side: ~330 px for four names
        view.show();
        QTRY_VERIFY_WITH_TIMEOUT(!refreshed.isEmpty(), 10000);
        QCOMPARE(view.latencyProviders().size(), 4);
        QTRY_VERIFY(view.latencyLabelsFit());
        for (const QString &p : view.latencyProviders())
            QVERIFY(!p.contains(QLatin1String("(n=")));
        QVERIFY(view.findChild<QChartView *>(QStringLiteral("latencyChart"))->toolTip().contains(QLatin1String("(n=1)")));
        view.resize(1600, 900);
        QTRY_VERIFY(view.latencyLabelsFit());
    }

    void chartsRereadOnTheirScheduleOnlyWhileVisible()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        StoreClient client(fastOptions());
        ChartsView view(&client);
        view.setRefreshIntervalMs(200);
        QSignalSpy refreshed(&view, &ChartsView::refreshed);
        client.open(store->url());
        QVERIFY(!view.isRefreshing());
        view.show();
        QVERIFY(view.isRefreshing());
        QTRY_VERIFY_WITH_TIMEOUT(!refreshed.isEmpty(), 10000);
        QCOMPARE(sumY(view.outcomeSeries(AttemptState::Succeeded)), 0.0);
        // New work shows on the next scheduled read.
        const Job j = submitJob(*svc, QStringLiteral("later"));
        const Attempt a = startRunning(*svc, j.id, QStringLiteral("primary"));
        svc->complete(a.id, R"({"summary":"ok"})", Actor::worker(QStringLiteral("w1")));
        QTRY_COMPARE_WITH_TIMEOUT(sumY(view.outcomeSeries(AttemptState::Succeeded)), 1.0, 10000);
        view.hide();
        QVERIFY(!view.isRefreshing());
    }

    // The three support pages in the console on the running demo (simulated
    // users double-click and reuse keys, providers time out and race): each
    // shows what the demo did.
    void supportPagesShowTheDemosCases()
    {
        JD_FRESH_STORE(store);
        DemoOptions options;
        options.url = store->url();
        Demo demo(options);
        Console console;
        QSignalSpy ready(&demo, &Demo::ready);
        QSignalSpy failed(&demo, &Demo::failed);
        QObject::connect(&demo, &Demo::ready, console.window.get(),
                         [&] { console.window->connectTo({QStringLiteral("demo"), store->url(), false}); });
        console.window->resize(1400, 900);
        console.window->show();
        demo.start();
        QTRY_VERIFY_WITH_TIMEOUT(!ready.isEmpty() || !failed.isEmpty(), 30000);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
        const SupportViews views = supportViews(console.window.get());

        console.window->showSidebarEntry(kIncidentsEntry);
        auto conflicted = [&] {
            bool conflict = false;
            bool replay = false;
            for (const KeyIncident &i : views.incidents->model()->incidents()) {
                conflict = conflict || i.conflicts > 0;
                replay = replay || i.replays > 0;
            }
            return conflict && replay;
        };
        QTRY_VERIFY_WITH_TIMEOUT(conflicted(), 60000); // live: the demo's users keep sending
        views.incidents->selectIncident(0);
        QTRY_VERIFY_WITH_TIMEOUT(views.incidents->historyModel()->rowCount() >= 2, 10000);

        console.window->showSidebarEntry(kProvidersEntry);
        auto mixed = [&] {
            bool current = false;
            bool notCurrent = false;
            for (const ProviderRow &r : views.providers->model()->rows()) {
                current = current || r.isCurrent();
                notCurrent = notCurrent || (r.status.latest && !r.status.latest->passed);
            }
            return current && notCurrent;
        };
        QTRY_VERIFY_WITH_TIMEOUT(mixed(), 30000); // a proven provider and one that failed its validation

        console.window->showSidebarEntry(kChartsEntry);
        QVERIFY(views.charts->isRefreshing());
        views.charts->setRefreshIntervalMs(500);
        QTRY_VERIFY_WITH_TIMEOUT(sumY(views.charts->outcomeSeries(AttemptState::Succeeded)) >= 1
                                     && sumY(views.charts->unknownSeries()) >= 1 && !views.charts->latencyProviders().isEmpty(),
                                 60000);
        console.window->showSidebarEntry(QStringLiteral("jobs"));
        QVERIFY(!views.charts->isRefreshing()); // hidden: no more costly reads
    }
};

QTEST_MAIN(TestUiCharts)
#include "tst_ui_charts.moc"
