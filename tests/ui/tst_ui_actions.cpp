// Operator actions end to end through the widgets, each dialog answered
// through ActionDialog::setNextAnswer (never a nested event loop): cancel an
// unknown attempt (attempt cancelled, audit row, job no longer blocked), then
// Retry starts attempt 2; Retry while an attempt is unknown is refused with
// that attempt named; a double-clicked OK starts one attempt; an action on a
// stale view changes nothing; a viewer's console cannot act; a refused action
// says why in Tamil. Both stores.

#include "UiFixture.h"

#include "ConsoleSettings.h"
#include "Format.h"
#include "dialogs/ActionDialogs.h"
#include "models/TextTableModel.h"
#include "views/ConnectionBanner.h"
#include "views/JobDetailView.h"

#include <QAction>
#include <QScopeGuard>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QPointer>
#include <QTest>
#include <QTreeWidget>

#include <condition_variable>
#include <mutex>

using namespace jobdesk;
using namespace jobdesk::test;
using namespace jobdesk::ui;

namespace {

QPushButton *button(QWidget *root, const QString &name)
{
    return root->findChild<QPushButton *>(name);
}

int auditRows(JobService &svc, qint64 jobId, const QString &action)
{
    int n = 0;
    for (const AuditEntry &e : svc.auditLog(jobId))
        if (e.action == action)
            ++n;
    return n;
}

// Opens the console on the job and waits until its detail is shown.
void showJob(Console &console, const StoreUrl &url, qint64 jobId)
{
    console.open(url);
    QTRY_VERIFY(console.client->isConnected());
    console.window->selectJob(jobId);
    QTRY_VERIFY(console.window->detailView()->current() && console.window->detailView()->current()->jobId == jobId);
}

// Holds the console's worker at one named read or action (StoreWorker's query
// hook) until the test lets it go; rearmed, it may make that step fail.
struct WorkerGate
{
    std::mutex mutex;
    std::condition_variable cv;
    bool hold = true;
    bool fail = false;
    bool reached = false;

    void pass() // on the worker's thread
    {
        std::unique_lock lock(mutex);
        reached = true;
        cv.notify_all();
        cv.wait(lock, [&] { return !hold; });
        if (fail)
            throw JobDeskError(JobDeskError::Code::StoreError, QStringLiteral("canceling statement due to statement timeout"));
    }
    void open()
    {
        std::lock_guard lock(mutex);
        hold = false;
        cv.notify_all();
    }
    void rearm(bool failing)
    {
        std::lock_guard lock(mutex);
        hold = true;
        fail = failing;
        reached = false;
    }
    bool waitReached()
    {
        std::unique_lock lock(mutex);
        return cv.wait_for(lock, std::chrono::seconds(10), [&] { return reached; });
    }
};

std::shared_ptr<WorkerGate> holdWorkerAt(Console &console, const char *step)
{
    auto gate = std::make_shared<WorkerGate>();
    console.client->setQueryHook([gate, step](const char *what) {
        if (qstrcmp(what, step) == 0)
            gate->pass();
    });
    return gate;
}

} // namespace

class TestUiActions : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void initTestCase() { isolateSettings(); }

    void cancelUnknownAttemptThenRetry()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordDemoConfig(*svc);
        const auto [job, unknown] = blockedJob(*svc, QStringLiteral("act-1"));
        QCOMPARE(job.state, JobState::Blocked);

        // Polls are rare here: what the view shows after an action comes from the action's own result.
        Console console(fastOptions(60000));
        showJob(console, store->url(), job.id);
        JobDetailView *view = console.window->detailView();
        QPushButton *cancel = button(view, QStringLiteral("cancelAttemptButton_1"));
        QVERIFY(cancel);
        QVERIFY(cancel->isEnabled());
        QVERIFY(!button(view, QStringLiteral("retryButton"))->isEnabled());

        ActionDialog::setNextAnswer({true, QStringLiteral("provider confirmed it never ran the request"), {}, 1});
        QSignalSpy done(view, &JobDetailView::actionDone);
        QTest::mouseClick(cancel, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 10000);
        QCOMPARE(done.first().first().value<ActionResult>().outcome, ActionResult::Outcome::Done);

        QCOMPARE(svc->attempt(unknown.id)->state, AttemptState::Cancelled);
        const QList<AuditEntry> audit = svc->auditLog(job.id);
        QCOMPARE(audit.size(), 1);
        QCOMPARE(audit.first().action, QStringLiteral("cancel_attempt"));
        QCOMPARE(audit.first().attemptId, std::optional<qint64>(unknown.id));
        QCOMPARE(audit.first().reason, QStringLiteral("provider confirmed it never ran the request"));
        QCOMPARE(audit.first().actorKind, QStringLiteral("operator"));
        QVERIFY(svc->job(job.id)->state != JobState::Blocked);
        // The view already shows it, with no poll in between.
        QCOMPARE(view->current()->detail->job.state, svc->job(job.id)->state);
        QCOMPARE(view->auditModel()->rowCount(), 1);
        QTRY_VERIFY(button(view, QStringLiteral("retryButton")) && button(view, QStringLiteral("retryButton"))->isEnabled());
        QCOMPARE(console.jobs()->rowAt(console.jobs()->rowOfJob(job.id))->job.state, svc->job(job.id)->state);

        // Retry: the proven provider is preselected; the unproven ones say so.
        QTest::mouseClick(button(view, QStringLiteral("retryButton")), Qt::LeftButton);
        auto *retry = findTopLevel<RetryDialog>(QStringLiteral("retryDialog"));
        QVERIFY(retry);
        QCOMPARE(retry->selectedProvider(), QStringLiteral("fallback"));
        auto *providers = retry->findChild<QTreeWidget *>(QStringLiteral("providerList"));
        QVERIFY(providers);
        QCOMPARE(providers->topLevelItemCount(), 3);
        for (int i = 0; i < providers->topLevelItemCount(); ++i) {
            const QTreeWidgetItem *item = providers->topLevelItem(i);
            if (item->text(0) == QLatin1String("fallback"))
                QVERIFY2(item->text(1).startsWith(QStringLiteral("proven until")), qPrintable(item->text(1)));
            else
                QVERIFY2(item->text(1).contains(QStringLiteral("no contract validation")), qPrintable(item->text(1)));
        }
        QVERIFY(retry->guardAllows());
        auto *ok = retry->findChild<QPushButton *>(QStringLiteral("okButton"));
        QVERIFY(!ok->isEnabled()); // a reason is required
        retry->findChild<QPlainTextEdit *>(QStringLiteral("reasonEdit"))->setPlainText(QStringLiteral("customer still waiting"));
        QVERIFY(ok->isEnabled());
        QTest::mouseClick(ok, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 2, 10000);
        const QList<Attempt> attempts = svc->attempts(job.id);
        QCOMPARE(attempts.size(), 2);
        QCOMPARE(attempts.at(1).attemptNo, 2);
        QCOMPARE(attempts.at(1).kind, AttemptKind::Retry);
        QCOMPARE(attempts.at(1).provider, QStringLiteral("fallback"));
        QCOMPARE(auditRows(*svc, job.id, QStringLiteral("retry")), 1);
        QCOMPARE(view->attemptsModel()->rowCount(), 2);
    }

    // The operator selects another job; its detail read is slow, or fails.
    // Until it is here, nothing may act on the job still on screen (found by
    // a review: Ctrl+K cancelled the unknown attempt of the job shown before,
    // and the dispatcher then sent that job's intent again).
    void actionsWaitForTheSelectedJobsDetail()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordDemoConfig(*svc);
        const auto [a, unknownA] = blockedJob(*svc, QStringLiteral("sel-a"));
        const auto [b, unknownB] = blockedJob(*svc, QStringLiteral("sel-b"));
        Console console(fastOptions(60000));
        showJob(console, store->url(), a.id);
        JobDetailView *view = console.window->detailView();
        QAction *cancelAction = console.window->findChild<QAction *>(QStringLiteral("cancelAttemptAction"));
        QVERIFY(cancelAction && cancelAction->isEnabled());
        QVERIFY(button(view, QStringLiteral("cancelAttemptButton_1")));

        // The worker holds the next detail read until the test lets it go.
        const std::shared_ptr<WorkerGate> gate = holdWorkerAt(console, "job detail");
        auto opener = qScopeGuard([gate] { gate->open(); }); // never leave the worker waiting

        console.window->selectJob(b.id);
        QVERIFY(gate->waitReached()); // B's read is under way, and held
        auto nothingActs = [&] {
            QVERIFY(!view->current());
            QCOMPARE(view->attemptsModel()->rowCount(), 0); // none of the other job's attempts under this header
            QVERIFY(!cancelAction->isEnabled());
            QVERIFY(!console.window->findChild<QAction *>(QStringLiteral("retryAction"))->isEnabled());
            QVERIFY(!console.window->findChild<QAction *>(QStringLiteral("cancelJobAction"))->isEnabled());
            for (const char *name : {"cancelAttemptButton_1", "retryButton", "cancelJobButton"}) {
                const QPushButton *shown = button(view, QLatin1String(name)); // gone, or going (deleteLater)
                QVERIFY2(!shown || (!shown->isEnabled() && !shown->isVisible()), name);
            }
            QVERIFY(!view->openCancelAttempt());
            QVERIFY(!view->openRetry());
            QVERIFY(!view->openCancelJob());
        };
        nothingActs();
        QVERIFY(view->findChild<QLabel *>(QStringLiteral("detailHeader"))->text().contains(QString::number(b.id)));
        cancelAction->trigger(); // Ctrl+K
        QVERIFY(!findTopLevel<CancelAttemptDialog>(QStringLiteral("cancelAttemptDialog")));

        gate->open();
        QTRY_VERIFY_WITH_TIMEOUT(view->current() && view->current()->jobId == b.id, 10000);
        QVERIFY(cancelAction->isEnabled());

        // Back to A, and A's read fails: B's detail is not acted on either.
        gate->rearm(/*failing*/ true);
        console.window->selectJob(a.id);
        QVERIFY(gate->waitReached());
        gate->open();
        QTRY_VERIFY_WITH_TIMEOUT(view->findChild<QLabel *>(QStringLiteral("detailHeader"))->text().contains(QStringLiteral("could not be read")),
                                 10000);
        nothingActs();
        QCOMPARE(svc->attempt(unknownA.id)->state, AttemptState::Unknown);
        QCOMPARE(svc->attempt(unknownB.id)->state, AttemptState::Unknown);
        console.client->setQueryHook({});
    }

    // The cancel confirmation says what it may cost: a run of the provider
    // that counts for nothing, and a second charge for the next attempt; and,
    // first, that the provider said it is still working on the request
    // (found by a review: the detail did not carry that answer, and the
    // dialog read as if cancelling were free).
    void cancellingAnAttemptItsProviderIsStillWorkingOnSaysSo()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordDemoConfig(*svc);
        const auto [job, unknown] = blockedJob(*svc, QStringLiteral("working-1"));
        const auto [quiet, quietUnknown] = blockedJob(*svc, QStringLiteral("working-2"));
        svc->recordLookup(unknown.id, std::nullopt, LookupAnswer::InProgress, QStringLiteral("provider: status=processing"));
        const Attempt asked = *svc->attempt(unknown.id);
        QVERIFY(asked.lastLookupAtMs);
        // A later lookup that fails does not take it back (as the stale-view check does not).
        svc->recordLookup(unknown.id, std::nullopt, LookupAnswer::NoAnswer, QStringLiteral("HTTP 503"));

        Console console(fastOptions(60000));
        showJob(console, store->url(), job.id);
        JobDetailView *view = console.window->detailView();
        QCOMPARE(view->current()->detail->inProgressSinceMs.value(unknown.id), *asked.lastLookupAtMs);
        ActionDialog *dialog = view->openCancelAttempt();
        QVERIFY(dialog);
        const QString text = dialog->findChild<QLabel *>(QStringLiteral("consequenceLabel"))->text();
        QVERIFY2(text.contains(QStringLiteral("%1 said at %2 that it is still working on this request")
                                   .arg(unknown.provider, Format::time(*asked.lastLookupAtMs))),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("second charge")), qPrintable(text));
        dialog->reject();

        // Not asked: no such claim, the cost still said.
        console.window->selectJob(quiet.id);
        QTRY_VERIFY(view->current() && view->current()->jobId == quiet.id);
        QVERIFY(view->current()->detail->inProgressSinceMs.isEmpty());
        dialog = view->openCancelAttempt();
        QVERIFY(dialog);
        const QString quietText = dialog->findChild<QLabel *>(QStringLiteral("consequenceLabel"))->text();
        QVERIFY2(!quietText.contains(QStringLiteral("still working")), qPrintable(quietText));
        QVERIFY2(quietText.contains(QStringLiteral("second charge")), qPrintable(quietText));
        dialog->reject();
    }

    // The retry commits, its answer is lost on the way back (the connection
    // drops): OK sends the same request again, which must be the same retry.
    // Found by a review: the provider list stayed open, another provider made
    // it a different request under the same id, refused as "already used"
    // and treated as not known whether it took effect, so OK came back and
    // the dialog looped, never saying the first retry had started.
    void aRetryWhoseAnswerWasLostIsSentAgainAsTheSameRetry()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordDemoConfig(*svc);
        const auto [job, unknown] = blockedJob(*svc, QStringLiteral("lost-answer"));
        svc->cancelAttempt(unknown.id, operatorRequest(QStringLiteral("provider confirmed it never ran")));
        Console console(fastOptions(60000));
        showJob(console, store->url(), job.id);
        JobDetailView *view = console.window->detailView();
        auto *dialog = qobject_cast<RetryDialog *>(view->openRetry());
        QVERIFY(dialog);
        const QString provider = dialog->selectedProvider();
        QVERIFY(!provider.isEmpty());
        // The first send commits through another connection, then "loses" its answer.
        const StoreUrl url = store->url();
        const QString requestId = dialog->requestId();
        const qint64 seen = view->current()->detail->job.changeSeq;
        const Actor actor = console.client->actor();
        auto once = std::make_shared<std::atomic<bool>>(true);
        console.client->setQueryHook([=](const char *what) {
            if (qstrcmp(what, "retry") != 0 || !once->exchange(false))
                return;
            OperatorRequest first = operatorRequest(QStringLiteral("customer still waiting"));
            first.actor = actor;
            first.requestId = requestId;
            first.seenChangeSeq = seen;
            JobService::open(url)->retry(job.id, provider, first);
            throw JobDeskError(JobDeskError::Code::StoreUnavailable, QStringLiteral("server closed the connection unexpectedly"));
        });
        QSignalSpy finished(console.client.get(), &StoreClient::actionFinished);
        dialog->findChild<QPlainTextEdit *>(QStringLiteral("reasonEdit"))->setPlainText(QStringLiteral("customer still waiting"));
        auto *ok = dialog->findChild<QPushButton *>(QStringLiteral("okButton"));
        QTest::mouseClick(ok, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
        QCOMPARE(finished.at(0).first().value<ActionResult>().outcome, ActionResult::Outcome::Failed);
        QCOMPARE(svc->attempts(job.id).size(), 2); // it did start
        QVERIFY(dialog->findChild<QPlainTextEdit *>(QStringLiteral("reasonEdit"))->isReadOnly()); // the same request, as sent
        // The provider is the request's now: the list cannot move it elsewhere.
        auto *list = dialog->findChild<QTreeWidget *>(QStringLiteral("providerList"));
        QVERIFY(!list->isEnabled());
        QCOMPARE(dialog->selectedProvider(), provider);
        QTRY_VERIFY_WITH_TIMEOUT(ok->isEnabled(), 10000); // once the connection is back
        QSignalSpy done(dialog, &QDialog::accepted);
        QTest::mouseClick(ok, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 10000);
        const ActionResult again = finished.at(1).first().value<ActionResult>();
        QCOMPARE(again.outcome, ActionResult::Outcome::Replayed);
        QVERIFY2(again.message.contains(QStringLiteral("had already started attempt #2")), qPrintable(again.message));
        QCOMPARE(done.size(), 1);
        QCOMPARE(svc->attempts(job.id).size(), 2);
        QCOMPARE(auditRows(*svc, job.id, QStringLiteral("retry")), 1);

        // The same id on another provider (a caller other than this dialog): a
        // final refusal, not "not known whether it took effect".
        OperatorRequest reused = operatorRequest(QStringLiteral("customer still waiting"));
        reused.actor = actor;
        reused.requestId = requestId;
        const QString elsewhere = provider == QLatin1String("primary") ? QStringLiteral("fallback") : QStringLiteral("primary");
        console.client->retry(job.id, elsewhere, reused);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 3, 10000);
        const ActionResult refused = finished.at(2).first().value<ActionResult>();
        QCOMPARE(refused.outcome, ActionResult::Outcome::Refused);
        QVERIFY2(refused.message.contains(QStringLiteral("was already used for a retry on provider ") + provider), qPrintable(refused.message));
        QCOMPARE(svc->attempts(job.id).size(), 2);
        console.client->setQueryHook({});
    }

    // The operator presses OK, then closes the dialog while the store has not
    // answered yet, and moves to another job. The answer still reaches them,
    // in the status bar (found by a review: it was dropped without a word).
    void anAnswerToAClosedDialogIsStillTold()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordDemoConfig(*svc);
        const auto [job, unknown] = blockedJob(*svc, QStringLiteral("closed-early"));
        const auto [other, otherUnknown] = blockedJob(*svc, QStringLiteral("closed-early-2"));
        Console console(fastOptions(60000));
        showJob(console, store->url(), job.id);
        JobDetailView *view = console.window->detailView();
        // The worker holds the cancel until the test lets it go.
        const std::shared_ptr<WorkerGate> gate = holdWorkerAt(console, "cancel attempt");
        auto opener = qScopeGuard([gate] { gate->open(); });
        ActionDialog *dialog = view->openCancelAttempt();
        QVERIFY(dialog);
        QPointer<ActionDialog> alive(dialog);
        const QString title = dialog->windowTitle();
        dialog->findChild<QPlainTextEdit *>(QStringLiteral("reasonEdit"))->setPlainText(QStringLiteral("provider says never ran"));
        QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("okButton")), Qt::LeftButton);
        QVERIFY(gate->waitReached());
        dialog->reject(); // Close, while the cancel is held
        QTRY_VERIFY(!alive); // closed (and deleted) at once
        console.window->selectJob(other.id); // read once the cancel is through: the worker is held
        gate->open();
        QTRY_VERIFY_WITH_TIMEOUT(view->current() && view->current()->jobId == other.id, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(console.window->statusBar()->currentMessage().contains(title), 10000);
        const QString told = console.window->statusBar()->currentMessage();
        QVERIFY2(told.contains(QStringLiteral("closed before it came")), qPrintable(told));
        QCOMPARE(svc->attempt(unknown.id)->state, AttemptState::Cancelled); // it did go through
        console.client->setQueryHook({});
    }

    void retryWhileUnknownIsRefusedNamingIt()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordDemoConfig(*svc);
        blockedJob(*svc, QStringLiteral("act-2-other")); // the attempt's id is not its number in the job
        const auto [job, unknown] = blockedJob(*svc, QStringLiteral("act-2"));
        QVERIFY(unknown.id != unknown.attemptNo);
        Console console(fastOptions(60000));
        showJob(console, store->url(), job.id);
        JobDetailView *view = console.window->detailView();

        // Before the click: the action is off and says which attempt blocks it.
        QPushButton *retryButton = button(view, QStringLiteral("retryButton"));
        QVERIFY(!retryButton->isEnabled());
        const QString why = retryButton->toolTip();
        QVERIFY2(why.contains(QStringLiteral("#1")) && why.contains(QString::number(unknown.id)) && why.contains(QStringLiteral("UNKNOWN")),
                 qPrintable(why));
        const QString guard = view->findChild<QLabel *>(QStringLiteral("retryGuardLabel"))->text();
        QVERIFY2(guard.contains(QStringLiteral("blocked by #1")), qPrintable(guard));
        QAction *retryAction = console.window->findChild<QAction *>(QStringLiteral("retryAction"));
        QVERIFY(retryAction);
        QVERIFY(!retryAction->isEnabled());
        QVERIFY(!view->openRetry() || !static_cast<RetryDialog *>(view->openRetry())->guardAllows());
        if (auto *d = findTopLevel<RetryDialog>(QStringLiteral("retryDialog"))) {
            QVERIFY(!d->findChild<QPushButton *>(QStringLiteral("okButton"))->isEnabled());
            QVERIFY(d->findChild<QLabel *>(QStringLiteral("guardLabel"))->text().contains(QStringLiteral("#1")));
            d->reject();
        }

        // And the store refuses it too, naming the attempt (as an operator whose view raced would see).
        QSignalSpy finished(console.client.get(), &StoreClient::actionFinished);
        OperatorRequest req = operatorRequest(QStringLiteral("try anyway"));
        console.client->retry(job.id, QStringLiteral("fallback"), req);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
        const ActionResult r = finished.first().first().value<ActionResult>();
        QCOMPARE(r.outcome, ActionResult::Outcome::Refused);
        QCOMPARE(r.attemptId, std::optional<qint64>(unknown.id));
        QVERIFY2(r.message.contains(QStringLiteral("attempt %1").arg(unknown.id)), qPrintable(r.message));
        QVERIFY(r.message.contains(QStringLiteral("unknown")));
        // Named as the console names it everywhere else: its number in the job.
        QVERIFY2(r.message.contains(QStringLiteral("The attempt that blocks it is #1 (id %1) on %2.").arg(unknown.id).arg(unknown.provider)),
                 qPrintable(r.message));
        QCOMPARE(svc->attempts(job.id).size(), 1);
        QCOMPARE(svc->auditLog(job.id).size(), 0);
    }

    // A store that stayed busy past every try (another process holding an
    // SQLite file's lock, conflicts on every try) wrote nothing: the operator
    // is told so and to try again, and the console stays connected. It said
    // the database could not be reached, that it was not known whether the
    // action took effect, and showed the connection as lost.
    void aBusyStoreSaysNothingWasDoneAndStaysConnected()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const auto [job, unknown] = blockedJob(*svc, QStringLiteral("busy-1"));
        Console console(fastOptions(60000));
        showJob(console, store->url(), job.id);
        console.client->setQueryHook([](const char *what) {
            if (qstrcmp(what, "cancel attempt") == 0)
                throw JobDeskError(JobDeskError::Code::StoreBusy,
                                   QStringLiteral("cancel attempt: the store stayed busy (database is locked); nothing was written, try again"));
        });
        QSignalSpy lost(console.client.get(), &StoreClient::connectionLost);
        QSignalSpy finished(console.client.get(), &StoreClient::actionFinished);
        OperatorRequest req = operatorRequest(QStringLiteral("provider confirmed"));
        req.actor = console.client->actor();
        req.seenChangeSeq = svc->job(job.id)->changeSeq;
        console.client->cancelAttempt(job.id, unknown.id, req);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
        const ActionResult r = finished.first().first().value<ActionResult>();
        QCOMPARE(r.outcome, ActionResult::Outcome::Failed);
        QVERIFY2(r.message.contains(QStringLiteral("stayed busy, so nothing was done")), qPrintable(r.message));
        QVERIFY2(!r.message.contains(QStringLiteral("not known")), qPrintable(r.message));
        QCOMPARE(lost.size(), 0);
        QVERIFY(console.client->isConnected());
        QCOMPARE(svc->attempt(unknown.id)->state, AttemptState::Unknown);
    }

    void doubleClickedOkStartsOneAttempt()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordDemoConfig(*svc);
        const Job job = submitJob(*svc, QStringLiteral("act-3"));
        const Attempt a = startRunning(*svc, job.id);
        svc->fail(a.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("HTTP 400"));
        Console console(fastOptions(60000));
        showJob(console, store->url(), job.id);
        JobDetailView *view = console.window->detailView();

        // A real double click on OK: one request, one attempt.
        ActionDialog *dialog = view->openRetry();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        dialog->findChild<QPlainTextEdit *>(QStringLiteral("reasonEdit"))->setPlainText(QStringLiteral("retry once"));
        QSignalSpy finished(console.client.get(), &StoreClient::actionFinished);
        // What a real double click delivers: press, release, double-click press, release.
        QPushButton *ok = dialog->findChild<QPushButton *>(QStringLiteral("okButton"));
        QTest::mouseClick(ok, Qt::LeftButton);
        QTest::mouseDClick(ok, Qt::LeftButton);
        QTest::mouseRelease(ok, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
        QCOMPARE(finished.first().first().value<ActionResult>().outcome, ActionResult::Outcome::Done);
        QList<Attempt> attempts = svc->attempts(job.id);
        QCOMPARE(attempts.size(), 2);
        // "Started" is not "sent": the operator is told a dispatcher sends it, and by when, or it fails unsent.
        const QString told = finished.first().first().value<ActionResult>().message;
        QVERIFY2(told.contains(QStringLiteral("A dispatcher serving ") + attempts.at(1).provider + QStringLiteral(" sends it"))
                     && told.contains(Format::time(*attempts.at(1).leaseExpiresAtMs))
                     && told.contains(QStringLiteral("fails as never sent")),
                 qPrintable(told));
        QCOMPARE(auditRows(*svc, job.id, QStringLiteral("retry")), 1);

        // The same request sent twice (OK pressed again after a lost answer): one attempt.
        const Attempt running = svc->markRunning(attempts.at(1).id, Actor::worker(QStringLiteral("w1")));
        svc->fail(running.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("HTTP 400"));
        OperatorRequest req = operatorRequest(QStringLiteral("repeat"));
        req.actor = console.client->actor();
        req.seenChangeSeq = svc->job(job.id)->changeSeq;
        console.client->retry(job.id, QStringLiteral("fallback"), req);
        console.client->retry(job.id, QStringLiteral("fallback"), req);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 3, 10000);
        QCOMPARE(finished.at(1).first().value<ActionResult>().outcome, ActionResult::Outcome::Done);
        QCOMPARE(finished.at(2).first().value<ActionResult>().outcome, ActionResult::Outcome::Replayed);
        attempts = svc->attempts(job.id);
        QCOMPARE(attempts.size(), 3);
        QCOMPARE(auditRows(*svc, job.id, QStringLiteral("retry")), 2);

        // And through the seam, two clicks in a row on a fresh dialog once the job can be retried again.
        svc->fail(svc->markRunning(attempts.at(2).id, Actor::worker(QStringLiteral("w1"))).id, Actor::worker(QStringLiteral("w1")),
                  QStringLiteral("HTTP 400"));
        console.client->pollNow();
        QTRY_COMPARE_WITH_TIMEOUT(view->current()->detail->attempts.size(), 3, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(view->current()->detail->attempts.at(2).state, AttemptState::Failed, 10000);
        ActionDialog::setNextAnswer({true, QStringLiteral("third time"), QStringLiteral("fallback"), 2});
        QVERIFY(view->openRetry());
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 4, 10000);
        QCOMPARE(finished.at(3).first().value<ActionResult>().outcome, ActionResult::Outcome::Done);
        QCOMPARE(svc->attempts(job.id).size(), 4);
        QCOMPARE(auditRows(*svc, job.id, QStringLiteral("retry")), 3);
        QVERIFY(!ActionDialog::hasPendingAnswer());
    }

    void actionOnAStaleViewChangesNothing()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("act-4"));
        const Attempt a = startRunning(*svc, job.id);
        Console console(fastOptions(60000));
        showJob(console, store->url(), job.id);
        JobDetailView *view = console.window->detailView();
        const qint64 seen = view->current()->detail->job.changeSeq;
        console.client->setPaused(true); // the view stays as the operator saw it

        // Meanwhile the attempt times out (another connection).
        svc->markUnknown(a.id, Actor::worker(QStringLiteral("w1")), QStringLiteral("deadline passed"));
        QVERIFY(svc->job(job.id)->changeSeq > seen);

        ActionDialog::setNextAnswer({true, QStringLiteral("looks stuck"), {}, 1});
        QSignalSpy done(view, &JobDetailView::actionDone);
        QTest::mouseClick(button(view, QStringLiteral("cancelAttemptButton_1")), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 10000);
        const ActionResult r = done.first().first().value<ActionResult>();
        QCOMPARE(r.outcome, ActionResult::Outcome::StaleView);
        QVERIFY2(r.message.contains(QStringLiteral("changed since you looked")), qPrintable(r.message));
        auto *dialog = findTopLevel<CancelAttemptDialog>(QStringLiteral("cancelAttemptDialog"));
        QVERIFY(dialog); // it stays open, saying why
        QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("resultLabel"))->text().contains(QStringLiteral("changed since you looked")));
        QVERIFY(!dialog->findChild<QPushButton *>(QStringLiteral("okButton"))->isEnabled());
        dialog->reject();

        // Nothing happened in the store; the view now shows the job as it is.
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Unknown);
        QCOMPARE(svc->auditLog(job.id).size(), 0);
        QCOMPARE(view->current()->detail->job.state, JobState::Blocked);
    }

    void cancelJobThroughItsDialog()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const auto [job, unknown] = blockedJob(*svc, QStringLiteral("act-5"));
        Console console(fastOptions(60000));
        showJob(console, store->url(), job.id);
        JobDetailView *view = console.window->detailView();
        ActionDialog::setNextAnswer({true, QStringLiteral("customer withdrew the request"), {}, 1});
        QSignalSpy done(view, &JobDetailView::actionDone);
        QTest::mouseClick(button(view, QStringLiteral("cancelJobButton")), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 10000);
        QCOMPARE(svc->job(job.id)->state, JobState::Cancelled);
        QCOMPARE(svc->attempt(unknown.id)->state, AttemptState::Cancelled);
        QCOMPARE(auditRows(*svc, job.id, QStringLiteral("cancel_job")), 1);
        QCOMPARE(view->current()->detail->job.state, JobState::Cancelled);
        QVERIFY(!button(view, QStringLiteral("cancelJobButton"))->isEnabled());
    }

    void operatorLoginIsWhatTheAuditSays()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const auto [job, unknown] = blockedJob(*svc, QStringLiteral("act-7"));
        StoreUrl url = store->url();
        if (store->isPostgres())
            url = loginAs(*svc, url, QStringLiteral("jd_ui_operator"), QStringLiteral("jobdesk_operator"));
        Console console(fastOptions(60000));
        showJob(console, url, job.id);
        const SessionIdentity id = console.client->connection().identity;
        QCOMPARE(id.role, Role::Operator);
        QVERIFY(console.client->canAct());
        if (store->isPostgres()) {
            QCOMPARE(id.databaseUser, QStringLiteral("jd_ui_operator"));
            QCOMPARE(id.roleName, QStringLiteral("jobdesk_operator"));
        }
        JobDetailView *view = console.window->detailView();
        ActionDialog::setNextAnswer({true, QStringLiteral("confirmed with the provider"), {}, 1});
        QSignalSpy done(view, &JobDetailView::actionDone);
        QTest::mouseClick(button(view, QStringLiteral("cancelAttemptButton_1")), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 10000);
        QCOMPARE(done.first().first().value<ActionResult>().outcome, ActionResult::Outcome::Done);
        const QList<AuditEntry> audit = svc->auditLog(job.id);
        QCOMPARE(audit.size(), 1);
        QCOMPARE(audit.first().databaseUser, id.databaseUser); // the login, as the database saw it
        QCOMPARE(audit.first().actorId, id.databaseUser);      // the console names the operator by that login
        QCOMPARE(view->auditModel()->rowCount(), 1);
        QCOMPARE(view->auditModel()->data(view->auditModel()->index(0, 3)).toString(), id.databaseUser);
    }

    // A refused action says why in Tamil, the core's and the database's words too
    // (SQLite: the core's sentences; PostgreSQL: the operator functions' and guards').
    void refusedActionsSayWhyInTamil()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        recordDemoConfig(*svc);
        const auto [job, unknown] = blockedJob(*svc, QStringLiteral("lang-1"));
        const auto backToTheSystemsLanguage = qScopeGuard([] {
            ConsoleSettings::setLanguage(QStringLiteral("system"));
            ConsoleSettings::applyLanguage();
        });
        ConsoleSettings::setLanguage(QStringLiteral("ta"));
        QCOMPARE(ConsoleSettings::applyLanguage().language(), QLocale::Tamil);
        Console console(fastOptions(60000));
        console.open(store->url(), false);
        QTRY_VERIFY(console.client->isConnected());
        QSignalSpy finished(console.client.get(), &StoreClient::actionFinished);

        // A retry while an attempt is unknown: refused, naming the attempt.
        console.client->retry(job.id, QStringLiteral("fallback"), operatorRequest(QStringLiteral("try anyway")));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 10000);
        const ActionResult retry = finished.at(0).first().value<ActionResult>();
        QCOMPARE(retry.outcome, ActionResult::Outcome::Refused);
        QVERIFY2(retry.message.startsWith(QStringLiteral("மறுமுயற்சி மறுக்கப்பட்டது: ")), qPrintable(retry.message));
        QVERIFY2(retry.message.contains(QString::number(unknown.id)) && retry.message.contains(QStringLiteral("தெரியாதது")),
                 qPrintable(retry.message));
        for (const char *english : {"is unknown", "its outcome", "cancelled before", "attempt", "job"})
            QVERIFY2(!retry.message.contains(QLatin1String(english)), qPrintable(retry.message));

        // Cancelling an attempt that is already cancelled.
        svc->cancelAttempt(unknown.id, operatorRequest(QStringLiteral("provider confirmed it never ran")));
        console.client->cancelAttempt(job.id, unknown.id, operatorRequest(QStringLiteral("again")));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 10000);
        const ActionResult cancel = finished.at(1).first().value<ActionResult>();
        QCOMPARE(cancel.outcome, ActionResult::Outcome::Refused);
        QVERIFY2(cancel.message.startsWith(QStringLiteral("மறுக்கப்பட்டது: ")), qPrintable(cancel.message));
        QVERIFY2(cancel.message.contains(QString::number(unknown.id)) && cancel.message.contains(QStringLiteral("ரத்துசெய்யப்பட்டது")),
                 qPrintable(cancel.message));
        for (const char *english : {"already", "nothing to cancel", "cancelled", "attempt"})
            QVERIFY2(!cancel.message.contains(QLatin1String(english)), qPrintable(cancel.message));
        QCOMPARE(svc->auditLog(job.id).size(), 1); // the first cancel only
    }

    void viewerCannotAct()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const auto [job, unknown] = blockedJob(*svc, QStringLiteral("act-6"));
        Console console(fastOptions(60000));
        StoreUrl url = store->url();
        if (store->isPostgres()) {
            // A real support engineer's login, member of jobdesk_viewer: the database says who it is.
            url = loginAs(*svc, url, QStringLiteral("jd_ui_viewer"), QStringLiteral("jobdesk_viewer"));
        } else {
            // SQLite has no roles: the seam makes the identity a viewer's.
            console.client->setIdentityHook([](SessionIdentity &id) {
                id.role = Role::Viewer;
                id.roleName = QStringLiteral("jobdesk_viewer");
            });
        }
        showJob(console, url, job.id);
        QCOMPARE(console.client->connection().identity.role, Role::Viewer);
        if (store->isPostgres())
            QCOMPARE(console.client->connection().identity.databaseUser, QStringLiteral("jd_ui_viewer"));
        JobDetailView *view = console.window->detailView();
        QVERIFY(!console.client->canAct());
        QVERIFY(!button(view, QStringLiteral("cancelAttemptButton_1"))->isEnabled());
        QVERIFY(!button(view, QStringLiteral("retryButton"))->isEnabled());
        QVERIFY(!button(view, QStringLiteral("cancelJobButton"))->isEnabled());
        for (const char *name : {"cancelAttemptAction", "retryAction", "cancelJobAction"})
            QVERIFY(!console.window->findChild<QAction *>(QLatin1String(name))->isEnabled());
        QCOMPARE(view->openCancelAttempt(), nullptr);
        QVERIFY(console.window->banner()->text().contains(QStringLiteral("jobdesk_viewer, read-only")));
        QCOMPARE(svc->auditLog(job.id).size(), 0);
    }
};

QTEST_MAIN(TestUiActions)
#include "tst_ui_actions.moc"
