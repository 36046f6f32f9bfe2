//! Morale (series 24; reference 2.10): states and their additive effects (`state`), checks
//! (`check`), retreats and rout-through (`retreat`) and the Rally Phase (`rally`).

pub mod check;
pub mod rally;
pub mod retreat;
pub mod state;
