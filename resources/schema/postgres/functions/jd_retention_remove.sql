-- Retention's removal (docs/retention.md): up to p_limit jobs of an archived
-- run, each with its attempts, events, race losses, idempotency events, audit
-- rows and contracts, leaving a key tombstone. Only a job still as it was
-- archived (its mark, jd_retention_mark), decided, and with no starting,
-- running or unknown attempt is removed; any other is kept (left in place).
-- Runs as jobdesk_retention, the one role whose deletes
-- jd_refuse_history_change lets through. Returns what it did.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_retention_remove(p_run bigint, p_limit integer)
    RETURNS TABLE(removed integer, kept integer, remaining integer) -- remaining: 1 while jobs are left
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO '@schema@', 'pg_temp'
    AS $$
#variable_conflict use_column
DECLARE
    v_state text;
    v_batch bigint[];
    v_ids bigint[];
    v_attempts bigint[];
    v_now bigint := jd_now_ms();
BEGIN
    SELECT r.state INTO v_state FROM retention_runs r WHERE r.id = p_run FOR UPDATE;
    IF v_state IS DISTINCT FROM 'archived' THEN
        RAISE EXCEPTION USING ERRCODE = 'JD051',
            MESSAGE = format('retention run %s is not archived (%s): nothing is removed before its archive is complete',
                             p_run, coalesce(v_state, 'no such run')),
            DETAIL = json_build_object('run', p_run, 'state', coalesce(v_state, 'missing'))::text;
    END IF;
    -- Its commit does not wait for the WAL flush, so the rows' locks are not
    -- held through an fsync stall: a batch lost to a crash is still in its
    -- archive with its outcome unset, and the next run removes it again.
    PERFORM set_config('synchronous_commit', 'off', true);
    -- This batch, locked: jobs are locked in id order, as every writer does.
    SELECT array_agg(rj.job_id ORDER BY rj.job_id) INTO v_batch FROM (
        SELECT rj.job_id FROM retention_run_jobs rj WHERE rj.run_id = p_run AND rj.outcome IS NULL
         ORDER BY rj.job_id LIMIT greatest(p_limit, 1)) rj;
    IF v_batch IS NULL THEN
        removed := 0; kept := 0; remaining := 0;
        RETURN NEXT;
        RETURN;
    END IF;
    -- Attempts before jobs, as cancel locks them.
    PERFORM 1 FROM attempts a WHERE a.job_id = ANY (v_batch) ORDER BY a.id FOR UPDATE;
    PERFORM 1 FROM jobs j WHERE j.id = ANY (v_batch) ORDER BY j.id FOR UPDATE;
    SELECT coalesce(array_agg(j.id), '{}') INTO v_ids
      FROM jobs j JOIN retention_run_jobs rj ON rj.run_id = p_run AND rj.job_id = j.id
     WHERE j.id = ANY (v_batch) AND rj.mark = jd_retention_mark(j.id) AND j.state IN ('succeeded', 'failed', 'cancelled')
       AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.job_id = j.id AND a.state IN ('starting', 'running', 'unknown'));
    SELECT coalesce(array_agg(a.id), '{}') INTO v_attempts FROM attempts a WHERE a.job_id = ANY (v_ids);

    INSERT INTO key_tombstones (owner_id, idempotency_key, fingerprint, job_id, route, final_state, created_at_ms,
                                removed_at_ms, run_id)
    SELECT j.owner_id, j.idempotency_key, j.fingerprint, j.id, j.route, j.state, j.created_at_ms, v_now, p_run
      FROM jobs j WHERE j.id = ANY (v_ids);
    DELETE FROM attempt_contracts c WHERE c.attempt_id = ANY (v_attempts);
    DELETE FROM race_losses l WHERE l.job_id = ANY (v_ids);
    DELETE FROM attempt_events e WHERE e.job_id = ANY (v_ids);
    DELETE FROM audit_log a WHERE a.job_id = ANY (v_ids) OR a.attempt_id = ANY (v_attempts);
    DELETE FROM idempotency_events i WHERE i.job_id = ANY (v_ids);
    DELETE FROM attempts a WHERE a.id = ANY (v_attempts);
    DELETE FROM jobs j WHERE j.id = ANY (v_ids);

    UPDATE retention_run_jobs rj SET outcome = CASE WHEN rj.job_id = ANY (v_ids) THEN 'removed' ELSE 'kept' END
     WHERE rj.run_id = p_run AND rj.job_id = ANY (v_batch);
    removed := cardinality(v_ids);
    kept := cardinality(v_batch) - cardinality(v_ids);
    UPDATE retention_runs r SET jobs_removed = r.jobs_removed + removed, jobs_kept = r.jobs_kept + kept WHERE r.id = p_run;
    remaining := CASE WHEN EXISTS (SELECT 1 FROM retention_run_jobs rj WHERE rj.run_id = p_run AND rj.outcome IS NULL) THEN 1 ELSE 0 END;
    RETURN NEXT;
END $$;

-- A job's story as a count: its change_seq, its attempts' latest change_seq and
-- how many rows its history has. History only grows, so an unchanged mark
-- means no row was added or changed since the mark was read.
CREATE OR REPLACE FUNCTION @schema@.jd_retention_mark(p_job bigint) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO '@schema@', 'pg_temp'
    AS $$
    SELECT j.change_seq || ':' || coalesce((SELECT max(a.change_seq) FROM attempts a WHERE a.job_id = j.id), 0)
           || ':' || (SELECT count(*) FROM attempt_events e WHERE e.job_id = j.id)
           || ':' || (SELECT count(*) FROM race_losses l WHERE l.job_id = j.id)
           || ':' || (SELECT count(*) FROM idempotency_events i WHERE i.job_id = j.id)
           || ':' || (SELECT count(*) FROM audit_log u WHERE u.job_id = j.id)
      FROM jobs j WHERE j.id = p_job
$$;

-- Tombstones older than the key retention (p_before, in ms) go; from then on
-- their keys are free (docs/retention.md, "Key retention").
CREATE OR REPLACE FUNCTION @schema@.jd_retention_expire_keys(p_run bigint, p_before bigint) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO '@schema@', 'pg_temp'
    AS $$
DECLARE
    n integer;
BEGIN
    DELETE FROM key_tombstones t WHERE t.removed_at_ms < p_before;
    GET DIAGNOSTICS n = ROW_COUNT;
    UPDATE retention_runs r SET tombstones_expired = r.tombstones_expired + n WHERE r.id = p_run;
    RETURN n;
END $$;

GRANT EXECUTE ON FUNCTION @schema@.jd_retention_mark(bigint) TO jobdesk_viewer;
ALTER FUNCTION @schema@.jd_retention_remove(bigint, integer) OWNER TO jobdesk_retention;
ALTER FUNCTION @schema@.jd_retention_expire_keys(bigint, bigint) OWNER TO jobdesk_retention;
REVOKE ALL ON FUNCTION @schema@.jd_retention_remove(bigint, integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION @schema@.jd_retention_expire_keys(bigint, bigint) FROM PUBLIC;
