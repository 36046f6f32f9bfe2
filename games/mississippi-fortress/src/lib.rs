//! *Mississippi Fortress* (Clash of Arms, 2nd edition): Grant's Vicksburg campaign, 1863.
//!
//! `data` holds the game's map, units, scenarios, turn record and charts, read from the text
//! files in `data/` (compiled in with `include_str!`). The rules engine builds on it.

pub mod data;
