//! Benchmarks of any registered game's rules (not tests): seeded games between random bots,
//! played through the same `GameKind`/`DynMatch` door the server uses, measuring the cost per
//! action of applying it and of building views; then the time to replay each whole game from
//! its action list (as a server rebuilding a game from its record does) and the memory a
//! loaded game holds. Run with
//!
//! `cargo run --release -p adjutant-games --features test-games --example bench -- GAME SCENARIO [GAMES] [all-options] [replay-only]`
//!
//! e.g. `... -- mississippi-fortress champion-hill 200` or `... -- bloody-roads-south
//! sanders-field 50`; `all-options` turns on every option the scenario offers; `replay-only`
//! builds only the view each bot chooses from (no other views, no patches), for the replay
//! and memory figures of long scenarios (Bloody Roads South's 91-turn Scenario 5). A bot fills
//! the free-text field of an offered action (an order's words) with a few words, as a
//! player must.

use std::time::{Duration, Instant};

use adjutant_engine::{
    ChoiceKind, ChoiceScope, DynMatch, GameKind, Part, PerSide, Seed, Setup, Side, Viewer,
};
use adjutant_protocol::parts_patch::diff_parts;
use serde_json::Value;

/// The server's allocator, so that the figures are the server's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// What to run, from the command line.
struct Arguments {
    kind: std::sync::Arc<dyn GameKind>,
    setup: Setup,
    games: u64,
    /// Whether every viewer's view and patch is built and timed after each action.
    views: bool,
}

fn arguments() -> Result<Arguments, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: bench GAME SCENARIO [GAMES] [all-options] [replay-only]";
    let game = args.first().ok_or(usage)?;
    let scenario = args.get(1).ok_or(usage)?.clone();
    let kind = adjutant_games::GAMES
        .iter()
        .find(|g| g.id == game)
        .map(|g| (g.rules)())
        .ok_or_else(|| format!("no game {game}"))?;
    if kind.info().scenario(&scenario).is_none() {
        return Err(format!("{game} has no scenario {scenario}"));
    }
    let games = args.get(2).and_then(|g| g.parse().ok()).unwrap_or(50);
    let mut options = serde_json::Map::new();
    if args.iter().any(|a| a == "all-options") {
        for choice in &kind.info().choices {
            let applies = choice.scenarios.is_empty() || choice.scenarios.contains(&scenario);
            if applies
                && choice.scope == ChoiceScope::Option
                && matches!(choice.kind, ChoiceKind::Bool { .. })
            {
                options.insert(choice.id.clone(), Value::Bool(true));
            }
        }
    }
    // Each side's secret choices at their defaults, filled in as the server fills them when
    // a player takes the seat choosing nothing.
    let secret = |side| {
        kind.info()
            .resolve_secret_choices(&scenario, side, &Value::Null)
            .map_err(|e| format!("{side} secret choices: {e}"))
    };
    let secret_choices = PerSide {
        union: secret(Side::Union)?,
        confederate: secret(Side::Confederate)?,
    };
    let setup = Setup {
        scenario,
        options,
        secret_choices,
    };
    let views = !args.iter().any(|a| a == "replay-only");
    Ok(Arguments {
        kind,
        setup,
        games,
        views,
    })
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

/// Samples, in nanoseconds.
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

/// An offered action as a bot posts it: empty free-text fields get a few words (its typed
/// parameters stay empty).
fn filled(mut action: Value, seq: u64) -> Value {
    if let Some(obj) = action.as_object_mut() {
        for (key, value) in obj.iter_mut() {
            if key == "text" && value.as_str() == Some("") {
                *value = Value::String(format!("Orders of move {seq}."));
            }
        }
    }
    action
}

/// A tiny deterministic generator for the bots' choices (xorshift).
struct Choices(u64);

impl Choices {
    fn pick(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// One recorded game: its seed number and its actions.
type Record = (u64, Vec<(Side, Value)>);

fn start(a: &Arguments, n: u64) -> Box<dyn DynMatch> {
    a.kind
        .start(&a.setup, &seed(n))
        .expect("the scenario sets up")
}

fn main() {
    let a = match arguments() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut t = Timings::default();
    let mut records: Vec<Record> = Vec::new();
    let mut choices = Choices(0x9E37_79B9_7F4A_7C15);
    let wall = Instant::now();
    for n in 0..a.games {
        records.push(play_one(&a, n, &mut choices, &mut t));
    }
    let play_wall = wall.elapsed();
    let actions: usize = records.iter().map(|(_, r)| r.len()).sum();
    let mut replay = Samples::default();
    for (n, played) in &records {
        let t = Instant::now();
        let mut m = start(&a, *n);
        for (side, action) in played {
            m.replay_quiet(*side, action).expect("replays");
        }
        replay.add(t.elapsed());
        assert!(m.outcome().is_some(), "a replayed game ends as it did");
    }
    let (longest, per_game, state_bytes) = memory(&a, &records);

    println!(
        "{} rules, scenario {} {}: {} random games, {actions} actions ({} per game), {:.2} s in all",
        a.kind.info().name,
        a.setup.scenario,
        Value::Object(a.setup.options.clone()),
        a.games,
        actions / a.games.max(1) as usize,
        play_wall.as_secs_f64()
    );
    println!(
        "A loaded game at its end ({longest} actions): {per_game} KiB resident each (100 held); its snapshot serialises to {state_bytes} bytes of JSON."
    );
    println!();
    println!("| Measure | Samples | Mean (µs) | Median (µs) | 99th percentile (µs) |");
    println!("|---|---|---|---|---|");
    println!(
        "{}",
        t.apply.line("Apply one action (checks it is offered, keeps the undo state, applies, runs every automatic step)")
    );
    println!(
        "{}",
        t.own_view.line("The acting seat's view in parts, as the server builds it (its prompt and every legal action included)")
    );
    println!(
        "{}",
        t.other_views
            .line("One other view in parts (the other seat, a spectator; the average)")
    );
    println!(
        "{}",
        t.diff.line("The patch from a viewer's last view to its new one, made from the parts that changed (each seat and the spectators, after every action)")
    );
    println!(
        "{}",
        replay.line("Replay a whole game (set-up and every action)")
    );
    let n = t.diff.0.len().max(1);
    println!();
    println!(
        "Views average {} bytes of JSON; their patches {} bytes.",
        t.view_bytes / n,
        t.patch_bytes / n
    );
}

/// What one run times, per action.
#[derive(Default)]
struct Timings {
    apply: Samples,
    own_view: Samples,
    other_views: Samples,
    /// Each viewer's patch from its previous view (the server's work per subscribed viewer).
    diff: Samples,
    view_bytes: usize,
    patch_bytes: usize,
}

/// Each viewer's last view (in parts, as the server keeps it), the base of its next patch.
struct Bases([(Viewer, Part); 3]);

impl Bases {
    fn new(m: &dyn DynMatch) -> Self {
        let viewers = [
            Viewer::Seat(Side::Union),
            Viewer::Seat(Side::Confederate),
            Viewer::Spectator,
        ];
        Bases(viewers.map(|v| (v, m.view_parts(v))))
    }

    /// Times the patch of every viewer to its view of `m` now (made from the parts that
    /// changed).
    fn advance(&mut self, m: &dyn DynMatch, t: &mut Timings) {
        for (viewer, base) in &mut self.0 {
            let new = m.view_parts(*viewer);
            let start = Instant::now();
            let patch = diff_parts(base, &new).expect("views are JSON");
            t.diff.add(start.elapsed());
            t.view_bytes += new.text_len();
            t.patch_bytes += patch.len();
            *base = new;
        }
    }
}

/// Plays game `n` to its end between random bots, timing each action and view.
fn play_one(a: &Arguments, n: u64, choices: &mut Choices, t: &mut Timings) -> Record {
    let mut m = start(a, n);
    let mut bases = Bases::new(m.as_ref());
    let mut played = Vec::new();
    while m.outcome().is_none() {
        let to_act = m.to_act();
        let side = to_act[choices.pick(to_act.len())];
        let clock = Instant::now();
        let parts = m.view_parts(Viewer::Seat(side));
        t.own_view.add(clock.elapsed());
        let view: Value = serde_json::from_str(&parts.text()).expect("a view is JSON");
        let mut offered: Vec<Value> = view["actions"]
            .as_array()
            .map(|v| v.iter().filter(|x| x["type"] != "undo").cloned().collect())
            .unwrap_or_default();
        // An action whose typed parameter the bot cannot fill (an army HQ's move must name
        // its destination) is refused, changing nothing: the bot chooses another.
        let action = loop {
            assert!(
                !offered.is_empty(),
                "a seat to act can play an offered action"
            );
            let chosen = offered.swap_remove(choices.pick(offered.len()));
            let action = filled(chosen, m.seq());
            let clock = Instant::now();
            if m.play(side, &action).is_ok() {
                t.apply.add(clock.elapsed());
                break action;
            }
        };
        if a.views {
            let clock = Instant::now();
            std::hint::black_box(m.view_parts(Viewer::Seat(side.opponent())));
            std::hint::black_box(m.view_parts(Viewer::Spectator));
            t.other_views.add(clock.elapsed() / 2);
            bases.advance(m.as_ref(), t);
        }
        played.push((side, action));
    }
    (n, played)
}

/// The longest game replayed and held 100 times, as a server holds a live game: its length,
/// the resident KiB per copy, and its snapshot's size.
fn memory(a: &Arguments, records: &[Record]) -> (usize, u64, usize) {
    let Some((n, longest)) = records.iter().max_by_key(|(_, r)| r.len()) else {
        return (0, 0, 0);
    };
    let copies = 100;
    let before = resident_kib();
    let held: Vec<Box<dyn DynMatch>> = (0..copies)
        .map(|_| {
            let mut m = start(a, *n);
            for (side, action) in longest {
                m.replay_quiet(*side, action).expect("replays");
            }
            m
        })
        .collect();
    let per_game = resident_kib().saturating_sub(before) / copies;
    let bytes = serde_json::to_string(&held[0].snapshot())
        .map(|s| s.len())
        .unwrap_or(0);
    (longest.len(), per_game, bytes)
}
