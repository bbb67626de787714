-- Operator action: record a provider's contract validation for a route, audited.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_op_record_validation(p_provider text, p_route text, p_config_hash text, p_passed boolean, p_report jsonb, p_valid_for_ms bigint, p_request text, p_actor_kind text, p_actor_id text, p_reason text) RETURNS TABLE(outcome text, response jsonb, message text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO '@schema@', 'pg_temp'
    AS $$
#variable_conflict use_column
DECLARE
    p record;
    v_now bigint;
    v_id bigint;
    v_resp jsonb;
    v_ttl bigint;
BEGIN
    SELECT * INTO p FROM jd_prior_answer(p_request, 'record_validation', NULL, NULL);
    IF p.outcome IS NOT NULL THEN
        outcome := p.outcome; response := p.response; message := p.message;
        RETURN NEXT;
        RETURN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM providers t WHERE t.name = p_provider) THEN
        outcome := 'not_found'; message := jd_refusal('JD127', jsonb_build_object('provider', p_provider));
        RETURN NEXT;
        RETURN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM routes t WHERE t.name = p_route) THEN
        outcome := 'not_found'; message := jd_refusal('JD128', jsonb_build_object('route', p_route));
        RETURN NEXT;
        RETURN;
    END IF;
    IF p_valid_for_ms IS NULL OR p_valid_for_ms < 0 OR p_report IS NULL OR jsonb_typeof(p_report) <> 'object' THEN
        outcome := 'invalid'; message := jd_refusal('JD129', '{}');
        RETURN NEXT;
        RETURN;
    END IF;
    SELECT coalesce((t.config ->> 'validation_ttl_ms')::bigint, 86400000) INTO v_ttl FROM providers t
     WHERE t.name = p_provider;
    IF p_valid_for_ms > v_ttl THEN
        outcome := 'invalid';
        message := jd_refusal('JD130', jsonb_build_object('provider', p_provider, 'ttl_ms', v_ttl, 'valid_for_ms', p_valid_for_ms));
        RETURN NEXT;
        RETURN;
    END IF;
    v_now := jd_now_ms();
    INSERT INTO provider_validations (provider, route, config_hash, passed, report, validated_at_ms, expires_at_ms)
    VALUES (p_provider, p_route, p_config_hash, CASE WHEN p_passed THEN 1 ELSE 0 END, p_report, v_now,
            v_now + p_valid_for_ms)
    RETURNING id INTO v_id;
    v_resp := jsonb_build_object('action', 'record_validation', 'validation_id', v_id, 'provider', p_provider,
                                 'route', p_route, 'passed', p_passed, 'config_hash', p_config_hash,
                                 'validated_at_ms', v_now, 'expires_at_ms', v_now + p_valid_for_ms);
    INSERT INTO audit_log (request_id, action, actor_kind, actor_id, actor_role, job_id, attempt_id, reason, response,
                           at_ms, db_user)
    VALUES (p_request, 'record_validation', p_actor_kind, p_actor_id, 'operator', NULL, NULL, btrim(p_reason), v_resp,
            v_now, session_user);
    outcome := 'done'; response := v_resp;
    RETURN NEXT;
END $$;

REVOKE ALL ON FUNCTION @schema@.jd_op_record_validation(p_provider text, p_route text, p_config_hash text, p_passed boolean, p_report jsonb, p_valid_for_ms bigint, p_request text, p_actor_kind text, p_actor_id text, p_reason text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION @schema@.jd_op_record_validation(p_provider text, p_route text, p_config_hash text, p_passed boolean, p_report jsonb, p_valid_for_ms bigint, p_request text, p_actor_kind text, p_actor_id text, p_reason text) TO jobdesk_operator;
