//! Written orders and the order log (series 10.1; reference 2.3.2-2.3.5): what a commander
//! was told, whether it arrived, whether it was accepted. Secret from the opponent.

use serde::{Deserialize, Serialize};

use crate::data::charts::command::OrderMethod;
use crate::data::order::OrderType;
use crate::data::{FormationId, HexId, UnitId};
use crate::model::unit::UnitKey;
use adjutant_engine::Side;

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
    /// The army's conference: every corps commander in its HQ hex (series 10.6). Only a
    /// draft's receiver; each corps present gets its own order.
    Conference(FormationId),
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
    /// The withdrawal order after the army commander's panic (reference 3A.7): free, by aide,
    /// accepted on arrival.
    Withdrawal,
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
    /// For an order Meade relays (rule 3.1a): the number of Grant's order he copies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) relay_of: Option<OrderNo>,
    /// The turn it was accepted (series 10.1f).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) accepted_on: Option<u16>,
    /// For an order in delay: the first turn of its Delay Reduction rolls (series 10.1f).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) delay_from: Option<u16>,
    /// For a Loose Cannon's one-turn order (series 10.2g): the turn it is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) until: Option<u16>,
    /// A printed order that sends its force off the map by this hex (Scenario 3's 3/5 goal;
    /// `movement::leave`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) exit_by: Option<HexId>,
    /// Rule 4.3a: the entry group of 6 May whose orders this one rewrites before it enters
    /// (`command::group_orders`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) for_group: Option<crate::data::variant::EntryGroupId>,
    /// Optional rule 3.6: the divisions Grant's order to Meade puts in the Army of the
    /// Potomac Reserve when it comes into force (`command::reserve`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) reserve: Vec<FormationId>,
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
    /// The hex the order sends its force off the map by (a printed order's typed field).
    pub fn exit_by(&self) -> Option<HexId> {
        self.exit_by
    }
    /// The entry group whose orders this one rewrites before it enters (rule 4.3a).
    pub fn for_group(&self) -> Option<&crate::data::variant::EntryGroupId> {
        self.for_group.as_ref()
    }
    /// The order of Grant's that Meade relays with this one (rule 3.1a).
    pub fn relay_of(&self) -> Option<OrderNo> {
        self.relay_of
    }
    /// The turn it was accepted.
    pub fn accepted_on(&self) -> Option<u16> {
        self.accepted_on
    }
    /// A new order of this origin, receiver, method and type, written on `turn`, in transit.
    pub(crate) fn new(
        origin: Origin,
        receiver: Receiver,
        method: OrderMethod,
        order_type: OrderType,
        turn: u16,
    ) -> Order {
        Order {
            no: OrderNo(0),
            origin,
            receiver,
            method,
            order_type,
            objective: None,
            text: String::new(),
            written: turn,
            arrives: turn,
            cost: 0,
            status: OrderStatus::InTransit,
            not_before: None,
            exit_by: None,
            for_group: None,
            reserve: Vec::new(),
            relay_of: None,
            accepted_on: None,
            delay_from: None,
            until: None,
        }
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
    /// The turn its attack stopped (series 10.3: one free turn of movement to the rear).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) stopped_on: Option<u16>,
    /// Its HQ was overrun: an emergency retreat is due in the next Command Phase (S10.0).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) overrun: bool,
    /// The turn it made an emergency retreat (series 10.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) retreat_on: Option<u16>,
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
    /// Has an order accepted (in force or waiting to be implemented) or in delay (the
    /// column shift of series 10.1f).
    pub fn has_accepted_or_delayed(&self) -> bool {
        self.current.is_some() || self.accepted.is_some() || self.delayed.is_some()
    }
}

/// An army HQ and its commander's writing (series 10.6; reference 2.3.8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArmyHqState {
    /// Whose.
    pub(crate) side: Side,
    /// The army (`AUS`, `A Pot`, `ANVa`).
    pub(crate) army: FormationId,
    /// "Moving": the hex it is ordered to, until it has spent a whole turn there.
    #[serde(default)]
    pub(crate) moving_to: Option<HexId>,
    /// The turn it was first found in its destination at the start of a Command Phase.
    #[serde(default)]
    pub(crate) arrived_on: Option<u16>,
    /// The commander has written his one in-person order away from the HQ (not recharged).
    #[serde(default)]
    pub(crate) ipv_spent: bool,
    /// The turn the commander was first found in the HQ hex at the start of a Command Phase
    /// (a whole turn there recharges the in-person order).
    #[serde(default)]
    pub(crate) at_hq_since: Option<u16>,
    /// The calendar day of its commander's last conference (series 10.6: one a day).
    #[serde(default)]
    pub(crate) conference_day: Option<u8>,
}

/// One initiative attempt of the current Command Phase (series 10.2: one leader per formation
/// per turn).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InitiativeTry {
    /// Whose.
    pub(crate) side: Side,
    /// The leader who rolled.
    pub(crate) leader: UnitId,
    /// The formation the order would be for.
    pub(crate) receiver: Receiver,
}

/// What the command rules remember besides the logs and the receivers' states.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandState {
    /// Army HQs (series 10.6).
    #[serde(default)]
    pub(crate) armies: Vec<ArmyHqState>,
    /// Initiative attempts of the phasing player this Command Phase.
    #[serde(default)]
    pub(crate) tries: Vec<InitiativeTry>,
    /// The 9th Corps has been released from its restrictions (rule 3.3a), and how.
    #[serde(default)]
    pub(crate) ninth_released: Option<Release>,
    /// The phasing player's units found out of command radius at the start of his Movement
    /// Phase (series 10.5a), for movement to enforce.
    #[serde(default)]
    pub(crate) out_of_radius: Vec<UnitKey>,
    /// Reinforcement groups whose printed orders are in the log (rule 6.0d): side and index.
    #[serde(default)]
    pub(crate) reinforcement_orders: Vec<(Side, u16)>,
    /// The phasing player has posted the batch of the current Command Phase segment (its
    /// `IssueOrders` or `Initiative`); cleared on entering each segment.
    #[serde(default)]
    pub(crate) batch_posted: bool,
    /// Sides that have posted their pre-set orders at set-up (6.0c).
    #[serde(default)]
    pub(crate) preset_posted: Vec<Side>,
    /// The corps Lee took himself when its commander fell (rule 4.1d, `command::lee`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) lee_corps: Option<FormationId>,
    /// Attached divisions sent back to their own corps when Hancock fell (rule 3.2,
    /// `command::hancock`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) returned: Vec<FormationId>,
    /// The Army of the Potomac divisions in the Reserve under the A Pot HQ (optional rule 3.6,
    /// `command::reserve`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) reserve: Vec<FormationId>,
}

/// How the 9th Corps was released (rule 3.3a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Release {
    /// A Confederate unit came within 2 hexes of a 9 Corps unit.
    Contact,
    /// The 10:00pm 5 May turn began (or the scenario starts later).
    Time,
    /// Burnside's initiative (secret until 9 Corps moves beyond its limits).
    Initiative,
}
