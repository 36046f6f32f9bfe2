//! One seeded game, turn by turn: VPs and where each side stands (for tuning by eye).
//! `cargo run -p mississippi-fortress-ai --example trace -- SCENARIO UNION CONFEDERATE SEED`
use adjutant_engine::{PerSide, Side, Viewer};
use mississippi_fortress_ai::arena::{Player, play};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let players = PerSide {
        union: Player::parse(&a[2]).unwrap(),
        confederate: Player::parse(&a[3]).unwrap(),
    };
    let mut last = (0, String::new());
    let r = play(&a[1], players, a[4].parse().unwrap(), |m| {
        let v = m.view(Viewer::Omniscient);
        let key = (
            v["turn"].as_u64().unwrap_or(0),
            v["phase"]["player"].to_string(),
        );
        if key != last {
            last = key.clone();
            let mut line = format!(
                "T{} {} vp {}/{}:",
                key.0, key.1, v["vp"]["union"], v["vp"]["confederate"]
            );
            for ar in v["areas"].as_array().unwrap() {
                for s in Side::BOTH {
                    let sp: u64 = ar["counters"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .filter(|c| c["side"] == s.as_str())
                        .filter_map(|c| c["strength"].as_u64())
                        .sum();
                    if sp > 0 {
                        line += &format!(" {}{}={}", &s.as_str()[..1], ar["area"], sp);
                    }
                }
            }
            println!("{line}");
        }
    })
    .unwrap();
    println!("{}", r.summary);
}
