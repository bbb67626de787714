-- JobDesk schema 36 (PostgreSQL): an attempt records the contract its request
-- was built under, and a late result is checked against that one.
--
-- A provider may finish an attempt long after it went unknown; the reconciler
-- then checks the paid result against its route's contract. Until now that was
-- the contract of the routes file the reconciling instance had loaded at that
-- moment. A routes file changed in between (a field renamed, an allowed value
-- dropped) made a result that met the contract it was asked under fail as
-- "broke the contract": the paid result was thrown away and the job went to
-- its next provider, a second charge for one intent (and a result that broke
-- the old contract could pass a looser new one). Found by a review.
--
--   * route_contracts: every route config a request was sent under, once,
--     named by the SHA-256 of its canonical JSON (computed by the sender, as
--     the contract validations' config_hash is). History: never changed or
--     removed.
--   * attempt_contracts: which of them an attempt was sent under, written by
--     the statement that marks it running (JobService::markRunning), once.
--     History as well. An attempt without a row was sent by an older JobDesk
--     or by an embedding caller that gave no contract: its late result is
--     checked against the route as the reconciler has it, as before.
--
-- Readers: 33 and newer (two new tables; an older binary neither writes nor
-- reads them, and its attempts are checked as before).

CREATE TABLE route_contracts (
    contract_hash  text   PRIMARY KEY CHECK (contract_hash ~ '^[0-9a-f]{64}$'),
    route          text   NOT NULL CHECK (length(route) BETWEEN 1 AND 255),
    config         jsonb  NOT NULL CHECK (jsonb_typeof(config) = 'object'),
    recorded_at_ms bigint NOT NULL
);

CREATE TABLE attempt_contracts (
    attempt_id     bigint PRIMARY KEY REFERENCES attempts (id),
    contract_hash  text   NOT NULL REFERENCES route_contracts (contract_hash)
);

CREATE TRIGGER route_contracts_append_only BEFORE UPDATE OR DELETE ON route_contracts
    FOR EACH ROW EXECUTE FUNCTION jd_refuse_history_change();
CREATE TRIGGER route_contracts_no_truncate BEFORE TRUNCATE ON route_contracts
    FOR EACH STATEMENT EXECUTE FUNCTION jd_refuse_history_change();
CREATE TRIGGER attempt_contracts_append_only BEFORE UPDATE OR DELETE ON attempt_contracts
    FOR EACH ROW EXECUTE FUNCTION jd_refuse_history_change();
CREATE TRIGGER attempt_contracts_no_truncate BEFORE TRUNCATE ON attempt_contracts
    FOR EACH STATEMENT EXECUTE FUNCTION jd_refuse_history_change();

DO $migration$
BEGIN
    EXECUTE format('GRANT SELECT ON %I.route_contracts, %I.attempt_contracts TO jobdesk_viewer',
                   current_schema(), current_schema());
END $migration$;

INSERT INTO schema_readers (version, oldest_reader) VALUES (36, 33);

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (36, '036_attempts_record_their_contract.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
