-- JobDesk schema 18 (SQLite): a job is born queued, at version 0 (see the
-- PostgreSQL file of the same number). A job inserted running or blocked has
-- no attempt to move it on, and one at another version makes every attempt's
-- read version a made-up one. An AFTER trigger, so the CHECK constraints
-- (the outcome rules, the states) and migration 16's winner keep their own
-- errors, as on PostgreSQL, where the guard checks this last; RAISE(ABORT)
-- undoes the insert.

CREATE TRIGGER jobs_born_queued AFTER INSERT ON jobs
WHEN NEW.state <> 'queued' OR NEW.version <> 0
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_cas: a job is born queued, at version 0');
END;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (18, '018_jobs_born_queued.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
