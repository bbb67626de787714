-- JobDesk schema 31 (PostgreSQL): migration 29's rule in the attempts' own
-- guard. jd_mark_running (and JobService on SQLite) fails an attempt whose
-- job has a winner, is cancelled or has an unknown attempt instead of marking
-- it running; that is how every JobDesk writer sends. This is the backstop
-- for any other writer: the transition 'starting' -> 'running' is refused for
-- such a job, as every other rule of the attempts' states is refused here.
-- The lookups run only for that transition (markRunning: +the two EXISTS,
-- under the job's row lock jd_mark_running already holds).

DO $migration$
DECLARE
    s text := quote_ident(current_schema());
BEGIN
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
    IF OLD.state = 'starting' AND NEW.state = 'running' THEN -- its request is about to be sent
        IF EXISTS (SELECT 1 FROM @S@.jobs WHERE id = NEW.job_id AND (completed_by IS NOT NULL OR state = 'cancelled'))
           OR EXISTS (SELECT 1 FROM @S@.attempts WHERE job_id = NEW.job_id AND state = 'unknown') THEN
            RAISE EXCEPTION 'jobdesk_transition: an attempt of a job that has a winner, is cancelled or has an unknown attempt is never sent';
        END IF;
    END IF;
    IF NEW.state = 'succeeded' THEN
        IF NOT EXISTS (SELECT 1 FROM @S@.jobs WHERE id = NEW.job_id AND completed_by = NEW.id) THEN
            RAISE EXCEPTION 'jobdesk_transition: only the job''s winner may be succeeded';
        END IF;
    END IF;
    RETURN NEW;
END $$;
$fn$, '@S@', s);
END $migration$;

INSERT INTO schema_readers (version, oldest_reader) VALUES (31, 24);

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (31, '031_sent_only_while_undecided_in_the_guard.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
