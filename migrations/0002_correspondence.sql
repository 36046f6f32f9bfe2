-- Correspondence play: clocks and pauses, notices, chat, imported games, rematches.

-- The clock chosen at creation and its state (JSON); null: the game has no clock. Written in
-- the same row update as the action that changes it.
ALTER TABLE games ADD COLUMN clock TEXT;
-- When the sweep must next look at the game (a bank runs out, 80 % of a bank is gone, a
-- pause ends); null: never. Not indexed: the sweep reads active games through
-- games_by_status, and an index here would be rewritten by every action.
ALTER TABLE games ADD COLUMN wake_at INTEGER;
-- Imported games: JSON {imported_by, players, original_id}; null for games played here.
ALTER TABLE games ADD COLUMN origin TEXT;
-- A rematch keeps its open seat for the former opponent.
ALTER TABLE games ADD COLUMN reserved_for TEXT REFERENCES accounts(id);
-- The rematch offered after a finished game.
ALTER TABLE games ADD COLUMN rematch_id TEXT;

CREATE INDEX games_by_creator ON games(creator);

-- Actions the server's bot played for a timed-out seat.
ALTER TABLE actions ADD COLUMN by_bot INTEGER NOT NULL DEFAULT 0;

-- How each account is told about its games.
CREATE TABLE notice_settings (
    account_id      TEXT PRIMARY KEY REFERENCES accounts(id),
    webhook_url     TEXT,
    email           TEXT,
    always          INTEGER NOT NULL DEFAULT 0,   -- also while connected to the game
    digest          INTEGER NOT NULL DEFAULT 0,   -- a daily list of games where it is my move
    last_digest_at  INTEGER,
    webhook_error   TEXT,
    webhook_error_at INTEGER,
    email_error     TEXT,
    email_error_at  INTEGER
);

-- The outbox: one row per notice per channel, delivered in id order, retried with backoff.
CREATE TABLE notices (
    id          INTEGER PRIMARY KEY,
    account_id  TEXT NOT NULL REFERENCES accounts(id),
    channel     TEXT NOT NULL,            -- webhook | email
    kind        TEXT NOT NULL,
    game_id     TEXT,
    body        TEXT NOT NULL,            -- the Notice, JSON
    created_at  INTEGER NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    next_at     INTEGER,                  -- null once sent or given up
    sent_at     INTEGER,
    failed      INTEGER NOT NULL DEFAULT 0,
    last_error  TEXT
);
CREATE INDEX notices_due ON notices(next_at) WHERE next_at IS NOT NULL;
CREATE INDEX notices_by_account ON notices(account_id, id);

-- Pause allowance used, per account and UTC year.
CREATE TABLE vacations (
    account_id  TEXT NOT NULL REFERENCES accounts(id),
    year        INTEGER NOT NULL,
    used_secs   INTEGER NOT NULL,
    PRIMARY KEY (account_id, year)
) WITHOUT ROWID;

-- Players' chat, spectators' chat and each seat's private notes.
CREATE TABLE chat (
    id          INTEGER PRIMARY KEY,
    game_id     TEXT NOT NULL REFERENCES games(id),
    channel     TEXT NOT NULL,            -- players | spectators | notes:union | notes:confederate
    account_id  TEXT NOT NULL REFERENCES accounts(id),
    author      TEXT NOT NULL,
    side        TEXT,
    text        TEXT NOT NULL,
    created_at  INTEGER NOT NULL
);
CREATE INDEX chat_by_game ON chat(game_id, channel, id);
