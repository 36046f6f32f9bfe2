//! The model: the plain types of a game's state (counters, ships, the turn, what is half done),
//! below every rule. Nothing here imports a rule module; the rules extend these types.

pub mod action;
pub mod battle;
pub mod counter;
pub mod decision;
pub mod game;
pub mod look;
pub mod moves;
pub mod node;
pub mod record;
pub mod report;
pub mod ship;
pub mod step;
pub mod track;
