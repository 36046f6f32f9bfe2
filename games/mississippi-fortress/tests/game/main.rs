//! Integration tests of the Mississippi Fortress data: one binary, one module per concept.
//! Test names carry the rule they check.

mod charts;
mod facts;
mod map_facts;
mod map_graph;
mod options;
mod scenarios;
mod turn_track;
mod units;
