-- JobDesk schema 33 (SQLite): an attempt records where its request went
-- (see the PostgreSQL file of the same number). No schema_readers row: an
-- older JobDesk may not use a schema with this migration.

ALTER TABLE attempts ADD COLUMN sent_to TEXT;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (33, '033_attempts_record_where_they_went.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
