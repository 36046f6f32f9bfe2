-- Accounts, notices and chat (docs/reliability.md, "Accounts, notices and chat").

-- The canonical key of each account's name (NFKC, full Unicode case folding, NFKC again):
-- unique, so that names differing only in case, width or compatibility form cannot both
-- exist. SQLite cannot normalise Unicode, so the server fills the key in at start-up for
-- accounts created before this migration (null until then; several nulls do not collide).
-- Two old accounts whose names share a key keep their names; the later one's key gets its
-- account id appended, which no name can produce, and the server logs both.
ALTER TABLE accounts ADD COLUMN name_key TEXT;
CREATE UNIQUE INDEX accounts_by_name_key ON accounts(name_key);

-- An e-mail address is confirmed by a link before any notice is mailed to it. Addresses set
-- before this migration were never confirmed: they start unconfirmed.
ALTER TABLE notice_settings ADD COLUMN email_confirmed INTEGER NOT NULL DEFAULT 0;
-- SHA-256 of the confirmation link's token, hex (the token itself is never stored), and when
-- the link stops working; both null once the address is confirmed.
ALTER TABLE notice_settings ADD COLUMN email_token_hash TEXT;
ALTER TABLE notice_settings ADD COLUMN email_token_expires_at INTEGER;
CREATE UNIQUE INDEX notice_settings_by_token ON notice_settings(email_token_hash)
    WHERE email_token_hash IS NOT NULL;

-- Chat messages are numbered within their game and stored channel (players, spectators,
-- notes:union, notes:confederate), so that the numbers in one channel say nothing about the
-- others (a gap in the players' chat told when the opponent wrote notes). `seq` is the wire
-- `id`; `id` stays the table's row id. Existing messages are renumbered 1, 2, ... in each
-- channel, in the order they were written.
ALTER TABLE chat ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
UPDATE chat SET seq = (
    SELECT COUNT(*) FROM chat c
    WHERE c.game_id = chat.game_id AND c.channel = chat.channel AND c.id <= chat.id
);
DROP INDEX chat_by_game;
CREATE UNIQUE INDEX chat_by_channel ON chat(game_id, channel, seq);
