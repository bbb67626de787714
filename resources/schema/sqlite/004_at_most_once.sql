-- JobDesk schema 4 (SQLite): the at-most-once rules that were only in C++
-- (see the PostgreSQL file of the same number for the why). SQLite's foreign
-- keys are per connection (the sqlite3 shell does not enforce them), so the
-- append-only rules are triggers.

-- ---- provider keys: a random UUID per attempt ----
ALTER TABLE attempts ADD COLUMN provider_key TEXT;
UPDATE attempts SET provider_key =
    lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
          || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))
 WHERE provider_key IS NULL;
CREATE UNIQUE INDEX attempts_provider_key_once ON attempts (provider_key);
-- A raw insert without a key gets one (JobService always sends its own).
CREATE TRIGGER attempts_provider_key_default AFTER INSERT ON attempts
WHEN NEW.provider_key IS NULL
BEGIN
    UPDATE attempts SET provider_key =
        lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
              || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))
     WHERE id = NEW.id;
END;

-- ---- reconciliation bookkeeping (not a state change: no event) ----
ALTER TABLE attempts ADD COLUMN last_lookup_at_ms INTEGER;
ALTER TABLE attempts ADD COLUMN lookup_count INTEGER NOT NULL DEFAULT 0;
CREATE INDEX attempts_unknown_by_lookup ON attempts (last_lookup_at_ms, updated_at_ms) WHERE state = 'unknown';
CREATE INDEX attempts_running_by_deadline ON attempts (deadline_at_ms) WHERE state = 'running';
CREATE INDEX attempts_retries_to_send ON attempts (id) WHERE state = 'starting' AND worker_id IS NULL;

-- ---- at most one open automatic attempt per job ----
CREATE UNIQUE INDEX attempts_one_open_automatic ON attempts (job_id)
    WHERE kind = 'automatic' AND state IN ('starting', 'running', 'unknown');

-- Every attempt starts with a lease; a worker starts an automatic attempt or
-- a hedge only under its own unexpired claim on the job; a hedge needs an
-- open attempt to hedge.
CREATE TRIGGER attempts_guard_insert_claim BEFORE INSERT ON attempts
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_refused: every attempt starts with a lease')
     WHERE NEW.lease_expires_at_ms IS NULL;
    SELECT RAISE(ABORT, 'jobdesk_refused: the starting worker does not hold an unexpired claim on the job')
     WHERE NEW.kind <> 'retry'
       AND NOT EXISTS (SELECT 1 FROM jobs WHERE id = NEW.job_id AND claimed_by IS NOT NULL
                          AND claimed_by = NEW.worker_id
                          AND claim_expires_at_ms > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
    SELECT RAISE(ABORT, 'jobdesk_refused: a hedge needs an open attempt to hedge')
     WHERE NEW.kind = 'hedge'
       AND NOT EXISTS (SELECT 1 FROM attempts WHERE job_id = NEW.job_id AND state IN ('starting', 'running'));
END;

-- ---- history is append-only ----
CREATE TRIGGER attempt_events_no_update BEFORE UPDATE ON attempt_events
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: attempt_events is append-only (UPDATE refused)');
END;
CREATE TRIGGER attempt_events_no_delete BEFORE DELETE ON attempt_events
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: attempt_events is append-only (DELETE refused)');
END;
CREATE TRIGGER race_losses_no_update BEFORE UPDATE ON race_losses
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: race_losses is append-only (UPDATE refused)');
END;
CREATE TRIGGER race_losses_no_delete BEFORE DELETE ON race_losses
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: race_losses is append-only (DELETE refused)');
END;
CREATE TRIGGER idempotency_events_no_update BEFORE UPDATE ON idempotency_events
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: idempotency_events is append-only (UPDATE refused)');
END;
CREATE TRIGGER idempotency_events_no_delete BEFORE DELETE ON idempotency_events
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: idempotency_events is append-only (DELETE refused)');
END;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: audit_log is append-only (UPDATE refused)');
END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: audit_log is append-only (DELETE refused)');
END;
CREATE TRIGGER attempts_no_delete BEFORE DELETE ON attempts
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: attempts is append-only (DELETE refused)');
END;
CREATE TRIGGER jobs_no_delete BEFORE DELETE ON jobs
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: jobs is append-only (DELETE refused)');
END;

-- An attempt's and a job's identity is never rewritten (the key default above
-- fills a missing key once).
CREATE TRIGGER attempts_identity_fixed BEFORE UPDATE OF job_id, attempt_no, provider, kind, read_version,
    start_request_id, provider_key, created_at_ms ON attempts
WHEN OLD.job_id IS NOT NEW.job_id OR OLD.attempt_no IS NOT NEW.attempt_no OR OLD.provider IS NOT NEW.provider
  OR OLD.kind IS NOT NEW.kind OR OLD.read_version IS NOT NEW.read_version
  OR OLD.start_request_id IS NOT NEW.start_request_id
  OR (OLD.provider_key IS NOT NULL AND OLD.provider_key IS NOT NEW.provider_key)
  OR OLD.created_at_ms IS NOT NEW.created_at_ms
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: the identity of a row in attempts is never rewritten');
END;
CREATE TRIGGER jobs_identity_fixed BEFORE UPDATE OF owner_id, idempotency_key, fingerprint, route, input,
    created_at_ms ON jobs
WHEN OLD.owner_id IS NOT NEW.owner_id OR OLD.idempotency_key IS NOT NEW.idempotency_key
  OR OLD.fingerprint IS NOT NEW.fingerprint OR OLD.route IS NOT NEW.route OR OLD.input IS NOT NEW.input
  OR OLD.created_at_ms IS NOT NEW.created_at_ms
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: the identity of a row in jobs is never rewritten');
END;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (4, '004_at_most_once.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
