//! Pure geometry over the map and charts, for the rules: facing and the frontal arc,
//! lines and line of sight, movement costs and cheapest paths, hexes around a hex.
//!
//! Nothing here knows the game state: inputs are hex ids or cells of the joined frame
//! ([`crate::data::hex`]), the map and charts, and closures for what only the state knows
//! (which hexes hold units, which a path may enter). The rule numbers are the series'
//! (`S13.0`) and the book's (`1.2a`), as in `docs/rules/bloody-roads-south.md`.

pub mod area;
pub mod changed;
mod cost_queue;
pub mod costs;
pub mod facing;
pub mod frame;
pub mod hex_bits;
pub mod line;
pub mod los;
pub mod paths;
mod step_graph;
mod step_prices;

pub use area::{away_from, canonical, canonical_id, hexes_within};
pub use costs::{Feature, Mover, Posture, Prohibited, Step, move_class};
pub use facing::{
    Bearing, Vertex, bearing, facings_toward, fire_entry, frontal_hexes, in_frontal_arc, is_flank,
    is_flank_fire,
};
pub use line::{Passed, line};
pub use los::{Sight, height, line_of_sight};
pub use paths::{Settling, aide_turns, cost_between, within, within_and_refused};
