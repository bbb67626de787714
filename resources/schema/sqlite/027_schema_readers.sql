-- JobDesk schema 27 (SQLite): which older JobDesk may still use a schema that
-- has newer migrations than it knows (see the PostgreSQL file of the same
-- number): a migration that changes nothing an older binary relies on says
-- so with a row (its version, the oldest version a binary must know).

CREATE TABLE schema_readers (
    version       INTEGER PRIMARY KEY,
    oldest_reader INTEGER NOT NULL CHECK (oldest_reader < version)
);
INSERT INTO schema_readers (version, oldest_reader) VALUES (25, 24), (26, 24), (27, 24);

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (27, '027_schema_readers.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
