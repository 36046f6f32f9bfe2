//! End-to-end tests: a real server on port 0, real HTTP and WebSocket clients, the Outpost
//! test game.

mod browser;
mod common;
mod durability;
mod errors;
mod lifecycle;
mod lobby;
mod outpost_props;
mod play;
mod records;
mod resume;
