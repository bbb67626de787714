-- Race losses are append-only.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

DROP TRIGGER IF EXISTS race_losses_no_update;
CREATE TRIGGER race_losses_no_update BEFORE UPDATE ON race_losses
BEGIN
    SELECT RAISE(ABORT, 'JD030: race_losses is append-only (UPDATE refused)');
END;

DROP TRIGGER IF EXISTS race_losses_no_delete;
CREATE TRIGGER race_losses_no_delete BEFORE DELETE ON race_losses
    WHEN NOT EXISTS (SELECT 1 FROM retention_grant) -- retention's removal (core/service/Retention.cpp)
BEGIN
    SELECT RAISE(ABORT, 'JD030: race_losses is append-only (DELETE refused)');
END;
