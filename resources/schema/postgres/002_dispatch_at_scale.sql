-- JobDesk 1.0, PostgreSQL: what the dispatcher at provider scale keeps per attempt
-- (core/dispatch/README.md, "Status lookups" and "Not giving up early").

-- Status lookups are paced per attempt and claimed across servers: a reconciler
-- asks about an attempt only once next_lookup_at_ms has passed (unless an operator
-- asked) and only under its own unexpired lookup claim, taken by a guarded UPDATE,
-- so two servers never ask about one attempt at once.
-- provider_did_nothing: failed on a definitive "did nothing" (never sent, refused
-- before any work, or "never processed"), so that provider may take the job again.
ALTER TABLE attempts
    ADD COLUMN next_lookup_at_ms bigint,
    ADD COLUMN lookup_claimed_by text,
    ADD COLUMN lookup_claimed_until_ms bigint,
    ADD COLUMN provider_did_nothing boolean NOT NULL DEFAULT false,
    ADD CONSTRAINT attempts_did_nothing_only_failed
        CHECK (NOT provider_did_nothing OR (state = 'failed' AND result_digest IS NULL));

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (2, '002_dispatch_at_scale.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
