-- Account mail (login links, password reset) belongs to no game: outbox.game_id may be NULL.
ALTER TABLE outbox ALTER COLUMN game_id DROP NOT NULL;
