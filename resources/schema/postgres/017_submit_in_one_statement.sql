-- JobDesk schema 17 (PostgreSQL): nothing to change. On SQLite a new job
-- became one statement in autocommit, with a trigger that moves its change
-- counter (see the SQLite file of the same number); PostgreSQL's new job has
-- been one statement since the insert-first submit (change_seq from the
-- jd_change_seq sequence). The version is recorded so both dialects count
-- alike.

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (17, '017_submit_in_one_statement.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
