-- Mail that comes back. Portable between SQLite and Postgres.

-- Every bounce heard, by its Message-ID (a bounce delivered twice counts once): the address
-- and the outbox row its signed envelope sender named, and whether it was for good ("hard",
-- 1: a 5.x.x status or a failed action) or for now (0). Soft ones are counted in a window.
CREATE TABLE mail_bounces (
    message_id  TEXT PRIMARY KEY,
    address     TEXT NOT NULL,
    outbox_id   TEXT NOT NULL,
    hard        INTEGER NOT NULL,
    status      TEXT NOT NULL,
    received_at BIGINT NOT NULL
);
CREATE INDEX mail_bounces_by_address ON mail_bounces (address, received_at);

-- Addresses that fail (trimmed and lower-cased): a hard bounce, enough soft ones, or a refusal
-- for good when the mail was sent. No game mail goes to them (their rows are "stopped") until
-- a host gives a seat the address again. `told_at`: when the hosts of the games it is a seat's
-- address in were mailed (NULL: not yet).
CREATE TABLE mail_failing (
    address   TEXT PRIMARY KEY,
    since     BIGINT NOT NULL,
    outbox_id TEXT NOT NULL,
    reason    TEXT NOT NULL,
    told_at   BIGINT
);
