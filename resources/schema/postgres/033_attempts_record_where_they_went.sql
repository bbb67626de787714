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
-- was going, and so sent nothing) is asked about by any, and its answer is
-- applied if the provider has its result; but "never processed" from an
-- endpoint that may not be the one it went to settles nothing: the
-- operator decides.
--
-- Readers: 33 and newer only. An older JobDesk would neither write sent_to
-- nor respect it: its reconciler would ask its own endpoint about an
-- attempt a newer one sent elsewhere and fail it on "never processed" (a
-- second review showed exactly that with an old and a new server side by
-- side). So this migration has no schema_readers row, and older programs
-- refuse the schema ("upgrade JobDesk before using this database"):
-- upgrade every server and console.

ALTER TABLE attempts ADD COLUMN sent_to text;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (33, '033_attempts_record_where_they_went.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
