-- Operator action: cancel a job (terminal) and its open attempts, audited; repeatable by
-- request id; refuses a stale view.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_op_cancel_job(p_job bigint, p_request text, p_actor_kind text, p_actor_id text, p_reason text, p_seen bigint) RETURNS TABLE(outcome text, response jsonb, message text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO '@schema@', 'pg_temp'
    AS $$
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
        outcome := 'not_found'; message := jd_refusal('JD121', jsonb_build_object('job', p_job));
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
        message := jd_refusal('JD123', jsonb_build_object('job', p_job, 'winner', j.completed_by));
        RETURN NEXT;
        RETURN;
    END IF;
    IF j.state = 'cancelled' THEN
        outcome := 'invalid'; message := jd_refusal('JD124', jsonb_build_object('job', p_job));
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

REVOKE ALL ON FUNCTION @schema@.jd_op_cancel_job(p_job bigint, p_request text, p_actor_kind text, p_actor_id text, p_reason text, p_seen bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION @schema@.jd_op_cancel_job(p_job bigint, p_request text, p_actor_kind text, p_actor_id text, p_reason text, p_seen bigint) TO jobdesk_operator;
