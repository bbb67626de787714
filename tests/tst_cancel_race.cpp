// A cancel racing a completion of the same running attempt: exactly one of
// them is in effect, never a cancelled winner. Real threads, real
// connections, released together.

#include "StoreFixture.h"

#include <QTest>

#include <atomic>
#include <barrier>
#include <thread>

using namespace jobdesk;
using namespace jobdesk::test;

class TestCancelRace : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void cancelRacingCompletionHasExactlyOneEffect()
    {
        JD_FRESH_STORE(store);
        constexpr int kTrials = 200;
        auto svc = store->open();
        std::atomic<qint64> currentAttempt{0};
        std::barrier sync(3);
        std::vector<int> completeWon(kTrials, -1); // 1 won, 0 lost, -1 error
        std::vector<int> cancelApplied(kTrials, -1);
        std::vector<std::string> errors;
        std::mutex errorsMutex;
        auto note = [&](const std::string &e) {
            std::lock_guard lock(errorsMutex);
            errors.push_back(e);
        };

        std::thread completer([&] {
            std::unique_ptr<JobService> mine;
            try {
                mine = store->open();
            } catch (const std::exception &e) {
                note(e.what());
            }
            for (int t = 0; t < kTrials; ++t) {
                sync.arrive_and_wait(); // released together
                if (mine) {
                    try {
                        completeWon[t] = mine->complete(currentAttempt.load(), R"({"result":"done"})",
                                                        Actor::worker(QStringLiteral("w1")))
                                                     .outcome
                                                 == CompleteResult::Outcome::Won;
                    } catch (const std::exception &e) {
                        note(e.what());
                    }
                }
                sync.arrive_and_wait();
            }
        });
        std::thread canceller([&] {
            std::unique_ptr<JobService> mine;
            try {
                mine = store->open();
            } catch (const std::exception &e) {
                note(e.what());
            }
            for (int t = 0; t < kTrials; ++t) {
                sync.arrive_and_wait();
                if (mine) {
                    try {
                        mine->cancelAttempt(currentAttempt.load(), operatorRequest(QStringLiteral("race trial")));
                        cancelApplied[t] = 1;
                    } catch (const JobDeskError &e) {
                        if (e.code() == JobDeskError::Code::InvalidTransition)
                            cancelApplied[t] = 0; // the attempt had already won
                        else
                            note(e.what());
                    }
                }
                sync.arrive_and_wait();
            }
        });

        int wins = 0;
        int cancels = 0;
        for (int t = 0; t < kTrials; ++t) {
            const Job job = submitJob(*svc, QStringLiteral("race-%1").arg(t));
            const Attempt a = startRunning(*svc, job.id);
            currentAttempt.store(a.id);
            sync.arrive_and_wait(); // go
            sync.arrive_and_wait(); // both done

            const Attempt after = *svc->attempt(a.id);
            const Job jobAfter = *svc->job(job.id);
            const QString where = QStringLiteral("trial %1").arg(t);
            QVERIFY2(completeWon[t] != -1 && cancelApplied[t] != -1, qPrintable(where + QStringLiteral(": an operation failed")));
            QVERIFY2(completeWon[t] + cancelApplied[t] == 1, qPrintable(where + QStringLiteral(": both or neither in effect")));
            if (completeWon[t]) {
                ++wins;
                QCOMPARE(after.state, AttemptState::Succeeded);
                QCOMPARE(jobAfter.completedBy, std::optional<qint64>(a.id));
                QCOMPARE(jobAfter.state, JobState::Succeeded);
            } else {
                ++cancels;
                QCOMPARE(after.state, AttemptState::Cancelled); // never a cancelled winner
                QVERIFY(!jobAfter.completedBy);
                QCOMPARE(svc->raceLosses(job.id).size(), 1); // the late completion was a race loss
            }
        }
        completer.join();
        canceller.join();
        for (const auto &e : errors)
            QVERIFY2(false, e.c_str());
        qInfo("%d trials: completion first %d times, cancel first %d times", kTrials, wins, cancels);
    }
};

QTEST_GUILESS_MAIN(TestCancelRace)
#include "tst_cancel_race.moc"
