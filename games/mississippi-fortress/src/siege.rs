//! The siege of Vicksburg (5.41-5.43): Vicksburg is besieged while Union combat units are in
//! all three siege Areas (10, 19, 23). At the end of the first Confederate player turn in
//! which it is besieged the Vicksburg Supplies value is set to 10; at the end of each later
//! Confederate player turn it drops by one while besieged and rises by one otherwise (decision
//! G8). At 0 under siege every Confederate force in Areas 10, 18, 19 and 23 surrenders
//! (decisions R5, R37). The status and the value are public (the Siege Track).

use adjutant_engine::Side;

use crate::data::map::AreaFlag;
use crate::data::{Constants, Map};
use crate::events::{EventKind, Fx};
use crate::model::counter::{Key, Kind};
use crate::model::game::MississippiFortress;
use crate::model::ship::BatteryState;

impl MississippiFortress {
    /// 5.41: Union combat units are in every siege Area.
    pub fn besieged_now(&self) -> bool {
        let areas = Map::get().areas_with(AreaFlag::SiegeArea);
        !areas.is_empty() && areas.iter().all(|&a| self.has_combat_unit(Side::Union, a))
    }

    /// Announces a change of the siege status (the marker on the track, 5.41).
    pub(crate) fn check_siege(&mut self, fx: &mut Fx) {
        let now = self.besieged_now();
        if now == self.siege.besieged {
            return;
        }
        self.siege.besieged = now;
        fx.reveal();
        fx.public(
            EventKind::Siege,
            if now {
                "Vicksburg is besieged (5.41).".to_string()
            } else {
                "The siege of Vicksburg is lifted (5.41).".to_string()
            },
        );
    }

    /// 5.42-5.43: the End Phase of the Confederate player turn.
    pub(crate) fn siege_end_phase(&mut self, fx: &mut Fx) {
        let siege = &Constants::get().siege;
        let besieged = self.besieged_now();
        let next = match self.siege.supplies {
            None if besieged => Some(siege.supplies_start),
            None => None,
            Some(v) if besieged => Some(v.saturating_sub(1)),
            Some(v) => Some((v + 1).min(siege.supplies_max)),
        };
        if next != self.siege.supplies
            && let Some(v) = next
        {
            fx.public(EventKind::Siege, format!("Vicksburg Supplies: {v} (5.42)."));
        }
        self.siege.supplies = next;
        if besieged && next == Some(0) {
            self.surrender_vicksburg(fx);
        }
    }

    /// 5.43 (R5, R37): every Confederate force in the surrender Areas surrenders.
    fn surrender_vicksburg(&mut self, fx: &mut Fx) {
        let areas = Map::get().areas_with(AreaFlag::SurrenderArea);
        fx.public(
            EventKind::Siege,
            "Vicksburg's supplies are exhausted: its defenders surrender (5.43).",
        );
        let keys: Vec<Key> = (0..self.counters.len())
            .filter(|&k| {
                let c = &self.counters[k];
                c.side == Side::Confederate && c.area().is_some_and(|a| areas.contains(&a))
            })
            .collect();
        for k in keys {
            match self.counters[k].kind {
                Kind::Dummy => self.remove_dummy(k, "the garrison surrenders", fx),
                Kind::Leader => self.leader_falls(k, "captured at the surrender (5.43)", fx),
                _ => self.eliminate(k, "surrendered (5.43)", fx),
            }
        }
        for b in &mut self.batteries {
            if areas.contains(&b.area) {
                b.state = BatteryState::Destroyed;
            }
        }
        // 7.21c: ships supporting a battery that surrenders go with it.
        for &area in &areas {
            self.eliminate_supporting(area, fx);
        }
    }
}
