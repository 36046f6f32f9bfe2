//! The combat report: one engagement of a round worked as the book's players work it (S9.2 to
//! S9.5), for both players and spectators once the orders are revealed (Appendix V: Line
//! Position strengths, CIC levels and columns, FCRT rolls and SP lost are public after the
//! reveal; present strengths of single units and the allocation of losses are not, so the
//! report holds only Line Position totals).
//!
//! It is the machine-readable part of the engagement's `battle` event (`"combat": {...}`) and
//! of the Battle Board in the view (`battle.combats`), so a client renders a table or a panel
//! without knowing any rule. The serialized field names are the wire format, documented in
//! docs/protocol.md ("Mississippi Fortress combat reports"); strengths are SP as text
//! ("3.5"), never sixteenths, and Line Positions are numbered 1 to 3 as printed.

use adjutant_engine::Side;
use serde::{Deserialize, Serialize};

use crate::data::AreaId;
use crate::data::charts::{CombatOrder, RatioColumn, StrengthBand};

/// Attacker or Defender of the battle (S8.1b): who fires, whose column shifts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// The phasing player's Line Position.
    Attacker,
    /// The other player's.
    Defender,
}

/// The chart a shift applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Chart {
    /// Combat Intensity Chart A: the level (S9.2, 3.2c).
    #[serde(rename = "cic-a")]
    CicA,
    /// Combat Intensity Chart B: the ratio column (S9.4c).
    #[serde(rename = "cic-b")]
    CicB,
    /// The Fire Combat Results Table: the firing Line Position's column (S9.5c).
    #[serde(rename = "fcrt")]
    Fcrt,
}

/// One shift of a chart, with why and the rule that gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shift {
    /// The chart shifted.
    pub chart: Chart,
    /// Whose column or level: the firing Line Position for the FCRT, the side the shift
    /// favours for CIC B (the Defender), omitted for CIC A (both).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Role>,
    /// Columns (levels for CIC A): negative is left (weaker fire, fewer rolls).
    pub by: i8,
    /// Why, in words: "Defensible Area, the Defender does not counterattack".
    pub reason: String,
    /// The rule: "S9.4c", "3.2c".
    pub rule: String,
}

/// A multiplier or halving of the units' strengths in a Line Position (S9.3): why, not how
/// much to each unit (a unit's present strength stays secret).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    /// "artillery ×4 (Stand)".
    pub reason: String,
    /// "S9.3a".
    pub rule: String,
}

/// One side's Line Position in the engagement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineReport {
    /// Union or Confederate.
    pub side: Side,
    /// Attacker or Defender.
    pub role: Role,
    /// The Line Position, 1 to 3.
    pub line: u8,
    /// Its Combat Order (S8.8).
    pub order: CombatOrder,
    /// Its strength (S9.3), SP as text: "7", "3.5".
    pub strength: String,
    /// What multiplied or halved its units' strengths (S9.3a-d); empty when nothing did.
    pub modifiers: Vec<Modifier>,
    /// Its rating Officer's rating, 0 without one (S8.6f): Offensive for the Attacker,
    /// Defensive for the Defender.
    pub rating: u8,
    /// The FCRT column its strength selects (S9.5a).
    pub strength_band: StrengthBand,
    /// The FCRT column it fires on, after its shifts (S9.5c).
    pub band: StrengthBand,
    /// How many FCRT rolls the CIC B cell gives it (S9.4d).
    pub rolls: u8,
}

/// One FCRT roll (S9.5d).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fire {
    /// Who rolled.
    pub by: Role,
    /// The die.
    pub die: u8,
    /// The extra, unmodified roll a "*" calls for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reroll: Option<u8>,
    /// The FCRT cell: "-", "1", "2" or "*".
    pub result: String,
    /// SP the roll costs the other Line Position.
    pub loss: u8,
}

/// SP of fire each Line Position of the engagement took (S9.5e), before S9.61 ignores what
/// exceeds its present strength.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Losses {
    /// Taken by the Attacker's Line Position.
    pub attacker: u8,
    /// Taken by the Defender's.
    pub defender: u8,
}

/// One engagement of a round (S9.1 steps 3-4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatReport {
    /// The battle Area.
    pub area: AreaId,
    /// 1 or 2.
    pub round: u8,
    /// The Combat Intensity Level (S9.2), after Rain.
    pub intensity: u8,
    /// It rains (3.2c: one level lower).
    pub rain: bool,
    /// The Attacker's Line Position.
    pub attacker: LineReport,
    /// The Defender's Line Position.
    pub defender: LineReport,
    /// The CIC B column of the strengths' ratio, before shifts (S9.4b).
    pub ratio: RatioColumn,
    /// The CIC B column used, after shifts (S9.4c).
    pub column: RatioColumn,
    /// The CIC B cell "x/y": x rolls by the Defender, y by the Attacker (S9.4d).
    pub cell: String,
    /// Every shift of CIC A, CIC B and the FCRT, with its reason and rule.
    pub shifts: Vec<Shift>,
    /// The FCRT rolls, the Attacker's first; all fire is simultaneous (S9.5).
    pub fire: Vec<Fire>,
    /// SP of fire taken by each Line Position.
    pub losses: Losses,
}
