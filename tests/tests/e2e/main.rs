//! End-to-end tests: a real server on port 0, real HTTP and WebSocket clients, the Outpost
//! test game.

mod browser;
mod chat;
mod common;
mod correspondence_clock;
mod durability;
mod edges;
mod errors;
mod import;
mod lifecycle;
mod lobby;
mod mississippi_fortress;
mod notices;
mod outpost_props;
mod play;
mod records;
mod resume;
mod sinks;
