-- An ended game is verified once (issue 14): the chain, the seed against its commitment and
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
