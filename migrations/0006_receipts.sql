-- The chain head a mail was written at ("<seq> <hash>"), sent as its Feldpost-Chain header.
ALTER TABLE outbox ADD COLUMN chain_head TEXT;
