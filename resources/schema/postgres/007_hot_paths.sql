-- JobDesk schema 7 (PostgreSQL): the hot paths at the database's speed
-- (issue 10; the figures are in bench/README.md). Every guard stays in the
-- database; what changes is where some of them live and what a winning
-- completion writes.
--
--   * Length and range rules move from table CHECK constraints into domains.
--     PostgreSQL reads every CHECK constraint of a table back from its stored
--     expression and plans it at each execution of each statement that writes
--     the table (ExecRelCheck), also for an UPDATE that sets other columns; a
--     domain's checks are planned once per session (the type cache) and run
--     only where a value is assigned to a column of that type. Same rules,
--     same error (23514 check_violation). Changing a column's type rewrites
--     the table once (with an exclusive lock): plan this migration for a
--     quiet moment on a large database.
--   * The two rules that tie columns of a job together (a result iff a
--     winner; succeeded iff a winner) stay CHECK constraints.
--   * jobs and attempts keep free room in each page (fillfactor), so the new
--     version of a row that a hot path updates stays on its page: no second
--     heap page, no extra lock record, fewer full-page images after a
--     checkpoint.
--   * A winning completion writes the job row once (the CAS) and reads it
--     nowhere else: jd_complete no longer locks the job before the CAS (the
--     UPDATE takes the lock, after the attempt's, as before), and the
--     attempts trigger does not derive the job's state again for a winner
--     (the CAS set it, and the guard allows 'succeeded' only for the attempt
--     the job names). The event row is still written by the trigger.

-- ---- domains ----
CREATE DOMAIN jd_name AS text CHECK (length(VALUE) BETWEEN 1 AND 255);
CREATE DOMAIN jd_fingerprint AS text CHECK (length(VALUE) = 64);
CREATE DOMAIN jd_version AS bigint CHECK (VALUE >= 0);
CREATE DOMAIN jd_max_parallel AS integer CHECK (VALUE BETWEEN 1 AND 8);
CREATE DOMAIN jd_max_attempts AS integer CHECK (VALUE BETWEEN 1 AND 100);
CREATE DOMAIN jd_attempt_no AS integer CHECK (VALUE >= 1);

-- What depends on the columns' types: the derived-state view and the identity
-- triggers (their WHEN clauses). Dropped here, created again below unchanged.
DROP VIEW job_derived_state;
DROP TRIGGER jobs_identity_fixed ON jobs;
DROP TRIGGER attempts_identity_fixed ON attempts;

ALTER TABLE jobs
    DROP CONSTRAINT IF EXISTS jobs_owner_id_check,
    DROP CONSTRAINT IF EXISTS jobs_idempotency_key_check,
    DROP CONSTRAINT IF EXISTS jobs_fingerprint_check,
    DROP CONSTRAINT IF EXISTS jobs_route_check,
    DROP CONSTRAINT IF EXISTS jobs_version_check,
    DROP CONSTRAINT IF EXISTS jobs_max_parallel_check,
    DROP CONSTRAINT IF EXISTS jobs_max_attempts_check,
    ALTER COLUMN owner_id TYPE jd_name,
    ALTER COLUMN idempotency_key TYPE jd_name,
    ALTER COLUMN fingerprint TYPE jd_fingerprint,
    ALTER COLUMN route TYPE jd_name,
    ALTER COLUMN version TYPE jd_version,
    ALTER COLUMN max_parallel TYPE jd_max_parallel,
    ALTER COLUMN max_attempts TYPE jd_max_attempts;

ALTER TABLE attempts
    DROP CONSTRAINT IF EXISTS attempts_attempt_no_check,
    DROP CONSTRAINT IF EXISTS attempts_provider_check,
    DROP CONSTRAINT IF EXISTS attempts_read_version_check,
    ALTER COLUMN attempt_no TYPE jd_attempt_no,
    ALTER COLUMN provider TYPE jd_name,
    ALTER COLUMN read_version TYPE jd_version;

ALTER TABLE jobs SET (fillfactor = 80);
ALTER TABLE attempts SET (fillfactor = 80);

CREATE VIEW job_derived_state AS
SELECT j.id,
       CASE
           WHEN j.completed_by IS NOT NULL THEN 'succeeded'
           WHEN j.state = 'cancelled' THEN 'cancelled'
           WHEN EXISTS (SELECT 1 FROM attempts a WHERE a.job_id = j.id AND a.state = 'unknown') THEN 'blocked'
           WHEN EXISTS (SELECT 1 FROM attempts a WHERE a.job_id = j.id AND a.state IN ('starting', 'running')) THEN 'running'
           WHEN (SELECT count(*) FROM attempts a WHERE a.job_id = j.id AND a.kind <> 'retry') >= j.max_attempts THEN 'failed'
           ELSE 'queued'
       END::job_state AS state
FROM jobs j;
DO $$
BEGIN
    EXECUTE format('GRANT SELECT ON %I.job_derived_state TO jobdesk_viewer', current_schema());
END $$;

CREATE TRIGGER attempts_identity_fixed BEFORE UPDATE OF job_id, attempt_no, provider, kind, read_version,
    start_request_id, provider_key, created_at_ms ON attempts
    FOR EACH ROW WHEN (OLD.job_id IS DISTINCT FROM NEW.job_id OR OLD.attempt_no IS DISTINCT FROM NEW.attempt_no
                       OR OLD.provider IS DISTINCT FROM NEW.provider OR OLD.kind IS DISTINCT FROM NEW.kind
                       OR OLD.read_version IS DISTINCT FROM NEW.read_version
                       OR OLD.start_request_id IS DISTINCT FROM NEW.start_request_id
                       OR OLD.provider_key IS DISTINCT FROM NEW.provider_key
                       OR OLD.created_at_ms IS DISTINCT FROM NEW.created_at_ms)
    EXECUTE FUNCTION jd_refuse_identity_change();
CREATE TRIGGER jobs_identity_fixed BEFORE UPDATE OF owner_id, idempotency_key, fingerprint, route, input,
    created_at_ms ON jobs
    FOR EACH ROW WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id
                       OR OLD.idempotency_key IS DISTINCT FROM NEW.idempotency_key
                       OR OLD.fingerprint IS DISTINCT FROM NEW.fingerprint OR OLD.route IS DISTINCT FROM NEW.route
                       OR OLD.input::text IS DISTINCT FROM NEW.input::text
                       OR OLD.created_at_ms IS DISTINCT FROM NEW.created_at_ms)
    EXECUTE FUNCTION jd_refuse_identity_change();

-- ---- one job write per winning completion ----

-- Each transition writes its event; a transition other than a win moves the
-- job's state (and change sequence) in the same transaction. A win has
-- already written the job: the CAS set its state, result, version and change
-- sequence, and attempts_guard_transition refuses 'succeeded' for any attempt
-- but the one the job names as its winner.
CREATE OR REPLACE FUNCTION jd_attempts_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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

-- Complete by compare-and-swap (invariant 5), in one round trip. Locks the
-- attempt, then the job (cancel takes them in the same order): the CAS
-- UPDATE itself takes the job's lock, so a win locks and writes the job row
-- once. Anything but a win reads the job under its lock and answers as
-- before: a re-run of a win reports the win, a starting or failed attempt has
-- nothing to complete, a loser's payload is discarded (its digest kept) and a
-- race loss recorded.
CREATE OR REPLACE FUNCTION jd_complete(p_attempt bigint, p_result json, p_digest text, p_actor_kind text,
                                       p_actor_id text)
RETURNS TABLE (outcome text, job_id bigint, expected_version bigint, found_version bigint, winner bigint,
               attempt_state text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    a attempts%ROWTYPE;
    j jobs%ROWTYPE;
    v_now bigint;
    v_seq bigint;
    v_state text;
    v_why text;
BEGIN
    SELECT t.* INTO a FROM attempts t WHERE t.id = p_attempt FOR UPDATE;
    IF NOT FOUND THEN
        outcome := 'not_found';
        RETURN NEXT;
        RETURN;
    END IF;
    IF a.state IN ('running', 'unknown') THEN
        v_now := jd_now_ms();
        v_seq := nextval('jd_change_seq');
        UPDATE jobs t SET result = p_result, completed_by = a.id, version = t.version + 1, state = 'succeeded',
                          state_reason = NULL, change_seq = v_seq, updated_at_ms = v_now
         WHERE t.id = a.job_id AND t.version = a.read_version AND t.completed_by IS NULL AND t.state <> 'cancelled';
        IF FOUND THEN
            UPDATE attempts t SET state = 'succeeded', result_digest = p_digest, last_actor_kind = p_actor_kind,
                                  last_actor_id = p_actor_id, last_reason = NULL, change_seq = v_seq,
                                  updated_at_ms = v_now
             WHERE t.id = a.id;
            outcome := 'won';
            job_id := a.job_id;
            expected_version := a.read_version;
            found_version := a.read_version;
            winner := a.id;
            attempt_state := 'succeeded';
            RETURN NEXT;
            RETURN;
        END IF;
    END IF;
    SELECT t.* INTO j FROM jobs t WHERE t.id = a.job_id FOR UPDATE;
    job_id := j.id;
    expected_version := a.read_version;
    found_version := j.version;
    winner := j.completed_by;
    attempt_state := a.state;
    IF j.completed_by = a.id THEN
        outcome := 'won_replayed';
        expected_version := j.version - 1;
        RETURN NEXT;
        RETURN;
    END IF;
    IF a.state IN ('starting', 'failed') THEN
        outcome := a.state; -- not yet sent, or a definitive failure: nothing to complete
        RETURN NEXT;
        RETURN;
    END IF;
    v_now := coalesce(v_now, jd_now_ms());
    v_seq := coalesce(v_seq, nextval('jd_change_seq'));
    v_state := a.state;
    IF a.state IN ('running', 'unknown') THEN
        v_why := CASE WHEN j.completed_by IS NOT NULL THEN format('lost the race to attempt %s', j.completed_by)
                      ELSE format('job changed (version %s -> %s)', a.read_version, j.version) END;
        UPDATE attempts t SET state = 'superseded', result_digest = p_digest, last_actor_kind = p_actor_kind,
                              last_actor_id = p_actor_id, last_reason = v_why, change_seq = v_seq,
                              updated_at_ms = v_now
         WHERE t.id = a.id;
        v_state := 'superseded';
    END IF;
    INSERT INTO race_losses (attempt_id, job_id, expected_version, found_version, winner_attempt_id, payload_digest, at_ms)
    VALUES (a.id, j.id, a.read_version, j.version, j.completed_by, p_digest, v_now)
    ON CONFLICT (attempt_id) DO NOTHING;
    outcome := 'lost';
    attempt_state := v_state;
    RETURN NEXT;
END $$;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (7, '007_hot_paths.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
