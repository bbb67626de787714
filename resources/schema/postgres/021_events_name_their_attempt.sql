-- JobDesk schema 21 (PostgreSQL): an attempt's event names an attempt of its
-- own job, checked by one lookup instead of two foreign keys.
--
-- Every transition of an attempt writes an event (attempt_events, from the
-- attempts' after trigger): every start, every move to running, unknown,
-- failed, cancelled, and every win. The event's two foreign keys (attempt_id
-- to attempts, job_id to jobs) each ran a query of their own at every event,
-- locking the row it found (FOR KEY SHARE), and neither checked that the
-- attempt belongs to that job: an event could tell one job's history with
-- another job's attempt.
--
-- One BEFORE INSERT trigger now refuses an event whose attempt is not an
-- attempt of its job, with one lookup of the attempt by its primary key. It
-- is the stronger rule, and it holds for every event whatever SQL writes it:
--   * the attempt exists (the lookup finds it), and its job exists (the
--     attempts' own foreign key to jobs);
--   * neither row can go away or change its identity afterwards, which is
--     what the foreign keys' row locks were for: attempts and jobs are never
--     deleted or truncated (migration 4), no attempt's or job's id is ever
--     rewritten (migration 19), and an attempt's job_id is fixed
--     (attempts_identity_fixed, migration 7).
-- The two foreign keys are dropped. SQLite keeps its foreign keys (compiled
-- into the prepared statement, they cost next to nothing there) and gains
-- the same trigger, so the rule is the same on both stores.
--
-- Measured with scripts/pg-instructions.sh (bench/README.md, "Seventh
-- pass"): a win 1,018,000 -> 979,300 instructions (-3.8%); every start and
-- transition writes one event and saves the same.

ALTER TABLE attempt_events
    DROP CONSTRAINT attempt_events_attempt_id_fkey,
    DROP CONSTRAINT attempt_events_job_id_fkey;

CREATE FUNCTION jd_attempt_events_guard_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM attempts WHERE id = NEW.attempt_id AND job_id = NEW.job_id) THEN
        RAISE EXCEPTION 'jobdesk_history: an event names an attempt of its own job (attempt %, job %)',
            NEW.attempt_id, NEW.job_id;
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER attempt_events_attempt_of_its_job BEFORE INSERT ON attempt_events
    FOR EACH ROW EXECUTE FUNCTION jd_attempt_events_guard_insert();

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (21, '021_events_name_their_attempt.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
