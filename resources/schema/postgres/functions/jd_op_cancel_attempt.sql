-- Operator action: cancel an attempt, audited; safe to repeat by request id; refuses a
-- stale view (seen change sequence). Runs as the schema's owner for jobdesk_operator.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_op_cancel_attempt(p_attempt bigint, p_request text, p_actor_kind text, p_actor_id text, p_reason text, p_seen bigint) RETURNS TABLE(outcome text, response jsonb, message text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO '@schema@', 'pg_temp'
    AS $$
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
        outcome := 'not_found'; message := jd_refusal('JD120', jsonb_build_object('attempt', p_attempt));
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
        outcome := 'invalid'; message := jd_refusal('JD122', jsonb_build_object('attempt', a.id, 'state', a.state));
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

REVOKE ALL ON FUNCTION @schema@.jd_op_cancel_attempt(p_attempt bigint, p_request text, p_actor_kind text, p_actor_id text, p_reason text, p_seen bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION @schema@.jd_op_cancel_attempt(p_attempt bigint, p_request text, p_actor_kind text, p_actor_id text, p_reason text, p_seen bigint) TO jobdesk_operator;
