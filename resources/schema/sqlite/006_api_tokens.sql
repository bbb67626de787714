-- JobDesk schema 6 (SQLite): bearer tokens of the HTTP API (jobdesk-server).
-- A token is shown once when it is made; only the SHA-256 of its 32 random
-- bytes is stored. Each is bound to an owner and a role: client (creates and
-- reads its own jobs), viewer (reads all), operator (reads all and acts).
-- Tokens are revoked, never deleted or changed otherwise.
-- A statement ends with ';' at the end of a line; trigger bodies end with 'END;'.

CREATE TABLE api_tokens (
    id            INTEGER PRIMARY KEY,
    token_hash    TEXT    NOT NULL UNIQUE
                  CHECK (length(token_hash) = 64 AND token_hash NOT GLOB '*[^0-9a-f]*'),
    owner_id      TEXT    NOT NULL CHECK (length(owner_id) BETWEEN 1 AND 255),
    role          TEXT    NOT NULL CHECK (role IN ('client', 'viewer', 'operator')),
    label         TEXT    CHECK (label IS NULL OR length(label) <= 255),
    created_at_ms INTEGER NOT NULL DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)),
    revoked_at_ms INTEGER CHECK (revoked_at_ms IS NULL OR revoked_at_ms >= created_at_ms)
);

CREATE TRIGGER api_tokens_no_delete BEFORE DELETE ON api_tokens
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_token_history: API tokens are revoked, never deleted');
END;

CREATE TRIGGER api_tokens_revoke_only BEFORE UPDATE ON api_tokens
WHEN NEW.id IS NOT OLD.id OR NEW.token_hash IS NOT OLD.token_hash OR NEW.owner_id IS NOT OLD.owner_id
  OR NEW.role IS NOT OLD.role OR NEW.label IS NOT OLD.label OR NEW.created_at_ms IS NOT OLD.created_at_ms
  OR OLD.revoked_at_ms IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_token_immutable: a token can only be revoked, and only once');
END;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (6, '006_api_tokens.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
