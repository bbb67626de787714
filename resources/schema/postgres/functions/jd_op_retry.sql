-- Operator action: a guarded retry, audited; passes the same guards as any attempt and may
-- go beyond the automatic budget.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_op_retry(p_job bigint, p_provider text, p_request text, p_actor_kind text, p_actor_id text, p_reason text, p_seen bigint, p_lease_ms bigint) RETURNS TABLE(outcome text, response jsonb, message text, refusal text, blocking bigint, attempt_id bigint)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO '@schema@', 'pg_temp'
    AS $$
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
        outcome := 'not_found'; message := jd_refusal('JD121', jsonb_build_object('job', p_job));
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
        RAISE EXCEPTION USING ERRCODE = 'JD009', MESSAGE = format('request id %s already started attempt %s of job %s; a retry needs a request id of its own', p_request, v_other, p_job),
            DETAIL = json_build_object('request', p_request, 'attempt', v_other, 'job', p_job)::text;
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

REVOKE ALL ON FUNCTION @schema@.jd_op_retry(p_job bigint, p_provider text, p_request text, p_actor_kind text, p_actor_id text, p_reason text, p_seen bigint, p_lease_ms bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION @schema@.jd_op_retry(p_job bigint, p_provider text, p_request text, p_actor_kind text, p_actor_id text, p_reason text, p_seen bigint, p_lease_ms bigint) TO jobdesk_operator;
