// Prefer: wait=N (RFC 7240) on POST /v1/jobs and GET /v1/jobs/{id}, over real
// HTTP on both stores: the answer comes when the job is decided or blocked,
// or at the deadline with the job as it is, always with Preference-Applied;
// the waiter is woken by the change feed, not a poll per request; a client
// whose connection dropped sends again with the same key and waits on the
// same job; a thousand waiters hold no handler thread, little memory and
// cost no query per waiter.

#include "HttpTestSupport.h"
#include "http/JobWaiters.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTest>

#include <thread>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

QByteArray waitRequest(const QByteArray &method, const QByteArray &path, const QString &token, const QByteArray &key,
                       const QByteArray &prefer, const QByteArray &body = {})
{
    HttpHeaders h = method == "POST" ? jsonHeaders(token, key) : HttpHeaders{{"Authorization", "Bearer " + token.toLatin1()}};
    if (!prefer.isEmpty())
        h.emplace_back("Prefer", prefer);
    return requestBytes(method, path, h, body);
}

qint64 residentKiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    return -1;
}

// Bounded wait for a condition another thread makes true.
template<typename F>
bool within(int ms, F condition)
{
    QElapsedTimer t;
    t.start();
    while (!condition()) {
        if (t.elapsed() > ms)
            return false;
        std::this_thread::yield();
        QTest::qWait(5);
    }
    return true;
}

qint64 submitOwnJob(JobService &svc, const QString &key)
{
    SubmitRequest r;
    r.ownerId = QStringLiteral("owner-a");
    r.idempotencyKey = key;
    r.route = QStringLiteral("summarize");
    r.input = textInput(key);
    return svc.submit(r).job.id;
}

} // namespace

class TestPreferWait : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }

    void thePreferHeaderIsReadAsRfc7240Says_data()
    {
        QTest::addColumn<QList<QByteArray>>("headers");
        QTest::addColumn<int>("expected"); // -1: no wait preference
        QTest::newRow("plain") << QList<QByteArray>{"wait=10"} << 10;
        QTest::newRow("case and spaces") << QList<QByteArray>{" WAIT = 7 "} << 7;
        QTest::newRow("quoted") << QList<QByteArray>{"wait=\"5\""} << 5;
        QTest::newRow("among others") << QList<QByteArray>{"respond-async, wait=3;foo=bar, return=minimal"} << 3;
        QTest::newRow("second header") << QList<QByteArray>{"return=minimal", "wait=4"} << 4;
        QTest::newRow("capped at 60") << QList<QByteArray>{"wait=3600"} << 60;
        QTest::newRow("zero") << QList<QByteArray>{"wait=0"} << 0;
        QTest::newRow("negative ignored") << QList<QByteArray>{"wait=-1"} << -1;
        QTest::newRow("not a number ignored") << QList<QByteArray>{"wait=soon"} << -1;
        QTest::newRow("no value ignored") << QList<QByteArray>{"wait"} << -1;
        QTest::newRow("absent") << QList<QByteArray>{} << -1;
    }
    void thePreferHeaderIsReadAsRfc7240Says()
    {
        QFETCH(QList<QByteArray>, headers);
        QFETCH(int, expected);
        HttpRequest r;
        for (const QByteArray &h : headers)
            r.headers.append({"Prefer", h});
        const std::optional<int> wait = preferredWaitSeconds(r);
        QCOMPARE(wait.value_or(-1), expected);
    }

    void aDecidedJobIsAnsweredAtOnceWithPreferenceApplied()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        const qint64 id = submitOwnJob(*env->svc, QStringLiteral("decided-1"));
        env->svc->failJob(id, Actor::system(), QStringLiteral("test: decided before the read"));
        QElapsedTimer t;
        t.start();
        const HttpReply r = httpCall(env->port, waitRequest("GET", "/v1/jobs/" + QByteArray::number(id), env->client, {}, "wait=30"));
        QCOMPARE(r.status, 200);
        QVERIFY2(t.elapsed() < 5000, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(r.header("Preference-Applied"), QByteArray("wait=30"));
        QCOMPARE(r.json().value(QStringLiteral("state")).toString(), QStringLiteral("failed"));
        // Without a preference there is nothing to say applied.
        const HttpReply plain = getPath(env->port, env->client, "/v1/jobs/" + QByteArray::number(id));
        QCOMPARE(plain.status, 200);
        QVERIFY(plain.header("Preference-Applied").isEmpty());
    }

    void aWaitingCreateIsAnsweredWhenAnotherConnectionDecidesTheJob()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        JobWaiters &waiters = env->server->server()->waiters();
        auto answer = std::async(std::launch::async, [&] {
            return httpCall(env->port, waitRequest("POST", "/v1/jobs", env->client, "wait-create-1", "wait=30",
                                                   createBody(QStringLiteral("summarize"), textInput(QStringLiteral("hi")))),
                            40000);
        });
        QVERIFY(within(10000, [&] { return waiters.waiting() == 1; }));
        const qint64 id = env->svc->jobs({}, std::nullopt, 10).jobs.first().id;
        QElapsedTimer t;
        t.start();
        // Decided by the test's own connection: no write of this server, so
        // only the change feed (SQLite: data_version; PostgreSQL: the look
        // every waitPollMs) can wake the waiter.
        env->svc->failJob(id, Actor::system(), QStringLiteral("test: decided while a client waits"));
        QCOMPARE(answer.wait_for(std::chrono::seconds(10)), std::future_status::ready);
        const HttpReply r = answer.get();
        QVERIFY2(t.elapsed() < 3000, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(r.status, 201);
        QCOMPARE(r.header("Location"), "/v1/jobs/" + QByteArray::number(id));
        QCOMPARE(r.header("Preference-Applied"), QByteArray("wait=30"));
        QCOMPARE(r.json().value(QStringLiteral("state")).toString(), QStringLiteral("failed"));
        QCOMPARE(waiters.waiting(), 0);
    }

    void aWaiterGetsTheCurrentStateAtItsDeadline()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        const qint64 id = submitOwnJob(*env->svc, QStringLiteral("deadline-1"));
        QElapsedTimer t;
        t.start();
        const HttpReply r = httpCall(env->port, waitRequest("GET", "/v1/jobs/" + QByteArray::number(id), env->client, {}, "wait=1"));
        const qint64 took = t.elapsed();
        QCOMPARE(r.status, 200);
        QVERIFY2(took >= 950 && took < 5000, qPrintable(QString::number(took)));
        QCOMPARE(r.header("Preference-Applied"), QByteArray("wait=1"));
        QCOMPARE(r.json().value(QStringLiteral("state")).toString(), QStringLiteral("queued"));
    }

    void aClientWhoseConnectionDroppedWaitsAgainOnTheSameJob()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        JobWaiters &waiters = env->server->server()->waiters();
        const QByteArray body = createBody(QStringLiteral("summarize"), textInput(QStringLiteral("once")));
        {
            HttpConnection first(env->port);
            QVERIFY(first.send(waitRequest("POST", "/v1/jobs", env->client, "dropped-1", "wait=30", body)));
            QVERIFY(within(10000, [&] { return waiters.waiting() == 1; }));
        } // the connection drops while its request waits
        auto again = std::async(std::launch::async, [&] {
            return httpCall(env->port, waitRequest("POST", "/v1/jobs", env->client, "dropped-1", "wait=30", body), 40000);
        });
        QVERIFY(within(10000, [&] { return waiters.waiting() == 2; })); // the dropped one stays until its deadline
        const QList<Job> jobs = env->svc->jobs({}, std::nullopt, 10).jobs;
        QCOMPARE(jobs.size(), 1);
        env->svc->failJob(jobs.first().id, Actor::system(), QStringLiteral("test: decided"));
        QCOMPARE(again.wait_for(std::chrono::seconds(10)), std::future_status::ready);
        const HttpReply r = again.get();
        QCOMPARE(r.status, 200);
        QCOMPARE(r.header("Idempotent-Replayed"), QByteArray("true"));
        QCOMPARE(r.json().value(QStringLiteral("id")).toInteger(), jobs.first().id);
        QCOMPARE(r.json().value(QStringLiteral("state")).toString(), QStringLiteral("failed"));
        QCOMPARE(StoreCounts::of(*env->svc).jobs, 1);
        QVERIFY(within(10000, [&] { return waiters.waiting() == 0; }));
    }

    // 1,000 parked requests on 1,000 queued jobs: no handler thread held (4
    // handlers serve other requests meanwhile), the server's memory grows by
    // less than 50 MB, and the watcher's statements per second do not grow
    // with the number of waiters. Then every job is decided and every
    // waiter answered.
    void aThousandWaitersHoldNoThreadLittleMemoryAndNoQueryPerWaiter()
    {
        QFETCH_GLOBAL(QString, backend);
        std::unique_ptr<ApiEnv> env;
        JD_START_API(env, backend);
        JobWaiters &waiters = env->server->server()->waiters();
        constexpr int kWaiters = 1000;
        QList<qint64> ids;
        for (int i = 0; i < kWaiters; ++i)
            ids.append(submitOwnJob(*env->svc, QStringLiteral("many-%1").arg(i)));
        const HttpReply warm = getPath(env->port, env->client, "/v1/jobs/" + QByteArray::number(ids.first())); // token cached, handlers open
        QCOMPARE(warm.status, 200);
        const qint64 before = residentKiB();
        std::vector<std::unique_ptr<HttpConnection>> conns;
        for (int i = 0; i < kWaiters; ++i) {
            conns.push_back(std::make_unique<HttpConnection>(env->port, 60000));
            QVERIFY(conns.back()->isOpen());
            QVERIFY(conns.back()->send(waitRequest("GET", "/v1/jobs/" + QByteArray::number(ids.at(i)), env->client, {}, "wait=50")));
        }
        QVERIFY2(within(30000, [&] { return waiters.waiting() == kWaiters; }), qPrintable(QString::number(waiters.waiting())));
        const qint64 parked = residentKiB();
        // The handlers are free: a plain read is answered at once.
        QElapsedTimer t;
        t.start();
        QCOMPARE(getPath(env->port, env->client, "/v1/jobs/" + QByteArray::number(ids.first())).status, 200);
        QVERIFY2(t.elapsed() < 2000, qPrintable(QString::number(t.elapsed())));
        const qint64 statementsBefore = waiters.statements();
        QElapsedTimer window;
        window.start();
        QTest::qWait(3000); // a measurement window, not a synchronisation
        const double perSecond = double(waiters.statements() - statementsBefore) * 1000.0 / double(window.elapsed());
        const double mb = double(parked - before) / 1024.0;
        qInfo("%d waiters on %s: %.1f MB more resident memory, %.1f watcher statements/s",
              kWaiters, qPrintable(backend), mb, perSecond);
        QVERIFY2(mb < 50.0, qPrintable(QString::number(mb)));
        QVERIFY2(perSecond <= 12.0, qPrintable(QString::number(perSecond))); // one look per 100-250 ms, not 1,000 per second
        for (const qint64 id : ids)
            env->svc->failJob(id, Actor::system(), QStringLiteral("test: decided"));
        for (auto &c : conns) {
            const HttpReply r = c->read();
            QCOMPARE(r.status, 200);
            QCOMPARE(r.json().value(QStringLiteral("state")).toString(), QStringLiteral("failed"));
            QCOMPARE(r.header("Preference-Applied"), QByteArray("wait=50"));
        }
        QCOMPARE(waiters.waiting(), 0);
    }
};

QTEST_GUILESS_MAIN(TestPreferWait)
#include "tst_prefer_wait.moc"
