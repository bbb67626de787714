-- The key is taken: the existing job and the replay or conflict event. This
-- statement's snapshot sees the job: the insert that found the key taken
-- waited for the taking insert to commit, and a statement in autocommit takes
-- its snapshot when it starts (DESIGN.md's trap, a snapshot too old to see a
-- job a concurrent insert committed, cannot happen here). A replay leaves out
-- the input (the caller sent the same intent).
--
-- Parameter 7 true (autocommit, no synchronous standby): a replay's event
-- commits asynchronously, `ev` setting synchronous_commit = off for this
-- statement's own transaction. Its answer is read from the job row, committed
-- synchronously before any replay could see it (PgSession raises a session's
-- synchronous_commit to on); only the event record can be lost, and only if
-- the server crashes within wal_writer_delay (docs/architecture.md). A
-- conflict commits as the session does: its record holds the only copy of the
-- rejected intent (tst_submit::onlyReplaysCommitAsynchronously). With a
-- synchronous standby the replay waits for it as the session does, so a
-- failover cannot lose a job a client was told exists
-- (tst_synchronous_standby::aReplayIsNotAnsweredBeforeTheSynchronousStandbyHasTheJob).
-- Inside a caller's transaction parameter 7 is false: the setting would be
-- the whole transaction's.
--
-- The event and the answer each look the job up by its key; one statement has
-- one snapshot, so both find the same row or neither does (cheaper than one
-- look shared through materialised CTEs).
-- Parameters: owner, key, fingerprint, route, input, client_meta, may commit asynchronously.
-- Columns: outcome, then rows::kJobColumns.
WITH ev AS (
    INSERT INTO idempotency_events (kind, owner_id, idempotency_key, job_id, fingerprint, existing_fingerprint,
                                    rejected_intent, client_meta, at_ms)
    SELECT CASE WHEN t.fingerprint = $3::text THEN 'replayed' ELSE 'conflict' END::idempotency_event_kind, $1::text,
           $2::text, t.id, $3::text, t.fingerprint,
           CASE WHEN t.fingerprint <> $3::text THEN jsonb_build_object('route', $4::text, 'input', $5::jsonb) END,
           $6::jsonb, jd_now_ms()
    FROM jobs t
    WHERE t.owner_id = $1::text AND t.idempotency_key = $2::text
      AND (NOT $7::boolean
           OR set_config('synchronous_commit',
                         CASE WHEN current_setting('synchronous_standby_names') = ''
                                   AND t.fingerprint = $3::text THEN 'off'
                              ELSE current_setting('synchronous_commit') END, true) IS NOT NULL))
SELECT CASE WHEN t.fingerprint = $3::text THEN 'replayed' ELSE 'conflict' END, t.id, t.owner_id::text,
       t.idempotency_key::text, t.fingerprint::text, t.route::text, CASE WHEN t.fingerprint <> $3::text THEN t.input END,
       t.state, t.version::bigint, t.change_seq, t.max_parallel::integer, t.max_attempts::integer, t.completed_by,
       t.result, t.client_meta, t.state_reason, t.created_at_ms, t.updated_at_ms
FROM jobs t
WHERE t.owner_id = $1::text AND t.idempotency_key = $2::text
