-- The links mailed to an address whose owner asked, on the server's page, for what is held
-- about it or to have it forgotten (docs/privacy.md): only the token's hash, the address it
-- opens, and its time. A row goes when its address is forgotten, or a day after it expired.
-- Additive: a server of the release before never reads it.
CREATE TABLE address_links (
    token_hash TEXT PRIMARY KEY,
    email      TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT
);
CREATE INDEX address_links_expiry ON address_links (expires_at);
CREATE INDEX address_links_email ON address_links (email);
