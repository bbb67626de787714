-- Who may start an attempt (invariant 3): no unknown attempt, no winner, not cancelled,
-- under max_parallel, one automatic, a hedge only beside an open attempt, under an unexpired claim.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_attempts_guard_insert() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    j @schema@.jobs%ROWTYPE;
    n_unknown bigint;
    n_open bigint;
    n_live bigint;
    n_counted bigint;
BEGIN
    IF NEW.state <> 'starting' THEN
        RAISE EXCEPTION USING ERRCODE = 'JD001', MESSAGE = 'a new attempt must start in state starting';
    END IF;
    IF NEW.lease_expires_at_ms IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'JD006', MESSAGE = 'every attempt starts with a lease';
    END IF;
    SELECT * INTO j FROM @schema@.jobs WHERE id = NEW.job_id FOR UPDATE;
    IF NOT FOUND THEN
        RETURN NEW; -- the foreign key reports it
    END IF;
    -- One look at the job's attempts, under its row lock.
    SELECT count(*) FILTER (WHERE state = 'unknown'),
           count(*) FILTER (WHERE state IN ('starting', 'running', 'unknown')),
           count(*) FILTER (WHERE state IN ('starting', 'running')),
           count(*) FILTER (WHERE kind <> 'retry')
      INTO n_unknown, n_open, n_live, n_counted
      FROM @schema@.attempts WHERE job_id = NEW.job_id;
    IF n_unknown > 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'JD002', MESSAGE = 'an attempt of this job is unknown';
    END IF;
    IF j.completed_by IS NOT NULL OR j.state = 'cancelled' THEN
        RAISE EXCEPTION USING ERRCODE = 'JD003', MESSAGE = 'the job has a winner or is cancelled';
    END IF;
    IF n_open >= j.max_parallel THEN
        RAISE EXCEPTION USING ERRCODE = 'JD004', MESSAGE = 'max_parallel attempts are open';
    END IF;
    IF NEW.kind <> 'retry' THEN
        -- Only an operator's retry may go beyond the automatic attempt budget.
        IF n_counted >= j.max_attempts THEN
            RAISE EXCEPTION USING ERRCODE = 'JD005', MESSAGE = 'the job has used its automatic attempt budget';
        END IF;
        -- A worker starts an attempt only under its own unexpired claim on the job.
        IF NEW.worker_id IS NULL OR j.claimed_by IS DISTINCT FROM NEW.worker_id
           OR j.claim_expires_at_ms IS NULL OR j.claim_expires_at_ms <= jd_now_ms() THEN
            RAISE EXCEPTION USING ERRCODE = 'JD007', MESSAGE = 'the starting worker does not hold an unexpired claim on the job';
        END IF;
    END IF;
    IF NEW.kind = 'hedge' AND n_live = 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'JD008', MESSAGE = 'a hedge needs an open attempt to hedge';
    END IF;
    RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER attempts_guard_insert BEFORE INSERT ON @schema@.attempts FOR EACH ROW EXECUTE FUNCTION @schema@.jd_attempts_guard_insert();
