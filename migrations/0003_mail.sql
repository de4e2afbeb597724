-- Mail: multipart bodies, the seat a message is for, a lease that lets one worker at a time
-- send a row, per-seat preferences and absences, and each game's deadline settings.
-- Portable between SQLite and Postgres (TEXT ids, BIGINT ms times).

ALTER TABLE outbox ADD COLUMN seat INTEGER;
ALTER TABLE outbox ADD COLUMN body_html TEXT;
ALTER TABLE outbox ADD COLUMN unsubscribe_url TEXT;
-- A worker claims a row until `claimed_until` (ms) under the random `claim`; a worker that dies
-- mid-send leaves the row pending, and another takes it once the lease has run out.
ALTER TABLE outbox ADD COLUMN claimed_until BIGINT NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN claim TEXT;

CREATE INDEX outbox_by_seat ON outbox (game_id, seat, kind, seq);

-- Per seat: how often it wants mail ("every", "digest", "none"), and its absence.
CREATE TABLE seat_mail (
    game_id         TEXT NOT NULL REFERENCES games (id),
    seat            INTEGER NOT NULL,
    pref            TEXT NOT NULL,
    absent_until    BIGINT NOT NULL DEFAULT 0,
    absence_used_ms BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);

-- Per game: the turn deadline and what happens after it; a game without a row has none.
CREATE TABLE game_clock (
    game_id           TEXT PRIMARY KEY REFERENCES games (id),
    turn_ms           BIGINT,
    remind_before_ms  BIGINT NOT NULL,
    policy            TEXT NOT NULL,
    absence_budget_ms BIGINT NOT NULL,
    pause_max_ms      BIGINT NOT NULL,
    host_email        TEXT NOT NULL,
    -- The wait (by the game's last sequence number) already reminded of / already overdue.
    reminded_seq      BIGINT NOT NULL DEFAULT 0,
    overdue_seq       BIGINT NOT NULL DEFAULT 0,
    paused_until      BIGINT
);

-- The days whose digest has been sent (one row per UTC day: two workers cannot both send it).
CREATE TABLE mail_digest_days (
    day     BIGINT PRIMARY KEY,
    sent_at BIGINT NOT NULL
);
