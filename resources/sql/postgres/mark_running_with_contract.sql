-- Mark running and record the route contract the request goes under, in one
-- round trip. The contract is recorded for an attempt this statement moves to
-- running: found starting in its snapshot, and running in what jd_mark_running
-- answers (not one it fails as never sent, nor one the reaper or a cancel moved
-- on meanwhile). The first recorded stays; both inserts commit with the move or
-- not at all. A contract already recorded is looked up, not re-inserted, so its
-- config is not even parsed (bench/README.md, "Server instructions per call").
-- Parameters: attempt, actor kind, actor id, lease, deadline, sent to,
-- contract hash, route, contract JSON. Columns: jd_mark_running's.
WITH s AS (SELECT t.id FROM attempts t WHERE t.id = $1 AND t.state = 'starting'),
m AS (SELECT * FROM jd_mark_running($1, $2, $3, $4, $5, $6)),
w AS (SELECT m.id FROM m JOIN s ON s.id = m.id WHERE m.outcome = 'ok' AND m.state = 'running'),
rc AS (INSERT INTO route_contracts (contract_hash, route, config, recorded_at_ms)
       SELECT $7, $8, $9::jsonb, jd_now_ms() FROM w
       WHERE NOT EXISTS (SELECT 1 FROM route_contracts c WHERE c.contract_hash = $7)
       ON CONFLICT (contract_hash) DO NOTHING),
ac AS (INSERT INTO attempt_contracts (attempt_id, contract_hash) SELECT w.id, $7 FROM w
       ON CONFLICT (attempt_id) DO NOTHING)
SELECT * FROM m
