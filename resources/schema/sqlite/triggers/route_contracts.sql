-- Route contracts are append-only.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

DROP TRIGGER IF EXISTS route_contracts_no_update;
CREATE TRIGGER route_contracts_no_update BEFORE UPDATE ON route_contracts
BEGIN
    SELECT RAISE(ABORT, 'JD030: route_contracts is append-only (UPDATE refused)');
END;

DROP TRIGGER IF EXISTS route_contracts_no_delete;
CREATE TRIGGER route_contracts_no_delete BEFORE DELETE ON route_contracts
BEGIN
    SELECT RAISE(ABORT, 'JD030: route_contracts is append-only (DELETE refused)');
END;
