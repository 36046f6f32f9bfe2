//! Integration tests of the Bloody Roads South data (maps, order of battle, scenarios and
//! charts) and of the geometry the rules call (facing, line of sight, movement costs, paths),
//! checked against the rulebook and the series rules. The printed material they
//! compare against is copied into this folder (`book_hexes.toml`, `book_tables.txt`,
//! `series_tables.md`); nothing outside the repository is read.

mod action_count_secrecy;
mod book_tables;
mod bot_games;
mod charts;
mod close_combat_odds;
mod close_combat_results;
mod columns;
mod command_acceptance;
mod command_book_example;
mod command_conference;
mod command_counts;
mod command_initiative;
mod command_issue;
mod command_secrecy;
mod command_stoppage;
mod command_succession;
mod engine_setup;
mod extended_morale;
mod fire_ammo;
mod fire_bot_games;
mod fire_combat;
mod fire_leaders;
mod fire_points;
mod fire_secrecy;
mod fire_setup;
mod geometry_costs;
mod geometry_facing;
mod geometry_los;
mod geometry_paths;
mod grid;
mod map;
mod morale_checks;
mod morale_facing;
mod morale_rally;
mod morale_retreats;
mod movement_attack;
mod movement_board;
mod movement_command;
mod movement_extended;
mod movement_formation;
mod movement_overstacking;
mod movement_radius;
mod movement_reinforcements;
mod movement_secrecy;
mod movement_steps;
mod movement_wilderness;
mod movement_zoc;
mod night;
mod oob;
mod printed;
mod report_tally;
mod scenario2;
mod scenario2_bot_games;
mod scenario3;
mod scenario3_bot_games;
mod scenarios;
mod setup_extensions;
mod stragglers_return;
mod support;
mod turns;
mod typed_lists;
