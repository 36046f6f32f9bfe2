//! Naval movement (4.11, 4.15, S12.1): the Union moves naval stacks of one or two ships from
//! arrow to arrow, downstream any distance, upstream at most two arrows a phase, off the map
//! and back at the edge they left by (R38). A stack entering an arrow guarded by a face-up
//! battery stops and is fired at (4.21, 4.23a); a stack that spends the whole phase on one is
//! fired at once (R21). At the end of the phase at most two ships may stay on an arrow; the
//! Union player sends the excess off the map by the nearer edge (4.11a, R7).

use adjutant_engine::Side;

use crate::data::Constants;
use crate::events::{EventKind, Fx, counters};
use crate::model::action::Action;
use crate::model::decision::Decision;
use crate::model::game::MississippiFortress;
use crate::model::node::{Fleet, Node};

/// Ships one naval stack may hold while moving (decision R22).
pub const STACK: usize = 2;

impl MississippiFortress {
    /// Ships of `side` at `node` that may still move this phase.
    fn free_ships(&self, side: Side, node: Node) -> Vec<usize> {
        self.ships_at(side, node)
            .filter(|&i| !self.ships[i].rec.done && !self.ships[i].rec.held)
            .collect()
    }

    /// 1c: nodes holding ships that may move.
    pub(crate) fn sail_from_actions(&self, side: Side) -> Vec<Action> {
        let mut nodes: Vec<Node> = self
            .ships
            .iter()
            .filter(|s| s.side == side && !s.rec.done && !s.rec.held)
            .filter_map(|s| s.at)
            .collect();
        nodes.sort();
        nodes.dedup();
        nodes
            .into_iter()
            .filter(|n| !n.next().is_empty())
            .map(|node| Action::SailFrom { node })
            .collect()
    }

    /// The options while a naval stack is formed or on the move.
    pub(crate) fn fleet_actions(&self, fleet: &Fleet) -> Vec<Action> {
        let mut out = Vec::new();
        // The moving player's ships (7.21a: the Confederates have ships too).
        let side = fleet.ships.first().map_or_else(
            || self.step.side().unwrap_or(Side::Union),
            |&i| self.ships[i].side,
        );
        if fleet.steps == 0 && fleet.ships.len() < STACK {
            for i in self.free_ships(side, fleet.from) {
                if fleet.ships.contains(&i) {
                    continue;
                }
                // A lashed pair moves together (4.12c): it needs the whole stack.
                if self.lashed_to(i).is_some() && !fleet.ships.is_empty() {
                    continue;
                }
                out.push(Action::TakeShip {
                    ship: self.ships[i].id.to_string(),
                });
            }
        }
        if !fleet.ships.is_empty() {
            let limit = Constants::get().naval.upstream_arrows_per_phase;
            let entered_edge = fleet.steps > 0 && matches!(fleet.at, Node::North | Node::South);
            if !entered_edge {
                for (to, upstream) in fleet.at.next() {
                    if upstream
                        && fleet
                            .ships
                            .iter()
                            .any(|&i| self.ships[i].rec.upstream >= limit)
                    {
                        continue;
                    }
                    if !self.may_initiate(side, &fleet.ships, to) {
                        continue;
                    }
                    out.push(Action::SailTo { node: to });
                }
            }
        }
        if fleet.steps == 0 {
            out.push(Action::Cancel);
        } else {
            out.push(Action::Halt);
        }
        out
    }

    /// 7.21a: the Confederate Steamer* may only defend in naval combat: without a warship
    /// beside it, it may not go onto an arrow holding Union ships.
    pub fn may_initiate(&self, side: Side, ships: &[usize], to: Node) -> bool {
        side != Side::Confederate
            || to.arrow().is_none()
            || ships.iter().any(|&i| self.ships[i].warship())
            || self.ships_at(side.opponent(), to).next().is_none()
    }

    /// Chooses ships at `node` to move.
    pub(crate) fn sail_from(&mut self, node: Node) {
        self.sailing = Some(Fleet {
            from: node,
            at: node,
            ships: Vec::new(),
            steps: 0,
        });
    }

    /// Adds a ship (and the steamer lashed to it) to the naval stack.
    pub(crate) fn take_ship(&mut self, id: &str) {
        let Some(i) = self.ship_index(id) else { return };
        let partner = self.lashed_to(i);
        if let Some(fleet) = self.sailing.as_mut() {
            fleet.ships.push(i);
            if let Some(p) = partner {
                fleet.ships.push(p);
            }
        }
    }

    /// One naval step (4.11); a guarded arrow stops the stack and its battery fires (4.21).
    pub(crate) fn sail_to(&mut self, to: Node, fx: &mut Fx) {
        let Some(mut fleet) = self.sailing.take() else {
            return;
        };
        let upstream = fleet.at.next().iter().any(|&(n, up)| n == to && up);
        for &i in &fleet.ships {
            let ship = &mut self.ships[i];
            ship.at = Some(to);
            ship.rec.moved = true;
            if upstream {
                ship.rec.upstream += 1;
            }
        }
        let cargo: Vec<usize> = fleet
            .ships
            .iter()
            .flat_map(|&i| self.aboard(i).collect::<Vec<_>>())
            .collect();
        for &k in &cargo {
            self.counters[k].rec.moved_since = true;
        }
        let names: Vec<String> = fleet.ships.iter().map(|&i| self.ships[i].name()).collect();
        let side = fleet
            .ships
            .first()
            .map_or(Side::Union, |&i| self.ships[i].side);
        let mut cargo_count = cargo.clone();
        cargo_count.sort();
        cargo_count.dedup();
        let carrying = if cargo_count.is_empty() {
            String::new()
        } else {
            format!(", carrying {}", counters(cargo_count.len()))
        };
        fx.public(
            EventKind::Sail,
            format!(
                "{side}: {} sail{} {} to {}{carrying}.",
                names.join(" and "),
                if names.len() == 1 { "s" } else { "" },
                if upstream { "upstream" } else { "downstream" },
                to.name()
            ),
        );
        fleet.at = to;
        fleet.steps += 1;
        // 4.21: batteries fire at Union ships only (7.21a: the Confederate navy sails past).
        if let Some(battery) = self.guarding(to).filter(|_| side == Side::Union) {
            let shots = if upstream {
                Constants::get().naval.battery_fire_upstream
            } else {
                Constants::get().naval.battery_fire_downstream
            };
            self.battery_fire(battery, &fleet.ships, shots, fx);
            fleet.ships.retain(|&i| self.ships[i].at.is_some());
        }
        if fleet.ships.is_empty() {
            return;
        }
        // R32 (7.21b): a stack entering an arrow with enemy ships (not in support) stops; the
        // naval combat follows when its player ends his naval movement.
        if to.arrow().is_some() && self.ships_at(side.opponent(), to).next().is_some() {
            for &i in &fleet.ships {
                self.ships[i].rec.done = true;
            }
            return;
        }
        if matches!(to, Node::North | Node::South) {
            // 4.15: off the map; it comes back in a later phase.
            for &i in &fleet.ships {
                self.ships[i].rec.done = true;
            }
            return;
        }
        self.sailing = Some(fleet);
    }

    /// "Take Transport Steamer 1 (on top)".
    pub(crate) fn take_ship_label(&self, id: &str) -> String {
        let Some(i) = self.ship_index(id) else {
            return format!("Take {id}");
        };
        let lashed = self
            .lashed_to(i)
            .map(|p| format!(" and {} (lashed to it)", self.ships[p].name()))
            .unwrap_or_default();
        let top = self.sailing.as_ref().is_some_and(|f| f.ships.is_empty());
        format!(
            "Take {}{lashed}{}",
            self.ships[i].name(),
            if top { " (on top)" } else { "" }
        )
    }

    /// "Sail upstream to A4 (Warrenton) — a battery fires".
    pub(crate) fn sail_label(&self, to: Node) -> String {
        let Some(fleet) = &self.sailing else {
            return format!("Sail to {}", to.name());
        };
        let upstream = fleet.at.next().iter().any(|&(n, up)| n == to && up);
        let guarded = if self.guarding(to).is_some() {
            " (a battery fires)"
        } else {
            ""
        };
        match to {
            Node::North | Node::South => format!("Sail {}{guarded}", to.name()),
            Node::Arrow(_) => format!(
                "Sail {} to {}{guarded}",
                if upstream { "upstream" } else { "downstream" },
                to.name()
            ),
        }
    }

    /// Ships of the Union that spent the whole phase on `node` (R21).
    pub fn idle_ships_on(&self, node: Node) -> Vec<usize> {
        self.ships_at(Side::Union, node)
            .filter(|&i| !self.ships[i].rec.moved)
            .collect()
    }

    /// After 1c: the Union orders each two-ship stack that stayed on a guarded arrow (R8).
    pub(crate) fn order_idle_stacks(&mut self, side: Side) {
        if side != Side::Union {
            return;
        }
        for b in 0..self.batteries.len() {
            let node = Node::Arrow(self.batteries[b].arrow);
            if self.guarding(node) == Some(b) && self.idle_ships_on(node).len() >= 2 {
                self.decisions.push(Decision::TopShip { node });
            }
        }
    }

    /// After 1c: each battery fires once at the stack that spent the phase on its arrow (R21).
    pub(crate) fn fire_at_idle_stacks(&mut self, side: Side, fx: &mut Fx) {
        if side != Side::Union {
            return;
        }
        for b in 0..self.batteries.len() {
            let node = Node::Arrow(self.batteries[b].arrow);
            if self.guarding(node) != Some(b) {
                continue;
            }
            let mut stack = self.idle_ships_on(node);
            if stack.is_empty() {
                continue;
            }
            stack.sort_by_key(|&i| !self.ships[i].rec.on_top);
            self.battery_fire(
                b,
                &stack,
                Constants::get().naval.battery_fire_downstream,
                fx,
            );
        }
    }

    /// 1h (4.11a): one decision per arrow holding more ships of `side` than allowed.
    pub(crate) fn naval_stacking(&mut self, side: Side) {
        let max = usize::from(Constants::get().naval.max_ships_per_arrow);
        let mut nodes: Vec<Node> = self
            .ships
            .iter()
            .filter(|s| s.side == side)
            .filter_map(|s| s.at)
            .filter(|n| n.arrow().is_some())
            .collect();
        nodes.sort();
        nodes.dedup();
        for node in nodes {
            let n = self.ships_at(side, node).count();
            for _ in max..n {
                self.decisions.push(Decision::OffMap { node });
            }
        }
    }

    /// The ships that may be sent off the map from an overstacked arrow.
    pub(crate) fn off_map_options(&self, node: Node) -> Vec<Action> {
        let max = usize::from(Constants::get().naval.max_ships_per_arrow);
        let side = self.step.side().unwrap_or(Side::Union);
        let ships: Vec<usize> = self.ships_at(side, node).collect();
        if ships.len() <= max {
            return Vec::new();
        }
        ships
            .into_iter()
            .map(|i| Action::SendOffMap {
                ship: self.ships[i].id.to_string(),
            })
            .collect()
    }

    /// R7: the ship (with the steamer lashed to it, and its cargo) goes to the off-map box of
    /// the nearer edge. 7.21b: on an arrow where naval combat took place this phase, the
    /// overstacked ship is eliminated instead.
    pub(crate) fn send_off_map(&mut self, node: Node, id: &str, fx: &mut Fx) {
        let Some(i) = self.ship_index(id) else { return };
        if self.naval_fought.contains(&node) {
            self.lose_ship(
                i,
                "is eliminated: overstacked after naval combat (7.21b)",
                fx,
            );
            return;
        }
        let edge = node.nearer_edge();
        let mut sent = vec![i];
        if let Some(p) = self.lashed_to(i) {
            sent.push(p);
        }
        for &s in &sent {
            self.ships[s].at = Some(edge);
        }
        let names: Vec<String> = sent.iter().map(|&s| self.ships[s].name()).collect();
        fx.public(
            EventKind::Sail,
            format!(
                "{}: {} leave{} {} for {} (4.11a).",
                self.ships[i].side,
                names.join(" and "),
                if names.len() == 1 { "s" } else { "" },
                node.name(),
                edge.name()
            ),
        );
    }
}
