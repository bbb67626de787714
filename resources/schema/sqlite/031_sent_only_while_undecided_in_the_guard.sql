-- JobDesk schema 31 (SQLite): migration 29's rule in the attempts' own
-- guards (see the PostgreSQL file of the same number): 'starting' ->
-- 'running' is refused for an attempt whose job has a winner, is cancelled
-- or has an unknown attempt. JobService fails such an attempt instead of
-- marking it running; this is the backstop for any other writer.

CREATE TRIGGER attempts_sent_only_while_undecided BEFORE UPDATE OF state ON attempts
WHEN OLD.state = 'starting' AND NEW.state = 'running'
 AND (EXISTS (SELECT 1 FROM jobs WHERE id = NEW.job_id AND (completed_by IS NOT NULL OR state = 'cancelled'))
      OR EXISTS (SELECT 1 FROM attempts WHERE job_id = NEW.job_id AND state = 'unknown'))
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_transition: an attempt of a job that has a winner, is cancelled or has an unknown attempt is never sent');
END;

INSERT INTO schema_readers (version, oldest_reader) VALUES (31, 24);

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (31, '031_sent_only_while_undecided_in_the_guard.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
