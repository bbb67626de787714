-- JobDesk schema 29 (PostgreSQL): an attempt is sent only while its job is
-- undecided, and an operator's retry runs under a deadline.
--
-- Found by a review (both stores): an attempt is checked when it starts
-- (jd_start_attempt: no winner, not cancelled, nothing unknown) and sent
-- when it is marked running, and the job could change in between. An
-- operator's retry waits up to retryLeaseMs for a dispatcher to pick it up; a
-- hedge's sibling may win or time out between the hedge's start and its send.
-- jd_mark_running moved any 'starting' attempt to 'running' without looking
-- at the job again, so the request went out to a provider after the job had
-- its winner (the intent paid twice) or while another attempt of it was
-- unknown (the second provider asked while the first may be running it).
--
-- Now jd_mark_running looks under the job's row lock (the lock the winner's
-- CAS, a cancel and a start take) and fails such an attempt instead, 'never
-- sent: ...' with the reason; the dispatcher sends only an attempt that comes
-- back 'running'. The same check is JobService's on SQLite, in the same order.
--
-- An operator's retry had no deadline (jd_op_retry leaves it NULL), so the
-- reaper's backstop, "a running attempt past its deadline by the database
-- clock goes unknown", never applied to it. A new jd_mark_running takes the
-- route's deadline and gives it to an attempt that has none when it is marked
-- running. The four-argument form is kept, for a JobDesk of 24 to 28 during a
-- rolling deploy, and gets the same check.
--
-- The tables, the sequence and the clock are named with the schema (as the
-- guards are since migration 22): a temporary table or sequence of the same
-- name cannot stand in for them.

DO $migration$
DECLARE
    s text := quote_ident(current_schema());
BEGIN
    EXECUTE replace($fn$
CREATE FUNCTION jd_mark_running(p_attempt bigint, p_actor_kind text, p_actor_id text, p_lease_ms bigint,
                                p_deadline_ms bigint)
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
BEGIN
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
        ELSE
            UPDATE @S@.attempts t SET state = 'running', last_actor_kind = p_actor_kind, last_actor_id = p_actor_id,
                                     last_reason = NULL, change_seq = nextval('@S@.jd_change_seq'),
                                     updated_at_ms = v_now,
                                     lease_expires_at_ms = COALESCE(v_now + p_lease_ms, t.lease_expires_at_ms),
                                     deadline_at_ms = COALESCE(t.deadline_at_ms, v_now + p_deadline_ms)
             WHERE t.id = p_attempt
            RETURNING t.* INTO a;
        END IF;
    END IF;
    outcome := 'ok';
    id := a.id; job_id := a.job_id; attempt_no := a.attempt_no; provider := a.provider; state := a.state;
    kind := a.kind; read_version := a.read_version; worker_id := a.worker_id;
    lease_expires_at_ms := a.lease_expires_at_ms; deadline_at_ms := a.deadline_at_ms;
    created_at_ms := a.created_at_ms; updated_at_ms := a.updated_at_ms; change_seq := a.change_seq;
    result_digest := a.result_digest; last_reason := a.last_reason; provider_key := a.provider_key;
    last_lookup_at_ms := a.last_lookup_at_ms;
    RETURN NEXT;
END $$;

CREATE OR REPLACE FUNCTION jd_mark_running(p_attempt bigint, p_actor_kind text, p_actor_id text, p_lease_ms bigint)
RETURNS TABLE (outcome text, id bigint, job_id bigint, attempt_no integer, provider text, state text, kind text,
               read_version bigint, worker_id text, lease_expires_at_ms bigint, deadline_at_ms bigint,
               created_at_ms bigint, updated_at_ms bigint, change_seq bigint, result_digest text, last_reason text,
               provider_key text, last_lookup_at_ms bigint)
LANGUAGE sql AS $$
    SELECT * FROM @S@.jd_mark_running(p_attempt, p_actor_kind, p_actor_id, p_lease_ms, NULL::bigint)
$$;
$fn$, '@S@', s);
END $migration$;

INSERT INTO schema_readers (version, oldest_reader) VALUES (29, 24);

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (29, '029_sent_only_while_undecided.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
