-- JobDesk schema 22 (SQLite): nothing to change. On PostgreSQL the guard
-- functions now name their tables with the schema, so that a temporary
-- table of the same name cannot answer for them (see the PostgreSQL file of
-- the same number). SQLite resolves the tables a trigger names in the
-- trigger's own database, so a temporary table cannot stand in for them
-- here (tst_database_guard::aTemporaryTableCannotStandInForTheGuardsTables
-- checks both stores). The version is recorded so both dialects count alike.

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (22, '022_guards_name_their_schema.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
