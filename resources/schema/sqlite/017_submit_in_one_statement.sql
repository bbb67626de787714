-- JobDesk schema 17 (SQLite): a new job is one statement in autocommit.
-- JobService::submit inserts it with change_seq = the counter + 1 (read
-- under the write lock its statement takes first), and this trigger moves
-- the counter up to that change_seq, so the next write transaction's
-- stamp comes after it. A job inserted by a write transaction that has
-- already stamped itself (the counter is already there) leaves the counter
-- as it is: one number per write, no gaps. Before, a new job was four
-- statements: BEGIN, the counter's bump, the insert, COMMIT.

CREATE TRIGGER jobs_insert_moves_counter AFTER INSERT ON jobs
BEGIN
    UPDATE jd_counter SET value = NEW.change_seq WHERE id = 1 AND value < NEW.change_seq;
END;

INSERT INTO schema_migrations (version, name, applied_at)
VALUES (17, '017_submit_in_one_statement.sql', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
