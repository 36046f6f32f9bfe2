//! Mississippi Fortress as readable text for the `adjutant` command, from the view and the
//! game's static data (`GET /api/catalog/mississippi-fortress`), so the command links no
//! rules. Reached through the registry (`games/registry`, feature `cli`):
//!
//! - [`board`]: a view for `show`, `act`, `watch` and `replay` (turn, phase, VPs, each occupied
//!   Area with its stacks, the river, the batteries, the Battle Board, the viewer's business);
//! - [`map`]: the whole map as a text diagram and a list of Areas with their borders;
//! - [`area`]: one Area, its neighbours and borders, who is there, the choices naming it;
//! - [`svg`]: the schematic map as an SVG file, drawn as the web client draws it;
//! - [`event`]: what an event shows below its sentence (a combat report as a table, a note
//!   on a choice the rules made without asking or on a division's status).

mod area;
mod board;
mod combat;
mod counters;
mod log;
mod map;
mod names;
mod svg;

pub use area::area;
pub use board::board;
pub use log::event;
pub use map::map;
pub use svg::svg;

/// The game's name as the CLI's title line shows it.
pub const TITLE: &str = "Mississippi Fortress";

#[cfg(test)]
mod tests;
