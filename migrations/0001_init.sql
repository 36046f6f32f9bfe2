-- Adjutant's store. Every id is a hyphenated UUID in TEXT; every time is Unix seconds.

CREATE TABLE accounts (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE COLLATE NOCASE,
    -- SHA-256 of the bearer token, hex; the token itself is never stored.
    token_hash  TEXT NOT NULL UNIQUE,
    created_at  INTEGER NOT NULL
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
    invite_code          TEXT,            -- null once used
    spectate_code        TEXT NOT NULL,
    seq                  INTEGER NOT NULL DEFAULT 0,
    to_act               TEXT NOT NULL DEFAULT '',  -- comma-separated sides
    outcome              TEXT,            -- JSON, once finished
    created_at           INTEGER NOT NULL,
    updated_at           INTEGER NOT NULL
);

-- No index holds a column that changes with every action (seq, to_act, updated_at): an
-- action then rewrites the game row and nothing else.
CREATE INDEX games_by_union ON games(union_account);
CREATE INDEX games_by_confederate ON games(confederate_account);
CREATE INDEX games_by_status ON games(status, visibility);
CREATE UNIQUE INDEX games_by_invite ON games(invite_code) WHERE invite_code IS NOT NULL;

-- The append-only log: one row per accepted action, committed before anyone is told.
CREATE TABLE actions (
    game_id     TEXT NOT NULL REFERENCES games(id),
    seq         INTEGER NOT NULL,
    side        TEXT NOT NULL,
    action      TEXT NOT NULL,   -- JSON
    rolls       TEXT NOT NULL,   -- JSON array of die results
    events      TEXT NOT NULL,   -- JSON array, unredacted
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- The latest snapshot of each game, to bound the replay when it is loaded.
CREATE TABLE snapshots (
    game_id  TEXT NOT NULL REFERENCES games(id),
    seq      INTEGER NOT NULL,
    data     TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
