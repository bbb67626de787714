-- Submit on SQLite, a new key: one statement in autocommit. A write statement
-- takes SQLite's write lock before it reads anything, so the counter it reads
-- is the latest; the trigger jobs_insert_moves_counter moves the counter to the
-- new job's change_seq. No row back: the key is taken (SqliteService::submitTx).
-- Parameters: owner, key, fingerprint, route, input, max_parallel, max_attempts, client_meta.
-- Columns: id, change_seq, created_at_ms.
INSERT INTO jobs (owner_id, idempotency_key, fingerprint, route, input, max_parallel, max_attempts, client_meta,
                  change_seq, created_at_ms, updated_at_ms)
SELECT $1, $2, $3, $4, $5, $6, $7, $8, c.value + 1, n.ms, n.ms
FROM jd_counter c, (SELECT CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) AS ms) n
WHERE c.id = 1
ON CONFLICT (owner_id, idempotency_key) DO NOTHING
RETURNING id, change_seq, created_at_ms
