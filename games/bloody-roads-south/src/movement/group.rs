//! The moving group (series 12.0, 13.0, 16.0; reference 2.4, 2.5): picking units up,
//! taking stack-mates along, turning, and putting the group down.
//!
//! **Decision (what moves together).** One stack moves at a time. `Pick` takes up one unit
//! that may move with, in its `with` list, other units of the same hex that may move (units
//! moving together start together, S23.1): the whole group in one action, whatever its size,
//! so that the number of actions never tells the opponent how many counters a stack holds
//! (reference 5.2). The list is checked whole on arrival ([`BloodyRoadsSouth::pick_group`]);
//! a unit named that may not go refuses the whole `Pick`. The group then moves as one
//! stack: each unit pays its own chart column's cost out of what it has left, so the group
//! goes as far as its slowest unit. `EndMove` puts it down; every unit of a group put down
//! has moved this phase, whether it left its hex or not ("moved, or began to move"), so
//! every unit is picked at most once a phase and a phase always ends.
//!
//! Who may be picked: a unit of the phasing side on the map, not moved yet this phase, not
//! Routed (routed units move only to retreat, S24.1b); infantry in line or column (and the
//! parts of extended lines, S17.0); artillery limbered, or unlimbered to limber (S26.0);
//! leaders always (13 MP, S25.0; Hancock as limbered artillery, 3.2); corps and army HQs
//! only when they may move (S10.0, S10.6); corps wagons and the ANVa train (S28.0). Not the
//! off-map Union trains marker (3.7) nor the 1st NC Cav (4.4a), nor a combat unit waiting for
//! its order's printed start time (6.0b, `command::enforce`).
//!
//! Facing (S13.0): all units in a hex face one vertex. Turning is free, also in an enemy zone
//! of control; a group still in its starting hex turns the whole stack there. When a group
//! stops in a friendly stack it goes on top (S12.0; the first unit picked on top), every unit
//! there takes the group's facing, and the stack takes the worst morale state of its units
//! (S12.0, S24.0: one morale state per stack).

use adjutant_engine::Side;

use crate::data::morale::MoraleState;
use crate::data::{HexId, UnitId};
use crate::events::{EventKind, Fx};
use crate::geometry::facing::Vertex;
use crate::model::action::Action;
use crate::model::game::BloodyRoadsSouth;
use crate::model::moves::MovingGroup;
use crate::model::unit::{Formation, UnitKey, UnitKind};
use crate::refusal::Refusal;
use crate::text::words;

impl BloodyRoadsSouth {
    /// The counter an action names: a unit by id, or one part of an extended line by its
    /// brigade's id and its hex.
    pub(crate) fn named_unit(
        &self,
        side: Side,
        id: &UnitId,
        part: Option<HexId>,
    ) -> Option<UnitKey> {
        match part {
            None => self.key(side, id),
            // The id compared last: few counters are parts, fewer in that hex.
            Some(hex) => self.keys().find(|&k| {
                let u = self.unit(k);
                u.part_of.is_some() && u.hex() == Some(hex) && u.side == side && &u.id == id
            }),
        }
    }

    /// The hex that names a counter in `Pick`: only for extended parts.
    fn part_hex(&self, k: UnitKey) -> Option<HexId> {
        let u = self.unit(k);
        u.part_of.and(u.hex())
    }

    /// The unit may be picked up to move now (module docs).
    pub(crate) fn may_pick(&self, side: Side, k: UnitKey) -> bool {
        let u = self.unit(k);
        if u.side != side || !u.on_map() || u.marks.moved || u.morale == MoraleState::Routed {
            return false;
        }
        if self.waits_for_start_time(k) {
            return false;
        }
        match u.kind {
            UnitKind::Brigade => true,
            UnitKind::Battery if u.formation == Formation::Unlimbered => {
                i32::from(self.formation_change_cost(k).0) <= self.mp_left(k)
            }
            UnitKind::Battery | UnitKind::Leader | UnitKind::Wagon => {
                self.move_class_of(k).is_some()
            }
            UnitKind::Hq => self.hq_movable(k),
            UnitKind::Cavalry => false,
        }
    }

    /// A corps HQ moves only when its orders let it (S10.0 "bolted down": the command rules'
    /// `hq_may_move`); an army HQ only while "moving" to the destination of its order (S10.6).
    fn hq_movable(&self, k: UnitKey) -> bool {
        let u = self.unit(k);
        let oob = crate::data::order_of_battle().side(u.side);
        if let Some(c) = oob.corps().iter().find(|c| c.hq == u.id) {
            return self.hq_may_move(u.side, &c.id);
        }
        oob.armies()
            .iter()
            .find(|a| a.hq == u.id)
            .is_some_and(|a| self.army_hq_destination(u.side, &a.id).is_some())
    }

    /// The `Pick` actions of the phasing side: one per unit that may move, offered alone
    /// (`with` empty; the player's view lists who may go with it, [`Self::stack_mates`]).
    pub(crate) fn pick_actions(&self, side: Side) -> Vec<Action> {
        self.keys()
            .filter(|&k| self.may_pick(side, k))
            .map(|k| Action::Pick {
                unit: self.unit(k).id.clone(),
                part: self.part_hex(k),
                with: Vec::new(),
            })
            .collect()
    }

    /// The units that may move with `k` (module docs): the other units of its hex that may be
    /// picked, top first.
    pub fn stack_mates(&self, side: Side, k: UnitKey) -> Vec<UnitKey> {
        let Some(hex) = self.unit(k).hex() else {
            return Vec::new();
        };
        self.at(hex)
            .into_iter()
            .filter(|&o| o != k && self.may_pick(side, o))
            .collect()
    }

    /// The moving group a `Pick` names, checked whole (reference 5.2): the picked unit, then
    /// each unit of `with` in turn, the first of its hex's stack-mates with that id not yet
    /// taken. Empty when the picked unit itself cannot be named (the engine offers only
    /// units that can).
    pub fn pick_group(
        &self,
        side: Side,
        unit: &UnitId,
        part: Option<HexId>,
        with: &[UnitId],
    ) -> Result<Vec<UnitKey>, Refusal> {
        let Some(k) = self.named_unit(side, unit, part) else {
            return Ok(Vec::new());
        };
        let Some(hex) = self.unit(k).hex() else {
            return Ok(Vec::new());
        };
        let mates = self.stack_mates(side, k);
        let mut group = vec![k];
        for id in with {
            let found = mates
                .iter()
                .copied()
                .find(|&o| !group.contains(&o) && &self.unit(o).id == id);
            match found {
                Some(o) => group.push(o),
                None => {
                    return Err(Refusal::NotAStackMate {
                        unit: id.clone(),
                        hex,
                    });
                }
            }
        }
        Ok(group)
    }

    /// The `Turn` actions: the five other vertices, once in each hex (module docs).
    pub(crate) fn turn_actions(&self, g: &MovingGroup) -> Vec<Action> {
        let Some(&first) = g.units.first() else {
            return Vec::new();
        };
        if g.turned_here {
            return Vec::new();
        }
        let now = self.unit(first).facing;
        Vertex::ALL
            .into_iter()
            .filter(|&v| v != now)
            .map(|facing| Action::Turn { facing })
            .collect()
    }

    /// Picks a group up (its first unit first, [`Self::pick_group`]).
    pub(crate) fn pick(&mut self, side: Side, group: Vec<UnitKey>, fx: &mut Fx) {
        let Some(&first) = group.first() else {
            return;
        };
        let Some(hex) = self.unit(first).hex() else {
            return;
        };
        let mut moving = MovingGroup::alone(first, hex);
        moving.units = group.clone();
        self.moving = Some(moving);
        self.refresh_radius(side);
        let mut text = String::with_capacity(96);
        self.push_member_names(&group, &mut text);
        let verb = if group.len() == 1 { " is" } else { " are" };
        words!(&mut text => verb, " picked up in ", hex, " to move.");
        fx.private(EventKind::Move, side, text);
    }

    /// Turns the group (and, in its starting hex, the whole stack) to face a vertex.
    pub(crate) fn turn_group(&mut self, side: Side, facing: Vertex, fx: &mut Fx) {
        let Some(g) = self.moving.clone() else {
            return;
        };
        let Some(hex) = self.moving_hex(&g) else {
            return;
        };
        let turning: Vec<UnitKey> = if g.path.is_empty() {
            self.at(hex)
                .into_iter()
                .filter(|&k| self.unit(k).side == side)
                .collect()
        } else {
            g.units.clone()
        };
        for k in turning {
            self.unit_mut(k).facing = facing;
        }
        if let Some(m) = self.moving.as_mut() {
            m.turned_here = true;
        }
        fx.public(
            EventKind::Move,
            words!(
                "The ",
                side,
                " stack in ",
                hex,
                " faces ",
                facing.compass(),
                " (13.0)."
            ),
        );
    }

    /// Puts the group down where it stands (module docs).
    pub(crate) fn end_move(&mut self, side: Side, fx: &mut Fx) {
        let Some(g) = self.moving.take() else {
            return;
        };
        for &k in &g.units {
            self.unit_mut(k).marks.moved = true;
        }
        let Some(hex) = self.moving_hex(&g) else {
            return;
        };
        // Units that fire or a close combat moved away are no longer part of the stack here.
        let units: Vec<UnitKey> = g
            .units
            .iter()
            .copied()
            .filter(|&k| self.unit(k).hex() == Some(hex))
            .collect();
        let Some(&first) = units.first() else {
            return;
        };
        let facing = self.unit(first).facing;
        let stack: Vec<UnitKey> = self
            .at(hex)
            .into_iter()
            .filter(|&k| self.unit(k).side == side)
            .collect();
        let worst = stack
            .iter()
            .filter(|&&k| self.unit(k).kind.is_combat())
            .map(|&k| self.unit(k).morale)
            .max();
        for &k in &stack {
            self.unit_mut(k).facing = facing;
            if let Some(w) = worst
                && self.unit(k).kind.is_combat()
            {
                self.unit_mut(k).morale = w;
            }
        }
        let mut text = String::with_capacity(96);
        self.push_member_names(&units, &mut text);
        let verb = if g.path.is_empty() {
            " stays in "
        } else {
            " ends its move in "
        };
        words!(&mut text => verb, hex, ".");
        fx.private(EventKind::Move, side, text);
    }
}
