-- 4,000 more jobs, queued, without attempts, claimed by worker w for an hour
-- (ids 200001..204000): the jobs start_attempt.sql starts an attempt on.
SET session_replication_role = replica;
INSERT INTO jobs (id, owner_id, idempotency_key, fingerprint, route, input, client_meta, claimed_by, claim_expires_at_ms)
SELECT 200000 + g, 'owner', 's-' || g, repeat('a', 64), 'summarise', '{"prompt":"p"}', '{}', 'w', jd_now_ms() + 3600000
  FROM generate_series(1, 4000) g;
SET session_replication_role = DEFAULT;
VACUUM ANALYZE jobs;
