-- JobDesk 1.0, SQLite: retention (docs/retention.md). Decided jobs are archived
-- to a file and then removed with their history by the store's retention
-- (core/service/Retention.cpp), the one path that may delete history: inside
-- its own write transaction it holds the row of retention_grant that the
-- history's delete triggers look for, and removes it before committing. Each
-- removed key keeps a tombstone, so a retry replays the removed job and never
-- creates a second one (triggers/key_tombstones.sql).

CREATE TABLE key_tombstones (
    owner_id        TEXT    NOT NULL,
    idempotency_key TEXT    NOT NULL,
    fingerprint     TEXT    NOT NULL CHECK (length(fingerprint) = 64),
    job_id          INTEGER NOT NULL,
    route           TEXT    NOT NULL,
    final_state     TEXT    NOT NULL CHECK (final_state IN ('succeeded', 'failed', 'cancelled')),
    created_at_ms   INTEGER NOT NULL,
    removed_at_ms   INTEGER NOT NULL,
    run_id          INTEGER NOT NULL,
    CONSTRAINT key_tombstones_pkey PRIMARY KEY (owner_id, idempotency_key)
);
CREATE INDEX key_tombstones_by_removal ON key_tombstones (removed_at_ms);

CREATE TABLE retention_runs (
    id                 INTEGER PRIMARY KEY,
    actor              TEXT    NOT NULL CHECK (length(actor) BETWEEN 1 AND 255),
    db_user            TEXT    NOT NULL,
    cutoff_ms          INTEGER NOT NULL,
    state              TEXT    NOT NULL DEFAULT 'selected' CHECK (state IN ('selected', 'archived', 'removed')),
    archive            TEXT    NOT NULL,
    archive_sha256     TEXT,
    jobs_selected      INTEGER NOT NULL DEFAULT 0,
    jobs_removed       INTEGER NOT NULL DEFAULT 0,
    jobs_kept          INTEGER NOT NULL DEFAULT 0,
    tombstones_expired INTEGER NOT NULL DEFAULT 0,
    started_at_ms      INTEGER NOT NULL,
    finished_at_ms     INTEGER,
    CONSTRAINT retention_runs_archived_with_digest CHECK (state = 'selected' OR length(archive_sha256) = 64)
);

CREATE TABLE retention_run_jobs (
    run_id     INTEGER NOT NULL REFERENCES retention_runs (id),
    job_id     INTEGER NOT NULL,
    mark       TEXT,
    outcome    TEXT CHECK (outcome IN ('removed', 'kept')),
    CONSTRAINT retention_run_jobs_pkey PRIMARY KEY (run_id, job_id)
);
CREATE UNIQUE INDEX retention_run_jobs_once ON retention_run_jobs (job_id) WHERE outcome IS NOT 'kept';
CREATE INDEX retention_run_jobs_pending ON retention_run_jobs (run_id, job_id) WHERE outcome IS NULL;

-- What retention's removal looks up by job or attempt (and the foreign keys'
-- checks on every removed row); without them each removed row scans a table.
CREATE INDEX idempotency_events_by_job ON idempotency_events (job_id);
CREATE INDEX race_losses_by_winner ON race_losses (winner_attempt_id) WHERE winner_attempt_id IS NOT NULL;
CREATE INDEX audit_log_by_attempt ON audit_log (attempt_id) WHERE attempt_id IS NOT NULL;

-- Empty but inside retention's removal transaction.
CREATE TABLE retention_grant (
    run_id INTEGER NOT NULL PRIMARY KEY
);

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (3, '003_retention.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
