//! Test support (not part of the game's interface): positions built by hand and scripted
//! secret dice, for the integration tests of the rules. Every change goes through the crate's
//! own fields; nothing here is reachable by a player (the engine reaches a game only through
//! `Rules`). Free functions edit a `Match`'s state; the `test_` methods of the game change a
//! state the way play could have left it (the movement tests' positions).

use adjutant_engine::{Dice, Match, PerSide, Rules, Seed, Setup, Side};
use serde_json::Value;

mod army_status;
mod command;

pub use army_status::*;
pub use command::*;

use crate::close_combat::CloseCombatEnd;
use crate::data::morale::MoraleState;
use crate::data::{HexId, UnitId};
use crate::events::{Event, Fx};
use crate::model::action::Action;
use crate::model::drawn::Drawn;
use crate::model::facing::Vertex;
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::{Order, OrderNo, OrderStatus, Origin, Receiver};
use crate::model::step::{MovementSegment, Step};
use crate::model::unit::{Formation, LeaderFate, Location, Unit, UnitKey};

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

/// The key of a counter (panics when the side has none of that id).
pub fn key(g: &BloodyRoadsSouth, side: Side, id: &str) -> UnitKey {
    g.key(side, &UnitId(id.into()))
        .unwrap_or_else(|| panic!("{side} has no counter {id}"))
}

/// A counter.
pub fn unit<'a>(g: &'a BloodyRoadsSouth, side: Side, id: &str) -> &'a Unit {
    g.unit(key(g, side, id))
}

/// A game of `scenario` with `options`, every counter off the map (waiting), at the
/// scenario's first turn, in the Union Fire Combat Phase with the Confederates firing.
pub fn empty_game(scenario: &str, options: &[&str]) -> BloodyRoadsSouth {
    let mut map = serde_json::Map::new();
    for o in options {
        map.insert((*o).to_string(), Value::Bool(true));
    }
    let setup = Setup {
        scenario: scenario.into(),
        options: map,
        secret_choices: PerSide::default(),
    };
    let mut g = BloodyRoadsSouth::new_game(&setup).expect("the scenario sets up");
    let mut dice = Dice::new(&Seed::from_bytes([7; 32]));
    g.key_secret_dice(&mut dice);
    for u in g.units_mut() {
        u.location = Location::Waiting;
    }
    g.step = Step::Fire {
        side: Side::Union,
        firer: Side::Confederate,
    };
    g
}

/// The next secret dice of `side` will be these, in order (then its stream again).
pub fn script_dice(g: &mut BloodyRoadsSouth, side: Side, rolls: &[u8]) {
    g.secret_dice.get_mut(side).script.extend_from_slice(rolls);
}

/// Secret dice of `side` scripted but not yet drawn.
pub fn scripted_left(g: &BloodyRoadsSouth, side: Side) -> usize {
    g.secret_dice.get(side).script.len()
}

/// The next shared dice (fire, close combat) will be these, in order.
pub fn script_shared(g: &mut BloodyRoadsSouth, rolls: &[u8]) {
    g.dice_script.extend_from_slice(rolls);
}

/// Shared dice scripted but not yet drawn.
pub fn shared_left(g: &BloodyRoadsSouth) -> usize {
    g.dice_script.len()
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

/// Turns a counter (and nothing else) to face a vertex.
pub fn face(g: &mut BloodyRoadsSouth, side: Side, id: &str, facing: Vertex) {
    let k = key(g, side, id);
    g.unit_mut(k).facing = facing;
}

/// Sets a counter's formation.
pub fn form(g: &mut BloodyRoadsSouth, side: Side, id: &str, formation: Formation) {
    let k = key(g, side, id);
    g.unit_mut(k).formation = formation;
}

/// Sets a counter's morale state.
pub fn morale(g: &mut BloodyRoadsSouth, side: Side, id: &str, state: MoraleState) {
    let k = key(g, side, id);
    g.unit_mut(k).morale = state;
}

/// Sets a counter's Low Ammo marker.
pub fn low_ammo(g: &mut BloodyRoadsSouth, side: Side, id: &str, low: bool) {
    let k = key(g, side, id);
    g.unit_mut(k).low_ammo = low;
}

/// Sets an artillery unit's gun points (or a wagon's supply points).
pub fn gun_points(g: &mut BloodyRoadsSouth, side: Side, id: &str, gp: u8) {
    let k = key(g, side, id);
    g.unit_mut(k).gun_points = gp;
}

/// Sets a wagon's supply points.
pub fn supply(g: &mut BloodyRoadsSouth, side: Side, id: &str, points: u8) {
    let k = key(g, side, id);
    g.unit_mut(k).supply = points;
}

/// Sets a straggler recovery marker.
pub fn recovering(g: &mut BloodyRoadsSouth, side: Side, id: &str, on: bool) {
    let k = key(g, side, id);
    g.unit_mut(k).marks.recovering = on;
}

/// Moves the game to the turn at `time` on the Turn Record Track ("5 May 9:00pm").
pub fn set_turn(g: &mut BloodyRoadsSouth, time: &str) {
    let t = time.parse().expect("a game time");
    g.turn = crate::data::turn_record()
        .index_of(t)
        .expect("a turn of the record") as u16;
}

/// Sets the step of the sequence of play (nothing happens on entering it).
pub fn set_step(g: &mut BloodyRoadsSouth, step: Step) {
    g.step = step;
}

/// Records possession as at the end of a phase (rule 5.1d).
pub fn record_possession(g: &mut BloodyRoadsSouth) {
    g.record_holdings();
}

/// Marks the Unfinished Railroad found by `side`.
pub fn railroad_found(g: &mut BloodyRoadsSouth, side: Side) {
    *g.railroad_found.get_mut(side) = true;
}

/// Plays an offered action through the rules (as the engine does) and returns its events;
/// panics if it is not offered.
pub fn play(g: &mut BloodyRoadsSouth, side: Side, action: Action, dice: &mut Dice) -> Vec<Event> {
    let offered = g.legal_actions(side);
    assert!(
        offered
            .iter()
            .any(|o| <BloodyRoadsSouth as Rules>::fits(g, o, &action)),
        "{action:?} is not offered to {side}; offered: {offered:?}"
    );
    BloodyRoadsSouth::apply(g, side, action, dice)
        .expect("an offered action applies")
        .events
}

/// Runs a close combat of the `attackers` of `side` against `hex` (as movement calls it).
pub fn close_combat(
    g: &mut BloodyRoadsSouth,
    side: Side,
    attackers: &[&str],
    hex: &str,
    dice: &mut Dice,
) -> (CloseCombatEnd, Vec<Event>) {
    let keys: Vec<UnitKey> = attackers.iter().map(|id| key(g, side, id)).collect();
    let hex = g
        .canonical(hex.parse().expect("a hex id"))
        .expect("in play");
    let mut fx = Fx::new(dice);
    let end = g.close_combat(&keys, hex, &mut fx);
    (end, fx.events)
}

/// Draws fire at `hex` for `why` (as movement calls it).
pub fn drawn_fire(g: &mut BloodyRoadsSouth, hex: &str, why: Drawn, dice: &mut Dice) -> Vec<Event> {
    let hex = g
        .canonical(hex.parse().expect("a hex id"))
        .expect("in play");
    let mut fx = Fx::new(dice);
    g.drawn_fire(hex, why, &mut fx);
    fx.events
}

/// Runs `f` with an effect log over `dice`, returning its events.
pub fn with_fx<T>(
    g: &mut BloodyRoadsSouth,
    dice: &mut Dice,
    f: impl FnOnce(&mut BloodyRoadsSouth, &mut Fx) -> T,
) -> (T, Vec<Event>) {
    let mut fx = Fx::new(dice);
    let t = f(g, &mut fx);
    (t, fx.events)
}

/// Puts `steps` casualty steps on the counter `k` in its hex (as a fire does, S20.0).
pub fn casualties(g: &mut BloodyRoadsSouth, k: UnitKey, steps: u8, dice: &mut Dice) -> Vec<Event> {
    let hex = g.unit(k).hex().expect("a counter on the map");
    with_fx(g, dice, |g, fx| g.take_casualties(hex, k, steps, fx)).1
}

/// Settles a counter's losses after its loss chart was changed by hand (elimination, the
/// re-split of an extended line, S17.0).
pub fn settle_losses(g: &mut BloodyRoadsSouth, k: UnitKey, dice: &mut Dice) -> Vec<Event> {
    with_fx(g, dice, |g, fx| g.settle_losses(k, fx)).1
}

/// Eliminates a counter outright, as forced off the map (S24.3).
pub fn eliminate(g: &mut BloodyRoadsSouth, k: UnitKey, dice: &mut Dice) -> Vec<Event> {
    with_fx(g, dice, |g, fx| g.eliminate(k, false, "a test", fx)).1
}

/// The end of a phase (S12.0, S17.0): `moved` is the side whose Movement Phase it is.
pub fn phase_end(g: &mut BloodyRoadsSouth, moved: Option<Side>, dice: &mut Dice) -> Vec<Event> {
    with_fx(g, dice, |g, fx| g.stacking_at_phase_end(moved, fx)).1
}

/// Runs the Rally Phase of `side` (as entering the step does).
pub fn rally(g: &mut BloodyRoadsSouth, side: Side, dice: &mut Dice) -> Vec<Event> {
    with_fx(g, dice, |g, fx| g.rally(side, fx)).1
}

/// Runs the Ammo Resupply segment of `side`.
pub fn resupply(g: &mut BloodyRoadsSouth, side: Side, dice: &mut Dice) -> Vec<Event> {
    with_fx(g, dice, |g, fx| g.ammo_resupply(side, fx)).1
}

/// Runs the Straggler Recovery segment of `side`.
pub fn recovery_markers(g: &mut BloodyRoadsSouth, side: Side, dice: &mut Dice) -> Vec<Event> {
    with_fx(g, dice, |g, fx| g.place_recovery_markers(side, fx)).1
}

/// Runs the start of `side`'s Command Phase for leaders (replacements appear).
pub fn replacements_appear(g: &mut BloodyRoadsSouth, side: Side, dice: &mut Dice) -> Vec<Event> {
    with_fx(g, dice, |g, fx| g.replacements_appear(side, fx)).1
}

/// Runs the start of the Confederate player turn for the 1st NC Cav (rule 4.4c).
pub fn cavalry_falls_back(g: &mut BloodyRoadsSouth, dice: &mut Dice) -> Vec<Event> {
    with_fx(g, dice, |g, fx| g.cavalry_falls_back(fx)).1
}

/// Runs the railroad discovery roll that opens `side`'s Movement Phase (rules 1.3c-d).
pub fn railroad_discovery(g: &mut BloodyRoadsSouth, side: Side, dice: &mut Dice) -> Vec<Event> {
    with_fx(g, dice, |g, fx| g.railroad_discovery(side, fx)).1
}

/// `side` has met its railroad discovery condition (rule 1.3b).
pub fn railroad_condition_met(g: &BloodyRoadsSouth, side: Side) -> bool {
    g.railroad_condition.get(side).is_some()
}

/// Runs `side`'s Delay Reduction segment (series 10.1f).
pub fn delay_reduction(g: &mut BloodyRoadsSouth, side: Side, dice: &mut Dice) -> Vec<Event> {
    with_fx(g, dice, |g, fx| g.delay_reduction_segment(side, fx)).1
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
        for u in self.units_mut() {
            if u.on_map() {
                u.location = Location::Gone;
            }
        }
        self.moving = None;
        self.decisions.clear();
    }

    /// Takes every counter still waiting to come on (the reinforcements) out of the game, so
    /// that no entry holds a Movement Phase open.
    pub fn test_clear_reinforcements(&mut self) {
        for u in self.units_mut() {
            if u.location == Location::Waiting {
                u.location = Location::Gone;
            }
        }
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

    /// Extends a part of brigade `k` into `at` (as `Extend` does, without its cost).
    pub fn test_extend(&mut self, k: UnitKey, at: &str) -> UnitKey {
        let at = self.canonical(hex(at)).expect("a hex in play");
        self.make_part(k, at)
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
                exit_by: None,
                for_group: None,
                reserve: Vec::new(),
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

/// How far `side`'s secret die stream has been read (32-bit words): two games whose streams
/// stand at different places draw different secret dice from there on.
pub fn secret_dice_read(g: &BloodyRoadsSouth, side: Side) -> u64 {
    g.secret_dice.get(side).words
}
