-- JobDesk schema 13 (SQLite): contract validations are history, append-only
-- like the other history tables (004); see the PostgreSQL file of the same
-- number for the why.

CREATE TRIGGER provider_validations_no_update BEFORE UPDATE ON provider_validations
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: provider_validations is append-only (UPDATE refused)');
END;
CREATE TRIGGER provider_validations_no_delete BEFORE DELETE ON provider_validations
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_history: provider_validations is append-only (DELETE refused)');
END;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (13, '013_validations_append_only.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
