//! A borrowed view of any counter of the order of battle (the ids are in `ids`).

use super::brigade::Brigade;
pub use super::ids::{FormationId, UnitId};
use super::leader::Leader;
use super::support::{Battery, Hq, Special, Wagon};

/// Any counter of the order of battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit<'a> {
    /// An infantry brigade (including the attachable special brigades).
    Brigade(&'a Brigade),
    /// A leader.
    Leader(&'a Leader),
    /// An artillery unit.
    Battery(&'a Battery),
    /// An army or corps headquarters.
    Hq(&'a Hq),
    /// A supply wagon or army train.
    Wagon(&'a Wagon),
    /// A special counter (the 1st NC Cav).
    Special(&'a Special),
}

impl Unit<'_> {
    /// The counter's id.
    pub fn id(&self) -> &UnitId {
        match self {
            Unit::Brigade(b) => &b.id,
            Unit::Leader(l) => &l.id,
            Unit::Battery(b) => &b.id,
            Unit::Hq(h) => &h.id,
            Unit::Wagon(w) => &w.id,
            Unit::Special(s) => &s.id,
        }
    }

    /// True for combat units: brigades and artillery (these hold and take ground, rule 5.1d).
    pub fn is_combat(&self) -> bool {
        matches!(self, Unit::Brigade(_) | Unit::Battery(_))
    }
}
