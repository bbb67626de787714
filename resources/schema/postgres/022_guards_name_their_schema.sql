-- JobDesk schema 22 (PostgreSQL): the guards name their tables with the
-- schema, so no other table of the same name can answer for them.
--
-- The guard functions (trigger functions: jd_jobs_guard, the attempts'
-- insert and transition guards, and the after trigger that applies a job's
-- derived state and writes the event) found the tables they look at through
-- the caller's search path, and a session's temporary tables come first in
-- it. A review of migration 21 showed a temporary table named "attempts" or
-- "jobs" answering their lookups: three open attempts on a job allowing
-- two, a made-up winner accepted. Only a role that may write these tables
-- directly could try it (the schema's owner: viewers and operators write
-- through SECURITY DEFINER functions whose search path is pinned with
-- pg_temp last), and the owner can switch triggers off anyway; but a guard
-- should not depend on what a session has created.
--
-- The functions are created again with every table they name written with
-- the schema they are created in (current_schema() when this migration
-- runs), as the operator functions pin theirs (migration 5). A name written
-- out costs nothing per call, where a pinned search path (SET search_path on
-- the function) would be set and reset at every call. The bodies are
-- migration 20's and 19's otherwise, word for word.

DO $migration$
DECLARE
    s text := quote_ident(current_schema());
BEGIN
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
    ELSIF NEW.completed_by IS NULL AND NEW.result IS NULL AND NEW.state = 'queued' AND NEW.version = 0 THEN
        RETURN NEW; -- a new job as JobService inserts it: the rules below hold
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
        RAISE EXCEPTION 'jobdesk_cas: a job is born queued, at version 0';
    END IF;
    RETURN NEW;
END $$;
$fn$, '@S@', s);
    EXECUTE replace($fn$
CREATE OR REPLACE FUNCTION jd_attempts_guard_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.state = NEW.state THEN
        RETURN NEW; -- not a transition
    END IF;
    IF NOT (   (OLD.state = 'starting' AND NEW.state IN ('running', 'failed', 'unknown', 'cancelled'))
            OR (OLD.state = 'running'  AND NEW.state IN ('succeeded', 'superseded', 'failed', 'unknown', 'cancelled'))
            OR (OLD.state = 'unknown'  AND NEW.state IN ('succeeded', 'superseded', 'failed', 'cancelled'))) THEN
        RAISE EXCEPTION 'jobdesk_transition: attempt % cannot go from % to %', OLD.id, OLD.state, NEW.state;
    END IF;
    IF NEW.state = 'succeeded' THEN
        IF NOT EXISTS (SELECT 1 FROM @S@.jobs WHERE id = NEW.job_id AND completed_by = NEW.id) THEN
            RAISE EXCEPTION 'jobdesk_transition: only the job''s winner may be succeeded';
        END IF;
    END IF;
    RETURN NEW;
END $$;
$fn$, '@S@', s);
    EXECUTE replace($fn$
CREATE OR REPLACE FUNCTION jd_attempts_guard_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    j @S@.jobs%ROWTYPE;
    n_unknown bigint;
    n_open bigint;
    n_live bigint;
    n_counted bigint;
BEGIN
    IF NEW.state <> 'starting' THEN
        RAISE EXCEPTION 'jobdesk_refused: a new attempt must start in state starting';
    END IF;
    IF NEW.lease_expires_at_ms IS NULL THEN
        RAISE EXCEPTION 'jobdesk_refused: every attempt starts with a lease';
    END IF;
    SELECT * INTO j FROM @S@.jobs WHERE id = NEW.job_id FOR UPDATE;
    IF NOT FOUND THEN
        RETURN NEW; -- the foreign key reports it
    END IF;
    -- One look at the job's attempts, under its row lock.
    SELECT count(*) FILTER (WHERE state = 'unknown'),
           count(*) FILTER (WHERE state IN ('starting', 'running', 'unknown')),
           count(*) FILTER (WHERE state IN ('starting', 'running')),
           count(*) FILTER (WHERE kind <> 'retry')
      INTO n_unknown, n_open, n_live, n_counted
      FROM @S@.attempts WHERE job_id = NEW.job_id;
    IF n_unknown > 0 THEN
        RAISE EXCEPTION 'jobdesk_refused: an attempt of this job is unknown';
    END IF;
    IF j.completed_by IS NOT NULL OR j.state = 'cancelled' THEN
        RAISE EXCEPTION 'jobdesk_refused: the job has a winner or is cancelled';
    END IF;
    IF n_open >= j.max_parallel THEN
        RAISE EXCEPTION 'jobdesk_refused: max_parallel attempts are open';
    END IF;
    IF NEW.kind <> 'retry' THEN
        -- Only an operator's retry may go beyond the automatic attempt budget.
        IF n_counted >= j.max_attempts THEN
            RAISE EXCEPTION 'jobdesk_refused: the job has used its automatic attempt budget';
        END IF;
        -- A worker starts an attempt only under its own unexpired claim on the job.
        IF NEW.worker_id IS NULL OR j.claimed_by IS DISTINCT FROM NEW.worker_id
           OR j.claim_expires_at_ms IS NULL OR j.claim_expires_at_ms <= jd_now_ms() THEN
            RAISE EXCEPTION 'jobdesk_refused: the starting worker does not hold an unexpired claim on the job';
        END IF;
    END IF;
    IF NEW.kind = 'hedge' AND n_live = 0 THEN
        RAISE EXCEPTION 'jobdesk_refused: a hedge needs an open attempt to hedge';
    END IF;
    RETURN NEW;
END $$;
$fn$, '@S@', s);
    EXECUTE replace($fn$
CREATE OR REPLACE FUNCTION jd_attempts_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD.state = NEW.state THEN
        RETURN NULL; -- not a transition: no event, nothing for the job
    END IF;
    IF NEW.state <> 'succeeded' THEN
        UPDATE @S@.jobs SET
            state = d.state,
            change_seq = NEW.change_seq,
            updated_at_ms = NEW.updated_at_ms
        FROM @S@.job_derived_state d
        WHERE jobs.id = NEW.job_id AND d.id = NEW.job_id
          AND (jobs.state <> d.state OR jobs.change_seq <> NEW.change_seq);
    END IF;
    -- After the job update (which takes the job's row lock; a win holds it
    -- already), so that one job's events are numbered in commit order.
    INSERT INTO @S@.attempt_events (attempt_id, job_id, from_state, to_state, actor_kind, actor_id, reason, at_ms)
    VALUES (NEW.id, NEW.job_id, CASE WHEN TG_OP = 'UPDATE' THEN OLD.state END, NEW.state,
            NEW.last_actor_kind, NEW.last_actor_id, NEW.last_reason, NEW.updated_at_ms);
    RETURN NULL;
END $$;
$fn$, '@S@', s);
END $migration$;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (22, '022_guards_name_their_schema.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
