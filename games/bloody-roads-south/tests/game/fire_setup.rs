//! Positions for the fire, morale and close-combat tests: an empty game of Sander's Field
//! (Map A) with counters put where a test wants them, facing where it wants, and scripted
//! dice (`bloody_roads_south::testing`).

use adjutant_engine::{Dice, Seed, Side, Viewer};
use bloody_roads_south::data::HexId;
use bloody_roads_south::geometry::facings_toward;
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::UnitKey;
use bloody_roads_south::testing;
use bloody_roads_south::{BloodyRoadsSouth, Event};

pub use Side::{Confederate as C, Union as U};

/// An empty game of Sander's Field in the Union player turn's Fire Combat Phase, the
/// Confederates firing (defensive fire), on its first turn (5 May 1:00pm, day).
pub fn game() -> BloodyRoadsSouth {
    testing::empty_game("sanders-field", &[])
}

/// The same with optional rules.
pub fn game_with(options: &[&str]) -> BloodyRoadsSouth {
    testing::empty_game("sanders-field", options)
}

/// Dice for the events (every roll a test cares about is scripted).
pub fn dice() -> Dice {
    Dice::new(&Seed::from_bytes([3; 32]))
}

/// A hex id.
pub fn hex(s: &str) -> HexId {
    s.parse().expect("a hex id")
}

/// A facing of a unit in `from` that has `to` in its frontal arc.
pub fn toward(from: &str, to: &str) -> Vertex {
    let map = bloody_roads_south::data::map();
    let (a, b) = (map.cell(hex(from)).unwrap(), map.cell(hex(to)).unwrap());
    facings_toward(a, b)[0]
}

/// A facing of a unit in `from` that turns its back on `to` (fire from `to` is flank fire).
pub fn away(from: &str, to: &str) -> Vertex {
    toward(from, to).rotated(3)
}

/// Puts a counter in `at`, facing `facing`.
pub fn put(g: &mut BloodyRoadsSouth, side: Side, id: &str, at: &str, facing: Vertex) -> UnitKey {
    testing::place(g, side, id, at);
    testing::face(g, side, id, facing);
    testing::key(g, side, id)
}

/// The sentences `viewer` reads of `events`.
pub fn read(events: &[Event], viewer: Viewer) -> Vec<String> {
    events.iter().filter_map(|e| e.sentence(viewer)).collect()
}

/// Everything `viewer` reads, as one text.
pub fn all(events: &[Event], viewer: Viewer) -> String {
    read(events, viewer).join("\n")
}
