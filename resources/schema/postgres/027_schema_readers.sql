-- JobDesk schema 27 (PostgreSQL): which older JobDesk may still use a schema
-- that has newer migrations than it knows (a rolling deploy, or a rollback).
--
-- A JobDesk refuses a schema newer than the migrations it ships: it cannot
-- know whether its statements still mean what they meant. Found by a review:
-- during a rolling deploy, an older instance whose connection dropped once
-- could not open the store again, and so stopped dispatching, reaping and
-- reconciling, while its HTTP handlers still took jobs. Many migrations
-- change nothing an older binary relies on (a new nullable column, a new
-- table, a function that answers a case it refused). Such a migration now
-- says so: a row here, (its version, the oldest version a binary must know
-- to use a schema that has it). A JobDesk opens a newer schema without
-- migrating when every migration it does not know has a row whose
-- oldest_reader it knows; otherwise it refuses, as before.
-- (core/store/Migrations.cpp, tst_migrations::aNewerSchemaOpensWhereEveryUnknownMigrationAllowsIt.)
--
-- Binaries from before this migration do not read the table: the first
-- JobDesk to benefit is the one that ships it.
--
-- 25 (a failed attempt's late result is a race loss: an older binary maps the
-- answer it gets, 'lost', as it always did), 26 (two nullable columns on
-- attempts that older binaries do not read) and 27 (this table) keep a
-- schema usable by a JobDesk that knows 24.

CREATE TABLE schema_readers (
    version       integer PRIMARY KEY,
    oldest_reader integer NOT NULL CHECK (oldest_reader < version)
);
INSERT INTO schema_readers (version, oldest_reader) VALUES (25, 24), (26, 24), (27, 24);
DO $migration$
BEGIN
    EXECUTE format('GRANT SELECT ON %I.schema_readers TO jobdesk_viewer', current_schema());
END $migration$;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (27, '027_schema_readers.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
