-- SQLite compresses nothing: the Postgres side of this step chooses lz4 for a mail's bodies.
SELECT 1;
