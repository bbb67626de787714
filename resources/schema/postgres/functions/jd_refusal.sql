-- A refusal as an operator function or jd_start_attempt answers it: the code and its
-- parameters, "JD121 {"job": 7}", which core/domain/RefusalText says in words.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_refusal(p_code text, p_params jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$ SELECT p_code || ' ' || p_params::text $$;
