//! The Wilderness entered (rules 1.2a, 1.2c, 1.2h; reference 2.5, 2.13).
//!
//! - 1.2c: a Union unit entering a Wilderness hex on a day turn becomes Shaken at that
//!   instant if it is in Normal morale (no effect in any other state, Blood Lust included).
//! - 1.2h: any unit entering a Wilderness hex on a night turn becomes DG at that instant; a
//!   DG unit that becomes DG again routs (series 24.4). 1.2c is not used at night.
//! - 1.2a: neither applies in a hex with a road, a trail, or the Unfinished Railroad once the
//!   unit's side has found it, whatever the unit's formation.
//!
//! They apply on entering each hex, to combat units (leaders, HQs and wagons have no morale
//! state, series 10.0, 25.0). Morale states are secret (reference 5): the change is told only
//! to its owner.

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::morale::MoraleState;
use crate::data::terrain::Terrain;
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::UnitKey;

impl BloodyRoadsSouth {
    /// `hex` is a Wilderness hex whose special rules apply to `side` (rule 1.2a).
    pub(crate) fn wilderness_rules_apply(&self, side: Side, hex: HexId) -> bool {
        let map = crate::data::map();
        map.terrain(hex) == Some(Terrain::Wilderness)
            && !map
                .hex(hex)
                .is_some_and(|h| h.has_road_feature(self.railroad_found(side)))
    }

    /// Rules 1.2c and 1.2h for `units` entering `hex` (module docs).
    pub(crate) fn wilderness_entry(
        &mut self,
        side: Side,
        units: &[UnitKey],
        hex: HexId,
        fx: &mut Fx,
    ) {
        if !self.wilderness_rules_apply(side, hex) {
            return;
        }
        let night = self.is_night();
        for &k in units {
            let u = self.unit(k);
            if !u.kind.is_combat() || !u.on_map() {
                continue;
            }
            let before = u.morale;
            let (new, rule) = if night {
                (MoraleState::Disorganized, "1.2h")
            } else if side == adjutant_engine::Side::Union && before == MoraleState::Normal {
                (MoraleState::Shaken, "1.2c")
            } else {
                continue;
            };
            self.add_morale(k, new);
            let after = self.unit(k).morale;
            let name = self.group_member_name(k);
            fx.private(
                EventKind::Morale,
                side,
                format!(
                    "{name} enters the Wilderness at {hex}{}: {} becomes {} ({rule}).",
                    if night { " at night" } else { "" },
                    before.abbreviation(),
                    after.abbreviation()
                ),
            );
        }
    }
}
