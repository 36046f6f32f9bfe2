//! Orders written before play (rules 6.0b-d, series 10.1i) and the vocabulary of orders.

use super::hex::HexId;
use super::time::GameTime;
use serde::{Deserialize, Serialize};

/// What an order is addressed to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OrderKind {
    /// An order to a corps (series 10.1), implemented when the corps leader reaches his HQ.
    Corps,
    /// A divisional goal (series 10.5b), also used for a brigade goal (rule 2.3) or an
    /// artillery unit's goal.
    DivisionalGoal,
}

/// Complex (may attack) or simple (series 10.1a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OrderType {
    /// Movement to, into or around enemy-held or enemy-watched ground; allows attacks.
    Complex,
    /// Anything else; no offensive combat.
    Simple,
}

/// The acceptance status of an order in the order log (series 10.1f).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum OrderStatus {
    /// Accepted (and, for a pre-set order, implemented at the start).
    #[serde(rename = "accepted")]
    Accepted,
    /// Delayed: accepted on a Delay Reduction roll of 1-2.
    D1,
    /// Delayed: accepted on a Delay Reduction roll of 1.
    D2,
}

/// An order in force or in delay when a scenario begins.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PresetOrder {
    /// The formation (corps or division) or unit that receives it.
    pub receiver: String,
    /// Corps order or divisional goal.
    pub kind: OrderKind,
    /// Complex or simple.
    #[serde(rename = "type")]
    pub order_type: OrderType,
    /// Its status at the start.
    pub status: OrderStatus,
    /// Its text.
    pub text: String,
    /// The receiver may not move before this turn.
    pub not_before: Option<GameTime>,
    /// The order sends its force off the map by this hex (Scenario 3: 3/5 "exit the map at
    /// B13.35 so as to rejoin the rest of 5 Corps"; `movement::leave`).
    pub exit_by: Option<HexId>,
    /// True when the order is ours, not printed for this scenario (see the rules reference).
    #[serde(default)]
    pub completed: bool,
    /// Not with this variant (3.8b deletes the 9th Corps and its order).
    pub unless_variant: Option<super::variant::VariantId>,
}
