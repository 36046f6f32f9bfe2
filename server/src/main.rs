//! `adjutant-server`: serves every game this build knows.

/// mimalloc: see the `mimalloc` line of the workspace manifest for why.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    adjutant_server::main_with(adjutant_engine::Registry::new().with(mississippi_fortress::kind()))
}
