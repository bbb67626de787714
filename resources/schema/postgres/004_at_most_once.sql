-- JobDesk schema 4 (PostgreSQL): the at-most-once rules that were only in C++.
--   * every attempt carries its own random provider key (invariant 7), sent on
--     every send and status lookup, so no other database ever sends the same key;
--   * at most one open automatic attempt per job; a hedge needs an open attempt
--     to hedge; an automatic attempt or hedge starts only under an unexpired
--     claim held by the starting worker; every attempt starts with a lease;
--   * a result is stored exactly as sent (json, not jsonb: jsonb refuses \u0000);
--   * history is append-only: events, race losses, idempotency events and audit
--     rows are never updated or deleted, attempts and jobs are never deleted and
--     their identity is never rewritten;
--   * when the reconciler last asked a provider about an attempt (fair rotation).

-- ---- provider keys ----
ALTER TABLE attempts ADD COLUMN provider_key text;
UPDATE attempts SET provider_key = gen_random_uuid()::text WHERE provider_key IS NULL;
ALTER TABLE attempts ALTER COLUMN provider_key SET DEFAULT gen_random_uuid()::text;
ALTER TABLE attempts ALTER COLUMN provider_key SET NOT NULL;
ALTER TABLE attempts ADD CONSTRAINT attempts_provider_key_once UNIQUE (provider_key);

-- ---- reconciliation bookkeeping (not a state change: no event) ----
ALTER TABLE attempts ADD COLUMN last_lookup_at_ms bigint;
ALTER TABLE attempts ADD COLUMN lookup_count integer NOT NULL DEFAULT 0;
CREATE INDEX attempts_unknown_by_lookup ON attempts (last_lookup_at_ms NULLS FIRST, updated_at_ms) WHERE state = 'unknown';
-- The reaper turns a running attempt past its deadline into unknown.
CREATE INDEX attempts_running_by_deadline ON attempts (deadline_at_ms) WHERE state = 'running';
-- Operator retries waiting for a dispatcher to send them.
CREATE INDEX attempts_retries_to_send ON attempts (id) WHERE state = 'starting' AND worker_id IS NULL;

-- ---- results stored exactly ----
ALTER TABLE jobs ALTER COLUMN result TYPE json USING result::json;

-- ---- at most one open automatic attempt per job ----
CREATE UNIQUE INDEX attempts_one_open_automatic ON attempts (job_id)
    WHERE kind = 'automatic' AND state IN ('starting', 'running', 'unknown');

-- The insert guard, now with claims, hedges and leases.
CREATE OR REPLACE FUNCTION jd_attempts_guard_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    j jobs%ROWTYPE;
    open_count integer;
BEGIN
    IF NEW.state <> 'starting' THEN
        RAISE EXCEPTION 'jobdesk_refused: a new attempt must start in state starting';
    END IF;
    IF NEW.lease_expires_at_ms IS NULL THEN
        RAISE EXCEPTION 'jobdesk_refused: every attempt starts with a lease';
    END IF;
    SELECT * INTO j FROM jobs WHERE id = NEW.job_id FOR UPDATE;
    IF NOT FOUND THEN
        RETURN NEW; -- the foreign key reports it
    END IF;
    IF EXISTS (SELECT 1 FROM attempts WHERE job_id = NEW.job_id AND state = 'unknown') THEN
        RAISE EXCEPTION 'jobdesk_refused: an attempt of this job is unknown';
    END IF;
    IF j.completed_by IS NOT NULL OR j.state = 'cancelled' THEN
        RAISE EXCEPTION 'jobdesk_refused: the job has a winner or is cancelled';
    END IF;
    SELECT count(*) INTO open_count FROM attempts
     WHERE job_id = NEW.job_id AND state IN ('starting', 'running', 'unknown');
    IF open_count >= j.max_parallel THEN
        RAISE EXCEPTION 'jobdesk_refused: max_parallel attempts are open';
    END IF;
    IF NEW.kind <> 'retry' THEN
        -- Only an operator's retry may go beyond the automatic attempt budget.
        IF (SELECT count(*) FROM attempts WHERE job_id = NEW.job_id AND kind <> 'retry') >= j.max_attempts THEN
            RAISE EXCEPTION 'jobdesk_refused: the job has used its automatic attempt budget';
        END IF;
        -- A worker starts an attempt only under its own unexpired claim on the job.
        IF NEW.worker_id IS NULL OR j.claimed_by IS DISTINCT FROM NEW.worker_id
           OR j.claim_expires_at_ms IS NULL OR j.claim_expires_at_ms <= jd_now_ms() THEN
            RAISE EXCEPTION 'jobdesk_refused: the starting worker does not hold an unexpired claim on the job';
        END IF;
    END IF;
    IF NEW.kind = 'hedge' AND NOT EXISTS (
           SELECT 1 FROM attempts WHERE job_id = NEW.job_id AND state IN ('starting', 'running')) THEN
        RAISE EXCEPTION 'jobdesk_refused: a hedge needs an open attempt to hedge';
    END IF;
    RETURN NEW;
END $$;

-- ---- history is append-only ----
CREATE FUNCTION jd_refuse_history_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'jobdesk_history: % is append-only (% refused)', TG_TABLE_NAME, TG_OP;
END $$;
CREATE TRIGGER attempt_events_append_only BEFORE UPDATE OR DELETE ON attempt_events
    FOR EACH ROW EXECUTE FUNCTION jd_refuse_history_change();
CREATE TRIGGER race_losses_append_only BEFORE UPDATE OR DELETE ON race_losses
    FOR EACH ROW EXECUTE FUNCTION jd_refuse_history_change();
CREATE TRIGGER idempotency_events_append_only BEFORE UPDATE OR DELETE ON idempotency_events
    FOR EACH ROW EXECUTE FUNCTION jd_refuse_history_change();
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION jd_refuse_history_change();
CREATE TRIGGER attempts_never_deleted BEFORE DELETE ON attempts
    FOR EACH ROW EXECUTE FUNCTION jd_refuse_history_change();
CREATE TRIGGER jobs_never_deleted BEFORE DELETE ON jobs
    FOR EACH ROW EXECUTE FUNCTION jd_refuse_history_change();
CREATE TRIGGER attempt_events_no_truncate BEFORE TRUNCATE ON attempt_events
    FOR EACH STATEMENT EXECUTE FUNCTION jd_refuse_history_change();
CREATE TRIGGER race_losses_no_truncate BEFORE TRUNCATE ON race_losses
    FOR EACH STATEMENT EXECUTE FUNCTION jd_refuse_history_change();
CREATE TRIGGER idempotency_events_no_truncate BEFORE TRUNCATE ON idempotency_events
    FOR EACH STATEMENT EXECUTE FUNCTION jd_refuse_history_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION jd_refuse_history_change();
CREATE TRIGGER attempts_no_truncate BEFORE TRUNCATE ON attempts
    FOR EACH STATEMENT EXECUTE FUNCTION jd_refuse_history_change();
CREATE TRIGGER jobs_no_truncate BEFORE TRUNCATE ON jobs
    FOR EACH STATEMENT EXECUTE FUNCTION jd_refuse_history_change();

-- An attempt's and a job's identity is never rewritten. "UPDATE OF" these
-- columns only: the hot paths never set them, so they never pay for this.
CREATE FUNCTION jd_refuse_identity_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'jobdesk_history: the identity of a row in % is never rewritten', TG_TABLE_NAME;
END $$;
CREATE TRIGGER attempts_identity_fixed BEFORE UPDATE OF job_id, attempt_no, provider, kind, read_version,
    start_request_id, provider_key, created_at_ms ON attempts
    FOR EACH ROW WHEN (OLD.job_id IS DISTINCT FROM NEW.job_id OR OLD.attempt_no IS DISTINCT FROM NEW.attempt_no
                       OR OLD.provider IS DISTINCT FROM NEW.provider OR OLD.kind IS DISTINCT FROM NEW.kind
                       OR OLD.read_version IS DISTINCT FROM NEW.read_version
                       OR OLD.start_request_id IS DISTINCT FROM NEW.start_request_id
                       OR OLD.provider_key IS DISTINCT FROM NEW.provider_key
                       OR OLD.created_at_ms IS DISTINCT FROM NEW.created_at_ms)
    EXECUTE FUNCTION jd_refuse_identity_change();
CREATE TRIGGER jobs_identity_fixed BEFORE UPDATE OF owner_id, idempotency_key, fingerprint, route, input,
    created_at_ms ON jobs
    FOR EACH ROW WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id
                       OR OLD.idempotency_key IS DISTINCT FROM NEW.idempotency_key
                       OR OLD.fingerprint IS DISTINCT FROM NEW.fingerprint OR OLD.route IS DISTINCT FROM NEW.route
                       OR OLD.input::text IS DISTINCT FROM NEW.input::text
                       OR OLD.created_at_ms IS DISTINCT FROM NEW.created_at_ms)
    EXECUTE FUNCTION jd_refuse_identity_change();

-- ---- hot paths, now with provider keys, claims and exact results ----
DROP FUNCTION jd_start_attempt(bigint, text, text, text, text, bigint, bigint, text, text, text);
DROP FUNCTION jd_mark_running(bigint, text, text, bigint);
DROP FUNCTION jd_complete(bigint, jsonb, text, text, text);

-- Start an attempt (invariant 3) in one round trip. The guards are checked
-- under the job's row lock so the refusal can name the blocking attempt; the
-- insert trigger refuses the same cases regardless. An automatic attempt or a
-- hedge needs the starting worker's unexpired claim (checked here, in the same
-- statement). A re-run with the same request id returns the attempt it started.
CREATE FUNCTION jd_start_attempt(p_job bigint, p_provider text, p_kind text, p_request text, p_worker text,
                                 p_lease_ms bigint, p_deadline_ms bigint, p_actor_kind text, p_actor_id text,
                                 p_reason text, p_provider_key text)
RETURNS TABLE (outcome text, refusal text, blocking bigint, id bigint, job_id bigint, attempt_no integer,
               provider text, state text, kind text, read_version bigint, worker_id text,
               lease_expires_at_ms bigint, deadline_at_ms bigint, created_at_ms bigint, updated_at_ms bigint,
               change_seq bigint, result_digest text, last_reason text, provider_key text,
               last_lookup_at_ms bigint)
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
            v_now := jd_now_ms();
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
            ELSIF p_kind <> 'retry' AND (p_worker IS NULL OR j.claimed_by IS DISTINCT FROM p_worker
                                         OR j.claim_expires_at_ms IS NULL OR j.claim_expires_at_ms <= v_now) THEN
                v_reason := 'claim_lost';
                v_msg := format('worker %s does not hold an unexpired claim on job %s (held by %s)',
                                coalesce(p_worker, '(none)'), p_job, coalesce(j.claimed_by, 'nobody'));
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
                    ELSIF p_kind = 'automatic' AND v_open > 0
                          AND EXISTS (SELECT 1 FROM attempts t WHERE t.job_id = p_job AND t.kind = 'automatic'
                                         AND t.state IN ('starting', 'running', 'unknown')) THEN
                        SELECT t.id INTO v_block FROM attempts t WHERE t.job_id = p_job AND t.kind = 'automatic'
                           AND t.state IN ('starting', 'running', 'unknown') LIMIT 1;
                        v_reason := 'automatic_open';
                        v_msg := format('job %s already has an open automatic attempt (%s); extra slots are for hedges',
                                        p_job, v_block);
                    ELSIF p_kind = 'hedge' AND v_open = 0 THEN
                        v_block := NULL;
                        v_reason := 'nothing_to_hedge';
                        v_msg := format('job %s has no open attempt to hedge', p_job);
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
            v_seq := nextval('jd_change_seq');
            -- Numbered under the job's row lock (unique per job regardless).
            SELECT COALESCE(max(t.attempt_no), 0) + 1 INTO v_no FROM attempts t WHERE t.job_id = p_job;
            INSERT INTO attempts AS t (job_id, attempt_no, provider, kind, state, read_version, start_request_id,
                                       worker_id, lease_expires_at_ms, deadline_at_ms, last_actor_kind, last_actor_id,
                                       last_reason, change_seq, created_at_ms, updated_at_ms, provider_key)
            VALUES (p_job, v_no, p_provider, p_kind::attempt_kind, 'starting', j.version, p_request, p_worker,
                    v_now + p_lease_ms, v_now + p_deadline_ms, p_actor_kind, p_actor_id, p_reason, v_seq, v_now, v_now,
                    p_provider_key)
            RETURNING t.* INTO a;
        END IF;
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

-- Mark an attempt running (its request is about to be sent), in one round
-- trip. Locks the attempt, then the job. An attempt past 'starting' is
-- returned as it is; so is one that another worker holds.
CREATE FUNCTION jd_mark_running(p_attempt bigint, p_actor_kind text, p_actor_id text, p_lease_ms bigint)
RETURNS TABLE (outcome text, id bigint, job_id bigint, attempt_no integer, provider text, state text, kind text,
               read_version bigint, worker_id text, lease_expires_at_ms bigint, deadline_at_ms bigint,
               created_at_ms bigint, updated_at_ms bigint, change_seq bigint, result_digest text, last_reason text,
               provider_key text, last_lookup_at_ms bigint)
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
    result_digest := a.result_digest; last_reason := a.last_reason; provider_key := a.provider_key;
    last_lookup_at_ms := a.last_lookup_at_ms;
    RETURN NEXT;
END $$;

-- Complete by compare-and-swap (invariant 5). Locks the attempt, then the
-- job (cancel takes them in the same order). Exactly one attempt wins; a
-- loser's payload is discarded (its digest kept) and a race loss recorded.
-- A re-run of a win finds itself as the winner and reports the win. The
-- result is json (its text exactly as given).
CREATE FUNCTION jd_complete(p_attempt bigint, p_result json, p_digest text, p_actor_kind text, p_actor_id text)
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

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (4, '004_at_most_once.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
