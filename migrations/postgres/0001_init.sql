-- Adjutant's store on PostgreSQL: the schema SQLite reaches through migrations 0001-0008
-- (../0001_init.sql onwards), in one step, since no PostgreSQL store predates them. A later
-- change to the schema is a migration in both folders, numbered alike.
--
-- Every id is text (a hyphenated UUID, or hex); every time is Unix seconds in BIGINT. Flags
-- SQLite keeps as 0/1 integers are BOOLEAN here. Written to the subset CockroachDB and
-- YugabyteDB also accept: plain types, UNIQUE constraints instead of SQLite's partial unique
-- indexes (NULLs never collide in either), no sequences, triggers or extensions.

CREATE TABLE accounts (
    id                   TEXT PRIMARY KEY,
    name                 TEXT NOT NULL,
    -- The canonical key of the name (NFKC, full case folding, NFKC): unique, so names that
    -- differ only in case, width or compatibility form cannot both exist. (SQLite also keeps
    -- the legacy `token_hash` column; only `tokens` says which tokens are valid.)
    name_key             TEXT NOT NULL UNIQUE,
    created_at           BIGINT NOT NULL,
    -- Argon2id PHC string; null: the account signs in by its tokens only.
    password_hash        TEXT,
    password_changed_at  BIGINT
);

CREATE TABLE games (
    id                   TEXT PRIMARY KEY,
    game                 TEXT NOT NULL,
    scenario             TEXT NOT NULL,
    options              TEXT NOT NULL,   -- JSON object, complete
    visibility           TEXT NOT NULL,   -- public | private
    status               TEXT NOT NULL,   -- open | active | finished
    creator              TEXT NOT NULL REFERENCES accounts(id),
    union_account        TEXT REFERENCES accounts(id),
    confederate_account  TEXT REFERENCES accounts(id),
    union_secret         TEXT,            -- JSON object, once the seat is taken
    confederate_secret   TEXT,
    seed                 TEXT NOT NULL,   -- hex; served only once the game is finished
    seed_commitment      TEXT NOT NULL,
    invite_code          TEXT UNIQUE,     -- null once used
    spectate_code        TEXT NOT NULL,
    seq                  BIGINT NOT NULL DEFAULT 0,
    to_act               TEXT NOT NULL DEFAULT '',  -- comma-separated sides
    outcome              TEXT,            -- JSON, once finished
    created_at           BIGINT NOT NULL,
    updated_at           BIGINT NOT NULL,
    clock                TEXT,            -- the clock's settings and state, JSON
    wake_at              BIGINT,          -- when the sweep must next look; null: never
    origin               TEXT,            -- imported games: JSON
    reserved_for         TEXT REFERENCES accounts(id),
    rematch_id           TEXT,
    record_hash          TEXT UNIQUE,     -- imported games: SHA-256 of the game
    computer             TEXT             -- the computer's seat and level, JSON
);

-- As on SQLite, no index holds a column that changes with every action.
CREATE INDEX games_by_union ON games(union_account);
CREATE INDEX games_by_confederate ON games(confederate_account);
CREATE INDEX games_by_status ON games(status, visibility);
CREATE INDEX games_by_creator ON games(creator);
CREATE INDEX games_by_reserved_for ON games(reserved_for);

-- The append-only log: one row per accepted action, committed before anyone is told.
CREATE TABLE actions (
    game_id     TEXT NOT NULL REFERENCES games(id),
    seq         BIGINT NOT NULL,
    side        TEXT NOT NULL,
    action      TEXT NOT NULL,   -- JSON
    rolls       TEXT NOT NULL,   -- JSON array of die results
    events      TEXT NOT NULL,   -- JSON array, unredacted
    created_at  BIGINT NOT NULL,
    by_bot      BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE snapshots (
    game_id  TEXT NOT NULL REFERENCES games(id),
    seq      BIGINT NOT NULL,
    data     TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE notice_settings (
    account_id              TEXT PRIMARY KEY REFERENCES accounts(id),
    webhook_url             TEXT,
    email                   TEXT,
    always                  BOOLEAN NOT NULL DEFAULT FALSE,
    digest                  BOOLEAN NOT NULL DEFAULT FALSE,
    last_digest_at          BIGINT,
    webhook_error           TEXT,
    webhook_error_at        BIGINT,
    email_error             TEXT,
    email_error_at          BIGINT,
    email_confirmed         BOOLEAN NOT NULL DEFAULT FALSE,
    email_token_hash        TEXT UNIQUE,
    email_token_expires_at  BIGINT,
    webhook_secret          TEXT,
    webhook_format          TEXT NOT NULL DEFAULT 'auto',
    unsubscribe_token       TEXT UNIQUE,
    digest_hour             BIGINT
);

-- The outbox. Ids are handed out by the server before the write (one node for now:
-- docs/operations.md, "PostgreSQL").
CREATE TABLE notices (
    id          BIGINT PRIMARY KEY,
    account_id  TEXT NOT NULL REFERENCES accounts(id),
    channel     TEXT NOT NULL,            -- webhook | email
    kind        TEXT NOT NULL,
    game_id     TEXT,
    body        TEXT NOT NULL,            -- the Notice, JSON
    created_at  BIGINT NOT NULL,
    attempts    BIGINT NOT NULL DEFAULT 0,
    next_at     BIGINT,                   -- null once sent, given up or dropped
    sent_at     BIGINT,
    failed      BOOLEAN NOT NULL DEFAULT FALSE,
    last_error  TEXT,
    seq         BIGINT,
    dropped     TEXT
);
CREATE INDEX notices_due ON notices(next_at);
CREATE INDEX notices_by_account ON notices(account_id, id);

CREATE TABLE vacations (
    account_id  TEXT NOT NULL REFERENCES accounts(id),
    year        INTEGER NOT NULL,
    used_secs   BIGINT NOT NULL,
    PRIMARY KEY (account_id, year)
);

-- Chat, numbered within its game and stored channel (`seq` is the wire id).
CREATE TABLE chat (
    game_id     TEXT NOT NULL REFERENCES games(id),
    channel     TEXT NOT NULL,
    seq         BIGINT NOT NULL,
    account_id  TEXT NOT NULL REFERENCES accounts(id),
    author      TEXT NOT NULL,
    side        TEXT,
    text        TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (game_id, channel, seq)
);

CREATE TABLE tokens (
    id            TEXT PRIMARY KEY,
    account_id    TEXT NOT NULL REFERENCES accounts(id),
    token_hash    TEXT NOT NULL UNIQUE,
    origin        TEXT NOT NULL,         -- created | password | link
    label         TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    last_used_at  BIGINT
);
CREATE INDEX tokens_by_account ON tokens(account_id);

CREATE TABLE sign_in_links (
    account_id  TEXT PRIMARY KEY REFERENCES accounts(id),
    token_hash  TEXT NOT NULL UNIQUE,
    expires_at  BIGINT NOT NULL
);
