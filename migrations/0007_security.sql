-- Safe on the open internet. Portable between SQLite and Postgres.

-- The host of a game: the address that may be told about it, and whether its owner has proved
-- it (a logged-in account proves it at once; otherwise the link mailed to it, whose secret only
-- that mail carries: its SHA-256 is kept here). Until then the game's mail waits in the outbox.
CREATE TABLE game_hosts (
    game_id      TEXT PRIMARY KEY REFERENCES games (id),
    email        TEXT NOT NULL,
    confirm_hash TEXT,
    confirmed_at BIGINT
);
-- The games from before are taken as confirmed: their mail was going out already.
INSERT INTO game_hosts (game_id, email, confirm_hash, confirmed_at)
    SELECT g.id, COALESCE((SELECT c.host_email FROM game_clock c WHERE c.game_id = g.id), ''), NULL, g.created_at
    FROM games g;

-- Rate limits shared by every server on this database (GCRA): per limit and key, the
-- theoretical arrival time of the next request (ms). A request is let through while that time
-- is at most `burst` periods ahead; a row whose time has passed is as good as none.
CREATE TABLE rate_limits (
    key TEXT PRIMARY KEY,
    tat BIGINT NOT NULL
);

-- Addresses whose owners asked for no mail at all from this server ("never mail me again"),
-- stored trimmed and lower-cased. Nothing is queued for them.
CREATE TABLE mail_blocklist (
    email      TEXT PRIMARY KEY,
    blocked_at BIGINT NOT NULL
);
