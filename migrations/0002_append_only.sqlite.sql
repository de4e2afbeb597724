-- The log is the truth (docs/architecture.md, rule 2): the database itself refuses to change it.
CREATE TRIGGER events_refuse_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'feldpost: events are append-only');
END;

CREATE TRIGGER events_refuse_delete BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'feldpost: events are append-only');
END;
