-- JobDesk schema 20 (PostgreSQL): each guard looks at the rows it checks
-- once, and runs a query only when its answer can refuse something.
--
-- PL/pgSQL evaluates an IF condition without a query (a "simple
-- expression": NEW.state = 'failed') in a few hundred instructions, but a
-- condition that contains a subquery (NEW.state = 'failed' AND EXISTS (...))
-- goes through the executor every time: the plan fetched and checked, the
-- relations locked, the executor started and shut down, even when the first
-- term is false and the subquery never runs. Two guards did that at every
-- call:
--   * jd_jobs_guard, on every update of a job's state (every win, cancel,
--     and every derived state the attempts move it to): "a job with an open
--     attempt cannot fail" ran its executor for jobs that were not failing;
--   * jd_attempts_guard_transition, on every transition of an attempt: "only
--     the job's winner may be succeeded" ran its executor for attempts that
--     were not succeeding;
--   * jd_attempts_guard_insert, on every new attempt: "a hedge needs an open
--     attempt" ran its executor for automatic attempts and retries.
-- Each condition is now split: the query runs only under the simple test
-- that makes it matter. The same rows are refused with the same messages.
--
-- And two functions looked at one job's attempts several times over, each
-- look a query of its own: the insert guard three times (an unknown one, the
-- open ones, the automatic budget), jd_start_attempt up to eight times (a
-- replay of the request, an unknown one, the starting one, the open ones,
-- the open automatic one, the budget, the next number). Both now read the
-- job's attempts once, with one aggregate, under the job's row lock that
-- every start and every insert of an attempt takes first: no attempt of the
-- job appears meanwhile, and none becomes unknown (that moves the job's
-- state, which updates the job's row). A transition that leaves the job's
-- row alone (raw SQL closing an attempt) can only close attempts, so a look
-- that missed it refuses more, never less, as the several looks did. One
-- look answers what several did, and the refusals keep their order,
-- reasons, blocking attempts and messages.
--
-- Measured with scripts/pg-instructions.sh (bench/README.md, "Seventh pass").

CREATE OR REPLACE FUNCTION jd_jobs_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        IF OLD.completed_by IS NOT NULL AND NEW.completed_by IS DISTINCT FROM OLD.completed_by THEN
            RAISE EXCEPTION 'jobdesk_cas: a winner is never overwritten';
        END IF;
        IF OLD.completed_by IS NULL AND NEW.completed_by IS NOT NULL THEN
            IF OLD.state = 'cancelled' OR NOT EXISTS (
                   SELECT 1 FROM attempts WHERE id = NEW.completed_by AND job_id = NEW.id
                                            AND state IN ('running', 'unknown')) THEN
                RAISE EXCEPTION 'jobdesk_cas: the winner must be a running or unknown attempt of a job that is not cancelled';
            END IF;
        END IF;
        IF NEW.state = 'failed' AND OLD.state <> 'failed' THEN
            IF EXISTS (SELECT 1 FROM attempts WHERE job_id = NEW.id AND state IN ('starting', 'running', 'unknown')) THEN
                RAISE EXCEPTION 'jobdesk_transition: a job with an open attempt cannot fail';
            END IF;
        END IF;
        IF OLD.state <> NEW.state AND OLD.state IN ('cancelled', 'succeeded') THEN
            RAISE EXCEPTION 'jobdesk_transition: a % job does not change state', OLD.state;
        END IF;
    ELSIF NEW.completed_by IS NULL AND NEW.result IS NULL AND NEW.state = 'queued' AND NEW.version = 0 THEN
        RETURN NEW; -- a new job as JobService inserts it: the rules below hold
    END IF;
    IF (NEW.completed_by IS NULL) <> (NEW.result IS NULL) THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'jobs_result_with_winner', TABLE = 'jobs',
            MESSAGE = 'new row for relation "jobs" violates check constraint "jobs_result_with_winner"';
    END IF;
    IF (NEW.state = 'succeeded') <> (NEW.completed_by IS NOT NULL) THEN
        RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'jobs_succeeded_iff_winner', TABLE = 'jobs',
            MESSAGE = 'new row for relation "jobs" violates check constraint "jobs_succeeded_iff_winner"';
    END IF;
    IF TG_OP = 'INSERT' THEN
        IF NEW.completed_by IS NOT NULL THEN
            RAISE EXCEPTION 'jobdesk_cas: a job is born without a winner';
        END IF;
        RAISE EXCEPTION 'jobdesk_cas: a job is born queued, at version 0';
    END IF;
    RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION jd_attempts_guard_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.state = NEW.state THEN
        RETURN NEW; -- not a transition
    END IF;
    IF NOT (   (OLD.state = 'starting' AND NEW.state IN ('running', 'failed', 'unknown', 'cancelled'))
            OR (OLD.state = 'running'  AND NEW.state IN ('succeeded', 'superseded', 'failed', 'unknown', 'cancelled'))
            OR (OLD.state = 'unknown'  AND NEW.state IN ('succeeded', 'superseded', 'failed', 'cancelled'))) THEN
        RAISE EXCEPTION 'jobdesk_transition: attempt % cannot go from % to %', OLD.id, OLD.state, NEW.state;
    END IF;
    IF NEW.state = 'succeeded' THEN
        IF NOT EXISTS (SELECT 1 FROM jobs WHERE id = NEW.job_id AND completed_by = NEW.id) THEN
            RAISE EXCEPTION 'jobdesk_transition: only the job''s winner may be succeeded';
        END IF;
    END IF;
    RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION jd_attempts_guard_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    j jobs%ROWTYPE;
    n_unknown bigint;
    n_open bigint;
    n_live bigint;
    n_counted bigint;
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
    -- One look at the job's attempts, under its row lock.
    SELECT count(*) FILTER (WHERE state = 'unknown'),
           count(*) FILTER (WHERE state IN ('starting', 'running', 'unknown')),
           count(*) FILTER (WHERE state IN ('starting', 'running')),
           count(*) FILTER (WHERE kind <> 'retry')
      INTO n_unknown, n_open, n_live, n_counted
      FROM attempts WHERE job_id = NEW.job_id;
    IF n_unknown > 0 THEN
        RAISE EXCEPTION 'jobdesk_refused: an attempt of this job is unknown';
    END IF;
    IF j.completed_by IS NOT NULL OR j.state = 'cancelled' THEN
        RAISE EXCEPTION 'jobdesk_refused: the job has a winner or is cancelled';
    END IF;
    IF n_open >= j.max_parallel THEN
        RAISE EXCEPTION 'jobdesk_refused: max_parallel attempts are open';
    END IF;
    IF NEW.kind <> 'retry' THEN
        -- Only an operator's retry may go beyond the automatic attempt budget.
        IF n_counted >= j.max_attempts THEN
            RAISE EXCEPTION 'jobdesk_refused: the job has used its automatic attempt budget';
        END IF;
        -- A worker starts an attempt only under its own unexpired claim on the job.
        IF NEW.worker_id IS NULL OR j.claimed_by IS DISTINCT FROM NEW.worker_id
           OR j.claim_expires_at_ms IS NULL OR j.claim_expires_at_ms <= jd_now_ms() THEN
            RAISE EXCEPTION 'jobdesk_refused: the starting worker does not hold an unexpired claim on the job';
        END IF;
    END IF;
    IF NEW.kind = 'hedge' AND n_live = 0 THEN
        RAISE EXCEPTION 'jobdesk_refused: a hedge needs an open attempt to hedge';
    END IF;
    RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION jd_start_attempt(p_job bigint, p_provider text, p_kind text, p_request text, p_worker text,
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
            ELSIF v_starting IS NOT NULL THEN
                v_block := v_starting;
                v_reason := 'attempt_starting';
                v_msg := format('attempt %s of job %s is still starting', v_block, p_job);
            ELSIF v_open >= j.max_parallel THEN
                v_block := v_first_open;
                v_reason := 'max_parallel';
                v_msg := format('job %s already has %s open attempt(s), its limit is %s', p_job, v_open, j.max_parallel);
            ELSIF p_kind = 'automatic' AND v_automatic IS NOT NULL THEN
                v_block := v_automatic;
                v_reason := 'automatic_open';
                v_msg := format('job %s already has an open automatic attempt (%s); extra slots are for hedges',
                                p_job, v_block);
            ELSIF p_kind = 'hedge' AND v_open = 0 THEN
                v_reason := 'nothing_to_hedge';
                v_msg := format('job %s has no open attempt to hedge', p_job);
            ELSIF p_kind <> 'retry' AND v_used >= j.max_attempts THEN
                v_reason := 'budget_spent';
                v_msg := format('job %s has used its %s automatic attempt(s)', p_job, j.max_attempts);
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

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (20, '020_guards_look_once.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
