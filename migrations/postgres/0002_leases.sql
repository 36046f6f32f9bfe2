-- Issue 18: several servers on one database. A game's writer holds its lease: the node that
-- took it last and an epoch (a fencing token) that every taking raises by one. Every write
-- that moves a started game on (an action, a clock change) carries the epoch its writer took
-- and is refused when the epoch moved since, so a node that lost the lease can never write.
-- Kept in the game's own row: the fence is checked by the same UPDATE that moves the game on.
-- PostgreSQL only: a SQLite database has one server, which needs no lease.
ALTER TABLE games ADD COLUMN lease_node TEXT;
ALTER TABLE games ADD COLUMN lease_epoch BIGINT NOT NULL DEFAULT 0;
