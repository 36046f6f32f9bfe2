//! Contact between the two sides' counters outside battle (S3.53-S3.55, S3.92, S4.6d(3),
//! 4.22c): whenever counters move, are placed, land, retreat or withdraw, the engine settles
//! what contact forces: dummies alone with enemy combat units are removed, Leaders alone with
//! them are displaced, batteries alone with Union combat units are destroyed, and artillery
//! alone when enemy infantry or cavalry enters retreats (the overrun).

use adjutant_engine::Side;

use crate::data::{AreaId, Map};
use crate::events::{EventKind, Fx};
use crate::model::counter::{Key, Kind, Place};
use crate::model::decision::{Decision, Departure};
use crate::model::game::MississippiFortress;
use crate::model::ship::BatteryState;

impl MississippiFortress {
    /// S3.53-S3.54: counters of `side` (`keys`) have entered `area` from `from` (a step, a
    /// placement or a landing). If one is infantry, militia or cavalry and the enemy has no
    /// full Control there, enemy artillery there is overrun and must retreat (S3.54).
    pub(crate) fn entered(
        &mut self,
        side: Side,
        area: AreaId,
        from: Option<AreaId>,
        keys: &[Key],
        fx: &mut Fx,
    ) {
        let census = self.census();
        let enemy = side.opponent();
        if census.get(enemy, area).counters > 0 {
            fx.reveal();
        }
        let strikes = keys.iter().any(|&k| {
            self.counters[k].kind.controls_fully() && self.counters[k].place == Place::Area(area)
        });
        if !strikes || census.full(enemy, area) {
            return;
        }
        let overrun: Vec<Key> = self
            .in_area(enemy, area)
            .filter(|&k| self.counters[k].kind == Kind::Artillery && !self.decision_waits_for(k))
            .collect();
        for unit in overrun {
            fx.public(
                EventKind::Move,
                format!(
                    "Enemy troops enter {}: the {enemy} artillery there is overrun and must retreat (S3.54).",
                    Self::area_name(area)
                ),
            );
            self.decisions.push(Decision::Depart {
                unit,
                why: Departure::Overrun { not_into: from },
                from: area,
            });
        }
    }

    /// Settles every contact the rules force after counters moved (S3.92, S4.6d(3), 4.22c,
    /// 5.41). The Area of a battle in progress is left to the battle.
    pub(crate) fn settle(&mut self, fx: &mut Fx) {
        let census = self.census();
        let battle_area = self.battle.as_ref().map(|b| b.area);
        for k in 0..self.counters.len() {
            let c = &self.counters[k];
            let Place::Area(area) = c.place else { continue };
            let side = c.side;
            if !census.occupies(side.opponent(), area) || census.occupies(side, area) {
                continue;
            }
            match c.kind {
                Kind::Dummy => {
                    self.remove_dummy(k, "an enemy combat unit is with it and no friendly one", fx)
                }
                Kind::Leader if Some(area) != battle_area && !self.decision_waits_for(k) => {
                    fx.public(
                        EventKind::Leader,
                        format!(
                            "{} ({side}) is alone with enemy combat units in {}: he is displaced (S3.92).",
                            c.name(),
                            Self::area_name(area)
                        ),
                    );
                    fx.reveal();
                    self.counters[k].face_up = true;
                    self.decisions.push(Decision::Displace { leader: k });
                }
                _ => {}
            }
        }
        // 4.22c (decision R20): Union combat units and no other Confederate combat unit.
        for i in 0..self.batteries.len() {
            let b = &self.batteries[i];
            if b.state != BatteryState::Destroyed
                && census.occupies(Side::Union, b.area)
                && !census.occupies(Side::Confederate, b.area)
            {
                let name = crate::data::Units::get()
                    .unit(b.id.as_str())
                    .map_or_else(|| b.id.to_string(), |u| u.name.clone());
                fx.public(
                    EventKind::BatteryDestroyed,
                    format!(
                        "The {name} is destroyed: Union troops hold {} (4.22c).",
                        Self::area_name(b.area)
                    ),
                );
                fx.reveal();
                self.batteries[i].state = BatteryState::Destroyed;
                let area = self.batteries[i].area;
                self.eliminate_supporting(area, fx);
            }
        }
        self.check_siege(fx);
    }

    /// S3.92: the nearest Areas (in legal Leader steps, through no Area holding enemy combat
    /// units) that hold a friendly combat unit.
    pub fn displacement_areas(&self, leader: Key) -> Vec<AreaId> {
        let c = &self.counters[leader];
        let Some(start) = c.area() else {
            return Vec::new();
        };
        let census = self.census();
        let map = Map::get();
        let side = c.side;
        let mut seen = vec![start];
        let mut frontier = vec![start];
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for &a in &frontier {
                for &n in map.neighbours(a) {
                    if seen.contains(&n)
                        || !map.land_step(a, n, false)
                        || self.scenario_forbids(side, false, n)
                        || census.occupies(side.opponent(), n)
                    {
                        continue;
                    }
                    seen.push(n);
                    next.push(n);
                }
            }
            let mut found: Vec<AreaId> = next
                .iter()
                .copied()
                .filter(|&a| census.occupies(side, a))
                .collect();
            if !found.is_empty() {
                found.sort();
                return found;
            }
            frontier = next;
        }
        Vec::new()
    }

    /// S3.92: a displaced Leader moves to the chosen Area.
    pub(crate) fn displace_to(&mut self, leader: Key, area: AreaId, fx: &mut Fx) {
        let c = &mut self.counters[leader];
        let from = c.area();
        c.place = Place::Area(area);
        c.rec.done = true;
        fx.public(
            EventKind::Leader,
            format!(
                "{} ({}) is displaced{} to {} (S3.92).",
                c.name(),
                c.side,
                from.map(|a| format!(" from {}", Self::area_name(a)))
                    .unwrap_or_default(),
                Self::area_name(area)
            ),
        );
        fx.reveal();
        self.settle(fx);
    }

    /// S3.92: a displaced Leader with nowhere to go is captured (a casualty, replaced under
    /// S9.64).
    pub(crate) fn capture_displaced(&mut self, leader: Key, fx: &mut Fx) {
        if self.counters[leader].area().is_none() {
            return;
        }
        self.leader_falls(leader, "captured: no path to friendly troops (S3.92)", fx);
    }
}
