//! The wall time of one decision at each level, over the positions of seeded random games of
//! a scenario (release build): `cargo run --release -p mississippi-fortress-ai --example
//! timing -- champion-hill 5`.

use std::time::Instant;

use adjutant_engine::{Match, PerSide, Seed, Setup, Viewer};
use mississippi_fortress::MississippiFortress;
use mississippi_fortress_ai::arena::is_move;
use mississippi_fortress_ai::{AiRng, Level, decide};
use serde_json::Value;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let scenario = a.get(1).cloned().unwrap_or("champion-hill".into());
    let games: u64 = a
        .get(2)
        .map_or(Ok(3), |s| s.parse())
        .expect("a number of games");
    let mut positions = Vec::new();
    for g in 0..games {
        let setup = Setup {
            scenario: scenario.clone(),
            options: Default::default(),
            secret_choices: PerSide::default(),
        };
        let mut m: Match<MississippiFortress> =
            Match::new(&setup, &Seed::from_bytes([g as u8; 32])).expect("sets up");
        let mut rng = AiRng::new(g);
        while m.outcome().is_none() {
            let side = m.to_act()[0];
            let offered: Vec<Value> = m.offered(side).into_iter().filter(is_move).collect();
            if offered.len() > 1 {
                positions.push((side, m.view(Viewer::Seat(side)), offered.clone()));
            }
            let i = rng.below(offered.len());
            m.play(side, &offered[i]).expect("legal");
        }
    }
    for level in Level::ALL {
        let started = Instant::now();
        let mut worst = 0f64;
        for (i, (side, view, offered)) in positions.iter().enumerate() {
            let t = Instant::now();
            decide(*side, view, offered, level, &mut AiRng::new(i as u64));
            worst = worst.max(t.elapsed().as_secs_f64());
        }
        let mean = started.elapsed().as_secs_f64() / positions.len().max(1) as f64;
        println!(
            "{scenario}: {} over {} positions: mean {:.3} ms, worst {:.3} ms a decision",
            level.as_str(),
            positions.len(),
            1000.0 * mean,
            1000.0 * worst
        );
    }
}
