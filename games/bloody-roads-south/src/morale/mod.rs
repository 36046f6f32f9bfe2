//! Morale (series 24; reference 2.10): checks, retreats and the Rally Phase.

pub mod rally;
