//! The items of the Command Phase's batch actions (reference 2.3.2, 2.3.7, 2.8, section 5):
//! an order draft and a brigade's return of `IssueOrders`, and an initiative attempt of
//! `Initiative`. Each secret decision
//! of a Command Phase segment is one action whose count never depends on a secret; what the
//! player decided travels in these typed lists, validated whole on arrival.

use serde::{Deserialize, Serialize};

use crate::data::charts::command::OrderMethod;
use crate::data::order::OrderType;
use crate::data::{HexId, UnitId};
use crate::model::order::{OrderNo, Receiver};

/// The most items a batch may hold (orders, attempts, goals dropped, retreats).
pub const MAX_BATCH: usize = 64;

/// One order of an `IssueOrders` batch: what a single written order carries (series 10.1a-d).
/// The writer is the army commander; with `relay`, Meade relaying Grant's order of that number
/// (rule 3.1a); for an army HQ's own move, that army's commander (series 10.6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderDraft {
    /// Who receives it.
    pub receiver: Receiver,
    /// Aide-oral, aide-written or in person.
    pub method: OrderMethod,
    /// Complex or simple.
    pub order_type: OrderType,
    /// For Meade relaying: the number of Grant's order he copies (rule 3.1a).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relay: Option<OrderNo>,
    /// The hex it aims at, if any.
    #[serde(default)]
    pub objective: Option<HexId>,
    /// The order's words (bounded length).
    #[serde(default)]
    pub text: String,
    /// Optional rule 3.6: on Grant's order to Meade, the Army of the Potomac divisions (at most
    /// three in it at once) that form the Reserve under the A Pot HQ when he accepts it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reserve: Vec<crate::data::FormationId>,
}

/// One initiative attempt of an `Initiative` batch (series 10.2): the leader, the formation,
/// and the order he gives it if he wins, written before the roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attempt {
    /// The leader who rolls.
    pub leader: UnitId,
    /// The formation the order is for.
    pub receiver: Receiver,
    /// Complex or simple (within the leader's rights, rules 3.1f-g, 4.1b-c; ignored for a
    /// roll that only releases the 9th Corps, 3.3a).
    pub order_type: OrderType,
    /// The hex it aims at, if any.
    #[serde(default)]
    pub objective: Option<HexId>,
    /// The order's words.
    #[serde(default)]
    pub text: String,
}

/// One entry choice of an `IssueOrders` batch (rule 4.3; Scenario 5): where a Confederate
/// reinforcement group of 6 May enters, chosen or changed in a Confederate Order Issue up to
/// the group's deadline (11:00pm 5 May). `entry` is a hex id, or `with` for 4.5a's "with the
/// rest of 1 Corps"; the values offered are in the seat's batch menu.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntryDraft {
    /// The group (`first-corps`, `anderson`, `johnston`, `ramseur`, `pickett`).
    pub group: crate::data::variant::EntryGroupId,
    /// Its entry: a hex, or `with`.
    pub entry: String,
}

/// One return of an `IssueOrders` batch (series 21.2; reference 2.8.3): an eliminated brigade
/// with at least 2 straggler steps comes back through a straggler recovery marker in `hex`,
/// placed in the Straggler Recovery segment of the next hour turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReturnDraft {
    /// The eliminated brigade.
    pub brigade: UnitId,
    /// The empty hex of its marker.
    pub hex: HexId,
}
