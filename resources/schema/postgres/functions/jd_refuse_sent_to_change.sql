-- Where an attempt was sent is recorded once, as it goes running, and never rewritten.
-- Applied by the migration runner when this file changes (core/store/Migrations.cpp).

CREATE OR REPLACE FUNCTION @schema@.jd_refuse_sent_to_change() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    RAISE EXCEPTION USING ERRCODE = 'JD032', MESSAGE = 'where an attempt''s request went is recorded once, as it is sent';
END $$;

CREATE OR REPLACE TRIGGER attempts_sent_to_once BEFORE UPDATE OF sent_to ON @schema@.attempts FOR EACH ROW WHEN (((old.sent_to IS DISTINCT FROM new.sent_to) AND ((old.sent_to IS NOT NULL) OR (new.state IS DISTINCT FROM 'running'::@schema@.attempt_state) OR (new.sent_to = ''::text)))) EXECUTE FUNCTION @schema@.jd_refuse_sent_to_change();
CREATE OR REPLACE TRIGGER attempts_sent_to_starts_empty BEFORE INSERT ON @schema@.attempts FOR EACH ROW WHEN ((new.sent_to IS NOT NULL)) EXECUTE FUNCTION @schema@.jd_refuse_sent_to_change();
