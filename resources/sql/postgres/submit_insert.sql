-- Create-or-replay on PostgreSQL (invariants 1 and 2), in autocommit. A new
-- key, the hot path, is this one plain statement, which the unique constraint
-- on (owner, key) decides; it answers the three values the database chose
-- (id, change_seq, created_at_ms): the caller has the rest. No row back: the
-- key is taken and nothing was written; submit_replay.sql answers, a second
-- round trip, so no new key pays for the replay's branches.
-- Parameters: owner, key, fingerprint, route, input, client_meta, max_parallel, max_attempts.
INSERT INTO jobs AS t (owner_id, idempotency_key, fingerprint, route, input, max_parallel, max_attempts,
                       client_meta, created_at_ms, updated_at_ms)
SELECT $1::text, $2::text, $3::text, $4::text, $5::jsonb, $7::integer, $8::integer, $6::jsonb, n.ms, n.ms
FROM jd_now_ms() AS n(ms)
ON CONFLICT (owner_id, idempotency_key) DO NOTHING
RETURNING t.id, t.change_seq, t.created_at_ms
