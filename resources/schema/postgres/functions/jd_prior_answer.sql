-- The answer an operator request id already has: the same id repeats the first answer,
-- the same id on another action or target is refused.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_prior_answer(p_request text, p_action text, p_job bigint, p_attempt bigint, OUT outcome text, OUT response jsonb, OUT message text) RETURNS record
    LANGUAGE plpgsql
    AS $$
DECLARE
    prior audit_log%ROWTYPE;
BEGIN
    PERFORM pg_advisory_xact_lock(1246979141, hashtext(p_request)); -- 'JDRE'
    SELECT * INTO prior FROM audit_log WHERE request_id = p_request;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    IF prior.action <> p_action THEN
        outcome := 'request_reused';
        message := jd_refusal('JD115', jsonb_build_object('request', p_request, 'action', prior.action));
    ELSIF (p_job IS NOT NULL AND prior.job_id IS DISTINCT FROM p_job)
          OR (p_attempt IS NOT NULL AND prior.attempt_id IS DISTINCT FROM p_attempt) THEN
        outcome := 'request_reused';
        message := jd_refusal('JD116', jsonb_build_object('request', p_request, 'action', p_action,
                                                          'job', coalesce(prior.job_id::text, '-'),
                                                          'attempt', coalesce(prior.attempt_id::text, '-')));
    ELSE
        outcome := 'replayed';
        response := prior.response;
        IF pg_catalog.current_setting('synchronous_standby_names') OPERATOR(pg_catalog.<>) '' THEN
            -- A row lock writes a WAL record, so the commit waits for the
            -- standby (a transaction id alone does not: a commit that wrote
            -- nothing else is not waited for). Audit rows are never updated:
            -- nobody else waits for this lock but a replay of the same id,
            -- which the advisory lock above orders anyway.
            PERFORM 1 FROM audit_log WHERE request_id = p_request FOR UPDATE;
        END IF;
    END IF;
END $$;

REVOKE ALL ON FUNCTION @schema@.jd_prior_answer(p_request text, p_action text, p_job bigint, p_attempt bigint, OUT outcome text, OUT response jsonb, OUT message text) FROM PUBLIC;
