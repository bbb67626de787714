-- API tokens are revoked, never deleted or edited.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

DROP TRIGGER IF EXISTS api_tokens_no_delete;
CREATE TRIGGER api_tokens_no_delete BEFORE DELETE ON api_tokens
BEGIN
    SELECT RAISE(ABORT, 'JD041: API tokens are revoked, never deleted');
END;

DROP TRIGGER IF EXISTS api_tokens_revoke_only;
CREATE TRIGGER api_tokens_revoke_only BEFORE UPDATE ON api_tokens
WHEN NEW.id IS NOT OLD.id OR NEW.token_hash IS NOT OLD.token_hash OR NEW.owner_id IS NOT OLD.owner_id
  OR NEW.role IS NOT OLD.role OR NEW.label IS NOT OLD.label OR NEW.created_at_ms IS NOT OLD.created_at_ms
  OR OLD.revoked_at_ms IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'JD043: a token can only be revoked, and only once');
END;
