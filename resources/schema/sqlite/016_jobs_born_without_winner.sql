-- JobDesk schema 16 (SQLite): a job is born without a winner (see the
-- PostgreSQL file of the same number). The CHECK constraints of the outcome
-- rules accept a job inserted "succeeded" with a result and completed_by, but
-- no attempt can belong to a job before the job exists, so such a winner is
-- always another job's attempt. Refused like the update guard's made-up
-- winner. SQLite runs BEFORE triggers before CHECK constraints: only a row
-- that names a winner reaches this one.

CREATE TRIGGER jobs_born_without_winner BEFORE INSERT ON jobs
WHEN NEW.completed_by IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_cas: a job is born without a winner');
END;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (16, '016_jobs_born_without_winner.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
