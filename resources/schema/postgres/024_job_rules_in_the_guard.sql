-- JobDesk schema 24 (PostgreSQL): a job's length and range rules move from
-- domains into the column types and the guard that already runs on every
-- job insert (issue 10, the eighth pass; figures in bench/README.md).
--
-- Migration 7 moved these rules from CHECK constraints into domains, which
-- cost less. A profile of today's submit shows what the domains still cost:
-- each value assigned to a domain column sets up the domain's check at every
-- execution of the statement (the type cache, the type's length, the check
-- compiled): ~30,000 of a new job's ~285,000 server instructions, for seven
-- columns. Written into the expression jd_jobs_guard already evaluates at
-- every insert, in the forms that compile cheapest, the same rules cost
-- ~12,000; the longest lengths, as a type's length limit, cost nothing.
--
-- The same rules, on every write that could break them:
--   * owner_id, idempotency_key, route: 1 to 255 characters (varchar(255)
--     refuses a longer value, 22001; the guard an empty one, 23514);
--     fingerprint: 64 characters (varchar(64), and the guard for a shorter
--     one). Checked at insert; no update can change them
--     (jobs_identity_fixed refuses it).
--   * max_parallel 1..8, max_attempts 1..100: checked at insert. They are
--     stored on the job when it is submitted (DESIGN.md) and nothing changes
--     them, so jobs_identity_fixed now refuses any change to them too.
--   * version >= 0: 0 at insert (the guard, as since migration 18); at
--     every update that sets it, the update guard, which now fires on
--     version too (the hot updates that set it, a win and a cancel, fire it
--     already, for completed_by and state).
-- A NULL is left to the column's NOT NULL, as before.
--
-- What a domain held and a trigger does not: rows written with the triggers
-- switched off (session_replication_role = replica: a logical replication
-- subscriber, a restore with --disable-triggers, the benchmarks' seeds; or
-- by the schema's owner with DISABLE TRIGGER) are not checked for these
-- rules, except the longest lengths, which are the columns' types. Every
-- other guard of jobs and attempts is a trigger and is off in the same way
-- (the outcome rules since migration 15): these rows are the ones JobDesk
-- wrote and checked once already, or the owner's to answer for.
--
-- The attempts keep their domains (attempt_no, provider, read_version): no
-- target of this issue depends on them.
--
-- Changing a column to varchar(n) rewrites the table and its indexes once,
-- under an exclusive lock (as migration 7 did): plan it for a quiet moment on
-- a large database. What depends on the columns' types (the derived-state
-- view, the identity trigger's WHEN clause, the update guard's column list)
-- is dropped and created again.
--
-- A side of varchar(n): a value longer than n whose excess is only spaces is
-- cut to n, not refused (the SQL standard's rule for assignment). JobService
-- refuses a name over 255 characters before it reaches the database, so only
-- raw SQL could meet it, and what it stores still keeps the rule.

DROP VIEW job_derived_state;
DROP TRIGGER jobs_identity_fixed ON jobs;
DROP TRIGGER jobs_guard_update ON jobs;

ALTER TABLE jobs
    ALTER COLUMN owner_id TYPE varchar(255),
    ALTER COLUMN idempotency_key TYPE varchar(255),
    ALTER COLUMN fingerprint TYPE varchar(64),
    ALTER COLUMN route TYPE varchar(255),
    ALTER COLUMN version TYPE bigint,
    ALTER COLUMN max_parallel TYPE integer,
    ALTER COLUMN max_attempts TYPE integer;

-- The type change rebuilt the indexes on these columns, the key's unique
-- index first. A lookup by owner and key (every replay) can be served by it or
-- by jobs_by_owner (owner_id, id), and on a table with no statistics yet (a
-- new store: the first calls of every connection, when PostgreSQL settles
-- the cached plan of a prepared statement) both cost the same; the planner
-- then keeps the index it met last, here jobs_by_owner, and a replay read
-- every job of its owner until the next ANALYZE (the store benchmark's
-- replays: 4x the server CPU). Built again last, the unique index is the one
-- met last, as it was before this migration.
-- tst_hot_paths::aReplayLooksItsKeyUpByTheUniqueIndexEvenBeforeStatistics.
ALTER TABLE jobs
    DROP CONSTRAINT jobs_one_per_intent,
    ADD CONSTRAINT jobs_one_per_intent UNIQUE (idempotency_key, owner_id);

-- jd_submit (migration 2) has had no caller since submit became one insert
-- (migration 17; JobService sends kSubmitInsertSql and kSubmitReplaySql).
-- Its lookup compares the key as given, where the column now keeps at most
-- 255 characters: for a raw key over 255 characters ending in spaces it
-- would answer "retry" for ever (found by the review). Dropped.
DROP FUNCTION jd_submit(text, text, text, text, jsonb, jsonb, integer, integer);

-- No column uses these any more (jd_name and jd_version remain: attempts).
DROP DOMAIN jd_fingerprint;
DROP DOMAIN jd_max_parallel;
DROP DOMAIN jd_max_attempts;

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

-- jd_jobs_guard: migration 22's body, with the length and range rules. The
-- tables it names carry the schema, as in migration 22. An empty name breaks
-- 'jobs_owner_id_length' and so on: the rule is a length of 1 to 255.
DO $migration$
DECLARE
    s text := quote_ident(current_schema());
BEGIN
    EXECUTE format('GRANT SELECT ON %s.job_derived_state TO jobdesk_viewer', s);
    EXECUTE replace($fn$
CREATE OR REPLACE FUNCTION jd_jobs_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
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
    ELSIF NEW.completed_by IS NULL AND NEW.result IS NULL AND NEW.state = 'queued' AND NEW.version = 0
          AND NEW.owner_id::text OPERATOR(pg_catalog.<>) ''::text
          AND NEW.idempotency_key::text OPERATOR(pg_catalog.<>) ''::text
          AND NEW.route::text OPERATOR(pg_catalog.<>) ''::text
          AND pg_catalog.length(NEW.fingerprint::text) OPERATOR(pg_catalog.=) 64
          AND pg_catalog.int4range(1, 8, '[]') OPERATOR(pg_catalog.@>) NEW.max_parallel
          AND pg_catalog.int4range(1, 100, '[]') OPERATOR(pg_catalog.@>) NEW.max_attempts THEN
        -- A new job as JobService inserts it: the rules below hold. (The
        -- forms are the ones that compile cheapest: a range's containment
        -- is one operator, folded to a constant when the guard is planned.
        -- Every function and operator of these rules is named with its
        -- schema: a domain's check was bound when the domain was created,
        -- where the guard's expressions are looked up when a session first
        -- runs it, and a length(varchar) or <>(varchar, ...) planted in any
        -- schema of that session's search path would otherwise be a closer
        -- match than pg_catalog's, found by a review.)
        RETURN NEW;
    ELSE
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
    END IF;
    IF (NEW.completed_by IS NULL) <> (NEW.result IS NULL) THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'jobs_result_with_winner', TABLE = 'jobs',
            MESSAGE = 'new row for relation "jobs" violates check constraint "jobs_result_with_winner"';
    END IF;
    IF (NEW.state = 'succeeded') <> (NEW.completed_by IS NOT NULL) THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'jobs_succeeded_iff_winner', TABLE = 'jobs',
            MESSAGE = 'new row for relation "jobs" violates check constraint "jobs_succeeded_iff_winner"';
    END IF;
    IF TG_OP = 'INSERT' THEN
        IF NEW.completed_by IS NOT NULL THEN
            RAISE EXCEPTION 'jobdesk_cas: a job is born without a winner';
        END IF;
        IF NEW.state = 'queued' AND NEW.version = 0 THEN
            RETURN NEW; -- a NULL in another column: its NOT NULL reports it
        END IF;
        RAISE EXCEPTION 'jobdesk_cas: a job is born queued, at version 0';
    END IF;
    RETURN NEW;
END $$;
$fn$, '@S@', s);
END $migration$;

CREATE TRIGGER jobs_guard_update BEFORE UPDATE OF completed_by, result, state, version ON jobs
    FOR EACH ROW EXECUTE FUNCTION jd_jobs_guard();

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (24, '024_job_rules_in_the_guard.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
