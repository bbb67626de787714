-- JobDesk schema 23 (PostgreSQL): JobDesk's schema must not let every role
-- create objects in it.
--
-- The guards and the operators' SECURITY DEFINER functions compare enum
-- values and call functions by name, and PostgreSQL looks functions and
-- operators up in the schemas of the search path, the operators' functions
-- pinned to JobDesk's own schema. Where every role may CREATE in that
-- schema (PostgreSQL 14 and older granted it on "public" to PUBLIC, and a
-- database upgraded from them keeps the grant), an operator login could
-- plant an "=" for attempt_state there, and the next operator action would
-- run it as the schema's owner: a review of migration 22 did, and started a
-- retry past max_parallel. So the migration refuses such a schema, says
-- why and what to run, and changes nothing; the database's administrator
-- decides, because other applications may share the schema. PostgreSQL 15
-- and later create "public" without that grant, and a schema made with
-- CREATE SCHEMA never had it.
--
-- This is checked when the migration runs; a grant made afterwards is the
-- administrator's to answer for.

DO $$
BEGIN
    IF has_schema_privilege('public', current_schema(), 'CREATE') THEN
        RAISE EXCEPTION 'every role may create objects in schema "%" (CREATE is granted to PUBLIC), so any login could plant functions or operators that JobDesk''s guards and operator functions would run as the schema''s owner. Revoke it, then open the store again: REVOKE CREATE ON SCHEMA % FROM PUBLIC; (grant CREATE to the role that owns JobDesk''s tables if it needs it)',
            current_schema(), quote_ident(current_schema());
    END IF;
END $$;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (23, '023_schema_created_by_its_owner_only.sql', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
