//! Integration tests of Mississippi Fortress: the data (one module per concept) and the rules
//! engine (tests named with the rule they check), one binary.

mod bot_games;
mod charts;
mod facts;
mod fuzz_smoke;
mod map_facts;
mod map_graph;
mod offers_listed_once;
mod options;
mod rules_combat;
mod rules_communications;
mod rules_fog;
mod rules_movement;
mod rules_naval;
mod rules_navies;
mod rules_scenarios;
mod rules_sequence;
mod rules_stragglers;
mod rules_victory;
mod scenarios;
mod secrets_in_events;
mod support;
mod turn_track;
mod units;
mod views;
mod views_in_parts;
