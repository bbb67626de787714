-- JobDesk schema 15 (PostgreSQL): the two rules that tie a job's outcome
-- columns together move from CHECK constraints into the guards that already
-- run on every write of those columns. Same rules, same error.
--
--   jobs_result_with_winner:   a job has a result exactly when it has a winner;
--   jobs_succeeded_iff_winner: a job is succeeded exactly when it has a winner.
--
-- Why: PostgreSQL 15 reads every CHECK constraint of a table back from its
-- stored text and plans it again at every statement that writes the table
-- (ExecConstraints -> stringToNode -> expression_planner), in a prepared
-- statement too: ~40,000 instructions a statement for these two, 13% of a
-- submit's server work (bench/README.md, "Fourth pass"). A PL/pgSQL guard is
-- compiled once per session. Counted by scripts/pg-instructions.sh: a new
-- job 315,200 -> 290,600 instructions (-7.8%), a winning completion -3.4%.
--
-- What stays the same: a violation is refused with SQLSTATE 23514
-- (check_violation), the constraint's name in the error's CONSTRAINT field
-- and PostgreSQL's own message text, so JobService and every client see the
-- same error as before. What changes: the rules are checked by BEFORE
-- triggers, as the other guards on these tables are; the insert guard is new
-- (nothing else guards a job's insert), and jobs_guard_update now also fires
-- when an UPDATE sets `result` (before, only completed_by or state). Within
-- one UPDATE that breaks several rules, a guard's refusal is reported first,
-- as before; jobs_identity_fixed, which sorts after jobs_guard_update, now
-- reports after these two rules instead of before them. Disabling a trigger
-- needs the table's owner, as dropping a constraint did.

-- One guard for a job's insert and update: the update refusals of 001 (the
-- same code), then the two rules, after the guard's own refusals. It replaces
-- jd_jobs_guard_update.
CREATE FUNCTION jd_jobs_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        IF OLD.completed_by IS NOT NULL AND NEW.completed_by IS DISTINCT FROM OLD.completed_by THEN
            RAISE EXCEPTION 'jobdesk_cas: a winner is never overwritten';
        END IF;
        IF OLD.completed_by IS NULL AND NEW.completed_by IS NOT NULL THEN
            IF OLD.state = 'cancelled' OR NOT EXISTS (
                   SELECT 1 FROM attempts WHERE id = NEW.completed_by AND job_id = NEW.id
                                            AND state IN ('running', 'unknown')) THEN
                RAISE EXCEPTION 'jobdesk_cas: the winner must be a running or unknown attempt of a job that is not cancelled';
            END IF;
        END IF;
        IF NEW.state = 'failed' AND OLD.state <> 'failed' AND EXISTS (
               SELECT 1 FROM attempts WHERE job_id = NEW.id AND state IN ('starting', 'running', 'unknown')) THEN
            RAISE EXCEPTION 'jobdesk_transition: a job with an open attempt cannot fail';
        END IF;
        IF OLD.state <> NEW.state AND OLD.state IN ('cancelled', 'succeeded') THEN
            RAISE EXCEPTION 'jobdesk_transition: a % job does not change state', OLD.state;
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
    RETURN NEW;
END $$;
CREATE TRIGGER jobs_guard_insert BEFORE INSERT ON jobs
    FOR EACH ROW EXECUTE FUNCTION jd_jobs_guard();
DROP TRIGGER jobs_guard_update ON jobs;
CREATE TRIGGER jobs_guard_update BEFORE UPDATE OF completed_by, result, state ON jobs
    FOR EACH ROW EXECUTE FUNCTION jd_jobs_guard();
DROP FUNCTION jd_jobs_guard_update();

ALTER TABLE jobs DROP CONSTRAINT jobs_result_with_winner, DROP CONSTRAINT jobs_succeeded_iff_winner;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (15, '015_outcome_rules_in_guards.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
