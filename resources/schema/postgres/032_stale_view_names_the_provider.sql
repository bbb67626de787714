-- JobDesk schema 32 (PostgreSQL): a stale view's refusal names the provider's
-- "still working on it" when that is what changed.
--
-- Since migration 30, a provider's first "in progress" about an unknown
-- attempt moves its job's change sequence, so an operator's cancel decided
-- on the older view is refused as stale. The refusal named the job's last
-- attempt event as "latest", which is older than that answer: the operator
-- at 3 a.m. read "latest: attempt #1 running -> unknown" and could not see
-- why the view was stale. jd_stale_message now says "latest: the provider
-- says attempt #N is still working on it" when an unknown attempt of the job
-- has been said to be in progress since (or at) the last event; otherwise
-- the event, as before. Same signature: every operator function that calls it
-- says the new sentence without being created again.
--
-- An older JobDesk (24 to 31) reads the same sentences through the same
-- functions: it may still use a schema with this migration (it shows the new
-- sentence in English).

CREATE OR REPLACE FUNCTION jd_stale_message(p_job bigint, p_seen bigint) RETURNS text LANGUAGE plpgsql AS $$
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

INSERT INTO schema_readers (version, oldest_reader) VALUES (32, 24);

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (32, '032_stale_view_names_the_provider.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
