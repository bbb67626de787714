-- JobDesk schema 15 (SQLite): nothing to change. The two rules that tie a
-- job's outcome columns together (jobs_result_with_winner,
-- jobs_succeeded_iff_winner) stay CHECK constraints here: SQLite compiles
-- them into each prepared statement once, so they cost nothing per call. On
-- PostgreSQL they moved into the guards (see the PostgreSQL file of the same
-- number). The version is recorded so both dialects count alike.

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (15, '015_outcome_rules_in_guards.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
