//! The `adjutant` command as a library: typed HTTP and WebSocket clients, the config file,
//! text rendering of views, the bot, the load generator and record verification. The end-to-
//! end tests drive the server through these same clients.

pub mod accounts;
pub mod bot;
pub mod client;
pub mod config;
pub mod crash_soak;
pub mod disk_limit;
pub mod live;
pub mod load;
pub mod load_plan;
pub mod load_report;
pub mod load_seat;
pub mod progress;
pub mod recap;
pub mod render;
pub mod report;
pub mod spectators;

pub use client::{Client, ClientError};
pub use live::Live;

use adjutant_engine::{Record, Registry, Verified, VerifyError};

/// The games this build of `adjutant` can replay and verify: the registry's (feature `verify`).
#[cfg(feature = "verify")]
pub fn registry() -> Registry {
    adjutant_games::registry()
}

/// Without the `verify` feature this build knows no rules, and verifies nothing.
#[cfg(not(feature = "verify"))]
pub fn registry() -> Registry {
    Registry::new()
}

/// Verifies a finished game record against the rules of `registry`.
pub fn verify(registry: &Registry, record: &Record) -> Result<Verified, VerifyError> {
    adjutant_engine::verify(registry, record)
}
