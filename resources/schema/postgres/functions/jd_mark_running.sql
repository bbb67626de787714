-- An attempt goes running (sent) only while its job is undecided and it holds its lease;
-- records where it was sent. One round trip.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_mark_running(p_attempt bigint, p_actor_kind text, p_actor_id text, p_lease_ms bigint, p_deadline_ms bigint, p_sent_to text) RETURNS TABLE(outcome text, id bigint, job_id bigint, attempt_no integer, provider text, state text, kind text, read_version bigint, worker_id text, lease_expires_at_ms bigint, deadline_at_ms bigint, created_at_ms bigint, updated_at_ms bigint, change_seq bigint, result_digest text, last_reason text, provider_key text, last_lookup_at_ms bigint)
    LANGUAGE plpgsql
    AS $$
#variable_conflict use_column
DECLARE
    a @schema@.attempts%ROWTYPE;
    v_winner bigint;
    v_state text;
    v_block bigint;
    v_why text;
    v_now bigint;
    v_outcome text := 'ok';
BEGIN
    p_sent_to := NULLIF(p_sent_to, ''); -- no endpoint: as NULL
    SELECT t.* INTO a FROM @schema@.attempts t WHERE t.id = p_attempt FOR UPDATE;
    IF NOT FOUND THEN
        outcome := 'not_found';
        RETURN NEXT;
        RETURN;
    END IF;
    IF a.state = 'starting' THEN
        SELECT t.completed_by, t.state INTO v_winner, v_state FROM @schema@.jobs t WHERE t.id = a.job_id FOR UPDATE;
        v_now := @schema@.jd_now_ms();
        IF v_winner IS NOT NULL THEN
            v_why := format('never sent: job %s already has a winner (attempt %s)', a.job_id, v_winner);
        ELSIF v_state = 'cancelled' THEN
            v_why := format('never sent: job %s is cancelled', a.job_id);
        ELSE
            SELECT t.id INTO v_block FROM @schema@.attempts t
             WHERE t.job_id = a.job_id AND t.state = 'unknown' ORDER BY t.id LIMIT 1;
            IF v_block IS NOT NULL THEN
                v_why := format('never sent: attempt %s of job %s is unknown', v_block, a.job_id);
            END IF;
        END IF;
        IF v_why IS NOT NULL THEN
            UPDATE @schema@.attempts t SET state = 'failed', last_actor_kind = p_actor_kind, last_actor_id = p_actor_id,
                                     last_reason = v_why, change_seq = nextval('@schema@.jd_change_seq'),
                                     updated_at_ms = v_now
             WHERE t.id = p_attempt
            RETURNING t.* INTO a;
        ELSIF p_sent_to IS NULL THEN
            UPDATE @schema@.attempts t SET state = 'running', last_actor_kind = p_actor_kind, last_actor_id = p_actor_id,
                                     last_reason = NULL, change_seq = nextval('@schema@.jd_change_seq'),
                                     updated_at_ms = v_now,
                                     lease_expires_at_ms = COALESCE(v_now + p_lease_ms, t.lease_expires_at_ms),
                                     deadline_at_ms = COALESCE(t.deadline_at_ms, v_now + p_deadline_ms)
             WHERE t.id = p_attempt
            RETURNING t.* INTO a;
        ELSE
            UPDATE @schema@.attempts t SET state = 'running', last_actor_kind = p_actor_kind, last_actor_id = p_actor_id,
                                     last_reason = NULL, change_seq = nextval('@schema@.jd_change_seq'),
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
