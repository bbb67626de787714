// 8 threads x 2,000 random operations over 50 jobs (some hedging) on each
// store; afterwards the whole history must satisfy every invariant.

#include "StoreFixture.h"

#include <QHash>
#include <QSet>
#include <QTest>
#include <QUuid>

#include <latch>
#include <mutex>
#include <random>
#include <thread>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

constexpr int kThreads = 8;
constexpr int kOpsPerThread = 2000;
constexpr int kJobs = 50;

struct ThreadReport
{
    QHash<QString, int> counts; // operation -> applied
    QStringList unexpected;     // errors that must not happen
};

void runRandomOperations(const FreshStore &store, const QList<qint64> &jobIds, int seed, ThreadReport &report)
{
    std::unique_ptr<JobService> svc;
    try {
        svc = store.open();
    } catch (const std::exception &e) {
        report.unexpected.append(QString::fromUtf8(e.what()));
        return;
    }
    std::mt19937 rng(static_cast<unsigned>(seed));
    auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    const Actor worker = Actor::worker(QStringLiteral("stress-%1").arg(seed));
    for (int op = 0; op < kOpsPerThread; ++op) {
        const qint64 jobId = jobIds.at(pick(jobIds.size()));
        const int kind = pick(100);
        try {
            const QList<Attempt> attempts = svc->attempts(jobId);
            auto randomAttempt = [&]() -> std::optional<Attempt> {
                if (attempts.isEmpty())
                    return std::nullopt;
                return attempts.at(pick(attempts.size()));
            };
            if (kind < 28) {
                StartAttemptRequest r;
                r.jobId = jobId;
                r.provider = pick(2) ? QStringLiteral("p1") : QStringLiteral("p2");
                r.kind = pick(2) ? AttemptKind::Automatic : AttemptKind::Hedge;
                r.requestId = QUuid::createUuid().toString(QUuid::WithoutBraces);
                r.workerId = worker.id;
                r.actor = worker;
                if (claimAndStart(*svc, r).started)
                    report.counts[QStringLiteral("start")]++;
            } else if (kind < 33) {
                if (svc->retry(jobId, QStringLiteral("p3"), operatorRequest(QStringLiteral("stress retry"))).start.started)
                    report.counts[QStringLiteral("retry")]++;
            } else if (kind < 55) {
                if (auto a = randomAttempt(); a && a->state == AttemptState::Starting
                                              && svc->markRunning(a->id, worker).state == AttemptState::Running)
                    report.counts[QStringLiteral("running")]++;
            } else if (kind < 62) {
                if (auto a = randomAttempt()) {
                    const auto r = svc->complete(a->id, QStringLiteral("{\"by\":%1}").arg(a->id).toUtf8(), worker);
                    if (!r.replayed)
                        report.counts[r.outcome == CompleteResult::Outcome::Won ? QStringLiteral("won") : QStringLiteral("lost")]++;
                }
            } else if (kind < 76) {
                if (auto a = randomAttempt(); a && isOpen(a->state)) {
                    svc->fail(a->id, worker, QStringLiteral("stress: definitive failure"));
                    report.counts[QStringLiteral("fail")]++;
                }
            } else if (kind < 88) {
                if (auto a = randomAttempt(); a && (a->state == AttemptState::Starting || a->state == AttemptState::Running)
                                              && svc->markUnknown(a->id, worker, QStringLiteral("stress: deadline passed")).state
                                                     == AttemptState::Unknown)
                    report.counts[QStringLiteral("timeout")]++;
            } else if (kind < 98) {
                if (auto a = randomAttempt()) {
                    svc->cancelAttempt(a->id, operatorRequest(QStringLiteral("stress cancel")));
                    report.counts[QStringLiteral("cancel_attempt")]++;
                }
            } else if (pick(4) == 0) {
                svc->cancelJob(jobId, operatorRequest(QStringLiteral("stress cancel job")));
                report.counts[QStringLiteral("cancel_job")]++;
            }
        } catch (const JobDeskError &e) {
            // Refusals of impossible transitions are expected under races.
            if (e.code() != JobDeskError::Code::InvalidTransition)
                report.unexpected.append(JobDeskError::codeName(e.code()) + QStringLiteral(": ") + e.message());
        } catch (const std::exception &e) {
            report.unexpected.append(QString::fromUtf8(e.what()));
        }
    }
    svc.reset();
}

} // namespace

class TestStress : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void randomOperationsKeepEveryInvariant()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        QList<qint64> jobIds;
        for (int i = 0; i < kJobs; ++i)
            jobIds.append(submitJob(*svc, QStringLiteral("stress-%1").arg(i), i % 3 == 0 ? 2 : 1, 5).id);

        std::vector<ThreadReport> reports(kThreads);
        std::latch go(1);
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t)
            threads.emplace_back([&, t] {
                go.wait();
                runRandomOperations(*store, jobIds, 1000 + t, reports[static_cast<size_t>(t)]);
            });
        go.count_down();
        for (auto &t : threads)
            t.join();

        QHash<QString, int> total;
        for (const auto &r : reports) {
            for (const QString &e : r.unexpected)
                QVERIFY2(false, qPrintable(QStringLiteral("unexpected error: ") + e));
            for (auto it = r.counts.cbegin(); it != r.counts.cend(); ++it)
                total[it.key()] += it.value();
        }
        QStringList summary;
        for (auto it = total.cbegin(); it != total.cend(); ++it)
            summary.append(it.key() + u'=' + QString::number(it.value()));
        summary.sort();
        qInfo("%s", qPrintable(summary.join(QStringLiteral(" "))));
        QVERIFY(total.value(QStringLiteral("won")) > 0);
        QVERIFY(total.value(QStringLiteral("lost")) > 0);
        QVERIFY(total.value(QStringLiteral("timeout")) > 0);

        verifyHistory(*svc, jobIds);
    }

private:
    void verifyHistory(JobService &svc, const QList<qint64> &jobIds)
    {
        for (const qint64 jobId : jobIds) {
            const Job job = *svc.job(jobId);
            const QList<Attempt> attempts = svc.attempts(jobId);
            QHash<qint64, Attempt> byId;
            int succeeded = 0;
            int starting = 0;
            for (const Attempt &a : attempts) {
                byId.insert(a.id, a);
                succeeded += a.state == AttemptState::Succeeded;
                starting += a.state == AttemptState::Starting;
            }
            // At most one winner; a succeeded job's winner is a succeeded attempt (never a cancelled one).
            QVERIFY2(succeeded <= 1, qPrintable(QStringLiteral("job %1 has %2 winners").arg(jobId).arg(succeeded)));
            QVERIFY(starting <= 1);
            if (job.state == JobState::Succeeded) {
                QVERIFY(job.completedBy);
                QCOMPARE(byId.value(*job.completedBy).state, AttemptState::Succeeded);
            } else {
                QVERIFY(!job.completedBy);
                QCOMPARE(succeeded, 0);
            }
            // Every race loss's attempt is superseded, or cancelled or failed before its result came.
            for (const RaceLoss &l : svc.raceLosses(jobId)) {
                const AttemptState s = byId.value(l.attemptId).state;
                QVERIFY2(s == AttemptState::Superseded || s == AttemptState::Cancelled || s == AttemptState::Failed,
                         qPrintable(QStringLiteral("race loss of attempt %1 in state %2").arg(l.attemptId).arg(toText(s))));
            }
            // Replay the events in order: no attempt started while another was
            // unknown, never more open than max_parallel, never two starting,
            // and each attempt's last event names its current state.
            QHash<qint64, AttemptState> state;
            QHash<qint64, AttemptState> lastEvent;
            for (const AttemptEvent &e : svc.attemptEvents(jobId)) {
                if (!e.fromState) {
                    int open = 0;
                    for (auto it = state.cbegin(); it != state.cend(); ++it) {
                        QVERIFY2(it.value() != AttemptState::Unknown,
                                 qPrintable(QStringLiteral("job %1: attempt %2 started while %3 was unknown")
                                                .arg(jobId)
                                                .arg(e.attemptId)
                                                .arg(it.key())));
                        QVERIFY(it.value() != AttemptState::Starting);
                        open += isOpen(it.value());
                    }
                    QVERIFY2(open < job.maxParallel, qPrintable(QStringLiteral("job %1 exceeded max_parallel").arg(jobId)));
                } else {
                    QCOMPARE(state.value(e.attemptId), *e.fromState);
                }
                state.insert(e.attemptId, e.toState);
                lastEvent.insert(e.attemptId, e.toState);
            }
            for (const Attempt &a : attempts)
                QCOMPARE(lastEvent.value(a.id), a.state);
        }
    }
};

QTEST_GUILESS_MAIN(TestStress)
#include "tst_stress.moc"
