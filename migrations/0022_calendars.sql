-- Calendars and time zones. Portable between SQLite and Postgres.

-- The IANA time zone (e.g. Europe/Prague) a seat's mail states its deadlines in; NULL: the zone
-- of the account the seat is attached to, else UTC. Cleared when the seat is handed on.
ALTER TABLE seats ADD COLUMN time_zone TEXT;
-- The salt of the seat's calendar link (with the seat's link salt and the server's key: see
-- src/play/links.rs). A new one retires the old link; '' until the first renewal.
ALTER TABLE seats ADD COLUMN calendar_salt TEXT NOT NULL DEFAULT '';

-- The zone of the account's seats that have none of their own.
ALTER TABLE accounts ADD COLUMN time_zone TEXT;
-- The salt of the account's calendar link, as for a seat.
ALTER TABLE accounts ADD COLUMN calendar_salt TEXT NOT NULL DEFAULT '';
