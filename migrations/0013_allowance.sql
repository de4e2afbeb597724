-- An operator's allowance for a trusted account (`feldpost account allow`): how many games it
-- may create at once before the per-host and per-client limits hold it (NULL: the limits as
-- configured for everyone). Additive: a server of the release before reads accounts as ever.
ALTER TABLE accounts ADD COLUMN games_allowance BIGINT;
