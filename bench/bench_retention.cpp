// jobdesk-bench-retention: retention on a big PostgreSQL store, under load.
//
//   jobdesk-bench-retention --pg URL [--jobs 1000000] [--clients 8] [--seconds 15] [--cycles 3] [--batch 100]
//
// Seeds --jobs jobs in bulk (bench/BenchSeed.h: ~99.5% decided, all past the
// retention), then measures, each against a baseline in the same run:
//   * submit throughput of --clients connections while retention archives and
//     removes every decided job, against the same clients with no retention
//     (target: >= 0.8);
//   * the longest any session waited for a lock during the run, and the
//     longest removal batch (its row locks on jobs are held that long;
//     target: <= 200 ms);
//   * table and index sizes after --cycles cycles of "seed as many again,
//     remove them" against the size after the first (target: <= 1.2x; the
//     key tombstones, one compact row per removed key, grow by design and are
//     reported apart). Each cycle ends with VACUUM, as autovacuum would.
// Loopback only: the URL comes from scripts/bench-retention.sh's throwaway server.

#include "BenchSeed.h"
#include "service/JobService.h"
#include "service/Retention.h"
#include "store/SqlSession.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QUuid>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <thread>
#include <vector>

using namespace jobdesk;

namespace {

// --clients threads submitting new keys until `stop`; returns creates per second.
double submitRate(const StoreUrl &url, int clients, const std::atomic<bool> &stop, const char *tag)
{
    std::atomic<qint64> created{0};
    std::vector<std::thread> threads;
    QElapsedTimer t;
    t.start();
    for (int c = 0; c < clients; ++c)
        threads.emplace_back([&, c] {
            auto svc = JobService::open(url);
            for (qint64 i = 0; !stop.load(); ++i) {
                SubmitRequest r;
                r.ownerId = QStringLiteral("bench-%1").arg(c);
                r.idempotencyKey = QStringLiteral("%1-%2-%3").arg(QLatin1String(tag)).arg(c).arg(i);
                r.route = QStringLiteral("summarize");
                r.input = QJsonObject{{QStringLiteral("text"), QStringLiteral("order %1").arg(i)}};
                svc->submit(r);
                ++created;
            }
            svc.reset();
        });
    for (auto &th : threads)
        th.join();
    return double(created.load()) / (double(t.elapsed()) / 1000.0);
}

qint64 sizeOf(JobService &svc, const QString &tables)
{
    return svc.session()
        .exec(QStringLiteral("SELECT sum(pg_total_relation_size(t::regclass)) FROM unnest(string_to_array($1, ',')) t"), {tables})
        .first().first().toLongLong();
}

const QString kHistory = QStringLiteral("jobs,attempts,attempt_events,idempotency_events,race_losses,audit_log,attempt_contracts");

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // progress shows when the output goes to a file
    QCommandLineParser p;
    p.addHelpOption();
    const QCommandLineOption pgOpt(QStringLiteral("pg"), QStringLiteral("PostgreSQL base URL (loopback)."), QStringLiteral("url"));
    const QCommandLineOption jobsOpt(QStringLiteral("jobs"), QStringLiteral("Jobs seeded."), QStringLiteral("n"), QStringLiteral("1000000"));
    const QCommandLineOption clientsOpt(QStringLiteral("clients"), QStringLiteral("Submitting connections."), QStringLiteral("n"), QStringLiteral("8"));
    const QCommandLineOption secondsOpt(QStringLiteral("seconds"), QStringLiteral("Baseline submit time."), QStringLiteral("s"), QStringLiteral("15"));
    const QCommandLineOption cyclesOpt(QStringLiteral("cycles"), QStringLiteral("Seed-and-remove cycles for the sizes."), QStringLiteral("n"), QStringLiteral("3"));
    const QCommandLineOption batchOpt(QStringLiteral("batch"), QStringLiteral("Jobs per removal transaction."), QStringLiteral("n"), QStringLiteral("100"));
    p.addOptions({pgOpt, jobsOpt, clientsOpt, secondsOpt, cyclesOpt, batchOpt});
    p.process(app);
    if (!p.isSet(pgOpt)) {
        std::fprintf(stderr, "jobdesk-bench-retention: --pg URL is required (scripts/bench-retention.sh starts a server)\n");
        return 2;
    }
    const QString base = p.value(pgOpt);
    const qint64 jobs = p.value(jobsOpt).toLongLong();
    const int clients = std::max(1, p.value(clientsOpt).toInt());
    const int seconds = std::max(1, p.value(secondsOpt).toInt());
    const int cycles = std::max(1, p.value(cyclesOpt).toInt());
    try {
        const QString schema = QStringLiteral("bench_retention_") + QUuid::createUuid().toString(QUuid::Id128).left(6);
        JobService::open(StoreUrl::parse(base))->session().exec(QStringLiteral("CREATE SCHEMA ") + schema);
        const StoreUrl url = StoreUrl::parse(bench::schemaUrl(base, schema));
        auto svc = JobService::open(url);
        QElapsedTimer t;
        t.start();
        bench::seed(*svc, jobs, 1, bench::SeedIndexes::Rebuild);
        std::printf("seeded %lld jobs in %.1f s (load average %s)\n", static_cast<long long>(jobs), double(t.elapsed()) / 1000.0,
                    qPrintable(bench::loadAverage()));

        QTemporaryDir archives;
        RetentionPolicy policy;
        policy.archiveDir = archives.path();
        policy.maxJobsPerRun = int(std::min<qint64>(jobs, 100000000));
        policy.batchSize = std::max(1, p.value(batchOpt).toInt());

        // 1. submit rate alone.
        std::atomic<bool> stop{false};
        std::thread timer([&] {
            std::this_thread::sleep_for(std::chrono::seconds(seconds)); // the measurement window, not synchronisation
            stop = true;
        });
        const double alone = submitRate(url, clients, stop, "alone");
        timer.join();
        std::printf("submits alone: %.1f/s (load average %s)\n", alone, qPrintable(bench::loadAverage()));

        // 2. the same clients while retention removes every decided job.
        stop = false;
        std::atomic<bool> retentionDone{false};
        std::atomic<qint64> longestLockWaitMs{0};
        qint64 longestBatchMs = 0;
        RetentionReport report;
        double retentionSeconds = 0;
        std::thread watcher([&] {
            auto w = openSqlSession(url);
            while (!retentionDone.load()) {
                const qint64 ms = w->exec(QStringLiteral(
                                           "SELECT coalesce(max(extract(epoch FROM clock_timestamp() - state_change) * 1000), 0)::bigint "
                                           "FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()"))
                                      .first().first().toLongLong();
                longestLockWaitMs = std::max(longestLockWaitMs.load(), ms);
                std::this_thread::sleep_for(std::chrono::milliseconds(10)); // sampling period
            }
        });
        std::thread remover([&] {
            auto r = JobService::open(url);
            if (qEnvironmentVariableIsSet("JOBDESK_BENCH_EXPLAIN")) // the server log gets every slow statement's plan
                r->session().execScript(QStringLiteral("LOAD 'auto_explain'; SET auto_explain.log_min_duration = 50; "
                                                       "SET auto_explain.log_nested_statements = on; SET auto_explain.log_analyze = on"));
            QElapsedTimer run, batch;
            run.start();
            batch.start();
            report = Retention(*r).run(policy, QStringLiteral("bench"), false, [&](const char *phase) {
                if (qstrcmp(phase, "archived") == 0) {
                    std::printf("retention: archive written in %.1f s\n", double(run.elapsed()) / 1000.0);
                    batch.restart();
                }
                if (qstrcmp(phase, "batch") == 0) {
                    longestBatchMs = std::max(longestBatchMs, batch.elapsed());
                    batch.restart();
                }
            });
            retentionSeconds = double(run.elapsed()) / 1000.0;
            retentionDone = true;
            stop = true;
            r.reset();
        });
        const double during = submitRate(url, clients, stop, "during");
        remover.join();
        watcher.join();
        std::printf("submits during retention: %.1f/s (load average %s)\n", during, qPrintable(bench::loadAverage()));

        std::printf("\n%-64s %12s %12s %8s %s\n", "measurement", "value", "baseline", "ratio", "target");
        std::printf("%-64s %12.1f %12.1f %8.2f %s\n", "submits/s at 8 clients while retention runs vs without", during, alone,
                    alone > 0 ? during / alone : 0.0, ">= 0.8");
        std::printf("%-64s %12lld %12s %8s %s\n", "longest lock wait of any session during the run (ms)",
                    static_cast<long long>(longestLockWaitMs.load()), "-", "-", "<= 200");
        std::printf("%-64s %12lld %12s %8s %s\n", "longest removal batch, its row locks' hold (ms)", static_cast<long long>(longestBatchMs),
                    "-", "-", "<= 200");
        std::printf("retention: %d selected, %d removed, %d kept in %.1f s (%.0f jobs/s), archive %s\n", report.selected, report.removed,
                    report.kept, retentionSeconds, report.removed / std::max(0.001, retentionSeconds),
                    qPrintable(report.archives.value(0)));

        // 3. sizes over cycles of seeding as many again and removing them.
        svc->session().exec(QStringLiteral("VACUUM"));
        qint64 firstSize = 0, firstTombstones = 0;
        for (int c = 1; c <= cycles; ++c) {
            // Past every id a job ever had (removed jobs' ids stay in their tombstones).
            const qint64 next = svc->session().exec(QStringLiteral("SELECT greatest((SELECT max(id) FROM jobs), "
                                                                   "(SELECT max(job_id) FROM key_tombstones)) + 1"))
                                    .first().first().toLongLong();
            bench::seed(*svc, jobs, next); // indexes maintained row by row: their growth is part of the figure
            policy.nowMs.reset();
            const RetentionReport cycle = Retention(*svc).run(policy, QStringLiteral("bench"));
            svc->session().exec(QStringLiteral("VACUUM"));
            const qint64 size = sizeOf(*svc, kHistory);
            const qint64 tomb = sizeOf(*svc, QStringLiteral("key_tombstones"));
            if (c == 1) {
                firstSize = size;
                firstTombstones = tomb;
            }
            std::printf("cycle %d: removed %d; history tables and indexes %.1f MB, tombstones %.1f MB (load average %s)\n", c,
                        cycle.removed, double(size) / 1e6, double(tomb) / 1e6, qPrintable(bench::loadAverage()));
            std::fflush(stdout);
        }
        const qint64 lastSize = sizeOf(*svc, kHistory);
        std::printf("%-64s %12.1f %12.1f %8.2f %s\n", "history size after the last cycle vs after the first (MB)", double(lastSize) / 1e6,
                    double(firstSize) / 1e6, firstSize > 0 ? double(lastSize) / double(firstSize) : 0.0, "<= 1.2");
        std::printf("(key tombstones: %.1f MB after the first cycle, %.1f MB now: one row per removed key, kept by design)\n",
                    double(firstTombstones) / 1e6, double(sizeOf(*svc, QStringLiteral("key_tombstones"))) / 1e6);
        svc.reset();
    } catch (const std::exception &e) {
        std::fprintf(stderr, "jobdesk-bench-retention: %s\n", e.what());
        return 1;
    }
    return 0;
}
