-- Contract validations are append-only.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

DROP TRIGGER IF EXISTS provider_validations_no_update;
CREATE TRIGGER provider_validations_no_update BEFORE UPDATE ON provider_validations
BEGIN
    SELECT RAISE(ABORT, 'JD030: provider_validations is append-only (UPDATE refused)');
END;

DROP TRIGGER IF EXISTS provider_validations_no_delete;
CREATE TRIGGER provider_validations_no_delete BEFORE DELETE ON provider_validations
BEGIN
    SELECT RAISE(ABORT, 'JD030: provider_validations is append-only (DELETE refused)');
END;
