-- Table talk is append-only (docs/architecture.md, rule 2, as the log): the database refuses to
-- change or remove a line or a hiding.
CREATE FUNCTION feldpost_refuse_chat_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'feldpost: table talk is append-only';
END;
$$;

CREATE TRIGGER chat_lines_refuse_update_delete BEFORE UPDATE OR DELETE ON chat_lines
    FOR EACH ROW EXECUTE FUNCTION feldpost_refuse_chat_change();

CREATE TRIGGER chat_lines_refuse_truncate BEFORE TRUNCATE ON chat_lines
    FOR EACH STATEMENT EXECUTE FUNCTION feldpost_refuse_chat_change();

CREATE TRIGGER chat_hides_refuse_update_delete BEFORE UPDATE OR DELETE ON chat_hides
    FOR EACH ROW EXECUTE FUNCTION feldpost_refuse_chat_change();

CREATE TRIGGER chat_hides_refuse_truncate BEFORE TRUNCATE ON chat_hides
    FOR EACH STATEMENT EXECUTE FUNCTION feldpost_refuse_chat_change();
