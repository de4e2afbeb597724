-- Each game's times from its newest record (SQLite's JSON functions).
UPDATE games SET moved_at = (
    SELECT CAST(json_extract(e.body, '$.at') AS INTEGER) FROM events e
    WHERE e.game_id = games.id AND e.seq = games.last_seq);
-- The deadline as the rules clock counts it, for a game still waiting on someone and whose log
-- has no absence (an absence moves it; such a game has it again with its next record).
UPDATE games SET due_at = moved_at + (SELECT c.turn_ms FROM game_clock c WHERE c.game_id = games.id)
    WHERE finished_at IS NULL AND to_act LIKE '%,_%'
      AND NOT EXISTS (SELECT 1 FROM events e WHERE e.game_id = games.id AND e.body LIKE '%"type":"absent"%');
