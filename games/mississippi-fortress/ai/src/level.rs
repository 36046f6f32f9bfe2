//! Levels and their work budgets, counted in deterministic units (never wall time): belief
//! samples (determinizations of the enemy's face-down counters) and Battle Board looks.

use serde::{Deserialize, Serialize};

/// How hard the opponent thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Few samples and a shaky hand: beats a random player, loses to the others.
    Easy,
    /// The default.
    Normal,
    /// The most samples and no noise.
    Hard,
}

/// The work one decision may do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Determinizations of the enemy's face-down counters (S4) drawn per decision.
    pub samples: u32,
    /// Enemy Combat Orders considered against each of ours: 1 = the expected enemy only,
    /// 3 = every order, weighing the worst case too (S8.8).
    pub order_replies: u32,
    /// Single determinizations of the enemy's face-down counters over which each movement
    /// step is scored and averaged (0 = the averaged belief only): the odds of entering an
    /// Area are not linear in the strength there, so a counter that is a dummy or a division
    /// is weighed as either, not as half a division.
    pub hypotheses: u32,
    /// Standard deviation of the noise added to each action's score (0 = none).
    pub noise: f64,
}

/// Hypotheses a `normal` decision weighs its movement over.
const NORMAL_HYPOTHESES: u32 = 8;
/// And a `hard` one.
const HARD_HYPOTHESES: u32 = 64;

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The level's budget.
    pub fn budget(self) -> Budget {
        match self {
            Level::Easy => Budget {
                samples: 4,
                order_replies: 1,
                hypotheses: 0,
                noise: 6.0,
            },
            Level::Normal => Budget {
                samples: 64,
                order_replies: 3,
                hypotheses: NORMAL_HYPOTHESES,
                noise: 0.5,
            },
            Level::Hard => Budget {
                samples: 512,
                order_replies: 3,
                hypotheses: HARD_HYPOTHESES,
                noise: 0.0,
            },
        }
    }

    /// Its name: `easy`, `normal`, `hard`.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// A level by name.
    pub fn parse(s: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.as_str() == s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stronger_levels_spend_more_and_shake_less() {
        for pair in Level::ALL.windows(2) {
            let (weak, strong) = (pair[0].budget(), pair[1].budget());
            assert!(strong.samples > weak.samples);
            assert!(strong.hypotheses > weak.hypotheses);
            assert!(strong.noise < weak.noise);
        }
        for l in Level::ALL {
            assert_eq!(Level::parse(l.as_str()), Some(l));
        }
        assert_eq!(Level::parse("impossible"), None);
    }
}
