-- JobDesk schema 13 (PostgreSQL): contract validations are history.
--
-- A validation record is the proof an automatic fallback needs (invariant 6),
-- and an operator's is audited (011). Until now provider_validations could be
-- rewritten with raw SQL by the schema's owner: one UPDATE turned a failed
-- validation into a pass (or moved its expiry), so the dispatcher would fall
-- back to a provider whose contract check had failed, while the audit row
-- still said it failed (tests/tst_adversary.cpp). Like the other history
-- tables (004), it is now append-only: a new validation is a new row (the
-- dispatcher reads the latest), an old one is never changed or removed.

CREATE TRIGGER provider_validations_append_only BEFORE UPDATE OR DELETE ON provider_validations
    FOR EACH ROW EXECUTE FUNCTION jd_refuse_history_change();
CREATE TRIGGER provider_validations_no_truncate BEFORE TRUNCATE ON provider_validations
    FOR EACH STATEMENT EXECUTE FUNCTION jd_refuse_history_change();

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (13, '013_validations_append_only.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
