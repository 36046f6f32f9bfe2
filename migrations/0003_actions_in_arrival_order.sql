-- Actions in arrival order: a rowid table, so that a group commit appends its rows at the end
-- of the table (a page or two for the whole batch) instead of writing into one b-tree page per
-- game; (game_id, seq) stays unique, and is how actions are read, through an index of small
-- entries.
CREATE TABLE actions_in_order (
    id          INTEGER PRIMARY KEY,
    game_id     TEXT NOT NULL REFERENCES games(id),
    seq         INTEGER NOT NULL,
    side        TEXT NOT NULL,
    action      TEXT NOT NULL,
    rolls       TEXT NOT NULL,
    events      TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    by_bot      INTEGER NOT NULL DEFAULT 0
);
INSERT INTO actions_in_order (game_id, seq, side, action, rolls, events, created_at, by_bot)
    SELECT game_id, seq, side, action, rolls, events, created_at, by_bot FROM actions
    ORDER BY created_at, game_id, seq;
DROP TABLE actions;
ALTER TABLE actions_in_order RENAME TO actions;
CREATE UNIQUE INDEX actions_by_game ON actions(game_id, seq);
