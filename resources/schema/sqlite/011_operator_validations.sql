-- JobDesk schema 11 (SQLite): an operator's "Validate now" is recorded by
-- JobService::recordOperatorValidation in one transaction with its audit row
-- (PostgreSQL needs a function for it: see postgres/011). Nothing to change
-- in the schema here; the version is recorded so both dialects count alike.

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (11, '011_operator_validations.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
