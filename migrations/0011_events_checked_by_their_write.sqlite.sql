-- Postgres only (see 0011_events_checked_by_their_write.postgres.sql): SQLite checks the key
-- in-process at the cost of an index lookup, and dropping it would mean rebuilding the table.
SELECT 1;
