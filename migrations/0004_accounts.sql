-- Accounts. Portable between SQLite and Postgres: ids TEXT, times BIGINT ms.
-- A player may play by seat links alone; an account only gathers seats ("My games").

-- `email` is stored trimmed and lower-cased. `password_hash` is an argon2id PHC string, or NULL
-- for an account that logs in by emailed links only.
CREATE TABLE accounts (
    id            TEXT PRIMARY KEY,
    email         TEXT NOT NULL UNIQUE,
    password_hash TEXT,
    lang          TEXT NOT NULL,
    created_at    BIGINT NOT NULL
);

-- Server-side sessions. Only the SHA-256 of the cookie's token is stored. `csrf` is the
-- synchronizer token that the session's forms carry.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    csrf       TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);
CREATE INDEX sessions_expiry ON sessions (expires_at);

-- One-time tokens sent by email: `login` (a link, and a short code typed in) or `reset`
-- (password reset). Only hashes are stored. A token is used at most once (`used_at`).
CREATE TABLE account_tokens (
    token_hash TEXT PRIMARY KEY,
    code_hash  TEXT,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    purpose    TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT
);
CREATE INDEX account_tokens_code ON account_tokens (code_hash);
CREATE INDEX account_tokens_expiry ON account_tokens (expires_at);

-- Seats attached to an account. A seat belongs to at most one account.
CREATE TABLE account_seats (
    game_id     TEXT NOT NULL,
    seat        INTEGER NOT NULL,
    account_id  TEXT NOT NULL REFERENCES accounts (id),
    attached_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat),
    FOREIGN KEY (game_id, seat) REFERENCES seats (game_id, seat)
);
CREATE INDEX account_seats_account ON account_seats (account_id);
