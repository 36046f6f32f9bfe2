//! One seeded game with the opponent's key decisions printed with the scores of the choices
//! it had (declarations, Retreat Before Combat, Combat Orders, probes, dummies, landings): the
//! annotated game of `docs/ai.md`.
//!
//! `cargo run --release -p mississippi-fortress-ai --example annotate -- champion-hill union normal 0`

use adjutant_engine::{Match, PerSide, Seed, Setup, Side, Viewer};
use mississippi_fortress::MississippiFortress;
use mississippi_fortress_ai::arena::is_move;
use mississippi_fortress_ai::{AiRng, Level, scores};
use serde_json::Value;

const KEY: [&str; 7] = [
    "declare",
    "retreat_before_combat",
    "order",
    "probe_into",
    "second_round",
    "land",
    "fight_in",
];

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let scenario = a.get(1).cloned().unwrap_or("champion-hill".into());
    let ai = Side::parse(a.get(2).map_or("union", |s| s.as_str())).expect("union|confederate");
    let level = Level::parse(a.get(3).map_or("normal", |s| s.as_str())).expect("a level");
    let seed: u64 = a.get(4).map_or(Ok(0), |s| s.parse()).expect("a seed");
    let setup = Setup {
        scenario,
        options: Default::default(),
        secret_choices: PerSide::default(),
    };
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let mut m: Match<MississippiFortress> =
        Match::new(&setup, &Seed::from_bytes(bytes)).expect("sets up");
    let (mut mine, mut other) = (AiRng::new(seed), AiRng::new(seed ^ 1));
    while m.outcome().is_none() {
        let side = m.to_act()[0];
        let offered: Vec<Value> = m.offered(side).into_iter().filter(is_move).collect();
        let i = if side == ai {
            let view = m.view(Viewer::Seat(side));
            let s = scores(side, &view, &offered, level.budget(), &mut mine);
            let best = (0..offered.len())
                .filter(|&i| s[i].is_some())
                .max_by(|&x, &y| s[x].unwrap_or(0.0).total_cmp(&s[y].unwrap_or(0.0)))
                .unwrap_or(0);
            let kind = offered[best]["type"].as_str().unwrap_or_default();
            if KEY.contains(&kind) || (kind == "place_dummy" && m.seq() < 40) {
                println!(
                    "T{} {}: {}",
                    view["turn"],
                    view["prompt"].as_str().unwrap_or_default(),
                    offered[best]["label"].as_str().unwrap_or_default()
                );
                for (j, o) in offered.iter().enumerate() {
                    if let Some(v) = s[j] {
                        println!("    {v:8.2}  {}", o["label"].as_str().unwrap_or_default());
                    }
                }
            }
            best
        } else {
            other.below(offered.len())
        };
        m.play(side, &offered[i])
            .expect("offered actions are legal");
    }
    println!("{}", m.outcome().map(|o| o.summary).unwrap_or_default());
}
