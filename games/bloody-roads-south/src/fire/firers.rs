//! The firers of one fire (S20.3, S12.0; reference 2.7, 5.2): the list a `Fire` carries,
//! offered with every eligible unit and checked whole on arrival, and the firing player's own
//! view of who may fire at the chosen target and with how many points.
//!
//! **Decision.** A fire is one action whatever the number of firers, so that the count of
//! actions never tells the target's owner or spectators how many units fired (section 5: not
//! the firer's points). The list is read in order as the firers were once added one by one:
//! each id takes the first unit with that id that may still join (range, arc, sight, not fired
//! yet, only artillery at artillery, and its hex's 1 A and 5 gun points not used up by the
//! units before it); an id twice names a brigade and a part of its extended line. A unit that
//! may not join refuses the whole `Fire` ([`Refusal::NotAFirer`]); an empty list too.

use adjutant_engine::Side;
use serde_json::{Value, json};

use crate::data::{HexId, UnitId};
use crate::model::game::BloodyRoadsSouth;
use crate::model::step::Step;
use crate::model::unit::{UnitKey, UnitKind};
use crate::refusal::Refusal;

impl BloodyRoadsSouth {
    /// Every unit of `side` that may fire at `target` together, in order: the default list of
    /// the offered `Fire` (each unit in turn while its hex has fire left).
    pub(crate) fn all_firers(&self, side: Side, target: HexId, at_artillery: bool) -> Vec<UnitKey> {
        let mut chosen = Vec::new();
        for k in self.eligible_firers(side, target, at_artillery, &[]) {
            if self.hex_has_fire_left(k, &chosen) {
                chosen.push(k);
            }
        }
        chosen
    }

    /// The units a posted `Fire` names, checked whole (module docs). Empty when no target is
    /// chosen (the engine offers `Fire` only once one is).
    pub fn chosen_firers(&self, side: Side, ids: &[UnitId]) -> Result<Vec<UnitKey>, Refusal> {
        let Some(f) = &self.fire else {
            return Ok(Vec::new());
        };
        if ids.is_empty() {
            return Err(Refusal::NoFirers);
        }
        let eligible = self.eligible_firers(side, f.target, f.at_artillery, &[]);
        let mut chosen: Vec<UnitKey> = Vec::with_capacity(ids.len());
        for id in ids {
            let found = eligible.iter().copied().find(|&k| {
                &self.unit(k).id == id && !chosen.contains(&k) && self.hex_has_fire_left(k, &chosen)
            });
            match found {
                Some(k) => chosen.push(k),
                None => {
                    return Err(Refusal::NotAFirer {
                        unit: id.clone(),
                        target: f.target,
                    });
                }
            }
        }
        Ok(chosen)
    }

    /// The fire being chosen, in the firing player's view only: the target, whether at its
    /// artillery, and each unit that may fire with its own fire points at it (alone).
    pub(crate) fn fire_view(&self, side: Side) -> Option<Value> {
        let f = self.fire.as_ref()?;
        if !matches!(self.step, Step::Fire { firer, .. } if firer == side) {
            return None;
        }
        let hit = if f.at_artillery {
            self.artillery_beneath(f.target)
                .or_else(|| self.fire_target_unit(f.target))
        } else {
            self.fire_target_unit(f.target)
        };
        let guns =
            hit.is_some_and(|k| matches!(self.unit(k).kind, UnitKind::Battery | UnitKind::Wagon));
        let firers: Vec<Value> = self
            .eligible_firers(side, f.target, f.at_artillery, &[])
            .into_iter()
            .map(|k| {
                let u = self.unit(k);
                json!({
                    "id": u.id.as_str(),
                    "hex": u.hex(),
                    "part": u.part_of.is_some(),
                    "points": self.fire_points(&[k], f.target, guns, false).words(),
                })
            })
            .collect();
        Some(json!({
            "target": f.target,
            "at_artillery": f.at_artillery,
            "firers": firers,
        }))
    }
}
