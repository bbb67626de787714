// The attempt time line: a race loss shows with its winner and the versions
// it expected and found; an unknown attempt shows its deadline; the geometry
// keeps every lane, bar and caption where it belongs. On both stores.

#include "UiFixture.h"

#include "StoreClient.h"
#include "views/JobDetailView.h"
#include "views/Timeline.h"

#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

class TestUiTimeline : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

    void raceLossShowsWinnerAndVersions()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        // A hedged job: the first attempt starts, the hedge starts, the hedge
        // finishes first and wins; the first finishes after it and loses.
        const Job job = submitJob(*svc, QStringLiteral("race-1"), /*maxParallel*/ 2);
        const Attempt first = startRunning(*svc, job.id, QStringLiteral("primary"));
        const Attempt hedge = startRunning(*svc, job.id, QStringLiteral("fallback"), AttemptKind::Hedge);
        QCOMPARE(svc->complete(hedge.id, R"({"summary":"from the hedge"})", Actor::worker(QStringLiteral("w1"))).outcome,
                 CompleteResult::Outcome::Won);
        const CompleteResult lost = svc->complete(first.id, R"({"summary":"too late"})", Actor::worker(QStringLiteral("w1")));
        QCOMPARE(lost.outcome, CompleteResult::Outcome::Lost);

        const JobDetail detail = svc->jobDetail(job.id);
        const Timeline t = Timeline::build(detail, svc->nowMs());
        QCOMPARE(t.lanes.size(), 2);
        const TimelineLane &loser = t.lanes.at(0);
        const TimelineLane &winner = t.lanes.at(1);
        QCOMPARE(loser.attemptNo, 1);
        QVERIFY(loser.lostRace);
        QVERIFY(!loser.winner);
        QCOMPARE(loser.lostToAttemptNo, std::optional<int>(2));
        QCOMPARE(loser.expectedVersion, qint64(0));
        QCOMPARE(loser.foundVersion, qint64(1));
        QCOMPARE(loser.lossText, QStringLiteral("lost to #2, expected v0, found v1"));
        QCOMPARE(loser.state, AttemptState::Superseded);
        QVERIFY(winner.winner);
        QVERIFY(!winner.lostRace);
        QCOMPARE(winner.stateText, QStringLiteral("WON"));
        // The hedge point is marked on the attempt it hedged.
        QCOMPARE(loser.hedgeAtMs, std::optional<qint64>(hedge.createdAtMs));
        QCOMPARE(loser.hedgeAttemptNo, std::optional<int>(2));
        // Each lane ran through running before it ended.
        QVERIFY(!loser.segments.isEmpty());
        QCOMPARE(loser.segments.last().state, AttemptState::Running);
        QVERIFY(loser.endMs >= winner.endMs); // it finished after the winner: reverse order

        // Geometry: lanes stacked, bars inside the plot in time order, the
        // loss caption under the loser's bar and wide enough for its words.
        QFont font;
        const TimelineGeometry g = TimelineGeometry::layout(t, QSizeF(900, 200), font);
        QCOMPARE(g.lanes.size(), 2);
        QVERIFY(g.lanes.at(0).rect.bottom() <= g.lanes.at(1).rect.top() + 0.5);
        for (const TimelineGeometry::Lane &lane : g.lanes) {
            QVERIFY(lane.barRect.left() >= g.plot.left() - 0.5);
            QVERIFY(lane.barRect.right() <= g.plot.right() + 3.5);
            QVERIFY(lane.rect.contains(lane.barRect));
        }
        QVERIFY(g.lanes.at(0).barRect.left() <= g.lanes.at(1).barRect.left());
        QVERIFY(g.xFor(loser.endMs) >= g.xFor(winner.endMs)); // (an instant's bar has a minimum width of its own)
        QVERIFY(g.lanes.at(0).hedgeX.has_value());
        QVERIFY(*g.lanes.at(0).hedgeX >= g.lanes.at(0).barRect.left() - 0.5);
        QVERIFY(*g.lanes.at(0).hedgeX <= g.lanes.at(0).barRect.right() + 0.5);
        QVERIFY(!g.lanes.at(0).lossTextRect.isEmpty());
        QVERIFY(g.lanes.at(0).lossTextRect.top() >= g.lanes.at(0).barRect.bottom());
        QVERIFY(g.lanes.at(0).lossTextRect.right() <= g.plot.right() + 0.5);
        QFont bold = font;
        bold.setBold(true);
        QVERIFY(g.lanes.at(0).lossTextRect.width() >= QFontMetricsF(bold).horizontalAdvance(loser.lossText));
        QVERIFY(g.lanes.at(1).lossTextRect.isEmpty());

        // And through the console: the job's detail shows the same time line.
        Console console;
        console.open(store->url());
        console.window->selectJob(job.id);
        QTRY_VERIFY_WITH_TIMEOUT(console.window->detailView()->current().has_value(), 10000);
        JobDetailView *view = console.window->detailView();
        view->setCurrentTab(JobDetailView::TimelineTab);
        const Timeline &shown = view->timeline()->timeline();
        QCOMPARE(shown.lanes.size(), 2);
        QCOMPARE(shown.lanes.at(0).lossText, QStringLiteral("lost to #2, expected v0, found v1"));
        QVERIFY(shown.lanes.at(1).winner);
        const QImage picture = view->timeline()->grab().toImage();
        QVERIFY(!picture.isNull());
        QVERIFY(picture.width() > 300);
    }

    void unknownAttemptShowsItsDeadline()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("late-1"));
        StartAttemptRequest req = makeStartRequest(job.id);
        req.deadlineMs = 60000;
        req.leaseMs = 60000;
        const Attempt a = claimAndStart(*svc, req).attempt;
        svc->markRunning(a.id, req.actor);
        svc->markUnknown(a.id, req.actor, QStringLiteral("deadline passed without a complete answer: curl 28"));
        const JobDetail detail = svc->jobDetail(job.id);
        QCOMPARE(detail.job.state, JobState::Blocked);
        const Timeline t = Timeline::build(detail, svc->nowMs() + 5000);
        QCOMPARE(t.lanes.size(), 1);
        const TimelineLane &lane = t.lanes.first();
        QVERIFY(lane.open);
        QCOMPARE(lane.segments.last().state, AttemptState::Unknown);
        QVERIFY(lane.stateText.startsWith(QStringLiteral("UNKNOWN for ")));
        QVERIFY2(lane.stateText.contains(QStringLiteral("(deadline passed without a complete answer)")), qPrintable(lane.stateText));
        QVERIFY(!lane.stateText.contains(QStringLiteral("curl"))); // the details are in the tool tip
        QVERIFY(lane.deadlineMs.has_value());
        QVERIFY(t.toMs >= *lane.deadlineMs); // an unknown attempt's deadline stays in view
        const TimelineGeometry g = TimelineGeometry::layout(t, QSizeF(700, 120), QFont());
        QVERIFY(g.lanes.first().deadlineX.has_value());
        QVERIFY(*g.lanes.first().deadlineX >= g.plot.left());
        QVERIFY(*g.lanes.first().deadlineX <= g.plot.right() + 0.5);
    }
};

QTEST_MAIN(TestUiTimeline)
#include "tst_ui_timeline.moc"
