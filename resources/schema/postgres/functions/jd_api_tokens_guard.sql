-- API tokens are revoked, never deleted or edited.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_api_tokens_guard() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION USING ERRCODE = 'JD040', MESSAGE = format('API tokens are revoked, never deleted (token %s)', OLD.id),
            DETAIL = json_build_object('token', OLD.id)::text;
    END IF;
    IF NEW.id <> OLD.id OR NEW.token_hash <> OLD.token_hash OR NEW.owner_id <> OLD.owner_id
       OR NEW.role <> OLD.role OR NEW.label IS DISTINCT FROM OLD.label
       OR NEW.created_at_ms <> OLD.created_at_ms OR OLD.revoked_at_ms IS NOT NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'JD042', MESSAGE = format('a token can only be revoked, and only once (token %s)', OLD.id),
            DETAIL = json_build_object('token', OLD.id)::text;
    END IF;
    RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER api_tokens_guard BEFORE DELETE OR UPDATE ON @schema@.api_tokens FOR EACH ROW EXECUTE FUNCTION @schema@.jd_api_tokens_guard();
