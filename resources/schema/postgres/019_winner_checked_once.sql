-- JobDesk schema 19 (PostgreSQL): a job's winner is checked once, by its
-- guard, and no row's id is ever rewritten.
--
-- jobs.completed_by had two checks that a win paid for: the foreign key to
-- attempts (an AFTER trigger that looks the attempt up again and locks it
-- FOR KEY SHARE) and jd_jobs_guard, which runs first and refuses any winner
-- that is not a running or unknown attempt of this very job. The guard's
-- rule is the stronger one and holds for every row, whatever SQL writes it:
--  - a job is born without a winner (migration 16);
--  - a winner is set only through the guard, to an attempt of the job that
--    exists at that moment (the update guard's EXISTS), and never overwritten;
--  - an attempt is never deleted or truncated (migration 4), and from this
--    migration its id is never rewritten (below), so the attempt a winner
--    names stays there under that id.
-- So the foreign key can never be the check that refuses anything; it cost
-- ~38,000 of a winning completion's ~1,158,000 server instructions and
-- ~7,600 of a new job's ~294,000 (its insert trigger runs for every row,
-- even with completed_by NULL). Counted with scripts/pg-instructions.sh
-- (bench/README.md, "Sixth pass"). SQLite keeps its foreign key: there it
-- is compiled into the prepared statement and costs next to nothing.
--
-- Loading rows with session_replication_role = replica (as the benchmarks'
-- seeds do) skipped both the foreign key and the guard before; it still
-- skips the guard.

ALTER TABLE jobs DROP CONSTRAINT jobs_completed_by_fkey;

-- An id is the row's identity: jobs.completed_by, attempt events, race losses
-- and audit rows name rows by it. Refused like the rest of the identity
-- (jd_refuse_identity_change). Only an UPDATE that names id fires these.
CREATE TRIGGER jobs_id_fixed BEFORE UPDATE OF id ON jobs
    FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id)
    EXECUTE FUNCTION jd_refuse_identity_change();
CREATE TRIGGER attempts_id_fixed BEFORE UPDATE OF id ON attempts
    FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id)
    EXECUTE FUNCTION jd_refuse_identity_change();

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (19, '019_winner_checked_once.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
