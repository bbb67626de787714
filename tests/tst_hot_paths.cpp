// The hot paths at the database's speed (issue 10): prepared statements that
// survive a reconnect and a schema change, and a bounded statement cache.

#include "StoreFixture.h"

#include "store/PgSession.h"

#include <QTest>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

// Runs raw SQL; returns the kind of error the database raised, or nullopt.
std::optional<SqlError::Kind> rawSql(JobService &svc, const QString &sql, const SqlParams &params = {})
{
    try {
        svc.session().exec(sql, params);
        return std::nullopt;
    } catch (const SqlError &e) {
        return e.kind();
    }
}

} // namespace

class TestHotPaths : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // A connection lost between two calls: the next call reconnects, prepares
    // its statement again on the new connection and runs it.
    void preparedStatementSurvivesAReconnect_data() { addBackendRows(); }
    void preparedStatementSurvivesAReconnect()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        submitJob(*svc, QStringLiteral("p1"));
        QVERIFY(svc->session().cachedStatementCount() > 0);
        svc->session().simulateConnectionLoss();
        const Job second = submitJob(*svc, QStringLiteral("p2")); // reconnects and re-prepares
        QCOMPARE(svc->submit(makeSubmit(QStringLiteral("p2"), {{QStringLiteral("prompt"), QStringLiteral("p2")}})).outcome,
                 SubmitResult::Outcome::Replayed);
        QVERIFY(svc->session().cachedStatementCount() > 0);
        QCOMPARE(svc->job(second.id)->idempotencyKey, QStringLiteral("p2"));
        if (store->isPostgres()) {
            // The new server session holds prepared statements of its own.
            const SqlRows r = svc->session().exec(QStringLiteral("SELECT count(*) FROM pg_prepared_statements"));
            QVERIFY(r.first().first().toInt() >= 1);
        }
        // Also inside a write transaction that a lost connection interrupts.
        const Attempt a = startRunning(*svc, second.id);
        svc->session().simulateConnectionLoss();
        const CompleteResult won = svc->complete(a.id, R"({"ok":true})", Actor::worker(QStringLiteral("w1")));
        QCOMPARE(won.outcome, CompleteResult::Outcome::Won);
    }

    // Many distinct statements (dynamic filters, one-off tools): the cache
    // keeps at most its bound, on the client and on the server.
    void statementCacheIsBounded_data() { addBackendRows(); }
    void statementCacheIsBounded()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        constexpr int kDistinct = 300;
        for (int i = 0; i < kDistinct; ++i) {
            const SqlRows r = svc->session().exec(QStringLiteral("SELECT $1 + %1").arg(i), {1});
            QCOMPARE(r.first().first().toInt(), 1 + i);
        }
        QVERIFY2(svc->session().cachedStatementCount() <= 256,
                 qPrintable(QString::number(svc->session().cachedStatementCount())));
        QVERIFY(svc->session().cachedStatementCount() > 0);
        if (store->isPostgres()) {
            const SqlRows r = svc->session().exec(QStringLiteral("SELECT count(*) FROM pg_prepared_statements"));
            // The bound, plus at most the one evicted by the last miss (deallocated on the next call).
            QVERIFY2(r.first().first().toInt() <= PgSession::kMaxPreparedStatements + 1, qPrintable(r.first().first().toString()));
        }
        // The hot paths still work after their statements were evicted.
        const Job job = submitJob(*svc, QStringLiteral("after-eviction"));
        QCOMPARE(svc->job(job.id)->state, JobState::Queued);
    }

    // Another process changes the schema under a prepared statement (a
    // migration redefines a function or view with other columns): the
    // statement is prepared again, in autocommit and inside a transaction.
    void preparedStatementFollowsASchemaChange_data() { addBackendRows(); }
    void preparedStatementFollowsASchemaChange()
    {
        JD_FRESH_STORE(store);
        auto svc = store->open();
        auto other = store->open();
        QCOMPARE(rawSql(*other, QStringLiteral("CREATE VIEW jd_test_shape AS SELECT 1 AS a")), std::nullopt);
        const QString query = QStringLiteral("SELECT * FROM jd_test_shape WHERE 1 = $1");
        QCOMPARE(svc->session().exec(query, {1}).first().size(), 1);
        QCOMPARE(svc->session().exec(query, {1}).first().size(), 1);
        QCOMPARE(rawSql(*other, QStringLiteral("DROP VIEW jd_test_shape")), std::nullopt);
        QCOMPARE(rawSql(*other, QStringLiteral("CREATE VIEW jd_test_shape AS SELECT 1 AS a, 2 AS b")), std::nullopt);
        QCOMPARE(svc->session().exec(query, {1}).first().size(), 2);
        QCOMPARE(rawSql(*other, QStringLiteral("DROP VIEW jd_test_shape")), std::nullopt);
        QCOMPARE(rawSql(*other, QStringLiteral("CREATE VIEW jd_test_shape AS SELECT 1 AS a, 2 AS b, 3 AS c")), std::nullopt);
        // Inside a transaction the changed statement aborts it: the store asks
        // for the transaction to run again, and the next run works.
        svc->session().begin();
        std::optional<SqlError::Kind> first;
        try {
            svc->session().exec(query, {1});
        } catch (const SqlError &e) {
            first = e.kind();
        }
        svc->session().rollback();
        if (first)
            QCOMPARE(*first, SqlError::Kind::Retryable);
        svc->session().begin();
        QCOMPARE(svc->session().exec(query, {1}).first().size(), 3);
        svc->session().commit();
    }
};

QTEST_GUILESS_MAIN(TestHotPaths)
#include "tst_hot_paths.moc"
