//! The plain types of a game's state, and nothing else: counters (`unit`; all of a game's,
//! stamped by version, `counters`), facing (`facing`), orders and command (`order`), the
//! items of the Command Phase's batches (`draft`), the step of the sequence of play (`step`),
//! actions (`action`; the plain ones read from JSON without serde's buffering,
//! `action_read`), questions waiting for a player (`decision`), each side's secret dice
//! (`dice`), why fire is drawn (`drawn`), things half done (`moves`), and the whole state with
//! its look-ups (`game`). The model imports only the data.

pub mod action;
pub mod action_read;
pub mod counters;
pub mod decision;
pub mod dice;
pub mod draft;
pub mod drawn;
pub mod facing;
pub mod game;
pub mod moves;
pub mod order;
pub mod status;
pub mod step;
pub mod unit;
