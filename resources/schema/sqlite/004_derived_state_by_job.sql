-- JobDesk 1.0, SQLite: the derived state's migration is PostgreSQL's alone
-- (postgres/004_derived_state_by_job.sql). SQLite answers each of
-- job_derived_state's subqueries by the job's own attempts already
-- (attempts_no_per_job), so its view stays; the version keeps both stores'
-- migrations in step.

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (4, '004_derived_state_by_job.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
