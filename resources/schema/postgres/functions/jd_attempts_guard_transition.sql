-- An attempt's state moves only along the lifecycle of DESIGN.md, a job's winner stays
-- succeeded, and provider_did_nothing is set only as the attempt fails (tst_database_guard).
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_attempts_guard_transition() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    -- That the provider did nothing (which lets it take the job again) is
    -- recorded by the statement that fails the attempt, never after the fact.
    IF NEW.provider_did_nothing IS DISTINCT FROM OLD.provider_did_nothing
       AND NOT (NEW.provider_did_nothing AND OLD.state <> 'failed' AND NEW.state = 'failed') THEN
        RAISE EXCEPTION USING ERRCODE = 'JD034', MESSAGE = 'that a provider did nothing with an attempt is recorded once, as the attempt fails';
    END IF;
    IF OLD.state = NEW.state THEN
        RETURN NEW; -- not a transition
    END IF;
    IF NOT (   (OLD.state = 'starting' AND NEW.state IN ('running', 'failed', 'unknown', 'cancelled'))
            OR (OLD.state = 'running'  AND NEW.state IN ('succeeded', 'superseded', 'failed', 'unknown', 'cancelled'))
            OR (OLD.state = 'unknown'  AND NEW.state IN ('succeeded', 'superseded', 'failed', 'cancelled'))) THEN
        RAISE EXCEPTION USING ERRCODE = 'JD010', MESSAGE = format('attempt %s cannot go from %s to %s', OLD.id, OLD.state, NEW.state),
            DETAIL = json_build_object('attempt', OLD.id, 'from', OLD.state, 'to', NEW.state)::text;
    END IF;
    IF OLD.state = 'starting' AND NEW.state = 'running' THEN -- its request is about to be sent
        IF EXISTS (SELECT 1 FROM @schema@.jobs WHERE id = NEW.job_id AND (completed_by IS NOT NULL OR state = 'cancelled'))
           OR EXISTS (SELECT 1 FROM @schema@.attempts WHERE job_id = NEW.job_id AND state = 'unknown') THEN
            RAISE EXCEPTION USING ERRCODE = 'JD014', MESSAGE = 'an attempt of a job that has a winner, is cancelled or has an unknown attempt is never sent';
        END IF;
    ELSIF NEW.state = 'succeeded' THEN
        IF NOT EXISTS (SELECT 1 FROM @schema@.jobs WHERE id = NEW.job_id AND completed_by = NEW.id) THEN
            RAISE EXCEPTION USING ERRCODE = 'JD012', MESSAGE = 'only the job''s winner may be succeeded';
        END IF;
    ELSIF OLD.state <> 'starting' AND NEW.state IN ('superseded', 'failed', 'cancelled') THEN
        IF EXISTS (SELECT 1 FROM @schema@.jobs WHERE id = NEW.job_id AND completed_by = NEW.id) THEN
            RAISE EXCEPTION USING ERRCODE = 'JD013', MESSAGE = 'the job''s winner is never superseded, failed or cancelled';
        END IF;
    END IF;
    RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER attempts_guard_transition BEFORE UPDATE OF state, provider_did_nothing ON @schema@.attempts FOR EACH ROW EXECUTE FUNCTION @schema@.jd_attempts_guard_transition();
