//! Morale (series 24; reference 2.10): states and their additive effects (`state`), checks
//! (`check`), retreats (`retreat`), rout-through (`rout_through`), the facing chosen after a
//! close combat or a retreat (`face`), the Rally Phase (`rally`) and what routs and retreats do
//! to extended lines (`extended`, S17.2a-b; whether a line has a routed counter, kept from the
//! counters' journal: `routed_lines`).

pub mod check;
pub mod extended;
pub mod face;
pub mod rally;
pub mod retreat;
pub mod rout_through;
pub mod routed_lines;
pub mod state;
