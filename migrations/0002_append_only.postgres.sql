-- The log is the truth (docs/architecture.md, rule 2): the database itself refuses to change it.
CREATE FUNCTION feldpost_refuse_event_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'feldpost: events are append-only';
END;
$$;

CREATE TRIGGER events_refuse_update_delete BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION feldpost_refuse_event_change();

CREATE TRIGGER events_refuse_truncate BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION feldpost_refuse_event_change();
