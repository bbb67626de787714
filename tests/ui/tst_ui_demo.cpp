// The demo: started offscreen with the console, within 60 s the store holds
// every case of the console's issue, item 7: replays, a conflict, a blocked
// job with an unknown attempt waiting for an operator, a late answer after
// the deadline, a race loss with its winner, a failover to the proven
// provider past the unproven one, and one fallback with a passing contract
// validation and one without. Checked with JobService queries; on both stores.

#include "UiFixture.h"

#include "demo/Demo.h"

#include <QSignalSpy>
#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

namespace {

struct Cases
{
    bool replay = false;
    bool conflict = false;
    bool blocked = false;
    bool lateAnswer = false;
    bool raceLoss = false;
    bool failover = false;
    bool provenFallback = false;
    bool unprovenFallback = false;

    bool all() const { return replay && conflict && blocked && lateAnswer && raceLoss && failover && provenFallback && unprovenFallback; }
    QString missing() const
    {
        QStringList m;
        if (!replay) m.append(QStringLiteral("replay"));
        if (!conflict) m.append(QStringLiteral("conflict"));
        if (!blocked) m.append(QStringLiteral("blocked job with an unknown attempt"));
        if (!lateAnswer) m.append(QStringLiteral("late answer"));
        if (!raceLoss) m.append(QStringLiteral("race loss"));
        if (!failover) m.append(QStringLiteral("failover to the proven provider"));
        if (!provenFallback) m.append(QStringLiteral("passing validation"));
        if (!unprovenFallback) m.append(QStringLiteral("failing validation"));
        return m.join(QStringLiteral(", "));
    }
};

Cases look(JobService &svc)
{
    Cases c;
    for (const IdempotencyEvent &e : svc.idempotencyEvents(std::nullopt, 500)) {
        c.replay = c.replay || e.kind == IdempotencyEvent::Kind::Replayed;
        c.conflict = c.conflict || (e.kind == IdempotencyEvent::Kind::Conflict && !e.rejectedIntent.isEmpty());
    }
    JobFilter blocked;
    blocked.states = {JobState::Blocked};
    for (const Job &j : svc.jobs(blocked, std::nullopt, 20).jobs)
        for (const Attempt &a : svc.attempts(j.id))
            c.blocked = c.blocked || a.state == AttemptState::Unknown;
    for (const RaceLoss &l : svc.raceLosses()) {
        if (!l.winnerAttemptId)
            continue;
        const auto winner = svc.attempt(*l.winnerAttemptId);
        const auto loser = svc.attempt(l.attemptId);
        c.raceLoss = c.raceLoss
                     || (winner && loser && winner->state == AttemptState::Succeeded && loser->state == AttemptState::Superseded
                         && l.expectedVersion == 0 && l.foundVersion == 1 && loser->createdAtMs <= winner->createdAtMs);
    }
    JobFilter extract;
    extract.route = QStringLiteral("extract");
    extract.states = {JobState::Succeeded};
    for (const Job &j : svc.jobs(extract, std::nullopt, 20).jobs) {
        bool wasUnknown = false;
        bool thenWon = false;
        for (const AttemptEvent &e : svc.attemptEvents(j.id)) {
            wasUnknown = wasUnknown || e.toState == AttemptState::Unknown;
            thenWon = thenWon || (e.fromState == AttemptState::Unknown && e.toState == AttemptState::Succeeded);
        }
        c.lateAnswer = c.lateAnswer || (wasUnknown && thenWon);
    }
    JobFilter classify;
    classify.route = QStringLiteral("classify");
    classify.states = {JobState::Succeeded};
    for (const Job &j : svc.jobs(classify, std::nullopt, 20).jobs) {
        const QList<Attempt> a = svc.attempts(j.id);
        c.failover = c.failover
                     || (a.size() == 2 && a.at(0).provider == QLatin1String("flaky") && a.at(0).state == AttemptState::Failed
                         && a.at(1).provider == QLatin1String("backup") && a.at(1).state == AttemptState::Succeeded);
    }
    const auto backup = svc.latestValidation(QStringLiteral("backup"), QStringLiteral("classify"));
    const auto spare = svc.latestValidation(QStringLiteral("spare"), QStringLiteral("classify"));
    c.provenFallback = backup && backup->passed;
    c.unprovenFallback = spare && !spare->passed;
    return c;
}

} // namespace

class TestUiDemo : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

    void demoShowsEveryCaseWithinAMinute()
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
        QElapsedTimer clock;
        clock.start();
        console.window->show();
        demo.start();
        QTRY_VERIFY_WITH_TIMEOUT(!ready.isEmpty() || !failed.isEmpty(), 30000);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));

        auto svc = store->open();
        Cases cases;
        // Each look is a handful of queries; QTRY re-checks until all are there or the minute is up.
        QTRY_VERIFY2_WITH_TIMEOUT((cases = look(*svc)).all(), qPrintable(QStringLiteral("missing after %1 ms: %2")
                                                                             .arg(clock.elapsed())
                                                                             .arg(cases.missing())),
                                  60000);
        qInfo("every case of the demo in the store after %lld ms", static_cast<long long>(clock.elapsed()));
        QVERIFY(clock.elapsed() < 60000);
        // The console shows them: a blocked job counted in the sidebar, jobs in the table.
        QTRY_VERIFY_WITH_TIMEOUT(console.client->isConnected(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(console.jobs()->rowCount() + console.jobs()->pendingCount() > 5, 10000);
    }
};

QTEST_MAIN(TestUiDemo)
#include "tst_ui_demo.moc"
