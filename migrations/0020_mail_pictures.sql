-- A mail's picture (docs/mail.md): the board as its seat saw it at the mail's step, or a game's
-- final statistics, drawn once by the mail worker and kept for the mail's retries and for
-- every other mail of that seat at that step. `png` is the picture in base64 (portable between
-- SQLite and Postgres); NULL: no picture (the seat saw nothing new there, or the drawing
-- failed), which is kept too, so that it is not tried again at every retry.
CREATE TABLE mail_pictures (
    game_id TEXT NOT NULL,
    seq     BIGINT NOT NULL,
    seat    INTEGER NOT NULL,
    what    TEXT NOT NULL CHECK (what IN ('board', 'stats')),
    png     TEXT,
    alt     TEXT NOT NULL,
    width   INTEGER NOT NULL,
    height  INTEGER NOT NULL,
    made_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq, seat, what)
);

-- A seat that reads its mail as text only: no picture is drawn or sent to it.
ALTER TABLE seat_mail ADD COLUMN text_only INTEGER NOT NULL DEFAULT 0;
