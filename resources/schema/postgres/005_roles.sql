-- JobDesk schema 5 (PostgreSQL): roles enforced by the database.
--
--   jobdesk_viewer    may read (SELECT) the job records; writes nothing.
--   jobdesk_operator  a viewer who may also run the operator actions, which are
--                     SQL functions (SECURITY DEFINER, pinned search_path) that
--                     apply the action, write the audit row and record the
--                     database user (session_user) beside the actor the client
--                     names, so the audit trail cannot be forged from a client.
--
-- The group roles are created if missing (this needs CREATEROLE; a DBA may
-- create them beforehand instead). Login roles for people are the DBA's:
--   CREATE ROLE alice LOGIN PASSWORD '...' IN ROLE jobdesk_operator;
--   CREATE ROLE sam   LOGIN PASSWORD '...' IN ROLE jobdesk_viewer;
-- Only the schema's owner (the account jobdesk-server migrates with) writes directly.

ALTER TABLE audit_log ADD COLUMN db_user text NOT NULL DEFAULT session_user;

DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'jobdesk_viewer') THEN
        BEGIN
            CREATE ROLE jobdesk_viewer NOLOGIN;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; -- created concurrently
        END;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'jobdesk_operator') THEN
        BEGIN
            CREATE ROLE jobdesk_operator NOLOGIN;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END;
    END IF;
    IF NOT pg_has_role('jobdesk_operator', 'jobdesk_viewer', 'MEMBER') THEN
        BEGIN
            GRANT jobdesk_viewer TO jobdesk_operator; -- an operator reads what a viewer reads
        EXCEPTION WHEN OTHERS THEN NULL; -- granted concurrently
        END;
    END IF;
END $$;

-- Reading: the job records, not the dispatcher's or the API's secrets.
DO $$
DECLARE
    s text := current_schema();
    t text;
BEGIN
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO jobdesk_viewer', s);
    FOREACH t IN ARRAY ARRAY['schema_migrations', 'jobs', 'attempts', 'attempt_events', 'idempotency_events',
                             'race_losses', 'audit_log', 'routes', 'providers', 'provider_validations',
                             'job_derived_state'] LOOP
        EXECUTE format('GRANT SELECT ON %I.%I TO jobdesk_viewer', s, t);
    END LOOP;
END $$;

-- The message a stale view gets: what changed since the operator looked.
CREATE FUNCTION jd_stale_message(p_job bigint, p_seen bigint) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    j jobs%ROWTYPE;
    e record;
    latest text := '';
BEGIN
    SELECT * INTO j FROM jobs WHERE id = p_job;
    SELECT a.attempt_no, ev.from_state, ev.to_state, ev.actor_kind, ev.actor_id, ev.reason INTO e
      FROM attempt_events ev JOIN attempts a ON a.id = ev.attempt_id
     WHERE ev.job_id = p_job ORDER BY ev.id DESC LIMIT 1;
    IF FOUND THEN
        latest := format('; latest: attempt #%s %s -> %s by %s %s', e.attempt_no, coalesce(e.from_state, '(new)'),
                         e.to_state, e.actor_kind, e.actor_id);
        IF coalesce(e.reason, '') <> '' THEN
            latest := latest || ' (' || e.reason || ')';
        END IF;
    END IF;
    RETURN format('job %s changed since you looked (change %s, now %s): it is %s%s. Refresh and decide again.',
                  p_job, p_seen, j.change_seq, j.state, latest);
END $$;

-- A repeated request id: the first answer for the same action and target, an
-- error for another action or target. NULL when the id is new.
CREATE FUNCTION jd_prior_answer(p_request text, p_action text, p_job bigint, p_attempt bigint,
                                OUT outcome text, OUT response jsonb, OUT message text)
LANGUAGE plpgsql AS $$
DECLARE
    prior audit_log%ROWTYPE;
BEGIN
    SELECT * INTO prior FROM audit_log WHERE request_id = p_request;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    IF prior.action <> p_action THEN
        outcome := 'request_reused';
        message := format('request id %s was already used for a different action (%s)', p_request, prior.action);
    ELSIF (p_job IS NOT NULL AND prior.job_id IS DISTINCT FROM p_job)
          OR (p_attempt IS NOT NULL AND prior.attempt_id IS DISTINCT FROM p_attempt) THEN
        outcome := 'request_reused';
        message := format('request id %s was already used for %s on another target (job %s, attempt %s)', p_request,
                          p_action, coalesce(prior.job_id::text, '-'), coalesce(prior.attempt_id::text, '-'));
    ELSE
        outcome := 'replayed';
        response := prior.response;
    END IF;
END $$;

-- Cancel an attempt (starting, running or unknown). Locks the attempt, then its job.
CREATE FUNCTION jd_op_cancel_attempt(p_attempt bigint, p_request text, p_actor_kind text, p_actor_id text,
                                     p_reason text, p_seen bigint)
RETURNS TABLE (outcome text, response jsonb, message text)
LANGUAGE plpgsql SECURITY DEFINER AS $$
#variable_conflict use_column
DECLARE
    p record;
    a attempts%ROWTYPE;
    j jobs%ROWTYPE;
    v_now bigint;
    v_resp jsonb;
    v_state text;
BEGIN
    SELECT * INTO p FROM jd_prior_answer(p_request, 'cancel_attempt', NULL, p_attempt);
    IF p.outcome IS NOT NULL THEN
        outcome := p.outcome; response := p.response; message := p.message;
        RETURN NEXT;
        RETURN;
    END IF;
    SELECT t.* INTO a FROM attempts t WHERE t.id = p_attempt FOR UPDATE;
    IF NOT FOUND THEN
        outcome := 'not_found'; message := format('attempt %s does not exist', p_attempt);
        RETURN NEXT;
        RETURN;
    END IF;
    SELECT t.* INTO j FROM jobs t WHERE t.id = a.job_id FOR UPDATE;
    IF p_seen IS NOT NULL AND j.change_seq > p_seen THEN
        outcome := 'stale'; message := jd_stale_message(j.id, p_seen);
        RETURN NEXT;
        RETURN;
    END IF;
    IF a.state NOT IN ('starting', 'running', 'unknown') THEN
        outcome := 'invalid'; message := format('attempt %s is already %s; there is nothing to cancel', a.id, a.state);
        RETURN NEXT;
        RETURN;
    END IF;
    v_now := jd_now_ms();
    UPDATE attempts t SET state = 'cancelled', last_actor_kind = p_actor_kind, last_actor_id = p_actor_id,
                          last_reason = btrim(p_reason), change_seq = nextval('jd_change_seq'), updated_at_ms = v_now
     WHERE t.id = a.id;
    SELECT t.state INTO v_state FROM jobs t WHERE t.id = a.job_id;
    v_resp := jsonb_build_object('action', 'cancel_attempt', 'attempt_id', a.id, 'job_id', a.job_id,
                                 'from_state', a.state, 'to_state', 'cancelled', 'job_state', v_state);
    INSERT INTO audit_log (request_id, action, actor_kind, actor_id, actor_role, job_id, attempt_id, reason, response,
                           at_ms, db_user)
    VALUES (p_request, 'cancel_attempt', p_actor_kind, p_actor_id, 'operator', a.job_id, a.id, btrim(p_reason), v_resp,
            v_now, session_user);
    outcome := 'done'; response := v_resp;
    RETURN NEXT;
END $$;

-- Cancel a job (terminal) and its open attempts. Lock order: the job's open
-- attempts, then the job (as a completion does).
CREATE FUNCTION jd_op_cancel_job(p_job bigint, p_request text, p_actor_kind text, p_actor_id text, p_reason text,
                                 p_seen bigint)
RETURNS TABLE (outcome text, response jsonb, message text)
LANGUAGE plpgsql SECURITY DEFINER AS $$
#variable_conflict use_column
DECLARE
    p record;
    j jobs%ROWTYPE;
    v_now bigint;
    v_seq bigint;
    v_resp jsonb;
    v_cancelled jsonb := '[]'::jsonb;
    r record;
BEGIN
    SELECT * INTO p FROM jd_prior_answer(p_request, 'cancel_job', p_job, NULL);
    IF p.outcome IS NOT NULL THEN
        outcome := p.outcome; response := p.response; message := p.message;
        RETURN NEXT;
        RETURN;
    END IF;
    PERFORM 1 FROM attempts t WHERE t.job_id = p_job AND t.state IN ('starting', 'running', 'unknown')
     ORDER BY t.id FOR UPDATE;
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
    IF j.state = 'succeeded' THEN
        outcome := 'invalid';
        message := format('job %s already has a winner (attempt %s); it cannot be cancelled', p_job, j.completed_by);
        RETURN NEXT;
        RETURN;
    END IF;
    IF j.state = 'cancelled' THEN
        outcome := 'invalid'; message := format('job %s is already cancelled', p_job);
        RETURN NEXT;
        RETURN;
    END IF;
    v_now := jd_now_ms();
    v_seq := nextval('jd_change_seq');
    UPDATE jobs t SET state = 'cancelled', version = t.version + 1, state_reason = btrim(p_reason), change_seq = v_seq,
                      updated_at_ms = v_now
     WHERE t.id = p_job;
    FOR r IN SELECT t.id FROM attempts t WHERE t.job_id = p_job AND t.state IN ('starting', 'running', 'unknown')
             ORDER BY t.id LOOP
        UPDATE attempts t SET state = 'cancelled', last_actor_kind = p_actor_kind, last_actor_id = p_actor_id,
                              last_reason = 'job cancelled: ' || btrim(p_reason), change_seq = v_seq, updated_at_ms = v_now
         WHERE t.id = r.id;
        v_cancelled := v_cancelled || to_jsonb(r.id);
    END LOOP;
    v_resp := jsonb_build_object('action', 'cancel_job', 'job_id', p_job, 'from_state', j.state, 'to_state', 'cancelled',
                                 'cancelled_attempts', v_cancelled);
    INSERT INTO audit_log (request_id, action, actor_kind, actor_id, actor_role, job_id, attempt_id, reason, response,
                           at_ms, db_user)
    VALUES (p_request, 'cancel_job', p_actor_kind, p_actor_id, 'operator', p_job, NULL, btrim(p_reason), v_resp, v_now,
            session_user);
    outcome := 'done'; response := v_resp;
    RETURN NEXT;
END $$;

-- An operator's retry: the same guards as any new attempt (jd_start_attempt),
-- beyond the automatic budget, with a lease and no worker: a dispatcher sends it.
CREATE FUNCTION jd_op_retry(p_job bigint, p_provider text, p_request text, p_actor_kind text, p_actor_id text,
                            p_reason text, p_seen bigint, p_lease_ms bigint)
RETURNS TABLE (outcome text, response jsonb, message text, refusal text, blocking bigint, attempt_id bigint)
LANGUAGE plpgsql SECURITY DEFINER AS $$
#variable_conflict use_column
DECLARE
    p record;
    j jobs%ROWTYPE;
    s record;
    v_resp jsonb;
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

-- Pinned search_path (the schema these functions live in), and only operators may run them.
DO $$
DECLARE
    s text := current_schema();
BEGIN
    EXECUTE format('ALTER FUNCTION jd_op_cancel_attempt(bigint, text, text, text, text, bigint) SET search_path = %I, pg_temp', s);
    EXECUTE format('ALTER FUNCTION jd_op_cancel_job(bigint, text, text, text, text, bigint) SET search_path = %I, pg_temp', s);
    EXECUTE format('ALTER FUNCTION jd_op_retry(bigint, text, text, text, text, text, bigint, bigint) SET search_path = %I, pg_temp', s);
END $$;
REVOKE ALL ON FUNCTION jd_op_cancel_attempt(bigint, text, text, text, text, bigint) FROM PUBLIC;
REVOKE ALL ON FUNCTION jd_op_cancel_job(bigint, text, text, text, text, bigint) FROM PUBLIC;
REVOKE ALL ON FUNCTION jd_op_retry(bigint, text, text, text, text, text, bigint, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION jd_op_cancel_attempt(bigint, text, text, text, text, bigint) TO jobdesk_operator;
GRANT EXECUTE ON FUNCTION jd_op_cancel_job(bigint, text, text, text, text, bigint) TO jobdesk_operator;
GRANT EXECUTE ON FUNCTION jd_op_retry(bigint, text, text, text, text, text, bigint, bigint) TO jobdesk_operator;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (5, '005_roles.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
