// jobdesk-server as a program: 64 identical POSTs split across two server
// processes on one store make one job (one 201, 63 replays, one id); the
// token commands; a clean SIGTERM; PostgreSQL restarted under a client loop.

#include "DispatchFixture.h"
#include "HttpTestSupport.h"
#include "ServerProcess.h"

#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <latch>
#include <thread>

using namespace jobdesk;
using namespace jobdesk::test;

namespace {

struct ToolRun
{
    int exitCode = -1;
    QString out;
    QString err;
};

ToolRun runTool(const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(JOBDESK_SERVER_BINARY), args);
    ToolRun r;
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished(5000);
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// The environment of an operator whose system speaks Tamil.
QProcessEnvironment tamilEnvironment()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("LANGUAGE"));
    env.remove(QStringLiteral("LC_MESSAGES"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("ta_IN.UTF-8"));
    env.insert(QStringLiteral("LANG"), QStringLiteral("ta_IN.UTF-8"));
    return env;
}

int runScript(const QStringList &args, QString *out = nullptr)
{
    QProcess p;
    p.start(QStringLiteral("bash"), QStringList{QStringLiteral(JOBDESK_SOURCE_DIR "/scripts/pg-throwaway.sh")} + args);
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished(5000);
        return -1;
    }
    if (out)
        *out = QString::fromUtf8(p.readAllStandardOutput()).trimmed();
    return p.exitCode();
}

} // namespace

class TestServerProcesses : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase_data() { addBackendRows(); }
    void doubleClickAcrossTwoServers()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        const QString routes = writeRoutes(dir, apiRoutes());
        auto svc = store->open();
        const QString token = issueToken(*svc, QStringLiteral("owner-a"), TokenRole::Client);
        const QStringList args{QStringLiteral("--database"), storeArgument(store->url()), QStringLiteral("--routes"), routes,
                               QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--no-dispatch"),
                               QStringLiteral("--http-threads"), QStringLiteral("16")};
        ServerProcess a, b;
        QVERIFY(a.start(args));
        QVERIFY(b.start(args));

        constexpr int kClicks = 64;
        const QByteArray raw = requestBytes("POST", "/v1/jobs", jsonHeaders(token, "double-click"),
                                            createBody(QStringLiteral("summarize"), {{QStringLiteral("text"), QStringLiteral("one intent")}}));
        std::vector<HttpReply> replies(kClicks);
        std::latch go(kClicks);
        std::vector<std::thread> clients;
        for (int i = 0; i < kClicks; ++i) {
            const quint16 port = i % 2 ? b.port : a.port;
            clients.emplace_back([&, i, port] {
                HttpConnection c(port, 60000); // connected before the start line
                go.arrive_and_wait();
                replies[size_t(i)] = c.request(raw);
            });
        }
        for (std::thread &t : clients)
            t.join();

        int created = 0, replayed = 0;
        QSet<qint64> ids;
        for (const HttpReply &r : replies) {
            QVERIFY2(r.status == 201 || r.status == 200, qPrintable(r.describe()));
            created += r.status == 201;
            replayed += r.status == 200 && r.header("Idempotent-Replayed") == "true";
            ids.insert(r.json().value(QStringLiteral("id")).toInteger());
        }
        QCOMPARE(created, 1);
        QCOMPARE(replayed, kClicks - 1);
        QCOMPARE(ids.size(), 1);
        const QList<Job> jobs = svc->jobs(JobFilter{}).jobs;
        QCOMPARE(jobs.size(), 1);
        QCOMPARE(jobs.first().id, *ids.begin());
        QCOMPARE(svc->keyHistory(QStringLiteral("owner-a"), QStringLiteral("double-click")).size(), kClicks - 1);
        QCOMPARE(a.stop(), 0);
        QCOMPARE(b.stop(), 0);
    }

    void tokenCommands()
    {
        JD_FRESH_STORE(store);
        const QString db = storeArgument(store->url());
        const ToolRun created = runTool({QStringLiteral("token"), QStringLiteral("create"), QStringLiteral("--owner"), QStringLiteral("alice"),
                                         QStringLiteral("--role"), QStringLiteral("operator"), QStringLiteral("--label"), QStringLiteral("on-call"),
                                         QStringLiteral("--database"), db});
        QVERIFY2(created.exitCode == 0, qPrintable(created.err));
        const QString token = created.out.trimmed().split(u'\n').last();
        QVERIFY2(tokenSecret(token).has_value(), qPrintable(created.out));
        auto svc = store->open();
        const std::optional<ApiToken> record = TokenStore(*svc).verify(token);
        QVERIFY(record);
        QCOMPARE(record->ownerId, QStringLiteral("alice"));
        QCOMPARE(record->role, TokenRole::Operator);
        QVERIFY(!created.err.contains(token)); // never logged

        const ToolRun listed = runTool({QStringLiteral("token"), QStringLiteral("list"), QStringLiteral("--database"), db});
        QCOMPARE(listed.exitCode, 0);
        QVERIFY(listed.out.contains(QStringLiteral("\talice\toperator\t")));
        QVERIFY(listed.out.contains(QStringLiteral("on-call")));
        QVERIFY(!listed.out.contains(token.mid(4, 12)));
        QVERIFY(!listed.out.contains(tokenHash(*tokenSecret(token))));

        const ToolRun revoked = runTool({QStringLiteral("token"), QStringLiteral("revoke"), QString::number(record->id),
                                         QStringLiteral("--database"), db});
        QVERIFY2(revoked.exitCode == 0, qPrintable(revoked.err));
        QVERIFY(!TokenStore(*svc).verify(token));

        // Env instead of --database; bad input is refused with exit code 2.
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("JOBDESK_DATABASE_URL"), db);
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(JOBDESK_SERVER_BINARY), {QStringLiteral("token"), QStringLiteral("create"), QStringLiteral("--owner"),
                                                         QStringLiteral("bob"), QStringLiteral("--role"), QStringLiteral("client")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(tokenSecret(QString::fromUtf8(p.readAllStandardOutput()).trimmed().split(u'\n').last()).has_value());
        QCOMPARE(runTool({QStringLiteral("token"), QStringLiteral("create"), QStringLiteral("--owner"), QStringLiteral("x"),
                          QStringLiteral("--role"), QStringLiteral("admin"), QStringLiteral("--database"), db}).exitCode, 2);
        QCOMPARE(runTool({QStringLiteral("token"), QStringLiteral("revoke"), QStringLiteral("999"), QStringLiteral("--database"), db}).exitCode, 2);
        QCOMPARE(TokenStore(*svc).list().size(), 2);
    }

    void versionAndHelp()
    {
        JD_NOT_A_STORE_TEST();
        const ToolRun version = runTool({QStringLiteral("--version")});
        QCOMPARE(version.exitCode, 0);
        QVERIFY(version.out.startsWith(QStringLiteral("jobdesk-server ")));
        const ToolRun help = runTool({QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        for (const char *option : {"--database", "--routes", "--listen", "--port", "--workers", "--http-threads",
                                   "--never-processed-grace-ms", "token create"})
            QVERIFY2(help.out.contains(QLatin1String(option)), option);
        const ToolRun badGrace = runTool({QStringLiteral("--database"), QStringLiteral("sqlite:/nonexistent/x.db"), QStringLiteral("--routes"),
                                          QStringLiteral("x.json"), QStringLiteral("--never-processed-grace-ms"), QStringLiteral("-1")});
        QCOMPARE(badGrace.exitCode, 2);
        QVERIFY2(badGrace.err.contains(QStringLiteral("--never-processed-grace-ms must be 0..86400000")), qPrintable(badGrace.err));
        const ToolRun noDb = runTool({QStringLiteral("--routes"), QStringLiteral("x.json")});
        QCOMPARE(noDb.exitCode, 2);
        QVERIFY(noDb.err.contains(QStringLiteral("JOBDESK_DATABASE_URL")));
    }

    // The server speaks the system locale's language: --help, its errors, the API's problem title
    // and detail. What programs read stays English: option names, the problem type URI, status,
    // members, the "listening on" line. Tests run in C.UTF-8, which gives today's English words.
    void messagesFollowTheLocale()
    {
        const QProcessEnvironment tamil = tamilEnvironment();
        const ToolRun help = runTool({QStringLiteral("--help")}, tamil);
        QCOMPARE(help.exitCode, 0);
        // Phrases are looked for with the help's line wrapping undone: a longer
        // option name elsewhere moves the column where descriptions wrap.
        const QString flat = help.out.simplified();
        QVERIFY2(flat.contains(QStringLiteral("விருப்பங்கள்:")), qPrintable(help.out));  // Qt's "Options:" heading
        QVERIFY2(flat.contains(QStringLiteral("தரவுத்தள URL")), qPrintable(help.out)); // --database
        QVERIFY2(flat.contains(QStringLiteral("ஒப்பந்தச் சரிபார்ப்பை")), qPrintable(help.out)); // --validate
        for (const char *option : {"--database", "--routes", "--port", "JOBDESK_PORT", "token create"})
            QVERIFY2(help.out.contains(QLatin1String(option)), option);
        QVERIFY(!help.out.contains(QStringLiteral("Store URL")));
        const ToolRun noDb = runTool({QStringLiteral("--routes"), QStringLiteral("x.json")}, tamil);
        QCOMPARE(noDb.exitCode, 2);
        QVERIFY2(noDb.err.contains(QStringLiteral("தரவுத்தளம் இல்லை: --database URL")), qPrintable(noDb.err));
        QVERIFY(noDb.err.contains(QStringLiteral("JOBDESK_DATABASE_URL")));

        // A routes file's error: its path stays as written, the reason is in the operator's language.
        QTemporaryDir badDir;
        const QString badRoutes = badDir.filePath(QStringLiteral("routes.json"));
        {
            QFile f(badRoutes);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(R"({"providers": [], "routes": [], "extra": 1})");
        }
        const QStringList badArgs{QStringLiteral("--database"), QStringLiteral("sqlite:") + badDir.filePath(QStringLiteral("x.db")),
                                  QStringLiteral("--routes"), badRoutes};
        const ToolRun taBad = runTool(badArgs, tamil);
        QCOMPARE(taBad.exitCode, 2);
        QVERIFY2(taBad.err.contains(QStringLiteral("config.extra: தெரியாத key (அறியப்பட்ட keys: providers, routes)")), qPrintable(taBad.err));
        const ToolRun enBad = runTool(badArgs);
        QVERIFY2(enBad.err.contains(QStringLiteral("config.extra: unknown key (known keys: providers, routes)")), qPrintable(enBad.err));

        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        const QString routes = writeRoutes(dir, apiRoutes());
        auto svc = store->open();
        const QString token = issueToken(*svc, QStringLiteral("owner-a"), TokenRole::Client);
        const QStringList args{QStringLiteral("--database"), storeArgument(store->url()), QStringLiteral("--routes"), routes,
                               QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--no-dispatch")};
        ServerProcess ta, en;
        ta.process->setProcessEnvironment(tamil);
        QVERIFY(ta.start(args)); // the port line is the same in every language
        QVERIFY(en.start(args));

        const QByteArray noToken = requestBytes("GET", "/v1/jobs/1", {});
        const HttpReply taUnauthorized = httpCall(ta.port, noToken);
        QCOMPARE(taUnauthorized.status, 401);
        QCOMPARE(taUnauthorized.header("Content-Type"), QByteArray("application/problem+json"));
        QVERIFY(!taUnauthorized.header("WWW-Authenticate").isEmpty());
        const QJsonObject p = taUnauthorized.json();
        QCOMPARE(p.value(QStringLiteral("type")).toString(), QStringLiteral("urn:jobdesk:problem:unauthorized"));
        QCOMPARE(p.value(QStringLiteral("status")).toInt(), 401);
        QCOMPARE(p.value(QStringLiteral("title")).toString(), QStringLiteral("செல்லுபடியான bearer டோக்கன் தேவை"));
        QVERIFY2(p.value(QStringLiteral("detail")).toString().startsWith(QStringLiteral("Authorization தலைப்பு (header) இல்லை")),
                 qPrintable(p.value(QStringLiteral("detail")).toString()));
        const QJsonObject english = httpCall(en.port, noToken).json();
        QCOMPARE(english.value(QStringLiteral("title")).toString(), QStringLiteral("A valid bearer token is required"));
        QCOMPARE(english.value(QStringLiteral("detail")).toString(),
                 QStringLiteral("no Authorization header: send \"Authorization: Bearer <token>\""));
        QCOMPARE(english.keys(), p.keys());

        // A detail with an argument; the members a program reads are the same in both languages.
        const HttpReply taMissing = getPath(ta.port, token, "/v1/jobs/999");
        QCOMPARE(taMissing.status, 404);
        QCOMPARE(taMissing.json().value(QStringLiteral("type")).toString(), QStringLiteral("urn:jobdesk:problem:not-found"));
        QCOMPARE(taMissing.json().value(QStringLiteral("title")).toString(), QStringLiteral("அப்படி ஒரு வளம் (resource) இல்லை"));
        QCOMPARE(taMissing.json().value(QStringLiteral("detail")).toString(), QStringLiteral("வேலை 999 இல்லை"));
        const HttpReply enMissing = getPath(en.port, token, "/v1/jobs/999");
        QCOMPARE(enMissing.json().value(QStringLiteral("title")).toString(), QStringLiteral("No such resource"));
        QCOMPARE(enMissing.json().value(QStringLiteral("detail")).toString(), QStringLiteral("job 999 does not exist"));
        QCOMPARE(ta.stop(), 0);
        QCOMPARE(en.stop(), 0);
    }

    // Why an operator's action was refused, in the server's language: the core's and the
    // database's sentence (SQLite: the core's words; PostgreSQL: jd_op_cancel_attempt's),
    // its state name too; the members a program reads stay English.
    void refusalDetailFollowsTheLocale()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        const QString routes = writeRoutes(dir, apiRoutes());
        auto svc = store->open();
        const QString op = issueToken(*svc, QStringLiteral("ops"), TokenRole::Operator);
        const Job job = submitJob(*svc, QStringLiteral("refused-1"));
        const Attempt a = startRunning(*svc, job.id);
        svc->cancelAttempt(a.id, operatorRequest(QStringLiteral("provider confirmed it never ran")));
        const QStringList args{QStringLiteral("--database"), storeArgument(store->url()), QStringLiteral("--routes"), routes,
                               QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--no-dispatch")};
        ServerProcess ta, en;
        ta.process->setProcessEnvironment(tamilEnvironment());
        QVERIFY(ta.start(args));
        QVERIFY(en.start(args));

        const QByteArray path = "/v1/attempts/" + QByteArray::number(a.id) + "/cancel";
        const QJsonObject body{{QStringLiteral("reason"), QStringLiteral("again")}};
        const HttpReply taRefused = postAction(ta.port, op, path, "cancel-ta", body);
        QCOMPARE(taRefused.status, 409);
        const QJsonObject p = taRefused.json();
        QCOMPARE(p.value(QStringLiteral("type")).toString(), QStringLiteral("urn:jobdesk:problem:invalid-transition"));
        QCOMPARE(p.value(QStringLiteral("detail")).toString(),
                 QStringLiteral("முயற்சி %1 ஏற்கெனவே ரத்துசெய்யப்பட்டது நிலையில் உள்ளது; ரத்துசெய்ய எதுவும் இல்லை").arg(a.id));
        const HttpReply enRefused = postAction(en.port, op, path, "cancel-en", body);
        QCOMPARE(enRefused.status, 409);
        QCOMPARE(enRefused.json().value(QStringLiteral("detail")).toString(),
                 QStringLiteral("attempt %1 is already cancelled; there is nothing to cancel").arg(a.id));
        QCOMPARE(enRefused.json().keys(), p.keys());
        QCOMPARE(ta.stop(), 0);
        QCOMPARE(en.stop(), 0);
    }

    // A server polling only every 10 minutes sends a job its own API took at
    // once: the create wakes its workers in the process (SQLite has no NOTIFY
    // to wake them; on PostgreSQL the wake comes before the coalesced NOTIFY).
    void aJobTakenByTheApiIsSentWithoutWaitingForAPoll()
    {
        JD_FRESH_STORE(store);
        DispatchFixture fx;
        QVERIFY(fx.setUp(20000));
        QTemporaryDir dir;
        const QString routes = writeRoutes(dir, fx.config);
        auto svc = store->open();
        const QString token = issueToken(*svc, QStringLiteral("owner-1"), TokenRole::Client);
        ServerProcess server;
        QVERIFY(server.start({QStringLiteral("--database"), storeArgument(store->url()), QStringLiteral("--routes"), routes,
                              QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--poll-ms"), QStringLiteral("600000")}));
        // One after another, each posted once the one before succeeded: the
        // workers have looked and gone idle, and only a wake brings them back.
        for (int i = 0; i < 3; ++i) {
            const HttpReply created = postJob(server.port, token, "woken-" + QByteArray::number(i), {{QStringLiteral("text"), QStringLiteral("now")}});
            QCOMPARE(created.status, 201);
            const qint64 id = created.json().value(QStringLiteral("id")).toInteger();
            QTRY_COMPARE_WITH_TIMEOUT(svc->job(id)->state, JobState::Succeeded, 30000);
        }
        QCOMPARE(fx.primary.provider()->completionRequestCount(), 3);
        QCOMPARE(server.stop(), 0);
    }

    void sigtermLetsRunningAttemptsReachAState()
    {
        JD_FRESH_STORE(store);
        DispatchFixture fx;
        QVERIFY(fx.setUp(20000));
        fx.primary.provider()->setDefaultBehaviour(
            DispatchFixture::withOutput(FakeProvider::Behaviour::answer(1500), QStringLiteral("slow but sure")));
        QTemporaryDir dir;
        const QString routes = writeRoutes(dir, fx.config);
        auto svc = store->open();
        const QString token = issueToken(*svc, QStringLiteral("owner-1"), TokenRole::Client);
        ServerProcess server;
        QVERIFY(server.start({QStringLiteral("--database"), storeArgument(store->url()), QStringLiteral("--routes"), routes,
                              QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--worker-id"), QStringLiteral("S"),
                              QStringLiteral("--workers"), QStringLiteral("2"), QStringLiteral("--poll-ms"), QStringLiteral("50")}));
        for (int i = 0; i < 4; ++i)
            QCOMPARE(postJob(server.port, token, "stop-" + QByteArray::number(i), {{QStringLiteral("text"), QStringLiteral("x")}}).status, 201);
        auto running = [&] {
            int n = 0;
            for (const Job &j : svc->jobs(JobFilter{}).jobs)
                for (const Attempt &a : svc->attempts(j.id))
                    n += a.state == AttemptState::Running;
            return n;
        };
        QTRY_VERIFY_WITH_TIMEOUT(running() > 0, 20000);
        QCOMPARE(server.stop(60000), 0);
        // Nothing half-way: every attempt reached a state, nothing is left starting or running.
        for (const Job &j : svc->jobs(JobFilter{}).jobs) {
            for (const Attempt &a : svc->attempts(j.id))
                QVERIFY2(a.state != AttemptState::Starting && a.state != AttemptState::Running,
                         qPrintable(QStringLiteral("attempt %1 of job %2 is %3").arg(a.id).arg(j.id).arg(toText(a.state))));
        }
        QVERIFY(svc->countsByState().value(JobState::Succeeded) >= 1);
    }

    // SIGTERM while answers to requests that ran are still leaving: they all
    // reach a client that reads them (found by a review: "drained" fired once
    // the answers were in Qt's buffer, the server stopped, and 4 of 8 answers
    // of ~900 KB were lost).
    void sigtermDeliversAnswersAlreadyRun()
    {
        JD_FRESH_STORE(store);
        QTemporaryDir dir;
        const QString routes = writeRoutes(dir, apiRoutes());
        auto svc = store->open();
        const QString token = issueToken(*svc, QStringLiteral("owner-1"), TokenRole::Client);
        ServerProcess server;
        QVERIFY(server.start({QStringLiteral("--database"), storeArgument(store->url()), QStringLiteral("--routes"), routes,
                              QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--no-dispatch")}));
        constexpr int kText = 900000;
        const HttpReply created = postJob(server.port, token, "large", {{QStringLiteral("text"), QString(kText, u'x')}});
        QCOMPARE(created.status, 201);
        const QByteArray get = requestBytes("GET", "/v1/jobs/" + QByteArray::number(created.json().value(QStringLiteral("id")).toInteger()),
                                            jsonHeaders(token, {}));
        constexpr int kAnswers = 8;
        HttpConnection reader(server.port, 15000, 4096);
        QVERIFY(reader.send(get.repeated(kAnswers)));
        // Every one of them ran (its answer is written) before the signal.
        const QByteArray ran = "jobdesk_http_requests_total{endpoint=\"get_job\",code=\"200\"} " + QByteArray::number(kAnswers) + '\n';
        QTRY_VERIFY_WITH_TIMEOUT(httpCall(server.port, requestBytes("GET", "/metrics", {}), 5000).body.contains(ran), 10000);
        server.process->terminate(); // SIGTERM
        for (int i = 0; i < kAnswers; ++i) {
            const HttpReply r = reader.read();
            QVERIFY2(r.status == 200 && r.json().value(QStringLiteral("input")).toObject().value(QStringLiteral("text")).toString().size() == kText,
                     qPrintable(QStringLiteral("answer %1 of %2: %3").arg(i + 1).arg(kAnswers).arg(r.describe().left(80))));
        }
        QCOMPARE(server.stop(30000), 0);
    }

    void postgresRestartUnderLoad()
    {
        JD_ONLY_ON("postgres", "a PostgreSQL server of the test's own is restarted");
        QTemporaryDir pgDir;
        QVERIFY(pgDir.isValid());
        // A port below the ephemeral range (32768-60999): no client socket of
        // this busy test can be holding it when the server starts again on it.
        QString url, pgPort;
        for (quint16 port = quint16(20000 + QRandomGenerator::global()->bounded(9000)), tries = 0; tries < 10 && url.isEmpty(); ++tries, port += 7) {
            QTcpServer probe;
            if (!probe.listen(QHostAddress::LocalHost, port))
                continue;
            probe.close();
            if (runScript({QStringLiteral("start"), pgDir.path(), QString::number(port)}, &url) == 0)
                pgPort = QString::number(port);
            else
                url.clear();
        }
        QVERIFY2(!pgPort.isEmpty(), "could not start a throwaway PostgreSQL");
        auto stopPg = qScopeGuard([&] { runScript({QStringLiteral("stop"), pgDir.path()}); });
        QVERIFY2(url.startsWith(QStringLiteral("postgresql://postgres@127.0.0.1:")), qPrintable(url));
        QTemporaryDir dir;
        const QString routes = writeRoutes(dir, apiRoutes());
        QString token;
        {
            auto svc = JobService::open(StoreUrl::parse(url));
            token = issueToken(*svc, QStringLiteral("owner-a"), TokenRole::Client);
        }
        ServerProcess server;
        QVERIFY(server.start({QStringLiteral("--database"), url, QStringLiteral("--routes"), routes, QStringLiteral("--port"),
                              QStringLiteral("0"), QStringLiteral("--no-dispatch"), QStringLiteral("--http-threads"), QStringLiteral("4")}));

        // A bounded client loop: keys it remembers, with what each got.
        struct Sent
        {
            QByteArray key;
            int status = 0;
            qint64 id = 0;
        };
        std::vector<Sent> sent;
        std::atomic<bool> restarted{false};
        std::atomic<int> afterRestart{0};
        std::atomic<int> okBefore{0};
        std::thread loop([&] {
            QElapsedTimer t;
            t.start();
            for (int i = 0; i < 3000 && t.elapsed() < 90000 && afterRestart < 100; ++i) {
                Sent s;
                s.key = "restart-" + QByteArray::number(i);
                const HttpReply r = postJob(server.port, token, s.key, {{QStringLiteral("text"), QString::number(i)}});
                s.status = r.status;
                s.id = r.json().value(QStringLiteral("id")).toInteger();
                const bool ok = s.status == 201 || s.status == 200;
                if (ok && restarted)
                    ++afterRestart;
                else if (ok)
                    ++okBefore;
                sent.push_back(s);
            }
        });
        QTRY_VERIFY_WITH_TIMEOUT(okBefore >= 50, 30000);
        QCOMPARE(runScript({QStringLiteral("stop"), pgDir.path()}), 0);
        QCOMPARE(runScript({QStringLiteral("start"), pgDir.path(), pgPort}), 0);
        restarted = true;
        loop.join();
        QVERIFY2(afterRestart >= 100, qPrintable(QStringLiteral("only %1 creates succeeded after the restart").arg(afterRestart.load())));

        int failures = 0;
        for (const Sent &s : sent)
            failures += !(s.status == 201 || s.status == 200);
        qInfo("%d requests, %d refused while the database was down", int(sent.size()), failures);

        // Every 2xx job exists; re-sending every key gives the same id (or,
        // for a key whose answer was an error, one job now); no duplicates.
        auto svc = JobService::open(StoreUrl::parse(url));
        for (const Sent &s : sent) {
            const HttpReply again = postJob(server.port, token, s.key, {{QStringLiteral("text"), QString::fromLatin1(s.key.mid(8))}});
            QVERIFY2(again.status == 200 || again.status == 201, qPrintable(again.describe()));
            const qint64 id = again.json().value(QStringLiteral("id")).toInteger();
            if (s.status == 201 || s.status == 200) {
                QCOMPARE(again.status, 200);
                QCOMPARE(id, s.id);
                const std::optional<Job> job = svc->job(s.id);
                QVERIFY(job);
                QCOMPARE(job->idempotencyKey.toLatin1(), s.key);
            }
        }
        const SqlRows counts = svc->session().exec(QStringLiteral("SELECT count(*), count(DISTINCT idempotency_key) FROM jobs"));
        QCOMPARE(counts.first().at(0).toLongLong(), qint64(sent.size()));
        QCOMPARE(counts.first().at(1).toLongLong(), qint64(sent.size()));
        QCOMPARE(server.stop(), 0);
    }
};

QTEST_GUILESS_MAIN(TestServerProcesses)
#include "tst_server_processes.moc"
