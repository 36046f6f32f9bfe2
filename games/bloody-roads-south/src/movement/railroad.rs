//! The Unfinished Railroad found by movement (rules 1.3b-1.3f; reference 3, rule 1.3).
//!
//! - 1.3b (conditions reconstructed): the Confederate condition is met once a combat unit of
//!   1 Corps enters any railroad hex; the Union condition once a Union combat unit enters
//!   B39.06. Checked on every hex entered; a condition once met stays met.
//! - 1.3c-d: the side rolls 2d6 first thing in each of its Movement Phases that begins after
//!   the condition was met (the next turn's, or this turn's when it was met in the other
//!   player's turn, by a retreat): the Confederates find it on 2-4, the Union on 2. A side
//!   meets its condition only by entering hexes, so any condition met at the start of its own
//!   Movement Phase was met before it. 1.3e: it is then a trail for the
//!   finder only (the geometry's `railroad_found`).
//! - Conditions, rolls and discovery are seen only by the side concerned (reference 5).

use adjutant_engine::Side;

use crate::data::HexId;
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::UnitKey;

impl BloodyRoadsSouth {
    /// Rule 1.3b: `units` of `side` entering `hex` may meet the side's condition.
    pub(crate) fn railroad_condition_on_entry(
        &mut self,
        side: Side,
        units: &[UnitKey],
        hex: HexId,
    ) {
        if self.railroad_found(side) || self.railroad_condition.get(side).is_some() {
            return;
        }
        let rules = &crate::data::charts().special_rules.railroad_discovery;
        let map = crate::data::map();
        let met = match side {
            Side::Union => {
                self.canonical(rules.union_hex) == Some(hex)
                    && units.iter().any(|&k| self.unit(k).kind.is_combat())
            }
            Side::Confederate => {
                map.hex(hex).is_some_and(|h| h.railroad)
                    && units.iter().any(|&k| {
                        self.unit(k).kind.is_combat()
                            && self.corps_of(k).as_ref() == Some(&rules.confederate_corps)
                    })
            }
        };
        if met {
            *self.railroad_condition.get_mut(side) = Some(self.turn);
        }
    }

    /// Rules 1.3c-d: the discovery roll at the start of the side's Movement Phase.
    pub(crate) fn railroad_discovery(&mut self, side: Side, fx: &mut Fx) {
        if self.railroad_found(side) || self.railroad_condition.get(side).is_none() {
            return;
        }
        let (a, b) = self.secret_2d6(side, fx);
        let roll = a + b;
        let rules = &crate::data::charts().special_rules.railroad_discovery;
        let found = rules.discovers(side, roll);
        if found {
            *self.railroad_found.get_mut(side) = true;
        }
        fx.private(
            EventKind::Railroad,
            side,
            if found {
                format!("Unfinished Railroad discovery roll {roll}: found; it is a trail for your units (1.3d-e).")
            } else {
                format!("Unfinished Railroad discovery roll {roll}: not found (1.3d).")
            },
        );
    }
}
