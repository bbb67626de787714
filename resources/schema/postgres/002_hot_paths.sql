-- JobDesk schema 2 (PostgreSQL): the hot paths as SQL functions, so that
-- create, start attempt and complete are each ONE round trip in autocommit
-- (a naive BEGIN; INSERT; INSERT; COMMIT runs at half the speed: DESIGN.md,
-- "Hot paths"). The SQLite store runs the same logic as BEGIN IMMEDIATE
-- transactions in core/service/JobService.cpp; both are tested alike.

-- Create-or-replay (invariants 1 and 2). Records only replays and conflicts:
-- the job row itself records its creation (time and client).
CREATE FUNCTION jd_submit(p_owner text, p_key text, p_fingerprint text, p_route text, p_input jsonb,
                          p_client jsonb, p_max_parallel integer, p_max_attempts integer)
RETURNS TABLE (outcome text, id bigint, owner_id text, idempotency_key text, fingerprint text, route text,
               input jsonb, state text, version bigint, change_seq bigint, max_parallel integer,
               max_attempts integer, completed_by bigint, result jsonb, client_meta jsonb, state_reason text,
               created_at_ms bigint, updated_at_ms bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    j jobs%ROWTYPE;
    v_outcome text;
    v_now bigint := jd_now_ms();
BEGIN
    INSERT INTO jobs AS t (owner_id, idempotency_key, fingerprint, route, input, max_parallel, max_attempts,
                           client_meta, created_at_ms, updated_at_ms)
    VALUES (p_owner, p_key, p_fingerprint, p_route, p_input, p_max_parallel, p_max_attempts, p_client, v_now, v_now)
    ON CONFLICT (owner_id, idempotency_key) DO NOTHING
    RETURNING t.* INTO j;
    IF FOUND THEN
        v_outcome := 'created';
    ELSE
        -- A new statement takes a new snapshot, so it sees the row whose
        -- concurrent insert made ours conflict (the double-click case).
        SELECT t.* INTO j FROM jobs t WHERE t.owner_id = p_owner AND t.idempotency_key = p_key;
        IF NOT FOUND THEN
            outcome := 'retry'; -- that insert rolled back meanwhile: the caller runs us again
            RETURN NEXT;
            RETURN;
        END IF;
        v_outcome := CASE WHEN j.fingerprint = p_fingerprint THEN 'replayed' ELSE 'conflict' END;
        INSERT INTO idempotency_events (kind, owner_id, idempotency_key, job_id, fingerprint, existing_fingerprint,
                                        rejected_intent, client_meta, at_ms)
        VALUES (v_outcome::idempotency_event_kind, p_owner, p_key, j.id, p_fingerprint, j.fingerprint,
                CASE WHEN v_outcome = 'conflict' THEN jsonb_build_object('route', p_route, 'input', p_input) END,
                p_client, v_now);
    END IF;
    outcome := v_outcome;
    id := j.id; owner_id := j.owner_id; idempotency_key := j.idempotency_key; fingerprint := j.fingerprint;
    -- The caller has the input it sent: it comes back only when it differs (a
    -- conflict), and the client metadata only when the job is not the caller's.
    route := j.route; state := j.state; version := j.version; change_seq := j.change_seq;
    input := CASE WHEN v_outcome = 'conflict' THEN j.input END;
    client_meta := CASE WHEN v_outcome <> 'created' THEN j.client_meta END;
    max_parallel := j.max_parallel; max_attempts := j.max_attempts; completed_by := j.completed_by;
    result := j.result; state_reason := j.state_reason;
    created_at_ms := j.created_at_ms; updated_at_ms := j.updated_at_ms;
    RETURN NEXT;
END $$;

-- Start an attempt (invariant 3): the guards are checked under the job's row
-- lock so the refusal can name the blocking attempt; the insert trigger
-- refuses the same cases regardless. A re-run with the same request id
-- returns the attempt it started.
CREATE FUNCTION jd_start_attempt(p_job bigint, p_provider text, p_kind text, p_request text, p_worker text,
                                 p_lease_ms bigint, p_deadline_ms bigint, p_actor_kind text, p_actor_id text,
                                 p_reason text)
RETURNS TABLE (outcome text, refusal text, blocking bigint, id bigint, job_id bigint, attempt_no integer,
               provider text, state text, kind text, read_version bigint, worker_id text,
               lease_expires_at_ms bigint, deadline_at_ms bigint, created_at_ms bigint, updated_at_ms bigint,
               change_seq bigint, result_digest text, last_reason text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    j jobs%ROWTYPE;
    a attempts%ROWTYPE;
    v_outcome text := 'started';
    v_reason text;
    v_block bigint;
    v_msg text;
    v_open bigint;
    v_used bigint;
    v_no integer;
    v_now bigint;
    v_seq bigint;
BEGIN
    SELECT t.* INTO a FROM attempts t WHERE t.job_id = p_job AND t.start_request_id = p_request;
    IF FOUND THEN
        v_outcome := 'replayed';
    ELSE
        SELECT t.* INTO j FROM jobs t WHERE t.id = p_job FOR UPDATE;
        IF NOT FOUND THEN
            outcome := 'not_found';
            RETURN NEXT;
            RETURN;
        END IF;
        SELECT t.* INTO a FROM attempts t WHERE t.job_id = p_job AND t.start_request_id = p_request;
        IF FOUND THEN
            v_outcome := 'replayed';
        ELSE
            SELECT t.id INTO v_block FROM attempts t WHERE t.job_id = p_job AND t.state = 'unknown' ORDER BY t.id LIMIT 1;
            IF v_block IS NOT NULL THEN
                v_reason := 'attempt_unknown';
                v_msg := format('attempt %s of job %s is unknown: its outcome must be learned or it must be '
                                'cancelled before another attempt starts', v_block, p_job);
            ELSIF j.completed_by IS NOT NULL THEN
                v_reason := 'job_has_winner';
                v_block := j.completed_by;
                v_msg := format('job %s already has a winner (attempt %s)', p_job, j.completed_by);
            ELSIF j.state = 'cancelled' THEN
                v_reason := 'job_cancelled';
                v_msg := format('job %s is cancelled', p_job);
            ELSE
                SELECT t.id INTO v_block FROM attempts t WHERE t.job_id = p_job AND t.state = 'starting' LIMIT 1;
                IF v_block IS NOT NULL THEN
                    v_reason := 'attempt_starting';
                    v_msg := format('attempt %s of job %s is still starting', v_block, p_job);
                ELSE
                    SELECT count(*), min(t.id) INTO v_open, v_block FROM attempts t
                     WHERE t.job_id = p_job AND t.state IN ('starting', 'running', 'unknown');
                    IF v_open >= j.max_parallel THEN
                        v_reason := 'max_parallel';
                        v_msg := format('job %s already has %s open attempt(s), its limit is %s', p_job, v_open, j.max_parallel);
                    ELSIF p_kind <> 'retry' THEN
                        v_block := NULL;
                        SELECT count(*) INTO v_used FROM attempts t WHERE t.job_id = p_job AND t.kind <> 'retry';
                        IF v_used >= j.max_attempts THEN
                            v_reason := 'budget_spent';
                            v_msg := format('job %s has used its %s automatic attempt(s)', p_job, j.max_attempts);
                        END IF;
                    END IF;
                END IF;
            END IF;
            IF v_reason IS NOT NULL THEN
                outcome := 'refused';
                refusal := v_reason;
                blocking := v_block;
                last_reason := v_msg;
                RETURN NEXT;
                RETURN;
            END IF;
            v_now := jd_now_ms();
            v_seq := nextval('jd_change_seq');
            -- Numbered under the job's row lock (unique per job regardless).
            SELECT COALESCE(max(t.attempt_no), 0) + 1 INTO v_no FROM attempts t WHERE t.job_id = p_job;
            INSERT INTO attempts AS t (job_id, attempt_no, provider, kind, state, read_version, start_request_id,
                                       worker_id, lease_expires_at_ms, deadline_at_ms, last_actor_kind, last_actor_id,
                                       last_reason, change_seq, created_at_ms, updated_at_ms)
            VALUES (p_job, v_no, p_provider, p_kind::attempt_kind, 'starting', j.version, p_request, p_worker,
                    v_now + p_lease_ms, v_now + p_deadline_ms, p_actor_kind, p_actor_id, p_reason, v_seq, v_now, v_now)
            RETURNING t.* INTO a;
        END IF;
    END IF;
    outcome := v_outcome;
    id := a.id; job_id := a.job_id; attempt_no := a.attempt_no; provider := a.provider; state := a.state;
    kind := a.kind; read_version := a.read_version; worker_id := a.worker_id;
    lease_expires_at_ms := a.lease_expires_at_ms; deadline_at_ms := a.deadline_at_ms;
    created_at_ms := a.created_at_ms; updated_at_ms := a.updated_at_ms; change_seq := a.change_seq;
    result_digest := a.result_digest; last_reason := a.last_reason;
    RETURN NEXT;
END $$;

-- Complete by compare-and-swap (invariant 5). Locks the attempt, then the
-- job (cancel takes them in the same order). Exactly one attempt wins; a
-- loser's payload is discarded (its digest kept) and a race loss recorded.
-- A re-run of a win finds itself as the winner and reports the win.
CREATE FUNCTION jd_complete(p_attempt bigint, p_result jsonb, p_digest text, p_actor_kind text, p_actor_id text)
RETURNS TABLE (outcome text, job_id bigint, expected_version bigint, found_version bigint, winner bigint,
               attempt_state text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    a attempts%ROWTYPE;
    j jobs%ROWTYPE;
    v_now bigint;
    v_seq bigint;
    v_state text;
    v_why text;
BEGIN
    SELECT t.* INTO a FROM attempts t WHERE t.id = p_attempt FOR UPDATE;
    IF NOT FOUND THEN
        outcome := 'not_found';
        RETURN NEXT;
        RETURN;
    END IF;
    SELECT t.* INTO j FROM jobs t WHERE t.id = a.job_id FOR UPDATE;
    job_id := j.id;
    expected_version := a.read_version;
    found_version := j.version;
    winner := j.completed_by;
    attempt_state := a.state;
    IF j.completed_by = a.id THEN
        outcome := 'won_replayed';
        expected_version := j.version - 1;
        RETURN NEXT;
        RETURN;
    END IF;
    IF a.state IN ('starting', 'failed') THEN
        outcome := a.state; -- not yet sent, or a definitive failure: nothing to complete
        RETURN NEXT;
        RETURN;
    END IF;
    v_now := jd_now_ms();
    v_seq := nextval('jd_change_seq');
    IF a.state IN ('running', 'unknown') AND j.completed_by IS NULL AND j.state <> 'cancelled'
       AND j.version = a.read_version THEN
        UPDATE jobs t SET result = p_result, completed_by = a.id, version = t.version + 1, state = 'succeeded',
                          state_reason = NULL, change_seq = v_seq, updated_at_ms = v_now
         WHERE t.id = j.id AND t.version = a.read_version AND t.completed_by IS NULL;
        IF FOUND THEN
            UPDATE attempts t SET state = 'succeeded', result_digest = p_digest, last_actor_kind = p_actor_kind,
                                  last_actor_id = p_actor_id, last_reason = NULL, change_seq = v_seq,
                                  updated_at_ms = v_now
             WHERE t.id = a.id;
            outcome := 'won';
            winner := a.id;
            attempt_state := 'succeeded';
            RETURN NEXT;
            RETURN;
        END IF;
    END IF;
    v_state := a.state;
    IF a.state IN ('running', 'unknown') THEN
        v_why := CASE WHEN j.completed_by IS NOT NULL THEN format('lost the race to attempt %s', j.completed_by)
                      ELSE format('job changed (version %s -> %s)', a.read_version, j.version) END;
        UPDATE attempts t SET state = 'superseded', result_digest = p_digest, last_actor_kind = p_actor_kind,
                              last_actor_id = p_actor_id, last_reason = v_why, change_seq = v_seq,
                              updated_at_ms = v_now
         WHERE t.id = a.id;
        v_state := 'superseded';
    END IF;
    INSERT INTO race_losses (attempt_id, job_id, expected_version, found_version, winner_attempt_id, payload_digest, at_ms)
    VALUES (a.id, j.id, a.read_version, j.version, j.completed_by, p_digest, v_now)
    ON CONFLICT (attempt_id) DO NOTHING;
    outcome := 'lost';
    attempt_state := v_state;
    RETURN NEXT;
END $$;

-- Mark an attempt running (its request is about to be sent), in one round
-- trip: the dispatcher does this for every attempt. Locks the attempt, then
-- the job. An attempt past 'starting' is returned as it is.
CREATE FUNCTION jd_mark_running(p_attempt bigint, p_actor_kind text, p_actor_id text, p_lease_ms bigint)
RETURNS TABLE (outcome text, id bigint, job_id bigint, attempt_no integer, provider text, state text, kind text,
               read_version bigint, worker_id text, lease_expires_at_ms bigint, deadline_at_ms bigint,
               created_at_ms bigint, updated_at_ms bigint, change_seq bigint, result_digest text, last_reason text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    a attempts%ROWTYPE;
    v_now bigint;
BEGIN
    SELECT t.* INTO a FROM attempts t WHERE t.id = p_attempt FOR UPDATE;
    IF NOT FOUND THEN
        outcome := 'not_found';
        RETURN NEXT;
        RETURN;
    END IF;
    IF a.state = 'starting' THEN
        PERFORM 1 FROM jobs t WHERE t.id = a.job_id FOR UPDATE;
        v_now := jd_now_ms();
        UPDATE attempts t SET state = 'running', last_actor_kind = p_actor_kind, last_actor_id = p_actor_id,
                              last_reason = NULL, change_seq = nextval('jd_change_seq'), updated_at_ms = v_now,
                              lease_expires_at_ms = COALESCE(v_now + p_lease_ms, t.lease_expires_at_ms)
         WHERE t.id = p_attempt
        RETURNING t.* INTO a;
    END IF;
    outcome := 'ok';
    id := a.id; job_id := a.job_id; attempt_no := a.attempt_no; provider := a.provider; state := a.state;
    kind := a.kind; read_version := a.read_version; worker_id := a.worker_id;
    lease_expires_at_ms := a.lease_expires_at_ms; deadline_at_ms := a.deadline_at_ms;
    created_at_ms := a.created_at_ms; updated_at_ms := a.updated_at_ms; change_seq := a.change_seq;
    result_digest := a.result_digest; last_reason := a.last_reason;
    RETURN NEXT;
END $$;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (2, '002_hot_paths.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
