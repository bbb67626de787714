-- JobDesk schema 20 (SQLite): nothing to change. On PostgreSQL the guards'
-- PL/pgSQL functions now run a query only when its answer can refuse
-- something, and read a job's attempts once (see the PostgreSQL file of the
-- same number). SQLite's guards are triggers whose WHEN clauses and
-- subqueries are compiled into each prepared statement once. The version is
-- recorded so both dialects count alike.

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (20, '020_guards_look_once.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
