-- An attempt's contract is append-only.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

DROP TRIGGER IF EXISTS attempt_contracts_no_update;
CREATE TRIGGER attempt_contracts_no_update BEFORE UPDATE ON attempt_contracts
BEGIN
    SELECT RAISE(ABORT, 'JD030: attempt_contracts is append-only (UPDATE refused)');
END;

DROP TRIGGER IF EXISTS attempt_contracts_no_delete;
CREATE TRIGGER attempt_contracts_no_delete BEFORE DELETE ON attempt_contracts
    WHEN NOT EXISTS (SELECT 1 FROM retention_grant) -- retention's removal (core/service/Retention.cpp)
BEGIN
    SELECT RAISE(ABORT, 'JD030: attempt_contracts is append-only (DELETE refused)');
END;
