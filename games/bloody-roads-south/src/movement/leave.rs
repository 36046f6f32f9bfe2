//! Leaving the map by a hex under orders (Scenario 3, book 7.0: 3/5's goal "exit the map at
//! B13.35 so as to rejoin the rest of 5 Corps"; its brigades that leave unwrecked score for
//! the Union, `victory::scenario_points`).
//!
//! **Decisions** (reference 7.0, Scenario 3):
//! - A printed order may name the hex its force leaves by (`exit_by`, a typed field like a
//!   printed start time, 6.0b). While such an order is in force for a division, a moving
//!   group standing in that hex may `LeaveMap` if every counter of it belongs to the
//!   division's corps as organised (the order's purpose is to rejoin that corps: 3/5's
//!   brigades, Crawford and the Db(2) serving with them may go; Hancock, 2/6 or 2 Corps
//!   units may not). The order in force is the one the engine already reads for the
//!   division; until the D2 goal is accepted, 3/5 defends Chewning Farm and may not leave.
//! - Leaving needs at least 1 MP left for every counter of the group (as leaving the map by
//!   the off-map link, 4.2) and is not offered to a group that entered an enemy zone of
//!   control this move or must attack (S14.0). A brigade with an extended line contracts
//!   first (its parts are on other hexes).
//! - Counters that leave are out of play for the rest of the game (`Location::Exited`):
//!   they neither come back nor count as eliminated. The opponent reads that a stack left
//!   by the hex (as he reads a step), the owner which units.

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::charts::cell::Halves;
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::moves::MovingGroup;
use crate::model::order::Receiver;
use crate::model::unit::{Location, UnitKey};

/// The movement points a counter must have left to leave the map (decision, as 4.2).
const LEAVE_COST: Halves = Halves(2);

impl BloodyRoadsSouth {
    /// The hex the moving group may leave the map by now, if any (see the module's words).
    pub(crate) fn leave_option(&self, side: Side, g: &MovingGroup) -> Option<HexId> {
        let here = self.moving_hex(g)?;
        if g.must_attack || (g.in_enemy_zoc && !g.path.is_empty()) {
            return None;
        }
        // Reference 3A.7: units under withdrawal leave by their army's edges.
        if self.withdrawal_exit(side, here)
            && g.units.iter().all(|&k| {
                self.under_withdrawal(k)
                    && self.unit(k).part_of.is_none()
                    && !self.keys().any(|p| self.unit(p).part_of == Some(k))
                    && self.mp_left(k) >= i32::from(LEAVE_COST.0)
            })
        {
            return Some(here);
        }
        let corps = self.exit_corps(side, here)?;
        let members = crate::data::order_of_battle().side(side).members(&corps);
        let all_may = g.units.iter().all(|&k| {
            let u = self.unit(k);
            u.part_of.is_none()
                && members.contains(&u.id)
                && !self.keys().any(|p| self.unit(p).part_of == Some(k))
                && self.mp_left(k) >= i32::from(LEAVE_COST.0)
        });
        all_may.then_some(here)
    }

    /// The corps (as organised) of a division whose order in force sends it off the map by
    /// `hex`.
    fn exit_corps(&self, side: Side, hex: HexId) -> Option<crate::data::FormationId> {
        let oob = crate::data::order_of_battle().side(side);
        self.commands.iter().find_map(|c| {
            let Receiver::Division(d) = &c.receiver else {
                return None;
            };
            if c.side != side {
                return None;
            }
            let order = self.order(side, c.command.current?)?;
            let by = order.exit_by.and_then(|h| self.canonical(h))?;
            (by == hex).then(|| oob.division(d).map(|d| d.corps.clone()))?
        })
    }

    /// The moving group leaves the map by its hex (see the module's words).
    pub(crate) fn leave_map(&mut self, side: Side, fx: &mut Fx) {
        let Some(g) = self.moving.clone() else {
            return;
        };
        let Some(hex) = self.leave_option(side, &g) else {
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
            u.location = Location::Exited { hex };
        }
        let public = match shown {
            Some(k) => format!(
                "A {side} stack ({}) leaves the map by {hex}.",
                self.unit(k).id
            ),
            None => format!("A {side} counter leaves the map by {hex}."),
        };
        fx.both(
            EventKind::Move,
            public,
            side,
            format!(
                "{} leave{} the map by {hex} under orders; they are out of play for the rest \
                 of the game.",
                names.join(", "),
                if names.len() == 1 { "s" } else { "" }
            ),
        );
        fx.reveal();
        self.refresh_radius(side);
    }
}
