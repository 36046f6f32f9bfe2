//! How long a whole recorded game of Bloody Roads South takes to replay, and what a loaded
//! game holds in memory (a benchmark, not a test): seeded games between the bot games' random
//! bots, each choosing among the engine's own legal actions (its batches filled by
//! [`bloody_roads_south::bot::fill`]), are recorded as the store records them, then replayed
//! from their records as the server loads a game (`Match::replay_quiet_all` over stretches of
//! a thousand actions: every action checked against the offered ones, no copy of the state
//! kept for an action no undo can reach).
//!
//! `cargo run --release -p bloody-roads-south --example replay -- [SCENARIO] [GAMES]`
//! (default: `battle-of-the-wilderness`, the 91-turn Scenario 5, one game).
//!
//! The general `bench` (package `adjutant-games`) chooses through the seat's whole view,
//! which for a 50,000-action random game of Scenario 5 takes longer than anyone waits; these
//! bots read the legal actions directly, as the bot games of the tests do.

use std::time::{Duration, Instant};

use adjutant_engine::{Match, PerSide, Rules, Seed, Setup, Side};
use bloody_roads_south::BloodyRoadsSouth;
use serde_json::{Map, Value};

/// The server's allocator, so that the figures are the server's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The bots' die (SplitMix64), seeded per game.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

fn start(scenario: &str, n: u64) -> Match<BloodyRoadsSouth> {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&n.to_le_bytes());
    bytes[31] = 0xb5;
    let setup = Setup {
        scenario: scenario.into(),
        options: Map::new(),
        secret_choices: PerSide::default(),
    };
    Match::new(&setup, &Seed::from_bytes(bytes)).expect("the scenario sets up")
}

/// Plays game `n` to its result between random bots; its record.
fn record(scenario: &str, n: u64) -> Vec<(Side, Value)> {
    let mut m = start(scenario, n);
    let mut rng = Rng(n ^ 0x5eed);
    let mut played = Vec::new();
    while m.outcome().is_none() {
        let to_act = m.to_act();
        let side = to_act[rng.below(to_act.len())];
        let actions = m.state().legal_actions(side);
        let offered = &actions[rng.below(actions.len())];
        let words = format!("Orders of move {}.", m.seq());
        let action =
            bloody_roads_south::bot::fill(m.state(), side, offered, &mut |k| rng.below(k), &words);
        let value = serde_json::to_value(&action).expect("actions serialise");
        m.play(side, &value).expect("an offered action is accepted");
        played.push((side, value));
    }
    played
}

fn resident_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

fn replay(scenario: &str, n: u64, played: &[(Side, Value)]) -> Match<BloodyRoadsSouth> {
    let mut m = start(scenario, n);
    // As the server loads a game: the record in stretches of a thousand actions.
    for stretch in played.chunks(1000) {
        m.replay_quiet_all(stretch)
            .expect("a recorded action replays");
    }
    assert!(m.outcome().is_some(), "a replayed game ends as it did");
    m
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let scenario = args
        .first()
        .map_or("battle-of-the-wilderness", String::as_str);
    let games: u64 = args.get(1).and_then(|g| g.parse().ok()).unwrap_or(1);
    // `BRS_RECORDS=FILE`: the records are read from FILE when it exists, else written to it
    // (to profile replays alone).
    let file = std::env::var("BRS_RECORDS").ok();
    let wall = Instant::now();
    let records: Vec<(u64, Vec<(Side, Value)>)> =
        match file.as_ref().and_then(|f| std::fs::read(f).ok()) {
            Some(bytes) => serde_json::from_slice(&bytes).expect("records written by this example"),
            None => (0..games).map(|n| (n, record(scenario, n))).collect(),
        };
    if let Some(f) = &file {
        std::fs::write(f, serde_json::to_vec(&records).expect("records serialise"))
            .expect("the records file is writable");
    }
    // The records' fingerprint: a change to the rules that must not change play keeps it.
    let mut fingerprint: u64 = 0xcbf2_9ce4_8422_2325;
    for (_, played) in &records {
        for byte in serde_json::to_string(played).unwrap_or_default().bytes() {
            fingerprint = (fingerprint ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    println!(
        "Bloody Roads South, {scenario}: {games} random games recorded in {:.1} s (records' fingerprint {fingerprint:016x})",
        wall.elapsed().as_secs_f64()
    );
    println!();
    println!("| Game | Actions | Replay (ms) | Per action (µs) |");
    println!("|---|---:|---:|---:|");
    let mut total = Duration::ZERO;
    let mut actions = 0;
    for (n, played) in &records {
        let clock = Instant::now();
        std::hint::black_box(replay(scenario, *n, played));
        let took = clock.elapsed();
        total += took;
        actions += played.len();
        println!(
            "| {n} | {} | {:.1} | {:.1} |",
            played.len(),
            took.as_secs_f64() * 1e3,
            took.as_secs_f64() * 1e6 / played.len().max(1) as f64
        );
    }
    println!(
        "\nMean replay {:.1} ms a game, {:.1} µs an action.",
        total.as_secs_f64() * 1e3 / games.max(1) as f64,
        total.as_secs_f64() * 1e6 / actions.max(1) as f64
    );
    // A loaded game, as a server holds one: the longest record replayed, 5 copies held
    // (`BRS_HELD=N`: N copies; 0 replays each record once only, to profile one replay).
    let copies: usize = std::env::var("BRS_HELD")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(5);
    if copies > 0
        && let Some((n, longest)) = records.iter().max_by_key(|(_, r)| r.len())
    {
        let before = resident_kib();
        let held: Vec<_> = (0..copies).map(|_| replay(scenario, *n, longest)).collect();
        let per_game = resident_kib().saturating_sub(before) / copies as u64;
        let snapshot = serde_json::to_string(&held[0].snapshot()).map_or(0, |s| s.len());
        println!(
            "A loaded game at its end ({} actions): {per_game} KiB resident each ({copies} held); its snapshot is {snapshot} bytes of JSON.",
            longest.len()
        );
    }
}
