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
//   jobdesk-bench-dispatch --database URL [--jobs N] [--delay-ms D] [--max-in-flight M] [--workers W]
//                          [--rate R] [--submitters S] [--dispatchers K] [--provider-url URL] [--no-bare]

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
#include <QThread>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

using namespace jobdesk;

namespace {

qint64 rssKiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
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
    parser.addOptions({database, jobs, delay, maxInFlight, workers, rate, dispatchers, noBare, submitters, providerUrl});
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
    const int k = std::max(1, parser.value(dispatchers).toInt());
    std::vector<std::unique_ptr<Dispatcher>> all;
    for (int i = 0; i < k; ++i) {
        DispatcherOptions oi = o;
        oi.workerId = QStringLiteral("bench-%1").arg(i);
        all.push_back(std::make_unique<Dispatcher>(url, config, std::make_shared<ProviderDirectory>(config), oi));
    }
    const Route &route = *config.route(QStringLiteral("summarize"));
    const QString run = QString::number(QDateTime::currentMSecsSinceEpoch());
    const QString owner = QStringLiteral("bench-") + run; // this run's jobs, on a store that may hold others

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
    std::vector<std::thread> feeding;
    std::atomic<int> submitErrors{0};
    for (int w = 0; w < s; ++w)
        feeding.emplace_back([&, w] {
            try {
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
    auto decided = [&] {
        return sum(&DispatcherStats::completedWon) + sum(&DispatcherStats::completedLost) + sum(&DispatcherStats::failed)
            + sum(&DispatcherStats::unknown);
    };
    const qint64 limitMs = 600000;
    while (decided() < n && t.elapsed() < limitMs) {
        QThread::msleep(20);
        notePeak();
    }
    const qint64 totalMs = t.elapsed();
    const qint64 peak = sum(&DispatcherStats::peakInFlight); // the sum of each one's peak
    const qint64 decidedN = decided();
    for (auto &dsp : all)
        dsp->stop();
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
    const double ceiling = std::min(n, m) * 1000.0 / std::max(1, d);
    std::printf("store %s, %d jobs, provider %d ms (%s), max in flight %d, %d workers, %d dispatcher(s), %d submitters, "
                "submit rate %s\n",
                qPrintable(url.toDisplayString()), n, d, external ? "another process" : "in this process", m, o.workers, k, s,
                perSecond > 0 ? qPrintable(QString::number(perSecond)) : "as fast as they go");
    std::printf("  decided %lld of %d in %.2f s (submits took %.2f s): %.1f jobs/s; first to last decision (%.1f s): %.1f jobs/s\n",
                decidedN, n, totalMs / 1000.0, submitMs / 1000.0, jobsPerS, windowMs / 1000.0, sustained);
    std::printf("  won %lld, failed %lld, unknown %lld; jobs with two attempts %lld", sum(&DispatcherStats::completedWon),
                sum(&DispatcherStats::failed), sum(&DispatcherStats::unknown), twoAttempts);
    if (!external)
        std::printf("; requests the provider saw %d, distinct keys %lld, a key twice %d", fake.provider()->completionRequestCount(),
                    qint64(keys.size()), twice);
    std::printf("\n  peak in flight %lld; submit-to-send p50 %lld ms, p99 %lld ms; peak RSS %.1f MB (%s)\n", peak,
                percentile(latency, 0.5), percentile(latency, 0.99), peakRss.load() / 1024.0,
                external ? "the provider in another process" : "the fake provider included");
    if (d > 0)
        std::printf("  ratio to the ceiling min(N, max_in_flight) / latency (%.1f/s): %.2f\n", ceiling, jobsPerS / ceiling);
    if (!parser.isSet(noBare)) {
        if (!external)
            fake.provider()->clearReceived();
        const double bare = bareMulti(*config.provider(QStringLiteral("primary")), route, n, m);
        std::printf("  bare libcurl multi, same fake, same bound, no store: %.1f requests/s; ratio %.2f\n", bare, jobsPerS / bare);
    }
    if (!external)
        fake.stop();
    return decidedN == n && !submitErrors && !twoAttempts && !twice ? 0 : 2;
}
