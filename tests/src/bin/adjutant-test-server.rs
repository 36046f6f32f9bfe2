//! `adjutant-test-server`: the real server, built with every game of the registry (the test-only
//! games included), for tests that need a separate process (kill -9 and restart) and for load
//! measurements.

/// The same allocator as `adjutant-server`.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    adjutant_server::main_with(adjutant_tests::registry())
}
