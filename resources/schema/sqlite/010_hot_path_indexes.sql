-- JobDesk schema 10 (SQLite): the indexes that another one already covers, or
-- that no query reads, go (see the PostgreSQL file of the same number).
--
--   * jobs_queued (id) WHERE state = 'queued': jobs_by_state (state, id) serves
--     the dispatcher's claim and the queued count in the same order.
--   * idempotency_events_by_key (owner_id, idempotency_key, id): the lookups by
--     (owner, key) are served by idempotency_events_by_key_only
--     (idempotency_key, id).
--   * idempotency_events_by_job (job_id, id): no query reads the events by
--     job, and jobs are never deleted.
--
-- The unique (owner_id, idempotency_key) constraint is part of the table's
-- definition here (reordering it would rebuild the table), so jobs_by_key
-- stays on SQLite.

DROP INDEX jobs_queued;
DROP INDEX idempotency_events_by_key;
DROP INDEX idempotency_events_by_job;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (10, '010_hot_path_indexes.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
