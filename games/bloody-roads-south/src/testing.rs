//! Positions for tests, not for play: a game's state changed directly, the way play could
//! have left it, so that the rules' integration tests (`tests/game/`) can build the situation
//! a rule needs. Hidden from the documentation; the server never calls it (the engine reaches
//! a game only through `Rules`), and every field stays private to the crate.

use adjutant_engine::{Dice, Seed, Side};

use crate::data::morale::MoraleState;
use crate::data::{HexId, UnitId};
use crate::events::Fx;
use crate::model::facing::Vertex;
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::{Order, OrderNo, OrderStatus, Origin, Receiver};
use crate::model::step::{MovementSegment, Step};
use crate::model::unit::{Formation, Location, UnitKey};

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

    /// Gives a corps an order in force of the given type (complex or simple), or none.
    pub fn test_set_corps_order(
        &mut self,
        side: Side,
        corps: &str,
        order_type: Option<crate::data::order::OrderType>,
    ) {
        let receiver = Receiver::Corps(crate::data::FormationId::new(corps));
        let current = order_type.map(|order_type| {
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
                    status: OrderStatus::Implemented,
                    not_before: None,
                },
            )
        });
        self.command_mut(side, &receiver).current = current;
    }

    /// Starts `side`'s movement (the segment where units move), as the sequence of play
    /// would: the marks of the phase cleared, columns and units out of radius recorded.
    pub fn test_begin_movement(&mut self, side: Side) {
        self.step = Step::Movement {
            side,
            segment: MovementSegment::Move,
        };
        self.moving = None;
        let mut dice = Dice::new(&Seed::from_bytes([7; 32]));
        let mut fx = Fx::new(&mut dice);
        self.enter_movement(side, MovementSegment::Move, &mut fx);
    }
}
