-- JobDesk schema 7 (SQLite): a winning completion writes the job row once
-- (see the PostgreSQL file of the same number). The attempts trigger still
-- writes every transition's event; it no longer derives the job's state for
-- a win, which the CAS has just set (and attempts_guard_winner refuses
-- 'succeeded' for any attempt but the one the job names as its winner).

DROP TRIGGER attempts_after_transition;

CREATE TRIGGER attempts_after_transition AFTER UPDATE OF state ON attempts
WHEN OLD.state <> NEW.state
BEGIN
    UPDATE jobs SET
        state = d.state,
        change_seq = NEW.change_seq,
        updated_at_ms = NEW.updated_at_ms
    FROM job_derived_state d
    WHERE NEW.state <> 'succeeded' AND jobs.id = NEW.job_id AND d.id = NEW.job_id
      AND (jobs.state <> d.state OR jobs.change_seq <> NEW.change_seq);
    INSERT INTO attempt_events (attempt_id, job_id, from_state, to_state, actor_kind, actor_id, reason, at_ms)
    VALUES (NEW.id, NEW.job_id, OLD.state, NEW.state, NEW.last_actor_kind, NEW.last_actor_id, NEW.last_reason,
            NEW.updated_at_ms);
END;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (7, '007_hot_paths.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
