-- JobDesk 1.0, SQLite: what the dispatcher at provider scale keeps per attempt
-- (core/dispatch/README.md, "Status lookups" and "Not giving up early").

-- Status lookups are paced per attempt and claimed across servers: a reconciler
-- asks about an attempt only once next_lookup_at_ms has passed (unless an operator
-- asked) and only under its own unexpired lookup claim, taken by a guarded UPDATE,
-- so two processes never ask about one attempt at once.
-- provider_did_nothing: failed on a definitive "did nothing" (never sent, refused
-- before any work, or "never processed"), so that provider may take the job again.
ALTER TABLE attempts ADD COLUMN next_lookup_at_ms INTEGER;
ALTER TABLE attempts ADD COLUMN lookup_claimed_by TEXT;
ALTER TABLE attempts ADD COLUMN lookup_claimed_until_ms INTEGER;
ALTER TABLE attempts ADD COLUMN provider_did_nothing INTEGER NOT NULL DEFAULT 0
    CHECK (provider_did_nothing IN (0, 1) AND (provider_did_nothing = 0 OR (state = 'failed' AND result_digest IS NULL)));

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (2, '002_dispatch_at_scale.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
