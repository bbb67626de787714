-- JobDesk schema 23 (SQLite): nothing to check. On PostgreSQL a schema in
-- which every role may create objects is refused (see the PostgreSQL file of
-- the same number); SQLite has no roles: whoever can write the file can
-- change anything in it. The version is recorded so both dialects count
-- alike.

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (23, '023_schema_created_by_its_owner_only.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
