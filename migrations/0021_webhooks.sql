-- Webhooks: where a game's steps (the host's, for a group channel) or one seat's turns are also
-- told, besides mail (docs/notifications.md). Bookkeeping beside the log (docs/architecture.md,
-- rule 2): what a webhook has been told is a cursor into the game's log (`told_seq`), so a step
-- committed is never missed, and nothing is written on a move's path. The message of the steps
-- after the cursor is written here once (`pending_*`) and sent again as it is until a receiver
-- takes it: a retry carries the same `pending_id` (the Standard Webhooks `webhook-id`).
CREATE TABLE webhooks (
    id              TEXT PRIMARY KEY,
    game_id         TEXT NOT NULL REFERENCES games (id),
    -- The seat it belongs to; NULL: the game's (the host's).
    seat            BIGINT,
    format          TEXT NOT NULL,
    url             TEXT NOT NULL,
    -- The `whsec_` signing secret (generic JSON) or the Matrix access token; '' for others.
    secret          TEXT NOT NULL,
    created_at      BIGINT NOT NULL,
    -- The last step of the game this webhook has been told of (or had nothing to be told of).
    told_seq        BIGINT NOT NULL,
    -- Whether its seat was asked to act at `told_seq` (its turn is told once).
    asked           BIGINT NOT NULL DEFAULT 0,
    pending_id      TEXT,
    pending_seq     BIGINT,
    pending_text    TEXT,
    -- Consecutive failed deliveries; at 20 the webhook is paused until its owner resumes it.
    failures        BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL DEFAULT 0,
    last_error      TEXT,
    paused_at       BIGINT
);
CREATE INDEX webhooks_of_game ON webhooks (game_id, seat);
