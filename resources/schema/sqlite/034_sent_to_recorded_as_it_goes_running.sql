-- JobDesk schema 34 (SQLite): where an attempt's request went is written
-- once, by a statement that leaves the attempt running (see the PostgreSQL
-- file of the same number; JobService writes it with the move to running).

CREATE TRIGGER attempts_sent_to_once BEFORE UPDATE OF sent_to ON attempts
WHEN OLD.sent_to IS NOT NEW.sent_to AND (OLD.sent_to IS NOT NULL OR NEW.state IS NOT 'running' OR NEW.sent_to = '')
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: where an attempt''s request went is recorded once, as it is sent');
END;
CREATE TRIGGER attempts_sent_to_starts_empty BEFORE INSERT ON attempts
WHEN NEW.sent_to IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: where an attempt''s request went is recorded once, as it is sent');
END;

INSERT INTO schema_readers (version, oldest_reader) VALUES (34, 33);

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (34, '034_sent_to_recorded_as_it_goes_running.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
