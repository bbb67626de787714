-- JobDesk schema 24 (SQLite). On PostgreSQL a job's length and range rules
-- move from domains into the column types and the guard that runs on every
-- job insert, where they cost less (see the PostgreSQL file of the same
-- number); SQLite keeps them as CHECK constraints. What changes on both:
-- max_parallel and max_attempts are stored on the job when it is submitted
-- (DESIGN.md) and nothing changes them afterwards, so the identity trigger
-- now refuses any change to them, as it does to the job's intent.

DROP TRIGGER jobs_identity_fixed;
CREATE TRIGGER jobs_identity_fixed BEFORE UPDATE OF owner_id, idempotency_key, fingerprint, route, input,
    created_at_ms, max_parallel, max_attempts ON jobs
WHEN OLD.owner_id IS NOT NEW.owner_id OR OLD.idempotency_key IS NOT NEW.idempotency_key
  OR OLD.fingerprint IS NOT NEW.fingerprint OR OLD.route IS NOT NEW.route OR OLD.input IS NOT NEW.input
  OR OLD.created_at_ms IS NOT NEW.created_at_ms
  OR OLD.max_parallel IS NOT NEW.max_parallel OR OLD.max_attempts IS NOT NEW.max_attempts
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: the identity of a row in jobs is never rewritten');
END;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (24, '024_job_rules_in_the_guard.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
