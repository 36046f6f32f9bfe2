//! Reinforcements entering (series 16.3; rules 6.0d, 4.3; reference 2.5).
//!
//! - A reinforcement is due from the turn its line prints, in its owner's Movement Phase.
//!   `Enter` is offered for each due unit at its entry hex; brigades enter in column,
//!   artillery limbered, facing along the road into the map.
//! - They enter as a column extending off the map along the road: the first unit to enter at
//!   a hex this phase pays that hex's cost (its road's rate), each next one the cost of one
//!   more road hex (it queues on the off-map road). A unit whose queue cost exceeds its
//!   allowance cannot reach the map this phase and waits (the first always can, S16.0).
//!   **Decision**: so does a unit the entry hex cannot take within the stacking limits (3 A
//!   fire levels, 10 gun points, S12.0): it is still on the off-map road, and enters once
//!   the units ahead of it have made room. Otherwise a column entering behind units that
//!   cannot move on would end the phase over-stacked and take the penalty of S12.0 for a
//!   move its owner was obliged to make.
//! - An entry hex held by enemy units or in an enemy zone of control (as seen, `zoc`) is
//!   blocked: the units may enter at any map-edge road or trail hex within 10 hexes of it,
//!   the 10 widened by the number of blocked such hexes.
//! - Entering picks the unit up as a moving group standing in the entry hex: it moves on with
//!   what it has left, and the stacking rules hold where it stops (it has moved by road).
//! - They cannot be delayed on purpose: the phase cannot end while one can enter, except a
//!   line its owner may bring on at any later turn (3.8a), whose counters may wait.
//! - A group with a variable entry (4.3, 4.5a-b) enters at the hex and on the turn its owner
//!   chose at set-up, else its default (`variable_entry`).
//!
//! Their printed orders (6.0d) are the command rules'.

use adjutant_engine::Side;

use crate::data::charts::cell::Halves;
use crate::data::charts::movement::{MoveClass, MpCost};
use crate::data::reinforcement::Reinforcement;
use crate::data::terrain::Terrain;
use crate::data::{HexId, UnitId, VariantId};
use crate::events::{EventKind, Fx};
use crate::geometry::area::hexes_within;
use crate::geometry::facing::Vertex;
use crate::model::action::Action;
use crate::model::game::BloodyRoadsSouth;
use crate::model::moves::MovingGroup;
use crate::model::unit::{Formation, Location, UnitKey, UnitKind};

/// Hexes around a blocked entry hex where reinforcements may enter instead (S16.3).
const ENTRY_RADIUS: u32 = 10;

impl BloodyRoadsSouth {
    /// The reinforcement lines of a side in play now that are due (their turn has come).
    fn due_lines(&self, side: Side) -> Vec<&'static Reinforcement> {
        self.scenario()
            .side(side)
            .reinforcements
            .iter()
            .filter(|r| r.in_play(&self.variants))
            .filter(|r| {
                self.reinforcement_arrival(r)
                    .1
                    .is_some_and(|t| t <= self.turn)
            })
            .collect()
    }

    /// The entry hexes of a line: its group's hex chosen at set-up (or its default), else
    /// the printed entries (module docs).
    fn printed_entries(&self, r: &Reinforcement) -> Vec<HexId> {
        let map = crate::data::map();
        let mut out: Vec<HexId> = self.reinforcement_arrival(r).0.into_iter().collect();
        if out.is_empty() {
            for code in &r.entry {
                out.extend(map.entry(*code).hexes.iter().copied());
            }
        }
        out.into_iter().filter_map(|h| self.canonical(h)).collect()
    }

    /// An entry hex is blocked for `side`: enemy units, or an enemy zone of control as seen.
    pub(crate) fn entry_blocked(&self, side: Side, hex: HexId) -> bool {
        self.occupant(hex).is_some_and(|s| s != side) || self.known_zoc(side, hex, None)
    }

    /// A map-edge hex with a road or trail (or the railroad the side has found).
    fn edge_road_hex(&self, side: Side, hex: HexId) -> bool {
        let map = crate::data::map();
        map.is_edge(hex, self.maps())
            && map
                .hex(hex)
                .is_some_and(|h| h.has_road_feature(self.railroad_found(side)))
    }

    /// Where the units of a line may enter: its entry hexes not blocked, or the edge road
    /// hexes near a blocked one (module docs).
    fn entry_hexes(&self, side: Side, r: &Reinforcement) -> Vec<HexId> {
        let map = crate::data::map();
        let mut out = Vec::new();
        for entry in self.printed_entries(r) {
            if !self.entry_blocked(side, entry) {
                out.push(entry);
                continue;
            }
            let edge = |n: u32| -> Vec<HexId> {
                hexes_within(map, self.maps(), entry, n)
                    .into_iter()
                    .map(|(h, _)| h)
                    .filter(|&h| self.edge_road_hex(side, h))
                    .collect()
            };
            let blocked = edge(ENTRY_RADIUS)
                .into_iter()
                .filter(|&h| self.entry_blocked(side, h))
                .count() as u32;
            out.extend(
                edge(ENTRY_RADIUS + blocked)
                    .into_iter()
                    .filter(|&h| !self.entry_blocked(side, h)),
            );
        }
        out.sort();
        out.dedup();
        out
    }

    /// The chart column a unit enters by (column, limbered).
    fn entry_class(&self, k: UnitKey) -> Option<MoveClass> {
        match self.unit(k).kind {
            UnitKind::Brigade => Some(MoveClass::InfantryColumn),
            UnitKind::Battery => Some(MoveClass::ArtilleryLimbered),
            _ => self.move_class_of(k),
        }
    }

    /// The cost of one road hex at `hex` for a column: its cheapest road's rate, or the hex's
    /// terrain where no road serves the column.
    fn road_hex_cost(&self, class: MoveClass, hex: HexId) -> Option<Halves> {
        let map = crate::data::map();
        let chart = &crate::data::charts().movement;
        let by_road = map
            .roads_at(hex)
            .into_iter()
            .filter_map(|r| match chart.feature_cost(r.class.chart_key(), class) {
                Some(MpCost::Mp(h)) => Some(h),
                _ => None,
            })
            .min();
        let terrain = match map.terrain(hex) {
            Some(Terrain::Clear) => "clear",
            _ => "wilderness",
        };
        by_road.or(match chart.terrain_cost(terrain, class) {
            Some(MpCost::Mp(h)) => Some(h),
            _ => None,
        })
    }

    /// What entering at `hex` now costs unit `k`: one road hex for each unit that entered
    /// there before it this phase, and the entry hex (module docs); `None` if it cannot
    /// reach the map this phase.
    pub(crate) fn entry_cost(&self, k: UnitKey, hex: HexId) -> Option<Halves> {
        let class = self.entry_class(k)?;
        let per = self.road_hex_cost(class, hex)?;
        let before = self
            .movement
            .entered
            .iter()
            .find(|(h, _)| *h == hex)
            .map_or(0, |(_, n)| u16::from(*n));
        let cost = Halves(per.0 * (before + 1));
        let allowance = 2 * u16::from(crate::data::charts().movement.allowance(class)?);
        (before == 0 || cost.0 <= allowance).then_some(cost)
    }

    /// The `Enter` actions of the phasing side.
    pub(crate) fn enter_actions(&self, side: Side) -> Vec<Action> {
        let mut out = Vec::new();
        for r in self.due_lines(side) {
            let hexes = self.entry_hexes(side, r);
            for id in &r.units {
                let Some(k) = self.key(side, id) else {
                    continue;
                };
                if self.unit(k).location != Location::Waiting {
                    continue;
                }
                for &hex in &hexes {
                    if self.entry_cost(k, hex).is_some() && self.fits_stack(k, hex) {
                        out.push(Action::Enter {
                            unit: id.clone(),
                            hex,
                        });
                    }
                }
            }
        }
        // Rule 4.2: counters due off the off-map link reappear like reinforcements.
        out.extend(self.link_enter_actions(side));
        out
    }

    /// True for an `Enter` of a counter whose line its owner may bring on at any later turn
    /// (3.8a: Ferrero's division, "anytime after 6:00am"): it may also wait.
    pub(crate) fn entry_optional(&self, side: Side, action: &Action) -> bool {
        let Action::Enter { unit, .. } = action else {
            return false;
        };
        self.scenario()
            .side(side)
            .reinforcements
            .iter()
            .find(|r| r.in_play(&self.variants) && r.units.contains(unit))
            .is_some_and(|r| r.any_later_turn)
    }

    /// The facing of a unit entering at `hex`: along its road into the map.
    fn entry_facing(&self, hex: HexId) -> Option<Vertex> {
        let map = crate::data::map();
        let roads = map.roads_at(hex);
        map.neighbours(hex, self.maps())
            .into_iter()
            .find_map(|(d, n)| {
                roads
                    .iter()
                    .any(|r| map.road_links(&r.id, hex, n))
                    .then(|| Vertex::ALL.into_iter().find(|v| v.frontal()[0] == d))
                    .flatten()
            })
    }

    /// Brings a reinforcement onto the map and picks it up (module docs).
    pub(crate) fn enter(&mut self, side: Side, id: &UnitId, hex: HexId, fx: &mut Fx) {
        let Some(k) = self.key(side, id) else {
            return;
        };
        let Some(cost) = self.entry_cost(k, hex) else {
            return;
        };
        let formation = match self.unit(k).kind {
            UnitKind::Brigade => Formation::Column,
            UnitKind::Battery => Formation::Limbered,
            _ => self.unit(k).formation,
        };
        let facing = self.entry_facing(hex).unwrap_or(self.unit(k).facing);
        let by_link = matches!(self.unit(k).location, Location::OffMap { .. });
        let hidden: Vec<VariantId> = self
            .variants
            .iter()
            .copied()
            .filter(|&v| !self.variant_revealed(v))
            .collect();
        {
            let u = self.unit_mut(k);
            u.location = Location::Map { hex };
            u.formation = formation;
            u.facing = facing;
            u.marks = Default::default();
            u.marks.mp_spent = cost.0;
            u.marks.road_moved = formation.is_road_formation();
        }
        self.put_on_top(k);
        match self.movement.entered.iter_mut().find(|(h, _)| *h == hex) {
            Some((_, n)) => *n += 1,
            None => self.movement.entered.push((hex, 1)),
        }
        if formation == Formation::Column {
            self.movement.column_at_start.push(k);
        }
        let mut g = MovingGroup::alone(k, hex);
        g.path.push(hex);
        self.moving = Some(g);
        let (public, rule) = if by_link {
            (
                format!("{side} {id} enters the map at {hex} from the off-map link (4.2)."),
                "4.2",
            )
        } else {
            (
                format!("{side} reinforcement {id} enters the map at {hex} (16.3)."),
                "16.3",
            )
        };
        fx.both(
            EventKind::Reinforcement,
            public,
            side,
            format!(
                "{} enters the map at {hex} in {} ({cost} MP; {} left) ({rule}).",
                self.unit_name(side, id),
                if formation == Formation::None {
                    "its column".to_string()
                } else {
                    formation.word().to_string()
                },
                Halves(u16::try_from(self.mp_left(k).max(0)).unwrap_or(0))
            ),
        );
        // A secret variant whose troops these are is shown to the opponent now (3.8, 4.5).
        for v in hidden.into_iter().filter(|&v| self.variant_revealed(v)) {
            let d = crate::data::variants().variant(v);
            fx.public(
                EventKind::Reinforcement,
                format!(
                    "Variant {} ({}) is in use: its troops enter the map. The {} receive {} VP \
                     (5.1e).",
                    d.rule,
                    crate::data::variant::variant_title(v),
                    match d.points_to {
                        Side::Union => "Union",
                        Side::Confederate => "Confederates",
                    },
                    d.points
                ),
            );
        }
        self.entered(side, &[k], None, hex, fx);
    }
}
