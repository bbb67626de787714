-- A status lookup's answer (JobService::recordLookup). Recorded as asked now,
-- unless an operator's request came in after the question went out: then as
-- asked at parameter 2 (never later than now, never moving back), so the
-- request stays outstanding and the next pass asks again. The clock is read
-- once (n.ms): "in progress since" is the time of the lookup that said so.
-- Parameter 5: 1 the provider is still working on it (in progress since now,
-- unless already), 2 it has no record where the request went (no longer in
-- progress), 0 neither.
-- Parameters: attempt, asked at, answer, detail, progress.
UPDATE attempts
SET last_lookup_at_ms = CASE WHEN lookup_requested_at_ms IS NOT NULL AND lookup_requested_at_ms > min(COALESCE($2, n.ms), n.ms)
                             THEN CASE WHEN last_lookup_at_ms IS NOT NULL AND last_lookup_at_ms > min(COALESCE($2, n.ms), n.ms)
                                       THEN last_lookup_at_ms ELSE min(COALESCE($2, n.ms), n.ms) END
                             ELSE n.ms END,
    lookup_count = lookup_count + 1,
    last_lookup_answer = $3,
    last_lookup_detail = $4,
    lookup_in_progress_since_ms = CASE $5 WHEN 1 THEN COALESCE(lookup_in_progress_since_ms, n.ms)
                                               WHEN 2 THEN NULL
                                               ELSE lookup_in_progress_since_ms END
FROM (SELECT CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) AS ms) AS n
WHERE attempts.id = $1
