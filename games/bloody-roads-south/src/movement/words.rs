//! What the moving player reads (reference 5): the sentence of each movement action, the
//! prompt while a group moves, and the moving group in his view (never in anyone else's).

use adjutant_engine::Side;
use serde_json::{Value, json};

use crate::data::HexId;
use crate::data::charts::cell::Halves;
use crate::data::terrain::Terrain;
use crate::geometry::costs::Feature;
use crate::model::action::Action;
use crate::model::game::BloodyRoadsSouth;
use crate::model::step::{MovementSegment, Step};
use crate::model::unit::UnitKey;

use super::allowance::UnitStep;

/// Halves of an MP as printed ("3½"); nothing below 0.
fn mp(h: i32) -> Halves {
    Halves(u16::try_from(h.max(0)).unwrap_or(0))
}

impl BloodyRoadsSouth {
    /// The step of `costs` that leaves its unit the least: the one that limits the group.
    fn limiting(&self, costs: &[UnitStep]) -> Option<UnitStep> {
        costs
            .iter()
            .copied()
            .min_by_key(|s| self.mp_left(s.unit) - i32::from(s.cost.0))
    }

    /// "Wilderness", "clear", "along the Orange Turnpike": how a step enters a hex.
    fn way_words(&self, from: HexId, to: HexId, s: &UnitStep) -> String {
        let map = crate::data::map();
        match s.along {
            Some(Feature::Railroad) => "along the Unfinished Railroad".into(),
            Some(Feature::Road(class)) => map
                .roads_at(from)
                .into_iter()
                .find(|r| r.class == class && map.road_links(&r.id, from, to))
                .map_or_else(
                    || "along the road".into(),
                    |r| format!("along the {}", r.name),
                ),
            None => match map.terrain(to) {
                Some(Terrain::Clear) => "clear".into(),
                _ => "Wilderness".into(),
            },
        }
    }

    /// The label of a movement action, or `None` for other actions.
    pub fn movement_label(&self, side: Side, action: &Action) -> Option<String> {
        let g = self.moving.as_ref();
        Some(match action {
            Action::Pick { unit, part, with } => {
                let k = self.named_unit(side, unit, *part)?;
                let hex = self.unit(k).hex()?;
                let group = self.pick_group(side, unit, *part, with).ok()?;
                let left = group.iter().map(|&u| self.mp_left(u)).min().unwrap_or(0);
                let names: Vec<String> = group.iter().map(|&u| self.group_member_name(u)).collect();
                let mates = self.stack_mates(side, k).len();
                let others = if with.is_empty() && mates > 0 {
                    format!(
                        "; alone, or with any of the {mates} other unit{} of its stack that may move",
                        if mates == 1 { "" } else { "s" }
                    )
                } else {
                    String::new()
                };
                format!(
                    "Move {} from {hex} ({} MP{others})",
                    names.join(" with "),
                    mp(left)
                )
            }
            Action::Step { to } => {
                let g = g?;
                let here = self.moving_hex(g)?;
                let costs = self.group_step(&g.units, here, *to, Halves(0))?;
                let s = self.limiting(&costs)?;
                let left = self.mp_left(s.unit) - i32::from(s.cost.0);
                let mut text = format!(
                    "Move to {to} ({}, {} MP; {} left)",
                    self.way_words(here, *to, &s),
                    s.cost,
                    mp(left)
                );
                if costs.iter().any(|c| c.whole_allowance) {
                    text = format!(
                        "Move to {to} ({}, {} MP: the one hex a unit with its whole allowance may always move)",
                        self.way_words(here, *to, &s),
                        s.cost
                    );
                }
                if self.occupant(*to).is_some_and(|o| o != side) {
                    text.push_str(", overrunning the enemy leaders and wagons there");
                }
                if self.known_zoc(side, *to, Some(g)) {
                    text.push_str(", into an enemy zone of control");
                }
                text
            }
            Action::Attack { hex } => {
                let g = g?;
                let here = self.moving_hex(g)?;
                let costs = self.group_step(&g.units, here, *hex, self.attack_extra())?;
                let s = self.limiting(&costs)?;
                format!(
                    "Attack {hex} in close combat ({} MP with the +1; {} left)",
                    s.cost,
                    mp(self.mp_left(s.unit) - i32::from(s.cost.0))
                )
            }
            Action::ChangeFormation { formation } => {
                let g = g?;
                let k = *g.units.first()?;
                let cost = g
                    .units
                    .iter()
                    .map(|&u| self.formation_change_cost(u))
                    .max()
                    .unwrap_or(Halves(0));
                format!(
                    "Change to {} ({cost} MP; {} left)",
                    formation.word(),
                    mp(self.mp_left(k) - i32::from(cost.0))
                )
            }
            Action::ForceMarch => {
                let g = g?;
                let first = self
                    .force_marchers(g)
                    .first()
                    .is_some_and(|&k| self.unit(k).marks.mp_bonus == 0);
                format!(
                    "Force march: +2 MP after a straggler check on the {} table (18.0)",
                    if first { "½–1" } else { "1½ or more" }
                )
            }
            Action::Extend { hex } => {
                let k = *g?.units.first()?;
                format!(
                    "Extend part of {}'s line into {hex} (17.0)",
                    self.unit_name(side, &self.unit(k).id)
                )
            }
            Action::Contract => {
                let k = *g?.units.first()?;
                format!(
                    "Contract {}'s extended line into its hex (17.0)",
                    self.unit_name(side, &self.unit(k).id)
                )
            }
            Action::EndMove => {
                let g = g?;
                let hex = self.moving_hex(g)?;
                if g.path.is_empty() {
                    format!("Stay in {hex}")
                } else {
                    format!("Stop in {hex}")
                }
            }
            Action::LeaveMap => {
                let hex = self.leave_option(side, g?)?;
                format!(
                    "Leave the map by {hex} under orders (out of play for the rest of the game)"
                )
            }
            Action::UseLink => {
                let (from, to, due) = self.link_option(side, g?)?;
                format!(
                    "Leave the map by {from} on the off-map link: the group reappears at {to} \
                     from your Movement Phase of {} (4.2)",
                    self.time_of(due)
                )
            }
            Action::Enter { unit, hex } => {
                let k = self.key(side, unit)?;
                let cost = self.entry_cost(k, *hex)?;
                format!(
                    "Bring {} onto the map at {hex} ({cost} MP of road to enter)",
                    self.unit_name(side, unit)
                )
            }
            Action::FinishMovement => "Finish movement".into(),
            _ => return None,
        })
    }

    /// The prompt while the phasing player moves.
    pub(crate) fn movement_prompt(&self, title: &str) -> String {
        match &self.moving {
            Some(g) => {
                let left = g.units.iter().map(|&k| self.mp_left(k)).min().unwrap_or(0);
                let hex = self
                    .moving_hex(g)
                    .map(|h| h.to_string())
                    .unwrap_or_default();
                if g.must_attack {
                    format!(
                        "{title}: the group in {hex} crossed an enemy zone of control and must attack (14.0)"
                    )
                } else if g.in_enemy_zoc {
                    format!(
                        "{title}: the group in {hex} is in an enemy zone of control: attack, or stop (14.0)"
                    )
                } else if self.group_withdrawing(g) {
                    format!(
                        "{title}: the group in {hex} withdraws ({} MP left): it must spend its \
                         movement toward its army's edge along trails, roads or pikes, and leave \
                         the map there (3A.7)",
                        mp(left)
                    )
                } else {
                    format!(
                        "{title}: move the group in {hex} ({} MP left), or stop",
                        mp(left)
                    )
                }
            }
            None => {
                let side = self.step.phasing();
                if side.is_some_and(|s| self.withdrawal_due(s)) {
                    format!(
                        "{title}: pick a unit to move, with the units of its stack that go with \
                         it (one choice), or bring in reinforcements; every unit under \
                         withdrawal must move before you finish movement (3A.7)"
                    )
                } else {
                    format!(
                        "{title}: pick a unit to move, with the units of its stack that go with \
                         it (one choice), bring in reinforcements, or finish movement"
                    )
                }
            }
        }
    }

    /// What the phasing player may pick up, in his view only (reference 5.2): each unit that
    /// may move, its hex, and the units of its hex that may go with it (the `with` of its
    /// `Pick`), top first.
    pub(crate) fn pickable_view(&self, side: Side) -> Option<Value> {
        let moving_now = self.step
            == (Step::Movement {
                side,
                segment: MovementSegment::Move,
            });
        if self.moving.is_some() || !moving_now {
            return None;
        }
        let picks: Vec<Value> = self
            .keys()
            .filter(|&k| self.may_pick(side, k))
            .map(|k| {
                let u = self.unit(k);
                let with: Vec<&str> = self
                    .stack_mates(side, k)
                    .into_iter()
                    .map(|o| self.unit(o).id.as_str())
                    .collect();
                json!({
                    "unit": u.id.as_str(),
                    "part": u.part_of.and(u.hex()),
                    "hex": u.hex(),
                    "mp_left": mp(self.mp_left(k)).to_string(),
                    "with": with,
                })
            })
            .collect();
        if picks.is_empty() {
            None
        } else {
            Some(Value::Array(picks))
        }
    }

    /// The moving group as its owner sees it: the units with what each has left, where it
    /// started and the hexes it entered.
    pub(crate) fn moving_view(&self, side: Side) -> Option<Value> {
        let g = self.moving.as_ref()?;
        if self.step.phasing() != Some(side) {
            return None;
        }
        let units: Vec<Value> = g
            .units
            .iter()
            .map(|&k: &UnitKey| {
                let u = self.unit(k);
                json!({
                    "id": u.id.as_str(),
                    "part": u.part_of.is_some(),
                    "mp_left": mp(self.mp_left(k)).to_string(),
                    "forced_march": Halves(u.marks.mp_bonus).to_string(),
                })
            })
            .collect();
        Some(json!({
            "units": units,
            "from": g.from,
            "path": g.path,
            "hex": self.moving_hex(g),
            "in_enemy_zoc": g.in_enemy_zoc,
            "must_attack": g.must_attack,
            "attacked": g.attacked,
        }))
    }
}
