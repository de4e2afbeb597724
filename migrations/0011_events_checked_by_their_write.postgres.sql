-- A record's game is proved by the statement that writes it, not by a foreign key: a move's
-- records are inserted joined to the game row that the same statement moves on (under the
-- expected sequence number), and a game's first records in the transaction that creates it;
-- games are never deleted. The key's check cost every record a trigger, a lookup and a row
-- lock on its game, about a twelfth of the database's work per move.
ALTER TABLE events DROP CONSTRAINT IF EXISTS events_game_id_fkey;
