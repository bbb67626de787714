-- JobDesk schema 26 (PostgreSQL): what the provider answered the last time a
-- reconciler asked about an unknown attempt, for the on-call operator.
--
-- The unknown queue showed when an attempt was last asked about and how
-- often, not what came back. An operator who pressed "ask the provider now"
-- saw the request answered and the attempt still unknown, and could not tell
-- a provider still working on it from one that has no record of the key yet
-- (not conclusive until the grace after the attempt's lease has passed:
-- core/dispatch/README.md) or from a status lookup that itself failed. The
-- reconciler now records the answer with the lookup:
--   * in_progress: the provider is still working on it;
--   * never_processed: the provider has no record of the key, asked before
--     that could be conclusive (once conclusive the attempt is failed);
--   * no_answer: the lookup itself failed (timeout, refused, 5xx, unparsable);
--   * NULL: not asked yet, or asked before this migration.
-- last_lookup_detail is the dispatcher's note (the provider's status, when the
-- answer becomes conclusive), at most 500 characters, for the tooltip.
--
-- Informational, like last_lookup_at_ms: not a state change, no event, no
-- change sequence. An enum costs nothing on the updates that leave it alone
-- (a CHECK would be compiled at every update of attempts, the hot paths'
-- included). Adding nullable columns rewrites nothing.

CREATE TYPE lookup_answer AS ENUM ('in_progress', 'never_processed', 'no_answer');
ALTER TABLE attempts
    ADD COLUMN last_lookup_answer lookup_answer,
    ADD COLUMN last_lookup_detail text;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (26, '026_last_lookup_answer.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
