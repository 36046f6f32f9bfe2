//! The game's data, read from the text files in `games/bloody-roads-south/data/` (compiled in
//! with `include_str!`, parsed once on first use). Read-only; no I/O at run time.
//!
//! - [`map()`]: Maps A and B in the book's coordinates ([`hex`] explains the grid and join).
//! - [`order_of_battle()`]: every counter of both sides.
//! - [`scenarios()`]: the seven scenarios, set-ups resolved.
//! - [`charts()`]: every chart, series and game, with its rule number.
//! - [`turn_record()`]: the Turn Record Track.
//! - [`variants()`]: the minor variants (3.8, 4.5), variable entry (4.3) and optional rules.
//!
//! The rules reference is `docs/rules/bloody-roads-south.md`.

pub mod award;
pub mod brigade;
pub mod charts;
pub mod error;
pub mod fire_level;
pub mod formation;
pub mod hex;
pub mod id_index;
pub mod ids;
pub mod leader;
pub mod map;
pub mod morale;
pub mod oob;
pub mod order;
pub mod place;
pub mod placement;
pub mod reinforcement;
pub mod road;
pub mod scenario;
pub mod side;
pub mod stream;
pub mod support;
pub mod terrain;
pub mod time;
pub mod turn;
pub mod unit;
pub mod variant;

use std::sync::OnceLock;

pub use charts::Charts;

/// A hash map keyed by hex cells, ids or counters: foldhash with a fixed seed (fast in the
/// rules' inner loops; the same iteration order on every run).
pub type FastMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::FixedState>;
/// A hash set of the same kind as [`FastMap`].
pub type FastSet<K> = std::collections::HashSet<K, foldhash::fast::FixedState>;
pub use error::DataError;
pub use hex::{Cell, Direction, HexId, Hexside, Sheet};
pub use ids::{FormationId, UnitId};
pub use map::{Map, MapsUsed};
pub use oob::OrderOfBattle;
pub use scenario::{Scenario, ScenarioId, Scenarios};
pub use side::Side;
pub use time::GameTime;
pub use turn::TurnRecord;
pub use unit::Unit;
pub use variant::{VariantId, Variants};

macro_rules! data_file {
    ($path:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/data/", $path))
    };
}

/// The scenario files, as `(path under data/, text)`.
const SCENARIO_FILES: [(&str, &str); 7] = [
    (
        "scenarios/sanders-field.toml",
        data_file!("scenarios/sanders-field.toml"),
    ),
    (
        "scenarios/warren-and-sedgwick-vs-ewell.toml",
        data_file!("scenarios/warren-and-sedgwick-vs-ewell.toml"),
    ),
    (
        "scenarios/plank-road.toml",
        data_file!("scenarios/plank-road.toml"),
    ),
    (
        "scenarios/battles-of-may-5th.toml",
        data_file!("scenarios/battles-of-may-5th.toml"),
    ),
    (
        "scenarios/battle-of-the-wilderness.toml",
        data_file!("scenarios/battle-of-the-wilderness.toml"),
    ),
    (
        "scenarios/second-day.toml",
        data_file!("scenarios/second-day.toml"),
    ),
    (
        "scenarios/wasted-day.toml",
        data_file!("scenarios/wasted-day.toml"),
    ),
];

fn loaded<T>(result: Result<T, DataError>) -> T {
    result.unwrap_or_else(|e| panic!("bloody-roads-south data: {e}"))
}

/// Maps A and B.
pub fn map() -> &'static Map {
    static MAP: OnceLock<Map> = OnceLock::new();
    MAP.get_or_init(|| {
        loaded(Map::from_files(&map::MapFiles {
            grid: data_file!("map/grid.toml"),
            terrain: data_file!("map/terrain.toml"),
            elevation: data_file!("map/elevation.toml"),
            roads: data_file!("map/roads.toml"),
            streams: data_file!("map/streams.toml"),
            places: data_file!("map/places.toml"),
        }))
    })
}

/// Both orders of battle.
pub fn order_of_battle() -> &'static OrderOfBattle {
    static OOB: OnceLock<OrderOfBattle> = OnceLock::new();
    OOB.get_or_init(|| {
        loaded(OrderOfBattle::from_toml(
            data_file!("oob/union.toml"),
            data_file!("oob/confederate.toml"),
        ))
    })
}

/// The seven scenarios.
pub fn scenarios() -> &'static Scenarios {
    static SCENARIOS: OnceLock<Scenarios> = OnceLock::new();
    SCENARIOS.get_or_init(|| loaded(Scenarios::from_files(&SCENARIO_FILES, order_of_battle())))
}

/// One scenario.
pub fn scenario(id: ScenarioId) -> &'static Scenario {
    scenarios().get(id)
}

/// Every chart.
pub fn charts() -> &'static Charts {
    static CHARTS: OnceLock<Charts> = OnceLock::new();
    CHARTS.get_or_init(|| {
        loaded(Charts::from_files(&charts::ChartFiles {
            command: data_file!("charts/command.toml"),
            fire: data_file!("charts/fire.toml"),
            morale: data_file!("charts/morale.toml"),
            straggler: data_file!("charts/straggler.toml"),
            close_combat: data_file!("charts/close_combat.toml"),
            movement: data_file!("charts/movement.toml"),
            limits: data_file!("charts/limits.toml"),
            special_rules: data_file!("charts/special_rules.toml"),
            army_status: data_file!("charts/army_status.toml"),
            victory: data_file!("charts/victory.toml"),
        }))
    })
}

/// The Turn Record Track.
pub fn turn_record() -> &'static TurnRecord {
    static TURNS: OnceLock<TurnRecord> = OnceLock::new();
    TURNS.get_or_init(|| loaded(TurnRecord::from_toml(data_file!("turn_record.toml"))))
}

/// The minor variants and entry groups.
pub fn variants() -> &'static Variants {
    static VARIANTS: OnceLock<Variants> = OnceLock::new();
    VARIANTS.get_or_init(|| loaded(Variants::from_toml(data_file!("variants.toml"))))
}
