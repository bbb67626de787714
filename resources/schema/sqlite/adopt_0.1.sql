-- Run by the migration runner, in one transaction with the check that
-- follows it, on a database of JobDesk 0.1's development builds (migrations
-- 001-037): removes what only 0.1 had and records the 1.0 baseline. The
-- runner then applies triggers/ and compares the schema with
-- 001_baseline.snapshot; any difference rolls all of it back.
DROP TABLE schema_readers;
DELETE FROM schema_migrations;
INSERT INTO schema_migrations (version, name, applied_at)
VALUES (1, '001_baseline.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
