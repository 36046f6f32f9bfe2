-- Passwords, several tokens per account, and sign-in links (docs/protocol.md, "Accounts and
-- sign-in"; docs/operations.md, "Accounts").

-- The account's password as an Argon2id PHC string (algorithm, parameters, its own random
-- salt and the hash; never the password). Null: the account has no password and signs in by
-- its tokens only, as every account did before this migration.
ALTER TABLE accounts ADD COLUMN password_hash TEXT;
ALTER TABLE accounts ADD COLUMN password_changed_at INTEGER;

-- Every bearer token of every account: the one created with the account, and one per
-- sign-in (a device, a script). Only the SHA-256 of a token is kept (it is 256 random bits:
-- there is nothing to guess, so a fast hash is enough). A revoked token's row is deleted.
-- `id` is public (16 hex digits): it names the token in lists and revocations.
CREATE TABLE tokens (
    id            TEXT PRIMARY KEY,
    account_id    TEXT NOT NULL REFERENCES accounts(id),
    token_hash    TEXT NOT NULL UNIQUE,
    origin        TEXT NOT NULL,         -- created | password | link
    label         TEXT NOT NULL,
    created_at    INTEGER NOT NULL,
    last_used_at  INTEGER                -- to within a few minutes; null: never used
);
CREATE INDEX tokens_by_account ON tokens(account_id);

-- Each existing account's token moves here. `accounts.token_hash` stays (SQLite cannot drop
-- a UNIQUE column without rebuilding the table every game refers to) but is no longer read:
-- `tokens` alone says which tokens are valid.
INSERT INTO tokens (id, account_id, token_hash, origin, label, created_at)
    SELECT lower(hex(randomblob(8))), id, token_hash, 'created', 'created with the account',
           created_at
    FROM accounts;

-- The sign-in link last mailed to each account (a newer one replaces it): the SHA-256 of its
-- token and when it stops working. The row is deleted when the link is used.
CREATE TABLE sign_in_links (
    account_id  TEXT PRIMARY KEY REFERENCES accounts(id),
    token_hash  TEXT NOT NULL UNIQUE,
    expires_at  INTEGER NOT NULL
);
