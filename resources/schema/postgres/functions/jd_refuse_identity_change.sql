-- A job's intent and an attempt's identity never change once written.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_refuse_identity_change() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    RAISE EXCEPTION USING ERRCODE = 'JD031', MESSAGE = format('the identity of a row in %s is never rewritten', TG_TABLE_NAME),
        DETAIL = json_build_object('table', TG_TABLE_NAME)::text;
END $$;

CREATE OR REPLACE TRIGGER attempts_id_fixed BEFORE UPDATE OF id ON @schema@.attempts FOR EACH ROW WHEN ((old.id IS DISTINCT FROM new.id)) EXECUTE FUNCTION @schema@.jd_refuse_identity_change();
CREATE OR REPLACE TRIGGER attempts_identity_fixed BEFORE UPDATE OF job_id, attempt_no, provider, kind, read_version, start_request_id, provider_key, created_at_ms ON @schema@.attempts FOR EACH ROW WHEN (((old.job_id IS DISTINCT FROM new.job_id) OR ((old.attempt_no)::integer IS DISTINCT FROM (new.attempt_no)::integer) OR ((old.provider)::text IS DISTINCT FROM (new.provider)::text) OR (old.kind IS DISTINCT FROM new.kind) OR ((old.read_version)::bigint IS DISTINCT FROM (new.read_version)::bigint) OR (old.start_request_id IS DISTINCT FROM new.start_request_id) OR (old.provider_key IS DISTINCT FROM new.provider_key) OR (old.created_at_ms IS DISTINCT FROM new.created_at_ms))) EXECUTE FUNCTION @schema@.jd_refuse_identity_change();
CREATE OR REPLACE TRIGGER jobs_id_fixed BEFORE UPDATE OF id ON @schema@.jobs FOR EACH ROW WHEN ((old.id IS DISTINCT FROM new.id)) EXECUTE FUNCTION @schema@.jd_refuse_identity_change();
CREATE OR REPLACE TRIGGER jobs_identity_fixed BEFORE UPDATE OF owner_id, idempotency_key, fingerprint, route, input, created_at_ms, max_parallel, max_attempts ON @schema@.jobs FOR EACH ROW WHEN ((((old.owner_id)::text IS DISTINCT FROM (new.owner_id)::text) OR ((old.idempotency_key)::text IS DISTINCT FROM (new.idempotency_key)::text) OR ((old.fingerprint)::text IS DISTINCT FROM (new.fingerprint)::text) OR ((old.route)::text IS DISTINCT FROM (new.route)::text) OR ((old.input)::text IS DISTINCT FROM (new.input)::text) OR (old.created_at_ms IS DISTINCT FROM new.created_at_ms) OR (old.max_parallel IS DISTINCT FROM new.max_parallel) OR (old.max_attempts IS DISTINCT FROM new.max_attempts))) EXECUTE FUNCTION @schema@.jd_refuse_identity_change();
