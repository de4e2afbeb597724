-- Table talk: the lines the seats and the host write beside a game. Not the log
-- (docs/architecture.md, rule 2): a line changes no state, no replay and no record's hash, so
-- it is kept in tables of its own, append-only as the log is (the triggers per backend below).
-- Portable between SQLite and Postgres.

-- Each line of a game, numbered from 1 in the order written: when (`at`, ms), at which step
-- of the game (`seq`: the game's last record then), by whom (`from_seat`; NULL: the host), to
-- whom (`to_seat`; NULL: everyone at the table, else that seat alone: a private line), and
-- what it says.
CREATE TABLE chat_lines (
    game_id   TEXT NOT NULL REFERENCES games (id),
    n         BIGINT NOT NULL,
    at        BIGINT NOT NULL,
    seq       BIGINT NOT NULL,
    from_seat BIGINT,
    to_seat   BIGINT,
    body      TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);

-- The lines the host hid (a line is hidden once, for good): the line stays, its text is shown
-- to nobody from then on.
CREATE TABLE chat_hides (
    game_id TEXT NOT NULL,
    n       BIGINT NOT NULL,
    at      BIGINT NOT NULL,
    PRIMARY KEY (game_id, n),
    FOREIGN KEY (game_id, n) REFERENCES chat_lines (game_id, n)
);
