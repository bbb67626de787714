-- JobDesk schema 14 (SQLite): nothing to change in the schema. The rule (an
-- operator's validation is valid for at most the provider's
-- validation_ttl_ms, 24 h when its config says nothing) is checked by
-- JobService::recordOperatorValidation in its transaction; see the PostgreSQL
-- file of the same number. The version is recorded so both dialects count alike.

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (14, '014_validation_ttl.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
