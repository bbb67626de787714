-- JobDesk schema 33 (PostgreSQL): an attempt records where its request went.
--
-- Found by a review: two servers on one database, the second deployed with
-- provider "primary" moved to a new endpoint (another region, another
-- account). An attempt sent by the first to the old endpoint went unknown;
-- the second's reconciler asked its own "primary", the new endpoint, about
-- the key; that endpoint had never seen it and said "never processed"; the
-- attempt was failed and the job went to the fallback while the old endpoint
-- was still working on it: one intent, two providers.
--
-- sent_to is the provider's kind and base URL as the sender had it
-- configured (ProviderConfig::endpoint), written after the attempt is marked
-- running and before its request leaves. A reconciler asks only about
-- attempts sent where its provider of that name is configured now; an
-- attempt sent elsewhere stays unknown for an instance that can ask that
-- endpoint, or for an operator. NULL (an attempt sent by an older JobDesk,
-- or marked running by a sender that stopped before it recorded where it
-- was going, and so sent nothing) is asked about by any, as before.
--
-- An older JobDesk (24 to 32) neither reads nor writes the column: it may
-- still use a schema with this migration (its attempts have no sent_to).

ALTER TABLE attempts ADD COLUMN sent_to text;

INSERT INTO schema_readers (version, oldest_reader) VALUES (33, 24);

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (33, '033_attempts_record_where_they_went.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
