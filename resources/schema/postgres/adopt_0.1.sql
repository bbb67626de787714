-- Run by the migration runner, in one transaction with the check that
-- follows it, on a database of JobDesk 0.1's development builds (migrations
-- 001-037): removes what only 0.1 had and records the 1.0 baseline. The
-- runner then applies functions/ and compares the schema with
-- 001_baseline.snapshot; any difference rolls all of it back.
DROP TABLE schema_readers;
DROP FUNCTION jd_mark_running(bigint, text, text, bigint);
DROP FUNCTION jd_mark_running(bigint, text, text, bigint, bigint);
DELETE FROM schema_migrations;
INSERT INTO schema_migrations (version, name, applied_at)
VALUES (1, '001_baseline.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
GRANT SELECT ON schema_definitions TO jobdesk_viewer;
