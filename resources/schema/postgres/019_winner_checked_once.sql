-- JobDesk schema 19 (PostgreSQL): a job's winner is checked once, by its
-- guard, and no row's id is ever rewritten; the transition triggers of
-- attempts decide in their functions whether the state moved (below).
-- Together with the win statement's change (core/service/JobService.cpp,
-- kCompleteSql), a winning completion's server instructions fall from
-- ~1,158,600 to ~1,059,800 (-8.5%); bench/README.md, "Sixth pass".
--
-- jobs.completed_by had two checks that a win paid for: the foreign key to
-- attempts (an AFTER trigger that looks the attempt up again and locks it
-- FOR KEY SHARE) and jd_jobs_guard, which runs first and refuses any winner
-- that is not a running or unknown attempt of this very job. The guard's
-- rule is the stronger one and holds for every row, whatever SQL writes it:
--  - a job is born without a winner (migration 16);
--  - a winner is set only through the guard, to an attempt of the job that
--    exists at that moment (the update guard's EXISTS), and never overwritten;
--  - an attempt is never deleted or truncated (migration 4), and from this
--    migration its id is never rewritten (below), so the attempt a winner
--    names stays there under that id.
-- So the foreign key can never be the check that refuses anything; it cost
-- ~38,000 of a winning completion's ~1,158,000 server instructions and
-- ~7,600 of a new job's ~294,000 (its insert trigger runs for every row,
-- even with completed_by NULL). Counted with scripts/pg-instructions.sh
-- (bench/README.md, "Sixth pass"). SQLite keeps its foreign key: there it
-- is compiled into the prepared statement and costs next to nothing.
--
-- Loading rows with session_replication_role = replica (as the benchmarks'
-- seeds do) skipped both the foreign key and the guard before; it still
-- skips the guard.

ALTER TABLE jobs DROP CONSTRAINT jobs_completed_by_fkey;

-- An id is the row's identity: jobs.completed_by, attempt events, race losses
-- and audit rows name rows by it. Refused like the rest of the identity
-- (jd_refuse_identity_change). Only an UPDATE that names id fires these.
CREATE TRIGGER jobs_id_fixed BEFORE UPDATE OF id ON jobs
    FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id)
    EXECUTE FUNCTION jd_refuse_identity_change();
CREATE TRIGGER attempts_id_fixed BEFORE UPDATE OF id ON attempts
    FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id)
    EXECUTE FUNCTION jd_refuse_identity_change();

-- The two transition triggers of attempts decide in their functions whether
-- the state moved, instead of in a WHEN clause. PostgreSQL reads a trigger's
-- WHEN clause back from its stored text and compiles it at every statement
-- that fires the trigger (as it does a CHECK constraint): ~14,000
-- instructions each, at every start, transition and win. A PL/pgSQL
-- function is compiled once per session. Every UPDATE that sets state moves
-- it (an unchanged state is the one case the functions now return early
-- for, as the WHEN clause skipped it): the same rows are checked and
-- recorded, by the same functions.
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
    IF NEW.state = 'succeeded'
       AND NOT EXISTS (SELECT 1 FROM jobs WHERE id = NEW.job_id AND completed_by = NEW.id) THEN
        RAISE EXCEPTION 'jobdesk_transition: only the job''s winner may be succeeded';
    END IF;
    RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION jd_attempts_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD.state = NEW.state THEN
        RETURN NULL; -- not a transition: no event, nothing for the job
    END IF;
    IF NEW.state <> 'succeeded' THEN
        UPDATE jobs SET
            state = d.state,
            change_seq = NEW.change_seq,
            updated_at_ms = NEW.updated_at_ms
        FROM job_derived_state d
        WHERE jobs.id = NEW.job_id AND d.id = NEW.job_id
          AND (jobs.state <> d.state OR jobs.change_seq <> NEW.change_seq);
    END IF;
    -- After the job update (which takes the job's row lock; a win holds it
    -- already), so that one job's events are numbered in commit order.
    INSERT INTO attempt_events (attempt_id, job_id, from_state, to_state, actor_kind, actor_id, reason, at_ms)
    VALUES (NEW.id, NEW.job_id, CASE WHEN TG_OP = 'UPDATE' THEN OLD.state END, NEW.state,
            NEW.last_actor_kind, NEW.last_actor_id, NEW.last_reason, NEW.updated_at_ms);
    RETURN NULL;
END $$;

DROP TRIGGER attempts_guard_transition ON attempts;
CREATE TRIGGER attempts_guard_transition BEFORE UPDATE OF state ON attempts
    FOR EACH ROW EXECUTE FUNCTION jd_attempts_guard_transition();
DROP TRIGGER attempts_after_transition ON attempts;
CREATE TRIGGER attempts_after_transition AFTER UPDATE OF state ON attempts
    FOR EACH ROW EXECUTE FUNCTION jd_attempts_after_change();

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (19, '019_winner_checked_once.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
