-- JobDesk schema 11 (PostgreSQL): an operator's "Validate now" is recorded.
--
-- The console runs a provider's contract validation itself (its golden cases
-- against the provider) and records the result. Dispatchers record theirs
-- with the schema owner's rights; an operator's login may not write
-- provider_validations directly, so, like every operator action (005), the
-- record goes through a SECURITY DEFINER function that only jobdesk_operator
-- may run: it checks the provider and route are known, stamps the time with
-- the database's clock (the validity's length is the caller's), and writes an
-- audit row with session_user beside the actor the console names. A repeated
-- request id returns the first answer and records nothing new.

CREATE FUNCTION jd_op_record_validation(p_provider text, p_route text, p_config_hash text, p_passed boolean,
                                        p_report jsonb, p_valid_for_ms bigint, p_request text, p_actor_kind text,
                                        p_actor_id text, p_reason text)
RETURNS TABLE (outcome text, response jsonb, message text)
LANGUAGE plpgsql SECURITY DEFINER AS $$
#variable_conflict use_column
DECLARE
    p record;
    v_now bigint;
    v_id bigint;
    v_resp jsonb;
BEGIN
    SELECT * INTO p FROM jd_prior_answer(p_request, 'record_validation', NULL, NULL);
    IF p.outcome IS NOT NULL THEN
        outcome := p.outcome; response := p.response; message := p.message;
        RETURN NEXT;
        RETURN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM providers t WHERE t.name = p_provider) THEN
        outcome := 'not_found'; message := format('provider %s is not known to this database', p_provider);
        RETURN NEXT;
        RETURN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM routes t WHERE t.name = p_route) THEN
        outcome := 'not_found'; message := format('route %s is not known to this database', p_route);
        RETURN NEXT;
        RETURN;
    END IF;
    IF p_valid_for_ms IS NULL OR p_valid_for_ms < 0 OR p_report IS NULL OR jsonb_typeof(p_report) <> 'object' THEN
        outcome := 'invalid'; message := 'a validation needs a report (an object) and a validity of zero or more';
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

DO $$
BEGIN
    EXECUTE format('ALTER FUNCTION jd_op_record_validation(text, text, text, boolean, jsonb, bigint, text, text, text, text) '
                   'SET search_path = %I, pg_temp', current_schema());
END $$;
REVOKE ALL ON FUNCTION jd_op_record_validation(text, text, text, boolean, jsonb, bigint, text, text, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION jd_op_record_validation(text, text, text, boolean, jsonb, bigint, text, text, text, text)
    TO jobdesk_operator;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (11, '011_operator_validations.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
