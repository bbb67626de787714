-- JobDesk schema 3 (SQLite): what the dispatcher records for the console
-- (routes, providers, contract validations) and job claims.

-- The routes and providers as last loaded from the routes file.
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

-- Every contract validation run, with its report. A provider may take an
-- automatic fallback for a route only while its latest validation for that
-- route passed, has not expired, and matches the current config hash.
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

-- A worker claims a queued job before starting its attempt; a claim expires,
-- so a dead worker's claim frees itself.
ALTER TABLE jobs ADD COLUMN claimed_by TEXT;
ALTER TABLE jobs ADD COLUMN claim_expires_at_ms INTEGER;
CREATE INDEX jobs_queued ON jobs (id) WHERE state = 'queued';

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (3, '003_dispatch.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
