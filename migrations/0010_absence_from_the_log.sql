-- A seat's absence is what its "absent" records say (until when, and how much of the budget
-- they took): one write, the record. These columns were a second write after it, which a
-- failure in between could leave behind the log. Portable between SQLite (3.35+) and Postgres.
ALTER TABLE seat_mail DROP COLUMN absent_until;
ALTER TABLE seat_mail DROP COLUMN absence_used_ms;
