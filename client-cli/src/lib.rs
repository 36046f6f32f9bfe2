//! The `adjutant` command as a library: typed HTTP and WebSocket clients, the config file,
//! text rendering of views, the bot, the load generator and record verification. The end-to-
//! end tests drive the server through these same clients.

pub mod bot;
pub mod client;
pub mod config;
pub mod crash_soak;
pub mod live;
pub mod load;
pub mod render;
mod render_mf;

pub use client::{Client, ClientError};
pub use live::Live;

use adjutant_engine::{Record, Registry, Verified, VerifyError};

/// The games this build of `adjutant` can replay and verify.
pub fn registry() -> Registry {
    Registry::new().with(mississippi_fortress::kind())
}

/// Verifies a finished game record against the rules of `registry`.
pub fn verify(registry: &Registry, record: &Record) -> Result<Verified, VerifyError> {
    adjutant_engine::verify(registry, record)
}
