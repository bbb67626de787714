-- JobDesk 1.0 schema, SQLite: the tables, indexes and the change counter.
-- The guards are triggers in triggers/, one file per table; the migration
-- runner applies them after this file and whenever one changes
-- (core/store/Migrations.cpp). The same rules as PostgreSQL's, in SQLite's
-- terms: no enums (CHECKs), no sequences (jd_counter), times in ms since the
-- epoch. tst_migrations compares the result with 001_baseline.snapshot.

-- The change sequence: one row, moved by every job and attempt write.
CREATE TABLE jd_counter (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    value INTEGER NOT NULL
);
INSERT INTO jd_counter (id, value) VALUES (1, 0);

-- A job: one intent under an idempotency key, unique per owner (invariant 1).
CREATE TABLE jobs (
    id                  INTEGER PRIMARY KEY,
    owner_id            TEXT    NOT NULL CHECK (length(owner_id) BETWEEN 1 AND 255),
    idempotency_key     TEXT    NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
    fingerprint         TEXT    NOT NULL CHECK (length(fingerprint) = 64),
    route               TEXT    NOT NULL CHECK (length(route) BETWEEN 1 AND 255),
    input               TEXT    NOT NULL,
    state               TEXT    NOT NULL DEFAULT 'queued'
                        CHECK (state IN ('queued', 'running', 'blocked', 'succeeded', 'failed', 'cancelled')),
    version             INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    change_seq          INTEGER NOT NULL DEFAULT 0,
    max_parallel        INTEGER NOT NULL DEFAULT 1 CHECK (max_parallel BETWEEN 1 AND 8),
    max_attempts        INTEGER NOT NULL DEFAULT 3 CHECK (max_attempts BETWEEN 1 AND 100),
    completed_by        INTEGER REFERENCES attempts (id),
    result              TEXT,
    client_meta         TEXT    NOT NULL DEFAULT '{}',
    state_reason        TEXT,
    created_at_ms       INTEGER NOT NULL DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)),
    updated_at_ms       INTEGER NOT NULL DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)),
    claimed_by          TEXT,
    claim_expires_at_ms INTEGER,
    CONSTRAINT jobs_one_per_intent UNIQUE (owner_id, idempotency_key),
    CONSTRAINT jobs_result_with_winner CHECK ((completed_by IS NULL) = (result IS NULL)),
    CONSTRAINT jobs_succeeded_iff_winner CHECK ((state = 'succeeded') = (completed_by IS NOT NULL))
);
CREATE INDEX jobs_by_state ON jobs (state, id);
CREATE INDEX jobs_by_change_seq ON jobs (change_seq);
CREATE INDEX jobs_by_key ON jobs (idempotency_key);
CREATE INDEX jobs_by_owner ON jobs (owner_id, id);
CREATE INDEX jobs_by_route ON jobs (route, id);

-- An attempt: one try against a provider under a job (invariant 3).
CREATE TABLE attempts (
    id                          INTEGER PRIMARY KEY,
    job_id                      INTEGER NOT NULL REFERENCES jobs (id),
    attempt_no                  INTEGER NOT NULL CHECK (attempt_no >= 1),
    provider                    TEXT    NOT NULL CHECK (length(provider) BETWEEN 1 AND 255),
    kind                        TEXT    NOT NULL DEFAULT 'automatic' CHECK (kind IN ('automatic', 'hedge', 'retry')),
    state                       TEXT    NOT NULL DEFAULT 'starting'
                                CHECK (state IN ('starting', 'running', 'succeeded', 'superseded', 'failed', 'unknown', 'cancelled')),
    read_version                INTEGER NOT NULL CHECK (read_version >= 0),
    start_request_id            TEXT    NOT NULL,
    worker_id                   TEXT,
    lease_expires_at_ms         INTEGER,
    deadline_at_ms              INTEGER,
    result_digest               TEXT,
    last_actor_kind             TEXT    NOT NULL DEFAULT 'sql',
    last_actor_id               TEXT    NOT NULL DEFAULT 'sql',
    last_reason                 TEXT,
    change_seq                  INTEGER NOT NULL DEFAULT 0,
    created_at_ms               INTEGER NOT NULL DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)),
    updated_at_ms               INTEGER NOT NULL DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)),
    provider_key                TEXT, -- a random UUID, set by the insert trigger (invariant 7)
    last_lookup_at_ms           INTEGER,
    lookup_count                INTEGER NOT NULL DEFAULT 0,
    lookup_requested_at_ms      INTEGER,
    last_lookup_answer          TEXT
                                CHECK (last_lookup_answer IN ('in_progress', 'never_processed', 'no_answer')),
    last_lookup_detail          TEXT,
    lookup_in_progress_since_ms INTEGER,
    sent_to                     TEXT,
    CONSTRAINT attempts_no_per_job UNIQUE (job_id, attempt_no),
    CONSTRAINT attempts_start_request_once UNIQUE (job_id, start_request_id)
);
CREATE UNIQUE INDEX attempts_one_starting_per_job ON attempts (job_id) WHERE state = 'starting';
CREATE UNIQUE INDEX attempts_one_open_automatic ON attempts (job_id)
    WHERE kind = 'automatic' AND state IN ('starting', 'running', 'unknown');
CREATE UNIQUE INDEX attempts_provider_key_once ON attempts (provider_key);
CREATE INDEX attempts_by_change_seq ON attempts (change_seq);
CREATE INDEX attempts_by_provider ON attempts (provider, job_id);
CREATE INDEX attempts_open_by_lease ON attempts (lease_expires_at_ms) WHERE state IN ('starting', 'running');
CREATE INDEX attempts_running_by_deadline ON attempts (deadline_at_ms) WHERE state = 'running';
CREATE INDEX attempts_retries_to_send ON attempts (id) WHERE state = 'starting' AND worker_id IS NULL;
CREATE INDEX attempts_unknown_by_age ON attempts (updated_at_ms) WHERE state = 'unknown';
CREATE INDEX attempts_unknown_by_lookup ON attempts (last_lookup_at_ms, updated_at_ms) WHERE state = 'unknown';
CREATE INDEX attempts_unknown_lookup_requested ON attempts (lookup_requested_at_ms)
    WHERE state = 'unknown' AND lookup_requested_at_ms IS NOT NULL;

-- Every attempt transition, with its actor and reason (append-only).
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
CREATE INDEX attempt_events_by_time ON attempt_events (at_ms, to_state);

-- Every create that found its key taken: a replay, or a conflict with the
-- rejected intent (append-only).
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
CREATE INDEX idempotency_events_by_key_only ON idempotency_events (idempotency_key, id);

-- A finished attempt that lost the CAS (invariant 5): its payload's digest only.
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
CREATE INDEX race_losses_by_time ON race_losses (at_ms, id);

-- Every operator action, with who and why (append-only). db_user is the
-- operating-system user on a shared file.
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
    at_ms       INTEGER NOT NULL,
    db_user     TEXT
);
CREATE INDEX audit_log_by_job ON audit_log (job_id, id);

-- Routes and providers as the dispatcher last recorded them (no secrets).
CREATE TABLE routes (
    name          TEXT    PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 255),
    config        TEXT    NOT NULL,
    updated_at_ms INTEGER NOT NULL
);
CREATE TABLE providers (
    name          TEXT    PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 255),
    config        TEXT    NOT NULL,
    updated_at_ms INTEGER NOT NULL
);

-- Contract validations (invariant 6; append-only).
CREATE TABLE provider_validations (
    id              INTEGER PRIMARY KEY,
    provider        TEXT    NOT NULL,
    route           TEXT    NOT NULL,
    config_hash     TEXT    NOT NULL CHECK (length(config_hash) = 64),
    passed          INTEGER NOT NULL CHECK (passed IN (0, 1)),
    report          TEXT    NOT NULL,
    validated_at_ms INTEGER NOT NULL,
    expires_at_ms   INTEGER NOT NULL,
    CHECK (expires_at_ms >= validated_at_ms)
);
CREATE INDEX provider_validations_latest ON provider_validations (provider, route, id);

-- The route contract each attempt ran under, by hash (append-only).
CREATE TABLE route_contracts (
    contract_hash  TEXT    PRIMARY KEY
                           CHECK (length(contract_hash) = 64 AND contract_hash NOT GLOB '*[^0-9a-f]*'),
    route          TEXT    NOT NULL CHECK (length(route) BETWEEN 1 AND 255),
    config         TEXT    NOT NULL CHECK (json_valid(config) AND json_type(config) = 'object'),
    recorded_at_ms INTEGER NOT NULL
);
CREATE TABLE attempt_contracts (
    attempt_id     INTEGER PRIMARY KEY REFERENCES attempts (id),
    contract_hash  TEXT    NOT NULL REFERENCES route_contracts (contract_hash)
);

-- API tokens, stored as SHA-256; revoked, never deleted.
CREATE TABLE api_tokens (
    id            INTEGER PRIMARY KEY,
    token_hash    TEXT    NOT NULL UNIQUE
                  CHECK (length(token_hash) = 64 AND token_hash NOT GLOB '*[^0-9a-f]*'),
    owner_id      TEXT    NOT NULL CHECK (length(owner_id) BETWEEN 1 AND 255),
    role          TEXT    NOT NULL CHECK (role IN ('client', 'viewer', 'operator')),
    label         TEXT    CHECK (label IS NULL OR length(label) <= 255),
    created_at_ms INTEGER NOT NULL DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)),
    revoked_at_ms INTEGER CHECK (revoked_at_ms IS NULL OR revoked_at_ms >= created_at_ms)
);

-- A job's state as its attempts imply it; the attempts' triggers store it on
-- the job in the same transaction as the attempt change.
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

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (1, '001_baseline.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
