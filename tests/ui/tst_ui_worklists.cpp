// The operator worklists of issue 8 through the console's widgets, after
// scripted scenarios through JobService: the on-call queue (timeouts ->
// unknown), race losses (a hedged reverse-order finish), both live and under
// QAbstractItemModelTester; "ask the provider now" and its "last asked"
// updating live; bulk cancel (a frozen set, a typed count above 20, an
// attempt that changed meanwhile skipped and reported, a double submit that
// cancels each attempt once, one audit row per attempt); a viewer's console
// cannot act. Both stores.

#include "UiFixture.h"

#include "models/SidebarModel.h"
#include "models/TextTableModel.h"
#include "views/JobDetailView.h"
#include "worklists/BulkCancelDialog.h"
#include "worklists/OperatorWorklists.h"
#include "worklists/RaceLossModel.h"
#include "worklists/RaceLossView.h"
#include "worklists/UnknownQueueModel.h"
#include "worklists/UnknownQueueView.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSet>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTest>
#include <QTreeWidget>

#include <atomic>
#include <memory>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

namespace {

constexpr auto kFatal = QAbstractItemModelTester::FailureReportingMode::Fatal;
const Actor kWorker = Actor::worker(QStringLiteral("w1"));

void recordProviders(JobService &svc)
{
    svc.recordProvider(QStringLiteral("primary"), QJsonObject{{QStringLiteral("status_lookup"), true}});
    svc.recordProvider(QStringLiteral("fallback"), QJsonObject{{QStringLiteral("status_lookup"), false}});
}

Attempt unknownAttempt(JobService &svc, const QString &key, const QString &provider = QStringLiteral("primary"),
                       const QString &reason = QStringLiteral("deadline passed without a complete answer"))
{
    const Job job = submitJob(svc, key);
    const Attempt a = startRunning(svc, job.id, provider);
    return svc.markUnknown(a.id, kWorker, reason);
}

// A hedged race finished in reverse order: the hedge (fallback) answers
// first and wins; the primary's late answer is a race loss.
struct HedgedRace
{
    Job job;
    Attempt primary;
    Attempt hedge;
    CompleteResult late;
};

// The race up to the hedge's win: the primary still running, its late
// answer not yet given (`late` is empty).
HedgedRace hedgeWins(JobService &svc, const QString &key)
{
    const Job job = submitJob(svc, key, 2);
    const Attempt primary = startRunning(svc, job.id, QStringLiteral("primary"));
    const Attempt hedge = startRunning(svc, job.id, QStringLiteral("fallback"), AttemptKind::Hedge);
    svc.complete(hedge.id, R"({"summary":"hedge first"})", kWorker);
    return {job, primary, hedge, {}};
}

HedgedRace hedgedReverseOrderFinish(JobService &svc, const QString &key)
{
    HedgedRace race = hedgeWins(svc, key);
    race.late = svc.complete(race.primary.id, R"({"summary":"primary late"})", kWorker);
    return race;
}

UnknownQueueView *showQueue(Console &console, const StoreUrl &url)
{
    console.open(url);
    console.window->showSidebarEntry(kUnknownQueueEntry);
    auto *view = console.window->findChild<UnknownQueueView *>(QStringLiteral("unknownQueueView"));
    return view && view->isVisible() ? view : nullptr;
}

RaceLossView *showRaceLosses(Console &console, const StoreUrl &url)
{
    console.open(url);
    console.window->showSidebarEntry(kRaceLossesEntry);
    auto *view = console.window->findChild<RaceLossView *>(QStringLiteral("raceLossView"));
    return view && view->isVisible() ? view : nullptr;
}

QString cell(const QAbstractItemModel *m, int row, int column)
{
    return m->data(m->index(row, column)).toString();
}

qint64 sidebarCount(Console &console, const QString &id)
{
    SidebarModel *s = console.window->sidebarModel();
    return s->data(s->indexOfId(id, SidebarModel::CountColumn), SidebarModel::CountRole).toLongLong();
}

// With JOBDESK_SCREENSHOT_DIR set, saves what the widget shows (to look at the views).
void maybeGrab(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("JOBDESK_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        w->grab().save(dir + u'/' + name + QStringLiteral(".png"));
}

int auditRows(JobService &svc, qint64 jobId, const QString &action)
{
    int n = 0;
    for (const AuditEntry &e : svc.auditLog(jobId))
        if (e.action == action)
            ++n;
    return n;
}

int transitionsTo(JobService &svc, qint64 jobId, qint64 attemptId, AttemptState state)
{
    int n = 0;
    for (const AttemptEvent &e : svc.attemptEvents(jobId))
        if (e.attemptId == attemptId && e.toState == state)
            ++n;
    return n;
}

} // namespace

class TestUiWorklists : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

    // Where an unknown attempt's request went decides who can settle it: only
    // a dispatcher with its provider at that endpoint asks, and an attempt that
    // records nowhere is settled by a result, never by a "no record". The
    // queue and the job's attempts say so (a review: nothing told the
    // operator an attempt was out of a reconciler's reach).
    void anUnknownAttemptShowsWhereItsRequestWent()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordProviders(*svc);
        const QString endpoint = QStringLiteral("openai http://127.0.0.1:8001/v1");
        const Job sentJob = submitJob(*svc, QStringLiteral("w-sent"));
        const StartAttemptRequest req = makeStartRequest(sentJob.id);
        const StartAttemptResult started = claimAndStart(*svc, req);
        QVERIFY(started.started);
        svc->markRunning(started.attempt.id, req.actor, 60000, 60000, endpoint);
        const Attempt sent = svc->markUnknown(started.attempt.id, kWorker, QStringLiteral("deadline passed"));
        const Attempt nowhere = unknownAttempt(*svc, QStringLiteral("w-nowhere"));

        Console console;
        UnknownQueueView *view = showQueue(console, store->url());
        QVERIFY(view);
        UnknownQueueModel *model = view->model();
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 2, 10000);
        QCOMPARE(model->data(model->index(0, 0), UnknownQueueModel::AttemptIdRole).toLongLong(), sent.id);
        const auto tip = [&](int row, int column) { return model->data(model->index(row, column), Qt::ToolTipRole).toString(); };
        QVERIFY2(tip(0, UnknownQueueModel::AttemptColumn).contains(endpoint), qPrintable(tip(0, UnknownQueueModel::AttemptColumn)));
        QCOMPARE(tip(0, UnknownQueueModel::LookupColumn),
                 QStringLiteral("Every dispatcher with primary asks the provider about this attempt; only one that has it "
                                "at %1 settles it on a \"no record\" answer.")
                     .arg(endpoint));
        QVERIFY2(tip(1, UnknownQueueModel::AttemptColumn).contains(QStringLiteral("does not record where its request went")),
                 qPrintable(tip(1, UnknownQueueModel::AttemptColumn)));
        QVERIFY2(tip(1, UnknownQueueModel::LookupColumn).contains(QStringLiteral("a \"no record\" answer never does")),
                 qPrintable(tip(1, UnknownQueueModel::LookupColumn)));

        JobDetailView *detail = console.window->detailView();
        const auto providerTip = [&] {
            return detail->attemptsModel()->data(detail->attemptsModel()->index(0, 1), Qt::ToolTipRole).toString();
        };
        console.window->selectJob(sent.jobId);
        QTRY_VERIFY_WITH_TIMEOUT(detail->current() && detail->current()->detail->job.id == sent.jobId, 10000);
        QCOMPARE(detail->current()->detail->sentTo.value(sent.id), endpoint);
        QCOMPARE(providerTip(), QStringLiteral("Its request went to %1").arg(endpoint));
        console.window->selectJob(nowhere.jobId);
        QTRY_VERIFY_WITH_TIMEOUT(detail->current() && detail->current()->detail->job.id == nowhere.jobId, 10000);
        QVERIFY(detail->current()->detail->sentTo.isEmpty());
        QVERIFY2(providerTip().contains(QStringLiteral("records no endpoint")), qPrintable(providerTip()));
    }

    void unknownQueueShowsTimedOutAttemptsAndFollowsChangesLive()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordProviders(*svc);
        const Attempt timedOut = unknownAttempt(*svc, QStringLiteral("q-1"));
        // A decided job's unknown attempt blocks nothing: never on the queue.
        const Job decided = submitJob(*svc, QStringLiteral("q-decided"), 2);
        const Attempt loser = startRunning(*svc, decided.id, QStringLiteral("primary"));
        const Attempt winner = startRunning(*svc, decided.id, QStringLiteral("fallback"), AttemptKind::Hedge);
        svc->complete(winner.id, R"({"summary":"hedge"})", kWorker);
        svc->markUnknown(loser.id, kWorker, QStringLiteral("deadline passed"));

        Console console;
        UnknownQueueView *view = showQueue(console, store->url());
        QVERIFY(view);
        UnknownQueueModel *model = view->model();
        QAbstractItemModelTester tester(model, kFatal);
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 1, 10000);
        QCOMPARE(model->data(model->index(0, 0), UnknownQueueModel::AttemptIdRole).toLongLong(), timedOut.id);
        QCOMPARE(cell(model, 0, UnknownQueueModel::JobColumn), QString::number(timedOut.jobId));
        QCOMPARE(cell(model, 0, UnknownQueueModel::AttemptColumn), QStringLiteral("#1 (id %1)").arg(timedOut.id));
        QCOMPARE(cell(model, 0, UnknownQueueModel::ProviderColumn), QStringLiteral("primary"));
        QCOMPARE(cell(model, 0, UnknownQueueModel::WhyColumn), QStringLiteral("deadline passed"));
        QCOMPARE(cell(model, 0, UnknownQueueModel::LookupColumn), QStringLiteral("yes"));
        QCOMPARE(cell(model, 0, UnknownQueueModel::LastAskedColumn), QStringLiteral("never"));
        QCOMPARE(cell(model, 0, UnknownQueueModel::KeyColumn), QStringLiteral("q-1"));
        QTRY_COMPARE_WITH_TIMEOUT(sidebarCount(console, kUnknownQueueEntry), qint64(1), 5000);

        // Live: a lost connection on another provider joins the queue below (oldest first) ...
        const Attempt lost = unknownAttempt(*svc, QStringLiteral("q-2"), QStringLiteral("fallback"),
                                            QStringLiteral("connection reset after the request was sent"));
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 2, 5000);
        QCOMPARE(model->data(model->index(1, 0), UnknownQueueModel::AttemptIdRole).toLongLong(), lost.id);
        QCOMPARE(cell(model, 1, UnknownQueueModel::WhyColumn), QStringLiteral("lost connection"));
        QTRY_COMPARE_WITH_TIMEOUT(sidebarCount(console, kUnknownQueueEntry), qint64(2), 5000);
        // ... a reconciler's lookup shows as "last asked" (it moves no change sequence) ...
        view->selectAttempts({lost.id});
        QVERIFY(view->findChild<QPushButton *>(QStringLiteral("openJobButton"))->isEnabled());
        QVERIFY(view->findChild<QPushButton *>(QStringLiteral("cancelSelectedButton"))->isEnabled());
        QVERIFY(!view->findChild<QPushButton *>(QStringLiteral("askNowButton"))->isEnabled()); // no status lookup there
        QCOMPARE(cell(model, 1, UnknownQueueModel::LookupColumn), QStringLiteral("no"));
        QVERIFY(model->data(model->index(1, UnknownQueueModel::LookupColumn), Qt::ToolTipRole).toString().contains(lost.providerKey));
        QCOMPARE(cell(model, 0, UnknownQueueModel::AnswerColumn), QString()); // not asked yet
        svc->recordLookup(timedOut.id, std::nullopt, LookupAnswer::NeverProcessed,
                          QStringLiteral("the provider has no record of key k; that is conclusive from 03:12:30 UTC"));
        QTRY_VERIFY_WITH_TIMEOUT(cell(model, 0, UnknownQueueModel::LastAskedColumn).contains(QStringLiteral("(lookups: 1)")), 5000);
        QCOMPARE(view->selectedAttempts(), QList<qint64>{lost.id}); // updated in place: the selection stays
        // ... with what the provider answered, and the dispatcher's note on it.
        QCOMPARE(cell(model, 0, UnknownQueueModel::AnswerColumn), QStringLiteral("no record of it yet (not conclusive yet)"));
        QVERIFY(model->data(model->index(0, UnknownQueueModel::AnswerColumn), Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("conclusive from 03:12:30 UTC")));
        QCOMPARE(model->headerData(UnknownQueueModel::AnswerColumn, Qt::Horizontal).toString(), QStringLiteral("Provider's answer"));
        maybeGrab(console.window.get(), QStringLiteral("unknown-queue-answer"));
        svc->recordLookup(timedOut.id, std::nullopt, LookupAnswer::InProgress);
        QTRY_COMPARE_WITH_TIMEOUT(cell(model, 0, UnknownQueueModel::AnswerColumn), QStringLiteral("still working on it"), 5000);
        svc->recordLookup(timedOut.id, std::nullopt, LookupAnswer::NoAnswer, QStringLiteral("timed out"));
        QTRY_COMPARE_WITH_TIMEOUT(cell(model, 0, UnknownQueueModel::AnswerColumn), QStringLiteral("no answer: the lookup failed"), 5000);
        // ... and the late result of the first one decides it: it leaves the queue.
        svc->complete(timedOut.id, R"({"summary":"late"})", kWorker);
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 1, 5000);
        QCOMPARE(model->data(model->index(0, 0), UnknownQueueModel::AttemptIdRole).toLongLong(), lost.id);
        QCOMPARE(view->selectedAttempts(), QList<qint64>{lost.id});

        // Filter by provider.
        auto *provider = view->findChild<QComboBox *>(QStringLiteral("providerFilter"));
        QVERIFY(provider->findData(QStringLiteral("fallback")) >= 0);
        provider->setCurrentIndex(provider->findData(QStringLiteral("fallback")));
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 1, 5000);
        unknownAttempt(*svc, QStringLiteral("q-3"), QStringLiteral("primary")); // not this provider
        const Attempt another = unknownAttempt(*svc, QStringLiteral("q-4"), QStringLiteral("fallback"));
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 2, 5000);
        QCOMPARE(model->data(model->index(1, 0), UnknownQueueModel::AttemptIdRole).toLongLong(), another.id);
        QTRY_COMPARE_WITH_TIMEOUT(sidebarCount(console, kUnknownQueueEntry), qint64(3), 5000); // the whole queue, not the filter
        provider->setCurrentIndex(0); // any provider: at once, without a read
        QCOMPARE(model->rowCount(), 3);

        maybeGrab(console.window.get(), QStringLiteral("unknown-queue"));
        // Open the job: the jobs page shows its detail.
        provider->setCurrentIndex(provider->findData(QStringLiteral("fallback")));
        QCOMPARE(model->rowCount(), 2);
        const QPoint at = view->table()->visualRect(model->index(1, UnknownQueueModel::JobColumn)).center();
        QTest::mouseClick(view->table()->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(view->table()->viewport(), Qt::LeftButton, {}, at);
        QTRY_VERIFY(console.window->detailView()->current() && console.window->detailView()->current()->jobId == another.jobId);
        QVERIFY(console.window->detailView()->isVisible());
        QVERIFY(!view->isVisible());
    }

    // A race loss that commits after a newer one is shown comes in at its
    // place (PostgreSQL draws the id first): it never appeared until F5.
    // PostgreSQL only: SQLite has one writer, and commits in id order.
    void aRaceLossCommittedAfterANewerOneStillComesIn()
    {
        JD_ONLY_ON("postgres", "SQLite commits in id order");
        JD_FRESH_STORE(store);
        auto svc = store->open();
        auto slow = store->open();
        const HedgedRace older = hedgeWins(*svc, QStringLiteral("older"));
        const Job &olderJob = older.job;
        slow->session().begin(); // the older loss: its id drawn now, committed last
        QCOMPARE(slow->complete(older.primary.id, R"({"summary":"primary late"})", kWorker).outcome, CompleteResult::Outcome::Lost);
        [[maybe_unused]] const auto [newerJob, p2, h2, late2] = hedgedReverseOrderFinish(*svc, QStringLiteral("newer"));

        Console console;
        RaceLossView *view = showRaceLosses(console, store->url());
        QVERIFY(view);
        RaceLossModel *model = view->model();
        QAbstractItemModelTester tester(model, kFatal);
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 1, 10000);
        QCOMPARE(cell(model, 0, RaceLossModel::JobColumn), QString::number(newerJob.id));
        slow->session().commit();
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 2, 10000);
        QCOMPARE(cell(model, 0, RaceLossModel::JobColumn), QString::number(newerJob.id)); // by id, newest first
        QCOMPARE(cell(model, 1, RaceLossModel::JobColumn), QString::number(olderJob.id));
    }

    void raceLossListShowsHedgedReverseOrderFinishAndFollowsLive()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        auto race = [&](const QString &key) { return hedgedReverseOrderFinish(*svc, key); };
        [[maybe_unused]] const auto [job1, primary1, hedge1, late1] = race(QStringLiteral("race-1"));
        QCOMPARE(late1.outcome, CompleteResult::Outcome::Lost);

        Console console;
        RaceLossView *view = showRaceLosses(console, store->url());
        QVERIFY(view);
        RaceLossModel *model = view->model();
        QAbstractItemModelTester tester(model, kFatal);
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 1, 10000);
        QCOMPARE(cell(model, 0, RaceLossModel::JobColumn), QString::number(job1.id));
        QCOMPARE(cell(model, 0, RaceLossModel::LoserColumn), QStringLiteral("#1 primary"));
        QCOMPARE(cell(model, 0, RaceLossModel::WinnerColumn), QStringLiteral("#2 fallback"));
        QCOMPARE(cell(model, 0, RaceLossModel::ExpectedColumn), QStringLiteral("v0"));
        QCOMPARE(cell(model, 0, RaceLossModel::FoundColumn), QStringLiteral("v1"));
        const QString digest = svc->raceLosses(job1.id).first().payloadDigest;
        QCOMPARE(digest.size(), 64);
        QCOMPARE(model->data(model->index(0, RaceLossModel::DigestColumn), Qt::ToolTipRole).toString(), digest);
        QVERIFY(digest.startsWith(cell(model, 0, RaceLossModel::DigestColumn).chopped(1)));
        QCOMPARE(cell(model, 0, RaceLossModel::KeyColumn), QStringLiteral("race-1"));
        QTRY_COMPARE_WITH_TIMEOUT(sidebarCount(console, kRaceLossesEntry), qint64(1), 5000);

        // Live: a new race loss comes in at the top.
        [[maybe_unused]] const auto [job2, primary2, hedge2, late2] = race(QStringLiteral("race-2"));
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 2, 5000);
        QCOMPARE(cell(model, 0, RaceLossModel::JobColumn), QString::number(job2.id));

        // Filters: by provider (the loser's or the winner's) and by time.
        view->setProviderFilter(QStringLiteral("elsewhere"));
        QTRY_VERIFY_WITH_TIMEOUT(model->rowCount() == 0 && !model->isLoading(), 5000);
        view->setProviderFilter(QStringLiteral("fallback"));
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 2, 5000);
        view->setSinceHours(1);
        QTRY_VERIFY_WITH_TIMEOUT(!model->isLoading() && model->rowCount() == 2, 5000);
        QVERIFY(model->filter().fromMs.has_value());

        maybeGrab(console.window.get(), QStringLiteral("race-losses"));
        // Open a loss on its time line.
        view->table()->selectionModel()->setCurrentIndex(model->index(1, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        auto *open = view->findChild<QPushButton *>(QStringLiteral("openTimelineButton"));
        QVERIFY(open->isEnabled());
        QTest::mouseClick(open, Qt::LeftButton);
        JobDetailView *detail = console.window->detailView();
        QTRY_VERIFY(detail->current() && detail->current()->jobId == job1.id);
        QVERIFY(detail->isVisible());
        QCOMPARE(detail->findChild<QTabWidget *>()->currentIndex(), int(JobDetailView::TimelineTab));
    }

    // More race losses than a page arrive while the list is hidden: the
    // re-read must not leave a hole between the new page and the old top row
    // (before the fix, losses 2..n-page were missing until F5).
    void raceLossBurstLargerThanAPageLeavesNoGap()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        QList<qint64> jobs;
        auto race = [&](const QString &key) {
            const HedgedRace r = hedgedReverseOrderFinish(*svc, key);
            QCOMPARE(r.late.outcome, CompleteResult::Outcome::Lost);
            jobs.prepend(r.job.id); // newest first, as the list shows them
        };
        race(QStringLiteral("burst-0"));

        Console console;
        RaceLossView *view = showRaceLosses(console, store->url());
        QVERIFY(view);
        RaceLossModel *model = view->model();
        model->setPageSize(3);
        QAbstractItemModelTester tester(model, kFatal);
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 1, 10000);

        console.window->showSidebarEntry(QStringLiteral("jobs")); // hidden: no re-read
        for (int i = 1; i <= 6; ++i)
            race(QStringLiteral("burst-%1").arg(i));
        console.window->showSidebarEntry(kRaceLossesEntry);
        QTRY_VERIFY_WITH_TIMEOUT(!model->isLoading() && model->rowCount() >= 3
                                     && cell(model, 0, RaceLossModel::JobColumn) == QString::number(jobs.first()),
                                 10000);
        for (int guard = 0; guard < 10 && model->canFetchMore({}); ++guard) {
            model->fetchMore({});
            QTRY_VERIFY_WITH_TIMEOUT(!model->isLoading(), 5000);
        }
        QStringList shown, expected;
        for (int r = 0; r < model->rowCount(); ++r)
            shown.append(cell(model, r, RaceLossModel::JobColumn));
        for (qint64 id : jobs)
            expected.append(QString::number(id));
        QCOMPARE(shown, expected);
    }

    void askProviderNowIsRecordedAndLastAskedFollowsLive()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordProviders(*svc);
        QList<Attempt> older;
        for (int i = 0; i < 4; ++i)
            older.append(unknownAttempt(*svc, QStringLiteral("ask-old-%1").arg(i)));
        const Attempt noLookup = unknownAttempt(*svc, QStringLiteral("ask-fallback"), QStringLiteral("fallback"));
        const Attempt target = unknownAttempt(*svc, QStringLiteral("ask-me"));

        Console console;
        UnknownQueueView *view = showQueue(console, store->url());
        QVERIFY(view);
        UnknownQueueModel *model = view->model();
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 6, 10000);
        auto *ask = view->findChild<QPushButton *>(QStringLiteral("askNowButton"));
        view->selectAttempts({noLookup.id});
        QVERIFY(!ask->isEnabled()); // its provider has no status lookup
        view->selectAttempts({target.id});
        QVERIFY(ask->isEnabled());
        QTest::mouseClick(ask, Qt::LeftButton);
        QVERIFY(!ask->isEnabled()); // one request at a time
        const int row = model->rowOfAttempt(target.id);
        QTRY_VERIFY_WITH_TIMEOUT(cell(model, model->rowOfAttempt(target.id), UnknownQueueModel::LastAskedColumn)
                                     .contains(QStringLiteral("waiting for the reconciler")),
                                 5000);
        QVERIFY(row >= 0);
        QCOMPARE(auditRows(*svc, target.jobId, QStringLiteral("request_lookup")), 1);
        QVERIFY(!model->data(model->index(model->rowOfAttempt(target.id), 0), UnknownQueueModel::CanAskRole).toBool());
        // The reconciler asks about it first, before the older ones ...
        const QList<Attempt> next = svc->unknownAttemptsToReconcile(2, {QStringLiteral("primary")}, false);
        QCOMPARE(next.first().id, target.id);
        // ... and when it has, the queue says so, live.
        svc->recordLookup(target.id);
        QTRY_VERIFY_WITH_TIMEOUT(!cell(model, model->rowOfAttempt(target.id), UnknownQueueModel::LastAskedColumn)
                                      .contains(QStringLiteral("waiting")),
                                 5000);
        QVERIFY(cell(model, model->rowOfAttempt(target.id), UnknownQueueModel::LastAskedColumn).contains(QStringLiteral("(lookups: 1)")));
        QCOMPARE(svc->attempt(target.id)->state, AttemptState::Unknown); // asking changes no state
    }

    void bulkCancelKeepsItsFrozenSetAndSkipsWhatChangedMeanwhile()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordProviders(*svc);
        QList<Attempt> shown;
        for (int i = 0; i < 3; ++i)
            shown.append(unknownAttempt(*svc, QStringLiteral("bulk-%1").arg(i)));
        // Two unknown attempts of one hedged job: the second is checked against the first one's cancel.
        const Job hedged = submitJob(*svc, QStringLiteral("bulk-hedged"), 2);
        const Attempt h1 = startRunning(*svc, hedged.id, QStringLiteral("primary"));
        const Attempt h2 = startRunning(*svc, hedged.id, QStringLiteral("fallback"), AttemptKind::Hedge);
        shown.append(svc->markUnknown(h1.id, kWorker, QStringLiteral("deadline passed")));
        shown.append(svc->markUnknown(h2.id, kWorker, QStringLiteral("deadline passed")));
        // One provider said it is still working on its request.
        svc->recordLookup(shown.at(1).id, std::nullopt, LookupAnswer::InProgress, QStringLiteral("provider: status=processing"));
        svc->recordLookup(shown.at(2).id, std::nullopt, LookupAnswer::InProgress, QStringLiteral("provider: status=processing"));
        // A lookup that failed after it does not take it back.
        svc->recordLookup(shown.at(2).id, std::nullopt, LookupAnswer::NoAnswer, QStringLiteral("HTTP 503"));

        Console console;
        UnknownQueueView *view = showQueue(console, store->url());
        QVERIFY(view);
        UnknownQueueModel *model = view->model();
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 5, 10000);
        BulkCancelDialog *dialog = view->openCancelAllShown();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        QCOMPARE(dialog->entries().size(), 5);
        QCOMPARE(dialog->jobCount(), 4);
        const QTreeWidget *preview = dialog->findChild<QTreeWidget *>(QStringLiteral("previewList"));
        QCOMPARE(preview->topLevelItemCount(), 5);
        // What each provider last answered is in the preview; "still working" stands out.
        int stillWorkingRows = 0;
        for (int i = 0; i < preview->topLevelItemCount(); ++i) {
            const QTreeWidgetItem *row = preview->topLevelItem(i);
            const qint64 id = row->data(0, Qt::UserRole).toLongLong();
            if (id == shown.at(1).id)
                QCOMPARE(row->text(4), QStringLiteral("still working on it"));
            else if (id == shown.at(2).id)
                QVERIFY2(row->text(4).startsWith(QStringLiteral("still working on it since "))
                             && row->text(4).endsWith(QStringLiteral("(the last lookup: no answer: the lookup failed)")),
                         qPrintable(row->text(4)));
            else
                QCOMPARE(row->text(4), QString());
            const bool working = id == shown.at(1).id || id == shown.at(2).id;
            QCOMPARE(row->font(4).bold(), working);
            stillWorkingRows += working ? 1 : 0;
        }
        QCOMPARE(stillWorkingRows, 2);
        // It does not promise a next attempt it has not checked: a job whose
        // route has no proven provider left is failed by the dispatcher.
        const QString consequence = dialog->findChild<QLabel *>(QStringLiteral("consequenceLabel"))->text();
        QVERIFY2(consequence.contains(QStringLiteral("no proven provider is left")) && consequence.contains(QStringLiteral("retry those yourself")),
                 qPrintable(consequence));
        // And what it costs: a run that counts for nothing may be billed, and the next attempt is charged again.
        QVERIFY2(consequence.contains(QStringLiteral("second charge")), qPrintable(consequence));
        QVERIFY2(consequence.contains(QStringLiteral("2 of these providers said they are still working on the request")),
                 qPrintable(consequence));
        const QString countText = dialog->findChild<QLabel *>(QStringLiteral("countLabel"))->text();
        QVERIFY2(countText.startsWith(QStringLiteral("5 unknown attempt")) && countText.contains(QStringLiteral("of 4 job")),
                 qPrintable(countText));
        QVERIFY(!dialog->needsTypedCount());
        QVERIFY(!dialog->findChild<QLineEdit *>(QStringLiteral("confirmCountEdit"))->isVisible());
        auto *ok = dialog->findChild<QPushButton *>(QStringLiteral("okButton"));
        QVERIFY(!ok->isEnabled()); // a reason is required
        maybeGrab(dialog, QStringLiteral("bulk-preview"));

        // Meanwhile: another attempt goes unknown (the queue shows it, the set stays as it was) ...
        const Attempt newcomer = unknownAttempt(*svc, QStringLiteral("bulk-later"));
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 6, 5000);
        QCOMPARE(dialog->entries().size(), 5);
        // ... and the late result of one in the set arrives: its job changed.
        svc->complete(shown.at(1).id, R"({"summary":"late but fine"})", kWorker);

        dialog->findChild<QPlainTextEdit *>(QStringLiteral("reasonEdit"))->setPlainText(QStringLiteral("provider outage 10:00-10:20"));
        QVERIFY(ok->isEnabled());
        QTest::mouseClick(ok, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->isFinished(), 10000);
        QCOMPARE(dialog->count(BulkCancelDialog::Outcome::Cancelled), 4);
        QCOMPARE(dialog->count(BulkCancelDialog::Outcome::Skipped), 1);
        QCOMPARE(dialog->count(BulkCancelDialog::Outcome::Failed), 0);
        const BulkCancelDialog::Entry &skipped = dialog->entries().at(1);
        QCOMPARE(skipped.item.attempt.id, shown.at(1).id);
        QCOMPARE(skipped.outcome, BulkCancelDialog::Outcome::Skipped);
        QVERIFY2(skipped.why.contains(QStringLiteral("changed since you looked")), qPrintable(skipped.why));
        // The result list says which were cancelled and which skipped, with why.
        auto *results = dialog->findChild<QTreeWidget *>(QStringLiteral("resultList"));
        QVERIFY(results->isVisible());
        QCOMPARE(results->topLevelItemCount(), 5);
        QVERIFY(results->topLevelItem(1)->text(2).startsWith(QStringLiteral("skipped")));
        QCOMPARE(results->topLevelItem(1)->text(3), skipped.why);
        QCOMPARE(dialog->findChild<QLabel *>(QStringLiteral("resultDetail"))->text(), skipped.why); // in full
        QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("summaryLabel"))->text().contains(QStringLiteral("Cancelled 4, skipped 1")));
        maybeGrab(dialog, QStringLiteral("bulk-result"));

        // The store: each cancelled attempt once, one audit row each with its own request id; the rest untouched.
        QSet<QString> requestIds;
        for (int i : {0, 2, 3, 4}) {
            QCOMPARE(svc->attempt(shown.at(i).id)->state, AttemptState::Cancelled);
            QCOMPARE(transitionsTo(*svc, shown.at(i).jobId, shown.at(i).id, AttemptState::Cancelled), 1);
            for (const AuditEntry &e : svc->auditLog(shown.at(i).jobId))
                if (e.attemptId == shown.at(i).id) {
                    QCOMPARE(e.action, QStringLiteral("cancel_attempt"));
                    QCOMPARE(e.reason, QStringLiteral("provider outage 10:00-10:20"));
                    QCOMPARE(e.requestId, BulkCancelDialog::requestIdFor(dialog->bulkId(), shown.at(i).id));
                    requestIds.insert(e.requestId);
                }
        }
        QCOMPARE(requestIds.size(), 4);
        QCOMPARE(auditRows(*svc, hedged.id, QStringLiteral("cancel_attempt")), 2);
        QCOMPARE(svc->attempt(shown.at(1).id)->state, AttemptState::Succeeded);
        QCOMPARE(svc->auditLog(shown.at(1).jobId).size(), 0);
        QCOMPARE(svc->attempt(newcomer.id)->state, AttemptState::Unknown);
        // The queue follows: only the newcomer is left.
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 1, 5000);
        QCOMPARE(model->data(model->index(0, 0), UnknownQueueModel::AttemptIdRole).toLongLong(), newcomer.id);
    }

    void bulkCancelAboveTwentyAsksToTypeTheCountAndADoubleSubmitCancelsOnce()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordProviders(*svc);
        constexpr int kMany = BulkCancelDialog::kTypedConfirmationAbove + 1;
        QList<Attempt> attempts;
        for (int i = 0; i < kMany; ++i)
            attempts.append(unknownAttempt(*svc, QStringLiteral("many-%1").arg(i)));

        Console console;
        UnknownQueueView *view = showQueue(console, store->url());
        QVERIFY(view);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), kMany, 10000);

        // Exactly 20 asks for no typed count.
        view->table()->selectAll();
        QList<qint64> twenty = view->selectedAttempts().mid(0, BulkCancelDialog::kTypedConfirmationAbove);
        view->selectAttempts(twenty);
        BulkCancelDialog *small = view->openCancelSelected();
        QVERIFY(small && !small->needsTypedCount());
        QCOMPARE(small->entries().size(), BulkCancelDialog::kTypedConfirmationAbove);
        small->reject();

        // 21: OK waits for the typed count.
        BulkCancelDialog *dialog = view->openCancelAllShown();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        QVERIFY(dialog->needsTypedCount());
        auto *confirm = dialog->findChild<QLineEdit *>(QStringLiteral("confirmCountEdit"));
        auto *ok = dialog->findChild<QPushButton *>(QStringLiteral("okButton"));
        QVERIFY(confirm->isVisible());
        maybeGrab(dialog, QStringLiteral("bulk-typed-count"));
        dialog->findChild<QPlainTextEdit *>(QStringLiteral("reasonEdit"))->setPlainText(QStringLiteral("provider outage"));
        QVERIFY(!ok->isEnabled());
        confirm->setText(QString::number(kMany - 1));
        QVERIFY(!ok->isEnabled());
        confirm->setText(QString::number(kMany));
        QVERIFY(ok->isEnabled());
        // A double click: one action (the button is off once the cancels are on their way).
        QTest::mouseClick(ok, Qt::LeftButton);
        QVERIFY(!ok->isEnabled());
        QTest::mouseClick(ok, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->isFinished(), 20000);
        QCOMPARE(dialog->count(BulkCancelDialog::Outcome::Cancelled), kMany);
        auto *progress = dialog->findChild<QProgressBar *>(QStringLiteral("progressBar"));
        QCOMPARE(progress->value(), kMany);

        // Sent again by the same operator (a re-submit after a lost connection
        // sends the same request ids): replays, nothing new. Anyone else is
        // refused the id.
        for (const Attempt &a : attempts) {
            OperatorRequest req = operatorRequest(QStringLiteral("provider outage"));
            req.actor = console.client->actor();
            req.requestId = BulkCancelDialog::requestIdFor(dialog->bulkId(), a.id);
            QVERIFY(svc->cancelAttempt(a.id, req).replayed);
            req.actor = Actor::operatorUser(QStringLiteral("someone-else"));
            JD_VERIFY_THROWS_CODE(svc->cancelAttempt(a.id, req), JobDeskError::Code::InvalidArgument);
        }
        for (const Attempt &a : attempts) {
            QCOMPARE(svc->attempt(a.id)->state, AttemptState::Cancelled);
            QCOMPARE(transitionsTo(*svc, a.jobId, a.id, AttemptState::Cancelled), 1);
            QCOMPARE(auditRows(*svc, a.jobId, QStringLiteral("cancel_attempt")), 1);
        }
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 0, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(sidebarCount(console, kUnknownQueueEntry), qint64(0), 5000);
    }

    void doubleSubmitThroughTheAnswerSeamCancelsEachOnce()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordProviders(*svc);
        const Attempt a = unknownAttempt(*svc, QStringLiteral("seam-1"));
        const Attempt b = unknownAttempt(*svc, QStringLiteral("seam-2"));
        Console console;
        UnknownQueueView *view = showQueue(console, store->url());
        QVERIFY(view);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 2, 10000);
        view->selectAttempts({b.id});
        BulkCancelDialog::setNextAnswer({true, QStringLiteral("customer asked to stop"), {}, 2});
        BulkCancelDialog *dialog = view->openCancelSelected();
        QVERIFY(dialog);
        QCOMPARE(dialog->entries().size(), 1);
        QCOMPARE(dialog->windowTitle(), QStringLiteral("Cancel attempt #1 of job %1?").arg(b.jobId));
        QTRY_VERIFY_WITH_TIMEOUT(dialog->isFinished(), 10000);
        QCOMPARE(transitionsTo(*svc, b.jobId, b.id, AttemptState::Cancelled), 1);
        QCOMPARE(auditRows(*svc, b.jobId, QStringLiteral("cancel_attempt")), 1);
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Unknown); // not selected, not touched
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 1, 5000);
    }

    void bulkCancelSentAgainAfterALostConnectionCancelsEachOnce()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordProviders(*svc);
        QList<Attempt> attempts;
        for (int i = 0; i < 3; ++i)
            attempts.append(unknownAttempt(*svc, QStringLiteral("lost-%1").arg(i)));
        Console console;
        UnknownQueueView *view = showQueue(console, store->url());
        QVERIFY(view);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 3, 10000);
        // The connection drops as the second cancel is sent.
        auto sent = std::make_shared<std::atomic<int>>(0);
        console.client->setQueryHook([sent](const char *what) {
            if (qstrcmp(what, "bulk cancel attempt") == 0 && sent->fetch_add(1) == 1)
                throw JobDeskError(JobDeskError::Code::StoreUnavailable, QStringLiteral("connection reset by peer"));
        });
        BulkCancelDialog *dialog = view->openCancelAllShown();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        dialog->findChild<QPlainTextEdit *>(QStringLiteral("reasonEdit"))->setPlainText(QStringLiteral("provider outage"));
        auto *ok = dialog->findChild<QPushButton *>(QStringLiteral("okButton"));
        QTest::mouseClick(ok, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isRunning(), 10000);
        QVERIFY(dialog->count(BulkCancelDialog::Outcome::Failed) >= 1);
        QVERIFY(!dialog->isFinished());
        QVERIFY2(ok->text().contains(QStringLiteral("again")), qPrintable(ok->text()));
        // Back online: the failed ones go again under their own request ids.
        QTRY_VERIFY_WITH_TIMEOUT(ok->isEnabled(), 10000);
        QTest::mouseClick(ok, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->isFinished(), 10000);
        QCOMPARE(dialog->count(BulkCancelDialog::Outcome::Cancelled), 3);
        for (const Attempt &a : attempts) {
            QCOMPARE(svc->attempt(a.id)->state, AttemptState::Cancelled);
            QCOMPARE(transitionsTo(*svc, a.jobId, a.id, AttemptState::Cancelled), 1);
            QCOMPARE(auditRows(*svc, a.jobId, QStringLiteral("cancel_attempt")), 1);
        }
    }

    // Two unknown attempts of one job in one bulk cancel; the first cancel
    // commits but its answer is lost. Before: the second went out with the
    // job's old change number, came back "changed meanwhile", was skipped
    // and never sent again, so the job stayed blocked. Now it is held back
    // and goes after the first one's re-send (a replay): both cancelled once.
    void bulkCancelAfterALostAnswerStillCancelsTheJobsOtherAttempt()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordProviders(*svc);
        const Job job = submitJob(*svc, QStringLiteral("two-unknown"), 2);
        const Attempt primary = startRunning(*svc, job.id, QStringLiteral("primary"));
        const Attempt hedge = startRunning(*svc, job.id, QStringLiteral("primary"), AttemptKind::Hedge);
        svc->markUnknown(primary.id, kWorker, QStringLiteral("deadline passed"));
        svc->markUnknown(hedge.id, kWorker, QStringLiteral("deadline passed"));
        Console console;
        UnknownQueueView *view = showQueue(console, store->url());
        QVERIFY(view);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 2, 10000);
        BulkCancelDialog *dialog = view->openCancelAllShown();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        QCOMPARE(dialog->entries().size(), 2);
        const qint64 first = dialog->entries().at(0).item.attempt.id;
        const qint64 seenSeq = dialog->entries().at(0).item.jobChangeSeq;
        const QString requestId = BulkCancelDialog::requestIdFor(dialog->bulkId(), first);
        const Actor actor = console.client->actor();
        const QString reason = QStringLiteral("provider outage");
        // The first cancel reaches the database and commits; its answer is lost.
        auto sent = std::make_shared<std::atomic<int>>(0);
        console.client->setQueryHook([sent, &store, first, seenSeq, requestId, actor, reason](const char *what) {
            if (qstrcmp(what, "bulk cancel attempt") != 0 || sent->fetch_add(1) != 0)
                return;
            auto own = store->open(); // the worker thread's own connection
            OperatorRequest req;
            req.actor = actor;
            req.requestId = requestId;
            req.reason = reason;
            req.seenChangeSeq = seenSeq;
            own->cancelAttempt(first, req);
            throw JobDeskError(JobDeskError::Code::StoreUnavailable, QStringLiteral("connection reset after the commit"));
        });
        dialog->findChild<QPlainTextEdit *>(QStringLiteral("reasonEdit"))->setPlainText(reason);
        auto *ok = dialog->findChild<QPushButton *>(QStringLiteral("okButton"));
        QTest::mouseClick(ok, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog->isRunning(), 10000);
        QCOMPARE(dialog->count(BulkCancelDialog::Outcome::Skipped), 0);
        QCOMPARE(dialog->count(BulkCancelDialog::Outcome::Failed), 2);
        QTRY_VERIFY_WITH_TIMEOUT(ok->isEnabled(), 10000);
        QTest::mouseClick(ok, Qt::LeftButton); // back online: OK sends both again
        QTRY_VERIFY_WITH_TIMEOUT(dialog->isFinished(), 10000);
        QCOMPARE(dialog->count(BulkCancelDialog::Outcome::Cancelled), 2);
        for (const Attempt &a : {primary, hedge}) {
            QCOMPARE(svc->attempt(a.id)->state, AttemptState::Cancelled);
            QCOMPARE(transitionsTo(*svc, job.id, a.id, AttemptState::Cancelled), 1);
        }
        QCOMPARE(auditRows(*svc, job.id, QStringLiteral("cancel_attempt")), 2);
        QVERIFY(svc->job(job.id)->state != JobState::Blocked);
    }

    void viewerConsoleCannotCancelOrAsk()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordProviders(*svc);
        unknownAttempt(*svc, QStringLiteral("viewer-1"));
        Console console;
        console.client->setIdentityHook([](SessionIdentity &id) {
            id.role = Role::Viewer;
            id.roleName = QStringLiteral("jobdesk_viewer");
        });
        UnknownQueueView *view = showQueue(console, store->url());
        QVERIFY(view);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 1, 10000); // it may read
        view->table()->selectAll();
        for (const char *name : {"cancelSelectedButton", "cancelAllShownButton", "askNowButton"})
            QVERIFY2(!view->findChild<QPushButton *>(QLatin1String(name))->isEnabled(), name);
        QVERIFY(view->findChild<QPushButton *>(QStringLiteral("cancelAllShownButton"))->toolTip().contains(QStringLiteral("jobdesk_viewer")));
        QVERIFY(!view->openCancelAllShown());
    }
};

QTEST_MAIN(TestUiWorklists)
#include "tst_ui_worklists.moc"
