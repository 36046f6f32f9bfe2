//! Seeded games between players (the opponent at any level, or the random bot that picks
//! uniformly among the offered actions), played through the engine's `Match` exactly as the
//! server would: each player is handed its seat's view and offered actions, nothing more.

use adjutant_engine::{Match, PerSide, Seed, Setup, Side, Viewer};
use mississippi_fortress::MississippiFortress;
use serde_json::Value;

use crate::{AiRng, Level, decide};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Uniformly random among the offered moves (the engine's undo and draw excluded).
    Random,
    /// The opponent at a level.
    Ai(Level),
}

impl Player {
    /// `random`, `easy`, `normal`, `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Player::Random => "random",
            Player::Ai(l) => l.as_str(),
        }
    }

    /// A player by name.
    pub fn parse(s: &str) -> Option<Player> {
        if s == "random" {
            Some(Player::Random)
        } else {
            Level::parse(s).map(Player::Ai)
        }
    }
}

/// How a game ended.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// The winner (`None`: a draw, or the game did not end within the action cap).
    pub winner: Option<Side>,
    /// Actions played.
    pub actions: u64,
    /// Whether it reached the end (the cap was not hit).
    pub finished: bool,
    /// The book's summary of the result.
    pub summary: String,
    /// Decisions taken by each seat.
    pub decisions: PerSide<u64>,
}

/// Actions a game may take before it is called stuck.
pub const MAX_ACTIONS: u64 = 300_000;

/// Whether an offered action is a move of the game (not the engine's undo or draw offers).
pub fn is_move(v: &Value) -> bool {
    !matches!(
        v["type"].as_str(),
        Some("undo" | "offer_draw" | "accept_draw" | "decline_draw" | "resign")
    )
}

/// Plays one seeded game of `scenario` to its end; `after` sees the match after every action
/// (the tests check the rules' invariants there).
pub fn play(
    scenario: &str,
    players: PerSide<Player>,
    seed: u64,
    mut after: impl FnMut(&Match<MississippiFortress>),
) -> Result<GameResult, String> {
    let setup = Setup {
        scenario: scenario.into(),
        options: Default::default(),
        secret_choices: PerSide::default(),
    };
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    bytes[8..16].copy_from_slice(b"mf-arena");
    let mut m: Match<MississippiFortress> =
        Match::new(&setup, &Seed::from_bytes(bytes)).map_err(|e| format!("{e:?}"))?;
    let mut rngs =
        PerSide::from_fn(|s| AiRng::new(seed.wrapping_mul(31).wrapping_add(s.index() as u64)));
    let mut decisions = PerSide::from_fn(|_| 0u64);
    let trace = std::env::var_os("MF_AI_TRACE").is_some();
    // `MF_AI_TRACE=all` prints every action played as well.
    let every = std::env::var_os("MF_AI_TRACE").is_some_and(|v| v == "all");
    while m.outcome().is_none() && m.seq() < MAX_ACTIONS {
        let to_act = m.to_act();
        let Some(&side) = to_act.first() else {
            return Err(format!("nobody can act at action {}", m.seq()));
        };
        let offered: Vec<Value> = m.offered(side).into_iter().filter(is_move).collect();
        if offered.is_empty() {
            return Err(format!("{side} has only engine actions at {}", m.seq()));
        }
        let rng = rngs.get_mut(side);
        let i = match *players.get(side) {
            Player::Random => rng.below(offered.len()),
            Player::Ai(level) => {
                let view = m.view(Viewer::Seat(side));
                decide(side, &view, &offered, level, rng).unwrap_or(0)
            }
        };
        *decisions.get_mut(side) += 1;
        let played = m
            .play(side, &offered[i])
            .map_err(|e| format!("{side} played {} and was refused: {e:?}", offered[i]))?;
        if every {
            eprintln!("#{} {side}: {}", m.seq(), offered[i]["label"]);
        }
        if trace {
            for e in Match::<MississippiFortress>::redact(&played.events(), Viewer::Omniscient) {
                let text = e.to_string();
                if text.contains("urrender") || text.contains("victory_points") {
                    eprintln!("#{} {side} {}: {}", m.seq(), offered[i]["label"], text);
                }
            }
        }
        after(&m);
    }
    let outcome = m.outcome();
    Ok(GameResult {
        winner: outcome.as_ref().and_then(|o| o.winner),
        actions: m.seq(),
        finished: outcome.is_some(),
        summary: outcome
            .map(|o| o.summary)
            .unwrap_or_else(|| "not finished".into()),
        decisions,
    })
}
