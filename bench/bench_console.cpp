// jobdesk-bench-console: the console's queries on a big PostgreSQL store.
//
//   jobdesk-bench-console --pg URL [--jobs 10000000] [--small-jobs 1000000] [--repeat 30] [--explain] [--keep]
//                         [--proportional-live]
//
// Seeds two schemas in bulk (bench/BenchSeed.h: set-based INSERT ... SELECT
// from generate_series with triggers off, secondary indexes built after the
// load), one with --jobs jobs and ~2.5 attempts each, one with --small-jobs,
// then measures, each against a baseline in the same run:
//   * the first page and the idle poll on the big store against the same
//     figures on the small one (target: within 1.5x);
//   * connect to first page (open + identity + clock + change marks + first jobs page, as the console)
//     against connecting and running the page's query alone (target: within 2x);
//   * a burst of 1,000 changed jobs: changesSince against reading the same
//     1,000 rows by id;
//   * an idle console's poll cycle with every view open in database time
//     (target: under 5 ms);
//   * every worklist query on the big store, timed (median of --repeat).
// RESULT lines repeat the headline figures for scripts. With --explain the
// server log gets the plan of every console query (scripts/bench-console.sh
// prints them). Loopback only: the URL comes from the script's throwaway server.

#include "BenchSeed.h"
#include "service/JobService.h"
#include "store/SqlSession.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QUuid>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

using namespace jobdesk;
using jobdesk::bench::loadAverage;
using jobdesk::bench::schemaUrl;
using jobdesk::bench::seed;

namespace {

double medianMs(int repeat, const std::function<void()> &f)
{
    std::vector<double> t;
    for (int i = 0; i < repeat; ++i) {
        QElapsedTimer timer;
        timer.start();
        f();
        t.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    std::sort(t.begin(), t.end());
    return t.at(t.size() / 2);
}


// 10000000 -> "10M", 100000 -> "100k": the sizes in the figures' names.
QString sizeLabel(qint64 n)
{
    if (n >= 1000000 && n % 1000000 == 0)
        return QString::number(n / 1000000) + u'M';
    if (n >= 1000 && n % 1000 == 0)
        return QString::number(n / 1000) + u'k';
    return QString::number(n);
}

struct Store
{
    QString schema;
    StoreUrl url;
};

Store makeStore(const QString &base, const QString &label, qint64 jobs, qint64 liveSpread)
{
    Store st;
    st.schema = QStringLiteral("bench_console_") + label + u'_' + QUuid::createUuid().toString(QUuid::Id128).left(6);
    {
        auto admin = JobService::open(StoreUrl::parse(base), JobServiceOptions{false, 8});
        admin->session().exec(QStringLiteral("CREATE SCHEMA ") + st.schema);
    }
    st.url = StoreUrl::parse(schemaUrl(base, st.schema));
    auto svc = JobService::open(st.url);
    QElapsedTimer t;
    t.start();
    std::printf("seeding %s: %lld jobs\n", qPrintable(st.schema), static_cast<long long>(jobs));
    seed(*svc, jobs, 1, jobdesk::bench::SeedIndexes::Rebuild, true, liveSpread);
    const SqlRows size = svc->session().exec(QStringLiteral(
        "SELECT (SELECT count(*) FROM attempts), pg_database_size(current_database())"));
    std::printf("seeded %s: %lld jobs, %lld attempts in %.1f s (%.0f jobs/s); database now %.1f GB (load average %s)\n",
                qPrintable(st.schema), static_cast<long long>(jobs), size.first().at(0).toLongLong(), double(t.elapsed()) / 1000.0,
                double(jobs) / std::max(0.001, double(t.elapsed()) / 1000.0), double(size.first().at(1).toLongLong()) / 1e9,
                qPrintable(loadAverage()));
    std::fflush(stdout);
    return st;
}

// What the console does when it connects: open, who am I, counts, the first page.
// What the console's store worker does before the first page reaches the
// window (ui/StoreWorker.cpp tryOpen, then loadPage): open (with the
// migration check), identity, the database clock, the change marks, the page.
// The LISTEN connection and the first poll (state counts) come after the page.
void connectToFirstPage(const StoreUrl &url)
{
    auto svc = JobService::open(url);
    svc->sessionIdentity();
    svc->nowMs();
    svc->changeMarks();
    svc->jobs(JobFilter{}, std::nullopt, 100);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // progress shows when the output goes to a file
    QCommandLineParser p;
    p.addHelpOption();
    const QCommandLineOption pgOpt(QStringLiteral("pg"), QStringLiteral("PostgreSQL base URL (loopback)."), QStringLiteral("url"));
    const QCommandLineOption jobsOpt(QStringLiteral("jobs"), QStringLiteral("Jobs in the big store."), QStringLiteral("n"),
                                     QStringLiteral("10000000"));
    const QCommandLineOption smallOpt(QStringLiteral("small-jobs"), QStringLiteral("Jobs in the small store."),
                                      QStringLiteral("n"), QStringLiteral("1000000"));
    const QCommandLineOption repeatOpt(QStringLiteral("repeat"), QStringLiteral("Repetitions per measurement."),
                                       QStringLiteral("n"), QStringLiteral("30"));
    const QCommandLineOption explainOpt(QStringLiteral("explain"),
                                        QStringLiteral("Load auto_explain so the server log gets every console query's plan."));
    const QCommandLineOption keepOpt(QStringLiteral("keep"), QStringLiteral("Keep the seeded schemas."));
    const QCommandLineOption proportionalOpt(
        QStringLiteral("proportional-live"),
        QStringLiteral("Live jobs ~0.45% of each store (default: the big store has as many live jobs as the small one)."));
    p.addOptions({pgOpt, jobsOpt, smallOpt, repeatOpt, explainOpt, keepOpt, proportionalOpt});
    p.process(app);
    if (!p.isSet(pgOpt)) {
        std::fprintf(stderr, "jobdesk-bench-console: --pg URL is required (scripts/bench-console.sh starts a server)\n");
        return 2;
    }
    const QString base = p.value(pgOpt);
    const qint64 bigJobs = p.value(jobsOpt).toLongLong();
    const qint64 smallJobs = p.value(smallOpt).toLongLong();
    const int repeat = std::max(3, p.value(repeatOpt).toInt());
    try {
        const QString big_ = sizeLabel(bigJobs), small_ = sizeLabel(smallJobs);
        const auto name = [&](const char *what) { return QString::fromLatin1(what).replace(QStringLiteral("{big}"), big_).replace(QStringLiteral("{small}"), small_).toStdString(); };
        // The live jobs (blocked, queued, running) grow with a store's traffic,
        // not its history: by default both stores hold as many.
        const qint64 spread = p.isSet(proportionalOpt) ? 1 : std::max<qint64>(1, bigJobs / std::max<qint64>(1, smallJobs));
        std::printf("live jobs: %s\n", spread > 1 ? "as many in both stores (the big one has more history, not more work)"
                                                    : "~0.45% of each store");
        const Store small = makeStore(base, QStringLiteral("small"), smallJobs, 1);
        const Store big = makeStore(base, QStringLiteral("big"), bigJobs, spread);
        std::printf("BIG_URL=%s\n", qPrintable(big.url.postgresUrl));
        auto svc = JobService::open(big.url);
        auto smallSvc = JobService::open(small.url);
        const QString pageSql = QStringLiteral(
            "SELECT id, owner_id, idempotency_key, fingerprint, route, input, state, version, change_seq, max_parallel, "
            "max_attempts, completed_by, result, client_meta, state_reason, created_at_ms, updated_at_ms "
            "FROM jobs ORDER BY id DESC LIMIT 100");
        // Warm both stores' caches and prepared statements alike before anything is timed.
        for (JobService *x : {svc.get(), smallSvc.get()}) {
            x->stateCounts();
            x->changeMarks();
            x->jobs(JobFilter{}, std::nullopt, 100);
        }

        std::printf("\nmeasurements (load average %s)\n%-62s %10s %10s %8s %s\n", qPrintable(loadAverage()), "measurement", "ms",
                    "baseline", "ratio", "target");
        auto row = [&](const char *what, double ms, double baseline, const char *target) {
            std::printf("%-62s %10.3f %10.3f %8.2f %s\n", name(what).c_str(), ms, baseline, baseline > 0 ? ms / baseline : 0.0, target);
        };
        auto result = [&](const char *figure, double bigMs, double smallMs) {
            std::printf("RESULT console figure=%s jobs=%lld ms=%.3f small_jobs=%lld small_ms=%.3f ratio=%.2f load=\"%s\"\n", figure,
                        static_cast<long long>(bigJobs), bigMs, static_cast<long long>(smallJobs), smallMs,
                        smallMs > 0 ? bigMs / smallMs : 0.0, qPrintable(loadAverage()));
        };
        // 1. the first page and the idle poll at --jobs against --small-jobs, interleaved
        // (big, small, big, ...) so a neighbour's load falls on both sides alike.
        const auto firstPage = [](JobService &x) {
            x.stateCounts();
            x.changeMarks();
            x.jobs(JobFilter{}, std::nullopt, 100);
        };
        const auto pageOnly = [](JobService &x) {
            x.changeMarks();
            x.jobs(JobFilter{}, std::nullopt, 100);
        };
        // An idle console's poll cycle with every view open (ui/StoreWorker.cpp
        // deliverPoll): nothing moved, so a poll reads the change marks only;
        // the full read (changes since its mark with the 500-number overlap)
        // comes when the sequence moves, on a NOTIFY, and at least every 5 s.
        // Views, counts and charts re-query only when their mark moved. At the
        // default 1 s poll interval a cycle of five polls is four mark reads
        // and one full read.
        const qint64 idleMarkBig = svc->changeMarks().changeSeq;
        const qint64 idleMarkSmall = smallSvc->changeMarks().changeSeq;
        struct Pair
        {
            double big = 0, small = 0;
        };
        const auto pair = [&](const std::function<void(JobService &, qint64)> &f) {
            std::vector<double> b, sm;
            for (int i = 0; i < repeat; ++i) {
                b.push_back(medianMs(1, [&] { f(*svc, idleMarkBig); }));
                sm.push_back(medianMs(1, [&] { f(*smallSvc, idleMarkSmall); }));
            }
            std::sort(b.begin(), b.end());
            std::sort(sm.begin(), sm.end());
            return Pair{b.at(b.size() / 2), sm.at(sm.size() / 2)};
        };
        const Pair page = pair([&](JobService &x, qint64) { firstPage(x); });
        const Pair pageNoCounts = pair([&](JobService &x, qint64) { pageOnly(x); });
        const Pair counts = pair([&](JobService &x, qint64) { x.stateCounts(); });
        const Pair marks = pair([&](JobService &x, qint64) { x.changeMarks(); });
        const Pair full = pair([&](JobService &x, qint64 mark) {
            x.changeMarks();
            x.changesSince(mark, 500);
        });
        const Pair idle{(4 * marks.big + full.big) / 5, (4 * marks.small + full.small) / 5};
        row("first page (counts, marks, page) at {big} vs at {small}", page.big, page.small, "< 1.5x");
        row("  of it: marks + page at {big} vs at {small}", pageNoCounts.big, pageNoCounts.small, "");
        row("  of it: state counts at {big} vs at {small}", counts.big, counts.small, "");
        row("idle poll, marks only, at {big} vs at {small}", marks.big, marks.small, "< 1.5x");
        row("idle full read, marks + changes since, at {big} vs at {small}", full.big, full.small, "");
        row("idle poll averaged over 5 s at 1 s polls, {big} vs {small}", idle.big, idle.small, "< 1.5x");
        row("idle poll averaged over 5 s at 1 s polls ({big}), database time", idle.big, 5.0, "< 5 ms (baseline column = target)");
        result("first_page", page.big, page.small);
        result("idle_poll_marks", marks.big, marks.small);
        result("idle_poll_avg", idle.big, idle.small);
        // 2. connect to first page, against connecting and running the page's query alone.
        const double pageAlone = medianMs(repeat, [&] { svc->session().exec(pageSql); });
        const double connectAndPage = medianMs(repeat, [&] { openSqlSession(big.url)->exec(pageSql); });
        const double connectBig = medianMs(repeat, [&] { connectToFirstPage(big.url); });
        row("connect to first page ({big}) vs connect + page query alone", connectBig, connectAndPage, "< 2x");
        {
            // Where a fresh connection's time goes (each step on a new connection).
            const double rawConnect = medianMs(repeat, [&] { openSqlSession(big.url); });
            const double openOnly = medianMs(repeat, [&] { JobService::open(big.url); });
            const double openIdentity = medianMs(repeat, [&] { JobService::open(big.url)->sessionIdentity(); });
            const double openCounts = medianMs(repeat, [&] { JobService::open(big.url)->stateCounts(); });
            std::printf("  (raw connect %.3f ms; JobService::open %.3f; + identity %.3f; open + state counts %.3f, "
                        "which the console reads after the first page)\n",
                        rawConnect, openOnly, openIdentity, openCounts);
        }
        row("first page on an open connection ({big}) vs page query alone", page.big, pageAlone, "< 2x");
        const double connectSmall = medianMs(repeat, [&] { connectToFirstPage(small.url); });
        row("connect to first page at {big} vs at {small}", connectBig, connectSmall, "< 1.5x");
        // 3. a burst of 1,000 changed jobs.
        const qint64 before = svc->changeMarks().changeSeq;
        svc->session().execScript(QStringLiteral(
            "SET session_replication_role = replica;"
            "UPDATE jobs SET change_seq = nextval('jd_change_seq'), updated_at_ms = updated_at_ms + 1 "
            "WHERE id IN (SELECT id FROM jobs ORDER BY id DESC LIMIT 1000);"
            "SET session_replication_role = origin;"));
        qsizetype changed = 0;
        const double burst = medianMs(repeat, [&] { changed = svc->changesSince(before, 1000).jobs.size(); });
        const double byId = medianMs(repeat, [&] {
            svc->session().exec(QStringLiteral("SELECT * FROM jobs WHERE id IN (SELECT id FROM jobs ORDER BY id DESC LIMIT 1000)"));
        });
        std::printf("(burst: %lld jobs changed)\n", static_cast<long long>(changed));
        row("changes since (1,000 changed jobs) vs the same rows by id", burst, byId, "~1x");
        // 5. every worklist query.
        const qint64 now = 1700000000000LL + bigJobs * 60;
        struct Q
        {
            const char *what;
            std::function<void()> run;
        };
        const auto filter = [](const std::function<void(JobFilter &)> &set) {
            JobFilter f;
            set(f);
            return f;
        };
        const std::vector<Q> queries{
            {"jobs page (newest first)", [&] { svc->jobs(JobFilter{}, std::nullopt, 100); }},
            {"jobs page, state = blocked", [&] { svc->jobs(filter([](JobFilter &f) { f.states = {JobState::Blocked}; }), std::nullopt, 100); }},
            {"jobs page, owner", [&] { svc->jobs(filter([](JobFilter &f) { f.ownerId = QStringLiteral("owner-42"); }), std::nullopt, 100); }},
            {"jobs page, route", [&] { svc->jobs(filter([](JobFilter &f) { f.route = QStringLiteral("summarize"); }), std::nullopt, 100); }},
            {"jobs page, provider", [&] { svc->jobs(filter([](JobFilter &f) { f.provider = QStringLiteral("spare"); }), std::nullopt, 100); }},
            {"find by key", [&] { svc->jobs(filter([](JobFilter &f) { f.idempotencyKey = QStringLiteral("key-4242"); }), std::nullopt, 100); }},
            {"job detail", [&] { svc->jobDetail(4242); }},
            {"unknown queue", [&] { svc->unknownQueue(); }},
            {"race losses (newest 200)", [&] { svc->raceLossList({}); }},
            {"race losses, provider", [&] { svc->raceLossList({QStringLiteral("fallback"), {}, {}}); }},
            {"key incidents (newest 100)", [&] { svc->keyIncidents(); }},
            {"key search (owner)", [&] { svc->keyIncidents(QStringLiteral("owner-42")); }},
            {"key search (key)", [&] { svc->keyIncidents(QStringLiteral("key-4211")); }},
            {"provider status", [&] { svc->providerStatus(); }},
            {"chart: outcomes, last hour by minute", [&] { svc->outcomeHistory(now - 3600000, now, 60000); }},
            {"chart: latency per provider, last hour", [&] { svc->providerLatency(now - 3600000, now); }},
            {"state counts", [&] { svc->stateCounts(); }},
            {"change marks", [&] { svc->changeMarks(); }},
        };
        std::printf("\n%-62s %10s\n", name("console query at {big} jobs (median)").c_str(), "ms");
        for (const Q &q : queries)
            std::printf("%-62s %10.3f\n", q.what, medianMs(repeat, q.run));
        std::printf("(load average %s)\n", qPrintable(loadAverage()));
        if (p.isSet(explainOpt)) {
            // Each query once more, with its plan in the server log.
            svc->session().exec(QStringLiteral("LOAD 'auto_explain'"));
            svc->session().exec(QStringLiteral("SET auto_explain.log_min_duration = 0"));
            svc->session().exec(QStringLiteral("SET auto_explain.log_analyze = on"));
            svc->session().exec(QStringLiteral("SET auto_explain.log_buffers = on"));
            for (const Q &q : queries) {
                svc->session().exec(QStringLiteral("SELECT 'plan of: ") + QString::fromLatin1(q.what) + QStringLiteral("'"));
                q.run();
            }
        }
        if (!p.isSet(keepOpt)) {
            auto admin = JobService::open(StoreUrl::parse(base), JobServiceOptions{false, 8});
            admin->session().exec(QStringLiteral("DROP SCHEMA ") + small.schema + QStringLiteral(" CASCADE"));
            admin->session().exec(QStringLiteral("DROP SCHEMA ") + big.schema + QStringLiteral(" CASCADE"));
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "jobdesk-bench-console: %s\n", e.what());
        return 1;
    }
    return 0;
}
