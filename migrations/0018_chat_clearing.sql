-- Table talk's text is players' data: it goes when its writer's address is forgotten, and a
-- while after the game ended (docs/privacy.md). The line stays (its number, time, step, writer
-- and addressee are the game's table talk as it was), its text is cleared and `cleared` says
-- why: 'withdrawn' (its writer's address was forgotten) or 'expired' (the game ended more than
-- FELDPOST_CHAT_RETENTION_DAYS ago). The triggers per backend below let exactly this one change
-- through, once per line; every other change is refused as before. Portable between SQLite and
-- Postgres.
ALTER TABLE chat_lines ADD COLUMN cleared TEXT CHECK (cleared IN ('withdrawn', 'expired'));

-- The lines whose text is kept: what the retention sweep looks through.
CREATE INDEX chat_lines_kept ON chat_lines (game_id) WHERE cleared IS NULL;
