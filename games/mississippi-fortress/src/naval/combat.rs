//! Naval combat (7.21b, S12.5; option `rebel-iron-afloat`): when opposing ships (other than
//! ships in support of a battery) share a river arrow during a Movement Phase, the phasing
//! player first finishes his naval movement, then the combats are fought one arrow at a time in
//! the order he chooses. A face-up Confederate battery beside the arrow fires once on CRT A at
//! the Union ships before the first round. Each round, each side with at least one ship that is
//! not a steamer rolls once on the Naval CRT in the column of its number of such ships, with the
//! printed modifiers (+2 against enemy wooden ships, +0 instead for the Confederates when one of
//! Farragut's ships is with other Union wooden ships, -1 for the Confederates against
//! Farragut's wooden ships alone, -2 for the Union against the Arkansas*); the owner of the
//! ships hit chooses which one is damaged (removed, returning later, 7.21d) or sunk. Rounds go
//! on until one side has no ships there; a side without a warship does not roll, and ships of
//! two sides that have only steamers share the arrow (decision R17). Everything is public.

use adjutant_engine::Side;

use crate::data::charts::{NavalColumn, NavalResult};
use crate::data::{Charts, Constants};
use crate::events::{EventKind, Fx};
use crate::model::action::Action;
use crate::model::decision::Decision;
use crate::model::game::MississippiFortress;
pub use crate::model::moves::NavalCombat;
use crate::model::node::Node;
use crate::model::ship::OffRiver;
use crate::model::step::Step;

/// The ironclad whose presence costs the Union 2 on the Naval CRT and whose support adds 1 to
/// a battery's CRT A rolls (7.21b-c).
pub const ARKANSAS: &str = "arkansas";

/// "damaged", "sunk".
pub fn naval_result_name(result: NavalResult) -> &'static str {
    match result {
        NavalResult::NoEffect => "no effect",
        NavalResult::Damaged => "one ship damaged",
        NavalResult::Sunk => "one ship sunk",
    }
}

impl MississippiFortress {
    /// Afloat ships of `side` on `node` (never ships in support, which are ashore, 7.21c).
    pub fn fleet_at(&self, side: Side, node: Node) -> Vec<usize> {
        self.ships_at(side, node).collect()
    }

    /// 7.21b, R17: arrows where opposing ships meet and at least one of them is a warship.
    pub fn naval_combat_arrows(&self) -> Vec<Node> {
        let mut nodes: Vec<Node> = self
            .ships
            .iter()
            .filter(|s| s.side == Side::Union)
            .filter_map(|s| s.at)
            .filter(|n| n.arrow().is_some())
            .collect();
        nodes.sort();
        nodes.dedup();
        nodes
            .into_iter()
            .filter(|&node| {
                let union = self.fleet_at(Side::Union, node);
                let confederate = self.fleet_at(Side::Confederate, node);
                !confederate.is_empty()
                    && union
                        .iter()
                        .chain(&confederate)
                        .any(|&i| self.ships[i].warship())
            })
            .collect()
    }

    /// S12.5a: the phasing player chooses the next arrow to fight at.
    pub(crate) fn naval_combat_actions(&self, side: Side) -> Vec<Action> {
        if self.naval_combat.is_some() || self.step != Step::NavalCombat(side) {
            return Vec::new();
        }
        self.naval_combat_arrows()
            .into_iter()
            .map(|node| Action::NavalBattle { node })
            .collect()
    }

    /// A naval combat begins on `node`.
    pub(crate) fn start_naval_combat(&mut self, node: Node, fx: &mut Fx) {
        let names = |side: Side| -> String {
            self.fleet_at(side, node)
                .into_iter()
                .map(|i| self.ships[i].name())
                .collect::<Vec<_>>()
                .join(", ")
        };
        fx.public(
            EventKind::NavalCombat,
            format!(
                "Naval combat at {} (7.21b): Union {} against Confederate {}.",
                node.name(),
                names(Side::Union),
                names(Side::Confederate)
            ),
        );
        for i in 0..self.ships.len() {
            if self.ships[i].at == Some(node) {
                self.ships[i].rec.on_top = false;
            }
        }
        self.naval_combat = Some(NavalCombat {
            node,
            round: 0,
            battery_fired: false,
        });
    }

    /// The work of the naval combat no one decides: the battery's shot, then each round.
    pub(crate) fn naval_combat_step(&mut self, fx: &mut Fx) {
        let Some(combat) = self.naval_combat.clone() else {
            // No combat waits for a choice: the Movement Phase resumes (S12.5d).
            if let Step::NavalCombat(side) = self.step {
                self.enter(Step::Movement(side), fx);
            }
            return;
        };
        let node = combat.node;
        if !combat.battery_fired {
            self.battery_shot_before_combat(node, fx);
            return;
        }
        let union = self.fleet_at(Side::Union, node);
        let confederate = self.fleet_at(Side::Confederate, node);
        let warships = |ships: &[usize]| ships.iter().filter(|&&i| self.ships[i].warship()).count();
        if union.is_empty()
            || confederate.is_empty()
            || (warships(&union) == 0 && warships(&confederate) == 0)
        {
            self.end_naval_combat(node, fx);
            return;
        }
        let round = combat.round + 1;
        if let Some(c) = self.naval_combat.as_mut() {
            c.round = round;
        }
        let phasing = self.step.side().unwrap_or(Side::Union);
        for side in [phasing, phasing.opponent()] {
            let own = if side == Side::Union {
                &union
            } else {
                &confederate
            };
            let firing = u8::try_from(warships(own)).unwrap_or(u8::MAX);
            let Some(column) = NavalColumn::from_firing_ships(firing) else {
                continue;
            };
            let modifier = self.naval_modifier(side, node);
            let roll = fx.d6();
            let modified = i32::from(roll) + modifier;
            let result = Charts::get().naval_crt(column, modified);
            fx.public(
                EventKind::NavalCombat,
                format!(
                    "Naval combat at {}, round {round}: the {side} player rolls {roll}{} = {modified} with {firing} ship{}: {} (Naval CRT).",
                    node.name(),
                    if modifier == 0 {
                        String::new()
                    } else {
                        format!(" {modifier:+}")
                    },
                    if firing == 1 { "" } else { "s" },
                    naval_result_name(result)
                ),
            );
            if result != NavalResult::NoEffect {
                self.decisions.push(Decision::NavalHit {
                    side: side.opponent(),
                    node,
                    result,
                });
            }
        }
    }

    /// S12.5b: a face-up Confederate battery beside the arrow fires once at the Union ships
    /// there before the first round; the Union player orders them first (R8).
    fn battery_shot_before_combat(&mut self, node: Node, fx: &mut Fx) {
        let union = self.fleet_at(Side::Union, node);
        let battery = self.guarding(node);
        if let Some(b) = battery
            && !union.is_empty()
        {
            if union.len() >= 2 && !union.iter().any(|&i| self.ships[i].rec.on_top) {
                self.decisions.push(Decision::TopShip { node });
                return;
            }
            let mut stack = union;
            stack.sort_by_key(|&i| !self.ships[i].rec.on_top);
            self.battery_fire(
                b,
                &stack,
                Constants::get().naval.battery_fire_downstream,
                fx,
            );
        }
        if let Some(c) = self.naval_combat.as_mut() {
            c.battery_fired = true;
        }
    }

    /// The Union ships whose order the Union player sets before a battery fires at them (R8):
    /// those in the naval combat on `node`, otherwise those that spent the phase there.
    pub fn top_ship_candidates(&self, node: Node) -> Vec<usize> {
        match &self.naval_combat {
            Some(c) if c.node == node => self.fleet_at(Side::Union, node),
            _ => self.idle_ships_on(node),
        }
    }

    /// The printed Naval CRT modifiers of `side`'s roll on `node` (7.21b, 7.22).
    pub fn naval_modifier(&self, side: Side, node: Node) -> i32 {
        let m = &Charts::get().naval_crt.modifiers;
        let enemy: Vec<usize> = self.fleet_at(side.opponent(), node);
        let mut total = 0;
        match side {
            Side::Union => {
                if enemy.iter().any(|&i| self.ships[i].wooden) {
                    total += i32::from(m.enemy_wooden);
                }
                if enemy.iter().any(|&i| self.ships[i].id.as_str() == ARKANSAS) {
                    total += i32::from(m.arkansas_present);
                }
            }
            Side::Confederate => {
                let farragut = enemy.iter().any(|&i| self.ships[i].farragut());
                let other_wooden = enemy
                    .iter()
                    .any(|&i| self.ships[i].wooden && !self.ships[i].farragut());
                if other_wooden {
                    total += i32::from(if farragut {
                        m.enemy_wooden_with_farragut
                    } else {
                        m.enemy_wooden
                    });
                } else if farragut {
                    total += i32::from(m.farragut_alone);
                }
            }
        }
        total
    }

    /// The ships that may take a Naval CRT result (7.21b: the owner chooses).
    pub(crate) fn naval_hit_options(&self, side: Side, node: Node) -> Vec<Action> {
        self.fleet_at(side, node)
            .into_iter()
            .map(|i| Action::HitShip {
                ship: self.ships[i].id.to_string(),
            })
            .collect()
    }

    /// A Naval CRT result lands on the chosen ship.
    pub(crate) fn naval_hit(&mut self, result: NavalResult, id: &str, fx: &mut Fx) {
        let Some(i) = self.ship_index(id) else { return };
        match result {
            NavalResult::Damaged => self.damage_ship(i, fx),
            NavalResult::Sunk => self.sink(i, fx),
            NavalResult::NoEffect => {}
        }
    }

    /// 7.21d: a damaged ship is removed (with the steamer lashed to it and what they carry)
    /// and may return five turns later (Union) or three turns later (Confederate).
    pub(crate) fn damage_ship(&mut self, i: usize, fx: &mut Fx) {
        let naval = &Constants::get().naval;
        let side = self.ships[i].side;
        let after = if side == Side::Union {
            naval.damaged_union_return_turns
        } else {
            naval.damaged_confederate_return_turns
        };
        let turn = self.turn.saturating_add(after);
        let mut hit = vec![i];
        if let Some(p) = self.lashed_to(i) {
            hit.push(p);
        }
        for &s in &hit {
            let ship = &mut self.ships[s];
            ship.at = None;
            ship.off = Some(OffRiver::Damaged { turn });
            ship.rec.done = true;
        }
        let names: Vec<String> = hit.iter().map(|&s| self.ships[s].name()).collect();
        fx.public(
            EventKind::NavalCombat,
            format!(
                "{} ({side}) {} damaged and leave{} the river; {} may return on Turn {turn} (7.21d).",
                names.join(" and "),
                if hit.len() == 1 { "is" } else { "are" },
                if hit.len() == 1 { "s" } else { "" },
                if hit.len() == 1 { "it" } else { "they" }
            ),
        );
    }

    /// The naval combat on `node` is over (S12.5c): the ships that took part may not hop into
    /// support this turn (7.21c).
    fn end_naval_combat(&mut self, node: Node, fx: &mut Fx) {
        for i in 0..self.ships.len() {
            if self.ships[i].at == Some(node) {
                self.ships[i].rec.fought = true;
                self.ships[i].rec.on_top = false;
            }
        }
        if !self.naval_fought.contains(&node) {
            self.naval_fought.push(node);
        }
        self.naval_combat = None;
        let left = |side: Side| self.fleet_at(side, node).len();
        fx.public(
            EventKind::NavalCombat,
            format!(
                "The naval combat at {} is over: {} Union and {} Confederate ship{} remain.",
                node.name(),
                left(Side::Union),
                left(Side::Confederate),
                if left(Side::Confederate) == 1 {
                    ""
                } else {
                    "s"
                }
            ),
        );
    }

    /// The prompt while naval combats wait.
    pub(crate) fn naval_combat_prompt(&self) -> String {
        format!(
            "{}: naval combat (7.21b): choose the arrow where your ships fight next",
            self.phase_title()
        )
    }
}
