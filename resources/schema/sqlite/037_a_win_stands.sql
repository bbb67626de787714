-- JobDesk schema 37 (SQLite): a win stands as it was won, and no stored
-- provider config keeps a password (the PostgreSQL file has the review's
-- findings in full).
--
-- 1. Once a job has a winner its result is never rewritten; a job's version
--    never goes back (a negative one is left to the column's CHECK, which
--    names it); a winner is set only by a compare-and-swap (the version one
--    up in the same update); the version moves only so, or one up with a
--    cancel.
-- 2. The attempt a job names as its winner never becomes superseded, failed
--    or cancelled.
-- 3. A provider config's base_url loses its user info (scheme://user:pw@host
--    -> scheme://host); JobDesk records it without since this version.
--    (The operator's retry that reused another attempt's request id is
--    refused by JobService on this store, before it writes.)

CREATE TRIGGER jobs_winners_result_stands BEFORE UPDATE OF result ON jobs
WHEN OLD.completed_by IS NOT NULL AND NEW.result <> OLD.result -- NULL: the CHECK names it
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_cas: a winner''s result is never rewritten');
END;

CREATE TRIGGER jobs_version_never_goes_back BEFORE UPDATE OF version ON jobs
WHEN NEW.version < OLD.version AND NEW.version >= 0
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_cas: a job''s version never goes back');
END;

CREATE TRIGGER jobs_winner_by_compare_and_swap BEFORE UPDATE OF completed_by ON jobs
WHEN OLD.completed_by IS NULL AND NEW.completed_by IS NOT NULL AND NEW.version IS NOT OLD.version + 1
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_cas: a winner is set by a compare-and-swap, the version one up');
END;

CREATE TRIGGER jobs_version_moves_with_a_win_or_a_cancel BEFORE UPDATE OF version ON jobs
WHEN NEW.version > OLD.version
 AND (OLD.completed_by IS NOT NULL
      OR NOT (NEW.version = OLD.version + 1
              AND ((NEW.completed_by IS NOT NULL) OR (NEW.state = 'cancelled' AND OLD.state <> 'cancelled'))))
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_cas: a job''s version moves one up, with its win or its cancel');
END;

CREATE TRIGGER attempts_winner_stays BEFORE UPDATE OF state ON attempts
WHEN OLD.state IN ('running', 'unknown') AND NEW.state IN ('superseded', 'failed', 'cancelled')
 AND EXISTS (SELECT 1 FROM jobs WHERE id = NEW.job_id AND completed_by = NEW.id)
BEGIN
    SELECT RAISE(ABORT, 'jobdesk_transition: the job''s winner is never superseded, failed or cancelled');
END;

-- The authority is what follows "://" up to the first '/', '?' or '#'; its
-- user info is what comes before an '@' in it (QUrl writes an '@' inside
-- the user info as %40).
UPDATE providers
   SET config = json_set(config, '$.base_url',
                         substr(json_extract(config, '$.base_url'), 1, instr(json_extract(config, '$.base_url'), '://') + 2)
                         || substr(json_extract(config, '$.base_url'),
                                   instr(json_extract(config, '$.base_url'), '://') + 3
                                   + instr(substr(json_extract(config, '$.base_url'), instr(json_extract(config, '$.base_url'), '://') + 3), '@')))
 WHERE instr(json_extract(config, '$.base_url'), '://') > 0
   AND instr(substr(json_extract(config, '$.base_url'), instr(json_extract(config, '$.base_url'), '://') + 3), '@') > 0
   AND instr(substr(json_extract(config, '$.base_url'), instr(json_extract(config, '$.base_url'), '://') + 3), '@')
       < coalesce(nullif(min(
             coalesce(nullif(instr(substr(json_extract(config, '$.base_url'), instr(json_extract(config, '$.base_url'), '://') + 3), '/'), 0), 1000000),
             coalesce(nullif(instr(substr(json_extract(config, '$.base_url'), instr(json_extract(config, '$.base_url'), '://') + 3), '?'), 0), 1000000),
             coalesce(nullif(instr(substr(json_extract(config, '$.base_url'), instr(json_extract(config, '$.base_url'), '://') + 3), '#'), 0), 1000000)),
           1000000), 1000000);

-- Not for older programs (no schema_readers row): they would record a
-- provider's password again, and could not read a config recorded without it
-- (base_url_user_info).

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (37, '037_a_win_stands.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
