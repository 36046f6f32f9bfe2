//! Command radius (S10.5a-b; BRS 6.0a; reference 2.3.11, 2.3.12).
//!
//! A brigade must be within 4 leader MP of its division leader (one hex of an extended line
//! is enough); a division leader, and corps artillery, within 8 of the corps HQ (the A Pot HQ
//! for the Army of the Potomac's own troops, rule 3.6). The trace runs from the leader or HQ
//! over hexes a leader could enter, at leader costs; enemy units, and enemy zones of control
//! not occupied by friendly units, block it. A division or unit on a goal in force is released.
//! Checked at the very start of the Movement Phase; the units found out of radius are recorded
//! for the movement rules ([`BloodyRoadsSouth::out_of_radius`]). Units set up OCR (6.0a) count
//! as out of radius until a check finds them in it.
//!
//! Decisions: a brigade serving no division (an unattached special brigade) and a division
//! leader or artillery unit whose HQ is not on the map need no radius; a brigade whose
//! division has no leader in command is out of radius.

use crate::data::FastSet;
use adjutant_engine::Side;
use std::rc::Rc;

use super::reach_memo::{TraceKey, trace};

use crate::data::HexId;
use crate::data::morale::MoraleState;
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::Receiver;
use crate::model::unit::{Formation, UnitKey, UnitKind};

use super::roles::AOP;

impl BloodyRoadsSouth {
    /// The hexes into which units hostile to `side` exert a zone of control (S14; reference
    /// 2.4): infantry in line and unlimbered artillery into their two frontal hexes, not when
    /// routed; the 1st NC Cav into all six (rule 4.4b).
    pub(crate) fn enemy_zoc_hexes(&self, side: Side) -> FastSet<HexId> {
        let map = crate::data::map();
        let maps = self.maps();
        let mut out = FastSet::default();
        for u in self.units().iter().filter(|u| u.side != side) {
            let Some(hex) = u.hex() else { continue };
            let dirs: Vec<crate::data::Direction> = match (u.kind, u.formation) {
                (UnitKind::Brigade, Formation::Line)
                | (UnitKind::Battery, Formation::Unlimbered)
                    if u.morale != MoraleState::Routed =>
                {
                    u.facing.frontal().to_vec()
                }
                (UnitKind::Cavalry, _) => crate::data::Direction::ALL.to_vec(),
                _ => continue,
            };
            for d in dirs {
                if let Some(n) = map.neighbour(hex, d, maps).and_then(|n| self.canonical(n)) {
                    out.insert(n);
                }
            }
        }
        out
    }

    /// True when `hex` is in the zone of control of units hostile to `side` (S14; see
    /// [`Self::enemy_zoc_hexes`]). For the movement rules too, until they have their own.
    pub fn enemy_zoc(&self, hex: HexId, side: Side) -> bool {
        self.canonical(hex)
            .is_some_and(|h| self.enemy_zoc_hexes(side).contains(&h))
    }

    /// The radius trace of one unit, goals ignored (S10.5a): `None` when the unit needs none.
    fn traced_in_radius(&self, k: UnitKey) -> Option<bool> {
        let u = self.unit(k);
        let side = u.side;
        let parent = u.part_of.unwrap_or(k);
        let radius = &crate::data::charts().command.command_radius;
        let (from, max) = match self.unit(parent).kind {
            UnitKind::Brigade => {
                let d = self.division_of(parent)?;
                match self
                    .division_leader(side, &d)
                    .and_then(|l| self.unit(l).hex())
                {
                    Some(h) => (h, radius.brigade_to_division_leader),
                    None => return Some(false),
                }
            }
            UnitKind::Leader => {
                let d = self.division_of(parent)?;
                let c = self.corps_of_division(side, &d)?;
                (
                    self.hq_hex_of(side, &c)?,
                    radius.division_leader_to_corps_hq,
                )
            }
            UnitKind::Battery => {
                let c = self.corps_of(parent)?;
                (
                    self.hq_hex_of(side, &c)?,
                    radius.corps_artillery_to_corps_hq,
                )
            }
            _ => return None,
        };
        // The brigade's own hex first: its parts are looked for (among every counter) only
        // when that one is out of reach.
        let reach = self.radius_reach(side, from, max);
        let reached = |x: UnitKey| self.unit(x).hex().is_some_and(|h| reach.contains_key(&h));
        Some(
            reached(parent)
                || self
                    .keys()
                    .any(|x| self.unit(x).part_of == Some(parent) && reached(x)),
        )
    }

    /// The hexes within `max` leader MP of `from` on a radius trace of `side` (S10.5a): the
    /// zones of control as the enemy's top counters show them (reference 2.4, "ZOC and
    /// secrecy": what the owner may do never depends on the enemy's secret morale), enemy
    /// units, and enemy zones of control not occupied by friendly units block it.
    /// Remembered by its inputs ([`super::reach_memo`]).
    fn radius_reach(&self, side: Side, from: HexId, max: u8) -> Rc<super::reach::Costs> {
        let key = TraceKey {
            from,
            max: 2 * u16::from(max),
            maps: self.maps(),
            railroad_found: self.railroad_found(side),
        };
        trace(key, &self.trace_blocked(side), |passable| {
            super::reach::leader_trace(key.maps, key.railroad_found, key.from, key.max, passable)
        })
    }

    /// The hexes no radius trace of `side` may enter, sorted (S10.5a): enemy units, and the
    /// zones of control the enemy's top counters show where no unit stands (reference 2.4).
    /// Kept while the game is read whole, and their enemy's part from one action to the next
    /// ([`super::enemy_blocking`]).
    pub(crate) fn trace_blocked(&self, side: Side) -> Rc<Vec<HexId>> {
        self.blocked_for_traces(side, || self.blocked_kept(side))
    }

    /// [`Self::trace_blocked`], found afresh from every counter.
    pub(crate) fn trace_blocked_afresh(&self, side: Side) -> Vec<HexId> {
        let stacks = self.stacks_now();
        // A hex's side is its last counter's in key order (hexes never hold both sides
        // at rest).
        let enemy = |stack: &[UnitKey]| {
            stack
                .iter()
                .max()
                .is_some_and(|&k| self.unit(k).side != side)
        };
        let mut blocked: Vec<HexId> = stacks
            .iter()
            .filter(|(_, stack)| enemy(stack))
            .map(|(h, _)| h)
            .chain(
                self.apparent_zoc_hexes(side)
                    .into_iter()
                    .filter(|&h| stacks.get(h).is_none()),
            )
            .collect();
        blocked.sort_unstable();
        blocked.dedup();
        blocked
    }

    /// The hexes within the command radius of brigade `k`'s division leader now (S10.5a: 4
    /// leader MP), wherever the brigade is (an eliminated one returning, S21.2); empty when
    /// it serves no division or its division has no leader on the map.
    pub(crate) fn division_radius_hexes(&self, k: UnitKey) -> Vec<HexId> {
        let side = self.unit(k).side;
        let Some(from) = self
            .division_of(k)
            .and_then(|d| self.division_leader(side, &d))
            .and_then(|l| self.unit(l).hex())
        else {
            return Vec::new();
        };
        let max = crate::data::charts()
            .command
            .command_radius
            .brigade_to_division_leader;
        let mut v: Vec<HexId> = self.radius_reach(side, from, max).keys().copied().collect();
        v.sort();
        v
    }

    /// The HQ a formation traces to: a corps HQ, or the A Pot HQ for the army's own troops.
    fn hq_hex_of(&self, side: Side, formation: &crate::data::FormationId) -> Option<HexId> {
        if formation.as_str() == AOP {
            return self
                .army_hq(side, formation)
                .and_then(|k| self.unit(k).hex());
        }
        self.corps_hq_hex(side, formation)
    }

    /// The unit is released from radius by a goal in force (S10.5b; rule 2.3): its own, or
    /// its division's.
    pub fn released(&self, k: UnitKey) -> bool {
        let u = self.unit(k);
        let side = u.side;
        let parent = self.unit(u.part_of.unwrap_or(k));
        let goal = |r: Receiver| self.command(side, &r).is_some_and(|c| c.current.is_some());
        goal(Receiver::Unit(parent.id.clone()))
            || self
                .division_of(k)
                .is_some_and(|d| goal(Receiver::Division(d)))
    }

    /// The unit is within command radius now (S10.5a; rule 6.0a). Crate-internal: the movement
    /// rules call it for close-combat attackers (S23.1b) and for units returning to radius.
    pub fn in_radius(&self, k: UnitKey) -> bool {
        if self.released(k) {
            return true;
        }
        self.traced_in_radius(k).unwrap_or(true)
    }

    /// The force of a goal is back in radius (S10.5b), so its player may drop the goal.
    pub(crate) fn goal_force_in_radius(&self, side: Side, receiver: &Receiver) -> bool {
        let k = match receiver {
            Receiver::Division(d) => self.division_leader(side, d),
            Receiver::Unit(id) => self.key(side, id),
            _ => None,
        };
        k.and_then(|k| self.traced_in_radius(k)).unwrap_or(false)
    }

    /// The unit was out of command radius at the start of this Movement Phase (S10.5a; 6.0a):
    /// it must spend all its movement moving closer to its leader or HQ. For the movement rules.
    pub fn out_of_radius(&self, k: UnitKey) -> bool {
        self.command_state.out_of_radius.contains(&k)
    }

    /// The radius check at the very start of the Movement Phase (S10.5a): records the
    /// phasing side's units out of radius; an OCR unit found in radius is OCR no more (6.0a).
    pub(crate) fn radius_at_movement_start(&mut self, side: Side, fx: &mut Fx) {
        let mut out = Vec::new();
        let mut back = Vec::new();
        // Read only until the marks change below: the side's blocked hexes found once.
        let reading = self.read_whole();
        for k in self.keys() {
            let u = self.unit(k);
            if u.side != side || !u.on_map() || u.part_of.is_some() {
                continue;
            }
            let inside = self.in_radius(k);
            if u.ocr && inside {
                back.push(k);
            } else if u.ocr || !inside {
                out.push(k);
            }
        }
        drop(reading);
        for &k in &back {
            self.unit_mut(k).ocr = false;
        }
        if !out.is_empty() {
            let names: Vec<String> = out
                .iter()
                .map(|&k| self.unit_name(side, &self.unit(k).id))
                .collect();
            fx.private(
                EventKind::Radius,
                side,
                format!("Out of command radius (10.5a): {}.", names.join(", ")),
            );
        }
        self.command_state.out_of_radius = out;
    }
}
