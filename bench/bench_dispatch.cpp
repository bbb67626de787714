// jobdesk-bench-dispatch: the dispatcher at provider scale (issue 33).
// One process: --dispatchers Dispatchers (each as a server would run it:
// its own store threads and connections, --max-in-flight, --workers) on
// the store given, and N jobs submitted through JobService by --submitters
// threads at --rate per second in all (0: as fast as they go). The provider
// is a fake on loopback answering after --delay-ms: in this process, or
// with --provider-url a jobdesk-fake-provider process (then this process's
// RSS is the dispatcher's, the submitters' and, for SQLite, the store's).
// It prints jobs/s from first submit to last decision, the peak in flight,
// submit-to-send latency (p50, p99: the job's creation to its attempt going
// running, both by the database's clock), the process's peak RSS, whether
// any job had two attempts (claimed twice) or, with the fake in this
// process, any key was sent twice, and two ratios from the same run:
// against the ceiling min(N, max_in_flight) / latency, and against a bare
// libcurl multi client (OpenAiClient::callAsync) sending N requests to the
// same provider with the same in-flight bound and no store. Loopback only.
//
// With --server-binary, the jobs go over HTTP instead: --servers jobdesk-server
// processes (each --workers, --max-in-flight) are started on loopback on
// the store, and the submitters POST /v1/jobs (--batch B: /v1/jobs/batch, B
// jobs each) to them in turn on keep-alive connections; the peak in flight is the store's count of running attempts
// (sampled every 100 ms) and the RSS each server's own (peak, sampled).
//
//   jobdesk-bench-dispatch --database URL [--jobs N] [--delay-ms D] [--max-in-flight M] [--workers W]
//                          [--rate R] [--submitters S] [--dispatchers K] [--provider-url URL] [--no-bare]
//                          [--server-binary PATH [--servers K] [--batch B]]

#include "dispatch/Dispatcher.h"
#include "testing/FakeProvider.h"
#include "provider/ProviderClient.h"
#include "provider/ProviderFactory.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QSet>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace jobdesk;

namespace {

qint64 rssKiB(const QString &pid = QStringLiteral("self"))
{
    QFile f(QStringLiteral("/proc/%1/status").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    return 0;
}

RouteConfig benchConfig(const QUrl &baseUrl, qint64 deadlineMs)
{
    const QJsonObject schema{
        {QStringLiteral("type"), QStringLiteral("object")},
        {QStringLiteral("properties"),
         QJsonObject{{QStringLiteral("summary"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}}},
                     {QStringLiteral("sentiment"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}}}}},
        {QStringLiteral("required"), QJsonArray{QStringLiteral("summary"), QStringLiteral("sentiment")}},
        {QStringLiteral("additionalProperties"), false}};
    const QJsonObject route{{QStringLiteral("name"), QStringLiteral("summarize")},
                            {QStringLiteral("system_prompt"), QStringLiteral("You summarise text as JSON.")},
                            {QStringLiteral("prompt_template"), QStringLiteral("Summarise: {{text}}")},
                            {QStringLiteral("output_schema"), schema},
                            {QStringLiteral("provider_chain"), QJsonArray{QStringLiteral("primary")}},
                            {QStringLiteral("deadline_ms"), deadlineMs},
                            {QStringLiteral("max_attempts"), 1}};
    const QJsonObject provider{{QStringLiteral("name"), QStringLiteral("primary")},
                               {QStringLiteral("kind"), QStringLiteral("fake")},
                               {QStringLiteral("base_url"), baseUrl.toString()},
                               {QStringLiteral("model"), QStringLiteral("fake-1")},
                               {QStringLiteral("status_lookup"), false}};
    return RouteConfig::fromJson(QJsonObject{{QStringLiteral("providers"), QJsonArray{provider}},
                                             {QStringLiteral("routes"), QJsonArray{route}}});
}

// One keep-alive HTTP/1.1 connection to 127.0.0.1:port; one request at a time.
class Connection
{
public:
    explicit Connection(quint16 port)
    {
        m_fd = ::socket(AF_INET, SOCK_STREAM, 0);
        const int one = 1;
        ::setsockopt(m_fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_port = htons(port);
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(m_fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
            ::close(m_fd);
            m_fd = -1;
        }
    }
    ~Connection()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Connection(const Connection &) = delete;
    Connection &operator=(const Connection &) = delete;
    bool ok() const { return m_fd >= 0; }
    // The status of the answer (0: the connection failed).
    int roundTrip(const QByteArray &request)
    {
        for (qsizetype done = 0; done < request.size();) {
            const ssize_t n = ::send(m_fd, request.constData() + done, size_t(request.size() - done), MSG_NOSIGNAL);
            if (n <= 0)
                return 0;
            done += n;
        }
        qsizetype headEnd;
        while ((headEnd = m_buffer.indexOf("\r\n\r\n")) < 0)
            if (!fill())
                return 0;
        const int status = m_buffer.mid(9, 3).toInt();
        qint64 length = 0;
        const qsizetype at = m_buffer.toLower().indexOf("content-length: ");
        if (at >= 0 && at < headEnd)
            length = m_buffer.mid(at + 16, m_buffer.indexOf('\r', at) - at - 16).toLongLong();
        while (m_buffer.size() < headEnd + 4 + length)
            if (!fill())
                return 0;
        m_buffer.remove(0, headEnd + 4 + length);
        return status;
    }

private:
    bool fill()
    {
        pollfd p{m_fd, POLLIN, 0};
        if (::poll(&p, 1, 60000) <= 0)
            return false;
        char chunk[8192];
        const ssize_t n = ::recv(m_fd, chunk, sizeof chunk, 0);
        if (n <= 0)
            return false;
        m_buffer.append(chunk, n);
        return true;
    }
    int m_fd = -1;
    QByteArray m_buffer;
};

// A jobdesk-server process on loopback, stopped (SIGTERM) when this goes.
struct Server
{
    std::unique_ptr<QProcess> process = std::make_unique<QProcess>();
    quint16 port = 0;
    qint64 peakRssKiB = 0;
    ~Server()
    {
        if (process->state() != QProcess::NotRunning) {
            process->terminate();
            if (!process->waitForFinished(60000))
                process->kill();
            process->waitForFinished(5000);
        }
    }
};

qint64 percentile(QList<qint64> v, double p)
{
    if (v.isEmpty())
        return -1;
    std::sort(v.begin(), v.end());
    return v.at(std::min<qsizetype>(v.size() - 1, qsizetype(p * double(v.size()))));
}

// N requests through the sender loop, at most `bound` open at once; jobs/s.
double bareMulti(const ProviderConfig &cfg, const Route &route, int n, int bound)
{
    const std::unique_ptr<ProviderClient> client = makeProviderClient(cfg);
    std::mutex m;
    std::condition_variable cv;
    int open = 0, done = 0;
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < n; ++i) {
        {
            std::unique_lock lock(m);
            cv.wait(lock, [&] { return open < bound; });
            ++open;
        }
        ProviderRequest r = makeProviderRequest(route, cfg, QJsonObject{{QStringLiteral("text"), QStringLiteral("bare %1").arg(i)}},
                                                QStringLiteral("bare-%1").arg(i));
        r.deadlineMs = 120000;
        client->callAsync(r, [&](ProviderOutcome) {
            std::lock_guard lock(m);
            --open;
            ++done;
            cv.notify_all();
        });
    }
    std::unique_lock lock(m);
    cv.wait(lock, [&] { return done == n; });
    return n * 1000.0 / double(std::max<qint64>(1, t.elapsed()));
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption database(QStringLiteral("database"), QStringLiteral("Store URL."), QStringLiteral("url"));
    const QCommandLineOption jobs(QStringLiteral("jobs"), QStringLiteral("Jobs (default 2000)."), QStringLiteral("n"), QStringLiteral("2000"));
    const QCommandLineOption delay(QStringLiteral("delay-ms"), QStringLiteral("Provider latency (default 2000)."), QStringLiteral("ms"),
                                   QStringLiteral("2000"));
    const QCommandLineOption maxInFlight(QStringLiteral("max-in-flight"), QStringLiteral("Default 1000."), QStringLiteral("n"),
                                         QStringLiteral("1000"));
    const QCommandLineOption workers(QStringLiteral("workers"), QStringLiteral("Store threads (default 2)."), QStringLiteral("n"),
                                     QStringLiteral("2"));
    const QCommandLineOption rate(QStringLiteral("rate"), QStringLiteral("Submits per second (0: all at once)."), QStringLiteral("n"),
                                  QStringLiteral("0"));
    const QCommandLineOption dispatchers(QStringLiteral("dispatchers"),
                                         QStringLiteral("Dispatchers on the one store, as two servers would be (default 1)."),
                                         QStringLiteral("n"), QStringLiteral("1"));
    const QCommandLineOption noBare(QStringLiteral("no-bare"), QStringLiteral("Skip the bare libcurl multi baseline."));
    const QCommandLineOption submitters(QStringLiteral("submitters"), QStringLiteral("Submitting threads (default 4)."),
                                        QStringLiteral("n"), QStringLiteral("4"));
    const QCommandLineOption providerUrl(QStringLiteral("provider-url"),
                                         QStringLiteral("A jobdesk-fake-provider's base URL (http://127.0.0.1:PORT/v1) instead of "
                                                        "one in this process; --delay-ms is then its delay, for the ceiling."),
                                         QStringLiteral("url"));
    const QCommandLineOption serverBinary(QStringLiteral("server-binary"),
                                          QStringLiteral("Submit over HTTP to jobdesk-server processes started from this binary."),
                                          QStringLiteral("path"));
    const QCommandLineOption servers(QStringLiteral("servers"), QStringLiteral("jobdesk-server processes (default 1)."),
                                     QStringLiteral("n"), QStringLiteral("1"));
    const QCommandLineOption batch(QStringLiteral("batch"),
                                   QStringLiteral("Over HTTP: jobs per POST /v1/jobs/batch (default 1: POST /v1/jobs, one each)."),
                                   QStringLiteral("n"), QStringLiteral("1"));
    parser.addOptions({database, jobs, delay, maxInFlight, workers, rate, dispatchers, noBare, submitters, providerUrl,
                       serverBinary, servers, batch});
    parser.process(app);
    const StoreUrl url = StoreUrl::parse(parser.value(database));
    const int n = parser.value(jobs).toInt();
    const int d = parser.value(delay).toInt();
    const int m = parser.value(maxInFlight).toInt();
    const double perSecond = parser.value(rate).toDouble();

    const bool external = parser.isSet(providerUrl);
    FakeProviderThread fake;
    if (!external) {
        if (!fake.start()) {
            std::fprintf(stderr, "the fake provider could not listen on 127.0.0.1\n");
            return 1;
        }
        fake.provider()->setDefaultBehaviour(FakeProvider::Behaviour::answer(d));
    }
    const QUrl base = external ? QUrl(parser.value(providerUrl)) : fake.provider()->baseUrl();
    if (base.host() != QLatin1String("127.0.0.1") && base.host() != QLatin1String("localhost")) {
        std::fprintf(stderr, "--provider-url must be on loopback\n");
        return 1;
    }
    const RouteConfig config = benchConfig(base, std::max(60000, 3 * d));
    auto svc = JobService::open(url);

    DispatcherOptions o;
    o.workerId = QStringLiteral("bench");
    o.workers = parser.value(workers).toInt();
    o.maxInFlight = m;
    o.leaseMs = std::max(15000, 2 * d);
    o.idlePollMs = 20;
    const bool http = parser.isSet(serverBinary);
    const int k = std::max(1, parser.value(http ? servers : dispatchers).toInt());
    std::vector<std::unique_ptr<Dispatcher>> all;
    for (int i = 0; i < k && !http; ++i) {
        DispatcherOptions oi = o;
        oi.workerId = QStringLiteral("bench-%1").arg(i);
        all.push_back(std::make_unique<Dispatcher>(url, config, std::make_shared<ProviderDirectory>(config), oi));
    }
    const Route &route = *config.route(QStringLiteral("summarize"));
    const QString run = QString::number(QDateTime::currentMSecsSinceEpoch());
    const QString owner = QStringLiteral("bench-") + run; // this run's jobs, on a store that may hold others

    // Over HTTP: a client token for the owner, the routes file, the servers.
    QTemporaryDir dir;
    std::vector<std::unique_ptr<Server>> procs;
    QByteArray token;
    const QString dbArg = url.dialect == Dialect::Postgres ? url.postgresUrl : QStringLiteral("sqlite:") + url.sqlitePath;
    if (http) {
        const QString bin = parser.value(serverBinary);
        QProcess tool;
        tool.start(bin, {QStringLiteral("token"), QStringLiteral("create"), QStringLiteral("--owner"), owner, QStringLiteral("--role"),
                         QStringLiteral("client"), QStringLiteral("--label"), QStringLiteral("bench"), QStringLiteral("--database"), dbArg});
        if (!tool.waitForFinished(60000) || tool.exitCode() != 0) {
            std::fprintf(stderr, "token create failed: %s\n", tool.readAllStandardError().constData());
            return 1;
        }
        token = tool.readAllStandardOutput().trimmed().split('\n').last().trimmed();
        const QString routes = dir.filePath(QStringLiteral("routes.json"));
        QFile f(routes);
        if (!f.open(QIODevice::WriteOnly))
            return 1;
        f.write(QJsonDocument(config.toJson()).toJson());
        f.close();
        for (int i = 0; i < k; ++i) {
            auto srv = std::make_unique<Server>();
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("jobdesk.*.info=false"));
            srv->process->setProcessEnvironment(env);
            srv->process->setProcessChannelMode(QProcess::SeparateChannels);
            srv->process->setStandardErrorFile(dir.filePath(QStringLiteral("server-%1.err").arg(i)));
            srv->process->start(bin, {QStringLiteral("--database"), dbArg, QStringLiteral("--routes"), routes,
                                      QStringLiteral("--listen"), QStringLiteral("127.0.0.1"), QStringLiteral("--port"), QStringLiteral("0"),
                                      QStringLiteral("--workers"), parser.value(workers), QStringLiteral("--max-in-flight"),
                                      QString::number(m), QStringLiteral("--worker-id"), QStringLiteral("bench-srv-%1").arg(i),
                                      QStringLiteral("--lease-ms"), QString::number(o.leaseMs), QStringLiteral("--poll-ms"),
                                      QStringLiteral("20")});
            QByteArray out;
            QElapsedTimer started;
            started.start();
            while (srv->port == 0 && started.elapsed() < 60000 && srv->process->state() != QProcess::NotRunning) {
                srv->process->waitForReadyRead(200);
                out += srv->process->readAllStandardOutput();
                const qsizetype at = out.indexOf("listening on http://127.0.0.1:");
                if (at >= 0 && out.indexOf('\n', at) > at)
                    srv->port = quint16(out.mid(at + 30, out.indexOf('\n', at) - at - 30).trimmed().toUInt());
            }
            if (!srv->port) {
                std::fprintf(stderr, "jobdesk-server %d did not start: %s\n", i, out.constData());
                return 1;
            }
            procs.push_back(std::move(srv));
        }
    }

    for (auto &dsp : all)
        dsp->start();
    QElapsedTimer t;
    t.start();
    std::atomic<qint64> peakRss{rssKiB()};
    const auto notePeak = [&] {
        const qint64 now = rssKiB();
        qint64 seen = peakRss.load();
        while (now > seen && !peakRss.compare_exchange_weak(seen, now)) {
        }
    };
    // Each submitter its own connection, every s-th job, paced at rate / s.
    const int s = std::clamp(parser.value(submitters).toInt(), 1, 64);
    const int perBatch = std::clamp(parser.value(batch).toInt(), 1, 1000);
    std::vector<std::thread> feeding;
    std::atomic<int> submitErrors{0};
    for (int w = 0; w < s; ++w)
        feeding.emplace_back([&, w] {
            try {
                if (http) {
                    // Each submitter one keep-alive connection, to the servers in turn.
                    Connection conn(procs.at(size_t(w) % procs.size())->port);
                    if (!conn.ok())
                        throw std::runtime_error("cannot connect to jobdesk-server");
                    if (perBatch > 1) {
                        // Submitter w sends items w*B.., (w+s)*B.., each batch when its first item is due.
                        for (int first = w * perBatch; first < n; first += s * perBatch) {
                            if (perSecond > 0) {
                                const qint64 due = qint64(first * 1000.0 / perSecond);
                                while (t.elapsed() < due)
                                    QThread::usleep(500);
                            }
                            const int last = std::min(n, first + perBatch);
                            QByteArray body = R"({"items":[)";
                            for (int i = first; i < last; ++i) {
                                const QByteArray marker = QStringLiteral("bench-%1-%2").arg(run).arg(i).toUtf8();
                                body += (i > first ? "," : "") + QByteArray(R"({"idempotency_key":")") + marker
                                        + R"(","route":"summarize","input":{"text":")" + marker + R"("}})";
                            }
                            body += "]}";
                            const QByteArray req = "POST /v1/jobs/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + token
                                                   + "\r\nContent-Type: application/json\r\nContent-Length: "
                                                   + QByteArray::number(body.size()) + "\r\n\r\n" + body;
                            const int status = conn.roundTrip(req);
                            if (status != 200)
                                throw std::runtime_error("POST /v1/jobs/batch answered " + std::to_string(status));
                        }
                        return;
                    }
                    for (int i = w; i < n; i += s) {
                        if (perSecond > 0) {
                            const qint64 due = qint64(i * 1000.0 / perSecond);
                            while (t.elapsed() < due)
                                QThread::usleep(500);
                        }
                        const QByteArray marker = QStringLiteral("bench-%1-%2").arg(run).arg(i).toUtf8();
                        const QByteArray body = R"({"route":"summarize","input":{"text":")" + marker + R"("}})";
                        const QByteArray req = "POST /v1/jobs HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + token
                                               + "\r\nIdempotency-Key: " + marker
                                               + "\r\nContent-Type: application/json\r\nContent-Length: "
                                               + QByteArray::number(body.size()) + "\r\n\r\n" + body;
                        const int status = conn.roundTrip(req);
                        if (status != 201)
                            throw std::runtime_error("POST /v1/jobs answered " + std::to_string(status));
                    }
                    return;
                }
                auto own = JobService::open(url);
                for (int i = w; i < n; i += s) {
                    if (perSecond > 0) {
                        const qint64 due = qint64(i * 1000.0 / perSecond);
                        while (t.elapsed() < due)
                            QThread::usleep(500);
                    }
                    const QString marker = QStringLiteral("bench-%1-%2").arg(run).arg(i);
                    own->submit(submitRequestFor(route, owner, marker, QJsonObject{{QStringLiteral("text"), marker}}));
                    if (i % 200 == w)
                        notePeak();
                }
            } catch (const std::exception &e) {
                std::fprintf(stderr, "submitter %d: %s\n", w, e.what());
                ++submitErrors;
            }
        });
    for (std::thread &f : feeding)
        f.join();
    const qint64 submitMs = t.elapsed();
    auto sum = [&](auto field) {
        qint64 v = 0;
        for (auto &dsp : all)
            v += (dsp->stats().*field).load();
        return v;
    };
    // Over HTTP, from the store: jobs decided (or blocked), attempts running.
    const QString decidedSql = QStringLiteral("SELECT count(*) FROM jobs WHERE owner_id = $1 AND state IN "
                                              "('succeeded', 'failed', 'cancelled', 'blocked')");
    const QString runningSql = QStringLiteral("SELECT count(*) FROM attempts a JOIN jobs j ON j.id = a.job_id "
                                              "WHERE j.owner_id = $1 AND a.state = 'running'");
    qint64 httpPeak = 0;
    const auto one = [&](const QString &sql) { return svc->session().exec(sql, {owner}).first().first().toLongLong(); };
    const auto sampleServers = [&] {
        for (auto &p : procs)
            p->peakRssKiB = std::max(p->peakRssKiB, rssKiB(QString::number(p->process->processId())));
        if (http)
            httpPeak = std::max(httpPeak, one(runningSql));
    };
    auto decided = [&] {
        if (http)
            return one(decidedSql);
        return sum(&DispatcherStats::completedWon) + sum(&DispatcherStats::completedLost) + sum(&DispatcherStats::failed)
            + sum(&DispatcherStats::unknown);
    };
    const qint64 limitMs = 600000;
    while (decided() < n && t.elapsed() < limitMs) {
        QThread::msleep(http ? 100 : 20);
        notePeak();
        sampleServers();
    }
    const qint64 totalMs = t.elapsed();
    const qint64 peak = http ? httpPeak : sum(&DispatcherStats::peakInFlight); // in process: the sum of each one's peak
    const qint64 decidedN = decided();
    for (auto &dsp : all)
        dsp->stop();
    QStringList serverRss;
    for (auto &p : procs)
        serverRss.append(QString::number(p->peakRssKiB / 1024.0, 'f', 1));
    procs.clear(); // SIGTERM, waited for
    // Over HTTP the outcomes are counted in the store: attempts by state.
    QHash<QString, qint64> byState;
    if (http)
        for (const SqlRow &row : svc->session().exec(QStringLiteral("SELECT a.state, count(*) FROM attempts a JOIN jobs j ON "
                                                                    "j.id = a.job_id WHERE j.owner_id = $1 GROUP BY a.state"),
                                                     {owner}))
            byState.insert(row.at(0).toString(), row.at(1).toLongLong());
    // No job claimed twice: one attempt each (from the store); no key sent
    // twice (the fake's record, when it is in this process).
    const qint64 twoAttempts = svc->session()
                                   .exec(QStringLiteral("SELECT count(*) FROM (SELECT a.job_id FROM attempts a JOIN jobs j ON "
                                                        "j.id = a.job_id WHERE j.owner_id = $1 GROUP BY a.job_id HAVING "
                                                        "count(*) > 1) AS t"),
                                         {owner})
                                   .first()
                                   .first()
                                   .toLongLong();
    QSet<QString> keys;
    int twice = 0;
    if (!external)
        for (const FakeProvider::Received &r : fake.provider()->received())
            if (r.method == QLatin1String("POST")) {
                if (keys.contains(r.idempotencyKey))
                    ++twice;
                keys.insert(r.idempotencyKey);
            }
    // Sustained: decisions per second from the first decision to the last
    // (the database's clock), which leaves out the first call's latency.
    const SqlRow window = svc->session()
                              .exec(QStringLiteral("SELECT min(e.at_ms), max(e.at_ms), count(*) FROM attempt_events e JOIN jobs j ON "
                                                   "j.id = e.job_id WHERE j.owner_id = $1 AND e.to_state IN ('succeeded', "
                                                   "'superseded', 'failed', 'unknown')"),
                                    {owner})
                              .first();
    const qint64 windowMs = window.at(1).toLongLong() - window.at(0).toLongLong();
    const double sustained = windowMs > 0 ? (window.at(2).toLongLong() - 1) * 1000.0 / double(windowMs) : 0.0;
    // Submit to send: the job's creation to its attempt going running (the database's clock).
    QList<qint64> latency;
    for (const SqlRow &row : svc->session().exec(
             QStringLiteral("SELECT e.at_ms - j.created_at_ms FROM jobs j JOIN attempt_events e ON e.job_id = j.id "
                            "AND e.to_state = 'running' WHERE j.owner_id = $1"),
             {owner}))
        latency.append(row.first().toLongLong());
    const double jobsPerS = decidedN * 1000.0 / double(std::max<qint64>(1, totalMs));
    const double ceiling = std::min<qint64>(n, qint64(k) * m) * 1000.0 / std::max(1, d);
    std::printf("store %s, %d jobs, provider %d ms (%s), max in flight %d, %d workers, %d %s, %d submitters%s, "
                "submit rate %s\n",
                qPrintable(url.toDisplayString()), n, d, external ? "another process" : "in this process", m, o.workers, k,
                http ? "jobdesk-server process(es), jobs over HTTP" : "dispatcher(s) in this process, jobs through JobService", s,
                http && perBatch > 1 ? qPrintable(QStringLiteral(" (%1 jobs per POST /v1/jobs/batch)").arg(perBatch)) : "",
                perSecond > 0 ? qPrintable(QString::number(perSecond)) : "as fast as they go");
    std::printf("  decided %lld of %d in %.2f s (submits took %.2f s): %.1f jobs/s; first to last decision (%.1f s): %.1f jobs/s\n",
                decidedN, n, totalMs / 1000.0, submitMs / 1000.0, jobsPerS, windowMs / 1000.0, sustained);
    std::printf("  won %lld, failed %lld, unknown %lld; jobs with two attempts %lld",
                http ? byState.value(QStringLiteral("succeeded")) : sum(&DispatcherStats::completedWon),
                http ? byState.value(QStringLiteral("failed")) : sum(&DispatcherStats::failed),
                http ? byState.value(QStringLiteral("unknown")) : sum(&DispatcherStats::unknown), twoAttempts);
    if (!external)
        std::printf("; requests the provider saw %d, distinct keys %lld, a key twice %d", fake.provider()->completionRequestCount(),
                    qint64(keys.size()), twice);
    if (http)
        std::printf("\n  peak in flight %lld (running attempts in the store); submit-to-send p50 %lld ms, p99 %lld ms; "
                    "peak RSS of each server %s MB\n",
                    peak, percentile(latency, 0.5), percentile(latency, 0.99), qPrintable(serverRss.join(QStringLiteral(" / "))));
    else
        std::printf("\n  peak in flight %lld; submit-to-send p50 %lld ms, p99 %lld ms; peak RSS %.1f MB (%s)\n", peak,
                    percentile(latency, 0.5), percentile(latency, 0.99), peakRss.load() / 1024.0,
                    external ? "the provider in another process" : "the fake provider included");
    if (d > 0)
        std::printf("  ratio to the ceiling min(N, servers x max_in_flight) / latency (%.1f/s): %.2f\n", ceiling, jobsPerS / ceiling);
    if (!parser.isSet(noBare)) {
        if (!external)
            fake.provider()->clearReceived();
        const double bare = bareMulti(*config.provider(QStringLiteral("primary")), route, n, k * m);
        std::printf("  bare libcurl multi, same fake, same bound, no store: %.1f requests/s; ratio %.2f\n", bare, jobsPerS / bare);
    }
    if (!external)
        fake.stop();
    return decidedN == n && !submitErrors && !twoAttempts && !twice ? 0 : 2;
}
