//! Why an action, a set-up or a replay was refused.

use std::fmt;

use crate::side::Side;

/// Why [`Match::play`](crate::Match::play) refused an action. The match is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game has ended; nothing more can be played.
    GameOver,
    /// This side has nothing to do at the moment.
    NotYourTurn(Side),
    /// The action is not one of those offered (or does not parse as an action of this game).
    NotOffered(String),
    /// The action was offered but the rules refused its free part (text or parameter).
    Refused(String),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::NotYourTurn(side) => write!(f, "it is not the {side} player's turn to act"),
            PlayError::NotOffered(why) => write!(f, "that action is not offered: {why}"),
            PlayError::Refused(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for PlayError {}

/// Why a game could not be set up or restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// No such scenario in this game.
    UnknownScenario(String),
    /// An option or secret choice is not valid.
    BadChoice(String),
    /// The rules refused the set-up, or a stored snapshot does not fit this version.
    Rules(String),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::UnknownScenario(id) => write!(f, "there is no scenario called {id:?}"),
            SetupError::BadChoice(why) | SetupError::Rules(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for SetupError {}
