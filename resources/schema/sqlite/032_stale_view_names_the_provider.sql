-- JobDesk schema 32 (SQLite): a stale view's refusal names the provider's
-- "still working on it" when that is what changed (see the PostgreSQL file
-- of the same number). On SQLite the sentence is JobService's own
-- (checkStale); nothing in the schema changes.

INSERT INTO schema_readers (version, oldest_reader) VALUES (32, 24);

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (32, '032_stale_view_names_the_provider.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
