-- JobDesk schema 5 (SQLite). Roles are PostgreSQL's (a local SQLite file is
-- single-user: whoever opens it acts as operator); the audit row records the
-- local user beside the actor name, as PostgreSQL records session_user.
ALTER TABLE audit_log ADD COLUMN db_user TEXT;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (5, '005_roles.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
