#pragma once

#include "service/JobService.h"

#include <QString>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <optional>

namespace jobdesk::test {

// Adds the "backend" column with one row per store: "sqlite" and "postgres".
// A store suite calls it once, from its initTestCase_data(), so every test
// function runs on both stores and Qt Test prints
// "PASS   : TestX::doubleClick(postgres)"; a table-driven function's own
// _data() adds only its own columns ("TestX::foo(postgres:its row)").
void addBackendRows();

// The store of the row being run: the global "backend" of a suite with
// initTestCase_data(); in a suite without one (most of its functions use no
// store), the function's own "backend" column, added by its _data() with
// addBackendRows() (tst_refusal_text::aStoresGuardRefusesWithItsCodeAndParameters).
QString currentBackend(const QObject *testCase);

// A fresh, empty, migrated store for one test function: an SQLite file in a
// temporary folder, or a new schema on the throwaway PostgreSQL whose URL the
// test script puts in JOBDESK_TEST_PG_URL. Without that variable a PostgreSQL
// test FAILS (it never skips) with a message that says how to run it.
class FreshStore
{
public:
    explicit FreshStore(const QString &backend);
    ~FreshStore();
    FreshStore(const FreshStore &) = delete;
    FreshStore &operator=(const FreshStore &) = delete;

    const StoreUrl &url() const { return m_url; }
    std::unique_ptr<JobService> open() const; // a new connection
    QString backend() const { return m_backend; }
    bool isPostgres() const { return m_url.dialect == Dialect::Postgres; }

private:
    QString m_backend;
    StoreUrl m_url;
    QTemporaryDir m_dir;
    QString m_schema;
};

// `url` as the programs' --database argument takes it.
QString storeArgument(const StoreUrl &url);

// Returns the PostgreSQL base URL or throws a message explaining how to get one.
QString postgresBaseUrl();

// PostgreSQL: how many backends wait for a lock held by transaction `xid`
// (pg_current_xact_id()::text), read on `observer`: poll it with
// QTRY_VERIFY_WITH_TIMEOUT to know a thread is blocked behind a transaction.
int lockWaitersOn(SqlSession &observer, const QString &xid);

SubmitRequest makeSubmit(const QString &key, const QJsonObject &input = {{QStringLiteral("prompt"), QStringLiteral("hello")}},
                         int maxParallel = 1, int maxAttempts = 3);

// Submits a job and returns it (created).
Job submitJob(JobService &svc, const QString &key, int maxParallel = 1, int maxAttempts = 3);
// A start request with a fresh request id, from worker "w1".
StartAttemptRequest makeStartRequest(qint64 jobId, const QString &provider = QStringLiteral("primary"),
                                     AttemptKind kind = AttemptKind::Automatic);
// Claims the job for the request's worker (an automatic attempt or hedge starts
// only under its worker's unexpired claim), then starts the attempt.
StartAttemptResult claimAndStart(JobService &svc, const StartAttemptRequest &req);
// Claims the job, starts an attempt and marks it running.
Attempt startRunning(JobService &svc, qint64 jobId, const QString &provider = QStringLiteral("primary"),
                     AttemptKind kind = AttemptKind::Automatic);
// True when the store's guards refuse the raw statement (a trigger's
// "jobdesk_*:" refusal), false when it runs; any other error propagates.
bool guardRefuses(JobService &svc, const QString &sql);
// Runs raw SQL; returns the kind of error the database raised (its message in
// `message`, when given), or nullopt.
std::optional<SqlError::Kind> rawSql(JobService &svc, const QString &sql, const SqlParams &params = {},
                                     QString *message = nullptr);
OperatorRequest operatorRequest(const QString &reason = QStringLiteral("confirmed with the provider"));
// PostgreSQL: `url` as a login role of the test cluster in `group`
// (jobdesk_viewer, jobdesk_operator); the role is made once (roles are
// cluster-wide) through `admin`, a connection of the cluster's owner.
StoreUrl loginAs(JobService &admin, StoreUrl url, const QString &login, const QString &group);
StoreUrl loginAs(const FreshStore &store, const QString &login, const QString &group);

} // namespace jobdesk::test

// Runs a statement that must throw JobDeskError with the given code.
#define JD_VERIFY_THROWS_CODE(expr, expectedCode)                                                         \
    do {                                                                                                  \
        bool jdThrown = false;                                                                            \
        try {                                                                                             \
            (void)(expr);                                                                                 \
        } catch (const jobdesk::JobDeskError &jdError) {                                                  \
            jdThrown = true;                                                                              \
            QVERIFY2(jdError.code() == (expectedCode),                                                    \
                     qPrintable(QStringLiteral("wrong error code %1: %2")                                 \
                                    .arg(jobdesk::JobDeskError::codeName(jdError.code()), jdError.message()))); \
        }                                                                                                 \
        QVERIFY2(jdThrown, "expected a JobDeskError from: " #expr);                                       \
    } while (false)

// Declares `backend` (this row's store) and `store` (a FreshStore for it); a
// store that cannot be made fails the test with the reason.
#define JD_FRESH_STORE(store)                                                   \
    QString backend = jobdesk::test::currentBackend(this);                      \
    std::unique_ptr<jobdesk::test::FreshStore> store;                           \
    try {                                                                       \
        store = std::make_unique<jobdesk::test::FreshStore>(backend);           \
    } catch (const std::exception &jdFixtureError) {                            \
        QFAIL(jdFixtureError.what());                                           \
    }

// In a store suite, a function that proves something of one store only: it
// runs on that store's row and is skipped, saying why, on the other.
#define JD_ONLY_ON(onlyBackend, why)                                            \
    do {                                                                        \
        if (jobdesk::test::currentBackend(this) != QLatin1String(onlyBackend))  \
            QSKIP(onlyBackend " only: " why);                                   \
    } while (false)

// In a store suite, a function that uses no store: it runs once, on the
// "sqlite" row, and says so on the other.
#define JD_NOT_A_STORE_TEST()                                                   \
    do {                                                                        \
        if (jobdesk::test::currentBackend(this) != QLatin1String("sqlite"))     \
            QSKIP("not a store test: it runs once, on the sqlite row");         \
    } while (false)

// Readable QCOMPARE failures for the domain's enums.
namespace QTest {
template<> inline char *toString(const jobdesk::SubmitResult::Outcome &v) { return qstrdup(qPrintable(jobdesk::toText(v))); }
template<> inline char *toString(const jobdesk::AttemptState &v) { return qstrdup(qPrintable(jobdesk::toText(v))); }
template<> inline char *toString(const jobdesk::JobState &v) { return qstrdup(qPrintable(jobdesk::toText(v))); }
template<> inline char *toString(const jobdesk::AttemptKind &v) { return qstrdup(qPrintable(jobdesk::toText(v))); }
template<> inline char *toString(const jobdesk::Refusal::Reason &v) { return qstrdup(qPrintable(jobdesk::toText(v))); }
template<> inline char *toString(const jobdesk::CompleteResult::Outcome &v)
{
    return qstrdup(v == jobdesk::CompleteResult::Outcome::Won ? "won" : "lost");
}
template<> inline char *toString(const jobdesk::IdempotencyEvent::Kind &v)
{
    return qstrdup(v == jobdesk::IdempotencyEvent::Kind::Replayed ? "replayed" : "conflict");
}
} // namespace QTest
