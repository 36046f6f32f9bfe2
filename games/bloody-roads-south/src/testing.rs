//! Test support (not part of the game's interface): positions built by hand and scripted
//! secret dice, for the integration tests of the rules. Every change goes through the crate's
//! own fields; nothing here is reachable by a player.

use adjutant_engine::{Match, Seed, Side};
use serde_json::Value;

use crate::data::{HexId, UnitId};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{LeaderFate, Location};

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
