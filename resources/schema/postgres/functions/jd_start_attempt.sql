-- Starts an attempt (claim, guards, lease, provider key) in one round trip; a repeated
-- start request id finds its own attempt.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_start_attempt(p_job bigint, p_provider text, p_kind text, p_request text, p_worker text, p_lease_ms bigint, p_deadline_ms bigint, p_actor_kind text, p_actor_id text, p_reason text, p_provider_key text) RETURNS TABLE(outcome text, refusal text, blocking bigint, id bigint, job_id bigint, attempt_no integer, provider text, state text, kind text, read_version bigint, worker_id text, lease_expires_at_ms bigint, deadline_at_ms bigint, created_at_ms bigint, updated_at_ms bigint, change_seq bigint, result_digest text, last_reason text, provider_key text, last_lookup_at_ms bigint)
    LANGUAGE plpgsql
    AS $$
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
    v_replay bigint;
    v_unknown bigint;
    v_starting bigint;
    v_first_open bigint;
    v_automatic bigint;
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
        -- One look at the job's attempts, under its row lock (every start and
        -- every insert of an attempt takes it first, so no attempt of this job
        -- appears or changes state meanwhile): a replay of this request, the
        -- first unknown, the starting one, the open ones, the open automatic
        -- one, the automatic budget used, the next number.
        SELECT min(t.id) FILTER (WHERE t.start_request_id = p_request),
               min(t.id) FILTER (WHERE t.state = 'unknown'),
               min(t.id) FILTER (WHERE t.state = 'starting'),
               count(*) FILTER (WHERE t.state IN ('starting', 'running', 'unknown')),
               min(t.id) FILTER (WHERE t.state IN ('starting', 'running', 'unknown')),
               min(t.id) FILTER (WHERE t.kind = 'automatic' AND t.state IN ('starting', 'running', 'unknown')),
               count(*) FILTER (WHERE t.kind <> 'retry'),
               COALESCE(max(t.attempt_no), 0) + 1
          INTO v_replay, v_unknown, v_starting, v_open, v_first_open, v_automatic, v_used, v_no
          FROM attempts t WHERE t.job_id = p_job;
        IF v_replay IS NOT NULL THEN
            SELECT t.* INTO a FROM attempts t WHERE t.id = v_replay;
            v_outcome := 'replayed';
        ELSE
            v_now := jd_now_ms();
            IF v_unknown IS NOT NULL THEN
                v_block := v_unknown;
                v_reason := 'attempt_unknown';
                v_msg := jd_refusal('JD101', jsonb_build_object('attempt', v_block, 'job', p_job));
            ELSIF j.completed_by IS NOT NULL THEN
                v_reason := 'job_has_winner';
                v_block := j.completed_by;
                v_msg := jd_refusal('JD102', jsonb_build_object('job', p_job, 'winner', j.completed_by));
            ELSIF j.state = 'cancelled' THEN
                v_reason := 'job_cancelled';
                v_msg := jd_refusal('JD103', jsonb_build_object('job', p_job));
            ELSIF p_kind <> 'retry' AND (p_worker IS NULL OR j.claimed_by IS DISTINCT FROM p_worker
                                         OR j.claim_expires_at_ms IS NULL OR j.claim_expires_at_ms <= v_now) THEN
                v_reason := 'claim_lost';
                v_msg := jd_refusal('JD104', jsonb_build_object('worker', coalesce(p_worker, '(none)'), 'job', p_job,
                                                                'holder', coalesce(j.claimed_by, 'nobody')));
            ELSIF v_starting IS NOT NULL THEN
                v_block := v_starting;
                v_reason := 'attempt_starting';
                v_msg := jd_refusal('JD105', jsonb_build_object('attempt', v_block, 'job', p_job));
            ELSIF v_open >= j.max_parallel THEN
                v_block := v_first_open;
                v_reason := 'max_parallel';
                v_msg := jd_refusal('JD106', jsonb_build_object('job', p_job, 'open', v_open, 'limit', j.max_parallel));
            ELSIF p_kind = 'automatic' AND v_automatic IS NOT NULL THEN
                v_block := v_automatic;
                v_reason := 'automatic_open';
                v_msg := jd_refusal('JD107', jsonb_build_object('job', p_job, 'attempt', v_block));
            ELSIF p_kind = 'hedge' AND v_open = 0 THEN
                v_reason := 'nothing_to_hedge';
                v_msg := jd_refusal('JD108', jsonb_build_object('job', p_job));
            ELSIF p_kind <> 'retry' AND v_used >= j.max_attempts THEN
                v_reason := 'budget_spent';
                v_msg := jd_refusal('JD109', jsonb_build_object('job', p_job, 'max_attempts', j.max_attempts));
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



SET default_tablespace = '';

SET default_table_access_method = heap;
