-- Attempt events are append-only and name an attempt of their own job.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

DROP TRIGGER IF EXISTS attempt_events_no_update;
CREATE TRIGGER attempt_events_no_update BEFORE UPDATE ON attempt_events
BEGIN
    SELECT RAISE(ABORT, 'JD030: attempt_events is append-only (UPDATE refused)');
END;

DROP TRIGGER IF EXISTS attempt_events_no_delete;
CREATE TRIGGER attempt_events_no_delete BEFORE DELETE ON attempt_events
    WHEN NOT EXISTS (SELECT 1 FROM retention_grant) -- retention's removal (core/service/Retention.cpp)
BEGIN
    SELECT RAISE(ABORT, 'JD030: attempt_events is append-only (DELETE refused)');
END;

DROP TRIGGER IF EXISTS attempt_events_attempt_of_its_job;
CREATE TRIGGER attempt_events_attempt_of_its_job BEFORE INSERT ON attempt_events
WHEN NOT EXISTS (SELECT 1 FROM attempts WHERE id = NEW.attempt_id AND job_id = NEW.job_id)
BEGIN
    SELECT RAISE(ABORT, 'JD033: an event names an attempt of its own job');
END;
