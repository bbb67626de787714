-- JobDesk schema 35 (SQLite): nothing to change. On PostgreSQL an operator
-- action answered as a replay now waits for a synchronous standby; SQLite has
-- no standby. The number keeps both dialects at one version.

INSERT INTO schema_readers (version, oldest_reader) VALUES (35, 33);

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (35, '035_replayed_answers_wait_for_the_standby.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
