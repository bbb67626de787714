-- JobDesk 1.0, PostgreSQL: a job's derived state read from its own attempts
-- only. Every attempt transition stores it on the job (jd_attempts_after_change);
-- as three EXISTS/count subqueries the planner could answer "any open attempt of
-- this job?" by walking attempts_open_by_lease, every open attempt of the store,
-- so each transition cost grew with the number of attempts in flight. One
-- aggregate over the job's attempts (attempts_no_per_job) reads two or three rows.
-- tst_hot_paths::theDerivedStateReadsOnlyTheJobsOwnAttempts.

CREATE OR REPLACE VIEW job_derived_state AS
SELECT j.id,
       (CASE
            WHEN j.completed_by IS NOT NULL THEN 'succeeded'
            WHEN j.state = 'cancelled' THEN 'cancelled'
            WHEN a.unknown THEN 'blocked'
            WHEN a.open THEN 'running'
            WHEN a.tries >= j.max_attempts THEN 'failed'
            ELSE 'queued'
        END)::job_state AS state
FROM jobs j
CROSS JOIN LATERAL (SELECT coalesce(bool_or(t.state = 'unknown'), false) AS unknown,
                           coalesce(bool_or(t.state IN ('starting', 'running')), false) AS open,
                           count(*) FILTER (WHERE t.kind <> 'retry') AS tries
                      FROM attempts t
                     WHERE t.job_id = j.id) a;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (4, '004_derived_state_by_job.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
