//! *Bloody Roads South* (Civil War Brigade Series): the Battle of the Wilderness, May 1864.
//!
//! `data` holds the game's maps, order of battle, scenarios and charts, read from the text
//! files in `data/` (compiled in with `include_str!`). `geometry` is the pure geometry the
//! rules call: facing, line of sight, movement costs and paths. The rules engine builds on them.

pub mod data;
pub mod geometry;
