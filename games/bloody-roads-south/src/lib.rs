//! *Bloody Roads South* (Civil War Brigade Series): the Battle of the Wilderness, May 1864.
//!
//! `data` holds the game's maps, order of battle, scenarios and charts, read from the text
//! files in `data/` (compiled in with `include_str!`). The rules engine builds on it.

pub mod data;
