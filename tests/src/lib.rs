//! Test support for Adjutant's end-to-end tests: [`outpost`], a small game with every kind
//! of hidden information the real games have, used to exercise the platform before (and
//! beside) them; [`finished`] games made in-process; and the registry the test server is
//! built with. The smoke tests of the Outpost and import fuzz targets live here too.

pub mod finished;
#[cfg(test)]
mod fuzz_smoke;
pub mod outpost;

use adjutant_engine::{Registry, kind};

/// The games of the test server: Outpost and Mississippi Fortress.
pub fn registry() -> Registry {
    Registry::new()
        .with(kind::<outpost::Outpost>())
        .with(mississippi_fortress::kind())
}
