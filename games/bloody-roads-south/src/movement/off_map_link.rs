//! The Confederate off-map link (rule 4.2; reference 4.2): Confederate units may leave the map
//! at one end, A1.01 or B1.21, and reappear at the other at the start of their Movement Phase
//! some turns later: infantry in column and artillery 3 turns (4.2a), wagons and trains 4
//! (4.2b), leaders 2 (4.2c). The ends and delays are chart data
//! (`charts/special_rules.toml`, `[off_map]`). Offered in the scenarios whose file says
//! `off_map_link = true` (every scenario on both maps: 4-7).
//!
//! **Decisions** (reference 4.2):
//! - A moving Confederate group standing in an end may `UseLink` when every counter of it has
//!   at least 1 MP left, its brigades are in column (4.2a), no brigade has an extended line out,
//!   it did not enter an enemy zone of control this move, it is not under a withdrawal (3A.7)
//!   and it need not attack. When an end is blocked (enemy units in it, or an enemy zone of
//!   control as seen), any map-edge hex within 10 hexes of it serves instead.
//! - A stack travels at the speed of its slowest member: all reappear together, on the turn of
//!   the longest delay among them. HQs travel as leaders (2 turns). Off the map there is no
//!   combat; the counters are `Location::OffMap` (not on the map, not eliminated).
//! - They reappear like reinforcements: from the start of the owner's Movement Phase of their
//!   turn each is offered `Enter` at the far end (or, that end blocked, at any map-edge hex
//!   within 10 hexes of it that is not), in column or limbered, paying the road as an
//!   entering column does; like reinforcements they may not be held back.
//! - The opponent reads that a stack (its top combat counter) leaves by the end, and later
//!   that units enter, as he reads a move; the owner which units and when they are due.
//!   Orders carried over the link (4.2c) are the aides' business: `command::link_delivery`.

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::charts::cell::Halves;
use crate::events::{EventKind, Fx};
use crate::geometry::area::hexes_within;
use crate::model::action::Action;
use crate::model::game::BloodyRoadsSouth;
use crate::model::moves::MovingGroup;
use crate::model::unit::{Formation, Location, UnitKey, UnitKind};

/// The movement points a counter must have left to leave the map (decision, 4.2).
const LINK_COST: Halves = Halves(2);

impl BloodyRoadsSouth {
    /// The two ends of the link, canonical, when this game offers it to `side`.
    pub(crate) fn link_ends(&self, side: Side) -> Option<[HexId; 2]> {
        if side != Side::Confederate || !self.scenario().off_map_link {
            return None;
        }
        let [a, b] = crate::data::charts().special_rules.off_map.hexes;
        Some([self.canonical(a)?, self.canonical(b)?])
    }

    /// The map-edge hexes that serve for `end` (4.2): the end itself, or when it is blocked,
    /// the edge hexes within the chart's radius of it that are not.
    fn link_hexes(&self, side: Side, end: HexId) -> Vec<HexId> {
        if !self.entry_blocked(side, end) {
            return vec![end];
        }
        let map = crate::data::map();
        let radius = u32::from(
            crate::data::charts()
                .special_rules
                .off_map
                .blocked_alternative_radius,
        );
        hexes_within(map, self.maps(), end, radius)
            .into_iter()
            .map(|(h, _)| h)
            .filter(|&h| map.is_edge(h, self.maps()) && !self.entry_blocked(side, h))
            .collect()
    }

    /// The turns unit `k` spends on the link (4.2a-c).
    fn link_delay(&self, k: UnitKey) -> u16 {
        let link = &crate::data::charts().special_rules.off_map;
        u16::from(match self.unit(k).kind {
            UnitKind::Brigade | UnitKind::Battery | UnitKind::Cavalry => {
                link.infantry_column_and_artillery
            }
            UnitKind::Wagon => link.wagons_and_trains,
            UnitKind::Leader | UnitKind::Hq => link.leaders_and_orders,
        })
    }

    /// The end the moving group may leave by now, the end it reappears at and the turn it is
    /// due there, if it may use the link (module docs).
    pub(crate) fn link_option(&self, side: Side, g: &MovingGroup) -> Option<(HexId, HexId, u16)> {
        let [a, b] = self.link_ends(side)?;
        if g.must_attack || (g.in_enemy_zoc && !g.path.is_empty()) {
            return None;
        }
        let here = self.moving_hex(g)?;
        // Every hex that may serve is on a map edge: the common case costs no zone search.
        if !crate::data::map().is_edge(here, self.maps()) {
            return None;
        }
        let to = if self.link_hexes(side, a).contains(&here) {
            b
        } else if self.link_hexes(side, b).contains(&here) {
            a
        } else {
            return None;
        };
        let all_may = g.units.iter().all(|&k| {
            let u = self.unit(k);
            u.part_of.is_none()
                && !self.keys().any(|p| self.unit(p).part_of == Some(k))
                && !self.under_withdrawal(k)
                && (u.kind != UnitKind::Brigade || u.formation == Formation::Column)
                && self.mp_left(k) >= i32::from(LINK_COST.0)
        });
        let delay = g.units.iter().map(|&k| self.link_delay(k)).max()?;
        all_may.then_some((here, to, self.turn + delay))
    }

    /// The moving group leaves the map by the link (module docs).
    pub(crate) fn use_link(&mut self, side: Side, fx: &mut Fx) {
        let Some(g) = self.moving.clone() else {
            return;
        };
        let Some((from, to, due)) = self.link_option(side, &g) else {
            return;
        };
        self.moving = None;
        let shown: Option<UnitKey> = g
            .units
            .iter()
            .copied()
            .find(|&k| self.unit(k).kind.is_combat());
        let names: Vec<String> = g.units.iter().map(|&k| self.group_member_name(k)).collect();
        for &k in &g.units {
            let u = self.unit_mut(k);
            u.marks.moved = true;
            u.location = Location::OffMap { to, due };
        }
        let public = match shown {
            Some(k) => format!(
                "A {side} stack ({}) leaves the map by {from} (the off-map link, 4.2).",
                self.unit(k).id
            ),
            None => format!("A {side} counter leaves the map by {from} (the off-map link, 4.2)."),
        };
        fx.both(
            EventKind::Move,
            public,
            side,
            format!(
                "{} leave{} the map by {from} on the off-map link; due at {to} from your \
                 Movement Phase of {} (4.2).",
                names.join(", "),
                if names.len() == 1 { "s" } else { "" },
                self.time_of(due)
            ),
        );
        fx.reveal();
        self.refresh_radius(side);
    }

    /// The `Enter` actions of counters due off the link (module docs).
    pub(crate) fn link_enter_actions(&self, side: Side) -> Vec<Action> {
        if self.link_ends(side).is_none() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for k in self.keys().filter(|&k| self.unit(k).side == side) {
            let Location::OffMap { to, due } = self.unit(k).location else {
                continue;
            };
            if due > self.turn {
                continue;
            }
            for hex in self.link_hexes(side, to) {
                if self.entry_cost(k, hex).is_some() && self.fits_stack(k, hex) {
                    out.push(Action::Enter {
                        unit: self.unit(k).id.clone(),
                        hex,
                    });
                }
            }
        }
        out
    }
}
