-- History is append-only (invariant 8): updates, deletes and truncates are refused.
-- The one exception is retention's removal of a decided job's rows, which runs
-- as jobdesk_retention inside jd_retention_remove (no login has that role).
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_refuse_history_change() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF TG_OP = 'DELETE' AND current_user = 'jobdesk_retention' THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'JD030', MESSAGE = format('%s is append-only (%s refused)', TG_TABLE_NAME, TG_OP),
        DETAIL = json_build_object('table', TG_TABLE_NAME, 'operation', TG_OP)::text;
END $$;

CREATE OR REPLACE TRIGGER attempt_contracts_append_only BEFORE DELETE OR UPDATE ON @schema@.attempt_contracts FOR EACH ROW EXECUTE FUNCTION @schema@.jd_refuse_history_change();
CREATE OR REPLACE TRIGGER attempt_contracts_no_truncate BEFORE TRUNCATE ON @schema@.attempt_contracts FOR EACH STATEMENT EXECUTE FUNCTION @schema@.jd_refuse_history_change();
CREATE OR REPLACE TRIGGER attempt_events_append_only BEFORE DELETE OR UPDATE ON @schema@.attempt_events FOR EACH ROW EXECUTE FUNCTION @schema@.jd_refuse_history_change();
CREATE OR REPLACE TRIGGER attempt_events_no_truncate BEFORE TRUNCATE ON @schema@.attempt_events FOR EACH STATEMENT EXECUTE FUNCTION @schema@.jd_refuse_history_change();
CREATE OR REPLACE TRIGGER attempts_never_deleted BEFORE DELETE ON @schema@.attempts FOR EACH ROW EXECUTE FUNCTION @schema@.jd_refuse_history_change();
CREATE OR REPLACE TRIGGER attempts_no_truncate BEFORE TRUNCATE ON @schema@.attempts FOR EACH STATEMENT EXECUTE FUNCTION @schema@.jd_refuse_history_change();
CREATE OR REPLACE TRIGGER audit_log_append_only BEFORE DELETE OR UPDATE ON @schema@.audit_log FOR EACH ROW EXECUTE FUNCTION @schema@.jd_refuse_history_change();
CREATE OR REPLACE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON @schema@.audit_log FOR EACH STATEMENT EXECUTE FUNCTION @schema@.jd_refuse_history_change();
CREATE OR REPLACE TRIGGER idempotency_events_append_only BEFORE DELETE OR UPDATE ON @schema@.idempotency_events FOR EACH ROW EXECUTE FUNCTION @schema@.jd_refuse_history_change();
CREATE OR REPLACE TRIGGER idempotency_events_no_truncate BEFORE TRUNCATE ON @schema@.idempotency_events FOR EACH STATEMENT EXECUTE FUNCTION @schema@.jd_refuse_history_change();
CREATE OR REPLACE TRIGGER jobs_never_deleted BEFORE DELETE ON @schema@.jobs FOR EACH ROW EXECUTE FUNCTION @schema@.jd_refuse_history_change();
CREATE OR REPLACE TRIGGER jobs_no_truncate BEFORE TRUNCATE ON @schema@.jobs FOR EACH STATEMENT EXECUTE FUNCTION @schema@.jd_refuse_history_change();
CREATE OR REPLACE TRIGGER provider_validations_append_only BEFORE DELETE OR UPDATE ON @schema@.provider_validations FOR EACH ROW EXECUTE FUNCTION @schema@.jd_refuse_history_change();
CREATE OR REPLACE TRIGGER provider_validations_no_truncate BEFORE TRUNCATE ON @schema@.provider_validations FOR EACH STATEMENT EXECUTE FUNCTION @schema@.jd_refuse_history_change();
CREATE OR REPLACE TRIGGER race_losses_append_only BEFORE DELETE OR UPDATE ON @schema@.race_losses FOR EACH ROW EXECUTE FUNCTION @schema@.jd_refuse_history_change();
CREATE OR REPLACE TRIGGER race_losses_no_truncate BEFORE TRUNCATE ON @schema@.race_losses FOR EACH STATEMENT EXECUTE FUNCTION @schema@.jd_refuse_history_change();
CREATE OR REPLACE TRIGGER route_contracts_append_only BEFORE DELETE OR UPDATE ON @schema@.route_contracts FOR EACH ROW EXECUTE FUNCTION @schema@.jd_refuse_history_change();
CREATE OR REPLACE TRIGGER route_contracts_no_truncate BEFORE TRUNCATE ON @schema@.route_contracts FOR EACH STATEMENT EXECUTE FUNCTION @schema@.jd_refuse_history_change();
CREATE OR REPLACE TRIGGER key_tombstones_append_only BEFORE DELETE OR UPDATE ON @schema@.key_tombstones FOR EACH ROW EXECUTE FUNCTION @schema@.jd_refuse_history_change();
CREATE OR REPLACE TRIGGER key_tombstones_no_truncate BEFORE TRUNCATE ON @schema@.key_tombstones FOR EACH STATEMENT EXECUTE FUNCTION @schema@.jd_refuse_history_change();
