-- Operator action: ask the dispatcher to look up an unknown attempt at its provider now.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_op_request_lookup(p_attempt bigint, p_request text, p_actor_kind text, p_actor_id text, p_reason text, p_seen bigint) RETURNS TABLE(outcome text, response jsonb, message text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO '@schema@', 'pg_temp'
    AS $$
#variable_conflict use_column
DECLARE
    p record;
    a attempts%ROWTYPE;
    j jobs%ROWTYPE;
    v_lookup boolean;
    v_now bigint;
    v_resp jsonb;
BEGIN
    SELECT * INTO p FROM jd_prior_answer(p_request, 'request_lookup', NULL, p_attempt);
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
    SELECT t.* INTO j FROM jobs t WHERE t.id = a.job_id;
    IF p_seen IS NOT NULL AND j.change_seq > p_seen THEN
        outcome := 'stale'; message := jd_stale_message(j.id, p_seen);
        RETURN NEXT;
        RETURN;
    END IF;
    IF a.state <> 'unknown' THEN
        outcome := 'invalid';
        message := jd_refusal('JD125', jsonb_build_object('attempt', a.id, 'state', a.state));
        RETURN NEXT;
        RETURN;
    END IF;
    SELECT coalesce((t.config ->> 'status_lookup')::boolean, false) INTO v_lookup FROM providers t WHERE t.name = a.provider;
    IF NOT coalesce(v_lookup, false) THEN
        outcome := 'invalid';
        message := jd_refusal('JD126', jsonb_build_object('provider', a.provider, 'key', a.provider_key));
        RETURN NEXT;
        RETURN;
    END IF;
    v_now := jd_now_ms();
    -- After the last lookup, even within its millisecond: a request is due until a later lookup answers it.
    UPDATE attempts t SET lookup_requested_at_ms = greatest(v_now, coalesce(t.last_lookup_at_ms, 0) + 1) WHERE t.id = a.id;
    v_resp := jsonb_build_object('action', 'request_lookup', 'attempt_id', a.id, 'job_id', a.job_id,
                                 'requested_at_ms', v_now, 'last_lookup_at_ms', a.last_lookup_at_ms);
    INSERT INTO audit_log (request_id, action, actor_kind, actor_id, actor_role, job_id, attempt_id, reason, response,
                           at_ms, db_user)
    VALUES (p_request, 'request_lookup', p_actor_kind, p_actor_id, 'operator', a.job_id, a.id, btrim(p_reason), v_resp,
            v_now, session_user);
    outcome := 'done'; response := v_resp;
    RETURN NEXT;
END $$;

REVOKE ALL ON FUNCTION @schema@.jd_op_request_lookup(p_attempt bigint, p_request text, p_actor_kind text, p_actor_id text, p_reason text, p_seen bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION @schema@.jd_op_request_lookup(p_attempt bigint, p_request text, p_actor_kind text, p_actor_id text, p_reason text, p_seen bigint) TO jobdesk_operator;
