//! Enemy leaders, HQs and wagons overrun by moving units (series 10.0, 25.4, 28.0;
//! reference 2.3.1, 2.12.3).
//!
//! A stack of only enemy leaders, HQs and wagons (the public "neither" of reference 2.2) does
//! not stop a group that holds a combat unit: the group may enter its hex. Then the enemy
//! wagons there are destroyed; the enemy leaders and HQs there displace to the nearest hex
//! holding a combat unit of their side (of their own command where there is one; ties by
//! hex id), or are removed if their side has none on the map. The 1st NC Cav is not overrun:
//! it blocks (rule 4.4a).
//!
//! An overrun corps HQ's corps makes an emergency retreat in its next Command Phase, and an
//! overrun army HQ is "moving" (S10.0, S10.6): marked here for the command rules.

use adjutant_engine::Side;

use crate::data::HexId;
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::moves::MovingGroup;
use crate::model::unit::{Location, UnitKey, UnitKind};

impl BloodyRoadsSouth {
    /// The group may enter `hex`, held by enemy leaders, HQs or wagons only (module docs).
    pub(crate) fn may_overrun(&self, side: Side, g: &MovingGroup, hex: HexId) -> bool {
        let stack = self.at(hex);
        g.units.iter().any(|&k| self.unit(k).kind.is_combat())
            && stack.iter().all(|&k| {
                let u = self.unit(k);
                u.side != side
                    && matches!(u.kind, UnitKind::Leader | UnitKind::Hq | UnitKind::Wagon)
            })
    }

    /// Overruns the enemy leaders, HQs and wagons in `hex`.
    pub(crate) fn overrun(&mut self, side: Side, hex: HexId, fx: &mut Fx) {
        let enemy: Vec<UnitKey> = self
            .at(hex)
            .into_iter()
            .filter(|&k| self.unit(k).side != side)
            .collect();
        for k in enemy {
            let (kind, id, owner) = {
                let u = self.unit(k);
                (u.kind, u.id.clone(), u.side)
            };
            match kind {
                UnitKind::Wagon => {
                    self.unit_mut(k).location = Location::Gone;
                    fx.public(
                        EventKind::Supply,
                        format!("The {owner} wagon {id} in {hex} is overrun and destroyed (28.0)."),
                    );
                }
                UnitKind::Leader | UnitKind::Hq => {
                    let to = self.displacement_hex(k, hex);
                    match to {
                        Some(to) => {
                            self.unit_mut(k).location = Location::Map { hex: to };
                            self.put_on_top(k);
                            self.hq_overrun(k, to);
                            fx.public(
                                EventKind::Leader,
                                format!("{id} is overrun in {hex} and displaces to {to} (10.0)."),
                            );
                        }
                        None => {
                            self.unit_mut(k).location = Location::Gone;
                            fx.public(
                                EventKind::Leader,
                                format!("{id} is overrun in {hex} with nowhere to go and is removed (10.0)."),
                            );
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// An overrun HQ (S10.0): a corps HQ's corps makes an emergency retreat in its next
    /// Command Phase, an army HQ is "moving" (the command rules' marks).
    fn hq_overrun(&mut self, k: UnitKey, to: HexId) {
        let u = self.unit(k);
        if u.kind != UnitKind::Hq {
            return;
        }
        let side = u.side;
        let oob = crate::data::order_of_battle().side(side);
        if let Some(c) = oob.corps().iter().find(|c| c.hq == u.id) {
            self.mark_hq_overrun(side, &c.id.clone());
            // Reference 3A.6: a corps HQ overrun is a public blow against its command.
            self.record_blow(k);
        } else if let Some(a) = oob.armies().iter().find(|a| a.hq == u.id) {
            self.army_hq_overrun(side, &a.id.clone(), to);
        }
    }

    /// The nearest hex with a combat unit of `k`'s side, of its own command first.
    fn displacement_hex(&self, k: UnitKey, from: HexId) -> Option<HexId> {
        let map = crate::data::map();
        let side = self.unit(k).side;
        let corps = self.corps_of(k);
        let mut best: Option<(bool, u32, HexId)> = None;
        for c in self.keys() {
            let u = self.unit(c);
            let Some(h) = u.hex() else { continue };
            if u.side != side || !u.kind.is_combat() || h == from {
                continue;
            }
            let Some(d) = map.distance(from, h) else {
                continue;
            };
            let own = corps.is_some() && self.corps_of(c) == corps;
            let key = (!own, d, h);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
        best.map(|(_, _, h)| h)
    }
}
