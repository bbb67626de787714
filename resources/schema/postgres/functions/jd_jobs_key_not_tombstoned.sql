-- A key whose job retention removed stays bound to it (invariant 1): a new job
-- under a tombstoned key is refused (JD050), and JobService answers the retry
-- from the tombstone. AFTER the row: an insert that waited on the unique index
-- for a removal to commit checks here, with a snapshot that sees its tombstone
-- (tst_retention::aCreateRacingTheRemovalOfItsKeyReplaysTheRemovedJob).
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_jobs_key_not_tombstoned() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    k record;
BEGIN
    SELECT t.job_id, t.final_state, t.fingerprint, t.removed_at_ms INTO k FROM @schema@.key_tombstones t
     WHERE t.idempotency_key OPERATOR(pg_catalog.=) NEW.idempotency_key AND t.owner_id OPERATOR(pg_catalog.=) NEW.owner_id;
    IF FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'JD050',
            MESSAGE = pg_catalog.format('idempotency key %s of owner %s belongs to job %s, which was archived and removed',
                                        NEW.idempotency_key, NEW.owner_id, k.job_id),
            DETAIL = pg_catalog.json_build_object('key', NEW.idempotency_key, 'owner', NEW.owner_id, 'job_id', k.job_id,
                                                  'state', k.final_state, 'fingerprint', k.fingerprint,
                                                  'removed_at_ms', k.removed_at_ms)::text;
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER jobs_key_not_tombstoned AFTER INSERT ON @schema@.jobs FOR EACH ROW EXECUTE FUNCTION @schema@.jd_jobs_key_not_tombstoned();
