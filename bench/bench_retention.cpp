// jobdesk-bench-retention: retention on a big PostgreSQL store, under load.
//
//   jobdesk-bench-retention --pg URL [--jobs 1000000] [--clients 8] [--seconds 15] [--cycles 3] [--batch 100]
//                           [--window-on 8] [--window-off 4] [--rest-ratio 1] [--autovacuum]
//
// Seeds --jobs jobs in bulk (bench/BenchSeed.h: ~99.5% decided, all past the
// retention), then, with --clients connections submitting throughout, one
// retention run archives and removes every decided job, and measures:
//   * submit throughput while removal batches run against the same clients
//     while the removal pauses between batches, in alternate windows
//     (--window-on / --window-off seconds; target: >= 0.8); and, for
//     reference, while the archive is written against the clients alone for
//     --seconds before and after the run;
//   * the longest any session waited for a lock during the run (sampled from
//     pg_stat_activity every 10 ms; target: <= 200 ms), and the removal
//     batches' durations, the time their row locks on jobs are held;
//   * table and index sizes after --cycles cycles (0: none) of "seed as many
//     again, remove them" against the size after the first (target: <= 1.2x;
//     the key tombstones, one compact row per removed key, grow by design and
//     are reported apart). Each cycle ends with VACUUM, as autovacuum would;
//     with --autovacuum the history tables get the settings docs/retention.md
//     gives and each cycle waits for autovacuum itself instead.
// --rest-ratio sets the run's pacing (RetentionPolicy::restRatio; 0: none),
// so its cost to the clients can be compared with and without it.
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

// --clients threads submitting new keys until `stop`; returns creates per
// second. Each create counts into `archiving` while `removing` is false, then
// into `off` while `paused`, else into `on` (both pointers null: all in `on`).
double submitRate(const StoreUrl &url, int clients, const std::atomic<bool> &stop, const char *tag, std::atomic<qint64> &archiving,
                  std::atomic<qint64> &on, std::atomic<qint64> &off, const std::atomic<bool> *removing = nullptr,
                  const std::atomic<bool> *paused = nullptr)
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
                if (!removing)
                    ++on;
                else if (!removing->load())
                    ++archiving;
                else if (paused->load())
                    ++off;
                else
                    ++on;
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

// docs/retention.md, "Autovacuum": vacuum after 2% of a table changed (one day
// of a 30-day retention removes 3.3%), keep the visibility map of the newest
// rows current, and the state estimates within 2%.
const char *const kAutovacuumSettings =
    "ALTER TABLE jobs SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02, "
    "autovacuum_analyze_scale_factor = 0.02);"
    "ALTER TABLE attempts SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02, "
    "autovacuum_analyze_scale_factor = 0.02);"
    "ALTER TABLE attempt_events SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);"
    "ALTER TABLE idempotency_events SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);"
    "ALTER TABLE race_losses SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);"
    "ALTER TABLE audit_log SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);"
    "ALTER TABLE attempt_contracts SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);";

// The tables each cycle removes rows from (the seed writes no audit rows or contracts).
const QStringList kVacuumed{QStringLiteral("jobs"), QStringLiteral("attempts"), QStringLiteral("attempt_events"),
                            QStringLiteral("idempotency_events"), QStringLiteral("race_losses")};

qint64 autovacuumCount(JobService &svc, const QString &table)
{
    return svc.session()
        .exec(QStringLiteral("SELECT coalesce((SELECT autovacuum_count FROM pg_stat_user_tables "
                             "WHERE schemaname = current_schema() AND relname = $1), 0)"),
              {table})
        .first().first().toLongLong();
}

// Whether autovacuum has nothing left to do on the table: its dead rows are
// under the threshold of kAutovacuumSettings.
bool underThreshold(JobService &svc, const QString &table)
{
    return svc.session()
        .exec(QStringLiteral("SELECT coalesce((SELECT n_dead_tup <= 50 + 0.02 * n_live_tup FROM pg_stat_user_tables "
                             "WHERE schemaname = current_schema() AND relname = $1), true)"),
              {table})
        .first().first().toBool();
}

// Waits (at most maxSeconds) until autovacuum has vacuumed every table in
// kVacuumed since `before` was read and left it under its threshold; returns
// the seconds it took.
double waitForAutovacuum(JobService &svc, const QList<qint64> &before, int maxSeconds)
{
    QElapsedTimer t;
    t.start();
    for (;;) {
        svc.session().exec(QStringLiteral("SELECT pg_stat_clear_snapshot()"));
        bool all = true;
        for (qsizetype i = 0; i < kVacuumed.size(); ++i)
            all = all && autovacuumCount(svc, kVacuumed.at(i)) > before.at(i) && underThreshold(svc, kVacuumed.at(i));
        if (all || t.elapsed() > qint64(maxSeconds) * 1000)
            return double(t.elapsed()) / 1000.0;
        std::this_thread::sleep_for(std::chrono::seconds(1)); // polling period
    }
}

QList<qint64> autovacuumCounts(JobService &svc)
{
    QList<qint64> out;
    for (const QString &table : kVacuumed)
        out.append(autovacuumCount(svc, table));
    return out;
}

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
    const QCommandLineOption windowOnOpt(QStringLiteral("window-on"), QStringLiteral("Seconds the removal runs in each window."),
                                         QStringLiteral("s"), QStringLiteral("8"));
    const QCommandLineOption windowOffOpt(QStringLiteral("window-off"), QStringLiteral("Seconds the removal pauses in each window."),
                                          QStringLiteral("s"), QStringLiteral("4"));
    const QCommandLineOption restOpt(QStringLiteral("rest-ratio"),
                                     QStringLiteral("The run's rest after each step, as a multiple of the step (RetentionPolicy::restRatio; default 1)."),
                                     QStringLiteral("r"), QStringLiteral("1"));
    const QCommandLineOption autovacuumOpt(
        QStringLiteral("autovacuum"),
        QStringLiteral("Give the history tables docs/retention.md's autovacuum settings and let autovacuum clean "
                       "after each cycle (its naptime set to 10 s on this server) instead of an explicit VACUUM."));
    p.addOptions({pgOpt, jobsOpt, clientsOpt, secondsOpt, cyclesOpt, batchOpt, windowOnOpt, windowOffOpt, restOpt, autovacuumOpt});
    p.process(app);
    if (!p.isSet(pgOpt)) {
        std::fprintf(stderr, "jobdesk-bench-retention: --pg URL is required (scripts/bench-retention.sh starts a server)\n");
        return 2;
    }
    const QString base = p.value(pgOpt);
    const qint64 jobs = p.value(jobsOpt).toLongLong();
    const int clients = std::max(1, p.value(clientsOpt).toInt());
    const int seconds = std::max(1, p.value(secondsOpt).toInt());
    const int cycles = std::max(0, p.value(cyclesOpt).toInt()); // 0: no size cycles
    const int windowOn = std::max(1, p.value(windowOnOpt).toInt());
    const int windowOff = std::max(1, p.value(windowOffOpt).toInt());
    const bool autovacuum = p.isSet(autovacuumOpt);
    try {
        const QString schema = QStringLiteral("bench_retention_") + QUuid::createUuid().toString(QUuid::Id128).left(6);
        JobService::open(StoreUrl::parse(base))->session().exec(QStringLiteral("CREATE SCHEMA ") + schema);
        const StoreUrl url = StoreUrl::parse(bench::schemaUrl(base, schema));
        auto svc = JobService::open(url);
        if (autovacuum) {
            svc->session().execScript(QString::fromLatin1(kAutovacuumSettings));
            // How soon autovacuum looks again, not what it does: the throwaway server only.
            svc->session().exec(QStringLiteral("ALTER SYSTEM SET autovacuum_naptime = '10s'"));
            svc->session().exec(QStringLiteral("SELECT pg_reload_conf()"));
        }
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
        policy.restRatio = std::clamp(p.value(restOpt).toDouble(), 0.0, 100.0);

        // 1. submit rate alone.
        const auto aloneFor = [&](const char *tag) {
            std::atomic<bool> stopAlone{false};
            std::thread timer([&] {
                std::this_thread::sleep_for(std::chrono::seconds(seconds)); // the measurement window, not synchronisation
                stopAlone = true;
            });
            std::atomic<qint64> n{0};
            const double rate = submitRate(url, clients, stopAlone, tag, n, n, n);
            timer.join();
            std::printf("submits alone (%s): %.1f/s (load average %s)\n", tag, rate, qPrintable(bench::loadAverage()));
            return rate;
        };
        const double aloneBefore = aloneFor("before");

        // 2. the same clients while retention archives and removes every decided
        // job. While it removes, it pauses between batches in alternate windows
        // (--window-on s running, --window-off s paused), so the submits with
        // and without removal are counted under the same neighbours' load.
        const QList<qint64> beforeRun = autovacuumCounts(*svc);
        std::atomic<bool> stop{false};
        std::atomic<bool> retentionDone{false};
        std::atomic<bool> removing{false}; // the archive is written; batches run
        std::atomic<bool> pauseWanted{false};
        std::atomic<bool> paused{false};
        std::atomic<qint64> longestLockWaitMs{0};
        std::atomic<qint64> createdArchiving{0}, createdOn{0}, createdOff{0};
        std::vector<qint64> batchMs;
        RetentionReport report;
        double retentionSeconds = 0, archiveSeconds = 0;
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
        // Time spent in each window kind, summed from 10 ms samples of the remover's state.
        double onSeconds = 0, offSeconds = 0;
        std::thread windows([&] {
            QElapsedTimer window, sample;
            window.start();
            sample.start();
            while (!retentionDone.load()) {
                std::this_thread::sleep_for(std::chrono::milliseconds(10)); // sampling period
                const double dt = double(sample.nsecsElapsed()) / 1e9;
                sample.restart();
                if (!removing.load()) {
                    window.restart();
                    continue;
                }
                (paused.load() ? offSeconds : onSeconds) += dt;
                if (window.elapsed() >= (pauseWanted.load() ? windowOff : windowOn) * 1000) {
                    pauseWanted = !pauseWanted.load();
                    window.restart();
                }
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
                    archiveSeconds = double(run.elapsed()) / 1000.0;
                    std::printf("retention: archive written in %.1f s (load average %s)\n", archiveSeconds,
                                qPrintable(bench::loadAverage()));
                    removing = true;
                }
                if (qstrcmp(phase, "batch") == 0) {
                    batchMs.push_back(batch.elapsed()); // one jd_retention_remove call: its row locks' hold
                }
                if (qstrcmp(phase, "rested") == 0) // the run's own pacing is not a batch's time
                    batch.restart();
                if (qstrcmp(phase, "archived") == 0 || qstrcmp(phase, "batch") == 0) {
                    // Between batches no transaction is open: pausing here holds no lock.
                    while (pauseWanted.load()) {
                        paused = true;
                        std::this_thread::sleep_for(std::chrono::milliseconds(5)); // polling period
                    }
                    paused = false;
                    batch.restart();
                }
            });
            retentionSeconds = double(run.elapsed()) / 1000.0;
            removing = false;
            retentionDone = true;
            stop = true;
            r.reset();
        });
        submitRate(url, clients, stop, "during", createdArchiving, createdOn, createdOff, &removing, &paused);
        remover.join();
        watcher.join();
        windows.join();
        const double aloneAfter = aloneFor("after");
        const double alone = (aloneBefore + aloneAfter) / 2;
        const double duringArchive = double(createdArchiving.load()) / std::max(0.001, archiveSeconds);
        const double removalOn = double(createdOn.load()) / std::max(0.001, onSeconds);
        const double removalOff = double(createdOff.load()) / std::max(0.001, offSeconds);
        std::sort(batchMs.begin(), batchMs.end());
        const auto pct = [&](double q) { return batchMs.empty() ? 0 : batchMs.at(std::min(batchMs.size() - 1, size_t(q * double(batchMs.size())))); };

        std::printf("\nretention under load (load average %s)\n%-66s %10s %10s %7s %s\n", qPrintable(bench::loadAverage()), "measurement",
                    "value", "baseline", "ratio", "target");
        std::printf("%-66s %10.1f %10.1f %7.2f %s\n", "submits/s while batches remove vs paused, alternate windows", removalOn, removalOff,
                    removalOff > 0 ? removalOn / removalOff : 0.0, ">= 0.8");
        std::printf("%-66s %10.1f %10.1f %7.2f %s\n", "submits/s while the archive is written vs alone (before+after)", duringArchive,
                    alone, alone > 0 ? duringArchive / alone : 0.0, "");
        std::printf("%-66s %10.1f %10.1f %7.2f\n", "submits/s alone after vs alone before", aloneAfter, aloneBefore,
                    aloneBefore > 0 ? aloneAfter / aloneBefore : 0.0);
        std::printf("%-66s %10lld %10s %7s %s\n", "longest lock wait of any session during the run (ms)",
                    static_cast<long long>(longestLockWaitMs.load()), "-", "-", "<= 200");
        std::printf("%-66s %10lld %10s %7s %s\n", "longest removal batch, its row locks' hold (ms)", static_cast<long long>(pct(1.0)),
                    "-", "-", "<= 200");
        std::printf("removal batches: %zu of %d jobs; p50 %lld ms, p99 %lld ms, max %lld ms; %.0f s removing, %.0f s paused\n",
                    batchMs.size(), policy.batchSize, static_cast<long long>(pct(0.5)), static_cast<long long>(pct(0.99)),
                    static_cast<long long>(pct(1.0)), onSeconds, offSeconds);
        std::printf("retention: %d selected, %d removed, %d kept in %.1f s (archive %.1f s; %.0f jobs/s removed while running), "
                    "archive %s\n",
                    report.selected, report.removed, report.kept, retentionSeconds, archiveSeconds,
                    report.removed / std::max(0.001, onSeconds), qPrintable(report.archives.value(0)));
        std::printf("RESULT retention jobs=%lld submit_ratio=%.2f lock_wait_ms=%lld batch_max_ms=%lld batch_p99_ms=%lld load=\"%s\"\n",
                    static_cast<long long>(jobs), removalOff > 0 ? removalOn / removalOff : 0.0,
                    static_cast<long long>(longestLockWaitMs.load()), static_cast<long long>(pct(1.0)),
                    static_cast<long long>(pct(0.99)), qPrintable(bench::loadAverage()));
        if (cycles == 0) {
            svc.reset();
            return 0;
        }

        // 3. sizes over cycles of seeding as many again and removing them.
        // After the run under load: as the cycles end.
        const auto cleanUp = [&](const QList<qint64> &before) {
            if (!autovacuum) {
                svc->session().exec(QStringLiteral("VACUUM"));
                return;
            }
            const double waited = waitForAutovacuum(*svc, before, 900);
            std::printf("autovacuum: every history table vacuumed %.0f s after the removal\n", waited);
        };
        cleanUp(beforeRun);
        qint64 firstSize = 0, firstTombstones = 0;
        for (int c = 1; c <= cycles; ++c) {
            // Past every id a job ever had (removed jobs' ids stay in their tombstones).
            const qint64 next = svc->session().exec(QStringLiteral("SELECT greatest((SELECT max(id) FROM jobs), "
                                                                   "(SELECT max(job_id) FROM key_tombstones)) + 1"))
                                    .first().first().toLongLong();
            bench::seed(*svc, jobs, next); // indexes maintained row by row: their growth is part of the figure
            policy.nowMs.reset();
            const QList<qint64> before = autovacuumCounts(*svc);
            const RetentionReport cycle = Retention(*svc).run(policy, QStringLiteral("bench"));
            cleanUp(before);
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
