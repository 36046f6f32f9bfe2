//! Seeded games between two players on both sides of a scenario, with win rates and 95 %
//! (Wilson) confidence intervals, and the time each level takes per decision.
//!
//! ```text
//! cargo run --release -p mississippi-fortress-ai --example tournament -- \
//!     --scenario champion-hill --a hard --b random --games 200 [--first-seed 0]
//! ```
//! `--a` plays the Union in the first half of the games and the Confederates in the second;
//! `--side union` (or `confederate`) plays only that half.

use std::time::Instant;

use adjutant_engine::{PerSide, Side};
use mississippi_fortress_ai::arena::{Player, play};

fn arg(name: &str, default: &str) -> String {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
        .unwrap_or_else(|| default.to_string())
}

/// Wilson 95 % interval for `k` successes in `n`.
fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn main() {
    let scenario = arg("--scenario", "champion-hill");
    let a = Player::parse(&arg("--a", "normal")).expect("--a: random|easy|normal|hard");
    let b = Player::parse(&arg("--b", "random")).expect("--b: random|easy|normal|hard");
    let games: u64 = arg("--games", "20").parse().expect("--games N");
    let first: u64 = arg("--first-seed", "0").parse().expect("--first-seed N");
    let only = arg("--side", "both");
    for a_side in Side::BOTH {
        if only != "both" && only != a_side.as_str() {
            continue;
        }
        let players = PerSide::from_fn(|s| if s == a_side { a } else { b });
        let (mut wins, mut losses, mut draws, mut stuck) = (0u64, 0u64, 0u64, 0u64);
        let mut decisions = 0u64;
        let mut actions = 0u64;
        let started = Instant::now();
        for g in 0..games {
            let seed = first + g + if a_side == Side::Union { 0 } else { 1_000_000 };
            match play(&scenario, players, seed, |_| {}) {
                Ok(r) => {
                    actions += r.actions;
                    decisions += r.decisions.union + r.decisions.confederate;
                    if !r.finished {
                        stuck += 1;
                    } else if r.winner == Some(a_side) {
                        wins += 1;
                    } else if r.winner.is_some() {
                        losses += 1;
                    } else {
                        draws += 1;
                    }
                    if std::env::var("VERBOSE").is_ok() {
                        eprintln!("seed {seed}: {}", r.summary);
                    }
                }
                Err(e) => {
                    stuck += 1;
                    eprintln!("seed {seed}: error {e}");
                }
            }
        }
        let secs = started.elapsed().as_secs_f64();
        let (lo, hi) = wilson(wins, games);
        println!(
            "{scenario}: {} as {a_side} vs {}: {wins}/{games} won ({:.1} %, 95 % CI {:.1}–{:.1} %), {losses} lost, {draws} drawn, {stuck} unfinished; {:.0} actions/game, {:.2} ms/decision, {:.1} s",
            a.name(),
            b.name(),
            100.0 * wins as f64 / games.max(1) as f64,
            100.0 * lo,
            100.0 * hi,
            actions as f64 / games.max(1) as f64,
            1000.0 * secs / decisions.max(1) as f64,
            secs
        );
    }
}
