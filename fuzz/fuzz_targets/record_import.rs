//! The record importer (parse, the server's checks, the engine's verification, the canonical
//! form and its hash) fed arbitrary bytes as a request body or as edits to honest records:
//! see `adjutant_server::fuzzing::import`.
#![no_main]

use adjutant_engine::{Record, Registry};
use std::sync::OnceLock;

/// The registry and a few finished Outpost games, made once per process.
fn fixtures() -> &'static (Registry, Vec<Record>) {
    static FIXTURES: OnceLock<(Registry, Vec<Record>)> = OnceLock::new();
    FIXTURES.get_or_init(|| {
        let registry = adjutant_tests::registry();
        let honest = (0..4)
            .map(|n| adjutant_tests::finished::finished_record(&registry, "outpost", "skirmish", n))
            .collect();
        (registry, honest)
    })
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let (registry, honest) = fixtures();
    adjutant_server::fuzzing::import(registry, honest, data);
});
