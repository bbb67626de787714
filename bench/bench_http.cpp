// jobdesk-bench-http: creates per second through a running jobdesk-server
// (POST /v1/jobs over keep-alive HTTP/1.1 on loopback), against core-direct
// JobService::submit on the same database in the same run, at several client
// counts; unique keys and 50% replays. Prints both and their ratio.
// See bench/README.md ("HTTP API"); run it with scripts/bench-http.sh.
//
//   jobdesk-bench-http --url http://127.0.0.1:PORT --token TOKEN --pg URL
//                      [--route NAME] [--clients 8,32] [--seconds S] [--ops N] [--rounds R]
//                      [--batch-items N] [--batch-only]
//
// Then POST /v1/jobs/batch (1,000 new keys a request, 8 clients) against
// single creates on the same server, in the same round: items/s and ratio.
//
// Every phase is bounded by an operation count (over all clients) and by
// time. Each client is one std::thread with its own connection (an HTTP
// keep-alive socket, or its own JobService); all are released together by a
// std::latch once connected. The HTTP client is a minimal blocking one on
// POSIX sockets, so the client side costs little of the shared CPUs.

#include "dispatch/Dispatcher.h"
#include "service/TokenStore.h"
#include "service/JobService.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QUrl>
#include <QUuid>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <latch>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {

using namespace jobdesk;
using Clock = std::chrono::steady_clock;

struct Config
{
    quint16 port = 0;
    QString token;
    QString pgUrl;
    QString route = QStringLiteral("bench");
    QList<int> clients{8, 32};
    double seconds = 10.0;
    qint64 ops = 20000;
    int rounds = 1;
    qint64 batchItems = 400000; // the batch phase's item limit (it is bounded by time too)
    bool batchOnly = false;     // only the batch against single creates
};

// One keep-alive connection to 127.0.0.1; one request at a time.
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
    bool ok() const { return m_fd >= 0; }

    // Sends one request and returns the status of its answer (0: failed).
    int roundTrip(const QByteArray &request)
    {
        for (qsizetype done = 0; done < request.size();) {
            const ssize_t n = ::send(m_fd, request.constData() + done, size_t(request.size() - done), MSG_NOSIGNAL);
            if (n <= 0)
                return 0;
            done += n;
        }
        qsizetype headEnd;
        while ((headEnd = m_buffer.indexOf("\r\n\r\n")) < 0) {
            if (!fill())
                return 0;
        }
        const int status = m_buffer.mid(9, 3).toInt();
        qint64 length = 0;
        const qsizetype at = m_buffer.indexOf("Content-Length: ");
        if (at >= 0 && at < headEnd)
            length = m_buffer.mid(at + 16, m_buffer.indexOf('\r', at) - at - 16).toLongLong();
        while (m_buffer.size() < headEnd + 4 + length) {
            if (!fill())
                return 0;
        }
        m_buffer.remove(0, headEnd + 4 + length);
        return status;
    }

private:
    bool fill()
    {
        pollfd p{m_fd, POLLIN, 0};
        if (::poll(&p, 1, 30000) <= 0)
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

struct Measure
{
    qint64 ops = 0;
    qint64 errors = 0;
    double seconds = 0;
    std::vector<double> latenciesUs;
    double opsPerS() const { return seconds > 0 ? double(ops) / seconds : 0; }
    double percentileMs(double p) const
    {
        if (latenciesUs.empty())
            return 0;
        std::vector<double> v = latenciesUs;
        const size_t i = std::min(v.size() - 1, size_t(p * double(v.size())));
        std::nth_element(v.begin(), v.begin() + long(i), v.end());
        return v[i] / 1000.0;
    }
};

// Runs `op(client, index)` on `clients` threads until cfg.ops operations or
// cfg.seconds have passed; `connect(client)` runs before the common start.
Measure timed(const Config &cfg, int clients, const std::function<void(int)> &connect,
              const std::function<bool(int, qint64)> &op)
{
    std::atomic<qint64> next{0};
    std::latch ready(clients);
    std::latch go(1);
    std::mutex merge;
    Measure m;
    Clock::time_point start;
    std::vector<std::thread> threads;
    for (int c = 0; c < clients; ++c) {
        threads.emplace_back([&, c] {
            connect(c);
            ready.count_down();
            go.wait();
            const auto deadline = start + std::chrono::duration<double>(cfg.seconds);
            std::vector<double> lat;
            qint64 ok = 0, bad = 0;
            for (;;) {
                const qint64 i = next.fetch_add(1);
                if (i >= cfg.ops || Clock::now() >= deadline)
                    break;
                const auto t0 = Clock::now();
                (op(c, i) ? ok : bad)++;
                lat.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
            }
            std::lock_guard lock(merge);
            m.ops += ok;
            m.errors += bad;
            m.latenciesUs.insert(m.latenciesUs.end(), lat.begin(), lat.end());
        });
    }
    ready.wait();
    start = Clock::now();
    go.count_down();
    for (std::thread &t : threads)
        t.join();
    m.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return m;
}

// The i-th operation's key: unique, or (replay50) every odd operation of a
// client repeats that client's previous key with the same intent.
QByteArray keyFor(const QByteArray &prefix, int client, qint64 i, bool replay50, std::vector<QByteArray> &last)
{
    if (replay50 && (i % 2) == 1 && !last[size_t(client)].isEmpty())
        return last[size_t(client)];
    QByteArray k = prefix + QByteArray::number(i);
    last[size_t(client)] = k;
    return k;
}

QJsonObject inputFor(const QByteArray &key)
{
    return {{QStringLiteral("text"), QString(QStringLiteral("summarise this for key ") + QString::fromLatin1(key))}};
}

Measure runHttp(const Config &cfg, int clients, bool replay50, const QByteArray &run)
{
    std::vector<std::unique_ptr<Connection>> conns(static_cast<size_t>(clients));
    std::vector<QByteArray> last(static_cast<size_t>(clients));
    const QByteArray prefix = "http-" + run + (replay50 ? "-r-" : "-u-");
    const QByteArray head = "POST /v1/jobs HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + cfg.token.toLatin1()
        + "\r\nContent-Type: application/json\r\nUser-Agent: jobdesk-bench-http\r\n";
    return timed(
        cfg, clients, [&](int c) { conns[size_t(c)] = std::make_unique<Connection>(cfg.port); },
        [&](int c, qint64 i) {
            const QByteArray key = keyFor(prefix, c, i, replay50, last);
            const QByteArray body = QJsonDocument(QJsonObject{{QStringLiteral("route"), cfg.route}, {QStringLiteral("input"), inputFor(key)}})
                                        .toJson(QJsonDocument::Compact);
            const QByteArray request = head + "Idempotency-Key: " + key + "\r\nContent-Length: " + QByteArray::number(body.size())
                + "\r\n\r\n" + body;
            const int status = conns[size_t(c)]->ok() ? conns[size_t(c)]->roundTrip(request) : 0;
            return status == 201 || status == 200;
        });
}

// POST /v1/jobs/batch with `items` new keys per request; a Measure's ops
// are items (each request counts `items`), its latencies per request.
Measure runHttpBatch(const Config &cfg, int clients, const QByteArray &run, int items)
{
    std::vector<std::unique_ptr<Connection>> conns(static_cast<size_t>(clients));
    const QByteArray head = "POST /v1/jobs/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + cfg.token.toLatin1()
        + "\r\nContent-Type: application/json\r\nUser-Agent: jobdesk-bench-http\r\n";
    Config batches = cfg;
    batches.ops = std::max<qint64>(1, cfg.batchItems / items);
    Measure m = timed(
        batches, clients, [&](int c) { conns[size_t(c)] = std::make_unique<Connection>(cfg.port); },
        [&](int c, qint64 i) {
            QJsonArray list;
            for (int k = 0; k < items; ++k) {
                const QByteArray key = "batch-" + run + '-' + QByteArray::number(i) + '-' + QByteArray::number(k);
                list.append(QJsonObject{{QStringLiteral("idempotency_key"), QString::fromLatin1(key)},
                                        {QStringLiteral("route"), cfg.route},
                                        {QStringLiteral("input"), inputFor(key)}});
            }
            const QByteArray body = QJsonDocument(QJsonObject{{QStringLiteral("items"), list}}).toJson(QJsonDocument::Compact);
            const QByteArray request = head + "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
            return conns[size_t(c)]->ok() && conns[size_t(c)]->roundTrip(request) == 200;
        });
    m.ops *= items;
    return m;
}

Measure runCore(const Config &cfg, int clients, bool replay50, const QByteArray &run, const QString &owner, const Route &route)
{
    std::vector<std::unique_ptr<JobService>> svcs(static_cast<size_t>(clients));
    std::vector<QByteArray> last(static_cast<size_t>(clients));
    const QByteArray prefix = "core-" + run + (replay50 ? "-r-" : "-u-");
    JobService::Options options;
    options.migrate = false;
    const QJsonObject meta{{QStringLiteral("via"), QStringLiteral("bench")}, {QStringLiteral("ip"), QStringLiteral("127.0.0.1")}};
    return timed(
        cfg, clients, [&](int c) { svcs[size_t(c)] = JobService::open(StoreUrl::parse(cfg.pgUrl), options); },
        [&](int c, qint64 i) {
            const QByteArray key = keyFor(prefix, c, i, replay50, last);
            try {
                const SubmitResult r = svcs[size_t(c)]->submit(submitRequestFor(route, owner, QString::fromLatin1(key), inputFor(key), meta));
                return r.outcome != SubmitResult::Outcome::Conflict;
            } catch (const JobDeskError &) {
                return false;
            }
        });
}

void print(const char *side, int clients, const char *op, const Measure &m)
{
    std::printf("RESULT %s clients=%d op=%s ops_per_s=%.0f p50_ms=%.2f p99_ms=%.2f ops=%lld errors=%lld seconds=%.2f\n", side,
                clients, op, m.opsPerS(), m.percentileMs(0.50), m.percentileMs(0.99), static_cast<long long>(m.ops),
                static_cast<long long>(m.errors), m.seconds);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QLoggingCategory::setFilterRules(QStringLiteral("jobdesk.*.info=false"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("HTTP creates/s against core-direct submits/s (bench/README.md)."));
    parser.addHelpOption();
    const QCommandLineOption url(QStringLiteral("url"), QStringLiteral("The running server, http://127.0.0.1:PORT."), QStringLiteral("url"));
    const QCommandLineOption token(QStringLiteral("token"), QStringLiteral("A client token of the server's store."), QStringLiteral("token"));
    const QCommandLineOption pg(QStringLiteral("pg"), QStringLiteral("The server's PostgreSQL URL (for core-direct submits)."), QStringLiteral("url"));
    const QCommandLineOption route(QStringLiteral("route"), QStringLiteral("Route name (default bench)."), QStringLiteral("name"));
    const QCommandLineOption clients(QStringLiteral("clients"), QStringLiteral("Client counts (default 8,32)."), QStringLiteral("list"));
    const QCommandLineOption seconds(QStringLiteral("seconds"), QStringLiteral("Phase time limit (default 10)."), QStringLiteral("s"));
    const QCommandLineOption ops(QStringLiteral("ops"), QStringLiteral("Phase operation limit (default 20000)."), QStringLiteral("n"));
    const QCommandLineOption rounds(QStringLiteral("rounds"), QStringLiteral("Rounds; the order alternates (default 1)."), QStringLiteral("n"));
    const QCommandLineOption batchItems(QStringLiteral("batch-items"), QStringLiteral("Batch phase item limit (default 400000)."),
                                        QStringLiteral("n"));
    const QCommandLineOption batchOnly(QStringLiteral("batch-only"), QStringLiteral("Only batch creates against single creates."));
    parser.addOptions({url, token, pg, route, clients, seconds, ops, rounds, batchItems, batchOnly});
    parser.process(app);

    Config cfg;
    const QUrl server(parser.value(url));
    cfg.port = quint16(server.port());
    cfg.token = parser.value(token);
    cfg.pgUrl = parser.value(pg);
    if (server.host() != QLatin1String("127.0.0.1") || cfg.port == 0 || cfg.token.isEmpty() || cfg.pgUrl.isEmpty()) {
        std::fprintf(stderr, "jobdesk-bench-http: needs --url http://127.0.0.1:PORT (loopback only), --token and --pg\n");
        return 2;
    }
    if (parser.isSet(route))
        cfg.route = parser.value(route);
    if (parser.isSet(clients)) {
        cfg.clients.clear();
        for (const QString &c : parser.value(clients).split(u','))
            cfg.clients.append(c.toInt());
    }
    if (parser.isSet(seconds))
        cfg.seconds = parser.value(seconds).toDouble();
    if (parser.isSet(ops))
        cfg.ops = parser.value(ops).toLongLong();
    if (parser.isSet(rounds))
        cfg.rounds = std::max(1, parser.value(rounds).toInt());
    if (parser.isSet(batchItems))
        cfg.batchItems = std::max<qint64>(1000, parser.value(batchItems).toLongLong());
    cfg.batchOnly = parser.isSet(batchOnly);

    std::unique_ptr<JobService> svc;
    std::optional<ApiToken> caller;
    try {
        svc = JobService::open(StoreUrl::parse(cfg.pgUrl));
        caller = TokenStore(*svc).verify(cfg.token);
    } catch (const JobDeskError &e) {
        std::fprintf(stderr, "jobdesk-bench-http: %s\n", qPrintable(e.message()));
        return 1;
    }
    if (!caller) {
        std::fprintf(stderr, "jobdesk-bench-http: the token is not a valid token of that store\n");
        return 1;
    }
    // The same route the server has (the core-direct side submits what the server would).
    Route benchRoute;
    benchRoute.name = cfg.route;
    benchRoute.providerChain = {QStringLiteral("bench")};

    struct Pair
    {
        QList<double> http, core, ratio;
    };
    QMap<QString, Pair> results;
    for (int round = 0; round < (cfg.batchOnly ? 0 : cfg.rounds); ++round) {
        for (const int c : std::as_const(cfg.clients)) {
            for (const bool replay : {false, true}) {
                const QByteArray run = QUuid::createUuid().toString(QUuid::Id128).left(10).toLatin1();
                const char *op = replay ? "create_replay50" : "create_unique";
                Measure h, k;
                if ((round % 2) == 0) {
                    h = runHttp(cfg, c, replay, run);
                    k = runCore(cfg, c, replay, run, caller->ownerId, benchRoute);
                } else {
                    k = runCore(cfg, c, replay, run, caller->ownerId, benchRoute);
                    h = runHttp(cfg, c, replay, run);
                }
                print("http", c, op, h);
                print("core", c, op, k);
                const QString name = QStringLiteral("%1 %2").arg(c).arg(QLatin1String(op));
                results[name].http.append(h.opsPerS());
                results[name].core.append(k.opsPerS());
                results[name].ratio.append(k.opsPerS() > 0 ? h.opsPerS() / k.opsPerS() : 0.0);
            }
        }
    }
    // Batch creates against single creates, same server, same run: items/s.
    constexpr int kBatchItems = 1000;
    QList<double> batchRatios;
    for (int round = 0; round < cfg.rounds; ++round) {
        const int c = 8;
        const QByteArray run = QUuid::createUuid().toString(QUuid::Id128).left(10).toLatin1();
        // The order alternates, as above: neither side always runs on the fuller table.
        Measure single, batch;
        if ((round % 2) == 0) {
            single = runHttp(cfg, c, false, run);
            batch = runHttpBatch(cfg, c, run, kBatchItems);
        } else {
            batch = runHttpBatch(cfg, c, run, kBatchItems);
            single = runHttp(cfg, c, false, run);
        }
        print("http", c, "create_single", single);
        print("http", c, "create_batch1000_items", batch);
        batchRatios.append(single.opsPerS() > 0 ? batch.opsPerS() / single.opsPerS() : 0.0);
        std::printf("RESULT batch clients=%d single_per_s=%.0f batch_items_per_s=%.0f ratio=%.2f\n", c, single.opsPerS(),
                    batch.opsPerS(), batchRatios.last());
    }
    auto median = [](QList<double> v) {
        std::sort(v.begin(), v.end());
        return v.isEmpty() ? 0.0 : v.at(v.size() / 2);
    };
    // Medians over the rounds; the ratio is the median of the per-round
    // ratios (each round's two sides ran back to back, under the same load).
    if (!batchRatios.isEmpty())
        std::printf("RESULT batch_ratio clients=8 ratio=%.2f rounds=%d\n", median(batchRatios), int(batchRatios.size()));
    std::printf("\n%-8s %-16s %14s %14s %7s\n", "clients", "operation", "http creates/s", "core submits/s", "ratio");
    for (auto it = results.cbegin(); it != results.cend(); ++it) {
        const double h = median(it.value().http), k = median(it.value().core), r = median(it.value().ratio);
        std::printf("%-8s %-16s %14.0f %14.0f %7.2f\n", qPrintable(it.key().section(u' ', 0, 0)), qPrintable(it.key().section(u' ', 1)),
                    h, k, r);
        std::printf("RESULT ratio clients=%s op=%s http_per_s=%.0f core_per_s=%.0f ratio=%.3f rounds=%d\n",
                    qPrintable(it.key().section(u' ', 0, 0)), qPrintable(it.key().section(u' ', 1)), h, k, r,
                    int(it.value().ratio.size()));
    }
    return 0;
}
