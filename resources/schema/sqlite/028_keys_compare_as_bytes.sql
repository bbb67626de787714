-- JobDesk schema 28 (SQLite): nothing to change. SQLite compares text with
-- BINARY, byte by byte, which is what the PostgreSQL file of the same number
-- gives jobs' and idempotency events' keys; and its guards are triggers per
-- statement kind already. The version is recorded so both dialects count
-- alike.

INSERT INTO schema_readers (version, oldest_reader) VALUES (28, 24);

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (28, '028_keys_compare_as_bytes.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
