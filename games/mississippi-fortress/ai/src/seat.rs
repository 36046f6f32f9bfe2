//! The opponent as the server runs it in a seat: [`opponent`], the registry's entry for
//! Mississippi Fortress (`games/registry`). The server hands it exactly what a client of the
//! seat receives ([`Turn`]) and posts the action it picks through a client's checks.

use adjutant_engine::{Opponent, Turn};
use std::sync::Arc;

use crate::arena::is_move;
use crate::{AiRng, Level, decide};

/// The levels by name, weakest first.
const LEVELS: [&str; 3] = ["easy", "normal", "hard"];

/// The computer opponent of Mississippi Fortress.
struct Computer;

impl Opponent for Computer {
    fn levels(&self) -> &'static [&'static str] {
        &LEVELS
    }

    fn default_level(&self) -> &'static str {
        Level::Normal.as_str()
    }

    /// The opponent's choice at the level named (the default for a name it does not know),
    /// from its own generator seeded with the turn's seed. Never the engine's own actions:
    /// with nothing else offered it plays nothing.
    fn decide(&self, turn: Turn<'_>) -> Option<usize> {
        let level = Level::parse(turn.level).unwrap_or(Level::Normal);
        let mut rng = AiRng::new(turn.seed);
        let i = decide(turn.side, turn.view, turn.offered, level, &mut rng)?;
        turn.offered.get(i).filter(|a| is_move(a)).map(|_| i)
    }
}

/// The opponent for the server's registry.
pub fn opponent() -> Arc<dyn Opponent> {
    Arc::new(Computer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use adjutant_engine::Side;
    use serde_json::json;

    #[test]
    fn every_level_is_named_and_only_moves_are_played() {
        let o = opponent();
        for (name, level) in o.levels().iter().zip(Level::ALL) {
            assert_eq!(*name, level.as_str());
        }
        assert!(o.levels().contains(&o.default_level()));
        let view = json!({});
        let offered = [json!({"type": "undo", "label": "Undo"})];
        let turn = Turn {
            side: Side::Union,
            seq: 3,
            view: &view,
            offered: &offered,
            level: "hard",
            seed: 1,
        };
        assert_eq!(o.decide(turn), None);
        assert_eq!(
            o.decide(Turn {
                offered: &[],
                ..turn
            }),
            None
        );
    }
}
