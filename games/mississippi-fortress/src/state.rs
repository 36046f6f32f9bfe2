//! The state's types under their historical path: re-exports of [`crate::model`].

pub use crate::model::counter::{Carrier, Counter, Key, Kind, LeaderInfo, Place};
pub use crate::model::game::MississippiFortress;
pub use crate::model::record::{Rec, ShipRec};
pub use crate::model::ship::{Battery, BatteryState, OffRiver, Ship};
pub use crate::model::track::{Capture, Reinforcement, Siege};
