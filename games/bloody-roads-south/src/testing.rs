//! Test support (not part of the game's interface): positions built by hand and scripted
//! dice, for the integration tests of the rules. Every change goes through the crate's own
//! fields; nothing here is reachable by a player.

use adjutant_engine::{Dice, Match, PerSide, Rules, Seed, Setup, Side};
use serde_json::Value;

use crate::close_combat::CloseCombatEnd;
use crate::data::morale::MoraleState;
use crate::data::{HexId, UnitId};
use crate::events::{Event, Fx};
use crate::fire::reaction::Drawn;
use crate::model::action::Action;
use crate::model::facing::Vertex;
use crate::model::game::BloodyRoadsSouth;
use crate::model::step::Step;
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
    for u in &mut g.units {
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

/// Marks a corps HQ overrun (series 10.0).
pub fn overrun(g: &mut BloodyRoadsSouth, side: Side, corps: &str) {
    g.mark_hq_overrun(side, &crate::data::FormationId(corps.into()));
}

/// The JSON of the state (for tests that look inside).
pub fn state_json(g: &BloodyRoadsSouth) -> Value {
    serde_json::to_value(g).expect("the state serialises")
}
