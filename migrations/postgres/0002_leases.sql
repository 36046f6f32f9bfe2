-- Issue 18: several servers on one database. A game's writer holds its lease: the node that
-- took it last and an epoch (a fencing token) that every taking raises by one. Every write
-- that moves a started game on (an action, a clock change) carries the epoch its writer took
-- and is refused when the epoch moved since, so a node that lost the lease can never write.
-- Kept in the game's own row: the fence is checked by the same UPDATE that moves the game on.
-- PostgreSQL only: a SQLite database has one server, which needs no lease.
ALTER TABLE games ADD COLUMN lease_node TEXT;
ALTER TABLE games ADD COLUMN lease_epoch BIGINT NOT NULL DEFAULT 0;

-- The sweeper: one server at a time sweeps the correspondence clocks and the daily digests and
-- delivers the outbox, so that nothing is done twice. It renews its claim at every sweep; a
-- claim not renewed by `until` (Unix seconds: the holder died) may be taken by any server.
CREATE TABLE sweeper (
    name   TEXT PRIMARY KEY,
    node   TEXT NOT NULL,
    until  BIGINT NOT NULL
);

-- Notice ids, handed out to each server in blocks (a server's ids never collide with
-- another's): `next` is the first id no server has been given.
CREATE TABLE id_blocks (
    name  TEXT PRIMARY KEY,
    next  BIGINT NOT NULL
);
INSERT INTO id_blocks (name, next) SELECT 'notices', COALESCE(MAX(id), 0) + 1 FROM notices;
