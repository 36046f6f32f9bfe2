//! Leaders: ratings, anti-initiative and what initiative they may use (series 10.2; rules
//! 3.1e-g, 3.2, 3.3a, 4.1a-d).

use super::ids::{FormationId, UnitId};
use serde::Deserialize;

/// What a leader may do with initiative (series 10.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum InitiativeRight {
    /// May not use initiative (army commanders, series 10.2; Union division commanders not
    /// listed in 3.1g; Field, 4.1c).
    None,
    /// Any order, complex (attack) included (Hancock 3.1f; the six of 3.1g; Confederates 4.1b-c).
    Any,
    /// Simple orders only (Warren and Sedgwick, 3.1f).
    SimpleOnly,
    /// Only to lift the 9th Corps movement restriction (Burnside, 3.1f and 3.3a).
    ReleaseOnly,
}

/// How a leader moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LeaderMovement {
    /// As a leader (the Leaders and HQs column of the Movement Chart).
    Leader,
    /// As limbered artillery: Hancock in his ambulance (rule 3.2).
    LimberedArtillery,
}

/// Where a leader's rating comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RatingSource {
    /// Printed on a personality sheet.
    Book,
    /// Our estimate (the counters are not available).
    Estimate,
}

/// The order-of-battle id of the generic replacement leader (series 25.4; Scenario 7 sets
/// one up for 4/5).
pub const REPLACEMENT: &str = "Replacement";

/// A leader.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Leader {
    /// Its id (surname; `Replacement` for the generic replacement leader).
    pub id: UnitId,
    /// Full name.
    pub name: String,
    /// Rank in May 1864.
    pub rank: String,
    /// The formation he commands (none for the generic replacement).
    pub command: Option<FormationId>,
    /// Rating 0-4.
    pub rating: u8,
    /// Anti-initiative (none in this game: rules 3.1e and 4.1a).
    pub anti_initiative: i8,
    /// What initiative he may use.
    pub initiative: InitiativeRight,
    /// How he moves.
    pub moves_as: LeaderMovement,
    /// Where the rating comes from.
    pub rating_source: RatingSource,
    /// Why the estimated rating was chosen.
    pub rating_reason: Option<String>,
    /// Other spellings the book uses.
    #[serde(default)]
    pub book_names: Vec<String>,
}

impl Leader {
    /// Initiative points (series 10.2): rating plus anti-initiative.
    pub fn initiative_points(&self) -> i8 {
        self.rating as i8 + self.anti_initiative
    }

    /// The morale row shift of this leader stacked with a unit (series 25.3a: rating - 1).
    pub fn morale_shift(&self) -> i8 {
        self.rating as i8 - 1
    }
}
