//! Line Position outcomes and withdrawals (S9.7, S8.4c, S9.74, S9.75, S3.54): after the
//! losses of a round, Defender Line Positions with Withdraw leave, then those driven off by an
//! Assault, then repulsed Attacker Line Positions (decision R27). A departing Defender unit
//! moves one Area not holding enemy combat units and not toward the Attacker's approach; an
//! Attacker unit returns to the Area it entered from, or any free adjacent Area. Leaders go
//! with them. Each checks stragglers (none under 5.12; the 4.13a check for an evacuation);
//! a unit with nowhere to go surrenders. Withdrawn units stay face up until D3.

use adjutant_engine::Side;

use crate::data::charts::CombatOrder;
use crate::data::{AreaId, Map};
use crate::decisions::departure_name;
use crate::events::{EventKind, Fx};
use crate::model::action::Dest;
use crate::model::battle::BattleStage;
use crate::model::counter::{Key, Kind, Place};
use crate::model::decision::{Decision, Departure};
use crate::model::game::MississippiFortress;
use crate::model::step::Step;

impl MississippiFortress {
    /// The destinations of a departing unit (S8.4c, S9.74, S3.54, 5.12).
    pub fn departure_options(&self, unit: Key, why: Departure, from: AreaId) -> Vec<Dest> {
        let c = &self.counters[unit];
        if c.place != Place::Area(from) {
            return Vec::new();
        }
        let census = self.census();
        let enemy = c.side.opponent();
        let map = Map::get();
        let artillery = c.kind == Kind::Artillery;
        let attacking = self
            .battle
            .as_ref()
            .is_some_and(|b| b.area == from && b.attacker == c.side);
        let entries: Vec<AreaId> = self
            .battle
            .as_ref()
            .filter(|b| b.area == from)
            .map(|b| b.entries.clone())
            .unwrap_or_default();
        let adjacent = |exclude: &[AreaId]| -> Vec<Dest> {
            map.neighbours(from)
                .iter()
                .copied()
                .filter(|&n| {
                    map.land_step(from, n, artillery)
                        && !self.scenario_forbids(c.side, artillery, n)
                        && !census.occupies(enemy, n)
                        && !exclude.contains(&n)
                })
                .map(Dest::Area)
                .collect()
        };
        // S9.74b: an Attacker returns the way it came, if that Area is free.
        let back = |strict: bool| -> Vec<Dest> {
            match c.rec.entered_from {
                Some(e) if !census.occupies(enemy, e) => vec![Dest::Area(e)],
                Some(_) if strict => Vec::new(),
                _ => adjacent(&[]),
            }
        };
        let evacuation = c.side == Side::Union && self.step == Step::Battles(Side::Confederate);
        match why {
            Departure::BeforeCombat | Departure::Withdraw => {
                let mut v = adjacent(&entries);
                if evacuation {
                    v.extend(self.evacuation_dests(unit));
                }
                v
            }
            Departure::DrivenOff | Departure::ArtilleryAlone => adjacent(&entries),
            Departure::Overrun { not_into } => {
                let exclude: Vec<AreaId> = not_into.into_iter().collect();
                adjacent(&exclude)
            }
            Departure::EmptyLine if !attacking => adjacent(&entries),
            Departure::EmptyLine | Departure::Repulsed | Departure::RiverCrossing => back(false),
            Departure::Mountain => back(true),
        }
    }

    /// A unit departs to its destination and checks stragglers.
    pub(crate) fn depart(
        &mut self,
        unit: Key,
        why: Departure,
        from: AreaId,
        to: &Dest,
        fx: &mut Fx,
    ) {
        let c = &self.counters[unit];
        let (side, face_up, name) = (c.side, c.face_up, c.name());
        let who = if face_up {
            name.clone()
        } else {
            "1 counter".to_string()
        };
        match to {
            Dest::Area(area) => {
                let c = &mut self.counters[unit];
                c.place = Place::Area(*area);
                c.rec.moved_since = true;
                c.rec.hurried_since = true;
                fx.both(
                    EventKind::Battle,
                    format!(
                        "{side}: {who} leaves {} for {} ({}).",
                        Self::area_name(from),
                        Self::area_name(*area),
                        departure_name(why)
                    ),
                    side,
                    format!("{name} goes to {}.", Self::area_name(*area)),
                );
            }
            Dest::Ships(ids) => {
                fx.both(
                    EventKind::Transport,
                    format!(
                        "{side}: {who} escapes from {} aboard steamers (4.13).",
                        Self::area_name(from)
                    ),
                    side,
                    format!("{name} is evacuated."),
                );
                self.evacuate(unit, ids, fx);
                self.straggler_check(unit, true, "emergency evacuation, 4.13a", fx);
                self.settle(fx);
                return;
            }
        }
        if why != Departure::Mountain {
            self.straggler_check(unit, false, departure_name(why), fx);
        }
        self.settle(fx);
    }

    /// A departing unit with nowhere to go surrenders (S9.74e); overrun artillery is
    /// eliminated (S3.54, S8.4e).
    pub(crate) fn no_destination(&mut self, unit: Key, why: Departure, from: AreaId, fx: &mut Fx) {
        if self.counters[unit].place != Place::Area(from) {
            return;
        }
        let how = match why {
            Departure::Overrun { .. } | Departure::ArtilleryAlone => {
                "overrun with nowhere to retreat"
            }
            _ => "surrenders: no line of retreat (S9.74e)",
        };
        self.eliminate(unit, how, fx);
        self.settle(fx);
    }

    /// Where a Leader may go with departing units: wherever they went.
    pub fn escort_options(&self, leader: Key, with: &[Key], from: AreaId) -> Vec<Dest> {
        if self.counters[leader].place != Place::Area(from) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for &k in with {
            let dest = match self.counters[k].place {
                Place::Area(a) if a != from => Dest::Area(a),
                Place::Aboard(carrier) => {
                    let mut ids = vec![self.ships[carrier.ship].id.to_string()];
                    if let Some(j) = carrier.also {
                        ids.push(self.ships[j].id.to_string());
                    }
                    Dest::Ships(ids)
                }
                _ => continue,
            };
            if !out.contains(&dest) {
                out.push(dest);
            }
        }
        out.sort();
        out
    }

    /// A Leader goes with departing units.
    pub(crate) fn escort(&mut self, leader: Key, from: AreaId, to: &Dest, fx: &mut Fx) {
        let (side, name) = (self.counters[leader].side, self.counters[leader].name());
        match to {
            Dest::Area(a) => {
                self.counters[leader].place = Place::Area(*a);
                fx.both(
                    EventKind::Leader,
                    format!(
                        "{side}: 1 counter leaves {} for {}.",
                        Self::area_name(from),
                        Self::area_name(*a)
                    ),
                    side,
                    format!("{name} goes to {}.", Self::area_name(*a)),
                );
            }
            Dest::Ships(ids) => {
                if let Some(i) = ids.first().and_then(|s| self.ship_index(s)) {
                    self.counters[leader].place = Place::Aboard(crate::model::counter::Carrier {
                        ship: i,
                        also: None,
                        on_first: 0,
                    });
                    fx.both(
                        EventKind::Transport,
                        format!(
                            "{side}: 1 counter boards a steamer from {}.",
                            Self::area_name(from)
                        ),
                        side,
                        format!("{name} is evacuated."),
                    );
                }
            }
        }
        self.counters[leader].rec.moved_since = true;
        self.settle(fx);
    }

    /// Pushes departures for `units` and the Leaders `leaders` going with them.
    fn push_departures(
        &mut self,
        units: Vec<Key>,
        leaders: Vec<Key>,
        why: Departure,
        from: AreaId,
    ) {
        for &unit in &units {
            self.decisions.push(Decision::Depart { unit, why, from });
        }
        for leader in leaders {
            self.decisions.push(Decision::Escort {
                leader,
                with: units.clone(),
                from,
            });
        }
    }

    /// S9.7 (R27): the round's departures, Defender Withdraw first, then driven off, then
    /// repulsed Attacker Line Positions.
    pub(crate) fn line_outcomes(&mut self, fx: &mut Fx) {
        let Some(b) = self.battle.clone() else { return };
        let (attacker, defender, area) = (b.attacker, b.defender(), b.area);
        let mut withdraw = Vec::new();
        let mut driven = Vec::new();
        let mut repulsed = Vec::new();
        for d in 0..3u8 {
            let du = usize::from(d);
            if !self.line_occupied(defender, du) {
                continue;
            }
            let d_order = b.order(defender, d);
            if d_order == Some(CombatOrder::Withdraw) {
                withdraw.push(du);
                continue;
            }
            let Some(a) = b.attacker_line_of(d) else {
                continue;
            };
            let au = usize::from(a);
            let d_loss = b.losses.get(defender)[du];
            let a_loss = b.losses.get(attacker)[au];
            let a_order = b.order(attacker, a);
            if matches!(
                d_order,
                Some(CombatOrder::Stand | CombatOrder::Counterattack)
            ) && a_order == Some(CombatOrder::Assault)
                && d_loss > a_loss
                && d_loss >= 1
            {
                driven.push(du);
            }
        }
        for a in 0..3u8 {
            let au = usize::from(a);
            let Some(d) = b.defender_line_of(a) else {
                continue;
            };
            let du = usize::from(d);
            if !self.line_occupied(attacker, au) {
                continue;
            }
            let a_loss = b.losses.get(attacker)[au];
            let d_loss = b.losses.get(defender)[du];
            if b.order(defender, d) == Some(CombatOrder::Counterattack)
                && a_loss > d_loss
                && a_loss >= 1
            {
                repulsed.push(au);
            }
        }
        for (lines, side, why, what) in [
            (withdraw, defender, Departure::Withdraw, "withdraws"),
            (driven, defender, Departure::DrivenOff, "is driven off"),
            (repulsed, attacker, Departure::Repulsed, "is repulsed"),
        ] {
            for line in lines {
                fx.public(EventKind::Battle, format!("{side} LP{} {what}.", line + 1));
                let units = self.line_units(side, line);
                let leaders = self.line_leaders(side, line);
                self.push_departures(units, leaders, why, area);
            }
        }
        self.set_stage(BattleStage::AfterRound);
    }

    /// Departures of every remaining counter of `side` in the battle Area (S9.84, 5.12).
    pub(crate) fn depart_all(&mut self, side: Side, why: Departure) {
        let Some(b) = &self.battle else { return };
        let area = b.area;
        let units: Vec<Key> = self
            .battle_units(side)
            .into_iter()
            .filter(|&k| self.counters[k].place == Place::Area(area))
            .collect();
        let leaders: Vec<Key> = self
            .in_area(side, area)
            .filter(|&k| self.counters[k].kind == Kind::Leader)
            .collect();
        self.push_departures(units, leaders, why, area);
    }
}
