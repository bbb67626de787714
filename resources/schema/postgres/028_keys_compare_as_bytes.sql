-- JobDesk schema 28 (PostgreSQL): a job's keys compare as bytes, and its
-- insert has a guard of its own (issue 10, the eleventh look; figures in
-- bench/README.md).
--
-- 1. owner_id, idempotency_key, route and fingerprint of jobs, and owner_id
--    and idempotency_key of idempotency_events, take the "C" collation.
--    They are opaque names: their equality was always byte equality (a
--    deterministic collation breaks ties bytewise), so no answer changes,
--    and SQLite's store compares them as bytes already (BINARY). What
--    changes:
--    * the indexes on them (the key's unique index, jobs_by_owner,
--      jobs_by_route, idempotency_events_by_key_only) compare with memcmp
--      instead of the operating system's strcoll: a new key costs ~7,500
--      fewer server instructions on a C.UTF-8 database, more on a
--      language's collation (en_US.UTF-8 and the like);
--    * the unique index that makes one job of one intent no longer depends
--      on the C library's collation rules. A glibc upgrade that changes them
--      (2.28 did, for most locales) leaves an index built under the old
--      rules out of order, where a lookup can miss a key that is there: the
--      constraint the whole product stands on would let a second job in for
--      one intent until the index is rebuilt;
--    * a list ordered by these columns orders them by bytes, as SQLite does.
--    A comparison of such a column with a parameter or a literal takes the
--    column's collation (a non-default implicit collation wins over the
--    default), so every statement JobDesk sends keeps using these indexes
--    (tst_hot_paths has the plans).
-- 2. jd_jobs_guard ran for inserts and updates alike and asked TG_OP first.
--    The insert trigger now calls jd_jobs_insert_guard, with the same rules
--    in the same order and nothing else; jd_jobs_guard keeps the update's.
--    PL/pgSQL compiles each expression it meets again in every transaction
--    (an autocommit insert is one): one expression fewer saves ~2,800
--    instructions a new key.
--
-- The type change rebuilds the indexes on these columns (not the table):
-- plan it for a quiet moment on a large database. The unique index is built
-- again last, as in migration 24 (the replay's plan on a new store). What
-- depends on the columns (the derived-state view, the identity trigger's
-- WHEN clause) is dropped and created again.
--
-- An older JobDesk (24 to 27) sends the same statements to the same columns:
-- it may still use a schema with this migration.

DROP VIEW job_derived_state;
DROP TRIGGER jobs_identity_fixed ON jobs;

ALTER TABLE jobs
    ALTER COLUMN owner_id TYPE varchar(255) COLLATE "C",
    ALTER COLUMN idempotency_key TYPE varchar(255) COLLATE "C",
    ALTER COLUMN fingerprint TYPE varchar(64) COLLATE "C",
    ALTER COLUMN route TYPE varchar(255) COLLATE "C";
ALTER TABLE jobs
    DROP CONSTRAINT jobs_one_per_intent,
    ADD CONSTRAINT jobs_one_per_intent UNIQUE (idempotency_key, owner_id);
ALTER TABLE idempotency_events
    ALTER COLUMN owner_id TYPE text COLLATE "C",
    ALTER COLUMN idempotency_key TYPE text COLLATE "C";
CREATE VIEW job_derived_state AS
SELECT j.id,
       CASE
           WHEN j.completed_by IS NOT NULL THEN 'succeeded'
           WHEN j.state = 'cancelled' THEN 'cancelled'
           WHEN EXISTS (SELECT 1 FROM attempts a WHERE a.job_id = j.id AND a.state = 'unknown') THEN 'blocked'
           WHEN EXISTS (SELECT 1 FROM attempts a WHERE a.job_id = j.id AND a.state IN ('starting', 'running')) THEN 'running'
           WHEN (SELECT count(*) FROM attempts a WHERE a.job_id = j.id AND a.kind <> 'retry') >= j.max_attempts THEN 'failed'
           ELSE 'queued'
       END::job_state AS state
FROM jobs j;

CREATE TRIGGER jobs_identity_fixed BEFORE UPDATE OF owner_id, idempotency_key, fingerprint, route, input,
    created_at_ms, max_parallel, max_attempts ON jobs
    FOR EACH ROW WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id
                       OR OLD.idempotency_key IS DISTINCT FROM NEW.idempotency_key
                       OR OLD.fingerprint IS DISTINCT FROM NEW.fingerprint OR OLD.route IS DISTINCT FROM NEW.route
                       OR OLD.input::text IS DISTINCT FROM NEW.input::text
                       OR OLD.created_at_ms IS DISTINCT FROM NEW.created_at_ms
                       OR OLD.max_parallel IS DISTINCT FROM NEW.max_parallel
                       OR OLD.max_attempts IS DISTINCT FROM NEW.max_attempts)
    EXECUTE FUNCTION jd_refuse_identity_change();

-- The insert's guard: the rules of migration 24's insert branch, in the same
-- order, with the same constraint names. It names no table.
CREATE FUNCTION jd_jobs_insert_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.completed_by IS NULL AND NEW.result IS NULL AND NEW.state = 'queued' AND NEW.version = 0
       AND NEW.owner_id::text OPERATOR(pg_catalog.<>) ''::text
       AND NEW.idempotency_key::text OPERATOR(pg_catalog.<>) ''::text
       AND NEW.route::text OPERATOR(pg_catalog.<>) ''::text
       AND pg_catalog.length(NEW.fingerprint::text) OPERATOR(pg_catalog.=) 64
       AND pg_catalog.int4range(1, 8, '[]') OPERATOR(pg_catalog.@>) NEW.max_parallel
       AND pg_catalog.int4range(1, 100, '[]') OPERATOR(pg_catalog.@>) NEW.max_attempts THEN
        RETURN NEW; -- a new job as JobService inserts it
    END IF;
    -- An insert that is not: which rule it breaks (a NULL passes here,
    -- and the column's NOT NULL refuses it).
    IF NEW.owner_id::text OPERATOR(pg_catalog.=) ''::text THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'jobs_owner_id_length', TABLE = 'jobs',
            MESSAGE = 'new row for relation "jobs" violates check constraint "jobs_owner_id_length"';
    END IF;
    IF NEW.idempotency_key::text OPERATOR(pg_catalog.=) ''::text THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'jobs_idempotency_key_length', TABLE = 'jobs',
            MESSAGE = 'new row for relation "jobs" violates check constraint "jobs_idempotency_key_length"';
    END IF;
    IF NEW.route::text OPERATOR(pg_catalog.=) ''::text THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'jobs_route_length', TABLE = 'jobs',
            MESSAGE = 'new row for relation "jobs" violates check constraint "jobs_route_length"';
    END IF;
    IF pg_catalog.length(NEW.fingerprint::text) OPERATOR(pg_catalog.<>) 64 THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'jobs_fingerprint_length', TABLE = 'jobs',
            MESSAGE = 'new row for relation "jobs" violates check constraint "jobs_fingerprint_length"';
    END IF;
    IF NEW.version OPERATOR(pg_catalog.<) 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'jobs_version_not_negative', TABLE = 'jobs',
            MESSAGE = 'new row for relation "jobs" violates check constraint "jobs_version_not_negative"';
    END IF;
    IF NOT pg_catalog.int4range(1, 8, '[]') OPERATOR(pg_catalog.@>) NEW.max_parallel THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'jobs_max_parallel_range', TABLE = 'jobs',
            MESSAGE = 'new row for relation "jobs" violates check constraint "jobs_max_parallel_range"';
    END IF;
    IF NOT pg_catalog.int4range(1, 100, '[]') OPERATOR(pg_catalog.@>) NEW.max_attempts THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'jobs_max_attempts_range', TABLE = 'jobs',
            MESSAGE = 'new row for relation "jobs" violates check constraint "jobs_max_attempts_range"';
    END IF;
    IF (NEW.completed_by IS NULL) <> (NEW.result IS NULL) THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'jobs_result_with_winner', TABLE = 'jobs',
            MESSAGE = 'new row for relation "jobs" violates check constraint "jobs_result_with_winner"';
    END IF;
    IF (NEW.state = 'succeeded') <> (NEW.completed_by IS NOT NULL) THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'jobs_succeeded_iff_winner', TABLE = 'jobs',
            MESSAGE = 'new row for relation "jobs" violates check constraint "jobs_succeeded_iff_winner"';
    END IF;
    IF NEW.completed_by IS NOT NULL THEN
        RAISE EXCEPTION 'jobdesk_cas: a job is born without a winner';
    END IF;
    IF NEW.state = 'queued' AND NEW.version = 0 THEN
        RETURN NEW; -- a NULL in another column: its NOT NULL reports it
    END IF;
    RAISE EXCEPTION 'jobdesk_cas: a job is born queued, at version 0';
END $$;
DROP TRIGGER jobs_guard_insert ON jobs;
CREATE TRIGGER jobs_guard_insert BEFORE INSERT ON jobs
    FOR EACH ROW EXECUTE FUNCTION jd_jobs_insert_guard();

-- The update's guard: migration 24's update branch and the two rules both
-- ran, without the question which it is (jobs_guard_update calls it only for
-- updates). The tables it names carry the schema, as in migration 22.
DO $migration$
DECLARE
    s text := quote_ident(current_schema());
BEGIN
    EXECUTE format('GRANT SELECT ON %s.job_derived_state TO jobdesk_viewer', s);
    EXECUTE replace($fn$
CREATE OR REPLACE FUNCTION jd_jobs_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.completed_by IS NOT NULL AND NEW.completed_by IS DISTINCT FROM OLD.completed_by THEN
        RAISE EXCEPTION 'jobdesk_cas: a winner is never overwritten';
    END IF;
    IF OLD.completed_by IS NULL AND NEW.completed_by IS NOT NULL THEN
        IF OLD.state = 'cancelled' OR NOT EXISTS (
               SELECT 1 FROM @S@.attempts WHERE id = NEW.completed_by AND job_id = NEW.id
                                        AND state IN ('running', 'unknown')) THEN
            RAISE EXCEPTION 'jobdesk_cas: the winner must be a running or unknown attempt of a job that is not cancelled';
        END IF;
    END IF;
    IF NEW.state = 'failed' AND OLD.state <> 'failed' THEN
        IF EXISTS (SELECT 1 FROM @S@.attempts WHERE job_id = NEW.id AND state IN ('starting', 'running', 'unknown')) THEN
            RAISE EXCEPTION 'jobdesk_transition: a job with an open attempt cannot fail';
        END IF;
    END IF;
    IF OLD.state <> NEW.state AND OLD.state IN ('cancelled', 'succeeded') THEN
        RAISE EXCEPTION 'jobdesk_transition: a % job does not change state', OLD.state;
    END IF;
    IF NEW.version OPERATOR(pg_catalog.<) 0 THEN -- the one rule of these an update could break (the others' columns are fixed)
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'jobs_version_not_negative', TABLE = 'jobs',
            MESSAGE = 'new row for relation "jobs" violates check constraint "jobs_version_not_negative"';
    END IF;
    IF (NEW.completed_by IS NULL) <> (NEW.result IS NULL) THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'jobs_result_with_winner', TABLE = 'jobs',
            MESSAGE = 'new row for relation "jobs" violates check constraint "jobs_result_with_winner"';
    END IF;
    IF (NEW.state = 'succeeded') <> (NEW.completed_by IS NOT NULL) THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'jobs_succeeded_iff_winner', TABLE = 'jobs',
            MESSAGE = 'new row for relation "jobs" violates check constraint "jobs_succeeded_iff_winner"';
    END IF;
    RETURN NEW;
END $$;
$fn$, '@S@', s);
END $migration$;

INSERT INTO schema_readers (version, oldest_reader) VALUES (28, 24);

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (28, '028_keys_compare_as_bytes.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
