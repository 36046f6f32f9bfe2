//! Changes to one part of a state in a [`Situation`](super::Situation): a land counter, a
//! ship, a reinforcement group, the battle. Each reads as the model type it changes (`Deref`)
//! and takes `set_` methods in a chain.

use std::ops::Deref;

use adjutant_engine::Side;

use crate::data::charts::CombatOrder;
use crate::model::action::Position;
use crate::model::battle::Battle;
use crate::model::counter::{Counter, Key, Place};
use crate::model::node::Node;
use crate::model::ship::{OffRiver, Ship};
use crate::model::track::Reinforcement;

/// Changes to one land counter.
pub struct CounterEdit<'a> {
    /// The counter.
    counter: &'a mut Counter,
}

impl<'a> CounterEdit<'a> {
    pub(super) fn new(counter: &'a mut Counter) -> Self {
        CounterEdit { counter }
    }

    /// Where it is.
    pub fn set_place(self, place: Place) -> Self {
        self.counter.place = place;
        self
    }

    /// Permanent losses (S1.7).
    pub fn set_casualties(self, sp: u8) -> Self {
        self.counter.casualties = sp;
        self
    }

    /// Recoverable losses (S1.7).
    pub fn set_stragglers(self, sp: u8) -> Self {
        self.counter.stragglers = sp;
        self
    }

    /// Face up for both players (S4.4).
    pub fn set_face_up(self, face_up: bool) -> Self {
        self.counter.face_up = face_up;
        self
    }

    /// In communications at its owner's last Communications Phase (S6.1a).
    pub fn set_in_comms(self, in_comms: bool) -> Self {
        self.counter.rec.in_comms = in_comms;
        self
    }

    /// Began this Movement Phase in an Area holding enemy combat units (S3.3c).
    pub fn set_began_in_contact(self, began_in_contact: bool) -> Self {
        self.counter.rec.began_in_contact = began_in_contact;
        self
    }

    /// Force marched in its side's Movement Phase this turn (S3.3d).
    pub fn set_force_marched(self, force_marched: bool) -> Self {
        self.counter.rec.force_marched = force_marched;
        self
    }

    /// Consecutive turns of force marching, this one included (S7.3).
    pub fn set_march_streak(self, turns: u8) -> Self {
        self.counter.rec.march_streak = turns;
        self
    }

    /// Lost stragglers in the previous Game Turn (Straggler Loss Chart modifier).
    pub fn set_straggled_before(self, straggled_before: bool) -> Self {
        self.counter.rec.straggled_before = straggled_before;
        self
    }

    /// Moved since its owner's last Communications Phase (S7.5).
    pub fn set_moved_since(self, moved_since: bool) -> Self {
        self.counter.rec.moved_since = moved_since;
        self
    }

    /// Force marched, retreated, withdrew or was evacuated since then (S7.5).
    pub fn set_hurried_since(self, hurried_since: bool) -> Self {
        self.counter.rec.hurried_since = hurried_since;
        self
    }

    /// Lost stragglers since then (S7.5).
    pub fn set_straggled_since(self, straggled_since: bool) -> Self {
        self.counter.rec.straggled_since = straggled_since;
        self
    }

    /// Absorbed into a division (4.5): it left the map unidentified.
    pub fn set_absorbed(self, absorbed: bool) -> Self {
        self.counter.rec.absorbed = absorbed;
        self
    }
}

impl Deref for CounterEdit<'_> {
    type Target = Counter;

    fn deref(&self) -> &Counter {
        self.counter
    }
}

/// Changes to one ship.
pub struct ShipEdit<'a> {
    /// The ship.
    ship: &'a mut Ship,
}

impl<'a> ShipEdit<'a> {
    pub(super) fn new(ship: &'a mut Ship) -> Self {
        ShipEdit { ship }
    }

    /// Its arrow or off-map box; `None` when it is not on the river.
    pub fn set_at(self, at: Option<Node>) -> Self {
        self.ship.at = at;
        self
    }

    /// Why it is not on the river, if it is in play elsewhere.
    pub fn set_off(self, off: Option<OffRiver>) -> Self {
        self.ship.off = off;
        self
    }

    /// Left its node this phase (a stack that did not is fired at under R21).
    pub fn set_moved(self, moved: bool) -> Self {
        self.ship.rec.moved = moved;
        self
    }
}

impl Deref for ShipEdit<'_> {
    type Target = Ship;

    fn deref(&self) -> &Ship {
        self.ship
    }
}

/// Changes to one reinforcement group (S3.7).
pub struct ReinforcementEdit<'a> {
    /// The group.
    group: &'a mut Reinforcement,
}

impl<'a> ReinforcementEdit<'a> {
    pub(super) fn new(group: &'a mut Reinforcement) -> Self {
        ReinforcementEdit { group }
    }

    /// Placed on the map (a placed group never arrives again).
    pub fn set_placed(self, placed: bool) -> Self {
        self.group.placed = placed;
        self
    }

    /// The last turn its owner chose to withhold it (S3.7c).
    pub fn set_withheld(self, turn: Option<u8>) -> Self {
        self.group.withheld = turn;
        self
    }
}

impl Deref for ReinforcementEdit<'_> {
    type Target = Reinforcement;

    fn deref(&self) -> &Reinforcement {
        self.group
    }
}

/// Changes to the battle being fought: the secret choices of the Battle Board.
pub struct BattleEdit<'a> {
    /// The battle.
    battle: &'a mut Battle,
}

impl<'a> BattleEdit<'a> {
    pub(super) fn new(battle: &'a mut Battle) -> Self {
        BattleEdit { battle }
    }

    /// A counter's position on the Battle Board (S8.6).
    pub fn set_slot(self, counter: Key, position: Position) -> Self {
        match self.battle.slots.iter_mut().find(|(k, _)| *k == counter) {
            Some((_, p)) => *p = position,
            None => self.battle.slots.push((counter, position)),
        }
        self
    }

    /// The Combat Order of `side`'s Line Position `line` this round (S8.8); `None`: an
    /// unengaged Defender Line Position holds without one.
    pub fn set_order(self, side: Side, line: u8, order: Option<CombatOrder>) -> Self {
        match self
            .battle
            .orders
            .iter_mut()
            .find(|(s, l, _)| *s == side && *l == line)
        {
            Some((_, _, o)) => *o = order,
            None => self.battle.orders.push((side, line, order)),
        }
        self
    }

    /// A Reserve counter's commitment before round 2 (S9.82): a Line Position, or none.
    pub fn set_commit(self, counter: Key, position: Option<Position>) -> Self {
        match self.battle.commits.iter_mut().find(|(k, _)| *k == counter) {
            Some((_, p)) => *p = position,
            None => self.battle.commits.push((counter, position)),
        }
        self
    }
}

impl Deref for BattleEdit<'_> {
    type Target = Battle;

    fn deref(&self) -> &Battle {
        self.battle
    }
}
