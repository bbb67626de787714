-- JobDesk schema 26 (SQLite): what the provider answered the last time a
-- reconciler asked about an unknown attempt (see the PostgreSQL file of the
-- same number): in_progress, never_processed (not yet conclusive), no_answer
-- (the lookup failed), or NULL (not asked since this migration); and the
-- dispatcher's note for the console's tooltip.

ALTER TABLE attempts ADD COLUMN last_lookup_answer TEXT
    CHECK (last_lookup_answer IN ('in_progress', 'never_processed', 'no_answer'));
ALTER TABLE attempts ADD COLUMN last_lookup_detail TEXT;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (26, '026_last_lookup_answer.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
