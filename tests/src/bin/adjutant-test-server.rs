//! `adjutant-test-server`: the real server, built with every game of the registry (the test-only
//! games included), for tests that need a separate process (kill -9 and restart) and for load
//! measurements.
//!
//! Test-only control (never in `adjutant-server`): with `ADJUTANT_TEST_CLOCK=<Unix seconds>`
//! in its environment the server runs on a manual clock standing at that time, moved forward
//! by lines `advance <seconds>` on its standard input (each answered `at <Unix seconds>` on
//! standard output), so that a test of several processes moves their time together without
//! sleeping.

use adjutant_server::ManualClock;
use std::io::{BufRead, Write};

/// The same allocator as `adjutant-server`.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    let start = std::env::var("ADJUTANT_TEST_CLOCK").ok();
    let Some(start) = start.and_then(|s| s.parse::<i64>().ok()) else {
        return adjutant_server::main_with(adjutant_tests::registry());
    };
    let clock = ManualClock::new(start);
    {
        let clock = clock.clone();
        std::thread::spawn(move || {
            let stdin = std::io::stdin();
            for line in stdin.lock().lines() {
                let Ok(line) = line else { return };
                let secs = line
                    .strip_prefix("advance ")
                    .and_then(|s| s.trim().parse().ok());
                if let Some(secs) = secs {
                    clock.advance(secs);
                }
                let mut out = std::io::stdout().lock();
                let _ = writeln!(out, "at {}", adjutant_server::Clock::now(&*clock));
                let _ = out.flush();
            }
        });
    }
    adjutant_server::main_with_clock(adjutant_tests::registry(), clock)
}
