-- A game's rematch: the game its host started after it ended, with the same ruleset, options
-- and players. Bookkeeping beside the logs (each game's own log is its truth: docs/architecture.md,
-- rule 2), written in the transaction that creates the new game; the old game's pages link to the
-- new one from here. One rematch per game: a second is refused by the key.
CREATE TABLE rematches (
    game_id    TEXT PRIMARY KEY REFERENCES games (id),
    rematch_id TEXT NOT NULL REFERENCES games (id),
    created_at BIGINT NOT NULL
);
