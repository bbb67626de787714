-- JobDesk schema 35 (PostgreSQL): an operator action answered as a replay
-- waits for a synchronous standby as the action itself did.
--
-- Every operator action first asks jd_prior_answer whether its request id was
-- answered before; a replay then returns that answer without writing
-- anything, so its transaction had no id, wrote no commit record and waited
-- for nothing. Found by a review: with a synchronous standby, an operator's
-- cancel whose wait for the standby was cut short (its backend terminated by
-- a pooler or a fast shutdown) is visible on the primary before the standby
-- has it; the console's re-send after the lost connection was answered
-- "cancelled" at once from the audit row, and a failover would then have
-- undone the cancel, and the job would have been sent and charged. A replay
-- now locks its audit row when a synchronous standby is configured: that
-- writes a WAL record, so its commit (after the action's in the log) waits
-- until the standby has the action. Nothing changes without a standby.
--
-- Readers: an older JobDesk (33 and 34) calls the same functions with the
-- same answers: it may share a schema with this migration.

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

INSERT INTO schema_readers (version, oldest_reader) VALUES (35, 33);

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (35, '035_replayed_answers_wait_for_the_standby.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
