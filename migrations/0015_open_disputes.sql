-- How many disputes of a game wait for their ruling, kept beside the log by the commit of a
-- dispute or a ruling (the log is the truth: docs/architecture.md, rule 2), for the metrics
-- scrape to sum without reading any log. Additive: a server of the release before never reads
-- it; a game disputed before it counts from its next dispute or ruling.
CREATE TABLE game_disputes (
    game_id    TEXT PRIMARY KEY REFERENCES games (id),
    open_count INTEGER NOT NULL
);
