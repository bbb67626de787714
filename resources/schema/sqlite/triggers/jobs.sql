-- A job's rules (invariants 1-5, 8): born queued without a winner, a winner only by the CAS,
-- decided jobs stay decided, the intent never changes, never deleted.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

DROP TRIGGER IF EXISTS jobs_guard_winner;
CREATE TRIGGER jobs_guard_winner BEFORE UPDATE OF completed_by ON jobs
WHEN (OLD.completed_by IS NOT NULL AND (NEW.completed_by IS NULL OR NEW.completed_by <> OLD.completed_by))
  OR (OLD.completed_by IS NULL AND NEW.completed_by IS NOT NULL AND (
        OLD.state = 'cancelled'
        OR NOT EXISTS (SELECT 1 FROM attempts
                        WHERE id = NEW.completed_by AND job_id = NEW.id AND state IN ('running', 'unknown'))))
BEGIN
    SELECT RAISE(ABORT, 'JD022: a winner is never overwritten and must be a running or unknown attempt');
END;

DROP TRIGGER IF EXISTS jobs_guard_failed;
CREATE TRIGGER jobs_guard_failed BEFORE UPDATE OF state ON jobs
WHEN NEW.state = 'failed' AND OLD.state <> 'failed'
 AND EXISTS (SELECT 1 FROM attempts WHERE job_id = NEW.id AND state IN ('starting', 'running', 'unknown'))
BEGIN
    SELECT RAISE(ABORT, 'JD015: a job with an open attempt cannot fail');
END;

DROP TRIGGER IF EXISTS jobs_guard_terminal;
CREATE TRIGGER jobs_guard_terminal BEFORE UPDATE OF state ON jobs
WHEN OLD.state <> NEW.state AND OLD.state IN ('cancelled', 'succeeded')
BEGIN
    SELECT RAISE(ABORT, 'JD017: a cancelled or succeeded job does not change state');
END;

DROP TRIGGER IF EXISTS jobs_no_delete;
CREATE TRIGGER jobs_no_delete BEFORE DELETE ON jobs
    WHEN NOT EXISTS (SELECT 1 FROM retention_grant) -- retention's removal (core/service/Retention.cpp)
BEGIN
    SELECT RAISE(ABORT, 'JD030: jobs is append-only (DELETE refused)');
END;

DROP TRIGGER IF EXISTS jobs_born_without_winner;
CREATE TRIGGER jobs_born_without_winner BEFORE INSERT ON jobs
WHEN NEW.completed_by IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'JD023: a job is born without a winner');
END;

DROP TRIGGER IF EXISTS jobs_insert_moves_counter;
CREATE TRIGGER jobs_insert_moves_counter AFTER INSERT ON jobs
BEGIN
    UPDATE jd_counter SET value = NEW.change_seq WHERE id = 1 AND value < NEW.change_seq;
END;

DROP TRIGGER IF EXISTS jobs_born_queued;
CREATE TRIGGER jobs_born_queued AFTER INSERT ON jobs
WHEN NEW.state <> 'queued' OR NEW.version <> 0
BEGIN
    SELECT RAISE(ABORT, 'JD024: a job is born queued, at version 0');
END;

DROP TRIGGER IF EXISTS jobs_id_fixed;
CREATE TRIGGER jobs_id_fixed BEFORE UPDATE OF id ON jobs
WHEN OLD.id IS NOT NEW.id
BEGIN
    SELECT RAISE(ABORT, 'JD031: the identity of a row in jobs is never rewritten');
END;

DROP TRIGGER IF EXISTS jobs_identity_fixed;
CREATE TRIGGER jobs_identity_fixed BEFORE UPDATE OF owner_id, idempotency_key, fingerprint, route, input,
    created_at_ms, max_parallel, max_attempts ON jobs
WHEN OLD.owner_id IS NOT NEW.owner_id OR OLD.idempotency_key IS NOT NEW.idempotency_key
  OR OLD.fingerprint IS NOT NEW.fingerprint OR OLD.route IS NOT NEW.route OR OLD.input IS NOT NEW.input
  OR OLD.created_at_ms IS NOT NEW.created_at_ms
  OR OLD.max_parallel IS NOT NEW.max_parallel OR OLD.max_attempts IS NOT NEW.max_attempts
BEGIN
    SELECT RAISE(ABORT, 'JD031: the identity of a row in jobs is never rewritten');
END;

DROP TRIGGER IF EXISTS jobs_winners_result_stands;
CREATE TRIGGER jobs_winners_result_stands BEFORE UPDATE OF result ON jobs
WHEN OLD.completed_by IS NOT NULL AND NEW.result <> OLD.result -- NULL: the CHECK names it
BEGIN
    SELECT RAISE(ABORT, 'JD025: a winner''s result is never rewritten');
END;

DROP TRIGGER IF EXISTS jobs_version_never_goes_back;
CREATE TRIGGER jobs_version_never_goes_back BEFORE UPDATE OF version ON jobs
WHEN NEW.version < OLD.version AND NEW.version >= 0
BEGIN
    SELECT RAISE(ABORT, 'JD027: a job''s version never goes back');
END;

DROP TRIGGER IF EXISTS jobs_winner_by_compare_and_swap;
CREATE TRIGGER jobs_winner_by_compare_and_swap BEFORE UPDATE OF completed_by ON jobs
WHEN OLD.completed_by IS NULL AND NEW.completed_by IS NOT NULL AND NEW.version IS NOT OLD.version + 1
BEGIN
    SELECT RAISE(ABORT, 'JD026: a winner is set by a compare-and-swap, the version one up');
END;

DROP TRIGGER IF EXISTS jobs_version_moves_with_a_win_or_a_cancel;
CREATE TRIGGER jobs_version_moves_with_a_win_or_a_cancel BEFORE UPDATE OF version ON jobs
WHEN NEW.version > OLD.version
 AND (OLD.completed_by IS NOT NULL
      OR NOT (NEW.version = OLD.version + 1
              AND ((NEW.completed_by IS NOT NULL) OR (NEW.state = 'cancelled' AND OLD.state <> 'cancelled'))))
BEGIN
    SELECT RAISE(ABORT, 'JD028: a job''s version moves one up, with its win or its cancel');
END;
