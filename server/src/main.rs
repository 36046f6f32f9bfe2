//! `adjutant-server`: serves every game this build knows.

fn main() -> std::process::ExitCode {
    adjutant_server::main_with(adjutant_engine::Registry::new())
}
