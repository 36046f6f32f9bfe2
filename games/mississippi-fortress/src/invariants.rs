//! The reference's invariants, checked by the tests after every action, in two tiers. A state
//! is *well formed* (what [`crate::situation::Situation::build`] checks) when strengths are
//! never negative, no counter exists twice, every counter is in one valid place and every ship
//! is in one place with cargo only aboard a steamer afloat. Play also conserves counters
//! (every counter of the scenario exists; the dummy pool plus the dummies in play is constant)
//! and keeps the rules' limits: no combat unit on the map at strength 0, two ships an arrow at
//! the end of a Movement Phase (4.11a), 6 SP a steamer (4.12c) and the Battle Board limits
//! (S8.6b-d).

use std::collections::BTreeSet;

use adjutant_engine::Side;

use crate::data::units::Formation;
use crate::data::{Constants, Units};
use crate::model::action::Position;
use crate::model::counter::{Kind, Place};
use crate::model::game::MississippiFortress;
use crate::model::node::Node;
use crate::model::step::Step;
use crate::naval::transport::capacity;

impl MississippiFortress {
    /// The first broken invariant, if any: the state is well formed and within the rules'
    /// limits.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.check_well_formed()?;
        self.check_conservation()?;
        self.check_on_map_strengths()?;
        self.check_ship_limits()?;
        self.check_battle_board()?;
        Ok(())
    }

    /// The first way the state is not well formed, if any: strengths, places, counters that
    /// exist twice, and where ships and their cargo are.
    pub fn check_well_formed(&self) -> Result<(), String> {
        self.check_strengths()?;
        self.check_places()?;
        self.check_unique()?;
        self.check_ship_places()?;
        Ok(())
    }

    /// S1.7: a combat unit on the map has a strength.
    fn check_on_map_strengths(&self) -> Result<(), String> {
        match self
            .counters
            .iter()
            .find(|c| c.is_combat() && c.on_map() && c.present() == 0)
        {
            Some(c) => Err(format!("{} is on the map at strength 0", c.id)),
            None => Ok(()),
        }
    }

    fn check_strengths(&self) -> Result<(), String> {
        for c in &self.counters {
            if u16::from(c.casualties) + u16::from(c.stragglers) > u16::from(c.full) {
                return Err(format!(
                    "{} has {} casualties and {} stragglers but only {} SP",
                    c.id, c.casualties, c.stragglers, c.full
                ));
            }
            if !c.is_combat() && (c.full != 0 || c.casualties != 0 || c.stragglers != 0) {
                return Err(format!("{} has a strength but is no combat unit", c.id));
            }
        }
        Ok(())
    }

    fn check_places(&self) -> Result<(), String> {
        for c in &self.counters {
            match c.place {
                Place::Area(a) if !a.is_on_map() => {
                    return Err(format!("{} is in Area {}, off the map", c.id, a.number()));
                }
                Place::Aboard(carrier) => {
                    for i in std::iter::once(carrier.ship).chain(carrier.also) {
                        let Some(ship) = self.ships.get(i) else {
                            return Err(format!("{} is aboard a ship that does not exist", c.id));
                        };
                        if !ship.transport || ship.lost() || ship.side != c.side {
                            return Err(format!(
                                "{} is aboard {}, which cannot carry it",
                                c.id, ship.id
                            ));
                        }
                    }
                }
                Place::Pool if c.kind != Kind::Dummy => {
                    return Err(format!("{} is in the dummy pool", c.id));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Every counter of the data exists at most once (0/0 replacements are numbered).
    fn check_unique(&self) -> Result<(), String> {
        self.counter_ids().map(|_| ())
    }

    /// The ids of the state's counters, each once (a generic 0/0 replacement by its own id).
    fn counter_ids(&self) -> Result<BTreeSet<String>, String> {
        let units = Units::get();
        let mut seen = BTreeSet::new();
        for c in &self.counters {
            let Some(unit) = &c.unit else { continue };
            let generic = units
                .unit(unit.as_str())
                .and_then(|u| u.leader.as_ref())
                .is_some_and(|l| l.generic);
            let id = if generic {
                c.id.to_string()
            } else {
                unit.to_string()
            };
            if !seen.insert(id.clone()) {
                return Err(format!("{id} exists twice"));
            }
        }
        Ok(seen)
    }

    /// Counters are conserved: every counter of the scenario exists and the dummies are all
    /// there, in the pool or in play.
    fn check_conservation(&self) -> Result<(), String> {
        let units = Units::get();
        let seen = self.counter_ids()?;
        for id in self.scenario_data().unit_ids() {
            let Some(u) = units.unit(id.as_str()) else {
                continue;
            };
            if Kind::from_data(u.kind).is_some() && !seen.contains(id.as_str()) {
                return Err(format!("{id} of the scenario is missing"));
            }
        }
        let dummies = units.dummies();
        for side in Side::BOTH {
            let limit = self
                .scenario_data()
                .max_dummies
                .unwrap_or(*dummies.get(side))
                .min(*dummies.get(side));
            let n = self
                .counters
                .iter()
                .filter(|c| c.side == side && c.kind == Kind::Dummy)
                .count();
            if n != usize::from(limit) {
                return Err(format!("the {side} player has {n} dummies, not {limit}"));
            }
        }
        Ok(())
    }

    fn check_ship_places(&self) -> Result<(), String> {
        for (i, ship) in self.ships.iter().enumerate() {
            if ship.at.is_some() && ship.off.is_some() {
                return Err(format!("{} is both on the river and off it", ship.id));
            }
            if let Some(area) = ship.supporting() {
                let standing = self.batteries.iter().any(|b| {
                    b.area == area && b.state != crate::model::ship::BatteryState::Destroyed
                });
                if !standing || ship.side != Side::Confederate {
                    return Err(format!(
                        "{} supports no standing battery in Area {} (7.21c)",
                        ship.id,
                        area.number()
                    ));
                }
            }
            if ship.lost() && self.aboard(i).next().is_some() {
                return Err(format!("{} is sunk with counters aboard", ship.id));
            }
            if !ship.transport && self.aboard(i).next().is_some() {
                return Err(format!(
                    "the gunboat {} carries land units (4.12d)",
                    ship.id
                ));
            }
        }
        Ok(())
    }

    fn check_ship_limits(&self) -> Result<(), String> {
        for (i, ship) in self.ships.iter().enumerate() {
            if self.load(i) > capacity() {
                return Err(format!("{} carries {} SP (4.12c)", ship.id, self.load(i)));
            }
            if ship.rec.taken > capacity() {
                return Err(format!(
                    "{} took {} SP aboard this turn (R10)",
                    ship.id, ship.rec.taken
                ));
            }
        }
        // A side's ships may overstack during its own Movement Phase (4.11a, 7.21b).
        let moving = match self.step {
            Step::Arrival(s)
            | Step::Embarkation(s)
            | Step::Movement(s)
            | Step::NavalCombat(s)
            | Step::MovementEnd(s)
            | Step::BatteryFire(s)
            | Step::Disembarkation(s)
            | Step::ForceMarchChecks(s)
            | Step::Transfers(s)
            | Step::PhaseChecks(s) => Some(s),
            _ => None,
        };
        if matches!(self.step, Step::SetUpDummies(_)) || !self.decisions.is_empty() {
            return Ok(());
        }
        let max = usize::from(Constants::get().naval.max_ships_per_arrow);
        for ship in &self.ships {
            let Some(node @ Node::Arrow(_)) = ship.at else {
                continue;
            };
            if moving == Some(ship.side) {
                continue;
            }
            let n = self.ships_at(ship.side, node).count();
            if n > max {
                return Err(format!("{n} {} ships on {node} (4.11a)", ship.side));
            }
        }
        Ok(())
    }

    fn check_battle_board(&self) -> Result<(), String> {
        if self.battle.is_none() {
            return Ok(());
        }
        let bb = &Constants::get().battle_board;
        for side in Side::BOTH {
            for line in 0..3 {
                let keys = self.at_position(side, Position::of_line(line));
                let count = |k: Kind| keys.iter().filter(|&&x| self.counters[x].kind == k).count();
                if count(Kind::Artillery) > usize::from(bb.max_artillery_per_line_position) {
                    return Err(format!("{side} LP{} holds two artillery units", line + 1));
                }
                if count(Kind::Cavalry) > usize::from(bb.max_cavalry_per_line_position) {
                    return Err(format!("{side} LP{} holds two cavalry units", line + 1));
                }
                if side == Side::Confederate {
                    for letter in [Formation::J, Formation::P] {
                        let halves: u32 = keys
                            .iter()
                            .map(|&k| &self.counters[k])
                            .filter(|c| c.formation == Some(letter))
                            .map(|c| match c.kind {
                                Kind::Division => 2,
                                Kind::Brigade => 1,
                                _ => 0,
                            })
                            .sum();
                        if halves > 2 * u32::from(bb.max_divisions_per_identifier) {
                            return Err(format!(
                                "Confederate LP{} holds more than four {} divisions (2.22a)",
                                line + 1,
                                letter.label()
                            ));
                        }
                    }
                }
            }
        }
        Ok(())
    }
}
