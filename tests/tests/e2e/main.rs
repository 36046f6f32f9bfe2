//! End-to-end tests: a real server on port 0, real HTTP and WebSocket clients, the Outpost
//! test game.

mod accounts;
mod architecture;
mod bloody_roads_south;
mod bloody_roads_south_kill;
mod browser;
mod chat;
mod common;
mod correspondence_clock;
mod crash_soak;
mod durability;
mod edges;
mod errors;
mod full_disk;
mod fuzz_smoke;
mod import;
mod leaks;
mod lifecycle;
mod lobby;
mod meta_actions;
mod mississippi_fortress;
mod names;
mod notice_guards;
mod notice_order;
mod notice_tls;
mod notices;
mod operations;
mod outpost_props;
mod play;
mod records;
mod registry_only;
mod replay;
mod resume;
mod sign_in_links;
mod sinks;
mod whole_game;
