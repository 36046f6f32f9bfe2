//! The 1st NC Cav falls back (rule 4.4c, 4.4d; reference 3, rule 4.4).
//!
//! - 4.4c: at the beginning of each Confederate player turn in which a Union unit (any Union
//!   counter on the map, as "unit" is read in 4.4d) stands next to the marker, two shared dice
//!   on the 1st NC Cav Table (`data/charts/special_rules.toml`) give the hexes it retreats
//!   along the Culpepper Mine Road toward the Orange Turnpike junction, ignoring Union units and
//!   their zones of control. Union counters in the hex where it stops are moved to the road hex
//!   next to it on its east side (the next road hex back toward Spottswood), or, if that hex
//!   cannot take them under stacking (S12.0) or holds a Confederate counter, the next one east;
//!   an extended line there rejoins its brigade first (decision: a displaced stack moves whole).
//! - 4.4d: a retreat to or past the junction removes it from play.
//!
//! The roll and the retreat are public: the marker is a public counter.

use adjutant_engine::Side;

use crate::data::HexId;
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{Location, UnitKey, UnitKind};
use crate::setup::placement::{STACK_C_UNITS, STACK_GUN_POINTS};

impl BloodyRoadsSouth {
    /// Rule 4.4c, at the beginning of the Confederate player turn.
    pub(crate) fn cavalry_falls_back(&mut self, fx: &mut Fx) {
        let map = crate::data::map();
        let table = &crate::data::charts().special_rules.nc_cav;
        let Some(road) = map.road(&table.road) else {
            return;
        };
        let cavalry: Vec<UnitKey> = self
            .keys()
            .filter(|&k| self.unit(k).kind == UnitKind::Cavalry && self.unit(k).on_map())
            .collect();
        for k in cavalry {
            let Some(at) = self.unit(k).hex() else {
                continue;
            };
            let pressed = self.keys().any(|u| {
                let x = self.unit(u);
                x.side == Side::Union && x.hex().is_some_and(|h| map.distance(h, at) == Some(1))
            });
            if !pressed {
                continue;
            }
            let (a, b) = (self.shared_d6(fx), self.shared_d6(fx));
            let hexes = table.retreat(a + b).unwrap_or(0);
            // The path runs from the junction outward: retreating lowers the index.
            let (Some(from), Some(junction)) = (
                road.path.iter().position(|&h| h == at),
                road.path.iter().position(|&h| h == table.toward),
            ) else {
                continue;
            };
            let toward = if junction < from { -1i32 } else { 1 };
            let to = from as i32 + toward * i32::from(hexes);
            let past = (to - junction as i32) * toward >= 0;
            let roll = format!("1st NC Cav Table (4.4c): {a}+{b} = {}", a + b);
            if hexes == 0 {
                fx.public(
                    EventKind::Move,
                    format!("{roll}: the 1st NC Cav holds {at}."),
                );
            } else if past {
                self.unit_mut(k).location = Location::Gone;
                fx.public(
                    EventKind::Move,
                    format!(
                        "{roll}: the 1st NC Cav falls back {hexes} hexes from {at} to the Orange \
                         Turnpike junction ({}) and leaves play (4.4d).",
                        table.toward
                    ),
                );
            } else {
                let path: Vec<HexId> = road.path.clone();
                let stop = path[to as usize];
                let east: Vec<HexId> = if toward < 0 {
                    path[to as usize + 1..].to_vec()
                } else {
                    path[..to as usize].iter().rev().copied().collect()
                };
                self.unit_mut(k).location = Location::Map { hex: stop };
                self.put_on_top(k);
                fx.public(
                    EventKind::Move,
                    format!(
                        "{roll}: the 1st NC Cav falls back {hexes} {} along the Culpepper Mine \
                         Road from {at} to {stop}.",
                        if hexes == 1 { "hex" } else { "hexes" }
                    ),
                );
                self.cavalry_displaces(stop, &east, fx);
            }
        }
    }

    /// The Union counters in `stop` go to the first hex of `east` that can take them (4.4c).
    fn cavalry_displaces(&mut self, stop: HexId, east: &[HexId], fx: &mut Fx) {
        let union: Vec<UnitKey> = self
            .at(stop)
            .into_iter()
            .filter(|&u| self.unit(u).side == Side::Union)
            .collect();
        if union.is_empty() {
            return;
        }
        // An extended line in the hex rejoins its brigade: the stack moves whole.
        for &u in &union {
            if let Some(parent) = self.unit(u).part_of {
                self.rejoin(parent, u);
            }
            for part in self.parts_of(u) {
                self.rejoin(u, part);
            }
        }
        let moving: Vec<UnitKey> = union
            .into_iter()
            .filter(|&u| self.unit(u).hex() == Some(stop))
            .collect();
        let (c, g) = self.stack_load(stop, None);
        let fits = |h: HexId| {
            let (hc, hg) = self.stack_load(h, None);
            let enemy = self
                .at(h)
                .into_iter()
                .any(|u| self.unit(u).side == Side::Confederate);
            h != stop && !enemy && hc + c <= STACK_C_UNITS && hg + g <= STACK_GUN_POINTS
        };
        // Decision: with no road hex east able to take them, the nearest hex that can.
        let map = crate::data::map();
        let target = east.iter().copied().find(|&h| fits(h)).or_else(|| {
            crate::geometry::area::hexes_within(map, self.maps(), stop, 6)
                .into_iter()
                .filter(|&(h, _)| fits(h))
                .min_by_key(|&(h, d)| (d, h))
                .map(|(h, _)| h)
        });
        let Some(to) = target else {
            return;
        };
        let top = self.unit(moving[0]).id.clone();
        // Bottom first, so the stack keeps its order on top of what stands there.
        for &u in moving.iter().rev() {
            self.unit_mut(u).location = Location::Map { hex: to };
            self.put_on_top(u);
        }
        // One facing and one morale state a stack (S12.0): those already there, else its own.
        let there: Vec<UnitKey> = self
            .at(to)
            .into_iter()
            .filter(|u| !moving.contains(u))
            .collect();
        let facing = there
            .first()
            .map_or(self.unit(moving[0]).facing, |&u| self.unit(u).facing);
        let stack = self.at(to);
        let worst = stack
            .iter()
            .filter(|&&u| self.unit(u).kind.is_combat())
            .map(|&u| self.unit(u).morale)
            .max();
        for u in stack {
            self.unit_mut(u).facing = facing;
            if let Some(m) = worst
                && self.unit(u).kind.is_combat()
            {
                self.unit_mut(u).morale = m;
            }
        }
        fx.public(
            EventKind::Move,
            format!(
                "The Union stack in {stop} ({top} on top) makes way for the 1st NC Cav and moves \
                 to {to} (4.4c)."
            ),
        );
    }
}
