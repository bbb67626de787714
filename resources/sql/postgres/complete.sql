-- Complete on PostgreSQL (invariant 5). The win, the hot path, is this one
-- statement of plain SQL: lock the attempt (a running or unknown one), then the
-- CAS on the job (the UPDATE takes the job's lock: attempt before job, as
-- cancel does; its WHERE, re-checked on the latest row when it waits, is what
-- decides), then the attempt to succeeded; the triggers check both rows and
-- write the event. A loser pays one row lock so that no win pays for reading
-- the job first. No row back: nothing was written, and everything else (a
-- re-run of a win, a starting or failed attempt, a lost race, a job that
-- changed since this statement's snapshot) is jd_complete's, a second
-- statement, so a win does not set up what it never runs.
-- Parameters: attempt, result, digest, actor kind, actor id.
-- Columns: outcome, job_id, expected_version, found_version, winner, attempt_state.
WITH a AS MATERIALIZED (
    SELECT t.id, t.job_id, t.read_version FROM attempts t
    WHERE t.id = $1 AND t.state IN ('running', 'unknown')
    FOR UPDATE OF t),
j AS (
    UPDATE jobs t SET result = $2::json, completed_by = a.id, version = t.version + 1, state = 'succeeded',
                      state_reason = NULL, change_seq = nextval('jd_change_seq'), updated_at_ms = jd_now_ms()
    FROM a
    WHERE t.id = a.job_id AND t.version = a.read_version AND t.completed_by IS NULL AND t.state <> 'cancelled'
    RETURNING t.id, a.read_version, t.change_seq, t.updated_at_ms),
w AS (
    UPDATE attempts t SET state = 'succeeded', result_digest = $3::text, last_actor_kind = $4::text,
                          last_actor_id = $5::text, last_reason = NULL, change_seq = j.change_seq,
                          updated_at_ms = j.updated_at_ms
    FROM j WHERE t.id = $1
    RETURNING t.id)
SELECT 'won'::text, j.id, j.read_version::bigint, j.read_version::bigint, w.id, 'succeeded'::text FROM j, w
