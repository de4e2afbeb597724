-- Registration is confirmed by email: the chosen password waits here until the owner of the
-- address follows the link, so nobody can take an address they do not read, and the answer to
-- "register" is the same whether the address has an account or not.
ALTER TABLE accounts ADD COLUMN pending_password_hash TEXT;
