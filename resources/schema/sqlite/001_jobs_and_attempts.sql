-- JobDesk schema 1 (SQLite). Forward-only; apply files in numeric order:
--   sqlite3 jobdesk.db < 001_jobs_and_attempts.sql
-- Times are milliseconds since the Unix epoch, by the database's clock.
-- A statement ends with ';' at the end of a line; trigger bodies end with 'END;'.

-- Which migrations this database has; every file records itself last.
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL
);

-- The change sequence: one row, bumped once per write transaction.
CREATE TABLE jd_counter (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    value INTEGER NOT NULL
);
INSERT INTO jd_counter (id, value) VALUES (1, 0);

-- A job is the stable record of one intent: one row per (owner, idempotency key).
CREATE TABLE jobs (
    id              INTEGER PRIMARY KEY,
    owner_id        TEXT    NOT NULL CHECK (length(owner_id) BETWEEN 1 AND 255),
    idempotency_key TEXT    NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
    fingerprint     TEXT    NOT NULL CHECK (length(fingerprint) = 64),
    route           TEXT    NOT NULL CHECK (length(route) BETWEEN 1 AND 255),
    input           TEXT    NOT NULL,
    state           TEXT    NOT NULL DEFAULT 'queued'
                    CHECK (state IN ('queued', 'running', 'blocked', 'succeeded', 'failed', 'cancelled')),
    version         INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    change_seq      INTEGER NOT NULL DEFAULT 0,
    max_parallel    INTEGER NOT NULL DEFAULT 1 CHECK (max_parallel BETWEEN 1 AND 8),
    max_attempts    INTEGER NOT NULL DEFAULT 3 CHECK (max_attempts BETWEEN 1 AND 100),
    completed_by    INTEGER REFERENCES attempts (id),
    result          TEXT,
    client_meta     TEXT    NOT NULL DEFAULT '{}',
    state_reason    TEXT,
    created_at_ms   INTEGER NOT NULL DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)),
    updated_at_ms   INTEGER NOT NULL DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)),
    CONSTRAINT jobs_one_per_intent UNIQUE (owner_id, idempotency_key),
    CONSTRAINT jobs_result_with_winner CHECK ((completed_by IS NULL) = (result IS NULL)),
    CONSTRAINT jobs_succeeded_iff_winner CHECK ((state = 'succeeded') = (completed_by IS NOT NULL))
);
CREATE INDEX jobs_by_state ON jobs (state, id);
CREATE INDEX jobs_by_change_seq ON jobs (change_seq);

-- An attempt is one try against one provider, under one job.
CREATE TABLE attempts (
    id                  INTEGER PRIMARY KEY,
    job_id              INTEGER NOT NULL REFERENCES jobs (id),
    attempt_no          INTEGER NOT NULL CHECK (attempt_no >= 1),
    provider            TEXT    NOT NULL CHECK (length(provider) BETWEEN 1 AND 255),
    kind                TEXT    NOT NULL DEFAULT 'automatic' CHECK (kind IN ('automatic', 'hedge', 'retry')),
    state               TEXT    NOT NULL DEFAULT 'starting'
                        CHECK (state IN ('starting', 'running', 'succeeded', 'superseded', 'failed', 'unknown', 'cancelled')),
    read_version        INTEGER NOT NULL CHECK (read_version >= 0),
    start_request_id    TEXT    NOT NULL,
    worker_id           TEXT,
    lease_expires_at_ms INTEGER,
    deadline_at_ms      INTEGER,
    result_digest       TEXT,
    last_actor_kind     TEXT    NOT NULL DEFAULT 'sql',
    last_actor_id       TEXT    NOT NULL DEFAULT 'sql',
    last_reason         TEXT,
    change_seq          INTEGER NOT NULL DEFAULT 0,
    created_at_ms       INTEGER NOT NULL DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)),
    updated_at_ms       INTEGER NOT NULL DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)),
    CONSTRAINT attempts_no_per_job UNIQUE (job_id, attempt_no),
    CONSTRAINT attempts_start_request_once UNIQUE (job_id, start_request_id)
);
-- Invariant 3: at most one attempt per job is 'starting'.
CREATE UNIQUE INDEX attempts_one_starting_per_job ON attempts (job_id) WHERE state = 'starting';
CREATE INDEX attempts_unknown_by_age ON attempts (updated_at_ms) WHERE state = 'unknown';
CREATE INDEX attempts_open_by_lease ON attempts (lease_expires_at_ms) WHERE state IN ('starting', 'running');
CREATE INDEX attempts_by_change_seq ON attempts (change_seq);

-- Every transition of every attempt, written by trigger in the same transaction.
CREATE TABLE attempt_events (
    id          INTEGER PRIMARY KEY,
    attempt_id  INTEGER NOT NULL REFERENCES attempts (id),
    job_id      INTEGER NOT NULL REFERENCES jobs (id),
    from_state  TEXT,
    to_state    TEXT    NOT NULL,
    actor_kind  TEXT    NOT NULL,
    actor_id    TEXT    NOT NULL,
    reason      TEXT,
    at_ms       INTEGER NOT NULL
);
CREATE INDEX attempt_events_by_attempt ON attempt_events (attempt_id, id);
CREATE INDEX attempt_events_by_job ON attempt_events (job_id, id);

-- Every create call that found its key taken: a replay or a conflict.
CREATE TABLE idempotency_events (
    id                   INTEGER PRIMARY KEY,
    kind                 TEXT    NOT NULL CHECK (kind IN ('replayed', 'conflict')),
    owner_id             TEXT    NOT NULL,
    idempotency_key      TEXT    NOT NULL,
    job_id               INTEGER NOT NULL REFERENCES jobs (id),
    fingerprint          TEXT    NOT NULL,
    existing_fingerprint TEXT    NOT NULL,
    rejected_intent      TEXT,
    client_meta          TEXT    NOT NULL DEFAULT '{}',
    at_ms                INTEGER NOT NULL
);
CREATE INDEX idempotency_events_by_key ON idempotency_events (owner_id, idempotency_key, id);
CREATE INDEX idempotency_events_by_job ON idempotency_events (job_id, id);

-- Completions that lost the compare-and-swap; the payload is discarded, its digest kept.
CREATE TABLE race_losses (
    id                INTEGER PRIMARY KEY,
    attempt_id        INTEGER NOT NULL UNIQUE REFERENCES attempts (id),
    job_id            INTEGER NOT NULL REFERENCES jobs (id),
    expected_version  INTEGER NOT NULL,
    found_version     INTEGER NOT NULL,
    winner_attempt_id INTEGER REFERENCES attempts (id),
    payload_digest    TEXT    NOT NULL,
    at_ms             INTEGER NOT NULL
);
CREATE INDEX race_losses_by_job ON race_losses (job_id);

-- Every operator action: who, when, why; a repeated request id returns the first answer.
CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY,
    request_id  TEXT    NOT NULL UNIQUE CHECK (length(request_id) BETWEEN 1 AND 255),
    action      TEXT    NOT NULL,
    actor_kind  TEXT    NOT NULL,
    actor_id    TEXT    NOT NULL,
    actor_role  TEXT    NOT NULL,
    job_id      INTEGER REFERENCES jobs (id),
    attempt_id  INTEGER REFERENCES attempts (id),
    reason      TEXT    NOT NULL CHECK (length(trim(reason)) > 0),
    response    TEXT    NOT NULL,
    at_ms       INTEGER NOT NULL
);
CREATE INDEX audit_log_by_job ON audit_log (job_id, id);

-- A job's state follows from its attempts: one definition, used by the
-- triggers below whenever an attempt is inserted or changes state.
CREATE VIEW job_derived_state AS
SELECT j.id,
       CASE
           WHEN j.completed_by IS NOT NULL THEN 'succeeded'
           WHEN j.state = 'cancelled' THEN 'cancelled'
           WHEN EXISTS (SELECT 1 FROM attempts a WHERE a.job_id = j.id AND a.state = 'unknown') THEN 'blocked'
           WHEN EXISTS (SELECT 1 FROM attempts a WHERE a.job_id = j.id AND a.state IN ('starting', 'running')) THEN 'running'
           WHEN (SELECT count(*) FROM attempts a WHERE a.job_id = j.id AND a.kind <> 'retry') >= j.max_attempts THEN 'failed'
           ELSE 'queued'
       END AS state
FROM jobs j;

-- ---- the database is the guard (invariants 3 and 5) ----

-- A new attempt is refused while any attempt of the job is unknown, while the
-- job has a winner or is cancelled, and while max_parallel attempts are open.
CREATE TRIGGER attempts_guard_insert BEFORE INSERT ON attempts
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_refused: a new attempt must start in state starting')
     WHERE NEW.state <> 'starting';
    SELECT RAISE(ABORT, 'jobdesk_refused: an attempt of this job is unknown')
     WHERE EXISTS (SELECT 1 FROM attempts WHERE job_id = NEW.job_id AND state = 'unknown');
    SELECT RAISE(ABORT, 'jobdesk_refused: the job has a winner or is cancelled')
     WHERE EXISTS (SELECT 1 FROM jobs WHERE id = NEW.job_id AND (completed_by IS NOT NULL OR state = 'cancelled'));
    SELECT RAISE(ABORT, 'jobdesk_refused: max_parallel attempts are open')
     WHERE (SELECT count(*) FROM attempts WHERE job_id = NEW.job_id AND state IN ('starting', 'running', 'unknown'))
           >= (SELECT max_parallel FROM jobs WHERE id = NEW.job_id);
    -- Only an operator's retry may go beyond the automatic attempt budget.
    SELECT RAISE(ABORT, 'jobdesk_refused: the job has used its automatic attempt budget')
     WHERE NEW.kind <> 'retry'
       AND (SELECT count(*) FROM attempts WHERE job_id = NEW.job_id AND kind <> 'retry')
           >= (SELECT max_attempts FROM jobs WHERE id = NEW.job_id);
END;

-- Attempt states move only forward along the documented edges.
CREATE TRIGGER attempts_guard_transition BEFORE UPDATE OF state ON attempts
WHEN OLD.state <> NEW.state AND NOT (
       (OLD.state = 'starting' AND NEW.state IN ('running', 'failed', 'unknown', 'cancelled'))
    OR (OLD.state = 'running'  AND NEW.state IN ('succeeded', 'superseded', 'failed', 'unknown', 'cancelled'))
    OR (OLD.state = 'unknown'  AND NEW.state IN ('succeeded', 'superseded', 'failed', 'cancelled')))
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_transition: this attempt state change is not allowed');
END;

-- Only the attempt the job names as its winner may be succeeded.
CREATE TRIGGER attempts_guard_winner BEFORE UPDATE OF state ON attempts
WHEN NEW.state = 'succeeded' AND OLD.state <> 'succeeded'
 AND NOT EXISTS (SELECT 1 FROM jobs WHERE id = NEW.job_id AND completed_by = NEW.id)
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_transition: only the job''s winner may be succeeded');
END;

-- A winner is never overwritten, and only a running or unknown attempt of a
-- job that is not cancelled can become it.
CREATE TRIGGER jobs_guard_winner BEFORE UPDATE OF completed_by ON jobs
WHEN (OLD.completed_by IS NOT NULL AND (NEW.completed_by IS NULL OR NEW.completed_by <> OLD.completed_by))
  OR (OLD.completed_by IS NULL AND NEW.completed_by IS NOT NULL AND (
        OLD.state = 'cancelled'
        OR NOT EXISTS (SELECT 1 FROM attempts
                        WHERE id = NEW.completed_by AND job_id = NEW.id AND state IN ('running', 'unknown'))))
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_cas: a winner is never overwritten and must be a running or unknown attempt');
END;

-- A job fails only when none of its attempts is open.
CREATE TRIGGER jobs_guard_failed BEFORE UPDATE OF state ON jobs
WHEN NEW.state = 'failed' AND OLD.state <> 'failed'
 AND EXISTS (SELECT 1 FROM attempts WHERE job_id = NEW.id AND state IN ('starting', 'running', 'unknown'))
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_transition: a job with an open attempt cannot fail');
END;

-- A cancelled or succeeded job stays so.
CREATE TRIGGER jobs_guard_terminal BEFORE UPDATE OF state ON jobs
WHEN OLD.state <> NEW.state AND OLD.state IN ('cancelled', 'succeeded')
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_transition: a cancelled or succeeded job does not change state');
END;

-- Each transition writes its event and moves the job's state in the same transaction.
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

CREATE TRIGGER attempts_after_transition AFTER UPDATE OF state ON attempts
WHEN OLD.state <> NEW.state
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
    VALUES (NEW.id, NEW.job_id, OLD.state, NEW.state, NEW.last_actor_kind, NEW.last_actor_id, NEW.last_reason,
            NEW.updated_at_ms);
END;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (1, '001_jobs_and_attempts.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
