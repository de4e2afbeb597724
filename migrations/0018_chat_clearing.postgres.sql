-- A line may lose its text once, and nothing else (migrations/0018_chat_clearing.sql); every
-- other change, and every removal, is refused as before (migrations/0016_chat.postgres.sql).
DROP TRIGGER chat_lines_refuse_update_delete ON chat_lines;

CREATE TRIGGER chat_lines_refuse_delete BEFORE DELETE ON chat_lines
    FOR EACH ROW EXECUTE FUNCTION feldpost_refuse_chat_change();

CREATE FUNCTION feldpost_refuse_chat_change_but_clearing() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.cleared IS NULL AND NEW.cleared IN ('withdrawn', 'expired') AND NEW.body = ''
        AND NEW.game_id = OLD.game_id AND NEW.n = OLD.n AND NEW.at = OLD.at AND NEW.seq = OLD.seq
        AND NEW.from_seat IS NOT DISTINCT FROM OLD.from_seat
        AND NEW.to_seat IS NOT DISTINCT FROM OLD.to_seat THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'feldpost: table talk is append-only';
END;
$$;

CREATE TRIGGER chat_lines_refuse_update BEFORE UPDATE ON chat_lines
    FOR EACH ROW EXECUTE FUNCTION feldpost_refuse_chat_change_but_clearing();
