//! The 1st NC Cav and moving units (rules 4.4a, 4.4b, 4.4d; reference 3, rule 4.4).
//!
//! - 4.4a-b: the marker blocks: no unit enters its hex (`steps`) and no close combat is made
//!   against it (`attack`); its zone of control covers all six hexes around it (`zoc`).
//! - 4.4d: it is removed as soon as any Confederate unit moves adjacent to it (leaders, HQs and
//!   wagons included; only by moving). Its retreat along the Culpepper Mine Road (4.4c) is
//!   not movement's: `cavalry_retreat`, at the start of the Confederate player turn.

use adjutant_engine::Side;

use crate::data::HexId;
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{Location, UnitKind};

impl BloodyRoadsSouth {
    /// Rule 4.4d: Confederate units entering `hex` next to the 1st NC Cav remove it.
    pub(crate) fn cavalry_on_entry(&mut self, side: Side, hex: HexId, fx: &mut Fx) {
        if side != Side::Confederate {
            return;
        }
        let map = crate::data::map();
        let near: Vec<_> = self
            .keys()
            .filter(|&k| {
                let u = self.unit(k);
                u.kind == UnitKind::Cavalry
                    && u.hex().is_some_and(|h| map.distance(h, hex) == Some(1))
            })
            .collect();
        for k in near {
            let at = self
                .unit(k)
                .hex()
                .map(|h| h.to_string())
                .unwrap_or_default();
            self.unit_mut(k).location = Location::Gone;
            fx.public(
                EventKind::Move,
                format!(
                    "Confederate troops reach the 1st NC Cav in {at}: the cavalry is removed (4.4d)."
                ),
            );
        }
    }
}
