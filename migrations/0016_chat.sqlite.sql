-- Table talk is append-only (docs/architecture.md, rule 2, as the log): the database refuses to
-- change or remove a line or a hiding.
CREATE TRIGGER chat_lines_refuse_update BEFORE UPDATE ON chat_lines
BEGIN
    SELECT RAISE(ABORT, 'feldpost: table talk is append-only');
END;

CREATE TRIGGER chat_lines_refuse_delete BEFORE DELETE ON chat_lines
BEGIN
    SELECT RAISE(ABORT, 'feldpost: table talk is append-only');
END;

CREATE TRIGGER chat_hides_refuse_update BEFORE UPDATE ON chat_hides
BEGIN
    SELECT RAISE(ABORT, 'feldpost: table talk is append-only');
END;

CREATE TRIGGER chat_hides_refuse_delete BEFORE DELETE ON chat_hides
BEGIN
    SELECT RAISE(ABORT, 'feldpost: table talk is append-only');
END;
