-- An attempt's rules (invariants 3-5, 8): who may start one, its lifecycle, the winner
-- stays, where it was sent and that its provider did nothing recorded once; the job's
-- state and the event follow each change.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

DROP TRIGGER IF EXISTS attempts_guard_insert;
CREATE TRIGGER attempts_guard_insert BEFORE INSERT ON attempts
BEGIN
    SELECT RAISE(ABORT, 'JD001: a new attempt must start in state starting')
     WHERE NEW.state <> 'starting';
    SELECT RAISE(ABORT, 'JD002: an attempt of this job is unknown')
     WHERE EXISTS (SELECT 1 FROM attempts WHERE job_id = NEW.job_id AND state = 'unknown');
    SELECT RAISE(ABORT, 'JD003: the job has a winner or is cancelled')
     WHERE EXISTS (SELECT 1 FROM jobs WHERE id = NEW.job_id AND (completed_by IS NOT NULL OR state = 'cancelled'));
    SELECT RAISE(ABORT, 'JD004: max_parallel attempts are open')
     WHERE (SELECT count(*) FROM attempts WHERE job_id = NEW.job_id AND state IN ('starting', 'running', 'unknown'))
           >= (SELECT max_parallel FROM jobs WHERE id = NEW.job_id);
    -- Only an operator's retry may go beyond the automatic attempt budget.
    SELECT RAISE(ABORT, 'JD005: the job has used its automatic attempt budget')
     WHERE NEW.kind <> 'retry'
       AND (SELECT count(*) FROM attempts WHERE job_id = NEW.job_id AND kind <> 'retry')
           >= (SELECT max_attempts FROM jobs WHERE id = NEW.job_id);
END;

DROP TRIGGER IF EXISTS attempts_guard_transition;
CREATE TRIGGER attempts_guard_transition BEFORE UPDATE OF state ON attempts
WHEN OLD.state <> NEW.state AND NOT (
       (OLD.state = 'starting' AND NEW.state IN ('running', 'failed', 'unknown', 'cancelled'))
    OR (OLD.state = 'running'  AND NEW.state IN ('succeeded', 'superseded', 'failed', 'unknown', 'cancelled'))
    OR (OLD.state = 'unknown'  AND NEW.state IN ('succeeded', 'superseded', 'failed', 'cancelled')))
BEGIN
    SELECT RAISE(ABORT, 'JD011: this attempt state change is not allowed');
END;

DROP TRIGGER IF EXISTS attempts_guard_winner;
CREATE TRIGGER attempts_guard_winner BEFORE UPDATE OF state ON attempts
WHEN NEW.state = 'succeeded' AND OLD.state <> 'succeeded'
 AND NOT EXISTS (SELECT 1 FROM jobs WHERE id = NEW.job_id AND completed_by = NEW.id)
BEGIN
    SELECT RAISE(ABORT, 'JD012: only the job''s winner may be succeeded');
END;

DROP TRIGGER IF EXISTS attempts_after_insert;
CREATE TRIGGER attempts_after_insert AFTER INSERT ON attempts
BEGIN
    -- Only when something moved: a completion has already written the job.
    UPDATE jobs SET
        state = d.state,
        change_seq = NEW.change_seq,
        updated_at_ms = NEW.updated_at_ms
    FROM job_derived_state d
    WHERE jobs.id = NEW.job_id AND d.id = NEW.job_id
      AND (jobs.state <> d.state OR jobs.change_seq <> NEW.change_seq);
    INSERT INTO attempt_events (attempt_id, job_id, from_state, to_state, actor_kind, actor_id, reason, at_ms)
    VALUES (NEW.id, NEW.job_id, NULL, NEW.state, NEW.last_actor_kind, NEW.last_actor_id, NEW.last_reason,
            NEW.updated_at_ms);
END;

DROP TRIGGER IF EXISTS attempts_provider_key_default;
CREATE TRIGGER attempts_provider_key_default AFTER INSERT ON attempts
WHEN NEW.provider_key IS NULL
BEGIN
    UPDATE attempts SET provider_key =
        lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
              || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))
     WHERE id = NEW.id;
END;

DROP TRIGGER IF EXISTS attempts_guard_insert_claim;
CREATE TRIGGER attempts_guard_insert_claim BEFORE INSERT ON attempts
BEGIN
    SELECT RAISE(ABORT, 'JD006: every attempt starts with a lease')
     WHERE NEW.lease_expires_at_ms IS NULL;
    SELECT RAISE(ABORT, 'JD007: the starting worker does not hold an unexpired claim on the job')
     WHERE NEW.kind <> 'retry'
       AND NOT EXISTS (SELECT 1 FROM jobs WHERE id = NEW.job_id AND claimed_by IS NOT NULL
                          AND claimed_by = NEW.worker_id
                          AND claim_expires_at_ms > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
    SELECT RAISE(ABORT, 'JD008: a hedge needs an open attempt to hedge')
     WHERE NEW.kind = 'hedge'
       AND NOT EXISTS (SELECT 1 FROM attempts WHERE job_id = NEW.job_id AND state IN ('starting', 'running'));
END;

DROP TRIGGER IF EXISTS attempts_no_delete;
CREATE TRIGGER attempts_no_delete BEFORE DELETE ON attempts
    WHEN NOT EXISTS (SELECT 1 FROM retention_grant) -- retention's removal (core/service/Retention.cpp)
BEGIN
    SELECT RAISE(ABORT, 'JD030: attempts is append-only (DELETE refused)');
END;

DROP TRIGGER IF EXISTS attempts_identity_fixed;
CREATE TRIGGER attempts_identity_fixed BEFORE UPDATE OF job_id, attempt_no, provider, kind, read_version,
    start_request_id, provider_key, created_at_ms ON attempts
WHEN OLD.job_id IS NOT NEW.job_id OR OLD.attempt_no IS NOT NEW.attempt_no OR OLD.provider IS NOT NEW.provider
  OR OLD.kind IS NOT NEW.kind OR OLD.read_version IS NOT NEW.read_version
  OR OLD.start_request_id IS NOT NEW.start_request_id
  OR (OLD.provider_key IS NOT NULL AND OLD.provider_key IS NOT NEW.provider_key)
  OR OLD.created_at_ms IS NOT NEW.created_at_ms
BEGIN
    SELECT RAISE(ABORT, 'JD031: the identity of a row in attempts is never rewritten');
END;

DROP TRIGGER IF EXISTS attempts_after_transition;
CREATE TRIGGER attempts_after_transition AFTER UPDATE OF state ON attempts
WHEN OLD.state <> NEW.state
BEGIN
    UPDATE jobs SET
        state = d.state,
        change_seq = NEW.change_seq,
        updated_at_ms = NEW.updated_at_ms
    FROM job_derived_state d
    WHERE NEW.state <> 'succeeded' AND jobs.id = NEW.job_id AND d.id = NEW.job_id
      AND (jobs.state <> d.state OR jobs.change_seq <> NEW.change_seq);
    INSERT INTO attempt_events (attempt_id, job_id, from_state, to_state, actor_kind, actor_id, reason, at_ms)
    VALUES (NEW.id, NEW.job_id, OLD.state, NEW.state, NEW.last_actor_kind, NEW.last_actor_id, NEW.last_reason,
            NEW.updated_at_ms);
END;

DROP TRIGGER IF EXISTS attempts_id_fixed;
CREATE TRIGGER attempts_id_fixed BEFORE UPDATE OF id ON attempts
WHEN OLD.id IS NOT NEW.id
BEGIN
    SELECT RAISE(ABORT, 'JD031: the identity of a row in attempts is never rewritten');
END;

DROP TRIGGER IF EXISTS attempts_sent_only_while_undecided;
CREATE TRIGGER attempts_sent_only_while_undecided BEFORE UPDATE OF state ON attempts
WHEN OLD.state = 'starting' AND NEW.state = 'running'
 AND (EXISTS (SELECT 1 FROM jobs WHERE id = NEW.job_id AND (completed_by IS NOT NULL OR state = 'cancelled'))
      OR EXISTS (SELECT 1 FROM attempts WHERE job_id = NEW.job_id AND state = 'unknown'))
BEGIN
    SELECT RAISE(ABORT, 'JD014: an attempt of a job that has a winner, is cancelled or has an unknown attempt is never sent');
END;

DROP TRIGGER IF EXISTS attempts_sent_to_once;
CREATE TRIGGER attempts_sent_to_once BEFORE UPDATE OF sent_to ON attempts
WHEN OLD.sent_to IS NOT NEW.sent_to AND (OLD.sent_to IS NOT NULL OR NEW.state IS NOT 'running' OR NEW.sent_to = '')
BEGIN
    SELECT RAISE(ABORT, 'JD032: where an attempt''s request went is recorded once, as it is sent');
END;

-- That the provider did nothing (which lets it take the job again) is
-- recorded by the statement that fails the attempt, never after the fact.
DROP TRIGGER IF EXISTS attempts_did_nothing_as_it_fails;
CREATE TRIGGER attempts_did_nothing_as_it_fails BEFORE UPDATE OF provider_did_nothing ON attempts
WHEN OLD.provider_did_nothing IS NOT NEW.provider_did_nothing
 AND NOT (NEW.provider_did_nothing = 1 AND OLD.state IS NOT 'failed' AND NEW.state = 'failed')
BEGIN
    SELECT RAISE(ABORT, 'JD034: that a provider did nothing with an attempt is recorded once, as the attempt fails');
END;

DROP TRIGGER IF EXISTS attempts_sent_to_starts_empty;
CREATE TRIGGER attempts_sent_to_starts_empty BEFORE INSERT ON attempts
WHEN NEW.sent_to IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'JD032: where an attempt''s request went is recorded once, as it is sent');
END;

DROP TRIGGER IF EXISTS attempts_winner_stays;
CREATE TRIGGER attempts_winner_stays BEFORE UPDATE OF state ON attempts
WHEN OLD.state IN ('running', 'unknown') AND NEW.state IN ('superseded', 'failed', 'cancelled')
 AND EXISTS (SELECT 1 FROM jobs WHERE id = NEW.job_id AND completed_by = NEW.id)
BEGIN
    SELECT RAISE(ABORT, 'JD013: the job''s winner is never superseded, failed or cancelled');
END;
