#pragma once

// Retention (docs/retention.md): decided jobs older than the policy's age are
// written to an archive file and then removed with their whole history, in
// bounded batches; each removed key leaves a tombstone, so a retry with it
// replays the removed job and never creates a second one (JobService::submit).
//
// A run is crash-safe at every point: selected -> archived -> removed, each
// step committed before the next. Nothing is removed before the run's archive
// is complete (written, fsynced, renamed into place, its SHA-256 recorded);
// a job is removed only if its story is still the one archived. A run killed
// anywhere is resumed by the next: an unfinished archive is written again
// under the same name, an archived run's removal goes on.

#include "service/JobService.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

namespace jobdesk {

struct RetentionPolicy
{
    int retainDays = 30;                  // decided jobs older than this (by their last change) go
    QHash<QString, int> retainDaysByRoute; // a route's own age, instead of retainDays
    std::optional<int> keyRetainDays;     // tombstones older than this go; nullopt: kept for ever
    QString archiveDir;                   // where the archive files are written (must exist)
    int batchSize = 100;                  // jobs per removal transaction (its row locks last that long)
    int maxJobsPerRun = 10000;            // jobs one run selects
    // After each removal batch and archive chunk the run rests this many
    // times as long as the step took, outside any transaction, so on a busy
    // machine it takes at most 1 / (1 + restRatio) of the time it could.
    double restRatio = 1.0;
    std::optional<qint64> nowMs;          // the clock ages are measured on (default: the database's)
};

struct RetentionReport
{
    bool dryRun = false;
    qint64 runId = 0;           // the run this call started (0: none, e.g. nothing was old enough)
    QList<qint64> resumedRuns;  // unfinished runs this call finished first
    int selected = 0;           // jobs the new run archived (dry run: would archive)
    int removed = 0;            // jobs removed, resumed runs included
    int kept = 0;               // jobs that changed after they were archived, left in place
    int tombstonesExpired = 0;
    QStringList archives;       // the archive files written or finished
};

// What a run does at each step, for tests that kill it there (the phase names
// are printed by `jobdesk-server retention run` under JOBDESK_RETENTION_PAUSE).
using RetentionCheckpoint = std::function<void(const char *phase)>;
// Called between steps, with no transaction open, to rest up to `ms`
// (RetentionPolicy::restRatio; 0: none); false stops the run there, left for
// the next run to resume (a stopping server). Without one a run sleeps.
using RetentionRest = std::function<bool(std::chrono::milliseconds ms)>;

class Retention
{
public:
    explicit Retention(JobService &service);

    // Throws JobDeskError: InvalidArgument (a bad policy, an archive folder that
    // is not a writable folder), Conflict (another run holds the store's
    // retention lock), StoreUnavailable.
    RetentionReport run(const RetentionPolicy &policy, const QString &actor, bool dryRun = false,
                        const RetentionCheckpoint &checkpoint = {}, const RetentionRest &rest = {});

private:
    JobService &m_service;
};

// Runs retention every `every` on a thread of its own with its own
// connection (jobdesk-server --retention-archive-dir): the first run after one
// interval; a run another process holds the lock for is skipped; errors are
// logged and the next interval tries again. The destructor stops it, waiting
// for a run in progress to end (each batch commits on its own).
class RetentionSchedule
{
public:
    RetentionSchedule(StoreUrl url, RetentionPolicy policy, QString actor, std::chrono::milliseconds every);
    ~RetentionSchedule();
    RetentionSchedule(const RetentionSchedule &) = delete;
    RetentionSchedule &operator=(const RetentionSchedule &) = delete;

    int runsFinished() const { return m_runs.load(); }

private:
    void loop();

    StoreUrl m_url;
    RetentionPolicy m_policy;
    QString m_actor;
    std::chrono::milliseconds m_every;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::atomic<int> m_runs{0};
    std::thread m_thread;
};

// An archive file's records, after its checksum is checked against the
// "<file>.sha256" beside it. The first record is the header
// ({"archive": "jobdesk-retention", "version": 1, "run": N, ...}); every other
// is one job: {"job": {...}, "attempts": [...], "attempt_events": [...],
// "race_losses": [...], "idempotency_events": [...], "audit_log": [...],
// "attempt_contracts": [...], "mark": "..."}, rows as the store holds them.
// Throws JobDeskError InvalidArgument for a missing, corrupt or altered file.
QList<QJsonObject> readRetentionArchive(const QString &path);

} // namespace jobdesk
