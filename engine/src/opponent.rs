//! A computer opponent: the object-safe face a game's AI shows the server, which runs it as a
//! seat ([`Opponent`]), and what one decision is given ([`Turn`]). Pure, like the rules: the
//! server calls [`Opponent::decide`] off the game's actor and posts the chosen action through
//! the same checks as a client's.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::dice::Seed;
use crate::side::Side;

/// What the computer is given for one decision: exactly what a client of its seat receives,
/// and nothing of the state, the other side's secrets or the dice to come.
#[derive(Clone, Copy, Debug)]
pub struct Turn<'a> {
    /// The seat the computer holds.
    pub side: Side,
    /// The game's sequence number the view was taken at (the action is posted against it).
    pub seq: u64,
    /// The seat's view, as `GET /api/games/{id}` gives it to that seat.
    pub view: &'a Value,
    /// The view's `actions`, unchanged.
    pub offered: &'a [Value],
    /// One of [`Opponent::levels`].
    pub level: &'a str,
    /// The computer's own random seed for this decision ([`opponent_seed`]).
    pub seed: u64,
}

/// A game's computer opponent.
pub trait Opponent: Send + Sync {
    /// Its levels, weakest first (`easy`, `normal`, `hard`).
    fn levels(&self) -> &'static [&'static str];
    /// The level used when none is asked for.
    fn default_level(&self) -> &'static str;
    /// The index of the offered action to play; `None` when it will not play any of them
    /// (nothing is offered, or only the engine's own actions such as undo).
    fn decide(&self, turn: Turn<'_>) -> Option<usize>;
}

/// What the catalog says of a game's computer opponent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpponentInfo {
    /// The game id.
    pub game: String,
    /// Its levels, weakest first.
    pub levels: Vec<String>,
    /// The level when none is asked for.
    pub default_level: String,
}

impl OpponentInfo {
    /// The catalog entry of `opponent` for game `game`.
    pub fn of(game: &str, opponent: &dyn Opponent) -> OpponentInfo {
        OpponentInfo {
            game: game.to_string(),
            levels: opponent.levels().iter().map(|l| l.to_string()).collect(),
            default_level: opponent.default_level().to_string(),
        }
    }
}

/// The computer's random seed for the decision at `seq` of a game with `seed`: SHA-256 of a
/// label, the game's seed and `seq`, so that it shares nothing with the dice, cannot be
/// foreseen by the human while the seed is secret, and can be checked once it is published.
pub fn opponent_seed(seed: &Seed, seq: u64) -> u64 {
    let mut hash = Sha256::new();
    hash.update(b"adjutant computer opponent");
    hash.update(seed.as_bytes());
    hash.update(seq.to_le_bytes());
    let digest = hash.finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_le_bytes(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_decision_has_its_own_seed() {
        let seed = Seed::from_bytes([7; 32]);
        assert_ne!(opponent_seed(&seed, 1), opponent_seed(&seed, 2));
        assert_eq!(opponent_seed(&seed, 1), opponent_seed(&seed, 1));
        assert_ne!(
            opponent_seed(&seed, 1),
            opponent_seed(&Seed::from_bytes([8; 32]), 1)
        );
    }
}
