-- Webhooks are signed with a secret of their account's (HMAC-SHA256; shown to the account,
-- new with every new address) and posted in a chat service's shape where asked or where
-- the address says so (auto | adjutant | discord | slack).
ALTER TABLE notice_settings ADD COLUMN webhook_secret TEXT;
ALTER TABLE notice_settings ADD COLUMN webhook_format TEXT NOT NULL DEFAULT 'auto';

-- Notices keep each account's order and are dropped once no longer true (docs/protocol.md,
-- "Notices"): the game's sequence number when the notice was written (a "your move" is
-- dropped once that seat has acted after it), why a notice was dropped unsent, and the
-- token of an e-mail's one-click unsubscribe link (RFC 8058), made when an address is
-- confirmed.
ALTER TABLE notices ADD COLUMN seq INTEGER;
ALTER TABLE notices ADD COLUMN dropped TEXT;
ALTER TABLE notice_settings ADD COLUMN unsubscribe_token TEXT;
CREATE UNIQUE INDEX notice_settings_by_unsubscribe ON notice_settings(unsubscribe_token)
    WHERE unsubscribe_token IS NOT NULL;
UPDATE notice_settings SET unsubscribe_token = 'adj_' || lower(hex(randomblob(32)))
    WHERE email_confirmed = 1;

-- A rematch kept for its former opponent is listed among that player's games.
CREATE INDEX games_by_reserved_for ON games(reserved_for) WHERE reserved_for IS NOT NULL;

-- The daily digest at an hour of the account's choosing (UTC, 0-23; null: a day after the last).
ALTER TABLE notice_settings ADD COLUMN digest_hour INTEGER;
