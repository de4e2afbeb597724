-- A line may lose its text once, and nothing else (migrations/0018_chat_clearing.sql); every
-- other change, and every removal, is refused as before (migrations/0016_chat.sqlite.sql).
-- (A comparison with NULL is neither true nor false; a trigger whose WHEN is NULL does not
-- fire, so the condition is read as "not let through" unless it is true.)
DROP TRIGGER chat_lines_refuse_update;

CREATE TRIGGER chat_lines_refuse_update BEFORE UPDATE ON chat_lines
WHEN NOT COALESCE((
    OLD.cleared IS NULL AND NEW.cleared IN ('withdrawn', 'expired') AND NEW.body = ''
    AND NEW.game_id = OLD.game_id AND NEW.n = OLD.n AND NEW.at = OLD.at AND NEW.seq = OLD.seq
    AND NEW.from_seat IS OLD.from_seat AND NEW.to_seat IS OLD.to_seat
), 0)
BEGIN
    SELECT RAISE(ABORT, 'feldpost: table talk is append-only');
END;
