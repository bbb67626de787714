-- JobDesk schema 19 (SQLite): no job's or attempt's id is ever rewritten
-- (see the PostgreSQL file of the same number). An id is the row's identity:
-- a job's winner, attempt events, race losses and audit rows name rows by
-- it. PostgreSQL drops the foreign key of jobs.completed_by in this
-- migration, its guard being the stronger check; SQLite keeps it (compiled
-- into the prepared statement, it costs next to nothing here).

CREATE TRIGGER jobs_id_fixed BEFORE UPDATE OF id ON jobs
WHEN OLD.id IS NOT NEW.id
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: the identity of a row in jobs is never rewritten');
END;
CREATE TRIGGER attempts_id_fixed BEFORE UPDATE OF id ON attempts
WHEN OLD.id IS NOT NEW.id
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: the identity of a row in attempts is never rewritten');
END;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (19, '019_winner_checked_once.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
