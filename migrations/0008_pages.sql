-- An ended game is verified once: the chain, the seed against its commitment and
-- every die re-derived, and the result kept here, so that its pages do not verify it again on
-- every view. Derived, like every table beside the log: dropping a row only costs a new check.
CREATE TABLE game_verdicts (
    game_id     TEXT PRIMARY KEY REFERENCES games (id),
    verified_at BIGINT NOT NULL,
    -- How many records the check covered.
    records     BIGINT NOT NULL,
    -- NULL: it checked out; otherwise what was wrong.
    failure     TEXT
);

-- Who the game waits on, as ",0,2," (seats; "," for nobody), written with each append: "My
-- games" lists an account's games with one query, waiting-on-me first, without loading any.
-- NULL for games from before this migration until they are looked at again.
ALTER TABLE games ADD COLUMN to_act TEXT;
