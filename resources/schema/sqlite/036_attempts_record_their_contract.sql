-- JobDesk schema 36 (SQLite): an attempt records the contract its request was
-- built under, and a late result is checked against that one; see the
-- PostgreSQL file of the same number for the why.

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

CREATE TRIGGER route_contracts_no_update BEFORE UPDATE ON route_contracts
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: route_contracts is append-only (UPDATE refused)');
END;
CREATE TRIGGER route_contracts_no_delete BEFORE DELETE ON route_contracts
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: route_contracts is append-only (DELETE refused)');
END;
CREATE TRIGGER attempt_contracts_no_update BEFORE UPDATE ON attempt_contracts
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: attempt_contracts is append-only (UPDATE refused)');
END;
CREATE TRIGGER attempt_contracts_no_delete BEFORE DELETE ON attempt_contracts
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: attempt_contracts is append-only (DELETE refused)');
END;

INSERT INTO schema_readers (version, oldest_reader) VALUES (36, 33);

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (36, '036_attempts_record_their_contract.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
