-- What changed since the change sequence an operator saw: the text of a stale-view refusal.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_stale_message(p_job bigint, p_seen bigint) RETURNS text
    LANGUAGE plpgsql
    AS $$
DECLARE
    j jobs%ROWTYPE;
    e record;
    l record;
    latest text := '';
BEGIN
    SELECT * INTO j FROM jobs WHERE id = p_job;
    SELECT a.attempt_no, ev.from_state, ev.to_state, ev.actor_kind, ev.actor_id, ev.reason, ev.at_ms INTO e
      FROM attempt_events ev JOIN attempts a ON a.id = ev.attempt_id
     WHERE ev.job_id = p_job ORDER BY ev.id DESC LIMIT 1;
    SELECT a.attempt_no, a.lookup_in_progress_since_ms AS since INTO l
      FROM attempts a
     WHERE a.job_id = p_job AND a.state = 'unknown' AND a.lookup_in_progress_since_ms IS NOT NULL
     ORDER BY a.lookup_in_progress_since_ms DESC, a.id DESC LIMIT 1;
    IF l.since IS NOT NULL AND (e.at_ms IS NULL OR l.since >= e.at_ms) THEN
        latest := format('; latest: the provider says attempt #%s is still working on it', l.attempt_no);
    ELSIF e.to_state IS NOT NULL THEN
        latest := format('; latest: attempt #%s %s -> %s by %s %s', e.attempt_no, coalesce(e.from_state, '(new)'),
                         e.to_state, e.actor_kind, e.actor_id);
        IF coalesce(e.reason, '') <> '' THEN
            latest := latest || ' (' || e.reason || ')';
        END IF;
    END IF;
    RETURN format('job %s changed since you looked (change %s, now %s): it is %s%s. Refresh and decide again.',
                  p_job, p_seen, j.change_seq, j.state, latest);
END $$;
