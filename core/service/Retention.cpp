#include "service/Retention.h"

#include "Logging.h"
#include "domain/Error.h"
#include "service/Names.h"
#include "store/SqlSession.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLockFile>
#include <QMap>

#include <zlib.h>

#include <algorithm>
#include <thread>
#include <tuple>

#ifdef Q_OS_WIN
#include <io.h>
#else
#include <fcntl.h>
#include <unistd.h>
#endif

namespace jobdesk {
namespace {

using Code = JobDeskError::Code;

constexpr qint64 kDayMs = 86400000;
constexpr int kArchiveChunk = 200; // jobs read per round of statements while writing an archive
constexpr qint64 kLongestRestMs = 2000; // the longest rest after a slow step

// A job's story as a count (see jd_retention_mark in
// resources/schema/postgres/functions/jd_retention_remove.sql; SQLite inlines it).
const QString kSqliteMark = QStringLiteral(
    "(t.change_seq || ':' || coalesce((SELECT max(a.change_seq) FROM attempts a WHERE a.job_id = t.id), 0)"
    " || ':' || (SELECT count(*) FROM attempt_events e WHERE e.job_id = t.id)"
    " || ':' || (SELECT count(*) FROM race_losses l WHERE l.job_id = t.id)"
    " || ':' || (SELECT count(*) FROM idempotency_events i WHERE i.job_id = t.id)"
    " || ':' || (SELECT count(*) FROM audit_log u WHERE u.job_id = t.id))");

void checkPolicy(const RetentionPolicy &p)
{
    auto invalid = [](const RefusalText &why) { throw JobDeskError(Code::InvalidArgument, why); };
    if (p.retainDays < 1)
        invalid(refusal::make("JD300", p.retainDays));
    for (auto it = p.retainDaysByRoute.begin(); it != p.retainDaysByRoute.end(); ++it)
        if (it.value() < 1)
            invalid(refusal::make("JD301", it.key(), it.value()));
    if (p.keyRetainDays && *p.keyRetainDays < 1)
        invalid(refusal::make("JD302", *p.keyRetainDays));
    if (p.batchSize < 1 || p.batchSize > 10000)
        invalid(refusal::make("JD303", p.batchSize));
    if (!(p.restRatio >= 0 && p.restRatio <= 100))
        invalid(refusal::make("JD304", p.restRatio));
    if (p.maxJobsPerRun < 1)
        invalid(refusal::make("JD305", p.maxJobsPerRun));
    const QFileInfo dir(p.archiveDir);
    if (p.archiveDir.isEmpty() || !dir.isDir() || !dir.isWritable())
        invalid(refusal::make("JD306", p.archiveDir));
}

bool syncHandle(int fd)
{
#ifdef Q_OS_WIN
    return _commit(fd) == 0;
#else
    return ::fsync(fd) == 0;
#endif
}

// A rename is durable once its folder is (POSIX; NTFS journals it).
void syncFolder(const QString &dir)
{
#ifndef Q_OS_WIN
    const int fd = ::open(QFile::encodeName(dir).constData(), O_RDONLY);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
#else
    Q_UNUSED(dir);
#endif
}

// gzip (RFC 1952) written as it goes, hashed as written, fsynced on finish.
class GzipWriter
{
public:
    explicit GzipWriter(const QString &path) : m_file(path)
    {
        if (!m_file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            throw JobDeskError(Code::StoreError, refusal::make("JD307", path, m_file.errorString()));
        if (deflateInit2(&m_z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
            throw JobDeskError(Code::StoreError, refusal::make("JD308", path));
    }
    ~GzipWriter() { deflateEnd(&m_z); }

    void writeLine(const QJsonObject &record)
    {
        QByteArray line = QJsonDocument(record).toJson(QJsonDocument::Compact);
        line.append('\n');
        pump(line, Z_NO_FLUSH);
    }
    // Flushes, fsyncs and closes; returns the SHA-256 of the file's bytes.
    QString finish()
    {
        pump({}, Z_FINISH);
        if (!m_file.flush() || !syncHandle(m_file.handle()))
            throw JobDeskError(Code::StoreError, refusal::make("JD309", m_file.fileName()));
        m_file.close();
        return QString::fromLatin1(m_hash.result().toHex());
    }

private:
    void pump(const QByteArray &in, int flush)
    {
        m_z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in.constData()));
        m_z.avail_in = static_cast<uInt>(in.size());
        char out[64 * 1024];
        do {
            m_z.next_out = reinterpret_cast<Bytef *>(out);
            m_z.avail_out = sizeof out;
            deflate(&m_z, flush);
            const qint64 n = static_cast<qint64>(sizeof out - m_z.avail_out);
            if (n > 0) {
                if (m_file.write(out, n) != n)
                    throw JobDeskError(Code::StoreError, refusal::make("JD307", m_file.fileName(), m_file.errorString()));
                m_hash.addData(QByteArrayView(out, n));
            }
        } while (m_z.avail_out == 0);
    }

    QFile m_file;
    z_stream m_z{};
    QCryptographicHash m_hash{QCryptographicHash::Sha256};
};

void writeFileSynced(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(bytes) != bytes.size() || !f.flush()
        || !syncHandle(f.handle()))
        throw JobDeskError(Code::StoreError, refusal::make("JD310", path, f.errorString()));
}

void replaceFile(const QString &from, const QString &to)
{
    QFile::remove(to);
    if (!QFile::rename(from, to))
        throw JobDeskError(Code::StoreError, refusal::make("JD311", from, to));
}

class Run
{
public:
    Run(SqlSession &session, const RetentionPolicy &p, const RetentionCheckpoint &cp, const RetentionRest &r)
        : s(session), policy(p), checkpoint(cp), rest(r) {}

    SqlSession &s;
    const RetentionPolicy &policy;
    const RetentionCheckpoint &checkpoint;
    const RetentionRest &rest;
    int removedSoFar = 0, keptSoFar = 0; // by every remove() of this call, for a run stopped midway
    bool pg() const { return s.dialect() == Dialect::Postgres; }

    void reached(const char *phase) const
    {
        if (checkpoint)
            checkpoint(phase);
    }

    // Between steps, with no transaction open: see RetentionPolicy::restRatio.
    // Throws Stopped when the caller's rest says stop.
    void restAfter(QElapsedTimer &step) const
    {
        const std::chrono::milliseconds ms(
            policy.restRatio > 0 ? std::min<qint64>(kLongestRestMs, qint64(double(step.elapsed()) * policy.restRatio)) : 0);
        if (rest) {
            if (!rest(ms))
                throw Stopped{};
        } else if (ms.count() > 0) {
            std::this_thread::sleep_for(ms);
        }
        if (ms.count() > 0)
            reached("rested");
        step.restart();
    }
    struct Stopped
    {
    };

    qint64 dbNow()
    {
        if (policy.nowMs)
            return *policy.nowMs;
        return s.exec(pg() ? QStringLiteral("SELECT jd_now_ms()")
                           : QStringLiteral("SELECT CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"))
            .first().first().toLongLong();
    }

    // The row of alias t as JSON text, every column by name. A job's result
    // (json, kept as completed) goes as its exact text, as on SQLite.
    QString rowJson(const QString &table)
    {
        if (pg() && table == QLatin1String("jobs"))
            return QStringLiteral("((to_jsonb(t) - 'result') || jsonb_build_object('result', t.result::text))::text");
        if (pg())
            return QStringLiteral("row_to_json(t)::text");
        auto it = m_sqliteRowJson.find(table);
        if (it != m_sqliteRowJson.end())
            return *it;
        QStringList parts;
        for (const SqlRow &c : s.exec(QStringLiteral("SELECT name FROM pragma_table_info('%1') ORDER BY cid").arg(table)))
            parts << QStringLiteral("'%1', t.%1").arg(c.first().toString());
        return *m_sqliteRowJson.insert(table, QStringLiteral("json_object(") + parts.join(QStringLiteral(", ")) + u')');
    }

    template<typename F> auto tx(F body) -> decltype(body())
    {
        s.begin();
        try {
            if constexpr (std::is_void_v<decltype(body())>) {
                body();
                s.commit();
            } else {
                auto out = body();
                s.commit();
                return out;
            }
        } catch (...) {
            s.rollback();
            throw;
        }
    }

    // Decided, old enough, nothing open, in no other run that has not kept it.
    QString eligibleSql(const QString &routeCondition) const
    {
        return QStringLiteral(" FROM jobs t WHERE t.state IN ('succeeded', 'failed', 'cancelled') AND t.updated_at_ms < $2")
               + routeCondition
               + QStringLiteral(" AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.job_id = t.id"
                                " AND a.state IN ('starting', 'running', 'unknown'))"
                                " AND NOT EXISTS (SELECT 1 FROM retention_run_jobs rj WHERE rj.job_id = t.id AND rj.outcome ")
               + (pg() ? QStringLiteral("IS DISTINCT FROM") : QStringLiteral("IS NOT")) + QStringLiteral(" 'kept')");
    }

    // One (route condition, cutoff) per policy group: each route with its own
    // age, then every other route.
    QList<QPair<QString, qint64>> groups(qint64 now) const
    {
        QList<QPair<QString, qint64>> out;
        QStringList others;
        for (auto it = policy.retainDaysByRoute.begin(); it != policy.retainDaysByRoute.end(); ++it) {
            QString quoted = it.key();
            quoted.replace(u'\'', QStringLiteral("''"));
            out.append({QStringLiteral(" AND t.route = '%1'").arg(quoted), now - it.value() * kDayMs});
            others << u'\'' + quoted + u'\'';
        }
        out.append({others.isEmpty() ? QString() : QStringLiteral(" AND t.route NOT IN (%1)").arg(others.join(u',')),
                    now - policy.retainDays * kDayMs});
        return out;
    }

    int countEligible(qint64 now)
    {
        int n = 0;
        for (const auto &[cond, cutoff] : groups(now))
            n += s.exec(QStringLiteral("SELECT count(*) FROM (SELECT t.id") + eligibleSql(cond).replace(QStringLiteral("$2"), QStringLiteral("$1"))
                            + QStringLiteral(" LIMIT $2) x"),
                        {cutoff, policy.maxJobsPerRun - n})
                     .first().first().toInt();
        return n;
    }

    qint64 select(const QString &actor, qint64 now)
    {
        return tx([&] {
            const qint64 cutoff = now - policy.retainDays * kDayMs;
            const qint64 id = pg() ? s.exec(QStringLiteral("INSERT INTO retention_runs (actor, cutoff_ms, archive) VALUES ($1, $2, '') RETURNING id"),
                                            {actor, cutoff}).first().first().toLongLong()
                                   : s.exec(QStringLiteral("INSERT INTO retention_runs (actor, db_user, cutoff_ms, archive, started_at_ms) "
                                                           "VALUES ($1, $2, $3, '', $4) RETURNING id"),
                                            {actor, operatingSystemUser(), cutoff, now}).first().first().toLongLong();
            s.exec(QStringLiteral("UPDATE retention_runs SET archive = $2 WHERE id = $1"), {id, archivePath(id)});
            int left = policy.maxJobsPerRun;
            for (const auto &[cond, groupCutoff] : groups(now)) {
                if (left <= 0)
                    break;
                const SqlRows r = s.exec(QStringLiteral("INSERT INTO retention_run_jobs (run_id, job_id) SELECT $1, t.id")
                                             + eligibleSql(cond) + QStringLiteral(" ORDER BY t.id LIMIT $3 RETURNING job_id"),
                                         {id, groupCutoff, left});
                left -= static_cast<int>(r.size());
            }
            s.exec(QStringLiteral("UPDATE retention_runs SET jobs_selected = $2 WHERE id = $1"), {id, policy.maxJobsPerRun - left});
            return id;
        });
    }

    QString archivePath(qint64 run) const
    {
        return QDir(policy.archiveDir).absoluteFilePath(QStringLiteral("jobdesk-retention-%1.jsonl.gz").arg(run));
    }

    // Writes the run's archive from scratch and records it: the file (through
    // a ".partial" name), its ".sha256", then, in one transaction, each job's
    // mark and the run's state "archived".
    QString writeArchive(qint64 run, qint64 cutoff)
    {
        const QString path = archivePath(run);
        const QString partial = path + QStringLiteral(".partial");
        QHash<qint64, QString> marks;
        {
            GzipWriter out(partial);
            QJsonObject header{{QStringLiteral("archive"), QStringLiteral("jobdesk-retention")},
                               {QStringLiteral("version"), 1},
                               {QStringLiteral("run"), run},
                               {QStringLiteral("cutoff_ms"), cutoff},
                               {QStringLiteral("dialect"), pg() ? QStringLiteral("postgres") : QStringLiteral("sqlite")}};
            out.writeLine(header);
            qint64 after = 0;
            bool first = true;
            QElapsedTimer step;
            step.start();
            for (;;) {
                const SqlRows ids = s.exec(QStringLiteral("SELECT job_id FROM retention_run_jobs WHERE run_id = $1 AND job_id > $2 "
                                                          "AND outcome IS NULL ORDER BY job_id LIMIT $3"),
                                           {run, after, kArchiveChunk});
                if (ids.isEmpty())
                    break;
                const qint64 lo = ids.first().first().toLongLong();
                const qint64 hi = ids.last().first().toLongLong();
                after = hi;
                writeChunk(out, run, lo, hi, marks);
                if (first) {
                    reached("archive-chunk");
                    first = false;
                }
                restAfter(step);
            }
            const QString sha = out.finish();
            writeFileSynced(partial + QStringLiteral(".sha256"),
                            (sha + QStringLiteral("  ") + QFileInfo(path).fileName() + u'\n').toUtf8());
            replaceFile(partial + QStringLiteral(".sha256"), path + QStringLiteral(".sha256"));
            replaceFile(partial, path);
            syncFolder(policy.archiveDir);
            reached("archive-written");
            tx([&] {
                for (auto it = marks.begin(); it != marks.end(); ++it)
                    s.exec(QStringLiteral("UPDATE retention_run_jobs SET mark = $3 WHERE run_id = $1 AND job_id = $2"),
                           {run, it.key(), it.value()});
                s.exec(QStringLiteral("UPDATE retention_runs SET state = 'archived', archive = $2, archive_sha256 = $3 WHERE id = $1"),
                       {run, path, sha});
            });
        }
        reached("archived");
        return path;
    }

    void writeChunk(GzipWriter &out, qint64 run, qint64 lo, qint64 hi, QHash<qint64, QString> &marks)
    {
        const QString inRun = QStringLiteral(" IN (SELECT job_id FROM retention_run_jobs WHERE run_id = $1 AND job_id BETWEEN $2 AND $3"
                                             " AND outcome IS NULL)");
        const SqlParams params{run, lo, hi};
        // The job and its mark first, in one statement; its history after, so
        // the archive holds at least what the mark counts.
        QMap<qint64, QJsonObject> records;
        for (const SqlRow &r : s.exec(QStringLiteral("SELECT t.id, ") + (pg() ? QStringLiteral("jd_retention_mark(t.id)") : kSqliteMark)
                                          + QStringLiteral(", ") + rowJson(QStringLiteral("jobs")) + QStringLiteral(" FROM jobs t WHERE t.id")
                                          + inRun,
                                      params)) {
            const qint64 id = r.at(0).toLongLong();
            marks.insert(id, r.at(1).toString());
            QJsonObject rec{{QStringLiteral("job"), QJsonDocument::fromJson(r.at(2).toString().toUtf8()).object()},
                            {QStringLiteral("mark"), r.at(1).toString()}};
            records.insert(id, rec);
        }
        struct Part { const char *name; QString sql; };
        const Part parts[] = {
            {"attempts", QStringLiteral("SELECT t.job_id, %1 FROM attempts t WHERE t.job_id%2 ORDER BY t.id")},
            {"attempt_events", QStringLiteral("SELECT t.job_id, %1 FROM attempt_events t WHERE t.job_id%2 ORDER BY t.id")},
            {"race_losses", QStringLiteral("SELECT t.job_id, %1 FROM race_losses t WHERE t.job_id%2 ORDER BY t.id")},
            {"idempotency_events", QStringLiteral("SELECT t.job_id, %1 FROM idempotency_events t WHERE t.job_id%2 ORDER BY t.id")},
            {"audit_log", QStringLiteral("SELECT coalesce(t.job_id, a.job_id), %1 FROM audit_log t LEFT JOIN attempts a ON a.id = t.attempt_id"
                                         " WHERE t.job_id%2 OR a.job_id%2 ORDER BY t.id")},
            {"attempt_contracts", QStringLiteral("SELECT a.job_id, %1 FROM attempt_contracts t JOIN attempts a ON a.id = t.attempt_id"
                                                 " WHERE a.job_id%2 ORDER BY t.attempt_id")},
        };
        for (const Part &part : parts) {
            const QString table = QLatin1String(part.name);
            QHash<qint64, QJsonArray> rows;
            for (const SqlRow &r : s.exec(part.sql.arg(rowJson(table), inRun), params))
                rows[r.at(0).toLongLong()].append(QJsonDocument::fromJson(r.at(1).toString().toUtf8()).object());
            for (auto it = records.begin(); it != records.end(); ++it)
                it->insert(table, rows.value(it.key()));
        }
        for (const QJsonObject &rec : records)
            out.writeLine(rec);
    }

    // Removes the archived run's jobs, a batch per transaction; returns {removed, kept}.
    QPair<int, int> remove(qint64 run)
    {
        int removed = 0, kept = 0;
        QElapsedTimer step;
        step.start();
        for (;;) {
            int r = 0, k = 0, remaining = 0;
            if (pg()) {
                const SqlRow row = s.exec(QStringLiteral("SELECT removed, kept, remaining FROM jd_retention_remove($1, $2)"),
                                          {run, policy.batchSize}).first();
                r = row.at(0).toInt();
                k = row.at(1).toInt();
                remaining = row.at(2).toInt();
            } else {
                std::tie(r, k, remaining) = sqliteRemoveBatch(run);
            }
            removed += r;
            kept += k;
            removedSoFar += r;
            keptSoFar += k;
            if (r + k > 0)
                reached("batch");
            if (remaining == 0 || r + k == 0)
                break;
            restAfter(step);
        }
        tx([&] {
            s.exec(QStringLiteral("UPDATE retention_runs SET state = 'removed', finished_at_ms = $2 WHERE id = $1 AND state = 'archived'"),
                   {run, dbNow()});
        });
        reached("removed");
        return {removed, kept};
    }

    // SQLite's jd_retention_remove: the same batch in one write transaction,
    // holding retention_grant's row, which the history's delete triggers look for.
    std::tuple<int, int, int> sqliteRemoveBatch(qint64 run)
    {
        return tx([&] {
            const SqlRows state = s.exec(QStringLiteral("SELECT state FROM retention_runs WHERE id = $1"), {run});
            if (state.isEmpty() || state.first().first().toString() != QLatin1String("archived"))
                throw JobDeskError(Code::InvalidTransition, refusal::make("JD312", run));
            const SqlRows batch = s.exec(QStringLiteral("SELECT job_id FROM retention_run_jobs WHERE run_id = $1 AND outcome IS NULL "
                                                        "ORDER BY job_id LIMIT $2"),
                                         {run, policy.batchSize});
            if (batch.isEmpty())
                return std::tuple<int, int, int>{0, 0, 0};
            const qint64 lo = batch.first().first().toLongLong();
            const qint64 hi = batch.last().first().toLongLong();
            const SqlParams range{run, lo, hi};
            s.exec(QStringLiteral("PRAGMA defer_foreign_keys = ON")); // jobs and attempts refer to each other
            s.exec(QStringLiteral("INSERT INTO retention_grant (run_id) VALUES ($1)"), {run});
            s.exec(QStringLiteral("CREATE TEMP TABLE IF NOT EXISTS jd_retention_batch (job_id INTEGER PRIMARY KEY)"));
            s.exec(QStringLiteral("DELETE FROM temp.jd_retention_batch"));
            s.exec(QStringLiteral("INSERT INTO temp.jd_retention_batch (job_id) SELECT t.id FROM jobs t JOIN retention_run_jobs rj "
                                  "ON rj.run_id = $1 AND rj.job_id = t.id WHERE t.id BETWEEN $2 AND $3 AND rj.outcome IS NULL "
                                  "AND t.state IN ('succeeded', 'failed', 'cancelled') AND rj.mark = ")
                       + kSqliteMark
                       + QStringLiteral(" AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.job_id = t.id "
                                        "AND a.state IN ('starting', 'running', 'unknown'))"
                                        // SQLite gives a new row the highest id + 1: the job and the attempt
                                        // holding the highest ids stay, so no id is ever given out twice.
                                        " AND t.id < (SELECT max(id) FROM jobs)"
                                        " AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.job_id = t.id AND a.id = (SELECT max(id) FROM attempts))"),
                   range);
            const QString ids = QStringLiteral("(SELECT job_id FROM temp.jd_retention_batch)");
            const QString attemptIds = QStringLiteral("(SELECT id FROM attempts WHERE job_id IN ") + ids + u')';
            s.exec(QStringLiteral("INSERT INTO key_tombstones (owner_id, idempotency_key, fingerprint, job_id, route, final_state, "
                                  "created_at_ms, removed_at_ms, run_id) SELECT owner_id, idempotency_key, fingerprint, id, route, state, "
                                  "created_at_ms, $1, $2 FROM jobs WHERE id IN ") + ids,
                   {dbNow(), run});
            s.exec(QStringLiteral("DELETE FROM attempt_contracts WHERE attempt_id IN ") + attemptIds);
            s.exec(QStringLiteral("DELETE FROM race_losses WHERE job_id IN ") + ids);
            s.exec(QStringLiteral("DELETE FROM attempt_events WHERE job_id IN ") + ids);
            s.exec(QStringLiteral("DELETE FROM audit_log WHERE job_id IN ") + ids + QStringLiteral(" OR attempt_id IN ") + attemptIds);
            s.exec(QStringLiteral("DELETE FROM idempotency_events WHERE job_id IN ") + ids);
            s.exec(QStringLiteral("DELETE FROM attempts WHERE job_id IN ") + ids);
            s.exec(QStringLiteral("DELETE FROM jobs WHERE id IN ") + ids);
            const int removed = s.exec(QStringLiteral("SELECT count(*) FROM temp.jd_retention_batch")).first().first().toInt();
            s.exec(QStringLiteral("UPDATE retention_run_jobs SET outcome = CASE WHEN job_id IN ") + ids
                       + QStringLiteral(" THEN 'removed' ELSE 'kept' END WHERE run_id = $1 AND job_id BETWEEN $2 AND $3 AND outcome IS NULL"),
                   range);
            const int kept = static_cast<int>(batch.size()) - removed;
            s.exec(QStringLiteral("UPDATE retention_runs SET jobs_removed = jobs_removed + $2, jobs_kept = jobs_kept + $3 WHERE id = $1"),
                   {run, removed, kept});
            s.exec(QStringLiteral("DELETE FROM retention_grant"));
            const int remaining = s.exec(QStringLiteral("SELECT EXISTS (SELECT 1 FROM retention_run_jobs WHERE run_id = $1 AND outcome IS NULL)"),
                                         {run}).first().first().toInt();
            return std::tuple<int, int, int>{removed, kept, remaining};
        });
    }

    int expireKeys(qint64 run, qint64 before)
    {
        if (pg())
            return s.exec(QStringLiteral("SELECT jd_retention_expire_keys($1, $2)"), {run, before}).first().first().toInt();
        return tx([&] {
            s.exec(QStringLiteral("INSERT INTO retention_grant (run_id) VALUES ($1)"), {run});
            const int n = s.exec(QStringLiteral("DELETE FROM key_tombstones WHERE removed_at_ms < $1 RETURNING 1"), {before}).size();
            s.exec(QStringLiteral("UPDATE retention_runs SET tombstones_expired = tombstones_expired + $2 WHERE id = $1"), {run, n});
            s.exec(QStringLiteral("DELETE FROM retention_grant"));
            return n;
        });
    }

private:
    QHash<QString, QString> m_sqliteRowJson;
};

// One run at a time per store: PostgreSQL's advisory lock (servers on other
// machines share it), SQLite's lock file beside the archives.
class RunLock
{
public:
    RunLock(SqlSession &s, const QString &archiveDir) : m_s(s)
    {
        if (s.dialect() == Dialect::Postgres) {
            m_pg = s.exec(QStringLiteral("SELECT pg_try_advisory_lock(hashtextextended('jobdesk retention ' || current_schema(), 0))"))
                       .first().first().toString() == QLatin1String("t");
            m_held = m_pg;
        } else {
            m_file = std::make_unique<QLockFile>(QDir(archiveDir).absoluteFilePath(QStringLiteral(".jobdesk-retention.lock")));
            m_file->setStaleLockTime(0);
            m_held = m_file->tryLock(0);
        }
        if (!m_held)
            throw JobDeskError(Code::StoreBusy, refusal::make("JD313"));
    }
    ~RunLock()
    {
        if (m_pg) {
            try {
                m_s.exec(QStringLiteral("SELECT pg_advisory_unlock(hashtextextended('jobdesk retention ' || current_schema(), 0))"));
            } catch (...) {
                // the session's end releases it
            }
        }
    }

private:
    SqlSession &m_s;
    bool m_pg = false;
    bool m_held = false;
    std::unique_ptr<QLockFile> m_file;
};

} // namespace

Retention::Retention(JobService &service) : m_service(service) {}

RetentionReport Retention::run(const RetentionPolicy &policy, const QString &actor, bool dryRun, const RetentionCheckpoint &checkpoint,
                               const RetentionRest &rest)
{
    checkPolicy(policy);
    if (actor.trimmed().isEmpty() || actor.size() > 255)
        throw JobDeskError(Code::InvalidArgument, refusal::make("JD314"));
    SqlSession &s = m_service.session();
    Run r(s, policy, checkpoint, rest);
    RetentionReport report;
    report.dryRun = dryRun;
    try {
        const qint64 now = r.dbNow();
        if (dryRun) {
            report.selected = r.countEligible(now);
            return report;
        }
        RunLock lock(s, policy.archiveDir);
        // Unfinished runs first, oldest first.
        for (const SqlRow &row : s.exec(QStringLiteral("SELECT id, state, cutoff_ms FROM retention_runs WHERE state <> 'removed' ORDER BY id"))) {
            const qint64 run = row.at(0).toLongLong();
            qCInfo(lcService) << "retention: resuming run" << run << "from" << row.at(1).toString();
            report.resumedRuns.append(run);
            if (row.at(1).toString() == QLatin1String("selected"))
                report.archives.append(r.writeArchive(run, row.at(2).toLongLong()));
            const auto [removed, kept] = r.remove(run);
            report.removed += removed;
            report.kept += kept;
        }
        report.runId = r.select(actor, now);
        r.reached("selected");
        report.selected = s.exec(QStringLiteral("SELECT jobs_selected FROM retention_runs WHERE id = $1"), {report.runId}).first().first().toInt();
        report.archives.append(r.writeArchive(report.runId, now - policy.retainDays * kDayMs));
        const auto [removed, kept] = r.remove(report.runId);
        report.removed += removed;
        report.kept += kept;
        if (policy.keyRetainDays)
            report.tombstonesExpired = r.expireKeys(report.runId, now - *policy.keyRetainDays * kDayMs);
        if (!r.pg()) {
            // The freed pages back to the file system. Qt steps a statement
            // without result columns once, and each step frees one page.
            const qint64 free = s.exec(QStringLiteral("PRAGMA freelist_count")).first().first().toLongLong();
            for (qint64 i = 0; i < free; ++i)
                s.exec(QStringLiteral("PRAGMA incremental_vacuum(1)"));
        }
    } catch (const Run::Stopped &) {
        report.removed = r.removedSoFar;
        report.kept = r.keptSoFar;
        qCInfo(lcService).noquote() << QStringLiteral("retention by %1 stopped between steps (%2 removed so far); "
                                                      "the next run resumes where it stopped")
                                           .arg(actor).arg(report.removed);
        return report;
    } catch (const SqlError &e) {
        if (e.kind() == SqlError::Kind::ConnectionLost)
            throw JobDeskError(Code::StoreUnavailable, refusal::make("JD315", e.message()));
        throw JobDeskError(Code::StoreError, refusal::make("JD316", e.message()));
    }
    qCInfo(lcService).noquote() << QStringLiteral("retention run %1 by %2: %3 selected, %4 removed, %5 kept, %6 tombstones expired")
                                       .arg(report.runId).arg(actor).arg(report.selected).arg(report.removed).arg(report.kept)
                                       .arg(report.tombstonesExpired);
    return report;
}

RetentionSchedule::RetentionSchedule(StoreUrl url, RetentionPolicy policy, QString actor, std::chrono::milliseconds every)
    : m_url(std::move(url)), m_policy(std::move(policy)), m_actor(std::move(actor)), m_every(every)
{
    checkPolicy(m_policy); // a bad folder is refused when the server starts, not an hour later
    m_thread = std::thread([this] { loop(); });
}

RetentionSchedule::~RetentionSchedule()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void RetentionSchedule::loop()
{
    std::unique_ptr<JobService> svc;
    for (;;) {
        {
            std::unique_lock lock(m_mutex);
            if (m_wake.wait_for(lock, m_every, [this] { return m_stopping; }))
                break;
        }
        try {
            if (!svc)
                svc = JobService::open(m_url);
            // A rest that a stopping server cuts short, stopping the run there.
            Retention(*svc).run(m_policy, m_actor, false, {}, [this](std::chrono::milliseconds ms) {
                std::unique_lock lock(m_mutex);
                return !m_wake.wait_for(lock, ms, [this] { return m_stopping; });
            });
        } catch (const JobDeskError &e) {
            if (e.code() != Code::StoreBusy) // StoreBusy: another process's run holds the lock
                qCWarning(lcService).noquote() << QStringLiteral("retention run failed, trying again in %1 s: %2")
                                                      .arg(m_every.count() / 1000).arg(e.message());
            if (e.code() == Code::StoreUnavailable || e.code() == Code::StoreError)
                svc.reset();
        }
        ++m_runs;
    }
    svc.reset(); // a connection closes in the thread that opened it
}

QList<QJsonObject> readRetentionArchive(const QString &path)
{
    auto refuse = [&](const QString &why) -> QList<QJsonObject> {
        throw JobDeskError(Code::InvalidArgument, refusal::make("JD317", path, why));
    };
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return refuse(f.errorString());
    const QByteArray compressed = f.readAll();
    QFile sidecar(path + QStringLiteral(".sha256"));
    if (!sidecar.open(QIODevice::ReadOnly))
        return refuse(QStringLiteral("its checksum file is missing"));
    const QByteArray expected = sidecar.readAll().split(' ').value(0).trimmed();
    if (QCryptographicHash::hash(compressed, QCryptographicHash::Sha256).toHex() != expected)
        return refuse(QStringLiteral("its checksum does not match"));
    z_stream z{};
    if (inflateInit2(&z, 15 + 16) != Z_OK)
        return refuse(QStringLiteral("cannot decompress"));
    QByteArray text;
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(compressed.constData()));
    z.avail_in = static_cast<uInt>(compressed.size());
    char out[64 * 1024];
    int rc = Z_OK;
    while (rc == Z_OK) {
        z.next_out = reinterpret_cast<Bytef *>(out);
        z.avail_out = sizeof out;
        rc = inflate(&z, Z_NO_FLUSH);
        text.append(out, static_cast<qsizetype>(sizeof out - z.avail_out));
        if (rc == Z_BUF_ERROR && z.avail_in == 0)
            break;
    }
    inflateEnd(&z);
    if (rc != Z_STREAM_END)
        return refuse(QStringLiteral("it ends early"));
    QList<QJsonObject> records;
    for (const QByteArray &line : text.split('\n')) {
        if (line.isEmpty())
            continue;
        QJsonParseError err;
        const QJsonDocument d = QJsonDocument::fromJson(line, &err);
        if (err.error != QJsonParseError::NoError || !d.isObject())
            return refuse(QStringLiteral("a record is not JSON"));
        records.append(d.object());
    }
    if (records.isEmpty() || records.first().value(QStringLiteral("archive")).toString() != QLatin1String("jobdesk-retention"))
        return refuse(QStringLiteral("it has no JobDesk header"));
    return records;
}

} // namespace jobdesk
