-- Replays and conflicts are append-only.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

DROP TRIGGER IF EXISTS idempotency_events_no_update;
CREATE TRIGGER idempotency_events_no_update BEFORE UPDATE ON idempotency_events
BEGIN
    SELECT RAISE(ABORT, 'JD030: idempotency_events is append-only (UPDATE refused)');
END;

DROP TRIGGER IF EXISTS idempotency_events_no_delete;
CREATE TRIGGER idempotency_events_no_delete BEFORE DELETE ON idempotency_events
    WHEN NOT EXISTS (SELECT 1 FROM retention_grant) -- retention's removal (core/service/Retention.cpp)
BEGIN
    SELECT RAISE(ABORT, 'JD030: idempotency_events is append-only (DELETE refused)');
END;
