//! Fire drawn outside the Fire Combat Phase (series 14.1a, 15.0b-c, 24.3; reference 2.4): a
//! voluntary formation change in an enemy zone of control, unlimbering near the enemy, a
//! retreat into an enemy zone of control. All the entitled enemy units fire together as one
//! fire (reference 2.7, with its morale check); it does not count as their phase's fire.

use adjutant_engine::Side;

use crate::data::HexId;
use crate::events::Fx;
use crate::geometry::frontal_hexes;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{Formation, UnitKey, UnitKind};

use super::resolve::VolleyKind;

pub use crate::model::drawn::Drawn;

impl BloodyRoadsSouth {
    /// The units exerting a zone of control into `hex` against `side` (series 14.0; reference
    /// 2.4): enemy infantry in line and unlimbered artillery whose frontal hexes include it,
    /// not Routed; **BRS** 4.4b: the 1st NC Cav into all six hexes around it.
    pub fn zoc_exerted_into(&self, hex: HexId, side: Side) -> Vec<UnitKey> {
        let map = crate::data::map();
        let Some(cell) = map.cell(hex) else {
            return Vec::new();
        };
        self.keys()
            .filter(|&k| {
                let u = self.unit(k);
                if u.side == side || u.morale == crate::data::morale::MoraleState::Routed {
                    return false;
                }
                let Some(c) = u.hex().and_then(|h| map.cell(h)) else {
                    return false;
                };
                match (u.kind, u.formation) {
                    (UnitKind::Brigade, Formation::Line)
                    | (UnitKind::Battery, Formation::Unlimbered) => {
                        frontal_hexes(c, u.facing).contains(&cell)
                    }
                    (UnitKind::Cavalry, _) => c.distance(cell) == 1,
                    _ => false,
                }
            })
            .collect()
    }

    /// True when `hex` lies in an enemy zone of control for `side` (the command rules'
    /// [`Self::enemy_zoc`]).
    pub fn in_enemy_zoc(&self, hex: HexId, side: Side) -> bool {
        self.enemy_zoc(hex, side)
    }

    /// The enemy units entitled to fire at the stack in `target` for `why` fire at it now,
    /// as one fire (series 20), outside the Fire Combat Phase: for a formation change or a
    /// retreat, every unit whose zone of control covers the hex (S14.1a, S15.0b); for
    /// unlimbering, every enemy unit within 2 hexes able to fire at it (S15.0c).
    pub fn drawn_fire(&mut self, target: HexId, why: Drawn, fx: &mut Fx) {
        let Some(side) = self.fire_target_unit(target).map(|k| self.unit(k).side) else {
            return;
        };
        let firers: Vec<UnitKey> = match why {
            Drawn::FormationChange | Drawn::Retreat => self
                .zoc_exerted_into(target, side)
                .into_iter()
                .filter(|&k| self.can_fire(k))
                .collect(),
            Drawn::Unlimbering => {
                let map = crate::data::map();
                self.keys()
                    .filter(|&k| self.unit(k).side != side)
                    .filter(|&k| {
                        self.unit(k)
                            .hex()
                            .and_then(|h| map.distance(h, target))
                            .is_some_and(|d| d <= 2)
                    })
                    .filter(|&k| self.may_fire_at(k, target))
                    .collect()
            }
        };
        if firers.is_empty() {
            return;
        }
        let worse_formation = why != Drawn::Retreat;
        self.resolve_volley(
            &firers,
            target,
            false,
            VolleyKind::Drawn { worse_formation },
            fx,
        );
    }
}
