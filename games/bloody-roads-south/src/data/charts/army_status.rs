//! Army Status, Corps Status and panic (personality sheets and rule 3.3). The panic tables,
//! starting statuses and demand allowances are as printed; status change and panic demands
//! are RECONSTRUCTED (see the rules reference, "Army Status and panic").

use super::cell::MaybeNumber;
use crate::data::ids::UnitId;
use crate::data::scenario::ScenarioId;
use crate::data::side::Side;
use crate::data::time::GameTime;
use serde::Deserialize;

/// When status changes and by how much.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatusRules {
    /// Lowest and highest status.
    pub range: [u8; 2],
    /// Clock times whose turns end with a Status Check.
    pub check_times: Vec<String>,
    /// A period score at least this is a positive viewpoint (status +1).
    pub positive_at_least: i8,
    /// A period score at most this is a negative viewpoint (status -1).
    pub negative_at_most: i8,
    /// The scenarios that use Army Status.
    pub scenarios: Vec<ScenarioId>,
    /// The score of a period.
    pub score: StatusScore,
}

impl StatusRules {
    /// True when the turn at `time` ends with a Status Check.
    pub fn is_check(&self, time: GameTime) -> bool {
        let t = time.to_string();
        let clock = t.rsplit(' ').next().unwrap_or_default();
        self.check_times.iter().any(|c| c == clock)
    }

    /// The change of status for a period score: +1, -1 or 0.
    pub fn change(&self, score: i32) -> i8 {
        if score >= i32::from(self.positive_at_least) {
            1
        } else if score <= i32::from(self.negative_at_most) {
            -1
        } else {
            0
        }
    }
}

/// Points of a period's score (positive = good for the track's owner).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatusScore {
    /// Each enemy brigade newly wrecked.
    pub enemy_brigade_wrecked: i8,
    /// Each friendly brigade newly wrecked.
    pub friendly_brigade_wrecked: i8,
    /// Each enemy division newly wrecked.
    pub enemy_division_wrecked: i8,
    /// Each friendly division newly wrecked.
    pub friendly_division_wrecked: i8,
    /// Each rule 5.3 location gained.
    pub strategic_location_gained: i8,
    /// Each rule 5.3 location lost.
    pub strategic_location_lost: i8,
    /// Each friendly corps HQ overrun or emergency retreat.
    pub friendly_corps_hq_overrun_or_emergency_retreat: i8,
    /// Each friendly corps or army commander lost.
    pub friendly_commander_casualty: i8,
    /// Each enemy corps or army commander lost.
    pub enemy_commander_casualty: i8,
    /// Burnside only: each 9th Corps brigade newly wrecked (in addition).
    pub ninth_corps_brigade_wrecked: i8,
    /// Burnside only: each 9th Corps division newly wrecked (in addition).
    pub ninth_corps_division_wrecked: i8,
}

/// What a panic table's columns count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PanicCount {
    /// Wrecked divisions.
    WreckedDivisions,
    /// Wrecked brigades (Burnside; decision).
    WreckedBrigades,
}

/// Whose units a panic table counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PanicScope {
    /// All Union units.
    Union,
    /// The Army of the Potomac (2, 5, 6 Corps).
    ArmyOfThePotomac,
    /// The 9th Corps (Prov/9 and 4/9 included).
    NinthCorps,
    /// All Confederate units.
    Confederate,
}

/// What happens when a commander panics (personality sheets).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PanicEffect {
    /// Grant: all Union troops withdraw off the east edge (or south by the Brock Road).
    WithdrawEast,
    /// Meade: Grant's orders to Meade need acceptance even when stacked.
    GrantOrdersNeedAcceptance,
    /// Burnside: one more column left on 9th Corps acceptance; no attack orders for 9 Corps.
    NinthCorpsShaken,
    /// Lee: all Confederate troops withdraw off the west or south edges.
    WithdrawWestOrSouth,
}

/// One commander's personality sheet data.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Commander {
    /// The leader.
    pub leader: UnitId,
    /// His side.
    pub side: Side,
    /// "Army Status" or "Corps Status" as printed.
    pub track: String,
    /// Starting status (as printed).
    pub starting_status: u8,
    /// What the panic table's columns count.
    pub counts: PanicCount,
    /// Whose units they count.
    pub scope: PanicScope,
    /// Printed column headings.
    pub columns: Vec<String>,
    /// The lowest count of each column.
    pub column_min: Vec<u8>,
    /// "Status of 2" row: the lowest 2d6 roll that panics ("—" = none).
    pub status_2: Vec<PanicCell>,
    /// "Status of 1" row.
    pub status_1: Vec<PanicCell>,
    /// Panic demands he may make per day.
    pub panic_demands_per_day: u8,
    /// Whom he may make them of.
    pub demand_targets: Vec<UnitId>,
    /// What his panic does.
    pub on_panic: PanicEffect,
}

impl Commander {
    /// The panic table column for a count.
    pub fn column(&self, count: u8) -> usize {
        self.column_min
            .iter()
            .take_while(|&&m| count >= m)
            .count()
            .saturating_sub(1)
    }

    /// The lowest roll that panics at `status` (2 or 1) with `count` wrecked; `None` when no
    /// roll panics (status 3 or 4, or a "—" cell).
    pub fn panic_on(&self, status: u8, count: u8) -> Option<u8> {
        let row = match status {
            2 => &self.status_2,
            1 => &self.status_1,
            _ => return None,
        };
        row.get(self.column(count)).and_then(|c| c.0)
    }
}

/// A panic table cell: a number, or the printed em dash "—" (no roll panics).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub struct PanicCell(pub Option<u8>);

impl TryFrom<String> for PanicCell {
    type Error = String;
    fn try_from(s: String) -> Result<PanicCell, String> {
        if s == "\u{2014}" {
            Ok(PanicCell(None))
        } else {
            s.parse::<MaybeNumber>().map(|n| PanicCell(n.0))
        }
    }
}

impl std::fmt::Display for PanicCell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(n) => write!(f, "{n}"),
            None => f.write_str("\u{2014}"),
        }
    }
}

/// Army Status and panic (`data/charts/army_status.toml`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyStatus {
    /// Status rules.
    pub status: StatusRules,
    /// The four commanders with status tracks.
    pub commander: Vec<Commander>,
}

impl ArmyStatus {
    /// A commander's sheet.
    pub fn commander(&self, leader: &UnitId) -> Option<&Commander> {
        self.commander.iter().find(|c| &c.leader == leader)
    }
}
