//! `adjutant-server`: serves every game of the registry (`games/registry`) but the test-only ones.

/// mimalloc: see the `mimalloc` line of the workspace manifest for why.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    adjutant_server::main_with(adjutant_games::registry())
}
