//! Test support (not part of the game's interface): positions built by hand and scripted
//! secret dice, for the integration tests of the rules. Every change goes through the crate's
//! own fields; nothing here is reachable by a player (the engine reaches a game only through
//! `Rules`). Free functions edit a `Match`'s state; the `test_` methods of the game change a
//! state the way play could have left it (the movement tests' positions).

use adjutant_engine::{Dice, Match, Seed, Side};
use serde_json::Value;

use crate::data::morale::MoraleState;
use crate::data::{HexId, UnitId};
use crate::events::Fx;
use crate::model::facing::Vertex;
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::{Order, OrderNo, OrderStatus, Origin, Receiver};
use crate::model::step::{MovementSegment, Step};
use crate::model::unit::{Formation, LeaderFate, Location, UnitKey};

/// A copy of `m` whose rules state `f` has changed (the dice and undo history as they were).
pub fn edit(
    m: &Match<BloodyRoadsSouth>,
    seed: &Seed,
    f: impl FnOnce(&mut BloodyRoadsSouth),
) -> Match<BloodyRoadsSouth> {
    let mut snap = serde_json::to_value(m.snapshot()).expect("a snapshot serialises");
    let mut state: BloodyRoadsSouth =
        serde_json::from_value(snap["state"].take()).expect("the state deserialises");
    f(&mut state);
    snap["state"] = serde_json::to_value(&state).expect("the state serialises");
    let snap = serde_json::from_value(snap).expect("the snapshot deserialises");
    Match::restore(snap, seed)
}

fn key(g: &BloodyRoadsSouth, side: Side, id: &str) -> crate::model::unit::UnitKey {
    g.key(side, &UnitId(id.into()))
        .unwrap_or_else(|| panic!("{side} has no counter {id}"))
}

/// The next secret dice of `side` will be these, in order (then its stream again).
pub fn script_dice(g: &mut BloodyRoadsSouth, side: Side, rolls: &[u8]) {
    g.secret_dice.get_mut(side).script.extend_from_slice(rolls);
}

/// Secret dice of `side` scripted but not yet drawn.
pub fn scripted_left(g: &BloodyRoadsSouth, side: Side) -> usize {
    g.secret_dice.get(side).script.len()
}

/// Puts a counter in a hex (on top of its stack).
pub fn place(g: &mut BloodyRoadsSouth, side: Side, id: &str, hex: &str) {
    let k = key(g, side, id);
    let hex: HexId = hex.parse().expect("a hex id");
    let hex = g.canonical(hex).expect("a hex in play");
    g.unit_mut(k).location = Location::Map { hex };
    g.put_on_top(k);
}

/// Takes a counter off the map (killed, for a leader).
pub fn remove(g: &mut BloodyRoadsSouth, side: Side, id: &str) {
    let k = key(g, side, id);
    g.unit_mut(k).location = Location::Gone;
    g.unit_mut(k).fate = LeaderFate::Killed;
}

/// Marks a unit as fired on by infantry (series 10.3).
pub fn fired_on(g: &mut BloodyRoadsSouth, side: Side, id: &str) {
    let k = key(g, side, id);
    g.unit_mut(k).marks.fired_on_by_infantry = true;
}

/// Sets a brigade's casualties and stragglers.
pub fn losses(g: &mut BloodyRoadsSouth, side: Side, id: &str, casualties: u8, stragglers: u8) {
    let k = key(g, side, id);
    g.unit_mut(k).casualties = casualties;
    g.unit_mut(k).stragglers = stragglers;
}

/// Marks a corps HQ overrun (series 10.0).
pub fn overrun(g: &mut BloodyRoadsSouth, side: Side, corps: &str) {
    g.mark_hq_overrun(side, &crate::data::FormationId(corps.into()));
}

/// The JSON of the state (for tests that look inside).
pub fn state_json(g: &BloodyRoadsSouth) -> Value {
    serde_json::to_value(g).expect("the state serialises")
}

fn hex(s: &str) -> HexId {
    s.parse()
        .unwrap_or_else(|_| panic!("test position: {s:?} is not a hex id"))
}

impl BloodyRoadsSouth {
    /// Takes every counter off the map (gone; reinforcements still to come stay waiting).
    pub fn test_clear_map(&mut self) {
        for u in &mut self.units {
            if u.on_map() {
                u.location = Location::Gone;
            }
        }
        self.moving = None;
        self.decisions.clear();
    }

    /// The counter of `side` with id `id` (not an extended part).
    pub fn test_key(&self, side: Side, id: &str) -> UnitKey {
        self.key(side, &UnitId::new(id))
            .unwrap_or_else(|| panic!("test position: no {side} counter {id}"))
    }

    /// Puts a counter on top of the stack in `at`, in `formation`, every unit there facing
    /// `facing`, in Normal morale.
    pub fn test_place(
        &mut self,
        side: Side,
        id: &str,
        at: &str,
        formation: Formation,
        facing: Vertex,
    ) -> UnitKey {
        let k = self.test_key(side, id);
        let at = self.canonical(hex(at)).expect("a hex in play");
        let u = self.unit_mut(k);
        u.location = Location::Map { hex: at };
        u.formation = formation;
        u.morale = MoraleState::Normal;
        u.ocr = false;
        u.marks = Default::default();
        self.put_on_top(k);
        for other in self.at(at) {
            self.unit_mut(other).facing = facing;
        }
        k
    }

    /// Sets a counter's morale state.
    pub fn test_set_morale(&mut self, k: UnitKey, morale: MoraleState) {
        self.unit_mut(k).morale = morale;
    }

    /// Sets a counter's formation where it stands (its place in the stack unchanged).
    pub fn test_set_formation(&mut self, k: UnitKey, formation: Formation) {
        self.unit_mut(k).formation = formation;
    }

    /// Sets a brigade's casualties and stragglers.
    pub fn test_set_losses(&mut self, k: UnitKey, casualties: u8, stragglers: u8) {
        let u = self.unit_mut(k);
        u.casualties = casualties;
        u.stragglers = stragglers;
    }

    /// Marks a counter as set up out of command radius (6.0a).
    pub fn test_set_ocr(&mut self, k: UnitKey, ocr: bool) {
        self.unit_mut(k).ocr = ocr;
    }

    /// Moves the game to the turn of the Turn Record Track printed `time` ("5 May 9:00pm").
    pub fn test_set_turn(&mut self, time: &str) {
        let t = time
            .parse()
            .unwrap_or_else(|_| panic!("test position: {time:?} is not a game time"));
        self.turn = crate::data::turn_record()
            .index_of(t)
            .unwrap_or_else(|| panic!("test position: {time} is not on the track"))
            as u16;
    }

    /// Logs a test order to `receiver` with `status`.
    fn test_log_order(
        &mut self,
        side: Side,
        receiver: &Receiver,
        order_type: crate::data::order::OrderType,
        status: OrderStatus,
    ) -> OrderNo {
        self.log_order(
            side,
            Order {
                no: OrderNo(0),
                origin: Origin::Preset,
                receiver: receiver.clone(),
                method: crate::data::charts::command::OrderMethod::AideWritten,
                order_type,
                objective: None,
                text: "A test order.".into(),
                written: self.turn,
                arrives: self.turn,
                cost: 0,
                status,
                not_before: None,
                relay_of: None,
                accepted_on: Some(self.turn),
                delay_from: None,
                until: None,
            },
        )
    }

    /// Gives a corps an order in force of the given type (complex or simple), or none.
    pub fn test_set_corps_order(
        &mut self,
        side: Side,
        corps: &str,
        order_type: Option<crate::data::order::OrderType>,
    ) {
        let receiver = Receiver::Corps(crate::data::FormationId::new(corps));
        let current =
            order_type.map(|t| self.test_log_order(side, &receiver, t, OrderStatus::Implemented));
        self.command_mut(side, &receiver).current = current;
    }

    /// Gives a corps an accepted order waiting for its leader to touch base (series 10.0).
    pub fn test_set_corps_accepted(
        &mut self,
        side: Side,
        corps: &str,
        order_type: crate::data::order::OrderType,
    ) -> OrderNo {
        let receiver = Receiver::Corps(crate::data::FormationId::new(corps));
        let no = self.test_log_order(side, &receiver, order_type, OrderStatus::Accepted);
        self.command_mut(side, &receiver).accepted = Some(no);
        no
    }

    /// Starts `side`'s movement (the segment where units move), as the sequence of play
    /// would: corps leaders touch base, units out of radius are recorded, the marks of the
    /// phase cleared and columns recorded.
    pub fn test_begin_movement(&mut self, side: Side) {
        self.step = Step::Movement {
            side,
            segment: MovementSegment::Move,
        };
        self.moving = None;
        let mut dice = Dice::new(&Seed::from_bytes([7; 32]));
        let mut fx = Fx::new(&mut dice);
        self.command_at_movement_start(side, &mut fx);
        self.enter_movement(side, MovementSegment::Move, &mut fx);
    }
}
