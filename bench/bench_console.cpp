// jobdesk-bench-console: the console's queries on a big PostgreSQL store.
//
//   jobdesk-bench-console --pg URL [--jobs 1000000] [--small-jobs 100000] [--repeat 30] [--keep]
//
// Seeds two schemas in bulk (set-based INSERT ... SELECT with triggers off:
// the data is shaped like a real history, not written through JobService),
// one with --jobs jobs and ~2.5 attempts each, one with --small-jobs, then
// measures, each against a baseline in the same run:
//   * connect to first page (open + identity + clock + change marks + first jobs page, as the console)
//     against the page's query alone (target: within 2x);
//   * the first page at --jobs against --small-jobs (target: under 1.5x);
//   * a burst of 1,000 changed jobs: changesSince against reading the same
//     1,000 rows by id;
//   * an idle console's poll cycle with every view open (change marks, state
//     counts) in database time (target: under 5 ms);
//   * every worklist query, timed (median of --repeat).
// With auto_explain loaded for this session, the server log gets the plan of
// every statement the console runs (scripts/bench-console.sh prints them).
// Loopback only: the URL comes from the script's throwaway server.

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


struct Store
{
    QString schema;
    StoreUrl url;
};

Store makeStore(const QString &base, const QString &label, qint64 jobs)
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
    seed(*svc, jobs);
    std::printf("seeded %s: %lld jobs, ~%lld attempts in %.1f s\n", qPrintable(st.schema), static_cast<long long>(jobs),
                static_cast<long long>(jobs * 5 / 2), double(t.elapsed()) / 1000.0);
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
    QCommandLineParser p;
    p.addHelpOption();
    const QCommandLineOption pgOpt(QStringLiteral("pg"), QStringLiteral("PostgreSQL base URL (loopback)."), QStringLiteral("url"));
    const QCommandLineOption jobsOpt(QStringLiteral("jobs"), QStringLiteral("Jobs in the big store."), QStringLiteral("n"),
                                     QStringLiteral("1000000"));
    const QCommandLineOption smallOpt(QStringLiteral("small-jobs"), QStringLiteral("Jobs in the small store."),
                                      QStringLiteral("n"), QStringLiteral("100000"));
    const QCommandLineOption repeatOpt(QStringLiteral("repeat"), QStringLiteral("Repetitions per measurement."),
                                       QStringLiteral("n"), QStringLiteral("30"));
    const QCommandLineOption explainOpt(QStringLiteral("explain"),
                                        QStringLiteral("Load auto_explain so the server log gets every console query's plan."));
    const QCommandLineOption keepOpt(QStringLiteral("keep"), QStringLiteral("Keep the seeded schemas."));
    p.addOptions({pgOpt, jobsOpt, smallOpt, repeatOpt, explainOpt, keepOpt});
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
        const Store small = makeStore(base, QStringLiteral("small"), smallJobs);
        const Store big = makeStore(base, QStringLiteral("big"), bigJobs);
        std::printf("BIG_URL=%s\n", qPrintable(big.url.postgresUrl));
        auto svc = JobService::open(big.url);
        auto smallSvc = JobService::open(small.url);
        const QString pageSql = QStringLiteral(
            "SELECT id, owner_id, idempotency_key, fingerprint, route, input, state, version, change_seq, max_parallel, "
            "max_attempts, completed_by, result, client_meta, state_reason, created_at_ms, updated_at_ms "
            "FROM jobs ORDER BY id DESC LIMIT 100");

        std::printf("\n%-58s %10s %10s %8s %s\n", "measurement", "ms", "baseline", "ratio", "target");
        auto row = [](const char *what, double ms, double baseline, const char *target) {
            std::printf("%-58s %10.3f %10.3f %8.2f %s\n", what, ms, baseline, baseline > 0 ? ms / baseline : 0.0, target);
        };
        // 1. connect to first page, against connecting and running the page's query alone.
        const double pageAlone = medianMs(repeat, [&] { svc->session().exec(pageSql); });
        const double connectAndPage = medianMs(repeat, [&] { openSqlSession(big.url)->exec(pageSql); });
        const double connectBig = medianMs(repeat, [&] { connectToFirstPage(big.url); });
        row("connect to first page (1M) vs connect + page query alone", connectBig, connectAndPage, "< 2x");
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
        const double firstPageBig = medianMs(repeat, [&] {
            svc->stateCounts();
            svc->changeMarks();
            svc->jobs(JobFilter{}, std::nullopt, 100);
        });
        row("first page on an open connection (1M) vs page query alone", firstPageBig, pageAlone, "< 2x");
        // 2. 10x more rows.
        const double firstPageSmall = medianMs(repeat, [&] {
            smallSvc->stateCounts();
            smallSvc->changeMarks();
            smallSvc->jobs(JobFilter{}, std::nullopt, 100);
        });
        row("first page at 1M vs at 100k", firstPageBig, firstPageSmall, "< 1.5x");
        const double connectSmall = medianMs(repeat, [&] { connectToFirstPage(small.url); });
        row("connect to first page at 1M vs at 100k", connectBig, connectSmall, "< 1.5x");
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
        // 4. an idle console's poll cycle with every view open (ui/StoreWorker.cpp
        // deliverPoll): nothing moved, so a poll reads the change marks only;
        // the full read (changes since its mark with the 500-number overlap)
        // comes when the sequence moves, on a NOTIFY, and at least every 5 s.
        // Views, counts and charts re-query only when their mark moved. At the
        // default 1 s poll interval a cycle of five polls is four mark reads
        // and one full read.
        const qint64 idleMark = svc->changeMarks().changeSeq;
        const double marksOnly = medianMs(repeat, [&] { svc->changeMarks(); });
        const double fullRead = medianMs(repeat, [&] {
            svc->changeMarks();
            svc->changesSince(idleMark, 500);
        });
        row("idle poll, marks only (1M), database time", marksOnly, 5.0, "< 5 ms (baseline column = target)");
        row("idle full read, marks + changes since with overlap (1M)", fullRead, 5.0, "(once per 5 s)");
        row("idle poll averaged over 5 s at 1 s polls (1M)", (4 * marksOnly + fullRead) / 5, 5.0,
            "< 5 ms (baseline column = target)");
        // 5. every worklist query.
        const qint64 now = 1700000000000LL + bigJobs * 60;
        struct Q
        {
            const char *what;
            std::function<void()> run;
        };
        const std::vector<Q> queries{
            {"jobs page (newest first)", [&] { svc->jobs(JobFilter{}, std::nullopt, 100); }},
            {"jobs page, state = blocked", [&] { svc->jobs(JobFilter{{JobState::Blocked}, {}, {}, {}, {}, {}, {}}, std::nullopt, 100); }},
            {"jobs page, owner", [&] { svc->jobs(JobFilter{{}, QStringLiteral("owner-42"), {}, {}, {}, {}, {}}, std::nullopt, 100); }},
            {"jobs page, route", [&] { svc->jobs(JobFilter{{}, {}, {}, QStringLiteral("summarize"), {}, {}, {}}, std::nullopt, 100); }},
            {"jobs page, provider", [&] { svc->jobs(JobFilter{{}, {}, {}, {}, QStringLiteral("spare"), {}, {}}, std::nullopt, 100); }},
            {"find by key", [&] { svc->jobs(JobFilter{{}, {}, QStringLiteral("key-4242"), {}, {}, {}, {}}, std::nullopt, 100); }},
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
        std::printf("\n%-58s %10s\n", "console query at 1M jobs (median)", "ms");
        for (const Q &q : queries)
            std::printf("%-58s %10.3f\n", q.what, medianMs(repeat, q.run));
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
