-- Browser notifications for all of an account's games (docs/notifications.md): the browser's
-- push subscription, kept for the account so that each of its seats, now and later (attached,
-- or of its proved address), gets one push webhook of its own (`webhooks`, format 'push', with
-- this endpoint as its URL): the per-viewer words stay per seat. Removed when the owner stops
-- it, when the push service says it is gone (404 or 410), and with the account.
CREATE TABLE account_push (
    account_id TEXT NOT NULL,
    endpoint   TEXT NOT NULL,
    p256dh     TEXT NOT NULL,
    auth       TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (account_id, endpoint)
);
CREATE INDEX account_push_endpoint ON account_push (endpoint);
