-- Imported games: the SHA-256 of the game a record holds (its set-up, seed and actions in
-- canonical form), so that the same game is imported once. Null for games played here.
ALTER TABLE games ADD COLUMN record_hash TEXT;
CREATE UNIQUE INDEX games_by_record_hash ON games(record_hash) WHERE record_hash IS NOT NULL;
