-- JobDesk schema 8: indexes for the console's worklists, so each of its
-- queries is an index read at a million jobs (bench/README.md has the plans).

-- Find a job by its idempotency key alone (a support engineer types what the
-- customer sent), and filter the jobs table by owner or route, newest first.
CREATE INDEX jobs_by_key ON jobs (idempotency_key);
CREATE INDEX jobs_by_owner ON jobs (owner_id, id);
CREATE INDEX jobs_by_route ON jobs (route, id);
-- Requests with a key, by key alone.
CREATE INDEX idempotency_events_by_key_only ON idempotency_events (idempotency_key, id);
-- Charts over time: transitions and race losses by when they happened.
CREATE INDEX attempt_events_by_time ON attempt_events (at_ms, to_state);
CREATE INDEX race_losses_by_time ON race_losses (at_ms, id);
-- Jobs that ran on a provider (the jobs table's provider filter).
CREATE INDEX attempts_by_provider ON attempts (provider, job_id);

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (8, '008_worklists.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
