-- What changed since the change sequence an operator saw: a stale-view refusal (JD111..JD114,
-- as jd_refusal says it).
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_stale_message(p_job bigint, p_seen bigint) RETURNS text
    LANGUAGE plpgsql
    AS $$
DECLARE
    j jobs%ROWTYPE;
    e record;
    l record;
    v_params jsonb;
BEGIN
    SELECT * INTO j FROM jobs WHERE id = p_job;
    SELECT a.attempt_no, ev.from_state, ev.to_state, ev.actor_kind, ev.actor_id, ev.reason, ev.at_ms INTO e
      FROM attempt_events ev JOIN attempts a ON a.id = ev.attempt_id
     WHERE ev.job_id = p_job ORDER BY ev.id DESC LIMIT 1;
    SELECT a.attempt_no, a.lookup_in_progress_since_ms AS since INTO l
      FROM attempts a
     WHERE a.job_id = p_job AND a.state = 'unknown' AND a.lookup_in_progress_since_ms IS NOT NULL
     ORDER BY a.lookup_in_progress_since_ms DESC, a.id DESC LIMIT 1;
    v_params := jsonb_build_object('job', p_job, 'seen', p_seen, 'now', j.change_seq, 'state', j.state);
    IF l.since IS NOT NULL AND (e.at_ms IS NULL OR l.since >= e.at_ms) THEN
        RETURN jd_refusal('JD113', v_params || jsonb_build_object('attempt_no', l.attempt_no));
    ELSIF e.to_state IS NULL THEN
        RETURN jd_refusal('JD114', v_params);
    END IF;
    v_params := v_params || jsonb_build_object('attempt_no', e.attempt_no, 'from', coalesce(e.from_state, '(new)'),
                                               'to', e.to_state, 'actor_kind', e.actor_kind, 'actor', e.actor_id);
    IF coalesce(e.reason, '') = '' THEN
        RETURN jd_refusal('JD111', v_params);
    END IF;
    RETURN jd_refusal('JD112', v_params || jsonb_build_object('reason', e.reason));
END $$;
