-- A job's rules on update: a winner only through the CAS and never overwritten, the version
-- moves one up with a win or a cancel, decided jobs stay decided (tst_database_guard).
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_jobs_guard() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF OLD.completed_by IS NOT NULL THEN
        IF NEW.completed_by IS DISTINCT FROM OLD.completed_by THEN
            RAISE EXCEPTION USING ERRCODE = 'JD020', MESSAGE = 'a winner is never overwritten';
        END IF;
        IF NEW.result::text <> OLD.result::text THEN -- json, compared as written; NULL: the rule below names it
            RAISE EXCEPTION USING ERRCODE = 'JD025', MESSAGE = 'a winner''s result is never rewritten';
        END IF;
    ELSIF NEW.completed_by IS NOT NULL THEN
        IF OLD.state = 'cancelled' OR NOT EXISTS (
               SELECT 1 FROM @schema@.attempts WHERE id = NEW.completed_by AND job_id = NEW.id
                                        AND state IN ('running', 'unknown')) THEN
            RAISE EXCEPTION USING ERRCODE = 'JD021', MESSAGE = 'the winner must be a running or unknown attempt of a job that is not cancelled';
        END IF;
        IF NEW.version OPERATOR(pg_catalog.<>) (OLD.version OPERATOR(pg_catalog.+) 1) THEN
            RAISE EXCEPTION USING ERRCODE = 'JD026', MESSAGE = 'a winner is set by a compare-and-swap, the version one up';
        END IF;
    ELSIF NEW.version OPERATOR(pg_catalog.>) OLD.version
          AND NOT (NEW.version OPERATOR(pg_catalog.=) (OLD.version OPERATOR(pg_catalog.+) 1)
                   AND NEW.state = 'cancelled' AND OLD.state <> 'cancelled') THEN
        RAISE EXCEPTION USING ERRCODE = 'JD028', MESSAGE = 'a job''s version moves one up, with its win or its cancel';
    END IF;
    IF NEW.state = 'failed' AND OLD.state <> 'failed' THEN
        IF EXISTS (SELECT 1 FROM @schema@.attempts WHERE job_id = NEW.id AND state IN ('starting', 'running', 'unknown')) THEN
            RAISE EXCEPTION USING ERRCODE = 'JD015', MESSAGE = 'a job with an open attempt cannot fail';
        END IF;
    END IF;
    IF OLD.state <> NEW.state AND OLD.state IN ('cancelled', 'succeeded') THEN
        RAISE EXCEPTION USING ERRCODE = 'JD016', MESSAGE = format('a %s job does not change state', OLD.state),
            DETAIL = json_build_object('state', OLD.state)::text;
    END IF;
    IF NEW.version OPERATOR(pg_catalog.<) OLD.version THEN -- a negative version is below every version a job had
        IF NEW.version OPERATOR(pg_catalog.<) 0 THEN
            RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'jobs_version_not_negative', TABLE = 'jobs',
                MESSAGE = 'new row for relation "jobs" violates check constraint "jobs_version_not_negative"';
        END IF;
        RAISE EXCEPTION USING ERRCODE = 'JD027', MESSAGE = 'a job''s version never goes back';
    ELSIF NEW.version OPERATOR(pg_catalog.>) OLD.version AND OLD.completed_by IS NOT NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'JD028', MESSAGE = 'a job''s version moves one up, with its win or its cancel';
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

CREATE OR REPLACE TRIGGER jobs_guard_update BEFORE UPDATE OF completed_by, result, state, version ON @schema@.jobs FOR EACH ROW EXECUTE FUNCTION @schema@.jd_jobs_guard();
