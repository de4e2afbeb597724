-- "My games" fills itself and reads its first page from an index. Portable between SQLite and
-- Postgres; the backfill of each game's times reads the newest record's JSON, which each
-- backend writes in its own dialect (0017_my_games.sqlite.sql, 0017_my_games.postgres.sql).

-- One line of "My games" for each seat and each game's host: whose address it is, the account
-- it is attached to, and what the page sorts by. Derived, like every table beside the log
-- (docs/architecture.md, rule 2): written where what it mirrors is written (a game's creation,
-- each append, a seat handed on, attaching, forgetting an address), so that an account's first
-- page is the first rows of an index instead of a sort of every game it has.
CREATE TABLE game_lines (
    game_id    TEXT NOT NULL REFERENCES games (id),
    -- The seat; -1 for the host's line.
    seat       INTEGER NOT NULL,
    -- The seat's (or the host's) address, trimmed and lower-cased; '' for none.
    address    TEXT NOT NULL,
    -- The account the seat is attached to ("Add to My games"), if any.
    account_id TEXT,
    -- 0: the game waits on this seat; 1: it goes on; 2: it has ended.
    standing   INTEGER NOT NULL,
    title      TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX game_lines_by_address ON game_lines (address, standing, title, game_id, seat);
CREATE INDEX game_lines_by_account ON game_lines (account_id, standing, title, game_id, seat);

INSERT INTO game_lines (game_id, seat, address, account_id, standing, title)
    SELECT s.game_id, s.seat, LOWER(TRIM(s.email)),
           (SELECT a.account_id FROM account_seats a WHERE a.game_id = s.game_id AND a.seat = s.seat),
           CASE WHEN g.finished_at IS NOT NULL THEN 2
                WHEN g.to_act LIKE '%,' || CAST(s.seat AS TEXT) || ',%' THEN 0
                ELSE 1 END,
           g.title
    FROM seats s JOIN games g ON g.id = s.game_id;
INSERT INTO game_lines (game_id, seat, address, account_id, standing, title)
    SELECT h.game_id, -1, LOWER(TRIM(h.email)), NULL,
           CASE WHEN g.finished_at IS NOT NULL THEN 2 ELSE 1 END, g.title
    FROM game_hosts h JOIN games g ON g.id = h.game_id;

-- Each game's newest record's time, and when the seats it waits on must have acted (NULL: no
-- deadline, nobody to act, or ended; a pause is read from the clock row), written with each
-- append.
ALTER TABLE games ADD COLUMN moved_at BIGINT;
ALTER TABLE games ADD COLUMN due_at BIGINT;

-- When the account's owner proved the address: followed a mailed link (registration, login,
-- reset) or typed a mailed code. Only then does "My games" show the games of the address.
-- A password is set only through such a link, and a used token is one.
ALTER TABLE accounts ADD COLUMN confirmed_at BIGINT;
UPDATE accounts SET confirmed_at = created_at
    WHERE password_hash IS NOT NULL
       OR EXISTS (SELECT 1 FROM account_tokens t WHERE t.account_id = accounts.id AND t.used_at IS NOT NULL);
