-- JobDesk schema 30 (SQLite): since when the provider has said "still
-- working on it" about an unknown attempt, kept across lookups that failed
-- (see the PostgreSQL file of the same number).

ALTER TABLE attempts ADD COLUMN lookup_in_progress_since_ms INTEGER;

INSERT INTO schema_readers (version, oldest_reader) VALUES (30, 24);

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (30, '030_lookup_in_progress_since.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
