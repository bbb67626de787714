-- A job is born queued, at version 0, without a winner, and its intent is storable.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_jobs_insert_guard() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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
        RAISE EXCEPTION USING ERRCODE = 'JD023', MESSAGE = 'a job is born without a winner';
    END IF;
    IF NEW.state = 'queued' AND NEW.version = 0 THEN
        RETURN NEW; -- a NULL in another column: its NOT NULL reports it
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'JD024', MESSAGE = 'a job is born queued, at version 0';
END $$;

CREATE OR REPLACE TRIGGER jobs_guard_insert BEFORE INSERT ON @schema@.jobs FOR EACH ROW EXECUTE FUNCTION @schema@.jd_jobs_insert_guard();
