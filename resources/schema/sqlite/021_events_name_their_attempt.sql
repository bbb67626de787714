-- JobDesk schema 21 (SQLite): an attempt's event names an attempt of its own
-- job (see the PostgreSQL file of the same number, where one composite
-- foreign key replaces the event's two). SQLite cannot change a table's
-- foreign keys without rebuilding it, so it keeps its two, which check that
-- the attempt and the job exist but not that the attempt belongs to the
-- job; this trigger adds that, so the rule is the same on both stores.

CREATE TRIGGER attempt_events_attempt_of_its_job BEFORE INSERT ON attempt_events
WHEN NOT EXISTS (SELECT 1 FROM attempts WHERE id = NEW.attempt_id AND job_id = NEW.job_id)
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: an event names an attempt of its own job');
END;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (21, '021_events_name_their_attempt.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
