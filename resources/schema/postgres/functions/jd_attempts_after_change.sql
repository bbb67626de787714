-- After an attempt is inserted or changes state: the job's derived state and change
-- sequence follow in the same statement, and the transition is written to attempt_events.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_attempts_after_change() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD.state = NEW.state THEN
        RETURN NULL; -- not a transition: no event, nothing for the job
    END IF;
    IF NEW.state <> 'succeeded' THEN
        UPDATE @schema@.jobs SET
            state = d.state,
            change_seq = NEW.change_seq,
            updated_at_ms = NEW.updated_at_ms
        FROM @schema@.job_derived_state d
        WHERE jobs.id = NEW.job_id AND d.id = NEW.job_id
          AND (jobs.state <> d.state OR jobs.change_seq <> NEW.change_seq);
    END IF;
    -- After the job update (which takes the job's row lock; a win holds it
    -- already), so that one job's events are numbered in commit order.
    INSERT INTO @schema@.attempt_events (attempt_id, job_id, from_state, to_state, actor_kind, actor_id, reason, at_ms)
    VALUES (NEW.id, NEW.job_id, CASE WHEN TG_OP = 'UPDATE' THEN OLD.state END, NEW.state,
            NEW.last_actor_kind, NEW.last_actor_id, NEW.last_reason, NEW.updated_at_ms);
    RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER attempts_after_insert AFTER INSERT ON @schema@.attempts FOR EACH ROW EXECUTE FUNCTION @schema@.jd_attempts_after_change();
CREATE OR REPLACE TRIGGER attempts_after_transition AFTER UPDATE OF state ON @schema@.attempts FOR EACH ROW EXECUTE FUNCTION @schema@.jd_attempts_after_change();
