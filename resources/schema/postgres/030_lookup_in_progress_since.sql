-- JobDesk schema 30 (PostgreSQL): since when the provider has said "still
-- working on it" about an unknown attempt, kept across lookups that failed.
--
-- Since this session's change to recordLookup, a provider's "in progress"
-- that is news moves the job's change sequence, so an operator's cancel
-- decided before it is refused as stale. News was judged against the last
-- answer stored, and a failed lookup stores "no answer": a status endpoint
-- that timed out every other pass made each "in progress" news again, and
-- every cancel, retry or job cancel an operator decided on the job was
-- refused as stale for as long as it flapped (found by a review).
--
-- lookup_in_progress_since_ms is set by the first "in progress" and kept by
-- failed lookups; "never processed" (the provider's word for the opposite)
-- clears it. Only setting it moves the job's change sequence.
-- An older JobDesk neither reads nor writes the column.

ALTER TABLE attempts ADD COLUMN lookup_in_progress_since_ms bigint;

INSERT INTO schema_readers (version, oldest_reader) VALUES (30, 24);

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (30, '030_lookup_in_progress_since.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
