//! Test support for Adjutant's end-to-end tests: [`outpost`], a small game with every kind
//! of hidden information the real games have, used to exercise the platform before (and
//! beside) them; and the registry the test server is built with.

pub mod outpost;

use adjutant_engine::{Registry, kind};

/// The games of the test server: Outpost and Mississippi Fortress.
pub fn registry() -> Registry {
    Registry::new()
        .with(kind::<outpost::Outpost>())
        .with(mississippi_fortress::kind())
}
