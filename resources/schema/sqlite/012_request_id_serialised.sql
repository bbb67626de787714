-- JobDesk schema 12 (SQLite): nothing to change. An operator action runs in
-- one BEGIN IMMEDIATE transaction, so two calls with the same request id are
-- already serialised and the second finds the first's audit row (see the
-- PostgreSQL file of the same number). The version is recorded so both
-- dialects count alike.

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (12, '012_request_id_serialised.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
