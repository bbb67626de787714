#pragma once

// A big, realistic store in bulk (set-based INSERT ... SELECT with triggers
// off): the console and retention benchmarks' data, not written through
// JobService. Jobs get ids first..first+jobs-1; their times are in 2023, so
// every decided one is past any retention.

#include "service/JobService.h"
#include "store/SqlSession.h"

#include <QElapsedTimer>
#include <QFile>
#include <QString>

#include <cstdio>

namespace jobdesk::bench {

inline QString schemaUrl(const QString &base, const QString &schema)
{
    const QString sep = base.contains(u'?') ? QStringLiteral("&") : QStringLiteral("?");
    return base + sep + QStringLiteral("options=-csearch_path%3D") + schema;
}

// The machine's load average (1, 5, 15 min), printed beside each figure: the
// benchmarks run on shared machines.
inline QString loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("?");
    return QString::fromLatin1(f.readLine()).section(u' ', 0, 2);
}

// How seed() treats the secondary indexes of the tables it fills.
enum class SeedIndexes {
    Maintain, // inserted into row by row, as production writes them (a store that already has rows)
    Rebuild,  // dropped before the load and built again after it, with the same names and definitions
};

// Shapes: every job has 2 or 3 attempts (2.5 on average); 0.1% blocked by an
// unknown attempt, 0.2% queued, 0.15% running, 2% failed, 1% cancelled, the
// rest succeeded; 1% of the winners beat a superseded sibling (a race loss);
// 2% of the keys were sent twice and 0.2% reused with another payload.
// Triggers are off for the load (session_replication_role = replica), as for
// a restore: the rows are what the guards would have let through. With
// SeedIndexes::Rebuild every secondary index and unique constraint of the
// filled tables that no foreign key depends on is built after the load (a
// sort instead of 25M random B-tree inserts at 10M jobs); primary keys stay.
// liveSpread > 1 makes the blocked, queued and running jobs that many times
// rarer, so a store k times larger seeded with spread k holds as many live
// jobs as the smaller one: more history, the same work in flight.
inline void seed(JobService &svc, qint64 jobs, qint64 first = 1, SeedIndexes indexes = SeedIndexes::Maintain,
                 bool progress = false, qint64 liveSpread = 1)
{
    SqlSession &s = svc.session();
    QElapsedTimer t;
    t.start();
    const auto step = [&](const char *what, const QString &sql) {
        s.execScript(sql);
        if (progress) {
            std::printf("  seed: %-44s %7.1f s (load average %s)\n", what, double(t.elapsed()) / 1000.0, qPrintable(loadAverage()));
            std::fflush(stdout);
        }
        t.restart();
    };
    s.execScript(QStringLiteral("SET session_replication_role = replica; SET maintenance_work_mem = '512MB'"));
    if (indexes == SeedIndexes::Rebuild)
        step("dropped secondary indexes", QStringLiteral(R"SQL(
CREATE TEMP TABLE seed_indexes AS
SELECT c.relname AS tbl, i.relname AS name, con.conname,
       CASE WHEN con.oid IS NULL THEN pg_get_indexdef(i.oid)
            ELSE format('ALTER TABLE %I ADD CONSTRAINT %I %s', c.relname, con.conname, pg_get_constraintdef(con.oid)) END AS def
  FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
  LEFT JOIN pg_constraint con ON con.conindid = i.oid AND con.conrelid = c.oid AND con.contype IN ('u', 'x')
 WHERE c.relnamespace = current_schema()::regnamespace AND NOT x.indisprimary
   AND c.relname IN ('jobs', 'attempts', 'attempt_events', 'race_losses', 'idempotency_events')
   AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = i.oid);
DO $$
DECLARE r record;
BEGIN
    FOR r IN SELECT * FROM seed_indexes LOOP
        IF r.conname IS NULL THEN EXECUTE format('DROP INDEX %I', r.name);
        ELSE EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', r.tbl, r.conname);
        END IF;
    END LOOP;
END $$;
)SQL"));
    step("shape", QStringLiteral(R"SQL(
CREATE TEMP TABLE shape AS
SELECT g AS job,
       CASE WHEN g % (1000 * %3) = 0 THEN 'blocked' WHEN g % (500 * %3) = 1 THEN 'queued' WHEN g % (700 * %3) = 2 THEN 'running'
            WHEN g % 50 = 3 THEN 'failed' WHEN g % 100 = 4 THEN 'cancelled' ELSE 'succeeded' END AS state,
       2 + g % 2 AS n,
       1700000000000 + g * 60 AS t
FROM generate_series(%2, %2 + %1 - 1) g;
)SQL").arg(jobs).arg(first).arg(std::max<qint64>(1, liveSpread)));
    step("attempts", QStringLiteral(R"SQL(
INSERT INTO attempts (id, job_id, attempt_no, provider, kind, state, read_version, start_request_id, worker_id,
                      lease_expires_at_ms, deadline_at_ms, last_actor_kind, last_actor_id, last_reason, change_seq,
                      created_at_ms, updated_at_ms, provider_key, result_digest)
SELECT 3 * (s.job - 1) + a.no, s.job, a.no, CASE a.no WHEN 1 THEN 'primary' WHEN 2 THEN 'fallback' ELSE 'spare' END,
       CASE WHEN a.no = 2 AND s.job % 100 = 7 THEN 'hedge' ELSE 'automatic' END::attempt_kind,
       (CASE WHEN a.no < s.n THEN (CASE WHEN s.job % 100 = 7 AND a.no = s.n - 1 THEN 'superseded' ELSE 'failed' END)
             WHEN s.state = 'succeeded' THEN 'succeeded' WHEN s.state = 'blocked' THEN 'unknown'
             WHEN s.state = 'running' THEN 'running' WHEN s.state = 'cancelled' THEN 'cancelled'
             ELSE 'failed' END)::attempt_state,
       0, 'seed-' || s.job || '-' || a.no, 'seed-worker', s.t + 30000, s.t + 30000, 'worker', 'seed-worker',
       CASE WHEN s.state = 'blocked' AND a.no = s.n THEN 'deadline passed without a complete answer' END,
       nextval('jd_change_seq'), s.t + a.no * 1000, s.t + a.no * 1000 + 800, gen_random_uuid()::text,
       CASE WHEN a.no = s.n AND s.state = 'succeeded' THEN md5(s.job::text) || md5(s.job::text) END
FROM shape s CROSS JOIN LATERAL generate_series(1, s.n) AS a(no);
)SQL"));
    step("jobs", QStringLiteral(R"SQL(
INSERT INTO jobs (id, owner_id, idempotency_key, fingerprint, route, input, state, version, change_seq, max_parallel,
                  max_attempts, completed_by, result, client_meta, created_at_ms, updated_at_ms)
SELECT s.job, 'owner-' || (s.job % 5000), 'key-' || s.job, md5(s.job::text) || md5((s.job + 1)::text), 'summarize',
       jsonb_build_object('text', 'order ' || s.job), s.state::job_state,
       CASE WHEN s.state IN ('succeeded', 'cancelled') THEN 1 ELSE 0 END, nextval('jd_change_seq'), 2, 3,
       CASE WHEN s.state = 'succeeded' THEN 3 * (s.job - 1) + s.n END,
       CASE WHEN s.state = 'succeeded' THEN json_build_object('summary', 'done ' || s.job) END,
       jsonb_build_object('ip', '203.0.113.' || (s.job % 250), 'user_agent', 'seed'), s.t, s.t + 5000
FROM shape s;
)SQL"));
    // Two events per attempt, read from the rows just written (first.. onwards).
    step("attempt events", QStringLiteral(R"SQL(
INSERT INTO attempt_events (attempt_id, job_id, from_state, to_state, actor_kind, actor_id, reason, at_ms)
SELECT a.id, a.job_id, NULL, 'starting', 'worker', 'seed-worker', NULL, a.created_at_ms FROM attempts a WHERE a.job_id >= %1
UNION ALL
SELECT a.id, a.job_id, 'running', a.state::text, 'worker', 'seed-worker', a.last_reason, a.updated_at_ms FROM attempts a
 WHERE a.job_id >= %1;
)SQL").arg(first));
    step("race losses, idempotency events", QStringLiteral(R"SQL(
INSERT INTO race_losses (attempt_id, job_id, expected_version, found_version, winner_attempt_id, payload_digest, at_ms)
SELECT a.id, a.job_id, 0, 1, 3 * (a.job_id - 1) + 3, md5(a.id::text) || md5(a.id::text), a.updated_at_ms
FROM attempts a WHERE a.state = 'superseded' AND a.job_id >= %1;
INSERT INTO idempotency_events (kind, owner_id, idempotency_key, job_id, fingerprint, existing_fingerprint,
                                rejected_intent, client_meta, at_ms)
SELECT CASE WHEN s.job % 500 = 11 THEN 'conflict' ELSE 'replayed' END::idempotency_event_kind,
       'owner-' || (s.job % 5000), 'key-' || s.job, s.job, md5(s.job::text) || md5((s.job + 1)::text),
       md5(s.job::text) || md5((s.job + 1)::text),
       CASE WHEN s.job % 500 = 11 THEN jsonb_build_object('route', 'summarize', 'input', jsonb_build_object('text', 'other')) END,
       jsonb_build_object('ip', '203.0.113.' || (s.job % 250), 'user_agent', 'second tab'), s.t + 180
FROM shape s WHERE s.job % 50 = 11;
SELECT setval(pg_get_serial_sequence('attempts', 'id'), (SELECT max(id) FROM attempts));
SELECT setval(pg_get_serial_sequence('jobs', 'id'), (SELECT max(id) FROM jobs));
DROP TABLE shape;
)SQL").arg(first));
    if (indexes == SeedIndexes::Rebuild)
        step("built secondary indexes", QStringLiteral(R"SQL(
DO $$
DECLARE r record;
BEGIN
    FOR r IN SELECT * FROM seed_indexes LOOP
        EXECUTE r.def;
    END LOOP;
END $$;
DROP TABLE seed_indexes;
)SQL"));
    s.execScript(QStringLiteral("SET session_replication_role = origin; RESET maintenance_work_mem"));
    // As autovacuum would have by now: statistics and the visibility map (index-only scans).
    // (One statement each: VACUUM refuses to run in a multi-statement string.)
    for (const char *table : {"jobs", "attempts", "attempt_events", "idempotency_events", "race_losses"})
        s.exec(QStringLiteral("VACUUM (ANALYZE) ") + QLatin1String(table));
    if (progress)
        std::printf("  seed: %-44s %7.1f s (load average %s)\n", "vacuum analyze", double(t.elapsed()) / 1000.0,
                    qPrintable(loadAverage()));
}

} // namespace jobdesk::bench
