//! The state of the Army Status rules (reference 3A): each commander's track, what the last
//! Status Check counted, the panic demands used, the blows of the current player turn that
//! allow a demand, and the panics that have happened.

use adjutant_engine::{PerSide, Side};
use serde::{Deserialize, Serialize};

use crate::data::{FormationId, UnitId};

/// What a period's score counts, as it stood at the last Status Check (reference 3A.3): the
/// score of a period is the change of these since then.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Enemy brigades wrecked (in play: stragglers count, recovery un-wrecks).
    pub(crate) enemy_brigades: i32,
    /// Friendly brigades wrecked.
    pub(crate) friendly_brigades: i32,
    /// Enemy divisions wrecked.
    pub(crate) enemy_divisions: i32,
    /// Friendly divisions wrecked.
    pub(crate) friendly_divisions: i32,
    /// The 5.3 locations friendly (their printed labels).
    pub(crate) places: Vec<String>,
    /// Friendly corps emergency retreats (an overrun HQ's included).
    pub(crate) setbacks: i32,
    /// Friendly corps or army commanders killed or wounded.
    pub(crate) friendly_commanders: i32,
    /// Enemy corps or army commanders killed or wounded.
    pub(crate) enemy_commanders: i32,
    /// Burnside only: 9 Corps brigades wrecked.
    pub(crate) ninth_brigades: i32,
    /// Burnside only: 9 Corps divisions wrecked.
    pub(crate) ninth_divisions: i32,
}

/// One commander's Army or Corps Status track (reference 3A.1). It belongs to the command:
/// a successor inherits it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Track {
    /// The personality sheet's leader ("Grant", "Meade", "Burnside", "Lee").
    pub(crate) sheet: UnitId,
    /// His side.
    pub(crate) side: Side,
    /// The status, 1-4.
    pub(crate) status: u8,
    /// The track was dropped (Meade fell, 3A.1).
    #[serde(default)]
    pub(crate) dropped: bool,
    /// His panic is in force (3A.7: for good for Grant and Lee; Meade and Burnside until a
    /// Status Check finds them at 3 or more).
    #[serde(default)]
    pub(crate) panicked: bool,
    /// The counts at the last Status Check (the set-up's for the first).
    #[serde(default)]
    pub(crate) tally: Tally,
}

/// A side's panic demands (reference 3A.6).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Demands {
    /// The date (day of May) the count below belongs to.
    pub(crate) day: u8,
    /// Demands made on that date.
    pub(crate) made: u8,
}

/// A panic that happened (public, reference section 5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PanicRecord {
    /// The sheet's leader.
    pub(crate) sheet: UnitId,
    /// The time it happened ("5 May 3:00pm").
    pub(crate) time: String,
    /// "status check" or "demand".
    pub(crate) cause: String,
}

/// Everything the Army Status rules keep.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArmyStatusState {
    /// The tracks; empty when the rules are not in use.
    #[serde(default)]
    pub(crate) tracks: Vec<Track>,
    /// Each side's demands made today.
    #[serde(default)]
    pub(crate) demands: PerSide<Demands>,
    /// The sheets whose commands the phasing side has struck this player turn (a close
    /// combat won, a unit eliminated, a corps HQ overrun: public events only, 3A.6).
    #[serde(default)]
    pub(crate) struck: Vec<UnitId>,
    /// Emergency retreats of corps (an overrun HQ's included), in order, for 3A.3.
    #[serde(default)]
    pub(crate) setbacks: Vec<(Side, FormationId)>,
    /// The panics so far.
    #[serde(default)]
    pub(crate) panics: Vec<PanicRecord>,
}
