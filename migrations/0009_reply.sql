-- Play by replying to the mail. Portable between SQLite and Postgres.

-- Each message's thread root (the Message-ID local part of the invitation it answers; NULL: a
-- mail of no thread) and its Reply-To (a turn mail's signed reply address; NULL: none).
ALTER TABLE outbox ADD COLUMN thread TEXT;
ALTER TABLE outbox ADD COLUMN reply_to TEXT;

-- Every inbound message acted on, by its Message-ID: a message delivered twice acts once.
CREATE TABLE inbound_mail (
    message_id  TEXT PRIMARY KEY,
    received_at BIGINT NOT NULL,
    game_id     TEXT,
    outcome     TEXT NOT NULL
);
