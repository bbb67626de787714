// The dispatcher at provider scale (issue 33), on both stores: many attempts
// in flight on the sender loop with a small pool of store threads, the
// in-flight limit, and a submitted job woken into a dispatcher rather than
// waiting for its idle poll.

#include "DispatchFixture.h"
#include "PrivatePostgres.h"
#include "live/ChangeNotifier.h"
#include "ReleasedTogether.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QSet>
#include <QTest>

#include <atomic>
#include <future>
#include <thread>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

std::unique_ptr<Dispatcher> scaleDispatcher(const DispatchFixture &fx, const StoreUrl &url, int maxInFlight,
                                            qint64 idlePollMs = 200)
{
    DispatcherOptions o;
    o.workerId = QStringLiteral("scale");
    o.leaseMs = 20000;
    o.neverProcessedGraceMs = 0;
    o.maxInFlight = maxInFlight;
    o.idlePollMs = idlePollMs;
    return std::make_unique<Dispatcher>(url, fx.config, std::make_shared<ProviderDirectory>(fx.config), o);
}

// Waits, bounded, until every job is decided; returns how many succeeded.
int waitDecided(JobService &svc, const QList<qint64> &ids, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    QSet<qint64> open(ids.begin(), ids.end());
    int succeeded = 0;
    while (!open.isEmpty() && t.elapsed() < timeoutMs) {
        for (auto it = open.begin(); it != open.end();) {
            const auto job = svc.job(*it);
            if (job && (job->state == JobState::Succeeded || job->state == JobState::Failed || job->state == JobState::Cancelled
                        || job->state == JobState::Blocked)) {
                succeeded += job->state == JobState::Succeeded;
                it = open.erase(it);
            } else {
                ++it;
            }
        }
        if (!open.isEmpty())
            QTest::qWait(50); // polling the store for the outcome, not synchronising threads
    }
    return open.isEmpty() ? succeeded : -1;
}

} // namespace

class TestDispatchScale : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }

    // 300 jobs, the provider answering each after 1.5 s, 2 store threads:
    // they are all in flight at once (one thread per attempt had 2), each
    // request sent exactly once, every job won by its primary.
    void manyAttemptsInFlightOnTwoStoreThreads()
    {
        JD_FRESH_STORE(store);
        DispatchFixture fx;
        QVERIFY(fx.setUp(20000));
        fx.primary.provider()->setDefaultBehaviour(
            DispatchFixture::withOutput(FakeProvider::Behaviour::answer(1500), QStringLiteral("from primary")));
        auto svc = store->open();
        constexpr int n = 300;
        QList<qint64> ids;
        for (int i = 0; i < n; ++i)
            ids.append(fx.submit(*svc, QStringLiteral("scale-%1").arg(i)).id);
        auto dispatcher = scaleDispatcher(fx, store->url(), 1000);
        QElapsedTimer t;
        t.start();
        dispatcher->start();
        QCOMPARE(waitDecided(*svc, ids, 120000), n);
        const qint64 elapsed = t.elapsed();
        dispatcher->stop();
        qInfo() << n << "jobs decided in" << elapsed << "ms; peak in flight" << dispatcher->stats().peakInFlight.load();
        QVERIFY2(dispatcher->stats().peakInFlight >= 100, qPrintable(QString::number(dispatcher->stats().peakInFlight)));
        QCOMPARE(dispatcher->stats().inFlight.load(), 0);
        QCOMPARE(fx.primary.provider()->completionRequestCount(), n);
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);
        for (const qint64 id : ids) {
            const QList<Attempt> attempts = svc->attempts(id);
            QCOMPARE(attempts.size(), 1);
            QCOMPARE(fx.primary.provider()->completionRequestCount(attempts.first().providerKey), 1);
        }
    }

    // Calls that outlast their lease three times over: one renewal round per
    // worker and interval keeps every lease and claim alive (none reaped to
    // unknown), not one statement per attempt.
    void oneRenewalPerIntervalKeepsEveryLeaseInFlight()
    {
        JD_FRESH_STORE(store);
        DispatchFixture fx;
        QVERIFY(fx.setUp(20000));
        fx.primary.provider()->setDefaultBehaviour(
            DispatchFixture::withOutput(FakeProvider::Behaviour::answer(4500), QStringLiteral("from primary")));
        auto svc = store->open();
        constexpr int n = 60;
        QList<qint64> ids;
        for (int i = 0; i < n; ++i)
            ids.append(fx.submit(*svc, QStringLiteral("renew-%1").arg(i)).id);
        DispatcherOptions o;
        o.workerId = QStringLiteral("renew");
        o.leaseMs = 1500; // renewed every 500 ms
        o.claimMs = 1500;
        o.maintenanceEveryMs = 100; // the reaper looks often
        o.neverProcessedGraceMs = 0;
        Dispatcher dispatcher(store->url(), fx.config, std::make_shared<ProviderDirectory>(fx.config), o);
        dispatcher.start();
        QCOMPARE(waitDecided(*svc, ids, 60000), n);
        dispatcher.stop();
        QCOMPARE(dispatcher.stats().reaped.load(), 0);
        QCOMPARE(dispatcher.stats().unknown.load(), 0);
        QCOMPARE(fx.primary.provider()->completionRequestCount(), n);
        // ~4.5 s / 0.5 s rounds for each of the two workers' ids, however many are in flight.
        QVERIFY2(dispatcher.stats().renewals.load() <= 40, qPrintable(QString::number(dispatcher.stats().renewals.load())));
    }

    // 300 attempts in flight, each answer 4 s away, leases of 3 s (renewed
    // every second) and a reaper looking every 100 ms, while four writers
    // with their own connections submit as fast as they can (on a route the
    // dispatcher does not know, so they stay queued): the outcomes are applied
    // through the same contention, and no lease of the live process expires.
    void noLeaseExpiresUnderHeavyConcurrentWriters()
    {
        JD_FRESH_STORE(store);
        DispatchFixture fx;
        QVERIFY(fx.setUp(30000));
        fx.primary.provider()->setDefaultBehaviour(
            DispatchFixture::withOutput(FakeProvider::Behaviour::answer(4000), QStringLiteral("from primary")));
        auto svc = store->open();
        constexpr int n = 300;
        QList<qint64> ids;
        for (int i = 0; i < n; ++i)
            ids.append(fx.submit(*svc, QStringLiteral("contended-%1").arg(i)).id);
        Route elsewhere = fx.route();
        elsewhere.name = QStringLiteral("elsewhere");
        std::atomic<bool> stopWriting{false};
        std::atomic<int> written{0};
        constexpr int writers = 4;
        constexpr int mostEach = 20000; // bounded even if the stop never came
        Joined writing{std::thread([&] {
            const auto errors = releasedTogether(
                writers, [&](int) { return store->open(); },
                [&](int w, JobService &own) {
                    for (int i = 0; i < mostEach && !stopWriting; ++i) {
                        own.submit(submitRequestFor(elsewhere, QStringLiteral("writer"), QStringLiteral("w%1-%2").arg(w).arg(i),
                                                    QJsonObject{{QStringLiteral("text"), QStringLiteral("load")}}));
                        ++written;
                    }
                });
            for (const QString &e : errors)
                if (!e.isEmpty())
                    qWarning() << "writer:" << e;
        })};
        QTRY_VERIFY_WITH_TIMEOUT(written.load() >= 4 * writers, 20000); // the writers are writing
        DispatcherOptions o;
        o.workerId = QStringLiteral("contended");
        o.leaseMs = 3000;
        o.maintenanceEveryMs = 100;
        o.neverProcessedGraceMs = 0;
        Dispatcher dispatcher(store->url(), fx.config, std::make_shared<ProviderDirectory>(fx.config), o);
        dispatcher.start();
        const int succeeded = waitDecided(*svc, ids, 180000);
        const int writtenDuring = written.load();
        stopWriting = true;
        writing.t.join();
        dispatcher.stop();
        qInfo() << n << "jobs decided while the writers submitted" << writtenDuring << "; reaped" << dispatcher.stats().reaped.load()
                << "renewal rounds" << dispatcher.stats().renewals.load();
        QStringList notSucceeded; // a failure names each job's state and why
        for (qint64 id : ids)
            if (const auto j = svc->job(id); j && j->state != JobState::Succeeded) {
                QStringList why;
                for (const Attempt &a : svc->attempts(id))
                    why.append(QStringLiteral("attempt %1 %2: %3").arg(a.id).arg(toText(a.state), a.lastReason));
                notSucceeded.append(QStringLiteral("job %1 %2 (%3): %4").arg(id).arg(toText(j->state), j->stateReason, why.join(QStringLiteral("; "))));
            }
        QVERIFY2(notSucceeded.isEmpty(), qPrintable(notSucceeded.join(u'\n')));
        QCOMPARE(succeeded, n);
        QCOMPARE(dispatcher.stats().reaped.load(), 0);
        QCOMPARE(dispatcher.stats().unknown.load(), 0);
        const qint64 wentUnknown = svc->session()
                                       .exec(QStringLiteral("SELECT count(*) FROM attempt_events WHERE to_state = 'unknown'"))
                                       .first()
                                       .first()
                                       .toLongLong();
        QCOMPARE(wentUnknown, 0);
        QVERIFY2(writtenDuring >= 100, qPrintable(QString::number(writtenDuring))); // there was contention
        QCOMPARE(fx.primary.provider()->completionRequestCount(), n);
    }

    // SQLite stamps the lease inside the write transaction: a move to running
    // that waited behind another writer's lock for longer than the send's
    // window is still sent, its window measured from the lease it was given.
    // (PostgreSQL stamps it with the database's clock; the sender keeps the
    // bound measured before the call there.)
    void aSendThatWaitedForTheWriteLockKeepsItsWholeWindow()
    {
        JD_ONLY_ON("sqlite", "PostgreSQL's lease is stamped by the database's clock, not this machine's");
        JD_FRESH_STORE(store);
        DispatchFixture fx;
        QVERIFY(fx.setUp(20000));
        auto svc = store->open();
        const qint64 id = fx.submit(*svc, QStringLiteral("behind-a-writer")).id;
        constexpr qint64 leaseMs = 2000; // a send window of 1,800 ms
        std::promise<void> held, release;
        std::thread holder;
        DispatcherOptions o;
        o.workerId = QStringLiteral("waits");
        o.workers = 1;
        o.leaseMs = leaseMs;
        o.afterStartForTests = [&](const Attempt &started) {
            if (holder.joinable())
                return;
            // Another connection takes SQLite's write lock and keeps it past the
            // window; before it lets go it renews the start's lease, as the lease
            // keeper would have had it got the lock, so the reaper leaves it be.
            holder = std::thread([&, url = store->url(), id = started.id] {
                auto other = JobService::open(url);
                other->session().begin();
                held.set_value();
                std::this_thread::sleep_for(std::chrono::milliseconds(leaseMs + 300));
                other->session().exec(QStringLiteral("UPDATE attempts SET lease_expires_at_ms = lease_expires_at_ms + 10000 "
                                                     "WHERE id = $1"),
                                      {id});
                other->session().commit();
            });
            held.get_future().wait();
        };
        Dispatcher dispatcher(store->url(), fx.config, std::make_shared<ProviderDirectory>(fx.config), o);
        dispatcher.start();
        const int succeeded = waitDecided(*svc, {id}, 30000);
        const QString decided = toText(svc->job(id)->state);
        dispatcher.stop();
        if (holder.joinable())
            holder.join();
        QStringList why{QStringLiteral("job %1").arg(decided)};
        for (const Attempt &a : svc->attempts(id))
            why.append(QStringLiteral("attempt %1 %2: %3").arg(a.id).arg(toText(a.state), a.lastReason));
        QVERIFY2(succeeded == 1, qPrintable(why.join(u'\n')));
        QCOMPARE(svc->attempts(id).size(), 1);
        QCOMPARE(fx.primary.provider()->completionRequestCount(), 1);
    }

    // max_concurrency 10 in the routes file: the provider never has an 11th
    // request open. Each answer takes 400 ms and a place is given back only
    // when its transfer is over, so no 400 ms window holds 11 arrivals.
    void aProviderCappedAtTenNeverSeesAnEleventh()
    {
        JD_FRESH_STORE(store);
        DispatchFixture fx;
        QVERIFY(fx.setUp(20000));
        fx.primary.provider()->setDefaultBehaviour(
            DispatchFixture::withOutput(FakeProvider::Behaviour::answer(400), QStringLiteral("from primary")));
        for (ProviderConfig &p : fx.config.providers)
            if (p.name == QLatin1String("primary"))
                p.maxConcurrency = 10;
        QCOMPARE(RouteConfig::fromJson(fx.config.toJson()).provider(QStringLiteral("primary"))->maxConcurrency, 10);
        auto svc = store->open();
        constexpr int n = 60;
        QList<qint64> ids;
        for (int i = 0; i < n; ++i)
            ids.append(fx.submit(*svc, QStringLiteral("cap-%1").arg(i)).id);
        auto dispatcher = scaleDispatcher(fx, store->url(), 1000);
        dispatcher->start();
        QCOMPARE(waitDecided(*svc, ids, 60000), n);
        dispatcher->stop();
        QList<qint64> at;
        for (const FakeProvider::Received &r : fx.primary.provider()->received())
            if (r.method == QLatin1String("POST"))
                at.append(r.atMs);
        QCOMPARE(at.size(), n);
        std::sort(at.begin(), at.end());
        int most = 0;
        for (qsizetype i = 0; i < at.size(); ++i) {
            int inWindow = 0;
            for (qsizetype j = i; j < at.size() && at.at(j) < at.at(i) + 390; ++j)
                ++inWindow;
            most = std::max(most, inWindow);
        }
        QVERIFY2(most <= 10, qPrintable(QString::number(most)));
        QVERIFY2(most >= 5, qPrintable(QString::number(most))); // it did run them side by side
        QVERIFY(dispatcher->stats().heldAtProviderLimit.load() > 0);
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0); // never moved on for the limit
    }

    // max_requests_per_s 20: 60 instant answers take at least 2 s (a full
    // bucket of 20, then 20 a second), and none goes to the fallback.
    void aProviderRateLimitSpreadsTheSends()
    {
        JD_FRESH_STORE(store);
        DispatchFixture fx;
        QVERIFY(fx.setUp(20000));
        for (ProviderConfig &p : fx.config.providers)
            if (p.name == QLatin1String("primary"))
                p.maxRequestsPerS = 20;
        auto svc = store->open();
        constexpr int n = 60;
        QList<qint64> ids;
        for (int i = 0; i < n; ++i)
            ids.append(fx.submit(*svc, QStringLiteral("rate-%1").arg(i)).id);
        auto dispatcher = scaleDispatcher(fx, store->url(), 1000);
        dispatcher->start();
        QCOMPARE(waitDecided(*svc, ids, 60000), n);
        dispatcher->stop();
        QList<qint64> at;
        for (const FakeProvider::Received &r : fx.primary.provider()->received())
            if (r.method == QLatin1String("POST"))
                at.append(r.atMs);
        QCOMPARE(at.size(), n);
        std::sort(at.begin(), at.end());
        QVERIFY2(at.last() - at.first() >= 1900, qPrintable(QString::number(at.last() - at.first())));
        for (qsizetype i = 0; i + 40 < at.size(); ++i) // never more than 40 in a second (20 + 20)
            QVERIFY2(at.at(i + 40) - at.at(i) >= 950, qPrintable(QString::number(at.at(i + 40) - at.at(i))));
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);
    }

#ifdef JOBDESK_SERVER_BINARY
    // 2,000 attempts in flight in one jobdesk-server (the provider reads each
    // request and never answers), then kill -9: every one becomes unknown by
    // its lease, none is sent again, none goes to the fallback.
    void twoThousandInFlightThenKillNineAllBecomeUnknownByTheirLeases()
    {
        JD_FRESH_STORE(store);
        DispatchFixture fx;
        QVERIFY(fx.setUp(120000));
        fx.primary.provider()->setDefaultBehaviour(FakeProvider::Behaviour::of(FakeProvider::Behaviour::Kind::Hang));
        auto svc = store->open();
        constexpr int n = 2000;
        QList<qint64> ids;
        for (int i = 0; i < n; ++i)
            ids.append(fx.submit(*svc, QStringLiteral("kill-%1").arg(i)).id);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString routes = dir.filePath(QStringLiteral("routes.json"));
        {
            QFile f(routes);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QJsonDocument(fx.config.toJson()).toJson());
        }
        const StoreUrl url = store->url();
        QProcess server;
        server.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("jobdesk.*.info=false"));
        server.setProcessEnvironment(env);
        server.start(QStringLiteral(JOBDESK_SERVER_BINARY),
                     {QStringLiteral("--database"),
                      url.dialect == Dialect::Postgres ? url.postgresUrl : QStringLiteral("sqlite:") + url.sqlitePath,
                      QStringLiteral("--routes"), routes, QStringLiteral("--worker-id"), QStringLiteral("K"),
                      QStringLiteral("--lease-ms"), QStringLiteral("3000"), QStringLiteral("--max-in-flight"),
                      QStringLiteral("3000")});
        QVERIFY(server.waitForStarted(10000));
        QTRY_COMPARE_WITH_TIMEOUT(fx.primary.provider()->completionRequestCount(), n, 120000);
        server.kill(); // SIGKILL
        QVERIFY(server.waitForFinished(10000));
        // The reaper of another process (this one) turns every lease into unknown.
        DispatcherOptions o;
        o.workerId = QStringLiteral("reaper");
        Dispatcher reaper(url, fx.config, std::make_shared<ProviderDirectory>(fx.config), o);
        QElapsedTimer t;
        t.start();
        int reaped = 0;
        while (reaped < n && t.elapsed() < 60000) {
            reaped += reaper.reapOnce(*svc);
            if (reaped < n)
                QTest::qWait(100); // leases run out by the database's clock
        }
        QCOMPARE(reaped, n);
        for (const qint64 id : ids) {
            const QList<Attempt> attempts = svc->attempts(id);
            QCOMPARE(attempts.size(), 1);
            QCOMPARE(attempts.first().state, AttemptState::Unknown);
            QCOMPARE(svc->job(id)->state, JobState::Blocked);
        }
        QVERIFY(!reaper.runOnce(*svc, QStringLiteral("after"))); // nothing to send again
        QCOMPARE(fx.primary.provider()->completionRequestCount(), n);
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);
    }

    // A jobdesk-server at --max-in-flight 50 with 2,000 jobs queued: it never
    // holds more than 50 claims or open attempts (new claims wait for room),
    // and its memory stays flat: what it holds after the first 500 jobs is
    // what it holds after all 2,000 (a leak of 8 KiB a job would add 12 MB).
    void atTheInFlightLimitClaimsWaitAndTheServersMemoryStaysFlat()
    {
        JD_FRESH_STORE(store);
        DispatchFixture fx;
        QVERIFY(fx.setUp(60000));
        fx.primary.provider()->setDefaultBehaviour(
            DispatchFixture::withOutput(FakeProvider::Behaviour::answer(100), QStringLiteral("from primary")));
        auto svc = store->open();
        constexpr int n = 2000;
        constexpr int limit = 50;
        QList<qint64> ids;
        for (int i = 0; i < n; ++i)
            ids.append(fx.submit(*svc, QStringLiteral("flat-%1").arg(i)).id);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString routes = writeRoutes(dir, fx.config);
        QVERIFY(!routes.isEmpty());
        const StoreUrl url = store->url();
        QProcess server;
        server.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("jobdesk.*.info=false"));
        server.setProcessEnvironment(env);
        server.start(QStringLiteral(JOBDESK_SERVER_BINARY),
                     {QStringLiteral("--database"),
                      url.dialect == Dialect::Postgres ? url.postgresUrl : QStringLiteral("sqlite:") + url.sqlitePath,
                      QStringLiteral("--routes"), routes, QStringLiteral("--worker-id"), QStringLiteral("F"),
                      QStringLiteral("--max-in-flight"), QString::number(limit)});
        QVERIFY(server.waitForStarted(10000));
        const auto rssKiB = [&] {
            QFile f(QStringLiteral("/proc/%1/status").arg(server.processId()));
            if (!f.open(QIODevice::ReadOnly))
                return qint64(-1);
            for (const QByteArray &line : f.readAll().split('\n'))
                if (line.startsWith("VmRSS:"))
                    return line.mid(6).trimmed().split(' ').first().toLongLong();
            return qint64(-1);
        };
        const QString held = QStringLiteral("SELECT (SELECT count(*) FROM jobs WHERE claimed_by IS NOT NULL AND claim_expires_at_ms > %1), "
                                            "(SELECT count(*) FROM attempts WHERE state IN ('starting', 'running')), "
                                            "(SELECT count(*) FROM jobs WHERE state IN ('succeeded', 'failed', 'blocked'))")
                                 .arg(url.dialect == Dialect::Postgres ? QStringLiteral("jd_now_ms()")
                                                                       : QStringLiteral("CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"));
        qint64 mostClaims = 0, mostOpen = 0, warmRss = -1, endRss = -1;
        QElapsedTimer t;
        t.start();
        qint64 decided = 0;
        while (decided < n && t.elapsed() < 300000 && server.state() == QProcess::Running) {
            const SqlRow row = svc->session().exec(held).first();
            mostClaims = std::max(mostClaims, row.at(0).toLongLong());
            mostOpen = std::max(mostOpen, row.at(1).toLongLong());
            decided = row.at(2).toLongLong();
            if (warmRss < 0 && decided >= 500)
                warmRss = rssKiB();
            if (decided < n)
                QTest::qWait(20); // sampling the store and the process, not synchronising
        }
        endRss = rssKiB();
        server.terminate();
        QVERIFY(server.waitForFinished(30000));
        QCOMPARE(decided, qint64(n));
        qInfo() << "claims at most" << mostClaims << "open attempts at most" << mostOpen << "RSS after 500 jobs" << warmRss
                << "KiB, after" << n << endRss << "KiB";
        QVERIFY2(mostClaims <= limit && mostOpen <= limit, qPrintable(QStringLiteral("%1 claims, %2 open").arg(mostClaims).arg(mostOpen)));
        QVERIFY2(mostOpen >= limit / 2, qPrintable(QString::number(mostOpen))); // the limit was reached, so claims waited
        QVERIFY(warmRss > 0 && endRss > 0);
        QVERIFY2(endRss - warmRss <= 12 * 1024,
                 qPrintable(QStringLiteral("RSS grew from %1 to %2 KiB over %3 jobs").arg(warmRss).arg(endRss).arg(n - 500)));
        QCOMPARE(fx.primary.provider()->completionRequestCount(), n);
    }
#endif

    // A 429 storm at a provider capped at 5: the first 429's Retry-After (1 s)
    // cools the provider for every transfer of the process, so over ~3 s it
    // sees at most the cap per cool-down, not one request per queued job.
    void aStormOf429sSendsNoMoreThanTheCapAllows()
    {
        JD_FRESH_STORE(store);
        DispatchFixture fx;
        QVERIFY(fx.setUp(20000));
        FakeProvider::Behaviour storm = FakeProvider::Behaviour::httpError(429, true, 1);
        storm.delayMs = 100;
        fx.primary.provider()->setDefaultBehaviour(storm);
        for (ProviderConfig &p : fx.config.providers)
            if (p.name == QLatin1String("primary"))
                p.maxConcurrency = 5;
        auto svc = store->open();
        for (int i = 0; i < 200; ++i)
            fx.submit(*svc, QStringLiteral("storm-%1").arg(i));
        auto dispatcher = scaleDispatcher(fx, store->url(), 1000);
        QElapsedTimer t;
        t.start();
        dispatcher->start();
        QTRY_VERIFY_WITH_TIMEOUT(fx.primary.provider()->completionRequestCount() >= 1, 20000);
        QTest::qWait(3000); // the storm's length: what is counted is what the provider saw in it
        const qint64 ms = t.elapsed();
        const int seen = fx.primary.provider()->completionRequestCount();
        dispatcher->stop();
        // 5 before the first cool-down, then at most 5 after each 1 s one ends.
        const int most = 5 * int(2 + ms / 1000);
        qInfo() << seen << "requests reached the provider in" << ms << "ms of 429s (at most" << most << ")";
        QVERIFY2(seen <= most, qPrintable(QStringLiteral("%1 requests in %2 ms, at most %3").arg(seen).arg(ms).arg(most)));
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0); // unproven: never a 429 failover there
    }

    // The store unavailable for 5 s while 1,000 calls are out and their
    // answers come back: every outcome is kept and recorded once it is back;
    // each request sent once. PostgreSQL: a server of the test's own, stopped
    // and started again. SQLite: another connection holds the file's write
    // lock for 5 s, longer than the dispatcher's busy timeout (200 ms), so
    // every write of the dispatcher fails as the store being busy.
    void aStoreDownForFiveSecondsWithAThousandInFlightLosesNoOutcome()
    {
        JD_FRESH_STORE(rowStore);
        const bool pg = rowStore->url().dialect == Dialect::Postgres;
        PrivatePostgres server;
        StoreUrl url = rowStore->url();
        if (pg) {
            QVERIFY2(server.start(), qPrintable(server.error()));
            url = StoreUrl::parse(server.url());
        }
        DispatchFixture fx;
        QVERIFY(fx.setUp(60000));
        fx.primary.provider()->setDefaultBehaviour(
            DispatchFixture::withOutput(FakeProvider::Behaviour::answer(3000), QStringLiteral("paid for")));
        auto svc = JobService::open(url);
        constexpr int n = 1000;
        QList<qint64> ids;
        for (int i = 0; i < n; ++i)
            ids.append(fx.submit(*svc, QStringLiteral("down-%1").arg(i)).id);
        DispatcherOptions o;
        o.workerId = QStringLiteral("down");
        o.leaseMs = 60000;
        o.claimMs = 60000;
        o.maxInFlight = 2000;
        StoreUrl impatient = url;
        impatient.sqliteBusyTimeoutMs = 200;
        Dispatcher dispatcher(impatient, fx.config, std::make_shared<ProviderDirectory>(fx.config), o);
        dispatcher.start();
        QTRY_COMPARE_WITH_TIMEOUT(fx.primary.provider()->completionRequestCount(), n, 60000);
        std::unique_ptr<JobService> holder;
        if (pg) {
            QVERIFY2(server.stop(), qPrintable(server.error())); // while every call is out
        } else {
            holder = JobService::open(url);
            holder->session().begin(); // BEGIN IMMEDIATE: the write lock, while every call is out
        }
        QElapsedTimer down;
        down.start();
        QTRY_VERIFY_WITH_TIMEOUT(dispatcher.stats().outcomesDeferred.load() >= 1, 20000);
        while (down.elapsed() < 5000)
            QTest::qWait(100); // the outage's length, not a synchronisation
        const qint64 deferred = dispatcher.stats().outcomesDeferred.load();
        if (pg) {
            QVERIFY2(server.start(), qPrintable(server.error()));
            svc = JobService::open(url);
        } else {
            holder->session().rollback();
            holder.reset();
        }
        QCOMPARE(waitDecided(*svc, ids, 120000), n);
        dispatcher.stop();
        for (const qint64 id : ids) {
            QCOMPARE(svc->attempts(id).size(), 1);
            QVERIFY(svc->job(id)->result.contains("paid for"));
        }
        QCOMPARE(fx.primary.provider()->completionRequestCount(), n);
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 0);
        qInfo() << deferred << "outcomes kept through the outage and applied";
    }

    // A slow provider's backlog (capped at 1, 2 s a call, 100 jobs queued
    // first) never blocks another provider's jobs: those on a route of
    // their own are all done while most of the backlog still waits.
    void aSlowProvidersBacklogDoesNotStarveAnotherProvider()
    {
        JD_FRESH_STORE(store);
        DispatchFixture fx;
        QVERIFY(fx.setUp(20000));
        fx.primary.provider()->setDefaultBehaviour(
            DispatchFixture::withOutput(FakeProvider::Behaviour::answer(2000), QStringLiteral("from primary")));
        QJsonObject json = fx.config.toJson();
        QJsonArray providers = json.value(QStringLiteral("providers")).toArray();
        for (qsizetype i = 0; i < providers.size(); ++i) {
            QJsonObject p = providers.at(i).toObject();
            if (p.value(QStringLiteral("name")).toString() == QLatin1String("primary"))
                p.insert(QStringLiteral("max_concurrency"), 1);
            providers[i] = p;
        }
        json.insert(QStringLiteral("providers"), providers);
        QJsonArray routes = json.value(QStringLiteral("routes")).toArray();
        QJsonObject other = routes.first().toObject();
        other.insert(QStringLiteral("name"), QStringLiteral("other"));
        other.insert(QStringLiteral("provider_chain"), QJsonArray{QStringLiteral("fallback")});
        routes.append(other);
        json.insert(QStringLiteral("routes"), routes);
        fx.config = RouteConfig::fromJson(json);
        auto svc = store->open();
        QList<qint64> backlog;
        for (int i = 0; i < 100; ++i)
            backlog.append(fx.submit(*svc, QStringLiteral("slow-%1").arg(i)).id);
        QList<qint64> others;
        const Route &otherRoute = *fx.config.route(QStringLiteral("other"));
        for (int i = 0; i < 10; ++i)
            others.append(svc->submit(submitRequestFor(otherRoute, QStringLiteral("owner-1"), QStringLiteral("other-%1").arg(i),
                                                       QJsonObject{{QStringLiteral("text"), QStringLiteral("other")}}))
                              .job.id);
        auto dispatcher = scaleDispatcher(fx, store->url(), 1000);
        dispatcher->start();
        QCOMPARE(waitDecided(*svc, others, 60000), 10);
        const int slowDone = fx.primary.provider()->completionRequestCount();
        dispatcher->stop();
        // Starved, they would come after all 100 of the backlog's calls.
        QVERIFY2(slowDone < 50, qPrintable(QString::number(slowDone)));
        QCOMPARE(fx.fallback.provider()->completionRequestCount(), 10);
    }

    // At --max-in-flight nothing more is claimed: never more than the limit
    // out at once, and everything still done.
    void theInFlightLimitHoldsAndEverythingIsDone()
    {
        JD_FRESH_STORE(store);
        DispatchFixture fx;
        QVERIFY(fx.setUp(20000));
        fx.primary.provider()->setDefaultBehaviour(
            DispatchFixture::withOutput(FakeProvider::Behaviour::answer(200), QStringLiteral("from primary")));
        auto svc = store->open();
        constexpr int n = 40;
        QList<qint64> ids;
        for (int i = 0; i < n; ++i)
            ids.append(fx.submit(*svc, QStringLiteral("limit-%1").arg(i)).id);
        auto dispatcher = scaleDispatcher(fx, store->url(), 5);
        dispatcher->start();
        QCOMPARE(waitDecided(*svc, ids, 60000), n);
        dispatcher->stop();
        QVERIFY(dispatcher->stats().peakInFlight >= 1);
        QVERIFY2(dispatcher->stats().peakInFlight <= 5, qPrintable(QString::number(dispatcher->stats().peakInFlight)));
        QCOMPARE(fx.primary.provider()->completionRequestCount(), n);
    }

    // An idle dispatcher polling only every 60 s takes a job at once when
    // woken: on PostgreSQL by the API's coalesced NOTIFY (ChangeNotifier,
    // outside any write transaction), on SQLite by wake() in the process.
    void aSubmittedJobIsWokenIntoAnIdleDispatcher()
    {
        JD_FRESH_STORE(store);
        DispatchFixture fx;
        QVERIFY(fx.setUp(20000));
        auto svc = store->open();
        auto dispatcher = scaleDispatcher(fx, store->url(), 100, /*idlePollMs*/ 60000);
        const bool postgres = store->url().dialect == Dialect::Postgres;
        std::unique_ptr<ChangeNotifier> notifier;
        if (postgres)
            notifier = std::make_unique<ChangeNotifier>(store->url(), std::chrono::milliseconds(100));
        dispatcher->start();
        // The LISTEN is in place once a notification has arrived (each one
        // only makes the idle workers look again).
        if (postgres)
            QTRY_VERIFY_WITH_TIMEOUT(dispatcher->stats().wakeUps.load() >= 1 || [&] {
                notifier->poke();
                return false;
            }(), 20000);
        QElapsedTimer t;
        t.start();
        const qint64 second = fx.submit(*svc, QStringLiteral("wake-1")).id;
        if (postgres)
            notifier->poke();
        else
            dispatcher->wake();
        QCOMPARE(waitDecided(*svc, {second}, 20000), 1);
        const qint64 ms = t.elapsed();
        dispatcher->stop();
        QVERIFY2(ms < 10000, qPrintable(QString::number(ms)));
        QCOMPARE(fx.primary.provider()->completionRequestCount(), 1);
    }
};

QTEST_GUILESS_MAIN(TestDispatchScale)
#include "tst_dispatch_scale.moc"
