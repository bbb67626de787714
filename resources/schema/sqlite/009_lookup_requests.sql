-- JobDesk schema 9 (SQLite): an operator may ask for a status lookup now
-- (see the PostgreSQL file of the same number for the why). The action is
-- JobService::requestLookup; the reconciler asks about requested attempts first.

ALTER TABLE attempts ADD COLUMN lookup_requested_at_ms INTEGER;
CREATE INDEX attempts_unknown_lookup_requested ON attempts (lookup_requested_at_ms)
    WHERE state = 'unknown' AND lookup_requested_at_ms IS NOT NULL;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (9, '009_lookup_requests.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
