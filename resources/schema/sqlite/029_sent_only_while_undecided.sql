-- JobDesk schema 29 (SQLite): nothing to change in the schema. An attempt is
-- sent only while its job is undecided, and an operator's retry gets the
-- route's deadline when it is marked running: JobService does both in the
-- transaction that marks the attempt running (see the PostgreSQL file of the
-- same number). The version is recorded so both dialects count alike.

INSERT INTO schema_readers (version, oldest_reader) VALUES (29, 24);

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (29, '029_sent_only_while_undecided.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
