-- Account mail (login links, password reset) belongs to no game: outbox.game_id may be NULL.
-- SQLite cannot drop NOT NULL, so the table is rebuilt with the same columns (those of 0001 and
-- 0003) and constraints
-- (nothing references outbox, so foreign keys need not be switched off).
CREATE TABLE outbox_new (
    id              TEXT PRIMARY KEY,
    game_id         TEXT REFERENCES games (id),
    seq             BIGINT NOT NULL,
    recipient       TEXT NOT NULL,
    kind            TEXT NOT NULL,
    subject         TEXT NOT NULL,
    body_text       TEXT NOT NULL,
    created_at      BIGINT NOT NULL,
    status          TEXT NOT NULL,
    attempts        INTEGER NOT NULL,
    next_attempt_at BIGINT NOT NULL,
    sent_at         BIGINT,
    transport       TEXT,
    last_error      TEXT,
    seat            INTEGER,
    body_html       TEXT,
    unsubscribe_url TEXT,
    claimed_until   BIGINT NOT NULL DEFAULT 0,
    claim           TEXT,
    UNIQUE (game_id, seq, recipient, kind)
);
INSERT INTO outbox_new (id, game_id, seq, recipient, kind, subject, body_text, created_at, status, attempts, next_attempt_at, sent_at, transport, last_error, seat, body_html, unsubscribe_url, claimed_until, claim)
    SELECT id, game_id, seq, recipient, kind, subject, body_text, created_at, status, attempts, next_attempt_at, sent_at, transport, last_error, seat, body_html, unsubscribe_url, claimed_until, claim FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_pending ON outbox (status, next_attempt_at);
CREATE INDEX outbox_by_seat ON outbox (game_id, seat, kind, seq);
