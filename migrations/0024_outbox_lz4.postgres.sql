-- A mail's bodies are compressed by Postgres when the row is written (a turn mail's text and
-- HTML together pass its 2 KB threshold): with lz4 instead of the default pglz, which was the
-- largest single cost of writing a mail in Postgres. Postgres 14 and later built with lz4
-- (Debian's, the official images) take it; any other keeps pglz, and nothing else changes.
-- Rows already written keep what they were compressed with.
DO $$
BEGIN
    EXECUTE 'ALTER TABLE outbox ALTER COLUMN body_text SET COMPRESSION lz4, ALTER COLUMN body_html SET COMPRESSION lz4';
EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'outbox bodies keep pglz: %', SQLERRM;
END
$$;
