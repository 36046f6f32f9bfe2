//! Written orders and the order log (series 10.1; reference 2.3.2-2.3.5): what a commander
//! was told, whether it arrived, whether it was accepted. Secret from the opponent.

use serde::{Deserialize, Serialize};

use crate::data::charts::command::OrderMethod;
use crate::data::order::OrderType;
use crate::data::{FormationId, HexId, UnitId};

/// An order's number in its side's log (1, 2, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct OrderNo(pub u16);

/// Who an order is addressed to.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "to", content = "id")]
pub enum Receiver {
    /// A corps, through its HQ (series 10.0): `5`.
    Corps(FormationId),
    /// A division's goal (series 10.5b): `4/5`.
    Division(FormationId),
    /// A brigade's goal (rule 2.3) or an artillery unit's goal (series 10.5b).
    Unit(UnitId),
    /// Meade, to relay to Army of the Potomac corps (rule 3.1a).
    Relay,
    /// An army HQ's own movement (series 10.6).
    ArmyHq(FormationId),
}

/// Where an order stands in the log (series 10.1c, 10.1f).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OrderStatus {
    /// Carried by an aide; arrives on its arrival turn.
    InTransit,
    /// Accepted; a corps order waits for its leader to touch base (series 10.0).
    Accepted,
    /// Delayed: accepted later on a Delay Reduction roll of 1-2.
    D1,
    /// Delayed: accepted later on a roll of 1.
    D2,
    /// Distorted: thrown away (series 10.1f).
    Distorted,
    /// In force.
    Implemented,
    /// Cancelled by a newer order, initiative, stoppage or an emergency retreat.
    Cancelled,
    /// Completed or replaced after being in force.
    Ended,
}

impl OrderStatus {
    /// The log's abbreviation ("A", "D1", "Dt", ...).
    pub fn log_mark(self) -> &'static str {
        match self {
            OrderStatus::InTransit => "in transit",
            OrderStatus::Accepted => "A",
            OrderStatus::D1 => "D1",
            OrderStatus::D2 => "D2",
            OrderStatus::Distorted => "Dt",
            OrderStatus::Implemented => "implemented",
            OrderStatus::Cancelled => "cancelled",
            OrderStatus::Ended => "ended",
        }
    }
}

/// How an order came to be.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "by", content = "leader")]
pub enum Origin {
    /// Written before play (series 10.1i, rules 6.0b-c).
    Preset,
    /// Written by an army commander (series 10.1).
    Written(UnitId),
    /// Given by a leader to himself on a successful initiative roll (series 10.2).
    Initiative(UnitId),
    /// Written by the opponent after a Loose Cannon (series 10.2g).
    LooseCannon,
    /// A reinforcement's printed orders (rule 6.0d).
    Reinforcement,
}

/// One line of the order log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Order {
    /// Its number in the log.
    pub(crate) no: OrderNo,
    /// Who gave it.
    pub(crate) origin: Origin,
    /// Who receives it.
    pub(crate) receiver: Receiver,
    /// How it is sent.
    pub(crate) method: OrderMethod,
    /// Complex or simple.
    pub(crate) order_type: OrderType,
    /// The hex it aims at, if any.
    #[serde(default)]
    pub(crate) objective: Option<HexId>,
    /// Its words.
    pub(crate) text: String,
    /// The turn (index into the Turn Record Track) it was written.
    pub(crate) written: u16,
    /// The turn it arrives.
    pub(crate) arrives: u16,
    /// Command points it cost.
    #[serde(default)]
    pub(crate) cost: u8,
    /// Where it stands.
    pub(crate) status: OrderStatus,
    /// The receiver may not move before this turn (pre-set orders, "do not move before").
    #[serde(default)]
    pub(crate) not_before: Option<u16>,
}

impl Order {
    /// Its number.
    pub fn no(&self) -> OrderNo {
        self.no
    }
    /// Who gave it.
    pub fn origin(&self) -> &Origin {
        &self.origin
    }
    /// Who receives it.
    pub fn receiver(&self) -> &Receiver {
        &self.receiver
    }
    /// How it is sent.
    pub fn method(&self) -> OrderMethod {
        self.method
    }
    /// Complex or simple.
    pub fn order_type(&self) -> OrderType {
        self.order_type
    }
    /// Its objective hex.
    pub fn objective(&self) -> Option<HexId> {
        self.objective
    }
    /// Its words.
    pub fn text(&self) -> &str {
        &self.text
    }
    /// Turn written.
    pub fn written(&self) -> u16 {
        self.written
    }
    /// Turn of arrival.
    pub fn arrives(&self) -> u16 {
        self.arrives
    }
    /// Command points spent.
    pub fn cost(&self) -> u8 {
        self.cost
    }
    /// Where it stands.
    pub fn status(&self) -> OrderStatus {
        self.status
    }
    /// Not to be acted on before this turn.
    pub fn not_before(&self) -> Option<u16> {
        self.not_before
    }
}

/// The command state of one formation that can hold orders (a corps, a division on a goal,
/// a brigade or artillery unit on a goal).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Command {
    /// The order in force (implemented), if any.
    #[serde(default)]
    pub(crate) current: Option<OrderNo>,
    /// An accepted order waiting for its corps leader to touch base (series 10.0).
    #[serde(default)]
    pub(crate) accepted: Option<OrderNo>,
    /// An order in delay (D1/D2).
    #[serde(default)]
    pub(crate) delayed: Option<OrderNo>,
    /// Stopped by a failed attack stoppage check, awaiting new orders (series 10.3).
    #[serde(default)]
    pub(crate) stopped: bool,
    /// The turn initiative was last tried for it (series 10.2: once a turn).
    #[serde(default)]
    pub(crate) initiative_tried: Option<u16>,
}

impl Command {
    /// The order in force.
    pub fn current(&self) -> Option<OrderNo> {
        self.current
    }
    /// The accepted order waiting for the leader to touch base.
    pub fn accepted(&self) -> Option<OrderNo> {
        self.accepted
    }
    /// The order in delay.
    pub fn delayed(&self) -> Option<OrderNo> {
        self.delayed
    }
    /// Stopped by attack stoppage.
    pub fn stopped(&self) -> bool {
        self.stopped
    }
}
