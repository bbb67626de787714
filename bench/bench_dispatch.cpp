// jobdesk-bench-dispatch: the dispatcher at provider scale (issue 33).
// One process: a fake provider on loopback answering after --delay-ms, a
// Dispatcher (--max-in-flight, --workers) on the store given, N jobs
// submitted through JobService at --rate per second (0: all at once). It
// prints jobs/s from first submit to last decision, the peak in flight,
// submit-to-send latency (p50, p99; the fake's arrival time against the
// submit's), the process's peak RSS (the fake provider and, for SQLite, the
// store live in it too), and two ratios from the same run: against the
// ceiling min(N, max_in_flight) / latency, and against a bare libcurl multi
// client (OpenAiClient::callAsync) sending N requests to the same fake
// with the same in-flight bound and no store. Loopback only.
//
//   jobdesk-bench-dispatch --database URL [--jobs N] [--delay-ms D] [--max-in-flight M] [--workers W] [--rate R]

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
    parser.addOptions({database, jobs, delay, maxInFlight, workers, rate, dispatchers, noBare});
    parser.process(app);
    const StoreUrl url = StoreUrl::parse(parser.value(database));
    const int n = parser.value(jobs).toInt();
    const int d = parser.value(delay).toInt();
    const int m = parser.value(maxInFlight).toInt();
    const double perSecond = parser.value(rate).toDouble();

    FakeProviderThread fake;
    if (!fake.start()) {
        std::fprintf(stderr, "the fake provider could not listen on 127.0.0.1\n");
        return 1;
    }
    fake.provider()->setDefaultBehaviour(FakeProvider::Behaviour::answer(d));
    const RouteConfig config = benchConfig(fake.provider()->baseUrl(), std::max(60000, 3 * d));
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
    QHash<QString, qint64> submittedAt; // "text for" marker -> wall ms
    submittedAt.reserve(n);

    for (auto &dsp : all)
        dsp->start();
    QElapsedTimer t;
    t.start();
    qint64 peakRss = rssKiB();
    for (int i = 0; i < n; ++i) {
        if (perSecond > 0) {
            const qint64 due = qint64(i * 1000.0 / perSecond);
            while (t.elapsed() < due)
                QThread::usleep(500);
        }
        const QString marker = QStringLiteral("bench-%1-%2").arg(run).arg(i);
        submittedAt.insert(marker, QDateTime::currentMSecsSinceEpoch());
        svc->submit(submitRequestFor(route, QStringLiteral("bench"), marker, QJsonObject{{QStringLiteral("text"), marker}}));
        if (i % 200 == 0)
            peakRss = std::max(peakRss, rssKiB());
    }
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
        peakRss = std::max(peakRss, rssKiB());
    }
    const qint64 totalMs = t.elapsed();
    const qint64 peak = sum(&DispatcherStats::peakInFlight); // the sum of each one's peak
    const qint64 decidedN = decided();
    for (auto &dsp : all)
        dsp->stop();
    // No job claimed or sent twice: one attempt each, one request each.
    QSet<QString> keys;
    int twice = 0;
    for (const FakeProvider::Received &r : fake.provider()->received())
        if (r.method == QLatin1String("POST")) {
            if (keys.contains(r.idempotencyKey))
                ++twice;
            keys.insert(r.idempotencyKey);
        }
    // A job claimed twice would have had two attempts, two keys: more requests than jobs.

    QList<qint64> latency;
    for (const FakeProvider::Received &r : fake.provider()->received()) {
        const QJsonArray msgs = r.body.value(QStringLiteral("messages")).toArray();
        const QString text = msgs.isEmpty() ? QString() : msgs.last().toObject().value(QStringLiteral("content")).toString();
        const qsizetype at = text.indexOf(QStringLiteral("bench-"));
        if (at >= 0)
            if (const auto it = submittedAt.constFind(text.mid(at).trimmed()); it != submittedAt.cend())
                latency.append(r.atMs - *it);
    }
    const double jobsPerS = decidedN * 1000.0 / double(std::max<qint64>(1, totalMs));
    const double ceiling = std::min(n, m) * 1000.0 / std::max(1, d);
    std::printf("store %s, %d jobs, provider %d ms, max in flight %d, %d workers, %d dispatcher(s), submit rate %s\n",
                qPrintable(url.toDisplayString()), n, d, m, o.workers, k,
                perSecond > 0 ? qPrintable(QString::number(perSecond)) : "all at once");
    std::printf("  decided %lld of %d in %.2f s (submits took %.2f s): %.1f jobs/s\n", decidedN, n, totalMs / 1000.0,
                submitMs / 1000.0, jobsPerS);
    std::printf("  won %lld, failed %lld, unknown %lld; requests the provider saw %d, distinct keys %lld, a key twice %d\n",
                sum(&DispatcherStats::completedWon), sum(&DispatcherStats::failed), sum(&DispatcherStats::unknown),
                fake.provider()->completionRequestCount(), qint64(keys.size()), twice);
    std::printf("  peak in flight %lld; submit-to-send p50 %lld ms, p99 %lld ms; peak RSS %.1f MB (fake provider included)\n",
                peak, percentile(latency, 0.5), percentile(latency, 0.99), peakRss / 1024.0);
    if (d > 0)
        std::printf("  ratio to the ceiling min(N, max_in_flight) / latency (%.1f/s): %.2f\n", ceiling, jobsPerS / ceiling);
    if (!parser.isSet(noBare)) {
        fake.provider()->clearReceived();
        const double bare = bareMulti(*config.provider(QStringLiteral("primary")), route, n, m);
        std::printf("  bare libcurl multi, same fake, same bound, no store: %.1f requests/s; ratio %.2f\n", bare, jobsPerS / bare);
    }
    fake.stop();
    return decidedN == n ? 0 : 2;
}
