-- Completion by compare-and-swap on the job's version (invariant 5): exactly one winner; a
-- loser is superseded (or stays cancelled) with a race loss recorded. One round trip.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_complete(p_attempt bigint, p_result json, p_digest text, p_actor_kind text, p_actor_id text) RETURNS TABLE(outcome text, job_id bigint, expected_version bigint, found_version bigint, winner bigint, attempt_state text)
    LANGUAGE plpgsql
    AS $$
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
    IF a.state IN ('running', 'unknown') THEN
        v_now := jd_now_ms();
        v_seq := nextval('jd_change_seq');
        UPDATE jobs t SET result = p_result, completed_by = a.id, version = t.version + 1, state = 'succeeded',
                          state_reason = NULL, change_seq = v_seq, updated_at_ms = v_now
         WHERE t.id = a.job_id AND t.version = a.read_version AND t.completed_by IS NULL AND t.state <> 'cancelled';
        IF FOUND THEN
            UPDATE attempts t SET state = 'succeeded', result_digest = p_digest, last_actor_kind = p_actor_kind,
                                  last_actor_id = p_actor_id, last_reason = NULL, change_seq = v_seq,
                                  updated_at_ms = v_now
             WHERE t.id = a.id;
            outcome := 'won';
            job_id := a.job_id;
            expected_version := a.read_version;
            found_version := a.read_version;
            winner := a.id;
            attempt_state := 'succeeded';
            RETURN NEXT;
            RETURN;
        END IF;
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
    IF a.state = 'starting' THEN
        outcome := a.state; -- not yet sent: nothing can have come back
        RETURN NEXT;
        RETURN;
    END IF;
    v_now := coalesce(v_now, jd_now_ms());
    v_seq := coalesce(v_seq, nextval('jd_change_seq'));
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
