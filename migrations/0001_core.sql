-- feldpost's core tables. Portable between SQLite and Postgres: ids are TEXT, times BIGINT
-- milliseconds since the Unix epoch, JSON as TEXT.

-- A game: its rules, options and the secret seed of its dice (revealed at the end).
CREATE TABLE games (
    id          TEXT PRIMARY KEY,
    ruleset     TEXT NOT NULL,
    title       TEXT NOT NULL,
    options     TEXT NOT NULL,
    seat_count  INTEGER NOT NULL,
    seed        TEXT NOT NULL,
    commitment  TEXT NOT NULL,
    host_salt   TEXT NOT NULL,
    lang        TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    last_seq    BIGINT NOT NULL,
    finished_at BIGINT
);

-- The players. A seat's link token is derived from the server secret and `token_salt`;
-- only its hash is stored, for lookup.
CREATE TABLE seats (
    game_id    TEXT NOT NULL REFERENCES games (id),
    seat       INTEGER NOT NULL,
    name       TEXT NOT NULL,
    email      TEXT NOT NULL,
    token_salt TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    PRIMARY KEY (game_id, seat)
);

-- The log: one row per record, chained by hash. (game_id, seq) is the optimistic-concurrency
-- check: two writers with the same expected sequence number cannot both land.
CREATE TABLE events (
    game_id   TEXT NOT NULL REFERENCES games (id),
    seq       BIGINT NOT NULL,
    body      TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash      TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- The transactional outbox: written in the same transaction as the events that cause the mail,
-- sent after commit by the mail worker. One message per (game, seq, recipient, kind).
CREATE TABLE outbox (
    id              TEXT PRIMARY KEY,
    game_id         TEXT NOT NULL REFERENCES games (id),
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
    UNIQUE (game_id, seq, recipient, kind)
);

CREATE INDEX outbox_pending ON outbox (status, next_attempt_at);
