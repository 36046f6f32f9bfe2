//! What must hold in every state a game can reach, checked after every action of the bot
//! games and the property tests: counters where they can be, losses within the loss chart,
//! stacks of one side, the order log consistent with the command states, return markers of
//! eliminated brigades only.

use adjutant_engine::Side;

use crate::model::game::BloodyRoadsSouth;
use crate::model::order::OrderStatus;
use crate::model::step::{MovementSegment, Step};
use crate::model::unit::{LeaderFate, Location, UnitKind};
use crate::setup::placement::{STACK_C_UNITS, STACK_GUN_POINTS};

impl BloodyRoadsSouth {
    /// Every invariant, or the first one broken, in words.
    pub fn check_invariants(&self) -> Result<(), String> {
        let map = crate::data::map();
        let maps = self.maps();
        if self.turn > self.last_turn_index() {
            return Err(format!("turn {} is past the scenario's last", self.turn));
        }
        for k in self.keys() {
            let u = self.unit(k);
            if let Location::Map { hex } = u.location {
                if !map.in_play(hex, maps) {
                    return Err(format!("{} stands in {hex}, off the maps in play", u.id));
                }
                if self.canonical(hex) != Some(hex) {
                    return Err(format!(
                        "{} stands in {hex}, not the hex's canonical id",
                        u.id
                    ));
                }
            }
            // Rule 4.2: only Confederate counters travel the off-map link, whole, to an end.
            if let Location::OffMap { to, .. } = u.location {
                let ends = crate::data::charts().special_rules.off_map.hexes;
                if u.side != Side::Confederate
                    || !self.scenario().off_map_link
                    || u.part_of.is_some()
                    || !ends.iter().any(|&e| self.canonical(e) == Some(to))
                {
                    return Err(format!(
                        "{} is on the off-map link to {to} unlawfully",
                        u.id
                    ));
                }
            }
            if let Location::Exited { hex } = u.location {
                let exit = self
                    .scenario()
                    .side(u.side)
                    .orders
                    .iter()
                    .find_map(|o| o.exit_by);
                // Reference 3A.7: a withdrawing army leaves by its edges.
                let withdrew = self.withdrawing(u.side) && self.withdrawal_exit(u.side, hex);
                if u.part_of.is_some()
                    || (!withdrew && exit.and_then(|h| self.canonical(h)) != Some(hex))
                {
                    return Err(format!(
                        "{} left the map by {hex}, not by an exit hex",
                        u.id
                    ));
                }
            }
            match u.kind {
                UnitKind::Brigade if u.part_of.is_none() => {
                    let steps = self.brigade_data(k).map_or(0, |b| b.steps);
                    if u.casualties + u.stragglers > steps {
                        return Err(format!(
                            "{} has {} casualties and {} stragglers of {steps} steps",
                            u.id, u.casualties, u.stragglers
                        ));
                    }
                    if u.on_map() && self.c_units(k) == 0 {
                        return Err(format!("{} is on the map with no fire level left", u.id));
                    }
                }
                UnitKind::Battery if u.on_map() && !(1..=5).contains(&u.gun_points) => {
                    return Err(format!(
                        "{} is on the map with {} gun points",
                        u.id, u.gun_points
                    ));
                }
                UnitKind::Leader if u.fate != LeaderFate::Active && u.on_map() => {
                    return Err(format!("{} is on the map but {:?}", u.id, u.fate));
                }
                _ => {}
            }
        }
        let at_rest = !matches!(
            self.step,
            Step::Movement {
                segment: MovementSegment::Move,
                ..
            }
        ) && self.decisions.is_empty();
        let mut hexes: Vec<_> = self.units().iter().filter_map(|u| u.hex()).collect();
        hexes.sort();
        hexes.dedup();
        for hex in hexes {
            let stack = self.at(hex);
            let sides: Vec<Side> = stack.iter().map(|&k| self.unit(k).side).collect();
            if at_rest && sides.iter().any(|s| *s != sides[0]) {
                return Err(format!("{hex} holds counters of both sides"));
            }
            // Series 12.0: a stack over the limits at the end of a phase took the penalty and
            // must split (`must_split` on its combat units; leaders, HQs and wagons do not
            // count); none is over them otherwise. Within a Fire Combat Phase a retreat may
            // leave one over them until the phase ends (`movement::overstacking`).
            if at_rest && self.step != Step::SetUp && !matches!(self.step, Step::Fire { .. }) {
                let (c, g) = self.stack_load(hex, None);
                let penalised = stack
                    .iter()
                    .filter(|&&k| self.unit(k).kind.is_combat())
                    .all(|&k| self.unit(k).marks.must_split);
                if (c > STACK_C_UNITS || g > STACK_GUN_POINTS) && !penalised {
                    return Err(format!(
                        "{hex} is over-stacked at rest: {c} C units of fire, {g} gun points"
                    ));
                }
            }
        }
        self.check_extended_lines()?;
        // Rule 6.0 (reference 6.0): no set-up stuck, none finished with a counter unplaced.
        self.check_setup_complete()?;
        for side in Side::BOTH {
            // Series 21.2: a return marker belongs to an eliminated brigade of its side, one a
            // brigade and one a hex.
            let returns = self.returns(side);
            for (i, m) in returns.iter().enumerate() {
                let u = self.unit(m.brigade);
                if u.side() != side || u.kind() != UnitKind::Brigade || u.on_map() {
                    return Err(format!(
                        "the {side} return marker in {} is for {}, not an eliminated brigade \
                         of the side",
                        m.hex,
                        u.id()
                    ));
                }
                if returns[..i]
                    .iter()
                    .any(|o| o.brigade == m.brigade || o.hex == m.hex)
                {
                    return Err(format!(
                        "two {side} return markers share {} or a brigade",
                        m.hex
                    ));
                }
            }
            for (i, o) in self.orders(side).iter().enumerate() {
                if usize::from(o.no.0) != i + 1 {
                    return Err(format!("{side} order log numbers out of sequence at {i}"));
                }
            }
        }
        for e in &self.commands {
            let c = &e.command;
            let check = |no: Option<crate::model::order::OrderNo>,
                         ok: &[OrderStatus],
                         what: &str|
             -> Result<(), String> {
                if let Some(no) = no {
                    let status = self
                        .order(e.side, no)
                        .ok_or_else(|| {
                            format!(
                                "{what} order {} of {:?} is not in the log",
                                no.0, e.receiver
                            )
                        })?
                        .status;
                    if !ok.contains(&status) {
                        return Err(format!(
                            "{what} order {} of {:?} has status {status:?}",
                            no.0, e.receiver
                        ));
                    }
                }
                Ok(())
            };
            check(c.current, &[OrderStatus::Implemented], "the current")?;
            check(c.accepted, &[OrderStatus::Accepted], "the accepted")?;
            check(
                c.delayed,
                &[OrderStatus::D1, OrderStatus::D2],
                "the delayed",
            )?;
        }
        for d in &self.decisions {
            if self.step == Step::Over {
                return Err(format!("a question is left after the end: {d:?}"));
            }
        }
        self.check_army_status()
    }

    /// Reference 3A: tracks only with the option, statuses within 1-4, a dropped track never
    /// in a panic, at most the allowance of demands a date.
    fn check_army_status(&self) -> Result<(), String> {
        let a = &self.army_status;
        if !self.army_status_on() && !a.tracks.is_empty() {
            return Err("status tracks without the army-status option".into());
        }
        for t in &a.tracks {
            if !(1..=4).contains(&t.status) {
                return Err(format!("{}'s status is {}", t.sheet, t.status));
            }
            if t.dropped && t.panicked {
                return Err(format!("{}'s dropped track is in a panic", t.sheet));
            }
        }
        for side in Side::BOTH {
            let allowance = crate::data::charts()
                .army_status
                .commander
                .iter()
                .filter(|c| c.side == side)
                .map(|c| c.panic_demands_per_day)
                .max()
                .unwrap_or(0);
            if self.demands_made_today(side) > allowance {
                return Err(format!(
                    "{side} made more than {allowance} panic demands today"
                ));
            }
        }
        Ok(())
    }

    /// Series 17.0 and 17.2a: a brigade has at most two parts, each with at least C and the
    /// parent with the rest of its loss chart's fire level; a part's parent is on the map; no
    /// brigade with parts holds a routed counter (it collapses).
    fn check_extended_lines(&self) -> Result<(), String> {
        for k in self.keys() {
            let u = self.unit(k);
            if !u.on_map() {
                continue;
            }
            if let Some(parent) = u.part_of {
                if !self.unit(parent).on_map() {
                    return Err(format!(
                        "{} has an extended part with no parent on the map",
                        u.id
                    ));
                }
                continue;
            }
            let parts = self.parts_of(k);
            if parts.is_empty() {
                if u.share != 0 {
                    return Err(format!(
                        "{} has a share of {} C with no parts",
                        u.id, u.share
                    ));
                }
                continue;
            }
            let shares: Vec<u8> = parts.iter().map(|&p| self.unit(p).share).collect();
            let held = u.share + shares.iter().sum::<u8>();
            let total = self.brigade_c_units(k);
            if parts.len() > 2 || u.share == 0 || shares.contains(&0) || held != total {
                return Err(format!(
                    "{}'s extended line: parent {} C, parts {shares:?} C, fire level {total} C",
                    u.id, u.share
                ));
            }
            let routed = std::iter::once(k)
                .chain(parts)
                .any(|m| self.unit(m).morale == crate::data::morale::MoraleState::Routed);
            if routed {
                return Err(format!("{}'s extended line holds a routed counter", u.id));
            }
        }
        Ok(())
    }
}
