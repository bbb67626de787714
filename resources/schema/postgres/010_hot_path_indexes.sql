-- JobDesk schema 10 (PostgreSQL): fewer index entries per job insert and per
-- recorded replay (issue 10; bench/README.md has the review and the figures).
-- Every query keeps an index that serves it; only indexes that another one
-- already covers, or that no query reads, go.
--
--   * jobs_one_per_intent keeps its rule (one job per owner and key) with its
--     columns in the other order, (idempotency_key, owner_id): a lookup by key
--     alone (the console's find-by-key and key search) is then served by it,
--     and jobs_by_key (idempotency_key), a prefix of it, goes. INSERT ... ON
--     CONFLICT (owner_id, idempotency_key) names the columns as a set, so it
--     finds the same constraint. The new index is built while reads go on
--     (writes to jobs wait); the swap itself is a moment's exclusive lock.
--   * jobs_queued (id) WHERE state = 'queued' goes: jobs_by_state (state, id)
--     serves the dispatcher's claim (state = 'queued' ORDER BY id) and the
--     queued count with the same entries in the same order.
--   * idempotency_events_by_key (owner_id, idempotency_key, id) goes: every
--     query of the events by (owner, key) is served by
--     idempotency_events_by_key_only (idempotency_key, id), which the planner
--     already chose for all of them at a million jobs
--     (bench/console-plans-1m.txt).
--   * idempotency_events_by_job (job_id, id) goes: no query reads the events
--     by job (a job's events are its key's), and jobs are never deleted, so
--     the foreign key never looks them up either.
--
-- A job insert writes 6 index entries instead of 8; a replay or conflict
-- record 2 instead of 4.

CREATE UNIQUE INDEX jobs_one_per_intent_by_key ON jobs (idempotency_key, owner_id);
ALTER TABLE jobs DROP CONSTRAINT jobs_one_per_intent;
ALTER TABLE jobs ADD CONSTRAINT jobs_one_per_intent UNIQUE USING INDEX jobs_one_per_intent_by_key;
DROP INDEX jobs_by_key;
DROP INDEX jobs_queued;
DROP INDEX idempotency_events_by_key;
DROP INDEX idempotency_events_by_job;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (10, '010_hot_path_indexes.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
