//! Benchmarks of the Mississippi Fortress rules (not tests): the cost per action of applying
//! it, of listing the legal actions and of building the views, over seeded random games played
//! through the engine's `Match`; the time to replay a whole game from its record; and the
//! memory a loaded game holds. Run with
//! `cargo run --release -p mississippi-fortress --example bench -- [scenario] [games] [all-options]`
//! (default: `champion-hill 200`; `all-options` turns on every optional rule of the scenario).

use std::time::{Duration, Instant};

use adjutant_engine::{Match, PerSide, Rules, Seed, Setup, Side, Viewer};
use mississippi_fortress::MississippiFortress;
use serde_json::Value;

/// The scenario, the number of games and the options, from the command line.
fn arguments() -> (Setup, u64) {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let scenario = args
        .first()
        .cloned()
        .unwrap_or_else(|| "champion-hill".into());
    let games = args.get(1).and_then(|g| g.parse().ok()).unwrap_or(200);
    let mut options = serde_json::Map::new();
    if args.iter().any(|a| a == "all-options") {
        for choice in mississippi_fortress::catalog::game_info().choices {
            if choice.scenarios.contains(&scenario) {
                options.insert(choice.id, Value::Bool(true));
            }
        }
    }
    let setup = Setup {
        scenario,
        options,
        secret_choices: PerSide::default(),
    };
    (setup, games)
}

/// The resident set size of this process, in KiB (Linux), or 0.
fn resident_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}

fn seed(n: u64) -> Seed {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&n.to_le_bytes());
    Seed::from_bytes(bytes)
}

/// Per-action samples, in nanoseconds.
#[derive(Default)]
struct Samples(Vec<u64>);

impl Samples {
    fn add(&mut self, d: Duration) {
        self.0.push(u64::try_from(d.as_nanos()).unwrap_or(u64::MAX));
    }

    fn line(&mut self, what: &str) -> String {
        self.0.sort_unstable();
        let n = self.0.len().max(1);
        let mean = self.0.iter().sum::<u64>() / n as u64;
        let pct = |p: usize| self.0.get((n * p / 100).min(n - 1)).copied().unwrap_or(0);
        format!(
            "| {what} | {} | {:.1} | {:.1} | {:.1} |",
            self.0.len(),
            mean as f64 / 1000.0,
            pct(50) as f64 / 1000.0,
            pct(99) as f64 / 1000.0
        )
    }
}

fn main() {
    let (setup, games) = arguments();
    let setup = || setup.clone();
    let mut apply = Samples::default();
    let mut listing = Samples::default();
    let mut views = Samples::default();
    let mut records: Vec<(u64, Vec<(Side, Value)>)> = Vec::new();
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut rnd = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let wall = Instant::now();
    for n in 0..games {
        let mut m: Match<MississippiFortress> =
            Match::new(&setup(), &seed(n)).expect("the scenario sets up");
        let mut played = Vec::new();
        while m.outcome().is_none() {
            let to_act = m.to_act();
            let side = to_act[(rnd() as usize) % to_act.len()];
            let t = Instant::now();
            let actions = m.state().legal_actions(side);
            listing.add(t.elapsed());
            let action = serde_json::to_value(&actions[(rnd() as usize) % actions.len()])
                .expect("actions serialise");
            let t = Instant::now();
            m.play(side, &action).expect("a legal action plays");
            apply.add(t.elapsed());
            let t = Instant::now();
            for viewer in [
                Viewer::Seat(Side::Union),
                Viewer::Seat(Side::Confederate),
                Viewer::Spectator,
            ] {
                std::hint::black_box(m.state().view(viewer));
            }
            views.add(t.elapsed() / 3);
            played.push((side, action));
        }
        records.push((n, played));
    }
    let play_wall = wall.elapsed();
    let actions: usize = records.iter().map(|(_, r)| r.len()).sum();

    // Replay: set-up and every recorded action again, as a server rebuilding a game does.
    let mut replay = Samples::default();
    for (n, played) in &records {
        let t = Instant::now();
        let mut m: Match<MississippiFortress> =
            Match::new(&setup(), &seed(*n)).expect("the scenario sets up");
        for (side, action) in played {
            m.play(*side, action).expect("replays");
        }
        replay.add(t.elapsed());
        assert!(m.outcome().is_some());
    }

    // Memory: the longest game, replayed and held as the server holds a live game (its
    // state, its undo stack back to the last roll or reveal, its dice), many times over.
    let (n, longest) = records
        .iter()
        .max_by_key(|(_, r)| r.len())
        .expect("at least one game");
    let copies = 100;
    let before = resident_kib();
    let held: Vec<Match<MississippiFortress>> = (0..copies)
        .map(|_| {
            let mut m: Match<MississippiFortress> =
                Match::new(&setup(), &seed(*n)).expect("the scenario sets up");
            for (side, action) in longest {
                m.play(*side, action).expect("replays");
            }
            m
        })
        .collect();
    let per_game = resident_kib().saturating_sub(before) / copies;
    let state_bytes = serde_json::to_string(held[0].state())
        .map(|s| s.len())
        .unwrap_or(0);
    drop(held);

    println!(
        "Mississippi Fortress rules, scenario {} {}: {games} random games, {actions} actions ({} per game), {:.2} s in all",
        setup().scenario,
        Value::Object(setup().options),
        actions / games as usize,
        play_wall.as_secs_f64()
    );
    println!(
        "A loaded game at its end ({} actions): {per_game} KiB resident each ({copies} held); its state serialises to {state_bytes} bytes of JSON.",
        longest.len()
    );
    println!();
    println!("| Measure | Samples | Mean (µs) | Median (µs) | 99th percentile (µs) |");
    println!("|---|---|---|---|---|");
    println!(
        "{}",
        apply.line(
            "Apply one action (`Match::play`: checks it is offered, clones for undo, applies)"
        )
    );
    println!(
        "{}",
        listing.line("List the legal actions of the seat to act")
    );
    println!(
        "{}",
        views.line("Build one view (Union, Confederate, spectator; the average)")
    );
    println!(
        "{}",
        replay.line("Replay a whole game (set-up and every action)")
    );
}
