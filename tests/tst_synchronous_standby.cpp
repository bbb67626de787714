// PostgreSQL with a synchronous standby required (a server of the test's
// own: the setting is the whole server's, so these run once, not per store):
// an answer that says a job or an operator's action exists is not given
// before the standby has it, also when the first wait was cut short and the
// request is run again as a replay.

#include "PrivatePostgres.h"
#include "StoreFixture.h"

#include <QDeadlineTimer>
#include <QScopeGuard>
#include <QTest>

#include <future>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

// Polls `done` until it holds or `ms` pass, one look per poll. QTRY_* looks at
// its expression again after it held, and a condition read from
// pg_stat_activity need not hold when looked at again.
template<typename F> bool eventually(F done, int ms = 10000)
{
    for (QDeadlineTimer deadline(ms);;) {
        if (done())
            return true;
        if (deadline.hasExpired())
            return false;
        QTest::qWait(50);
    }
}

// Requires the standbys `names` of the whole server ('' for none) and reloads.
void requireStandby(SqlSession &admin, const QString &names)
{
    admin.exec(QStringLiteral("ALTER SYSTEM SET synchronous_standby_names = '%1'").arg(names));
    admin.exec(QStringLiteral("SELECT pg_reload_conf()"));
}

// The backends whose commit waits for the standby, by pid.
QList<qint64> waitingForTheStandby(SqlSession &admin)
{
    QList<qint64> pids;
    for (const SqlRow &r : admin.exec(QStringLiteral("SELECT pid FROM pg_stat_activity WHERE wait_event = 'SyncRep' ORDER BY pid")))
        pids.append(r.first().toLongLong());
    return pids;
}

} // namespace

class TestSynchronousStandby : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // A creation whose wait for a synchronous standby is cut short (its
    // backend terminated: a pooler, an operator, a fast shutdown) is visible
    // on the primary before the standby has it. Without it, the re-run
    // after the lost connection, and the client's retry, were answered
    // "replayed" at once (a replay committed asynchronously), and a failover
    // then lost the job the client had been told exists; its next retry
    // created a second. A replay now waits for the standby as a creation does.
    void aReplayIsNotAnsweredBeforeTheSynchronousStandbyHasTheJob()
    {
        PrivatePostgres pg;
        QVERIFY2(pg.start(), qPrintable(pg.error()));
        const StoreUrl url = StoreUrl::parse(pg.url());
        auto admin = JobService::open(url); // migrated while no standby is required
        SqlSession &a = admin->session();
        std::future<SubmitResult> first;
        std::future<SubmitResult> retry;
        std::future<SubmitResult> second;
        // Before the futures are joined, whatever way the test leaves: the waits end.
        auto release = qScopeGuard([&] {
            try {
                requireStandby(a, QString());
            } catch (const std::exception &) {
            }
        });
        requireStandby(a, QStringLiteral("nosuch"));
        QTRY_COMPARE_WITH_TIMEOUT(JobService::open(url)->session().exec(QStringLiteral("SHOW synchronous_standby_names")).first().first().toString(),
                                  QStringLiteral("nosuch"), 10000);

        first = std::async(std::launch::async, [&] { return JobService::open(url)->submit(makeSubmit(QStringLiteral("k1"))); });
        QVERIFY(eventually([&] { return waitingForTheStandby(a).size() == 1; })); // the creation's commit waits
        const qint64 creating = waitingForTheStandby(a).first();
        a.exec(QStringLiteral("SELECT pg_terminate_backend($1)"), {creating});
        // The job is visible here now, without the standby. The service reconnects
        // and runs the submit again: the key is taken, and the replay waits too.
        QVERIFY(eventually([&] {
            const QList<qint64> waiting = waitingForTheStandby(a);
            return !waiting.isEmpty() && !waiting.contains(creating);
        }, 30000));
        QCOMPARE(first.wait_for(std::chrono::seconds(0)), std::future_status::timeout);
        QCOMPARE(a.exec(QStringLiteral("SELECT count(*) FROM jobs")).first().first().toLongLong(), 1);

        retry = std::async(std::launch::async, [&] { return JobService::open(url)->submit(makeSubmit(QStringLiteral("k1"))); });
        QVERIFY(eventually([&] { return waitingForTheStandby(a).size() == 2; })); // the client's retry waits as well
        QCOMPARE(retry.wait_for(std::chrono::seconds(0)), std::future_status::timeout);

        // A creation whose wait is cancelled instead (pg_cancel_backend, a
        // pooler's query timeout) succeeds, committed here with a WARNING
        // only: without the re-run check, it was answered "created".
        // It is run again, as after a lost connection, and waits as a replay.
        const QList<qint64> before = waitingForTheStandby(a);
        second = std::async(std::launch::async, [&] { return JobService::open(url)->submit(makeSubmit(QStringLiteral("k2"))); });
        QVERIFY(eventually([&] { return waitingForTheStandby(a).size() == 3; }));
        qint64 cancelled = 0;
        for (const qint64 pid : waitingForTheStandby(a))
            if (!before.contains(pid))
                cancelled = pid;
        a.exec(QStringLiteral("SELECT pg_cancel_backend($1)"), {cancelled});
        QVERIFY(eventually([&] {
            const QList<qint64> waiting = waitingForTheStandby(a);
            return waiting.size() == 3 && !waiting.contains(cancelled);
        }, 30000));
        QCOMPARE(second.wait_for(std::chrono::seconds(0)), std::future_status::timeout);

        // The standby is there (here: no longer required): all are answered, one job per key.
        requireStandby(a, QString());
        release.dismiss();
        const SubmitResult again = first.get();
        const SubmitResult retried = retry.get();
        const SubmitResult k2 = second.get();
        QCOMPARE(again.outcome, SubmitResult::Outcome::Replayed);
        QCOMPARE(retried.outcome, SubmitResult::Outcome::Replayed);
        QCOMPARE(retried.job.id, again.job.id);
        QCOMPARE(k2.outcome, SubmitResult::Outcome::Replayed); // its own creation, found again by the re-run
        QVERIFY(k2.job.id != again.job.id);
        QCOMPARE(a.exec(QStringLiteral("SELECT count(*) FROM jobs")).first().first().toLongLong(), 2);
    }

    // An operator's action answered as a replay of its own request id: on
    // PostgreSQL a replay read the audit row and wrote nothing, so it waited
    // for no standby. Without it, a cancel whose wait for the
    // synchronous standby was cut short (backend terminated) was answered
    // "cancelled" at once when the console sent it again, and a failover would
    // have undone it, and the job would have been sent and charged. Since
    // migration 35 such a replay waits for the standby too.
    void anOperatorsCancelIsNotAnsweredBeforeTheSynchronousStandbyHasIt()
    {
        PrivatePostgres pg;
        QVERIFY2(pg.start(), qPrintable(pg.error()));
        const StoreUrl url = StoreUrl::parse(pg.url());
        auto admin = JobService::open(url);
        SqlSession &a = admin->session();
        const Job job = submitJob(*admin, QStringLiteral("to-cancel"));
        const OperatorRequest req = operatorRequest(QStringLiteral("the customer withdrew it"));
        std::future<OperatorResult> cancel;
        auto release = qScopeGuard([&] {
            try {
                requireStandby(a, QString());
            } catch (const std::exception &) {
            }
        });
        requireStandby(a, QStringLiteral("nosuch"));
        QTRY_COMPARE_WITH_TIMEOUT(JobService::open(url)->session().exec(QStringLiteral("SHOW synchronous_standby_names")).first().first().toString(),
                                  QStringLiteral("nosuch"), 10000);
        cancel = std::async(std::launch::async, [&] { return JobService::open(url)->cancelJob(job.id, req); });
        QVERIFY(eventually([&] { return waitingForTheStandby(a).size() == 1; })); // the cancel's commit waits
        const qint64 cancelling = waitingForTheStandby(a).first();
        a.exec(QStringLiteral("SELECT pg_terminate_backend($1)"), {cancelling});
        // Cancelled here now, not on the standby. The service runs the request
        // again: its audit row answers it, and that answer waits too.
        QVERIFY(eventually([&] {
            const QList<qint64> waiting = waitingForTheStandby(a);
            return waiting.size() == 1 && !waiting.contains(cancelling);
        }, 30000));
        QCOMPARE(cancel.wait_for(std::chrono::seconds(0)), std::future_status::timeout);
        QCOMPARE(admin->job(job.id)->state, JobState::Cancelled);

        requireStandby(a, QString());
        release.dismiss();
        const OperatorResult answered = cancel.get();
        QVERIFY(answered.replayed);
        QCOMPARE(admin->job(job.id)->state, JobState::Cancelled);
    }
};

QTEST_GUILESS_MAIN(TestSynchronousStandby)
#include "tst_synchronous_standby.moc"
