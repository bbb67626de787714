-- JobDesk schema 37 (PostgreSQL): a win stands as it was won, an operator's
-- retry is its own attempt, and no login reads a provider's password. Found
-- by an adversarial review of the database's guards (both stores).
--
-- 1. jd_jobs_guard: once a job has a winner, its result is never rewritten
--    (an UPDATE of result alone was accepted: the paid answer replaced by
--    another); a job's version never goes back (version = 0 after a win was
--    accepted, so a stale compare-and-swap could match again); a winner is
--    set only by a compare-and-swap, the version one up in the same update
--    (a winner set with the version unchanged was accepted); and the version
--    moves only so, or one up with a cancel (moved up by hand, it made every
--    attempt in flight a race loss, its paid result discarded, and let a
--    late attempt win at the next step). Both end a job's undecided life, so
--    a winner always replaces the version every attempt read. A win
--    evaluates two expressions more than before (~0.3% of its server
--    instructions).
-- 2. jd_attempts_guard_transition: the attempt a job names as its winner
--    never becomes superseded, failed or cancelled (an operator's cancel of
--    the winner was accepted after a winner was set by hand, leaving a
--    succeeded job whose winner was cancelled). Only transitions out of
--    running or unknown into those states look the job up; a win does not.
-- 3. jd_op_retry: a request id that already started another attempt of the
--    job (the dispatcher's automatic one, whose start request id every viewer
--    reads) is refused. It was taken as this retry's replay: the audit trail
--    said the operator retried on the provider named and created an attempt
--    that was in fact the dispatcher's, on another provider, and no retry
--    happened. An audited retry answers its replays before this check
--    (jd_prior_answer), so only a foreign attempt meets it.
-- 4. providers.config: a base_url's user info (a password for the provider)
--    is removed from the stored configs. jobdesk_viewer reads this table;
--    JobDesk now records the URL without it and a digest in its place
--    (ProviderConfig::publicJson).

DO $migration$
DECLARE
    s text := quote_ident(current_schema());
BEGIN
    EXECUTE replace($fn$
CREATE OR REPLACE FUNCTION jd_jobs_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.completed_by IS NOT NULL THEN
        IF NEW.completed_by IS DISTINCT FROM OLD.completed_by THEN
            RAISE EXCEPTION 'jobdesk_cas: a winner is never overwritten';
        END IF;
        IF NEW.result::text <> OLD.result::text THEN -- json, compared as written; NULL: the rule below names it
            RAISE EXCEPTION 'jobdesk_cas: a winner''s result is never rewritten';
        END IF;
    ELSIF NEW.completed_by IS NOT NULL THEN
        IF OLD.state = 'cancelled' OR NOT EXISTS (
               SELECT 1 FROM @S@.attempts WHERE id = NEW.completed_by AND job_id = NEW.id
                                        AND state IN ('running', 'unknown')) THEN
            RAISE EXCEPTION 'jobdesk_cas: the winner must be a running or unknown attempt of a job that is not cancelled';
        END IF;
        IF NEW.version OPERATOR(pg_catalog.<>) (OLD.version OPERATOR(pg_catalog.+) 1) THEN
            RAISE EXCEPTION 'jobdesk_cas: a winner is set by a compare-and-swap, the version one up';
        END IF;
    ELSIF NEW.version OPERATOR(pg_catalog.>) OLD.version
          AND NOT (NEW.version OPERATOR(pg_catalog.=) (OLD.version OPERATOR(pg_catalog.+) 1)
                   AND NEW.state = 'cancelled' AND OLD.state <> 'cancelled') THEN
        RAISE EXCEPTION 'jobdesk_cas: a job''s version moves one up, with its win or its cancel';
    END IF;
    IF NEW.state = 'failed' AND OLD.state <> 'failed' THEN
        IF EXISTS (SELECT 1 FROM @S@.attempts WHERE job_id = NEW.id AND state IN ('starting', 'running', 'unknown')) THEN
            RAISE EXCEPTION 'jobdesk_transition: a job with an open attempt cannot fail';
        END IF;
    END IF;
    IF OLD.state <> NEW.state AND OLD.state IN ('cancelled', 'succeeded') THEN
        RAISE EXCEPTION 'jobdesk_transition: a % job does not change state', OLD.state;
    END IF;
    IF NEW.version OPERATOR(pg_catalog.<) OLD.version THEN -- a negative version is below every version a job had
        IF NEW.version OPERATOR(pg_catalog.<) 0 THEN
            RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'jobs_version_not_negative', TABLE = 'jobs',
                MESSAGE = 'new row for relation "jobs" violates check constraint "jobs_version_not_negative"';
        END IF;
        RAISE EXCEPTION 'jobdesk_cas: a job''s version never goes back';
    ELSIF NEW.version OPERATOR(pg_catalog.>) OLD.version AND OLD.completed_by IS NOT NULL THEN
        RAISE EXCEPTION 'jobdesk_cas: a job''s version moves one up, with its win or its cancel';
    END IF;
    IF (NEW.completed_by IS NULL) <> (NEW.result IS NULL) THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'jobs_result_with_winner', TABLE = 'jobs',
            MESSAGE = 'new row for relation "jobs" violates check constraint "jobs_result_with_winner"';
    END IF;
    IF (NEW.state = 'succeeded') <> (NEW.completed_by IS NOT NULL) THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'jobs_succeeded_iff_winner', TABLE = 'jobs',
            MESSAGE = 'new row for relation "jobs" violates check constraint "jobs_succeeded_iff_winner"';
    END IF;
    RETURN NEW;
END $$;

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
    ELSIF NEW.state = 'succeeded' THEN
        IF NOT EXISTS (SELECT 1 FROM @S@.jobs WHERE id = NEW.job_id AND completed_by = NEW.id) THEN
            RAISE EXCEPTION 'jobdesk_transition: only the job''s winner may be succeeded';
        END IF;
    ELSIF OLD.state <> 'starting' AND NEW.state IN ('superseded', 'failed', 'cancelled') THEN
        IF EXISTS (SELECT 1 FROM @S@.jobs WHERE id = NEW.job_id AND completed_by = NEW.id) THEN
            RAISE EXCEPTION 'jobdesk_transition: the job''s winner is never superseded, failed or cancelled';
        END IF;
    END IF;
    RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION jd_op_retry(p_job bigint, p_provider text, p_request text, p_actor_kind text, p_actor_id text,
                                       p_reason text, p_seen bigint, p_lease_ms bigint)
RETURNS TABLE (outcome text, response jsonb, message text, refusal text, blocking bigint, attempt_id bigint)
LANGUAGE plpgsql SECURITY DEFINER AS $$
#variable_conflict use_column
DECLARE
    p record;
    j jobs%ROWTYPE;
    s record;
    v_resp jsonb;
    v_other bigint;
BEGIN
    SELECT * INTO p FROM jd_prior_answer(p_request, 'retry', p_job, NULL);
    IF p.outcome IS NOT NULL THEN
        outcome := p.outcome; response := p.response; message := p.message;
        attempt_id := (p.response ->> 'attempt_id')::bigint;
        RETURN NEXT;
        RETURN;
    END IF;
    SELECT t.* INTO j FROM jobs t WHERE t.id = p_job FOR UPDATE;
    IF NOT FOUND THEN
        outcome := 'not_found'; message := format('job %s does not exist', p_job);
        RETURN NEXT;
        RETURN;
    END IF;
    IF p_seen IS NOT NULL AND j.change_seq > p_seen THEN
        outcome := 'stale'; message := jd_stale_message(j.id, p_seen);
        RETURN NEXT;
        RETURN;
    END IF;
    SELECT t.id INTO v_other FROM attempts t WHERE t.job_id = p_job AND t.start_request_id = p_request;
    IF FOUND THEN -- not this retry's (its replays were answered above): another attempt's request id
        RAISE EXCEPTION 'jobdesk_refused: request id % already started attempt % of job %; a retry needs a request id of its own',
            p_request, v_other, p_job;
    END IF;
    SELECT * INTO s FROM jd_start_attempt(p_job, p_provider, 'retry', p_request, NULL, p_lease_ms, NULL, p_actor_kind,
                                          p_actor_id, btrim(p_reason), gen_random_uuid()::text);
    IF s.outcome = 'refused' THEN
        outcome := 'refused'; refusal := s.refusal; blocking := s.blocking; message := s.last_reason;
        RETURN NEXT;
        RETURN;
    END IF;
    v_resp := jsonb_build_object('action', 'retry', 'job_id', p_job, 'attempt_id', s.id, 'attempt_no', s.attempt_no,
                                 'provider', p_provider);
    INSERT INTO audit_log (request_id, action, actor_kind, actor_id, actor_role, job_id, attempt_id, reason, response,
                           at_ms, db_user)
    VALUES (p_request, 'retry', p_actor_kind, p_actor_id, 'operator', p_job, s.id, btrim(p_reason), v_resp, jd_now_ms(),
            session_user);
    outcome := 'done'; response := v_resp; attempt_id := s.id;
    RETURN NEXT;
END $$;
$fn$, '@S@', s);
    -- CREATE OR REPLACE drops the function's settings: its search path is pinned again.
    EXECUTE format('ALTER FUNCTION jd_op_retry(bigint, text, text, text, text, text, bigint, bigint) SET search_path = %s, pg_temp', s);
END $migration$;

-- A stored URL keeps no user info: scheme://user:password@host... -> scheme://host...
UPDATE providers
   SET config = jsonb_set(config, '{base_url}',
                          to_jsonb(regexp_replace(config ->> 'base_url', '^([A-Za-z][A-Za-z0-9+.-]*://)[^/?#]*@', '\1')))
 WHERE config ->> 'base_url' ~ '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*@';

-- Not for older programs (no schema_readers row): they would record a
-- provider's password again, and could not read a config recorded without it
-- (base_url_user_info).

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (37, '037_a_win_stands.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
