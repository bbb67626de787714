-- JobDesk schema 12 (PostgreSQL): a request id is answered once, also when the
-- same request arrives twice at the same moment.
--
-- Every operator action (005, 009, 011) first looks for its request id in
-- audit_log (jd_prior_answer) and only then locks its target. Two calls with
-- the same request id (a console re-sending after a lost connection while the
-- first call is still running) both found no prior answer; the second then
-- waited for the first's row lock and, once it had it, judged the changed
-- target: "already cancelled", "stale", "attempt N is still starting" (retry),
-- or a unique violation on audit_log.request_id (request_lookup,
-- record_validation). The action had been done once, but the re-send was
-- answered with an error instead of the first answer
-- (tests/tst_adversary.cpp).
--
-- jd_prior_answer now takes a transaction-scoped advisory lock on the request
-- id before it looks, so a second call with the same id waits for the first to
-- commit or roll back, and then (a new statement, a new snapshot under READ
-- COMMITTED) finds its audit row and replays it. The two-key form keeps these
-- locks apart from the migrations' one-key lock.

CREATE OR REPLACE FUNCTION jd_prior_answer(p_request text, p_action text, p_job bigint, p_attempt bigint,
                                           OUT outcome text, OUT response jsonb, OUT message text)
LANGUAGE plpgsql AS $$
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

-- Only the operator functions (SECURITY DEFINER, run as the schema's owner)
-- call it; nobody else needs to take these locks or read answers through it.
REVOKE ALL ON FUNCTION jd_prior_answer(text, text, bigint, bigint) FROM PUBLIC;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (12, '012_request_id_serialised.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
