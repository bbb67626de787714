// A transaction that hits a deadlock is retried (bounded) and then succeeds;
// a store that stays busy past every try is unavailable and nothing is
// written. (Opening connections: tst_store_connections.)

#include "StoreFixture.h"

#include "store/PgSession.h"
#include "store/SqliteSession.h"

#include <QTest>

#include <future>
#include <thread>

using namespace jobdesk;
using namespace jobdesk::test;

class TestStoreRetries : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void deadlockedOperationIsRetriedAndSucceeds()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        const Job job = submitJob(*svc, QStringLiteral("dl-1"));
        const Attempt a = startRunning(*svc, job.id);
        auto raw = openSqlSession(store->url()); // another writer, outside JobService

        if (store->isPostgres()) {
            // The other writer holds the job row and will then ask for the
            // attempt row the cancel holds: a deadlock. Its deadlock_timeout is
            // long, so the cancel's backend detects it and is the one aborted.
            raw->exec(QStringLiteral("SET deadlock_timeout = '20s'"));
            raw->begin();
            const QString xid = raw->exec(QStringLiteral("SELECT pg_current_xact_id()::text")).first().first().toString();
            raw->exec(QStringLiteral("SELECT id FROM jobs WHERE id = $1 FOR UPDATE"), {job.id});

            auto cancel = std::async(std::launch::async, [&] {
                auto mine = store->open();
                const OperatorResult r = mine->cancelAttempt(a.id, operatorRequest(QStringLiteral("deadlock trial")));
                mine.reset();
                return r;
            });
            // Wait (bounded) until the cancel is blocked behind our transaction.
            PgSession observer(postgresBaseUrl());
            QTRY_VERIFY_WITH_TIMEOUT(lockWaitersOn(observer, xid) == 1, 10000);
            // Now close the cycle: we ask for the attempt row it holds.
            raw->exec(QStringLiteral("SELECT id FROM attempts WHERE id = $1 FOR UPDATE"), {a.id});
            raw->commit();
            QCOMPARE(cancel.wait_for(std::chrono::seconds(60)), std::future_status::ready);
            const OperatorResult r = cancel.get(); // would throw store_error without the retry
            QCOMPARE(r.response.value(QStringLiteral("to_state")).toString(), QStringLiteral("cancelled"));
        } else {
            // SQLite has one writer at a time: a writer that finds the store
            // locked waits (busy timeout) and then commits.
            raw->begin();
            raw->exec(QStringLiteral("UPDATE jobs SET updated_at_ms = updated_at_ms WHERE id = $1"), {job.id});
            auto cancel = std::async(std::launch::async, [&] {
                auto mine = store->open();
                const OperatorResult r = mine->cancelAttempt(a.id, operatorRequest(QStringLiteral("busy trial")));
                mine.reset();
                return r;
            });
            raw->commit();
            QCOMPARE(cancel.wait_for(std::chrono::seconds(60)), std::future_status::ready);
            QCOMPARE(cancel.get().response.value(QStringLiteral("to_state")).toString(), QStringLiteral("cancelled"));
        }
        raw.reset();
        QCOMPARE(svc->attempt(a.id)->state, AttemptState::Cancelled);
        QCOMPARE(svc->auditLog(job.id).size(), 1); // applied once
        QCOMPARE(svc->attemptEvents(job.id).last().toState, AttemptState::Cancelled);
    }
    // A store that stays busy past every try is unavailable, not failed:
    // nothing was written and trying later may work (over HTTP a 503 with
    // Retry-After; it was a 500 "the store failed", after nine tries of
    // SQLite's 30 s busy timeout). SQLite: another process holds the write
    // lock; PostgreSQL: every try ends in a serialization failure.
    void aStoreThatStaysBusyIsUnavailableAndNothingIsWritten()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        StoreUrl url = store->url();
        url.sqliteBusyTimeoutMs = 100;
        JobService::Options options;
        options.maxRetries = 2;
        auto impatient = JobService::open(url, options);
        auto raw = openSqlSession(store->url()); // another writer, outside JobService
        if (store->isPostgres()) {
            raw->execScript(QStringLiteral(
                "CREATE FUNCTION test_always_conflicts() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                " RAISE EXCEPTION 'could not serialize access (test)' USING ERRCODE = 'serialization_failure'; END $$;"
                "CREATE TRIGGER test_always_conflicts BEFORE INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION test_always_conflicts();"));
        } else {
            raw->begin();
            raw->exec(QStringLiteral("UPDATE jd_counter SET value = value WHERE id = 1")); // the write lock, held
        }
        try {
            impatient->submit(makeSubmit(QStringLiteral("busy-1")));
            QFAIL("a submit went through a store that stayed busy");
        } catch (const JobDeskError &e) {
            QVERIFY2(e.code() == JobDeskError::Code::StoreBusy, qPrintable(e.message())); // a 503 over HTTP, not a lost connection
            QVERIFY2(e.message().contains(QStringLiteral("nothing was written, try again")), qPrintable(e.message()));
        }
        if (store->isPostgres())
            raw->exec(QStringLiteral("DROP TRIGGER test_always_conflicts ON jobs"));
        else
            raw->rollback();
        QCOMPARE(svc->jobs(JobFilter{}).jobs.size(), 0);
        QCOMPARE(impatient->submit(makeSubmit(QStringLiteral("busy-1"))).outcome, SubmitResult::Outcome::Created);
    }
};

QTEST_GUILESS_MAIN(TestStoreRetries)
#include "tst_store_retries.moc"
