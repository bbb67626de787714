-- JobDesk schema 16 (PostgreSQL): a job is born without a winner.
--
-- Migration 15's insert guard checks the outcome rules, and a job inserted
-- "succeeded" with a result and completed_by satisfies them. But no attempt
-- can belong to a job before the job exists (attempts.job_id references it),
-- so a winner given at insert is always made up: another job's attempt, whose
-- result would then count for two jobs. The update guard refuses exactly that
-- (the winner must be a running or unknown attempt of this job); the insert
-- guard now refuses any winner, after the two rules (so a row that breaks
-- them is still reported as their check violation). JobService never inserts
-- a winner: nothing it does changes.

CREATE OR REPLACE FUNCTION jd_jobs_guard() RETURNS trigger LANGUAGE plpgsql AS $$
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
    IF TG_OP = 'INSERT' AND NEW.completed_by IS NOT NULL THEN
        RAISE EXCEPTION 'jobdesk_cas: a job is born without a winner';
    END IF;
    RETURN NEW;
END $$;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (16, '016_jobs_born_without_winner.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
