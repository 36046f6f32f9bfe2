//! Morale (series 24; reference 2.10): states and their additive effects, checks, retreats
//! and the Rally Phase.

pub mod rally;
pub mod state;
