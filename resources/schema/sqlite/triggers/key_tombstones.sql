-- A key whose job retention removed stays bound to it (invariant 1): a new job
-- under a tombstoned key is refused (JD052) and JobService answers the retry
-- from the tombstone. Tombstones are history: only retention's key expiry
-- removes them.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

DROP TRIGGER IF EXISTS jobs_key_not_tombstoned;
CREATE TRIGGER jobs_key_not_tombstoned BEFORE INSERT ON jobs
    WHEN EXISTS (SELECT 1 FROM key_tombstones t WHERE t.owner_id = NEW.owner_id AND t.idempotency_key = NEW.idempotency_key)
BEGIN
    SELECT RAISE(ABORT, 'JD052: the idempotency key belongs to a job that was archived and removed');
END;

DROP TRIGGER IF EXISTS key_tombstones_no_update;
CREATE TRIGGER key_tombstones_no_update BEFORE UPDATE ON key_tombstones
BEGIN
    SELECT RAISE(ABORT, 'JD030: key_tombstones is append-only (UPDATE refused)');
END;

DROP TRIGGER IF EXISTS key_tombstones_no_delete;
CREATE TRIGGER key_tombstones_no_delete BEFORE DELETE ON key_tombstones
    WHEN NOT EXISTS (SELECT 1 FROM retention_grant)
BEGIN
    SELECT RAISE(ABORT, 'JD030: key_tombstones is append-only (DELETE refused)');
END;
