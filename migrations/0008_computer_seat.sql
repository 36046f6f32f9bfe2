-- A game against the computer: the seat the server's computer opponent holds and its level,
-- as JSON {"side": "union"|"confederate", "level": "easy"|"normal"|"hard"}. Null for a game
-- between two people. The computer's seat has no account (its `*_account` column stays
-- null): it is never open, because the game starts active the moment it is created.
ALTER TABLE games ADD COLUMN computer TEXT;
