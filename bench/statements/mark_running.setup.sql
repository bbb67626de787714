-- 4,000 more jobs, each with one starting attempt (job and attempt ids
-- 200001..204000), claimed by worker w: the attempts mark_running.sql moves
-- to running.
SET session_replication_role = replica;
INSERT INTO jobs (id, owner_id, idempotency_key, fingerprint, route, input, state, client_meta, claimed_by, claim_expires_at_ms)
SELECT 200000 + g, 'owner', 's-' || g, repeat('a', 64), 'summarise', '{"prompt":"p"}', 'running', '{}', 'w', jd_now_ms() + 3600000
  FROM generate_series(1, 4000) g;
INSERT INTO attempts (id, job_id, attempt_no, provider, kind, state, read_version, start_request_id, worker_id,
                      lease_expires_at_ms, last_actor_kind, last_actor_id)
SELECT 200000 + g, 200000 + g, 1, 'primary', 'automatic', 'starting', 0, 'start-' || g, 'w', jd_now_ms() + 3600000, 'worker', 'w'
  FROM generate_series(1, 4000) g;
SET session_replication_role = DEFAULT;
VACUUM ANALYZE jobs;
VACUUM ANALYZE attempts;
