//! Test support for Adjutant's end-to-end tests: [`finished`] games made in-process, and the
//! registry the test server is built with (every game of `games/registry`, the test-only
//! games included).

pub mod finished;

use adjutant_engine::Registry;

/// The games of the test server: the registry's whole list.
pub fn registry() -> Registry {
    adjutant_games::test_registry()
}
