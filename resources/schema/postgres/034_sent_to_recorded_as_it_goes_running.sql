-- JobDesk schema 34 (PostgreSQL): where an attempt's request goes is
-- recorded in the same statement that marks it running, and is written once.
--
-- Since migration 33 the dispatcher marked an attempt running, then recorded
-- sent_to in a second statement. A sender that stopped between the two (a
-- crash, a lost connection) left a running attempt without sent_to; its lease
-- ran out, the reaper made it unknown, and the provider's "never processed"
-- no longer settled it (an attempt that does not record where it went may
-- have gone elsewhere): the job waited for an operator although nothing had
-- been sent. Now jd_mark_running takes the endpoint and writes it with the
-- move to running: an attempt of this version that is running or past it
-- records where it went, and "never processed" from that endpoint frees its
-- job again. An attempt without sent_to is one an older JobDesk sent, or one
-- marked running by a caller that gave no endpoint.
--
-- sent_to is written once, by a statement that leaves the attempt running
-- (the move to running, or a JobDesk of 33's record after it): no writer,
-- raw SQL included, rewrites or erases it, sets it to '' or on an attempt
-- that is not running, or inserts an attempt that has it. The update trigger
-- fires only for statements that name sent_to, so no hot path pays for it;
-- the insert trigger's test costs a start a few thousand instructions.
-- jd_mark_running on an attempt already running that records another
-- endpoint (or none) answers 'elsewhere': the caller sends nothing (a review
-- found the separate record of 33 had refused it and this did not).
--
-- Readers: 33 and newer (a JobDesk of 33 calls the five-argument form, kept,
-- and records sent_to after it).

DO $migration$
DECLARE
    s text := quote_ident(current_schema());
BEGIN
    EXECUTE replace($fn$
CREATE FUNCTION jd_mark_running(p_attempt bigint, p_actor_kind text, p_actor_id text, p_lease_ms bigint,
                                p_deadline_ms bigint, p_sent_to text)
RETURNS TABLE (outcome text, id bigint, job_id bigint, attempt_no integer, provider text, state text, kind text,
               read_version bigint, worker_id text, lease_expires_at_ms bigint, deadline_at_ms bigint,
               created_at_ms bigint, updated_at_ms bigint, change_seq bigint, result_digest text, last_reason text,
               provider_key text, last_lookup_at_ms bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    a @S@.attempts%ROWTYPE;
    v_winner bigint;
    v_state text;
    v_block bigint;
    v_why text;
    v_now bigint;
    v_outcome text := 'ok';
BEGIN
    p_sent_to := NULLIF(p_sent_to, ''); -- no endpoint: as NULL
    SELECT t.* INTO a FROM @S@.attempts t WHERE t.id = p_attempt FOR UPDATE;
    IF NOT FOUND THEN
        outcome := 'not_found';
        RETURN NEXT;
        RETURN;
    END IF;
    IF a.state = 'starting' THEN
        SELECT t.completed_by, t.state INTO v_winner, v_state FROM @S@.jobs t WHERE t.id = a.job_id FOR UPDATE;
        v_now := @S@.jd_now_ms();
        IF v_winner IS NOT NULL THEN
            v_why := format('never sent: job %s already has a winner (attempt %s)', a.job_id, v_winner);
        ELSIF v_state = 'cancelled' THEN
            v_why := format('never sent: job %s is cancelled', a.job_id);
        ELSE
            SELECT t.id INTO v_block FROM @S@.attempts t
             WHERE t.job_id = a.job_id AND t.state = 'unknown' ORDER BY t.id LIMIT 1;
            IF v_block IS NOT NULL THEN
                v_why := format('never sent: attempt %s of job %s is unknown', v_block, a.job_id);
            END IF;
        END IF;
        IF v_why IS NOT NULL THEN
            UPDATE @S@.attempts t SET state = 'failed', last_actor_kind = p_actor_kind, last_actor_id = p_actor_id,
                                     last_reason = v_why, change_seq = nextval('@S@.jd_change_seq'),
                                     updated_at_ms = v_now
             WHERE t.id = p_attempt
            RETURNING t.* INTO a;
        ELSIF p_sent_to IS NULL THEN
            UPDATE @S@.attempts t SET state = 'running', last_actor_kind = p_actor_kind, last_actor_id = p_actor_id,
                                     last_reason = NULL, change_seq = nextval('@S@.jd_change_seq'),
                                     updated_at_ms = v_now,
                                     lease_expires_at_ms = COALESCE(v_now + p_lease_ms, t.lease_expires_at_ms),
                                     deadline_at_ms = COALESCE(t.deadline_at_ms, v_now + p_deadline_ms)
             WHERE t.id = p_attempt
            RETURNING t.* INTO a;
        ELSE
            UPDATE @S@.attempts t SET state = 'running', last_actor_kind = p_actor_kind, last_actor_id = p_actor_id,
                                     last_reason = NULL, change_seq = nextval('@S@.jd_change_seq'),
                                     updated_at_ms = v_now,
                                     lease_expires_at_ms = COALESCE(v_now + p_lease_ms, t.lease_expires_at_ms),
                                     deadline_at_ms = COALESCE(t.deadline_at_ms, v_now + p_deadline_ms),
                                     sent_to = p_sent_to
             WHERE t.id = p_attempt
            RETURNING t.* INTO a;
        END IF;
    ELSIF a.state = 'running' AND p_sent_to IS NOT NULL AND a.sent_to IS DISTINCT FROM p_sent_to THEN
        -- Already running, and not recorded as going where this caller would
        -- send it: not for this caller to send.
        v_outcome := 'elsewhere';
    END IF;
    outcome := v_outcome;
    id := a.id; job_id := a.job_id; attempt_no := a.attempt_no; provider := a.provider; state := a.state;
    kind := a.kind; read_version := a.read_version; worker_id := a.worker_id;
    lease_expires_at_ms := a.lease_expires_at_ms; deadline_at_ms := a.deadline_at_ms;
    created_at_ms := a.created_at_ms; updated_at_ms := a.updated_at_ms; change_seq := a.change_seq;
    result_digest := a.result_digest; last_reason := a.last_reason; provider_key := a.provider_key;
    last_lookup_at_ms := a.last_lookup_at_ms;
    RETURN NEXT;
END $$;

CREATE OR REPLACE FUNCTION jd_mark_running(p_attempt bigint, p_actor_kind text, p_actor_id text, p_lease_ms bigint,
                                           p_deadline_ms bigint)
RETURNS TABLE (outcome text, id bigint, job_id bigint, attempt_no integer, provider text, state text, kind text,
               read_version bigint, worker_id text, lease_expires_at_ms bigint, deadline_at_ms bigint,
               created_at_ms bigint, updated_at_ms bigint, change_seq bigint, result_digest text, last_reason text,
               provider_key text, last_lookup_at_ms bigint)
LANGUAGE sql AS $$
    SELECT * FROM @S@.jd_mark_running(p_attempt, p_actor_kind, p_actor_id, p_lease_ms, p_deadline_ms, NULL::text)
$$;

CREATE FUNCTION jd_refuse_sent_to_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'jobdesk_history: where an attempt''s request went is recorded once, as it is sent';
END $$;
$fn$, '@S@', s);
END $migration$;

CREATE TRIGGER attempts_sent_to_once BEFORE UPDATE OF sent_to ON attempts
    FOR EACH ROW WHEN (OLD.sent_to IS DISTINCT FROM NEW.sent_to
                       AND (OLD.sent_to IS NOT NULL OR NEW.state IS DISTINCT FROM 'running' OR NEW.sent_to = ''))
    EXECUTE FUNCTION jd_refuse_sent_to_change();
CREATE TRIGGER attempts_sent_to_starts_empty BEFORE INSERT ON attempts
    FOR EACH ROW WHEN (NEW.sent_to IS NOT NULL)
    EXECUTE FUNCTION jd_refuse_sent_to_change();

INSERT INTO schema_readers (version, oldest_reader) VALUES (34, 33);

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (34, '034_sent_to_recorded_as_it_goes_running.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
