-- JobDesk schema 25 (SQLite): nothing to change in the schema. A late result
-- for a failed attempt is now a race loss, as one for a cancelled attempt is:
-- the attempt stays failed, the payload is discarded and its digest kept in
-- race_losses. On PostgreSQL that is jd_complete (the file of the same
-- number); here JobService writes the row (core/service/JobService.cpp,
-- completeTx), which nothing in this schema refuses. The version is recorded
-- so both dialects count alike.

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (25, '025_late_result_of_a_failed_attempt.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
