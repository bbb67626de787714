// jobdesk-bench-store: the store's hot paths (submit, complete) measured
// against a raw single-statement baseline through the same driver, in the
// same run, at several connection counts. See bench/README.md.
//
//   jobdesk-bench-store --pg URL [--seconds S] [--ops N] [--conns 1,8,32]
//                       [--rounds R] [--sqlite-only | --pg-only] [--only OPS] [--keep-schemas]
//
// Every phase is bounded by an op count (total over all connections) AND a
// time limit, whichever comes first. Each connection is one std::thread with
// its own JobService (or its own raw connection); all of them are released
// together by a std::latch once they are connected. Preparation (schemas,
// migrations, jobs with a running attempt for the CAS) is never timed.

#include "domain/CanonicalJson.h"
#include "service/JobService.h"
#include "service/TakenKeys.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QUuid>

#include <pqxx/pqxx>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <concepts>
#include <csignal>
#include <cstring>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <initializer_list>
#include <latch>
#include <memory>
#include <mutex>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <sys/resource.h>
#include <unistd.h>

namespace {

using namespace jobdesk;
using Clock = std::chrono::steady_clock;

// ---- configuration -----------------------------------------------------------

struct Config
{
    QString pgUrl;
    double seconds = 10.0;
    qint64 ops = 20000;
    QList<int> conns{1, 8, 32};
    int rounds = 1;
    int prepConns = 8;
    bool runPg = true;
    bool runSqlite = true;
    bool keepSchemas = false;
    QStringList only; // operations to run (empty: all)
    qint64 clientOnly = 0; // > 0: only run this many hot-path sequences untimed (instruction counts under valgrind)
    bool wants(const QString &op) const { return only.isEmpty() || only.contains(op); }
};

// ---- one timed phase -----------------------------------------------------------

struct Measure
{
    qint64 ops = 0;        // operations that succeeded
    qint64 errors = 0;     // operations that threw or returned an unexpected outcome
    double seconds = 0;    // wall time from the release to the last thread's end
    double walBytes = -1;  // WAL written during the phase (PostgreSQL), -1 if unknown
    double clientCpuS = 0; // CPU time of this process (all threads) during the phase
    double serverCpuS = -1; // CPU time of the server backends serving the phase, -1 if unknown
    double statements = -1; // statements sent (PostgreSQL: round trips), -1 if unknown
    QString firstError;
    std::vector<float> latencyUs; // per successful op

    double opsPerS() const { return seconds > 0 ? double(ops) / seconds : 0.0; }
    double percentileUs(double p) const
    {
        if (latencyUs.empty())
            return 0.0;
        std::vector<float> v = latencyUs;
        const auto k = static_cast<size_t>(p * double(v.size() - 1));
        std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
        return double(v[k]);
    }
    double walPerOp() const { return walBytes >= 0 && ops > 0 ? walBytes / double(ops) : -1.0; }
    double clientUsPerOp() const { return ops > 0 ? clientCpuS * 1e6 / double(ops) : -1.0; }
    double serverUsPerOp() const { return serverCpuS >= 0 && ops > 0 ? serverCpuS * 1e6 / double(ops) : -1.0; }
    double statementsPerOp() const { return statements >= 0 && ops > 0 ? statements / double(ops) : -1.0; }
};

// CPU seconds (user + system) a local process has used, from /proc; -1 when
// the process is not visible (a remote server).
double processCpuSeconds(qint64 pid)
{
    if (pid <= 0)
        return -1;
    std::FILE *f = std::fopen(("/proc/" + std::to_string(pid) + "/stat").c_str(), "r");
    if (!f)
        return -1;
    char buf[1024];
    const size_t n = std::fread(buf, 1, sizeof buf - 1, f);
    std::fclose(f);
    buf[n] = 0;
    const char *p = std::strrchr(buf, ')'); // the command name may contain spaces
    if (!p)
        return -1;
    unsigned long long utime = 0, stime = 0;
    // after ")": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
    if (std::sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &utime, &stime) != 2)
        return -1;
    return double(utime + stime) / double(sysconf(_SC_CLK_TCK));
}

double selfCpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// One operation; `index` is unique in the phase (0 .. ops-1).
using OpFn = std::function<void(qint64 index)>;
// Statements a connection has sent so far (JobService: its session's count).
using SentFn = std::function<quint64()>;
// What a connection's setup returns: the operation, the process id of the
// server backend behind the connection (for its CPU time), if any, and how
// to count the statements it sends (none: one per operation, a raw baseline).
struct Worker
{
    template<typename F>
        requires std::invocable<F &, qint64>
    Worker(F f, qint64 pid = 0, SentFn sentFn = {}) : op(std::move(f)), serverPid(pid), sent(std::move(sentFn)) {}
    OpFn op;
    qint64 serverPid = 0;
    SentFn sent;
};

// A JobService's statement counter, for Worker.
SentFn sentBy(const std::shared_ptr<JobService> &svc)
{
    return [svc] { return svc->session().statementsSent(); };
}
// Runs in the worker thread before the release (untimed): opens the
// connection and returns the operation. The OpFn is destroyed in that thread
// too (a QSqlDatabase connection belongs to its thread).
using SetupFn = std::function<Worker(int thread)>;

Measure runTimed(int conns, qint64 ops, double seconds, const SetupFn &setup)
{
    struct PerThread
    {
        std::vector<float> latencyUs;
        qint64 done = 0;
        qint64 errors = 0;
        double serverCpuS = -1;
        double statements = -1;
        QString setupError;
        QString firstError;
    };
    std::vector<PerThread> per(static_cast<size_t>(conns));
    std::latch ready(conns);
    std::latch go(1);
    std::atomic<qint64> next{0};
    Clock::time_point deadline;

    std::vector<std::thread> threads;
    threads.reserve(static_cast<size_t>(conns));
    for (int t = 0; t < conns; ++t) {
        threads.emplace_back([&, t] {
            PerThread &me = per[static_cast<size_t>(t)];
            OpFn op;
            SentFn sent;
            qint64 pid = 0;
            try {
                Worker w = setup(t);
                op = std::move(w.op);
                sent = std::move(w.sent);
                pid = w.serverPid;
            } catch (const std::exception &e) {
                me.setupError = QString::fromUtf8(e.what());
            }
            ready.count_down();
            go.wait();
            const double cpu0 = processCpuSeconds(pid);
            const quint64 sent0 = sent ? sent() : 0;
            if (op) {
                me.latencyUs.reserve(static_cast<size_t>(std::min<qint64>(ops / conns + 16, 4'000'000)));
                for (;;) {
                    const qint64 i = next.fetch_add(1, std::memory_order_relaxed);
                    if (i >= ops)
                        break;
                    const auto start = Clock::now();
                    if (start >= deadline)
                        break;
                    try {
                        op(i);
                        ++me.done;
                        me.latencyUs.push_back(
                            std::chrono::duration<float, std::micro>(Clock::now() - start).count());
                    } catch (const std::exception &e) {
                        if (me.errors++ == 0)
                            me.firstError = QString::fromUtf8(e.what());
                    }
                }
            }
            const double cpu1 = processCpuSeconds(pid);
            if (cpu0 >= 0 && cpu1 >= 0)
                me.serverCpuS = cpu1 - cpu0;
            me.statements = sent ? double(sent() - sent0) : double(me.done + me.errors);
            sent = nullptr;
            op = nullptr; // close the connection in this thread
        });
    }
    ready.wait();
    const double selfCpu0 = selfCpuSeconds();
    const auto t0 = Clock::now();
    deadline = t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    go.count_down();
    for (auto &th : threads)
        th.join();
    const auto t1 = Clock::now();

    Measure m;
    m.seconds = std::chrono::duration<double>(t1 - t0).count();
    m.clientCpuS = selfCpuSeconds() - selfCpu0;
    bool serverKnown = true;
    double serverCpu = 0;
    for (PerThread &p : per) {
        if (!p.setupError.isEmpty())
            throw std::runtime_error("a connection could not be set up: " + p.setupError.toStdString());
        m.ops += p.done;
        m.errors += p.errors;
        if (m.firstError.isEmpty())
            m.firstError = p.firstError;
        m.latencyUs.insert(m.latencyUs.end(), p.latencyUs.begin(), p.latencyUs.end());
        serverKnown = serverKnown && p.serverCpuS >= 0;
        serverCpu += p.serverCpuS;
        m.statements = std::max(m.statements, 0.0) + std::max(p.statements, 0.0);
    }
    m.serverCpuS = serverKnown ? serverCpu : -1;
    return m;
}

// Runs `ops` operations with no time limit (preparation); throws on any error.
void runUntimed(int conns, qint64 ops, const SetupFn &setup, const char *what)
{
    const Measure m = runTimed(conns, ops, 1e9, setup);
    if (m.errors > 0 || m.ops != ops)
        throw std::runtime_error(std::string(what) + " failed (" + std::to_string(m.errors)
                                 + " errors): " + m.firstError.toStdString());
}

// ---- workload ------------------------------------------------------------------

const QString kOwner = QStringLiteral("bench-owner");
const QString kRoute = QStringLiteral("summarize");
// A 64-character stand-in: the raw baseline stores a fingerprint of the same
// size but does not compute one (JobService does, client side).
const QString kFakeFingerprint = QString(64, u'f');

QJsonObject intentInput(qint64 j)
{
    return QJsonObject{{QStringLiteral("document"), QStringLiteral("s3://bench/docs/%1.pdf").arg(j)},
                       {QStringLiteral("lang"), QStringLiteral("en")},
                       {QStringLiteral("max_tokens"), 256},
                       {QStringLiteral("prompt"), QStringLiteral("Summarise the document in five bullet points.")}};
}

QString intentInputText(qint64 j)
{
    return QString::fromUtf8(QJsonDocument(intentInput(j)).toJson(QJsonDocument::Compact));
}

const QJsonObject kClientMeta{{QStringLiteral("client"), QStringLiteral("bench")}};
const QString kClientMetaText = QStringLiteral("{\"client\":\"bench\"}");

QByteArray resultPayload(qint64 i)
{
    return QStringLiteral("{\"summary\":[\"point one\",\"point two\",\"point three\"],\"tokens\":%1,\"model\":\"bench-1\"}")
        .arg(100 + i % 900)
        .toUtf8();
}

// The key sequence of a "50% replays" phase: each connection alternates a
// new key with a repeat of a key it has already submitted (committed), with
// the same intent. Returns the intent index to submit and whether it is new.
class ReplayMix
{
public:
    explicit ReplayMix(int thread) : m_rng(static_cast<unsigned>(0x9e3779b9u ^ static_cast<unsigned>(thread))) {}
    std::pair<qint64, bool> next(qint64 index, bool replay50)
    {
        const bool replay = replay50 && (m_calls++ % 2 == 1) && !m_created.empty();
        if (!replay) {
            m_created.push_back(index);
            return {index, true};
        }
        std::uniform_int_distribution<size_t> pick(0, m_created.size() - 1);
        return {m_created[pick(m_rng)], false};
    }

private:
    std::minstd_rand m_rng;
    std::vector<qint64> m_created;
    qint64 m_calls = 0;
};

// As ReplayMix, but each connection repeats keys the next connection
// submitted: a replay that reaches JobService on another connection than the
// one that created the job (a JobService sends the replay statement first
// only for keys it has seen taken itself).
class CrossReplayMix
{
public:
    explicit CrossReplayMix(int conns)
        : m_created(static_cast<size_t>(conns)), m_taken(static_cast<size_t>(conns), 0), m_locks(static_cast<size_t>(conns))
    {
    }
    // Each key is repeated once, by the previous connection, in the order the
    // next connection created them: a connection never repeats a key it has
    // seen before (the worst case for JobService's hint).
    std::pair<qint64, bool> next(int thread, qint64 index, qint64 call)
    {
        const size_t other = (static_cast<size_t>(thread) + 1) % m_created.size();
        if (call % 2 == 1) {
            std::lock_guard lock(m_locks[other]);
            if (m_taken[other] < m_created[other].size())
                return {m_created[other][m_taken[other]++], false};
        }
        return {index, true};
    }
    // After the job's creation committed: from now on another connection may repeat it.
    void created(int thread, qint64 index)
    {
        std::lock_guard lock(m_locks[static_cast<size_t>(thread)]);
        m_created[static_cast<size_t>(thread)].push_back(index);
    }

private:
    std::vector<std::vector<qint64>> m_created;
    std::vector<size_t> m_taken; // how many of each connection's keys were repeated (guarded by its lock)
    std::vector<std::mutex> m_locks;
};

QString keyFor(const QString &prefix, qint64 j)
{
    return prefix + u'-' + QString::number(j);
}

SubmitRequest submitRequest(const QString &keyPrefix, qint64 j)
{
    SubmitRequest r;
    r.ownerId = kOwner;
    r.idempotencyKey = keyFor(keyPrefix, j);
    r.route = kRoute;
    r.input = intentInput(j);
    r.clientMeta = kClientMeta;
    return r;
}

// A job with a started and running attempt, through the public API (untimed).
qint64 prepareRunning(JobService &svc, qint64 i)
{
    const SubmitResult s = svc.submit(submitRequest(QStringLiteral("c"), i));
    StartAttemptRequest start;
    start.jobId = s.job.id;
    start.provider = QStringLiteral("primary");
    start.requestId = QStringLiteral("start-%1").arg(i);
    start.workerId = QStringLiteral("bench-worker");
    start.leaseMs = 3'600'000;
    svc.claimJob(s.job.id, start.workerId, 3'600'000); // an attempt starts only under its worker's claim
    const StartAttemptResult a = svc.startAttempt(start);
    if (!a.started)
        throw std::runtime_error("the attempt was refused: " + a.refusal.message.toStdString());
    svc.markRunning(a.attempt.id, Actor::worker(QStringLiteral("bench-worker")));
    return a.attempt.id;
}

// ---- result rows -----------------------------------------------------------------

// One baseline of an operation: its median round and the median of the
// per-round ratios (service / baseline in the same round).
struct Baseline
{
    QString name;
    Measure m;
    double ratio = 0;
    double target = 0; // the ratio this operation must reach against this baseline (0: none, a reference only)
    // The baseline's CPU per call (client + server) over the operation's,
    // median of the rounds (-1: not measured, e.g. a remote server). Steadier
    // than throughput on a shared machine: a neighbour's load slows both.
    double cpuRatio = -1;
};

struct Row
{
    QString store; // "pg" / "sqlite"
    int conns = 1;
    QString op;
    Measure svc; // the median round
    QList<Baseline> baselines;
};

// A baseline phase to run beside the service.
struct BaselineFn
{
    QString name;
    std::function<Measure()> run;
    double target = 0;
};

Measure medianOf(std::vector<Measure> runs)
{
    std::sort(runs.begin(), runs.end(), [](const Measure &a, const Measure &b) { return a.opsPerS() < b.opsPerS(); });
    return std::move(runs[runs.size() / 2]);
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.size() % 2 == 1 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

void progress(const Row &r);

// Runs the service and its baselines `rounds` times back to back,
// alternating the order (baselines first, then the service first), so slow
// drifts of the machine (disk, neighbours) hit both alike. Reports the median
// round of each and the median of the per-round ratios.
Row measureRow(const QString &store, int conns, const QString &op, int rounds, const std::function<Measure()> &svc,
               const QList<BaselineFn> &bases)
{
    std::vector<Measure> s;
    std::vector<std::vector<Measure>> b(static_cast<size_t>(bases.size()));
    std::vector<std::vector<double>> ratios(static_cast<size_t>(bases.size()));
    std::vector<std::vector<double>> cpuRatios(static_cast<size_t>(bases.size()));
    const auto cpuPerOp = [](const Measure &m) {
        return m.clientUsPerOp() < 0 || m.serverUsPerOp() < 0 ? -1.0 : m.clientUsPerOp() + m.serverUsPerOp();
    };
    for (int r = 0; r < rounds; ++r) {
        if (r % 2 == 1)
            s.push_back(svc());
        for (qsizetype k = 0; k < bases.size(); ++k)
            b[static_cast<size_t>(k)].push_back(bases[k].run());
        if (r % 2 == 0)
            s.push_back(svc());
        QString line = QStringLiteral("    round %1: %2 %3 ops/s").arg(r + 1).arg(op).arg(s.back().opsPerS(), 0, 'f', 0);
        for (qsizetype k = 0; k < bases.size(); ++k) {
            const Measure &bm = b[static_cast<size_t>(k)].back();
            ratios[static_cast<size_t>(k)].push_back(bm.opsPerS() > 0 ? s.back().opsPerS() / bm.opsPerS() : 0.0);
            if (cpuPerOp(bm) > 0 && cpuPerOp(s.back()) > 0)
                cpuRatios[static_cast<size_t>(k)].push_back(cpuPerOp(bm) / cpuPerOp(s.back()));
            line += QStringLiteral(", %1 %2 ops/s (ratio %3)")
                        .arg(bases[k].name)
                        .arg(bm.opsPerS(), 0, 'f', 0)
                        .arg(ratios[static_cast<size_t>(k)].back(), 0, 'f', 2);
        }
        if (rounds > 1)
            std::fprintf(stderr, "%s\n", qPrintable(line));
    }
    Row row{store, conns, op, medianOf(std::move(s)), {}};
    for (qsizetype k = 0; k < bases.size(); ++k)
        row.baselines.append(Baseline{bases[k].name, medianOf(std::move(b[static_cast<size_t>(k)])),
                                      median(ratios[static_cast<size_t>(k)]), bases[k].target,
                                      cpuRatios[static_cast<size_t>(k)].empty() ? -1.0
                                                                                : median(cpuRatios[static_cast<size_t>(k)])});
    progress(row);
    return row;
}

void progress(const Row &r)
{
    for (const Baseline &b : r.baselines)
        std::fprintf(stderr, "  %-6s conns=%-2d %-16s %9.0f ops/s  | %-18s %9.0f ops/s | ratio %.2f\n",
                     qPrintable(r.store), r.conns, qPrintable(r.op), r.svc.opsPerS(), qPrintable(b.name), b.m.opsPerS(),
                     b.ratio);
    QList<const Measure *> all{&r.svc};
    for (const Baseline &b : r.baselines)
        all.append(&b.m);
    for (const Measure *m : all)
        if (m->errors > 0)
            std::fprintf(stderr, "    WARNING: %lld errors, first: %s\n", static_cast<long long>(m->errors),
                         qPrintable(m->firstError));
}

QString perOp(double v, int decimals = 0)
{
    return v < 0 ? QStringLiteral("-") : QString::number(v, 'f', decimals);
}

void printTable(const QList<Row> &rows, const Config &cfg)
{
    std::printf("\nJobDesk store benchmark: each phase %.0f s or %lld ops (whichever first)%s\n", cfg.seconds,
                static_cast<long long>(cfg.ops),
                cfg.rounds > 1 ? qPrintable(QStringLiteral(", median of %1 rounds").arg(cfg.rounds)) : "");
    std::printf("ops/s: successful operations per wall-clock second over all connections.\n"
                "ratio: JobService / raw baseline through the same driver, prepared (median of the per-round ratios).\n\n");
    std::printf("%-6s %5s  %-16s %9s   %-18s %9s  %6s\n", "store", "conns", "operation", "ops/s", "baseline", "ops/s",
                "ratio");
    std::printf("%s\n", std::string(70, '-').c_str());
    for (const Row &r : rows)
        for (const Baseline &b : r.baselines)
            std::printf("%-6s %5d  %-16s %9.0f   %-18s %9.0f  %6.2f%s\n", qPrintable(r.store), r.conns, qPrintable(r.op),
                        r.svc.opsPerS(), qPrintable(b.name), b.m.opsPerS(), b.ratio,
                        r.svc.errors + b.m.errors > 0 ? "  (errors!)" : "");

    std::printf("\nCost per operation (the median round): latency per call in us; CPU us per op of this process\n"
                "(client: JobService or the raw driver, and SQLite itself) and of the PostgreSQL backends serving\n"
                "the connections (- when the server is not local); bytes of WAL per op; statements sent per op\n"
                "(PostgreSQL: round trips; SQLite: statements stepped in process).\n\n");
    std::printf("%-6s %5s  %-18s %9s %7s %7s %8s %8s %7s %6s %7s\n", "store", "conns", "variant", "ops/s", "p50us",
                "p99us", "cli_us", "srv_us", "WAL_B", "stmts", "errors");
    std::printf("%s\n", std::string(101, '-').c_str());
    for (const Row &r : rows) {
        QList<std::pair<QString, const Measure *>> lines{{r.op, &r.svc}};
        for (const Baseline &b : r.baselines)
            lines.append({b.name, &b.m});
        for (const auto &[name, m] : lines)
            std::printf("%-6s %5d  %-18s %9.0f %7.0f %7.0f %8s %8s %7s %6s %7lld\n", qPrintable(r.store), r.conns,
                        qPrintable(name), m->opsPerS(), m->percentileUs(0.50), m->percentileUs(0.99),
                        qPrintable(perOp(m->clientUsPerOp())), qPrintable(perOp(m->serverUsPerOp())),
                        qPrintable(perOp(m->walPerOp())), qPrintable(perOp(m->statementsPerOp(), 2)),
                        static_cast<long long>(m->errors));
    }
    std::printf("\n");
    for (const Row &r : rows)
        for (const Baseline &b : r.baselines)
            std::printf("RESULT %s conns=%d op=%s ops_per_s=%.0f baseline_ops_per_s=%.0f ratio=%.3f baseline=%s "
                        "p50_us=%.0f p99_us=%.0f baseline_p50_us=%.0f baseline_p99_us=%.0f cli_us=%s srv_us=%s "
                        "wal_b=%s stmts=%s baseline_cli_us=%s baseline_srv_us=%s baseline_wal_b=%s cpu_ratio=%s errors=%lld\n",
                        qPrintable(r.store), r.conns, qPrintable(r.op), r.svc.opsPerS(), b.m.opsPerS(), b.ratio,
                        qPrintable(b.name), r.svc.percentileUs(0.50), r.svc.percentileUs(0.99), b.m.percentileUs(0.50),
                        b.m.percentileUs(0.99), qPrintable(perOp(r.svc.clientUsPerOp())),
                        qPrintable(perOp(r.svc.serverUsPerOp())), qPrintable(perOp(r.svc.walPerOp())),
                        qPrintable(perOp(r.svc.statementsPerOp(), 2)), qPrintable(perOp(b.m.clientUsPerOp())),
                        qPrintable(perOp(b.m.serverUsPerOp())), qPrintable(perOp(b.m.walPerOp())),
                        qPrintable(perOp(b.cpuRatio, 3)), static_cast<long long>(r.svc.errors + b.m.errors));
    bool any = false;
    for (const Row &r : rows) {
        if (r.store != QStringLiteral("pg") || r.conns != 8)
            continue;
        for (const Baseline &b : r.baselines) {
            if (b.target <= 0)
                continue;
            if (!any)
                std::printf("\nTargets (PostgreSQL, 8 connections):\n");
            any = true;
            std::printf("  %-16s / %-18s ratio %.2f  (target >= %.2f)  %s%s\n", qPrintable(r.op), qPrintable(b.name),
                        b.ratio, b.target, b.ratio >= b.target ? "MET" : "MISSED",
                        b.cpuRatio > 0 ? qPrintable(QStringLiteral("; CPU per call: the baseline's %1 of this operation's")
                                                        .arg(b.cpuRatio, 0, 'f', 2))
                                       : "");
        }
    }
    std::fflush(stdout);
}

// ---- PostgreSQL ----------------------------------------------------------------

class PgBench
{
public:
    explicit PgBench(const Config &cfg)
        : m_cfg(cfg), m_base(cfg.pgUrl.toStdString()), m_admin(m_base),
          m_tag(QStringLiteral("jdbench_%1_").arg(QUuid::createUuid().toString(QUuid::Id128).left(8)))
    {
        pqxx::nontransaction tx(m_admin);
        tx.exec("SET client_min_messages = warning");
        const pqxx::row v = tx.exec1("SELECT current_setting('server_version'), current_setting('fsync'), "
                                     "current_setting('synchronous_commit'), current_setting('full_page_writes'), "
                                     "current_setting('shared_buffers'), current_setting('wal_sync_method')");
        std::fprintf(stderr, "PostgreSQL %s: fsync=%s synchronous_commit=%s full_page_writes=%s shared_buffers=%s wal_sync_method=%s\n",
                     v[0].c_str(), v[1].c_str(), v[2].c_str(), v[3].c_str(), v[4].c_str(), v[5].c_str());
        if (std::string(v[1].c_str()) != "on" || std::string(v[2].c_str()) == "off")
            std::fprintf(stderr, "WARNING: fsync or synchronous_commit is off: commit figures are not honest\n");
    }

    ~PgBench()
    {
        for (const QString &s : std::as_const(m_schemas))
            dropSchema(s);
    }

    // The targets of issue 10 (at 8 connections): submit >= 0.85 of a prepared
    // raw insert; submit with 50% replays >= 0.6 of its baseline; complete >=
    // 0.7 of one prepared statement doing the same writes without the guards.
    void run(QList<Row> &rows)
    {
        if (m_cfg.clientOnly > 0) {
            clientOnly(m_cfg.clientOnly);
            return;
        }
        for (const int conns : m_cfg.conns) {
            if (m_cfg.wants(QStringLiteral("submit_unique")))
                rows.append(measureRow(QStringLiteral("pg"), conns, QStringLiteral("submit_unique"), m_cfg.rounds,
                                       [&] { return svcSubmit(conns, false); },
                                       {{QStringLiteral("insert_unique"), [&] { return baseInsert(conns, false); }, 0.85},
                                        {QStringLiteral("same_shape_unique"), [&] { return baseSameShape(conns, false); }, 0}}));
            if (m_cfg.wants(QStringLiteral("submit_replay50")))
                rows.append(measureRow(QStringLiteral("pg"), conns, QStringLiteral("submit_replay50"), m_cfg.rounds,
                                       [&] { return svcSubmit(conns, true); },
                                       {{QStringLiteral("insert_replay50"), [&] { return baseInsert(conns, true); }, 0.6},
                                        {QStringLiteral("same_shape_replay50"), [&] { return baseSameShape(conns, true); }, 0}}));
            if (m_cfg.wants(QStringLiteral("submit_replay50_other")))
                rows.append(measureRow(QStringLiteral("pg"), conns, QStringLiteral("submit_replay50_other"), m_cfg.rounds,
                                       [&] { return svcSubmitCross(conns, false); },
                                       {{QStringLiteral("insert_replay50"), [&] { return baseInsert(conns, true); }, 0}}));
            if (m_cfg.wants(QStringLiteral("submit_replay50_shared")))
                rows.append(measureRow(QStringLiteral("pg"), conns, QStringLiteral("submit_replay50_shared"), m_cfg.rounds,
                                       [&] { return svcSubmitCross(conns, true); },
                                       {{QStringLiteral("insert_replay50"), [&] { return baseInsert(conns, true); }, 0}}));
            if (m_cfg.wants(QStringLiteral("complete")))
                rows.append(measureRow(QStringLiteral("pg"), conns, QStringLiteral("complete"), m_cfg.rounds,
                                       [&] { return svcComplete(conns); },
                                       {{QStringLiteral("cte_same_writes"), [&] { return baseSameWrites(conns); }, 0.7},
                                        {QStringLiteral("update_cas_bare"), [&] { return baseUpdate(conns); }, 0}}));
        }
    }

private:
    QString newSchema()
    {
        const QString name = m_tag + QString::number(++m_seq);
        pqxx::nontransaction tx(m_admin);
        tx.exec("CREATE SCHEMA " + name.toStdString());
        m_schemas.append(name);
        return name;
    }

    void dropSchema(const QString &name)
    {
        if (m_cfg.keepSchemas)
            return;
        try {
            pqxx::nontransaction tx(m_admin);
            tx.exec("DROP SCHEMA IF EXISTS " + name.toStdString() + " CASCADE");
        } catch (const std::exception &e) {
            std::fprintf(stderr, "WARNING: could not drop schema %s: %s\n", qPrintable(name), e.what());
        }
    }

    void finish(const QString &schema)
    {
        dropSchema(schema);
        if (!m_cfg.keepSchemas)
            m_schemas.removeAll(schema);
    }

    // The base URL with search_path set to `schema`.
    QString urlFor(const QString &schema) const
    {
        if (m_cfg.pgUrl.contains(QStringLiteral("://"))) {
            const QString sep = m_cfg.pgUrl.contains(u'?') ? QStringLiteral("&") : QStringLiteral("?");
            return m_cfg.pgUrl + sep + QStringLiteral("options=-csearch_path%3D") + schema;
        }
        return m_cfg.pgUrl + QStringLiteral(" options='-csearch_path=") + schema + u'\'';
    }

    // Every timed phase starts right after a checkpoint, so each pays the
    // same full-page-image cost for the pages it touches first.
    void checkpoint()
    {
        try {
            pqxx::nontransaction tx(m_admin);
            tx.exec("CHECKPOINT");
        } catch (const std::exception &e) {
            if (!m_checkpointWarned)
                std::fprintf(stderr, "NOTE: CHECKPOINT not allowed (%s); phases start without one\n", e.what());
            m_checkpointWarned = true;
        }
    }

    void vacuum(const QString &schema, const QStringList &tables)
    {
        QStringList qualified;
        for (const QString &t : tables)
            qualified.append(schema + u'.' + t);
        pqxx::nontransaction tx(m_admin);
        tx.exec("VACUUM (ANALYZE) " + qualified.join(QStringLiteral(", ")).toStdString());
    }

    std::string walLsn()
    {
        pqxx::nontransaction tx(m_admin);
        return tx.exec1("SELECT pg_current_wal_insert_lsn()::text")[0].c_str();
    }

    double walSince(const std::string &lsn)
    {
        pqxx::nontransaction tx(m_admin);
        return tx.exec_params1("SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1::pg_lsn)", lsn)[0].as<double>();
    }

    Measure timed(int conns, const SetupFn &setup)
    {
        checkpoint();
        const std::string lsn = walLsn();
        Measure m = runTimed(conns, m_cfg.ops, m_cfg.seconds, setup);
        m.walBytes = walSince(lsn);
        return m;
    }

    static qint64 backendPid(JobService &svc)
    {
        return svc.session().exec(QStringLiteral("SELECT pg_backend_pid()")).first().first().toLongLong();
    }

    // A fresh schema migrated by JobService (untimed).
    QString migratedSchema()
    {
        const QString schema = newSchema();
        JobService::open(StoreUrl{Dialect::Postgres, {}, urlFor(schema)});
        // Measurement only: what a change to the schema would cost or save,
        // without a migration (bench/README.md, "The store").
        if (const QByteArray sql = qgetenv("JOBDESK_BENCH_PG_AFTER_MIGRATE"); !sql.isEmpty()) {
            std::fprintf(stderr, "WARNING: the schema is changed after its migrations (JOBDESK_BENCH_PG_AFTER_MIGRATE): %s\n",
                         sql.constData());
            pqxx::connection c(urlFor(schema).toStdString());
            pqxx::nontransaction tx(c);
            tx.exec(sql.toStdString());
        }
        return schema;
    }

    // The baseline: the same unique index (owner_id, idempotency_key) and the
    // same user-supplied columns (jsonb input and client metadata), nothing else.
    QString baselineSchema()
    {
        const QString schema = newSchema();
        pqxx::connection c(urlFor(schema).toStdString());
        pqxx::nontransaction tx(c);
        tx.exec("CREATE TABLE jobs_base ("
                " id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,"
                " owner_id text NOT NULL,"
                " idempotency_key text NOT NULL,"
                " fingerprint text NOT NULL,"
                " route text NOT NULL,"
                " input jsonb NOT NULL,"
                " client_meta jsonb NOT NULL,"
                " result jsonb,"
                " version bigint NOT NULL DEFAULT 0,"
                " CONSTRAINT jobs_base_one_per_intent UNIQUE (owner_id, idempotency_key))");
        return schema;
    }

    Measure svcSubmit(int conns, bool replay50)
    {
        const QString schema = migratedSchema();
        const StoreUrl url{Dialect::Postgres, {}, urlFor(schema)};
        const QString prefix = replay50 ? QStringLiteral("r") : QStringLiteral("u");
        Measure m = timed(conns, [&](int t) -> Worker {
            std::shared_ptr<JobService> svc = JobService::open(url);
            auto mix = std::make_shared<ReplayMix>(t);
            return Worker([svc, mix, prefix, replay50](qint64 i) {
                const auto [j, fresh] = mix->next(i, replay50);
                const SubmitResult r = svc->submit(submitRequest(prefix, j));
                if (r.outcome != (fresh ? SubmitResult::Outcome::Created : SubmitResult::Outcome::Replayed))
                    throw std::runtime_error("unexpected submit outcome " + toText(r.outcome).toStdString());
            }, backendPid(*svc), sentBy(svc));
        });
        finish(schema);
        return m;
    }

    // submit_replay50 with every replay on another connection than the one
    // that created the job (a reference, not a target).
    // Every replay on a connection that has not seen its key; shareHint: the
    // connections share one table of keys seen taken (TakenKeys), as the
    // server's handler threads do, else each keeps its own (other processes).
    Measure svcSubmitCross(int conns, bool shareHint)
    {
        const QString schema = migratedSchema();
        const StoreUrl url{Dialect::Postgres, {}, urlFor(schema)};
        auto mix = std::make_shared<CrossReplayMix>(conns);
        JobService::Options options;
        if (shareHint)
            options.takenKeys = std::make_shared<TakenKeys>();
        Measure m = timed(conns, [&](int t) -> Worker {
            std::shared_ptr<JobService> svc = JobService::open(url, options);
            auto calls = std::make_shared<qint64>(0);
            return Worker([svc, mix, calls, t](qint64 i) {
                const auto [j, fresh] = mix->next(t, i, (*calls)++);
                const SubmitResult r = svc->submit(submitRequest(QStringLiteral("x"), j));
                if (r.outcome != (fresh ? SubmitResult::Outcome::Created : SubmitResult::Outcome::Replayed))
                    throw std::runtime_error("unexpected submit outcome " + toText(r.outcome).toStdString());
                if (fresh)
                    mix->created(t, j);
            }, backendPid(*svc), sentBy(svc));
        });
        finish(schema);
        return m;
    }

    Measure baseInsert(int conns, bool replay50)
    {
        const QString schema = baselineSchema();
        const std::string url = urlFor(schema).toStdString();
        const QString prefix = replay50 ? QStringLiteral("r") : QStringLiteral("u");
        Measure m = timed(conns, [&](int t) -> Worker {
            auto conn = std::make_shared<pqxx::connection>(url);
            // Prepared once per connection, as a raw caller who cares would.
            conn->prepare("insert", "INSERT INTO jobs_base (owner_id, idempotency_key, fingerprint, route, input, client_meta) "
                                    "VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb) "
                                    "ON CONFLICT (owner_id, idempotency_key) DO NOTHING RETURNING id");
            auto mix = std::make_shared<ReplayMix>(t);
            return Worker([conn, mix, prefix, replay50](qint64 i) {
                const auto [j, fresh] = mix->next(i, replay50);
                pqxx::nontransaction tx(*conn);
                const pqxx::result r = tx.exec_prepared(
                    "insert", kOwner.toStdString(), keyFor(prefix, j).toStdString(), kFakeFingerprint.toStdString(),
                    kRoute.toStdString(), intentInputText(j).toStdString(), kClientMetaText.toStdString());
                if (r.size() != (fresh ? 1u : 0u))
                    throw std::runtime_error("unexpected insert result");
            }, conn->backendpid());
        });
        finish(schema);
        return m;
    }

    Measure svcComplete(int conns)
    {
        const QString schema = migratedSchema();
        const StoreUrl url{Dialect::Postgres, {}, urlFor(schema)};
        // Untimed: N jobs, each with a started and running attempt.
        std::vector<qint64> attempts(static_cast<size_t>(m_cfg.ops), 0);
        runUntimed(m_cfg.prepConns, m_cfg.ops, [&](int) -> Worker {
            std::shared_ptr<JobService> svc = JobService::open(url);
            return [svc, &attempts](qint64 i) { attempts[static_cast<size_t>(i)] = prepareRunning(*svc, i); };
        }, "preparing running attempts");
        vacuum(schema, {QStringLiteral("jobs"), QStringLiteral("attempts"), QStringLiteral("attempt_events")});
        Measure m = timed(conns, [&](int t) -> Worker {
            std::shared_ptr<JobService> svc = JobService::open(url);
            const Actor actor = Actor::worker(QStringLiteral("bench-%1").arg(t));
            return Worker([svc, actor, &attempts](qint64 i) {
                const CompleteResult r = svc->complete(attempts[static_cast<size_t>(i)], resultPayload(i), actor);
                if (r.outcome != CompleteResult::Outcome::Won || r.replayed)
                    throw std::runtime_error("the CAS did not win");
            }, backendPid(*svc), sentBy(svc));
        });
        finish(schema);
        return m;
    }

    Measure baseUpdate(int conns)
    {
        const QString schema = baselineSchema();
        const std::string url = urlFor(schema).toStdString();
        {
            pqxx::connection c(url);
            pqxx::nontransaction tx(c);
            tx.exec_params("INSERT INTO jobs_base (owner_id, idempotency_key, fingerprint, route, input, client_meta) "
                           "SELECT $1, 'c-' || g, $2, $3, jsonb_build_object('document', 's3://bench/docs/' || g || '.pdf', "
                           "'lang', 'en', 'max_tokens', 256, 'prompt', 'Summarise the document in five bullet points.'), "
                           "$4::jsonb FROM generate_series(1, $5) g",
                           kOwner.toStdString(), kFakeFingerprint.toStdString(), kRoute.toStdString(),
                           kClientMetaText.toStdString(), m_cfg.ops);
        }
        vacuum(schema, {QStringLiteral("jobs_base")});
        Measure m = timed(conns, [&](int) -> Worker {
            auto conn = std::make_shared<pqxx::connection>(url);
            conn->prepare("cas", "UPDATE jobs_base SET result = $2::jsonb, version = version + 1 WHERE id = $1 AND version = $3");
            return Worker([conn](qint64 i) {
                pqxx::nontransaction tx(*conn);
                const pqxx::result r = tx.exec_prepared("cas", i + 1, resultPayload(i).toStdString(), 0);
                if (r.affected_rows() != 1)
                    throw std::runtime_error("the baseline CAS matched no row");
            }, conn->backendpid());
        });
        finish(schema);
        return m;
    }

    // Copies of the store's tables (name + "_sw") with the same columns,
    // defaults, indexes and storage settings, but none of the guards: no
    // CHECK constraints, domain rules, foreign keys or triggers.
    static void copyWithoutGuards(pqxx::nontransaction &tx, std::initializer_list<const char *> tables)
    {
        for (const char *t : tables) {
            tx.exec(std::string("CREATE TABLE ") + t + "_sw (LIKE " + t
                    + " INCLUDING DEFAULTS INCLUDING IDENTITY INCLUDING INDEXES)");
            // The same storage settings (fillfactor) as the store's table.
            const std::string options =
                tx.exec_params1("SELECT coalesce(array_to_string(reloptions, ', '), '') FROM pg_class WHERE oid = $1::regclass",
                                std::string(t))[0]
                    .c_str();
            if (!options.empty())
                tx.exec(std::string("ALTER TABLE ") + t + "_sw SET (" + options + ")");
            // Columns of a domain type (a length or range rule) get the plain base type: no guards.
            const pqxx::result domains = tx.exec_params(
                "SELECT quote_ident(a.attname), format_type(d.typbasetype, d.typtypmod) FROM pg_attribute a "
                "JOIN pg_type d ON d.oid = a.atttypid WHERE a.attrelid = $1::regclass AND d.typtype = 'd' "
                "AND a.attnum > 0 AND NOT a.attisdropped",
                std::string(t) + "_sw");
            for (const auto &col : domains)
                tx.exec(std::string("ALTER TABLE ") + t + "_sw ALTER COLUMN " + col[0].c_str() + " TYPE " + col[1].c_str());
        }
    }

    // Untimed, for instruction counts of the client under valgrind: the
    // hot paths of one connection, one after the other (submit, start,
    // mark running, complete), nothing timed, no baseline.
    void clientOnly(qint64 ops)
    {
        const QString schema = migratedSchema();
        const StoreUrl url{Dialect::Postgres, {}, urlFor(schema)};
        runUntimed(1, ops, [&](int) -> Worker {
            std::shared_ptr<JobService> svc = JobService::open(url);
            return [svc](qint64 i) {
                const qint64 attempt = prepareRunning(*svc, i);
                const CompleteResult r = svc->complete(attempt, resultPayload(i), Actor::worker(QStringLiteral("bench")));
                if (r.outcome != CompleteResult::Outcome::Won)
                    throw std::runtime_error("the CAS did not win");
            };
        }, "client-only hot paths");
        finish(schema);
    }

    // A reference for submit, not a target: the same writes as JobService's
    // create-or-replay statement, without the guards, on copies of jobs and
    // idempotency_events (the same indexes, defaults and sequence). A
    // new key inserts the job; a taken key reads it and records the replay.
    // What is left between this and insert_unique is the table's shape and
    // the recorded replay; what is left between JobService and this is the
    // guards and the client.
    Measure baseSameShape(int conns, bool replay50)
    {
        const QString schema = migratedSchema();
        const std::string url = urlFor(schema).toStdString();
        {
            pqxx::connection c(url);
            pqxx::nontransaction tx(c);
            copyWithoutGuards(tx, {"jobs", "idempotency_events"});
        }
        const QString prefix = replay50 ? QStringLiteral("r") : QStringLiteral("u");
        Measure m = timed(conns, [&](int t) -> Worker {
            auto conn = std::make_shared<pqxx::connection>(url);
            conn->prepare("submit",
                          "WITH ins AS ("
                          " INSERT INTO jobs_sw (owner_id, idempotency_key, fingerprint, route, input, client_meta,"
                          " created_at_ms, updated_at_ms)"
                          " SELECT $1, $2, $3, $4, $5::jsonb, $6::jsonb, n.ms, n.ms FROM (SELECT jd_now_ms() AS ms) n"
                          " ON CONFLICT (owner_id, idempotency_key) DO NOTHING RETURNING id, change_seq, created_at_ms),"
                          " old AS MATERIALIZED ("
                          " SELECT j.id, j.fingerprint, j.state, j.version, j.change_seq, j.client_meta, j.created_at_ms"
                          " FROM jobs_sw j WHERE j.owner_id = $1 AND j.idempotency_key = $2 AND NOT EXISTS (SELECT 1 FROM ins)),"
                          " ev AS ("
                          " INSERT INTO idempotency_events_sw (kind, owner_id, idempotency_key, job_id, fingerprint,"
                          " existing_fingerprint, client_meta, at_ms)"
                          " SELECT 'replayed', $1, $2, old.id, $3, old.fingerprint, $6::jsonb, jd_now_ms() FROM old"
                          // As JobService's: a transaction that only records a replay commits asynchronously.
                          " WHERE set_config('synchronous_commit', 'off', true) = 'off')"
                          " SELECT 'created', id, change_seq, created_at_ms FROM ins"
                          " UNION ALL SELECT 'replayed', id, change_seq, created_at_ms FROM old");
            auto mix = std::make_shared<ReplayMix>(t);
            return Worker([conn, mix, prefix, replay50](qint64 i) {
                const auto [j, fresh] = mix->next(i, replay50);
                pqxx::nontransaction tx(*conn);
                const pqxx::result r = tx.exec_prepared(
                    "submit", kOwner.toStdString(), keyFor(prefix, j).toStdString(), kFakeFingerprint.toStdString(),
                    kRoute.toStdString(), intentInputText(j).toStdString(), kClientMetaText.toStdString());
                if (r.size() != 1 || (std::string(r[0][0].c_str()) == "created") != fresh)
                    throw std::runtime_error("unexpected same-shape submit result");
            }, conn->backendpid());
        });
        finish(schema);
        return m;
    }

    // The honest baseline for complete: one prepared statement that does the
    // same writes as a winning completion (the CAS update of the job row, the
    // attempt's update to succeeded, its event row) without the guards, on
    // copies of jobs, attempts and attempt_events (copyWithoutGuards).
    Measure baseSameWrites(int conns)
    {
        const QString schema = migratedSchema();
        const std::string url = urlFor(schema).toStdString();
        {
            pqxx::connection c(url);
            pqxx::nontransaction tx(c);
            copyWithoutGuards(tx, {"jobs", "attempts", "attempt_events"});
            tx.exec_params("INSERT INTO jobs_sw (id, owner_id, idempotency_key, fingerprint, route, input, state, "
                           "client_meta, claimed_by, claim_expires_at_ms) "
                           "SELECT g, $1, 'c-' || g, $2, $3, jsonb_build_object('document', 's3://bench/docs/' || g || "
                           "'.pdf', 'lang', 'en', 'max_tokens', 256, 'prompt', 'Summarise the document in five bullet "
                           "points.'), 'running', $4::jsonb, 'bench-worker', jd_now_ms() + 3600000 "
                           "FROM generate_series(1, $5) g",
                           kOwner.toStdString(), kFakeFingerprint.toStdString(), kRoute.toStdString(),
                           kClientMetaText.toStdString(), m_cfg.ops);
            tx.exec_params("INSERT INTO attempts_sw (id, job_id, attempt_no, provider, kind, state, read_version, "
                           "start_request_id, worker_id, lease_expires_at_ms, last_actor_kind, last_actor_id) "
                           "SELECT g, g, 1, 'primary', 'automatic', 'running', 0, 'start-' || g, 'bench-worker', "
                           "jd_now_ms() + 3600000, 'worker', 'bench-worker' FROM generate_series(1, $1) g",
                           m_cfg.ops);
            tx.exec_params("INSERT INTO attempt_events_sw (attempt_id, job_id, from_state, to_state, actor_kind, actor_id, at_ms) "
                           "SELECT g, g, f, t, 'worker', 'bench-worker', jd_now_ms() FROM generate_series(1, $1) g, "
                           "(VALUES (NULL, 'starting'), ('starting', 'running')) s(f, t) ORDER BY g",
                           m_cfg.ops);
        }
        vacuum(schema, {QStringLiteral("jobs_sw"), QStringLiteral("attempts_sw"), QStringLiteral("attempt_events_sw")});
        Measure m = timed(conns, [&](int t) -> Worker {
            auto conn = std::make_shared<pqxx::connection>(url);
            conn->prepare("complete",
                          "WITH j AS ("
                          " UPDATE jobs_sw SET result = $3::json, completed_by = $1, version = version + 1, state = 'succeeded',"
                          " state_reason = NULL, change_seq = nextval('jd_change_seq'), updated_at_ms = jd_now_ms()"
                          " WHERE id = $2 AND version = $4 AND completed_by IS NULL"
                          " RETURNING change_seq, updated_at_ms),"
                          " a AS ("
                          " UPDATE attempts_sw t SET state = 'succeeded', result_digest = $5, last_actor_kind = 'worker',"
                          " last_actor_id = $6, last_reason = NULL, change_seq = j.change_seq, updated_at_ms = j.updated_at_ms"
                          " FROM j WHERE t.id = $1"
                          " RETURNING t.id, t.job_id, t.updated_at_ms)"
                          " INSERT INTO attempt_events_sw (attempt_id, job_id, from_state, to_state, actor_kind, actor_id, at_ms)"
                          " SELECT a.id, a.job_id, 'running', 'succeeded', 'worker', $6, a.updated_at_ms FROM a");
            const std::string actor = QStringLiteral("bench-%1").arg(t).toStdString();
            return Worker([conn, actor](qint64 i) {
                const QByteArray payload = resultPayload(i);
                pqxx::nontransaction tx(*conn);
                const pqxx::result r = tx.exec_prepared("complete", i + 1, i + 1, payload.toStdString(), 0,
                                                        sha256Hex(payload).toStdString(), actor);
                if (r.affected_rows() != 1)
                    throw std::runtime_error("the same-writes baseline matched no row");
            }, conn->backendpid());
        });
        finish(schema);
        return m;
    }

private:
    const Config &m_cfg;
    std::string m_base;
    pqxx::connection m_admin;
    QString m_tag;
    int m_seq = 0;
    QStringList m_schemas;
    bool m_checkpointWarned = false;
};

// ---- SQLite --------------------------------------------------------------------

// A raw Qt SQL connection with the store's session settings
// (core/store/SqliteSession.cpp): busy timeout, WAL, foreign keys, synchronous=FULL.
class RawSqlite
{
public:
    explicit RawSqlite(const QString &path)
        : m_name(QStringLiteral("bench-") + QUuid::createUuid().toString(QUuid::WithoutBraces))
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=30000"));
        if (!db.open())
            throw std::runtime_error("cannot open " + path.toStdString() + ": " + db.lastError().text().toStdString());
        exec(QStringLiteral("PRAGMA journal_mode=WAL"));
        exec(QStringLiteral("PRAGMA foreign_keys=ON"));
        exec(QStringLiteral("PRAGMA synchronous=FULL"));
    }
    ~RawSqlite()
    {
        m_query.reset();
        QSqlDatabase::database(m_name, false).close();
        QSqlDatabase::removeDatabase(m_name);
    }
    RawSqlite(const RawSqlite &) = delete;
    RawSqlite &operator=(const RawSqlite &) = delete;

    QSqlDatabase db() const { return QSqlDatabase::database(m_name, false); }

    void exec(const QString &sql)
    {
        QSqlQuery q(db());
        if (!q.exec(sql))
            throw std::runtime_error(q.lastError().text().toStdString() + " in: " + sql.toStdString());
        while (q.next()) {
        }
    }

    // One statement prepared once, executed many times (what a raw caller does).
    QSqlQuery &prepare(const QString &sql)
    {
        m_query = std::make_unique<QSqlQuery>(db());
        m_query->setForwardOnly(true);
        if (!m_query->prepare(sql))
            throw std::runtime_error(m_query->lastError().text().toStdString() + " in: " + sql.toStdString());
        return *m_query;
    }

    static void execOrThrow(QSqlQuery &q)
    {
        if (!q.exec())
            throw std::runtime_error(q.lastError().text().toStdString());
    }

private:
    QString m_name;
    std::unique_ptr<QSqlQuery> m_query;
};

class SqliteBench
{
public:
    explicit SqliteBench(const Config &cfg) : m_cfg(cfg)
    {
        if (!m_dir.isValid())
            throw std::runtime_error("cannot create a temporary folder");
        std::fprintf(stderr, "SQLite in %s (WAL, synchronous=FULL)\n", qPrintable(m_dir.path()));
    }

    void run(QList<Row> &rows)
    {
        if (m_cfg.wants(QStringLiteral("submit_unique")))
            rows.append(measureRow(QStringLiteral("sqlite"), 1, QStringLiteral("submit_unique"), m_cfg.rounds,
                                   [&] { return svcSubmit(false); },
                                   {{QStringLiteral("insert_unique"), [&] { return baseInsert(false); }}}));
        if (m_cfg.wants(QStringLiteral("submit_replay50")))
            rows.append(measureRow(QStringLiteral("sqlite"), 1, QStringLiteral("submit_replay50"), m_cfg.rounds,
                                   [&] { return svcSubmit(true); },
                                   {{QStringLiteral("insert_replay50"), [&] { return baseInsert(true); }}}));
        if (m_cfg.wants(QStringLiteral("complete")))
            rows.append(measureRow(QStringLiteral("sqlite"), 1, QStringLiteral("complete"), m_cfg.rounds,
                                   [&] { return svcComplete(); },
                                   {{QStringLiteral("same_writes"), [&] { return baseSameWrites(); }},
                                    {QStringLiteral("update_cas_bare"), [&] { return baseUpdate(); }}}));
    }

private:

    QString freshFile()
    {
        return m_dir.filePath(QStringLiteral("phase-%1.db").arg(++m_seq));
    }

    void removeFile(const QString &path)
    {
        for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
            QFile::remove(path + suffix);
    }

    static void createBaseline(RawSqlite &db)
    {
        db.exec(QStringLiteral("CREATE TABLE jobs_base ("
                               " id INTEGER PRIMARY KEY,"
                               " owner_id TEXT NOT NULL,"
                               " idempotency_key TEXT NOT NULL,"
                               " fingerprint TEXT NOT NULL,"
                               " route TEXT NOT NULL,"
                               " input TEXT NOT NULL,"
                               " client_meta TEXT NOT NULL,"
                               " result TEXT,"
                               " version INTEGER NOT NULL DEFAULT 0,"
                               " CONSTRAINT jobs_base_one_per_intent UNIQUE (owner_id, idempotency_key))"));
    }

    static void checkpoint(SqlSession &s) { s.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)")); }

    Measure svcSubmit(bool replay50)
    {
        const QString path = freshFile();
        const StoreUrl url{Dialect::Sqlite, path, {}};
        checkpoint(JobService::open(url)->session()); // migrate, untimed
        const QString prefix = replay50 ? QStringLiteral("r") : QStringLiteral("u");
        Measure m = runTimed(1, m_cfg.ops, m_cfg.seconds, [&](int t) -> Worker {
            std::shared_ptr<JobService> svc = JobService::open(url);
            auto mix = std::make_shared<ReplayMix>(t);
            return Worker([svc, mix, prefix, replay50](qint64 i) {
                const auto [j, fresh] = mix->next(i, replay50);
                const SubmitResult r = svc->submit(submitRequest(prefix, j));
                if (r.outcome != (fresh ? SubmitResult::Outcome::Created : SubmitResult::Outcome::Replayed))
                    throw std::runtime_error("unexpected submit outcome " + toText(r.outcome).toStdString());
            }, 0, sentBy(svc));
        });
        removeFile(path);
        return m;
    }

    Measure baseInsert(bool replay50)
    {
        const QString path = freshFile();
        {
            RawSqlite db(path);
            createBaseline(db);
            db.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
        }
        const QString prefix = replay50 ? QStringLiteral("r") : QStringLiteral("u");
        Measure m = runTimed(1, m_cfg.ops, m_cfg.seconds, [&](int t) -> Worker {
            auto db = std::make_shared<RawSqlite>(path);
            QSqlQuery *q = &db->prepare(QStringLiteral(
                "INSERT INTO jobs_base (owner_id, idempotency_key, fingerprint, route, input, client_meta) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (owner_id, idempotency_key) DO NOTHING RETURNING id"));
            auto mix = std::make_shared<ReplayMix>(t);
            return [db, q, mix, prefix, replay50](qint64 i) {
                const auto [j, fresh] = mix->next(i, replay50);
                q->bindValue(0, kOwner);
                q->bindValue(1, keyFor(prefix, j));
                q->bindValue(2, kFakeFingerprint);
                q->bindValue(3, kRoute);
                q->bindValue(4, intentInputText(j));
                q->bindValue(5, kClientMetaText);
                RawSqlite::execOrThrow(*q);
                const bool inserted = q->next();
                q->finish();
                if (inserted != fresh)
                    throw std::runtime_error("unexpected insert result");
            };
        });
        removeFile(path);
        return m;
    }

    Measure svcComplete()
    {
        const QString path = freshFile();
        const StoreUrl url{Dialect::Sqlite, path, {}};
        std::vector<qint64> attempts(static_cast<size_t>(m_cfg.ops), 0);
        runUntimed(1, m_cfg.ops, [&](int) -> Worker {
            std::shared_ptr<JobService> svc = JobService::open(url);
            return [svc, &attempts](qint64 i) { attempts[static_cast<size_t>(i)] = prepareRunning(*svc, i); };
        }, "preparing running attempts");
        checkpoint(JobService::open(url)->session());
        Measure m = runTimed(1, m_cfg.ops, m_cfg.seconds, [&](int t) -> Worker {
            std::shared_ptr<JobService> svc = JobService::open(url);
            const Actor actor = Actor::worker(QStringLiteral("bench-%1").arg(t));
            return Worker([svc, actor, &attempts](qint64 i) {
                const CompleteResult r = svc->complete(attempts[static_cast<size_t>(i)], resultPayload(i), actor);
                if (r.outcome != CompleteResult::Outcome::Won || r.replayed)
                    throw std::runtime_error("the CAS did not win");
            }, 0, sentBy(svc));
        });
        removeFile(path);
        return m;
    }

    Measure baseUpdate()
    {
        const QString path = freshFile();
        {
            RawSqlite db(path);
            createBaseline(db);
            db.exec(QStringLiteral(
                "WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < %1) "
                "INSERT INTO jobs_base (owner_id, idempotency_key, fingerprint, route, input, client_meta) "
                "SELECT '%2', 'c-' || n, '%3', '%4', "
                "json_object('document', 's3://bench/docs/' || n || '.pdf', 'lang', 'en', 'max_tokens', 256, "
                "'prompt', 'Summarise the document in five bullet points.'), '%5' FROM g")
                        .arg(m_cfg.ops)
                        .arg(kOwner, kFakeFingerprint, kRoute, kClientMetaText));
            db.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
        }
        Measure m = runTimed(1, m_cfg.ops, m_cfg.seconds, [&](int) -> Worker {
            auto db = std::make_shared<RawSqlite>(path);
            QSqlQuery *q = &db->prepare(
                QStringLiteral("UPDATE jobs_base SET result = ?, version = version + 1 WHERE id = ? AND version = ?"));
            return [db, q](qint64 i) {
                q->bindValue(0, QString::fromUtf8(resultPayload(i)));
                q->bindValue(1, i + 1);
                q->bindValue(2, 0);
                RawSqlite::execOrThrow(*q);
                if (q->numRowsAffected() != 1)
                    throw std::runtime_error("the baseline CAS matched no row");
            };
        });
        removeFile(path);
        return m;
    }

    // The same writes as a winning completion, without the guards: one
    // BEGIN IMMEDIATE transaction of prepared statements (the change counter,
    // the CAS update of the job, the attempt to succeeded, its event) on
    // tables with the same columns and indexes as the store's, but no CHECK
    // constraints, foreign keys or triggers.
    Measure baseSameWrites()
    {
        const QString path = freshFile();
        {
            RawSqlite db(path);
            for (const char *ddl : {
                     "CREATE TABLE jd_counter (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)",
                     "INSERT INTO jd_counter VALUES (1, 0)",
                     "CREATE TABLE jobs (id INTEGER PRIMARY KEY, owner_id TEXT NOT NULL, idempotency_key TEXT NOT NULL,"
                     " fingerprint TEXT NOT NULL, route TEXT NOT NULL, input TEXT NOT NULL, state TEXT NOT NULL DEFAULT 'queued',"
                     " version INTEGER NOT NULL DEFAULT 0, change_seq INTEGER NOT NULL DEFAULT 0,"
                     " max_parallel INTEGER NOT NULL DEFAULT 1, max_attempts INTEGER NOT NULL DEFAULT 3, completed_by INTEGER,"
                     " result TEXT, client_meta TEXT NOT NULL DEFAULT '{}', state_reason TEXT, created_at_ms INTEGER NOT NULL,"
                     " updated_at_ms INTEGER NOT NULL, claimed_by TEXT, claim_expires_at_ms INTEGER,"
                     " UNIQUE (owner_id, idempotency_key))",
                     "CREATE INDEX jobs_by_state ON jobs (state, id)",
                     "CREATE INDEX jobs_by_change_seq ON jobs (change_seq)",
                     "CREATE TABLE attempts (id INTEGER PRIMARY KEY, job_id INTEGER NOT NULL, attempt_no INTEGER NOT NULL,"
                     " provider TEXT NOT NULL, kind TEXT NOT NULL, state TEXT NOT NULL, read_version INTEGER NOT NULL,"
                     " start_request_id TEXT NOT NULL, worker_id TEXT, lease_expires_at_ms INTEGER, deadline_at_ms INTEGER,"
                     " result_digest TEXT, last_actor_kind TEXT NOT NULL, last_actor_id TEXT NOT NULL, last_reason TEXT,"
                     " change_seq INTEGER NOT NULL DEFAULT 0, created_at_ms INTEGER NOT NULL, updated_at_ms INTEGER NOT NULL,"
                     " provider_key TEXT, last_lookup_at_ms INTEGER, lookup_count INTEGER NOT NULL DEFAULT 0,"
                     " UNIQUE (job_id, attempt_no), UNIQUE (job_id, start_request_id))",
                     "CREATE UNIQUE INDEX attempts_one_starting_per_job ON attempts (job_id) WHERE state = 'starting'",
                     "CREATE INDEX attempts_unknown_by_age ON attempts (updated_at_ms) WHERE state = 'unknown'",
                     "CREATE INDEX attempts_open_by_lease ON attempts (lease_expires_at_ms) WHERE state IN ('starting', 'running')",
                     "CREATE INDEX attempts_by_change_seq ON attempts (change_seq)",
                     "CREATE UNIQUE INDEX attempts_provider_key_once ON attempts (provider_key)",
                     "CREATE INDEX attempts_unknown_by_lookup ON attempts (last_lookup_at_ms, updated_at_ms) WHERE state = 'unknown'",
                     "CREATE INDEX attempts_running_by_deadline ON attempts (deadline_at_ms) WHERE state = 'running'",
                     "CREATE INDEX attempts_retries_to_send ON attempts (id) WHERE state = 'starting' AND worker_id IS NULL",
                     "CREATE UNIQUE INDEX attempts_one_open_automatic ON attempts (job_id)"
                     " WHERE kind = 'automatic' AND state IN ('starting', 'running', 'unknown')",
                     "CREATE TABLE attempt_events (id INTEGER PRIMARY KEY, attempt_id INTEGER NOT NULL, job_id INTEGER NOT NULL,"
                     " from_state TEXT, to_state TEXT NOT NULL, actor_kind TEXT NOT NULL, actor_id TEXT NOT NULL, reason TEXT,"
                     " at_ms INTEGER NOT NULL)",
                     "CREATE INDEX attempt_events_by_attempt ON attempt_events (attempt_id, id)",
                     "CREATE INDEX attempt_events_by_job ON attempt_events (job_id, id)"})
                db.exec(QString::fromLatin1(ddl));
            const QString rows = QStringLiteral("WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < %1) ")
                                     .arg(m_cfg.ops);
            db.exec(rows
                    + QStringLiteral("INSERT INTO jobs (id, owner_id, idempotency_key, fingerprint, route, input, state, "
                                     "client_meta, created_at_ms, updated_at_ms, claimed_by, claim_expires_at_ms) "
                                     "SELECT n, '%1', 'c-' || n, '%2', '%3', json_object('document', 's3://bench/docs/' || n "
                                     "|| '.pdf', 'lang', 'en', 'max_tokens', 256, 'prompt', 'Summarise the document in five "
                                     "bullet points.'), 'running', '%4', 0, 0, 'bench-worker', 9000000000000 FROM g")
                          .arg(kOwner, kFakeFingerprint, kRoute, kClientMetaText));
            db.exec(rows
                    + QStringLiteral("INSERT INTO attempts (id, job_id, attempt_no, provider, kind, state, read_version, "
                                     "start_request_id, worker_id, lease_expires_at_ms, last_actor_kind, last_actor_id, "
                                     "created_at_ms, updated_at_ms, provider_key) SELECT n, n, 1, 'primary', 'automatic', "
                                     "'running', 0, 'start-' || n, 'bench-worker', 9000000000000, 'worker', 'bench-worker', "
                                     "0, 0, lower(hex(randomblob(16))) FROM g"));
            db.exec(rows
                    + QStringLiteral("INSERT INTO attempt_events (attempt_id, job_id, from_state, to_state, actor_kind, "
                                     "actor_id, at_ms) SELECT n, n, f, t, 'worker', 'bench-worker', 0 FROM g, "
                                     "(SELECT NULL AS f, 'starting' AS t UNION ALL SELECT 'starting', 'running') ORDER BY n"));
            db.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
        }
        Measure m = runTimed(1, m_cfg.ops, m_cfg.seconds, [&](int t) -> Worker {
            auto db = std::make_shared<RawSqlite>(path);
            auto statements = std::make_shared<std::vector<std::unique_ptr<QSqlQuery>>>();
            const auto prepare = [&](const char *sql) {
                auto q = std::make_unique<QSqlQuery>(db->db());
                q->setForwardOnly(true);
                if (!q->prepare(QString::fromLatin1(sql)))
                    throw std::runtime_error(q->lastError().text().toStdString());
                statements->push_back(std::move(q));
                return statements->back().get();
            };
            QSqlQuery *begin = prepare("BEGIN IMMEDIATE");
            QSqlQuery *stamp = prepare("UPDATE jd_counter SET value = value + 1 WHERE id = 1 RETURNING value, "
                                       "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)");
            QSqlQuery *cas = prepare("UPDATE jobs SET result = ?, completed_by = ?, version = version + 1, state = "
                                     "'succeeded', state_reason = NULL, change_seq = ?, updated_at_ms = ? "
                                     "WHERE id = ? AND version = ? AND completed_by IS NULL");
            QSqlQuery *won = prepare("UPDATE attempts SET state = 'succeeded', result_digest = ?, last_actor_kind = 'worker', "
                                     "last_actor_id = ?, last_reason = NULL, change_seq = ?, updated_at_ms = ? WHERE id = ?");
            QSqlQuery *event = prepare("INSERT INTO attempt_events (attempt_id, job_id, from_state, to_state, actor_kind, "
                                       "actor_id, at_ms) VALUES (?, ?, 'running', 'succeeded', 'worker', ?, ?)");
            QSqlQuery *commit = prepare("COMMIT");
            const QString actor = QStringLiteral("bench-%1").arg(t);
            auto sent = std::make_shared<quint64>(0);
            return Worker([db, statements, begin, stamp, cas, won, event, commit, actor, sent](qint64 i) {
                const QByteArray payload = resultPayload(i);
                const QString digest = sha256Hex(payload);
                RawSqlite::execOrThrow(*begin);
                RawSqlite::execOrThrow(*stamp);
                stamp->next();
                const qint64 seq = stamp->value(0).toLongLong();
                const qint64 now = stamp->value(1).toLongLong();
                stamp->finish();
                cas->bindValue(0, QString::fromUtf8(payload));
                cas->bindValue(1, i + 1);
                cas->bindValue(2, seq);
                cas->bindValue(3, now);
                cas->bindValue(4, i + 1);
                cas->bindValue(5, 0);
                RawSqlite::execOrThrow(*cas);
                if (cas->numRowsAffected() != 1)
                    throw std::runtime_error("the same-writes baseline matched no row");
                won->bindValue(0, digest);
                won->bindValue(1, actor);
                won->bindValue(2, seq);
                won->bindValue(3, now);
                won->bindValue(4, i + 1);
                RawSqlite::execOrThrow(*won);
                event->bindValue(0, i + 1);
                event->bindValue(1, i + 1);
                event->bindValue(2, actor);
                event->bindValue(3, now);
                RawSqlite::execOrThrow(*event);
                RawSqlite::execOrThrow(*commit);
                *sent += 6;
            }, 0, [sent] { return *sent; });
        });
        removeFile(path);
        return m;
    }

    const Config &m_cfg;
    QTemporaryDir m_dir;
    int m_seq = 0;
};

// ---- command line --------------------------------------------------------------

Config parseArgs(const QCoreApplication &app)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "JobDesk store benchmark: JobService submit / complete against a raw single-statement baseline "
        "(INSERT ... ON CONFLICT DO NOTHING / UPDATE ... WHERE version = $n) through the same driver."));
    p.addHelpOption();
    const QCommandLineOption pg(QStringLiteral("pg"),
                                QStringLiteral("PostgreSQL URL (default: $JOBDESK_BENCH_PG_URL). The bench creates "
                                               "and drops its own schemas there."),
                                QStringLiteral("url"));
    const QCommandLineOption seconds(QStringLiteral("seconds"), QStringLiteral("Time limit per phase (default 10)."),
                                     QStringLiteral("s"), QStringLiteral("10"));
    const QCommandLineOption ops(QStringLiteral("ops"),
                                 QStringLiteral("Operations per phase over all connections (default 20000); also "
                                                "the number of jobs prepared for the complete phase."),
                                 QStringLiteral("n"), QStringLiteral("20000"));
    const QCommandLineOption conns(QStringLiteral("conns"),
                                   QStringLiteral("PostgreSQL connection counts (default 1,8,32)."),
                                   QStringLiteral("list"), QStringLiteral("1,8,32"));
    const QCommandLineOption rounds(QStringLiteral("rounds"),
                                    QStringLiteral("Repeat each pair of phases R times (alternating which runs "
                                                   "first) and report the median (default 1)."),
                                    QStringLiteral("r"), QStringLiteral("1"));
    const QCommandLineOption prep(QStringLiteral("prep-conns"),
                                  QStringLiteral("Connections used for the untimed preparation (default 8)."),
                                  QStringLiteral("n"), QStringLiteral("8"));
    const QCommandLineOption sqliteOnly(QStringLiteral("sqlite-only"), QStringLiteral("Only the SQLite figures."));
    const QCommandLineOption pgOnly(QStringLiteral("pg-only"), QStringLiteral("Only the PostgreSQL figures."));
    const QCommandLineOption only(QStringLiteral("only"),
                                  QStringLiteral("Only these operations (comma-separated: submit_unique, "
                                                 "submit_replay50, submit_replay50_other, submit_replay50_shared, complete)."),
                                  QStringLiteral("ops"));
    const QCommandLineOption clientOnly(QStringLiteral("client-only"),
                                        QStringLiteral("Run N submit/start/mark-running/complete sequences on one "
                                                       "PostgreSQL connection, untimed, and nothing else (for "
                                                       "instruction counts of the client under valgrind)."),
                                        QStringLiteral("n"));
    const QCommandLineOption keep(QStringLiteral("keep-schemas"),
                                  QStringLiteral("Do not drop the benchmark's schemas (for inspection)."));
    p.addOptions({pg, seconds, ops, conns, rounds, prep, sqliteOnly, pgOnly, only, clientOnly, keep});
    p.process(app);

    auto fail = [&p](const QString &message) {
        std::fprintf(stderr, "%s\n\n%s", qPrintable(message), qPrintable(p.helpText()));
        std::exit(2);
    };
    Config cfg;
    cfg.pgUrl = p.isSet(pg) ? p.value(pg) : qEnvironmentVariable("JOBDESK_BENCH_PG_URL");
    bool ok = false;
    cfg.seconds = p.value(seconds).toDouble(&ok);
    if (!ok || cfg.seconds <= 0)
        fail(QStringLiteral("--seconds must be a positive number"));
    cfg.ops = p.value(ops).toLongLong(&ok);
    if (!ok || cfg.ops <= 0)
        fail(QStringLiteral("--ops must be a positive integer"));
    cfg.rounds = p.value(rounds).toInt(&ok);
    if (!ok || cfg.rounds <= 0)
        fail(QStringLiteral("--rounds must be a positive integer"));
    cfg.prepConns = p.value(prep).toInt(&ok);
    if (!ok || cfg.prepConns <= 0 || cfg.prepConns > 128)
        fail(QStringLiteral("--prep-conns must be 1..128"));
    cfg.conns.clear();
    for (const QString &part : p.value(conns).split(u',', Qt::SkipEmptyParts)) {
        const int n = part.trimmed().toInt(&ok);
        if (!ok || n <= 0 || n > 128)
            fail(QStringLiteral("--conns takes a comma-separated list of 1..128"));
        cfg.conns.append(n);
    }
    if (cfg.conns.isEmpty())
        fail(QStringLiteral("--conns is empty"));
    if (p.isSet(sqliteOnly) && p.isSet(pgOnly))
        fail(QStringLiteral("--sqlite-only and --pg-only exclude each other"));
    cfg.runPg = !p.isSet(sqliteOnly);
    cfg.runSqlite = !p.isSet(pgOnly);
    cfg.keepSchemas = p.isSet(keep);
    cfg.only = p.value(only).split(u',', Qt::SkipEmptyParts);
    if (p.isSet(clientOnly)) {
        cfg.clientOnly = p.value(clientOnly).toLongLong(&ok);
        if (!ok || cfg.clientOnly <= 0)
            fail(QStringLiteral("--client-only must be a positive integer"));
        cfg.runSqlite = false;
    }
    if (cfg.runPg && cfg.pgUrl.isEmpty())
        fail(QStringLiteral("No PostgreSQL URL: pass --pg URL or set JOBDESK_BENCH_PG_URL "
                            "(scripts/bench.sh starts a throwaway server), or use --sqlite-only."));
    return cfg;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("jobdesk-bench-store"));
    std::signal(SIGPIPE, SIG_IGN);
    // Migrations of the per-phase schemas would log at info level; keep warnings.
    QLoggingCategory::setFilterRules(QStringLiteral("jobdesk.*.info=false"));
    const Config cfg = parseArgs(app);

    std::fprintf(stderr, "jobdesk-bench-store: %u hardware threads; %.0f s or %lld ops per phase\n",
                 std::thread::hardware_concurrency(), cfg.seconds, static_cast<long long>(cfg.ops));
    QList<Row> rows;
    try {
        if (cfg.runPg) {
            PgBench pg(cfg);
            pg.run(rows);
        }
        if (cfg.runSqlite) {
            SqliteBench lite(cfg);
            lite.run(rows);
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "jobdesk-bench-store: %s\n", e.what());
        if (!rows.isEmpty())
            printTable(rows, cfg);
        return 1;
    }
    printTable(rows, cfg);
    return 0;
}
