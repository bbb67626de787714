// JobDesk on a Patroni-managed PostgreSQL with a synchronous standby
// (scripts/pg-ha.sh: etcd, two nodes, synchronous_mode_strict on). Two
// jobdesk-server processes (API and dispatcher) on the multi-host URL take
// double-clicked creates (each key sent to both servers at once) while slow
// provider calls are in flight; then the primary's PostgreSQL is killed with
// SIGKILL (at three points of the load), switched over by plan, or its
// standby is lost. Each time: every acknowledged create is there with its id,
// re-sending its key returns the same job, no provider key was sent twice and
// no intent reached two providers, every attempt in flight at the kill ends
// as a result, a definitive failure or unknown, and the servers serve again
// within a bound. The console's banner names the host it reads from and
// says when it failed over. The figures go to the log (qInfo).

#include "DispatchFixture.h"
#include "HttpTestSupport.h"
#include "ServerProcess.h"

#include "store/PgSession.h"

#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <pqxx/pqxx>

#if JOBDESK_HA_CONSOLE
#include "StoreClient.h"
#include "views/ConnectionBanner.h"
#endif

#include <atomic>
#include <future>
#include <map>
#include <mutex>
#include <thread>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

constexpr int kProviderDelayMs = 2000; // a slow provider: calls are in flight when the primary dies
constexpr qint64 kServeAgainBoundMs = 60000;

struct ScriptRun
{
    int exitCode = -1;
    QString out;
    QString err;
};

ScriptRun pgHa(const QStringList &args, int timeoutMs = 180000)
{
    QProcess p;
    p.start(QStringLiteral("bash"), QStringList{QStringLiteral(JOBDESK_SOURCE_DIR "/scripts/pg-ha.sh")} + args);
    ScriptRun r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(5000);
        r.err = QStringLiteral("pg-ha.sh %1 did not finish in %2 ms").arg(args.join(u' ')).arg(timeoutMs);
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput()).trimmed();
    r.err = QString::fromUtf8(p.readAllStandardError()).trimmed();
    return r;
}

// A connection to whichever node is the primary now: reconnects (the full
// multi-host connect) when a failover took the old one away.
class Observer
{
public:
    explicit Observer(const QString &url) : m_session(std::make_unique<PgSession>(url)) {}
    SqlRows exec(const QString &sql, const SqlParams &params = {})
    {
        for (int i = 0;; ++i) {
            try {
                return m_session->exec(sql, params);
            } catch (const SqlError &e) {
                if (e.kind() != SqlError::Kind::ConnectionLost || i >= 4)
                    throw;
                try {
                    m_session->reconnect();
                } catch (const SqlError &) {
                    if (i >= 3)
                        throw;
                }
            }
        }
    }
    qint64 count(const QString &sql, const SqlParams &params = {}) { return exec(sql, params).first().first().toLongLong(); }
    // Where a statement runs now (a session whose server died still names it until it is used).
    QString server()
    {
        exec(QStringLiteral("SELECT 1"));
        return m_session->server();
    }

private:
    std::unique_ptr<PgSession> m_session;
};

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

// One POST as a client sent it, and what it got.
struct Click
{
    QByteArray key;
    int server = 0; // 0: A, 1: B
    int status = 0; // 0: no answer
    qint64 id = 0;
    qint64 sentMs = 0;
    qint64 answeredMs = 0;
};

bool acknowledged(const Click &c)
{
    return c.status == 201 || c.status == 200;
}

QJsonObject inputFor(const QByteArray &key)
{
    return {{QStringLiteral("text"), QString(QStringLiteral("text for ") + QString::fromLatin1(key))}};
}

// Clients that double-click: each key goes to both servers at once, from
// `threads` threads, one key pair after another (paced), until told to
// stop or `maxKeys` keys each.
class Load
{
public:
    Load(QString prefix, quint16 a, quint16 b, QString token) : m_prefix(std::move(prefix)), m_ports{a, b}, m_token(std::move(token)) {}
    ~Load() { stop(); }

    void start(int threads, int maxKeys, int paceMs, int timeoutMs = 40000)
    {
        for (int t = 0; t < threads; ++t)
            m_threads.emplace_back([this, t, maxKeys, paceMs, timeoutMs] {
                for (int i = 0; i < maxKeys && !m_stop; ++i) {
                    const QByteArray key = (m_prefix + QStringLiteral("-t%1-%2").arg(t).arg(i)).toLatin1();
                    const QByteArray raw = requestBytes("POST", "/v1/jobs", jsonHeaders(m_token, key),
                                                        createBody(QStringLiteral("summarize"), inputFor(key)));
                    auto send = [&](int server) {
                        Click c;
                        c.key = key;
                        c.server = server;
                        c.sentMs = nowMs();
                        const HttpReply r = httpCall(m_ports[server], raw, timeoutMs);
                        c.answeredMs = nowMs();
                        c.status = r.status;
                        c.id = r.json().value(QStringLiteral("id")).toInteger();
                        return c;
                    };
                    std::future<Click> second = std::async(std::launch::async, send, 1);
                    const Click first = send(0);
                    const Click other = second.get();
                    {
                        std::lock_guard lock(m_mutex);
                        m_clicks.push_back(first);
                        m_clicks.push_back(other);
                    }
                    m_sent.fetch_add(1);
                    if (acknowledged(first) || acknowledged(other))
                        m_acked.fetch_add(1);
                    QThread::msleep(paceMs); // pacing, not synchronisation
                }
            });
    }
    void stop()
    {
        m_stop = true;
        for (std::thread &t : m_threads)
            if (t.joinable())
                t.join();
        m_threads.clear();
    }
    int keysAcknowledged() const { return m_acked.load(); }
    int keysSent() const { return m_sent.load(); }
    std::vector<Click> clicks() const
    {
        std::lock_guard lock(m_mutex);
        return m_clicks;
    }

private:
    QString m_prefix;
    quint16 m_ports[2];
    QString m_token;
    std::atomic<bool> m_stop{false};
    std::atomic<int> m_acked{0};
    std::atomic<int> m_sent{0};
    std::vector<std::thread> m_threads;
    mutable std::mutex m_mutex;
    std::vector<Click> m_clicks;
};

// Until `done` holds or `ms` pass.
template<typename F> bool within(qint64 ms, F done, int pollMs = 100)
{
    for (QDeadlineTimer deadline(ms);;) {
        if (done())
            return true;
        if (deadline.hasExpired())
            return false;
        QThread::msleep(pollMs);
    }
}

// How long after `sinceMs` each server answered a new create with 201 again
// (probes with keys of their own, one after another), or -1 past the bound.
qint64 servedAgainAfter(quint16 port, const QString &token, const QByteArray &prefix, qint64 sinceMs)
{
    for (int i = 0; nowMs() - sinceMs < kServeAgainBoundMs; ++i) {
        const QByteArray key = prefix + '-' + QByteArray::number(i);
        // One client that waits: a create held for the standby is answered when it has it.
        const HttpReply r = httpCall(port, requestBytes("POST", "/v1/jobs", jsonHeaders(token, key), createBody(QStringLiteral("summarize"), inputFor(key))),
                                     int(kServeAgainBoundMs));
        if (r.status == 201)
            return nowMs() - sinceMs;
        QThread::msleep(100);
    }
    return -1;
}

// How long after `sinceMs` a server answered a read of job `jobId` again
// (a read waits for no standby), or -1 past the bound.
qint64 readsAgainAfter(quint16 port, const QString &token, qint64 jobId, qint64 sinceMs)
{
    const QByteArray path = "/v1/jobs/" + QByteArray::number(jobId);
    while (nowMs() - sinceMs < kServeAgainBoundMs) {
        if (getPath(port, token, path).status == 200)
            return nowMs() - sinceMs;
        QThread::msleep(100);
    }
    return -1;
}

struct AttemptRow
{
    qint64 id = 0;
    qint64 jobId = 0;
    QString state;
    QString provider;
    QString providerKey;
};

QList<AttemptRow> attemptsWhere(Observer &db, const QString &where, const SqlParams &params = {})
{
    QList<AttemptRow> out;
    for (const SqlRow &r : db.exec(QStringLiteral("SELECT id, job_id, state::text, provider, provider_key FROM attempts WHERE ") + where
                                       + QStringLiteral(" ORDER BY id"),
                                   params))
        out.append({r.at(0).toLongLong(), r.at(1).toLongLong(), r.at(2).toString(), r.at(3).toString(), r.at(4).toString()});
    return out;
}

QString idList(const QList<qint64> &ids)
{
    QStringList s;
    for (qint64 id : ids)
        s << QString::number(id);
    return u'{' + s.join(u',') + u'}';
}

} // namespace

class TestFailover : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_cluster; // pg-ha.sh's folder
    QString m_url;     // the multi-host URL of the nodes
    QString m_pooledUrl; // of the pgbouncers (session mode) in front of them
    DispatchFixture m_fx;
    QString m_routes;
    QString m_token;
    ServerProcess m_a, m_b;
    std::unique_ptr<Observer> m_db;
    QStringList m_report;

    QStringList serverArgs(const QString &workerId) const
    {
        return {QStringLiteral("--database"), m_url, QStringLiteral("--routes"), m_routes, QStringLiteral("--port"), QStringLiteral("0"),
                QStringLiteral("--worker-id"), workerId, QStringLiteral("--workers"), QStringLiteral("2"), QStringLiteral("--lease-ms"),
                QStringLiteral("10000"), QStringLiteral("--poll-ms"), QStringLiteral("50"), QStringLiteral("--http-threads"),
                QStringLiteral("12")};
    }

    // Waits for a leader and a streaming synchronous standby; the time it took.
    qint64 waitHealthy()
    {
        QElapsedTimer t;
        t.start();
        const ScriptRun r = pgHa({QStringLiteral("wait"), m_cluster, QStringLiteral("150")}, 170000);
        return r.exitCode == 0 ? t.elapsed() : -1;
    }

    // Every attempt of jobs whose key starts with `prefix` out of starting
    // and running (its outcome applied, or unknown by its lease).
    bool settled(const QString &prefix)
    {
        return m_db->count(QStringLiteral("SELECT count(*) FROM attempts a JOIN jobs j ON j.id = a.job_id WHERE j.idempotency_key "
                                          "LIKE $1 AND a.state IN ('starting', 'running')"),
                           {QString(prefix + u'%')})
               == 0;
    }

    // The checks every run makes, on the load's clicks; the counts for the report.
    void verifyRun(const QString &prefix, const Load &load, int *acknowledgedKeys, int *clientErrors)
    {
        const std::vector<Click> clicks = load.clicks();
        std::map<QByteArray, qint64> ackedId;
        int errors = 0;
        for (const Click &c : clicks) {
            if (!acknowledged(c)) {
                ++errors;
                continue;
            }
            QVERIFY2(c.id > 0, c.key.constData());
            const auto [it, fresh] = ackedId.emplace(c.key, c.id);
            // Both clicks of a key, on two servers, answered with one job.
            QVERIFY2(fresh || it->second == c.id, qPrintable(QStringLiteral("%1: ids %2 and %3").arg(QString::fromLatin1(c.key)).arg(it->second).arg(c.id)));
        }
        *acknowledgedKeys = int(ackedId.size());
        *clientErrors = errors;
        QVERIFY2(!ackedId.empty(), "nothing was acknowledged");

        // Every acknowledged create is there, with its id and key.
        QList<qint64> ids;
        for (const auto &[key, id] : ackedId)
            ids.append(id);
        std::map<qint64, QString> keyOfId;
        for (const SqlRow &r : m_db->exec(QStringLiteral("SELECT id, idempotency_key FROM jobs WHERE id = ANY($1::bigint[])"), {QVariant(idList(ids))}))
            keyOfId[r.at(0).toLongLong()] = r.at(1).toString();
        for (const auto &[key, id] : ackedId) {
            QVERIFY2(keyOfId.count(id), qPrintable(QStringLiteral("job %1 (key %2), answered as created, is gone").arg(id).arg(QString::fromLatin1(key))));
            QCOMPARE(keyOfId[id], QString::fromLatin1(key));
        }
        // One job per key of the run, whatever the clients were told.
        const SqlRow counts = m_db->exec(QStringLiteral("SELECT count(*), count(DISTINCT idempotency_key) FROM jobs WHERE idempotency_key LIKE $1"),
                                         {QString(prefix + u'%')}).first();
        QCOMPARE(counts.at(0).toLongLong(), counts.at(1).toLongLong());

        // Re-sending every acknowledged key (to the other server) returns the same job.
        int i = 0;
        for (const auto &[key, id] : ackedId) {
            const HttpReply again = postJob(++i % 2 ? m_a.port : m_b.port, m_token, key, inputFor(key));
            QVERIFY2(again.status == 200, qPrintable(QString::fromLatin1(key) + QStringLiteral(": ") + again.describe()));
            QCOMPARE(again.json().value(QStringLiteral("id")).toInteger(), id);
        }
    }

    // Every request the providers received is an attempt the database has,
    // sent once; no job's intent reached two providers.
    void verifyProviderRequests()
    {
        std::map<QString, QString> providerOfKey;
        for (auto [name, fake] : {std::pair{QStringLiteral("primary"), m_fx.primary.provider()},
                                  std::pair{QStringLiteral("fallback"), m_fx.fallback.provider()}}) {
            for (const FakeProvider::Received &r : fake->received()) {
                if (!r.path.endsWith(QLatin1String("/chat/completions")))
                    continue;
                QVERIFY2(!r.idempotencyKey.isEmpty(), "a completion request without a key");
                QCOMPARE(fake->completionRequestCount(r.idempotencyKey), 1); // sent once
                QVERIFY2(!providerOfKey.count(r.idempotencyKey), qPrintable(r.idempotencyKey + QStringLiteral(" reached both providers")));
                providerOfKey[r.idempotencyKey] = name;
            }
        }
        QStringList keys;
        for (const auto &[k, p] : providerOfKey)
            keys << k;
        std::map<qint64, QSet<QString>> providersOfJob;
        int found = 0;
        for (const SqlRow &r : m_db->exec(QStringLiteral("SELECT job_id, provider, provider_key FROM attempts WHERE provider_key = ANY($1::text[])"),
                                          {QString(u'{' + keys.join(u',') + u'}')})) {
            ++found;
            QCOMPARE(r.at(1).toString(), providerOfKey[r.at(2).toString()]);
            providersOfJob[r.at(0).toLongLong()].insert(r.at(1).toString());
        }
        // A request whose attempt row is gone would be a send the failover forgot.
        QCOMPARE(found, int(providerOfKey.size()));
        for (const auto &[job, providers] : providersOfJob)
            QVERIFY2(providers.size() == 1, qPrintable(QStringLiteral("job %1 reached %2").arg(job).arg(QStringList(providers.values()).join(u','))));
    }

private Q_SLOTS:
    void initTestCase()
    {
        for (const char *tool : {"patroni", "patronictl", "etcd", "curl"})
            QVERIFY2(!QStandardPaths::findExecutable(QLatin1String(tool)).isEmpty(),
                     qPrintable(QStringLiteral("%1 is not installed (scripts/install-deps.sh installs patroni, etcd-server)").arg(QLatin1String(tool))));
        QVERIFY(m_dir.isValid());
        // The nodes run as user postgres (when the test runs as root): they must reach the cluster's folder.
        QFile::setPermissions(m_dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner
                                                | QFileDevice::ExeGroup | QFileDevice::ExeOther);
        m_cluster = m_dir.filePath(QStringLiteral("cluster"));
        const ScriptRun started = pgHa({QStringLiteral("start"), m_cluster, QStringLiteral("--pgbouncer"), QStringLiteral("session")});
        QVERIFY2(started.exitCode == 0, qPrintable(started.err));
        m_pooledUrl = started.out.split(u'\n').last();
        m_url = pgHa({QStringLiteral("url"), m_cluster, QStringLiteral("direct")}).out;
        QVERIFY2(m_url.contains(u','), qPrintable(m_url));
        qInfo("cluster: %s", qPrintable(m_url));

        QVERIFY(m_fx.setUp(30000)); // a deadline no call reaches: only the failover can end one early
        m_fx.primary.provider()->setDefaultBehaviour(
            DispatchFixture::withOutput(FakeProvider::Behaviour::answer(kProviderDelayMs), QStringLiteral("slow but sure")));
        m_routes = writeRoutes(m_dir, m_fx.config);
        {
            auto svc = JobService::open(StoreUrl::parse(m_url)); // migrates
            m_token = issueToken(*svc, QStringLiteral("owner-ha"), TokenRole::Client);
        }
        m_db = std::make_unique<Observer>(m_url);
        QVERIFY(m_a.start(serverArgs(QStringLiteral("A"))));
        QVERIFY(m_b.start(serverArgs(QStringLiteral("B"))));
    }

    void cleanupTestCase()
    {
        m_a.stop();
        m_b.stop();
        m_db.reset();
        if (!m_cluster.isEmpty())
            pgHa({QStringLiteral("stop"), m_cluster});
        for (const QString &line : std::as_const(m_report))
            qInfo("%s", qPrintable(line));
    }

    // Not even by accident on a standby: a URL naming only the standby
    // (target_session_attrs=any, as a pooler or a stale DNS name would
    // give) does not open a session there.
    void aSessionOnAStandbyIsDroppedAsALostConnection()
    {
        const QString leader = pgHa({QStringLiteral("leader"), m_cluster}).out;
        const QString standby = leader == QLatin1String("node1") ? QStringLiteral("node2") : QStringLiteral("node1");
        const QString port = pgHa({QStringLiteral("port"), m_cluster, standby}).out;
        QVERIFY(!port.isEmpty());
        for (const QString &attrs : {QStringLiteral("any"), QString()}) {
            const QString url = QStringLiteral("postgresql://postgres@127.0.0.1:%1/postgres").arg(port)
                                + (attrs.isEmpty() ? QString() : QStringLiteral("?target_session_attrs=") + attrs);
            try {
                PgSession s(url);
                QFAIL(qPrintable(QStringLiteral("a session opened on the standby %1").arg(s.server())));
            } catch (const SqlError &e) {
                QCOMPARE(e.kind(), SqlError::Kind::ConnectionLost);
                QVERIFY2(e.message().contains(QStringLiteral("standby")), qPrintable(e.message()));
            }
        }
    }

    // A pgbouncer in session mode in front of each node, both in the URL: a
    // pooler answers for the node it last saw, so libpq may keep the one
    // whose node is now a standby; JobDesk finds it is and tries the next.
    void behindSessionModePoolersTheNewPrimaryIsFound()
    {
        QVERIFY(waitHealthy() >= 0);
        auto svc = JobService::open(StoreUrl::parse(m_pooledUrl));
        const QString before = svc->session().server();
        QCOMPARE(svc->submit(makeSubmit(QStringLiteral("pooled-before"))).outcome, SubmitResult::Outcome::Created);
        QCOMPARE(pgHa({QStringLiteral("kill-primary"), m_cluster}).exitCode, 0);
        const SubmitResult after = svc->submit(makeSubmit(QStringLiteral("pooled-after")));
        QCOMPARE(after.outcome, SubmitResult::Outcome::Created);
        QVERIFY2(svc->session().server() != before, qPrintable(before));
        QVERIFY(m_db->count(QStringLiteral("SELECT count(*) FROM jobs WHERE id = $1"), {after.job.id}) == 1);
        m_report << QStringLiteral("behind session-mode pgbouncers: from %1 to %2").arg(before, svc->session().server());
    }

#if JOBDESK_HA_CONSOLE
    // The console's worker finds the new primary by itself, and its banner
    // says which host it is on and that it failed over.
    void theConsoleFindsTheNewPrimaryAndSaysItFailedOver()
    {
        QVERIFY(waitHealthy() >= 0);
        const QString leader = pgHa({QStringLiteral("leader"), m_cluster}).out;
        const QString oldHost = QStringLiteral("127.0.0.1:") + pgHa({QStringLiteral("port"), m_cluster, leader}).out;
        ui::StoreOptions options;
        options.pollIntervalMs = 150;
        options.reconnectMinMs = 200;
        options.reconnectMaxMs = 1000;
        ui::StoreClient client(options);
        ui::ConnectionBanner banner(&client);
        client.open(StoreUrl::parse(m_url));
        QTRY_VERIFY_WITH_TIMEOUT(banner.text().contains(QStringLiteral("on ") + oldHost), 20000);
        QVERIFY2(!banner.text().contains(QStringLiteral("failed over")), qPrintable(banner.text()));
        QCOMPARE(pgHa({QStringLiteral("kill-primary"), m_cluster}).exitCode, 0);
        QTRY_VERIFY_WITH_TIMEOUT(banner.text().contains(QStringLiteral("failed over from ") + oldHost), 60000);
        const QString newHost = m_db->server(); // the observer reconnects to the new primary too
        QVERIFY(newHost != oldHost);
        QVERIFY2(banner.text().contains(QStringLiteral("on %1, failed over from %2").arg(newHost, oldHost)), qPrintable(banner.text()));
        QTRY_VERIFY_WITH_TIMEOUT(banner.lostText().isEmpty(), 30000); // connected again
        m_report << QStringLiteral("console banner after the failover: %1").arg(banner.text());
        qInfo("%s", qPrintable(m_report.last()));
    }
#endif

    void failoverUnderLoad_data()
    {
        QTest::addColumn<QString>("when");
        // while the first creates arrive, few attempts started yet
        QTest::newRow("among-creates") << QStringLiteral("among-creates");
        // while provider calls are in flight (sent, not answered)
        QTest::newRow("calls-in-flight") << QStringLiteral("calls-in-flight");
        // as answers come back and completions are being written
        QTest::newRow("completions") << QStringLiteral("completions");
    }
    void failoverUnderLoad()
    {
        QFETCH(QString, when);
        QVERIFY(waitHealthy() >= 0);
        const QString prefix = QStringLiteral("kill-") + when;
        const QString before = m_db->server();
        Load load(prefix, m_a.port, m_b.port, m_token);
        load.start(4, 400, 100);

        const QString running = QStringLiteral("SELECT count(*) FROM attempts a JOIN jobs j ON j.id = a.job_id WHERE j.idempotency_key LIKE $1 AND a.state = 'running'");
        if (when == QLatin1String("among-creates")) {
            QVERIFY(within(30000, [&] { return load.keysAcknowledged() >= 10; }));
        } else {
            QVERIFY(within(30000, [&] { return m_db->count(running, {QString(prefix + u'%')}) >= 8; }));
            if (when == QLatin1String("completions")) {
                // the first of the calls running now is answered and written
                const QList<AttemptRow> now = attemptsWhere(*m_db, QStringLiteral("state = 'running'"));
                QList<qint64> ids;
                for (const AttemptRow &a : now)
                    ids << a.id;
                QVERIFY(within(30000, [&] {
                    return m_db->count(QStringLiteral("SELECT count(*) FROM attempts WHERE id = ANY($1::bigint[]) AND state = 'succeeded'"), {QVariant(idList(ids))}) > 0;
                }, 20));
            }
        }
        const QList<AttemptRow> inFlight = attemptsWhere(*m_db, QStringLiteral("state IN ('starting', 'running')"));
        const int ackedBefore = load.keysAcknowledged();
        qint64 readMe = 0;
        for (const Click &c : load.clicks())
            if (acknowledged(c))
                readMe = c.id;
        QVERIFY(readMe > 0);
        const ScriptRun killed = pgHa({QStringLiteral("kill-primary"), m_cluster});
        const qint64 killedAt = nowMs();
        QVERIFY2(killed.exitCode == 0, qPrintable(killed.err));

        // Both servers answer new creates again (a create waits for a
        // synchronous standby: with two nodes and strict mode, for the old
        // primary to rejoin as one); reads come back first.
        std::future<qint64> probeRead = std::async(std::launch::async, readsAgainAfter, m_a.port, m_token, readMe, killedAt);
        std::future<qint64> probeB = std::async(std::launch::async, servedAgainAfter, m_b.port, m_token, (prefix + QStringLiteral("-probe-b")).toLatin1(), killedAt);
        const qint64 servedA = servedAgainAfter(m_a.port, m_token, (prefix + QStringLiteral("-probe-a")).toLatin1(), killedAt);
        const qint64 servedB = probeB.get();
        const qint64 readAgain = probeRead.get();
        // The load goes on a little on the new primary, then stops.
        const int ackedAtRecovery = load.keysAcknowledged();
        QVERIFY(within(30000, [&] { return load.keysAcknowledged() >= ackedAtRecovery + 20; }));
        load.stop();
        QVERIFY2(servedA >= 0 && servedB >= 0 && readAgain >= 0, qPrintable(QStringLiteral("not serving %1 s after the kill").arg(kServeAgainBoundMs / 1000)));
        const qint64 rejoined = waitHealthy();
        QVERIFY2(rejoined >= 0, "the old primary did not come back as a synchronous standby");
        QVERIFY(within(120000, [&] { return settled(prefix); }, 250));
        QVERIFY2(m_db->server() != before, qPrintable(QStringLiteral("still on %1").arg(before)));

        int acked = 0, errors = 0;
        verifyRun(prefix, load, &acked, &errors);
        if (QTest::currentTestFailed())
            return;
        verifyProviderRequests();
        if (QTest::currentTestFailed())
            return;

        // Every attempt in flight at the kill reached a state: a result, a
        // definitive failure or unknown; none is lost.
        QList<qint64> ids;
        for (const AttemptRow &a : inFlight)
            ids << a.id;
        std::map<QString, int> ended;
        const QList<AttemptRow> after = attemptsWhere(*m_db, QStringLiteral("id = ANY($1::bigint[])"), {QVariant(idList(ids))});
        QCOMPARE(after.size(), inFlight.size());
        for (const AttemptRow &a : after) {
            QVERIFY2(a.state != QLatin1String("starting") && a.state != QLatin1String("running"),
                     qPrintable(QStringLiteral("attempt %1 still %2").arg(a.id).arg(a.state)));
            ++ended[a.state];
        }
        QStringList endings;
        for (const auto &[state, n] : ended)
            endings << QStringLiteral("%1 %2").arg(n).arg(state);
        m_report << QStringLiteral("kill at %1: reads served again after %12 s, creates after %2 s (A) / %3 s (B); keys acknowledged %4 (%5 before the kill); "
                                   "client answers without a job %6; attempts in flight at the kill %7: %8; synchronous standby back after %9 s; "
                                   "from %10 to %11")
                        .arg(when)
                        .arg(servedA / 1000.0, 0, 'f', 1)
                        .arg(servedB / 1000.0, 0, 'f', 1)
                        .arg(acked)
                        .arg(ackedBefore)
                        .arg(errors)
                        .arg(inFlight.size())
                        .arg(endings.isEmpty() ? QStringLiteral("none") : endings.join(QStringLiteral(", ")))
                        .arg(rejoined / 1000.0, 0, 'f', 1)
                        .arg(before, m_db->server())
                        .arg(readAgain / 1000.0, 0, 'f', 1);
        qInfo("%s", qPrintable(m_report.last()));
    }

    // A planned switchover: the old primary stops, the standby takes over;
    // nothing acknowledged is lost, and clients see no error (the servers'
    // reconnects wait the switch out).
    void plannedSwitchoverLosesNothing()
    {
        QVERIFY(waitHealthy() >= 0);
        const QString prefix = QStringLiteral("switchover");
        const QString before = m_db->server();
        Load load(prefix, m_a.port, m_b.port, m_token);
        load.start(4, 400, 100);
        QVERIFY(within(30000, [&] {
            return m_db->count(QStringLiteral("SELECT count(*) FROM attempts a JOIN jobs j ON j.id = a.job_id WHERE "
                                              "j.idempotency_key LIKE $1 AND a.state = 'running'"),
                               {QString(prefix + u'%')})
                   >= 8;
        }));
        const QList<AttemptRow> inFlight = attemptsWhere(*m_db, QStringLiteral("state IN ('starting', 'running')"));
        QElapsedTimer t;
        t.start();
        const ScriptRun switched = pgHa({QStringLiteral("switchover"), m_cluster});
        QVERIFY2(switched.exitCode == 0, qPrintable(switched.err));
        const qint64 switchMs = t.elapsed();
        const int ackedAtSwitch = load.keysAcknowledged();
        QVERIFY(within(60000, [&] { return load.keysAcknowledged() >= ackedAtSwitch + 30; }));
        load.stop();
        QVERIFY(waitHealthy() >= 0);
        QVERIFY(within(120000, [&] { return settled(prefix); }, 250));
        QVERIFY2(m_db->server() != before, qPrintable(QStringLiteral("still on %1").arg(before)));
        int acked = 0, errors = 0;
        verifyRun(prefix, load, &acked, &errors);
        if (QTest::currentTestFailed())
            return;
        verifyProviderRequests();
        if (QTest::currentTestFailed())
            return;
        QList<qint64> ids;
        for (const AttemptRow &a : inFlight)
            ids << a.id;
        for (const AttemptRow &a : attemptsWhere(*m_db, QStringLiteral("id = ANY($1::bigint[])"), {QVariant(idList(ids))}))
            QVERIFY2(a.state != QLatin1String("starting") && a.state != QLatin1String("running"), qPrintable(QString::number(a.id)));
        m_report << QStringLiteral("switchover: patronictl took %1 s; keys acknowledged %2; client answers without a job %3; "
                                   "attempts in flight at the switch %4; from %5 to %6")
                        .arg(switchMs / 1000.0, 0, 'f', 1)
                        .arg(acked)
                        .arg(errors)
                        .arg(inFlight.size())
                        .arg(before, m_db->server());
        qInfo("%s", qPrintable(m_report.last()));
        QCOMPARE(errors, 0);
    }

    // synchronous_mode_strict: without its standby the primary acknowledges
    // no create (the commits wait for it); when the standby is back, they
    // complete, and every job answered is on the standby.
    void losingTheSynchronousStandbyHoldsCreatesUntilItReturns()
    {
        QVERIFY(waitHealthy() >= 0);
        const QString leader = pgHa({QStringLiteral("leader"), m_cluster}).out;
        const QString standby = leader == QLatin1String("node1") ? QStringLiteral("node2") : QStringLiteral("node1");
        const QString standbyPort = pgHa({QStringLiteral("port"), m_cluster, standby}).out;
        QCOMPARE(pgHa({QStringLiteral("stop-node"), m_cluster, standby}).exitCode, 0);
        auto restart = qScopeGuard([&] { pgHa({QStringLiteral("start-node"), m_cluster, standby}); });

        // Creates sent while the standby is gone: none is answered as created.
        constexpr int kCreates = 6;
        std::vector<std::future<HttpReply>> pending;
        const qint64 sentAt = nowMs();
        for (int i = 0; i < kCreates; ++i) {
            const QByteArray key = "standby-lost-" + QByteArray::number(i);
            const quint16 port = i % 2 ? m_b.port : m_a.port;
            pending.push_back(std::async(std::launch::async, [=, this] { return postJob(port, m_token, key, inputFor(key)); }));
        }
        // postJob gives up after 15 s: every create is held that long, unanswered.
        int answeredWhileGone = 0;
        for (auto &f : pending) {
            const HttpReply r = f.get();
            answeredWhileGone += r.status == 201 || r.status == 200;
        }
        const qint64 heldMs = nowMs() - sentAt;
        QCOMPARE(answeredWhileGone, 0);

        restart.dismiss();
        QCOMPARE(pgHa({QStringLiteral("start-node"), m_cluster, standby}).exitCode, 0);
        const qint64 back = waitHealthy();
        QVERIFY(back >= 0);
        // Each key, sent again: one job, answered now, and on the standby.
        QList<qint64> ids;
        for (int i = 0; i < kCreates; ++i) {
            const QByteArray key = "standby-lost-" + QByteArray::number(i);
            const HttpReply r = postJob(i % 2 ? m_a.port : m_b.port, m_token, key, inputFor(key));
            QVERIFY2(r.status == 200 || r.status == 201, qPrintable(r.describe()));
            ids << r.json().value(QStringLiteral("id")).toInteger();
        }
        pqxx::connection onStandby(QStringLiteral("postgresql://postgres@127.0.0.1:%1/postgres?target_session_attrs=any").arg(standbyPort).toStdString());
        QVERIFY(within(30000, [&] {
            pqxx::nontransaction tx(onStandby);
            return tx.exec_params1("SELECT count(*) FROM jobs WHERE id = ANY($1::bigint[])", idList(ids).toStdString())[0].as<int>() == kCreates;
        }, 200));
        m_report << QStringLiteral("standby lost: %1 creates held %2 s, none answered; the standby back after %3 s; all %1 then answered and on the standby")
                        .arg(kCreates)
                        .arg(heldMs / 1000.0, 0, 'f', 1)
                        .arg(back / 1000.0, 0, 'f', 1);
        qInfo("%s", qPrintable(m_report.last()));
    }
};

#if JOBDESK_HA_CONSOLE
QTEST_MAIN(TestFailover)
#else
QTEST_GUILESS_MAIN(TestFailover)
#endif
#include "tst_failover.moc"
