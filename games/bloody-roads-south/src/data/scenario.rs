//! The seven scenarios (book 7.0), loaded from `data/scenarios/*.toml`.
//!
//! | id | book | maps | turns |
//! |---|---|---|---|
//! | `sanders-field` | Scenario 1 | A | 5 |
//! | `warren-and-sedgwick-vs-ewell` | Scenario 2 | A | 16 |
//! | `plank-road` | Scenario 3 | B | 16 |
//! | `battles-of-may-5th` | Scenario 4 | both | 16 |
//! | `battle-of-the-wilderness` | Scenario 5 | both | 91 |
//! | `second-day` | Scenario 6 | both | 31 |
//! | `wasted-day` | Scenario 7 | both | 29 |

use super::award::VictoryAward;
use super::error::{DataError, parse_toml};
use super::ids::{FormationId, UnitId};
use super::map::MapsUsed;
use super::oob::OrderOfBattle;
use super::order::PresetOrder;
use super::placement::{Placement, PlacementRow};
use super::reinforcement::Reinforcement;
use super::side::Side;
use super::time::GameTime;
use super::variant::VariantId;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::str::FromStr;

/// A scenario of the book.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum ScenarioId {
    /// Scenario 1: The Battle of Sander's Field.
    SandersField,
    /// Scenario 2: Warren and Sedgwick vs. Ewell.
    WarrenAndSedgwickVsEwell,
    /// Scenario 3: The Battle of the Plank Road.
    PlankRoad,
    /// Scenario 4: The Battles of May 5th.
    BattlesOfMay5th,
    /// Scenario 5: The Battle of the Wilderness.
    BattleOfTheWilderness,
    /// Scenario 6: The Second Day.
    SecondDay,
    /// Scenario 7: The Wasted Day.
    WastedDay,
}

impl ScenarioId {
    /// All seven, in book order.
    pub const ALL: [ScenarioId; 7] = [
        ScenarioId::SandersField,
        ScenarioId::WarrenAndSedgwickVsEwell,
        ScenarioId::PlankRoad,
        ScenarioId::BattlesOfMay5th,
        ScenarioId::BattleOfTheWilderness,
        ScenarioId::SecondDay,
        ScenarioId::WastedDay,
    ];

    /// The kebab-case id (the scenario's name).
    pub fn as_str(self) -> &'static str {
        match self {
            ScenarioId::SandersField => "sanders-field",
            ScenarioId::WarrenAndSedgwickVsEwell => "warren-and-sedgwick-vs-ewell",
            ScenarioId::PlankRoad => "plank-road",
            ScenarioId::BattlesOfMay5th => "battles-of-may-5th",
            ScenarioId::BattleOfTheWilderness => "battle-of-the-wilderness",
            ScenarioId::SecondDay => "second-day",
            ScenarioId::WastedDay => "wasted-day",
        }
    }

    /// The scenario's number in the book (1-7).
    pub fn book_number(self) -> u8 {
        ScenarioId::ALL
            .iter()
            .position(|&s| s == self)
            .expect("listed") as u8
            + 1
    }
}

impl FromStr for ScenarioId {
    type Err = String;
    fn from_str(s: &str) -> Result<ScenarioId, String> {
        ScenarioId::ALL
            .into_iter()
            .find(|id| id.as_str() == s)
            .ok_or_else(|| format!("unknown scenario {s:?}"))
    }
}

impl TryFrom<String> for ScenarioId {
    type Error = String;
    fn try_from(s: String) -> Result<ScenarioId, String> {
        s.parse()
    }
}

impl From<ScenarioId> for String {
    fn from(s: ScenarioId) -> String {
        s.as_str().to_string()
    }
}

impl fmt::Display for ScenarioId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a scenario is won.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VictoryRules {
    /// Rules 5.0-5.3: tactical and strategic victory (Scenarios 4-7).
    Standard,
    /// The scenario's own points; most points wins, equal points is a draw (Scenarios 1-3).
    Points(Vec<VictoryAward>),
}

/// A unit or formation attached to a formation at the start (or on entry).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attachment {
    /// A unit id or formation id (a division attached to another corps, rule 3.2).
    pub unit: String,
    /// The formation it serves with (a division, a corps, or `A Pot` for the Army of the
    /// Potomac Reserve and army artillery of rule 3.6 and Scenario 4).
    pub to: FormationId,
    /// Printed as "considered to be part of" the corps (Scenario 3's 2/6 with 2 Corps): it
    /// serves the corps as any attachment does, but is no attached division for rule 3.2.
    #[serde(default)]
    pub part_of: bool,
}

/// A leader acting in another command (rule 4.1d: Lee as corps commander).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActingCommander {
    /// The leader.
    pub leader: UnitId,
    /// The formation he commands.
    pub command: FormationId,
}

/// One side of a scenario, resolved (set-ups copied from another scenario are included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideSetup {
    /// The scenario the set-up was copied from, if any.
    pub setup_from: Option<ScenarioId>,
    /// The set-up lines.
    pub placements: Vec<Placement>,
    /// Attachments in force at the start.
    pub attachments: Vec<Attachment>,
    /// Artillery set up with fewer gun points than full ("3x 5b(5) (less 4 gun points)").
    pub gun_points: BTreeMap<UnitId, u8>,
    /// Casualties (steps, not stragglers) suffered before the start (bracketed numbers).
    pub casualties: BTreeMap<UnitId, u8>,
    /// Units out of command radius at the start (rule 6.0a).
    pub ocr: Vec<UnitId>,
    /// Leaders already lost (Wadsworth in Scenario 7; Longstreet in Scenario 7).
    pub leaders_lost: Vec<UnitId>,
    /// Leaders acting in another command.
    pub acting_commanders: Vec<ActingCommander>,
    /// The side may write its own orders before play, accepted at the start (rule 6.0c).
    pub own_orders_at_start: bool,
    /// New orders only by initiative (no army commander's orders).
    pub initiative_only: bool,
    /// Orders in force or in delay at the start.
    pub orders: Vec<PresetOrder>,
    /// Reinforcements.
    pub reinforcements: Vec<Reinforcement>,
}

impl SideSetup {
    /// Every counter placed at the start (all variants included).
    pub fn placed_units(&self) -> BTreeSet<UnitId> {
        self.placements
            .iter()
            .flat_map(|p| p.units.iter().cloned())
            .collect()
    }

    /// Every counter named by the side, at the start or as a reinforcement.
    pub fn all_units(&self) -> BTreeSet<UnitId> {
        let mut out = self.placed_units();
        out.extend(
            self.reinforcements
                .iter()
                .flat_map(|r| r.units.iter().cloned()),
        );
        out
    }
}

/// A scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scenario {
    /// Its id.
    pub id: ScenarioId,
    /// Its title.
    pub title: String,
    /// The first turn.
    pub first_turn: GameTime,
    /// The last turn.
    pub last_turn: GameTime,
    /// The printed length in turns.
    pub length: u16,
    /// The maps used.
    pub maps: MapsUsed,
    /// How it is won.
    pub victory: VictoryRules,
    /// The variants that may be used.
    pub variants: Vec<VariantId>,
    /// By mutual agreement play may go on to this turn (Scenario 6).
    pub may_continue_to: Option<GameTime>,
    /// Losses and wrecks present at the start count toward victory (Scenario 7).
    pub counts_pre_game_losses: bool,
    /// Both sides know the Unfinished Railroad from the start (rule 1.3f: Scenario 7).
    pub railroad_known: bool,
    /// The Confederates may move by the off-map link (rule 4.2: every scenario on both maps).
    pub off_map_link: bool,
    /// Optional rule 3.6 (the Army of the Potomac Reserve) may be chosen: Grant writes and
    /// Meade relays (Scenarios 1, 2 and 4-7).
    pub aop_reserve: bool,
    /// Who holds each rule 5.3 location at the start (keyed by the label printed in 5.3).
    pub possession: BTreeMap<String, Side>,
    /// The Union side.
    pub union: SideSetup,
    /// The Confederate side.
    pub confederate: SideSetup,
}

impl Scenario {
    /// One side's set-up.
    pub fn side(&self, side: Side) -> &SideSetup {
        match side {
            Side::Union => &self.union,
            Side::Confederate => &self.confederate,
        }
    }

    /// True when Army Status, panic and panic demands are in use (Scenarios 4-7; decision).
    pub fn uses_army_status(&self) -> bool {
        self.victory == VictoryRules::Standard
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioFile {
    id: ScenarioId,
    number: u8,
    title: String,
    first_turn: GameTime,
    last_turn: GameTime,
    length: u16,
    maps: MapsUsed,
    victory: String,
    variants: Vec<VariantId>,
    may_continue_to: Option<GameTime>,
    #[serde(default)]
    counts_pre_game_losses: bool,
    #[serde(default)]
    railroad_known: bool,
    #[serde(default)]
    off_map_link: bool,
    #[serde(default)]
    aop_reserve: bool,
    #[serde(default)]
    possession: BTreeMap<String, Side>,
    union: SideFile,
    confederate: SideFile,
    #[serde(default)]
    victory_award: Vec<VictoryAward>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct SideFile {
    setup_from: Option<ScenarioId>,
    setup_units: Option<Vec<UnitId>>,
    #[serde(default)]
    own_orders_at_start: bool,
    #[serde(default)]
    initiative_only: bool,
    #[serde(default)]
    attachments: Vec<Attachment>,
    #[serde(default)]
    gun_points: BTreeMap<UnitId, u8>,
    #[serde(default)]
    casualties: BTreeMap<UnitId, u8>,
    #[serde(default)]
    ocr: Vec<UnitId>,
    #[serde(default)]
    leaders_lost: Vec<UnitId>,
    #[serde(default)]
    acting_commanders: Vec<ActingCommander>,
    #[serde(default)]
    setup: Vec<PlacementRow>,
    #[serde(default)]
    order: Vec<PresetOrder>,
    #[serde(default)]
    reinforcement: Vec<Reinforcement>,
}

/// All seven scenarios.
#[derive(Debug, Clone)]
pub struct Scenarios {
    list: Vec<Scenario>,
}

impl Scenarios {
    /// Parse the scenario files (`(file name, text)` pairs, in any order) and resolve the
    /// set-ups copied from another scenario, checking unit ids against the order of battle.
    pub fn from_files(files: &[(&str, &str)], oob: &OrderOfBattle) -> Result<Scenarios, DataError> {
        let mut raw: BTreeMap<ScenarioId, (String, ScenarioFile)> = BTreeMap::new();
        for (name, text) in files {
            let f: ScenarioFile = parse_toml(name, text)?;
            if f.number != f.id.book_number() || format!("scenarios/{}.toml", f.id) != *name {
                return Err(DataError::new(format!(
                    "{name}: id, number and file name disagree"
                )));
            }
            raw.insert(f.id, (name.to_string(), f));
        }
        let mut list = Vec::new();
        for id in ScenarioId::ALL {
            let (name, f) = raw
                .get(&id)
                .ok_or_else(|| DataError::new(format!("scenario {id} is missing")))?;
            let err = |m: String| DataError::new(format!("{name}: {m}"));
            let victory = match f.victory.as_str() {
                "standard" if f.victory_award.is_empty() => VictoryRules::Standard,
                "scenario" if !f.victory_award.is_empty() => {
                    VictoryRules::Points(f.victory_award.clone())
                }
                _ => {
                    return Err(err(
                        "victory must be \"standard\" or \"scenario\" with victory_award lines"
                            .into(),
                    ));
                }
            };
            let union = resolve_side(&raw, f, Side::Union, oob).map_err(&err)?;
            let confederate = resolve_side(&raw, f, Side::Confederate, oob).map_err(&err)?;
            list.push(Scenario {
                id,
                title: f.title.clone(),
                first_turn: f.first_turn,
                last_turn: f.last_turn,
                length: f.length,
                maps: f.maps,
                victory,
                variants: f.variants.clone(),
                may_continue_to: f.may_continue_to,
                counts_pre_game_losses: f.counts_pre_game_losses,
                railroad_known: f.railroad_known,
                off_map_link: f.off_map_link,
                aop_reserve: f.aop_reserve,
                possession: f.possession.clone(),
                union,
                confederate,
            });
        }
        Ok(Scenarios { list })
    }

    /// A scenario by id.
    pub fn get(&self, id: ScenarioId) -> &Scenario {
        // The list is in book order (`ScenarioId::ALL`), so the id's place is its own: asked
        // for the maps in play by every hex's canonical id, hundreds of thousands of times.
        match self.list.get(id as usize) {
            Some(s) if s.id == id => s,
            _ => self
                .list
                .iter()
                .find(|s| s.id == id)
                .expect("all seven are loaded"),
        }
    }

    /// All scenarios in book order.
    pub fn all(&self) -> &[Scenario] {
        &self.list
    }
}

fn side_file(f: &ScenarioFile, side: Side) -> &SideFile {
    match side {
        Side::Union => &f.union,
        Side::Confederate => &f.confederate,
    }
}

fn placements_of(rows: &[PlacementRow]) -> Result<Vec<Placement>, String> {
    rows.iter().map(|r| r.clone().into_placement()).collect()
}

fn resolve_side(
    raw: &BTreeMap<ScenarioId, (String, ScenarioFile)>,
    f: &ScenarioFile,
    side: Side,
    oob: &OrderOfBattle,
) -> Result<SideSetup, String> {
    let own = side_file(f, side);
    let order = oob.side(side);
    let mut setup = SideSetup {
        setup_from: own.setup_from,
        placements: Vec::new(),
        attachments: Vec::new(),
        gun_points: BTreeMap::new(),
        casualties: BTreeMap::new(),
        ocr: Vec::new(),
        leaders_lost: own.leaders_lost.clone(),
        acting_commanders: own.acting_commanders.clone(),
        own_orders_at_start: own.own_orders_at_start,
        initiative_only: own.initiative_only,
        orders: own.order.clone(),
        reinforcements: own.reinforcement.clone(),
    };
    if let Some(src_id) = own.setup_from {
        let (_, src) = raw
            .get(&src_id)
            .ok_or_else(|| format!("no scenario {src_id}"))?;
        let src_side = side_file(src, side);
        if src_side.setup_from.is_some() {
            return Err(format!("{src_id} itself copies its set-up"));
        }
        let keep: Option<BTreeSet<UnitId>> = own
            .setup_units
            .as_ref()
            .map(|u| u.iter().cloned().collect());
        let wanted = |u: &UnitId| keep.as_ref().is_none_or(|k| k.contains(u));
        let mut found = BTreeSet::new();
        for mut p in placements_of(&src_side.setup)? {
            if keep.is_some() && p.variant.is_some() {
                continue;
            }
            p.units.retain(|u| wanted(u));
            found.extend(p.units.iter().cloned());
            if !p.units.is_empty() {
                setup.placements.push(p);
            }
        }
        if let Some(k) = &keep
            && let Some(missing) = k.iter().find(|u| !found.contains(*u))
        {
            return Err(format!("{missing} is not set up in {src_id}"));
        }
        for a in &src_side.attachments {
            let members = order.members(&FormationId::new(&a.unit));
            let applies = wanted(&UnitId::new(&a.unit))
                && order.unit(&UnitId::new(&a.unit)).is_some()
                || members.iter().any(|u| found.contains(u));
            if applies {
                setup.attachments.push(a.clone());
            }
        }
        setup.gun_points.extend(
            src_side
                .gun_points
                .iter()
                .filter(|(u, _)| found.contains(*u))
                .map(|(u, g)| (u.clone(), *g)),
        );
        setup.casualties.extend(
            src_side
                .casualties
                .iter()
                .filter(|(u, _)| found.contains(*u))
                .map(|(u, c)| (u.clone(), *c)),
        );
        setup
            .ocr
            .extend(src_side.ocr.iter().filter(|u| found.contains(*u)).cloned());
    } else if own.setup_units.is_some() {
        return Err("setup_units needs setup_from".into());
    }
    setup.placements.extend(placements_of(&own.setup)?);
    setup.attachments.extend(own.attachments.iter().cloned());
    setup
        .gun_points
        .extend(own.gun_points.iter().map(|(u, g)| (u.clone(), *g)));
    setup
        .casualties
        .extend(own.casualties.iter().map(|(u, c)| (u.clone(), *c)));
    setup.ocr.extend(own.ocr.iter().cloned());

    // Every counter must exist in the side's order of battle, and be placed at most once.
    let mut seen = BTreeSet::new();
    for p in &setup.placements {
        for u in &p.units {
            if order.unit(u).is_none() {
                return Err(format!("{side} set-up names unknown unit {u}"));
            }
            if p.variant.is_none() && !seen.insert(u.clone()) {
                return Err(format!("{side} set-up places {u} twice"));
            }
        }
    }
    for r in &setup.reinforcements {
        for u in &r.units {
            if order.unit(u).is_none() {
                return Err(format!("{side} reinforcement names unknown unit {u}"));
            }
        }
    }
    for a in &setup.attachments {
        let known = order.unit(&UnitId::new(&a.unit)).is_some()
            || order.formation(&FormationId::new(&a.unit)).is_some();
        if !known || order.formation(&a.to).is_none() {
            return Err(format!(
                "{side} attachment {} -> {} names an unknown unit",
                a.unit, a.to
            ));
        }
    }
    for u in setup
        .casualties
        .keys()
        .chain(setup.gun_points.keys())
        .chain(&setup.ocr)
        .chain(&setup.leaders_lost)
    {
        if order.unit(u).is_none() {
            return Err(format!("{side} names unknown unit {u}"));
        }
    }
    Ok(setup)
}

/// The scenarios offered in the catalog (the others follow as they are built: issue 17):
/// Scenario 1 and its longer version, Scenario 2, which plays into the evening and the first
/// night turn (reference 2.13); Scenario 3, the Plank Road on Map B, with Lee on the map and
/// Hancock's 2nd Corps arriving by Entries F and E; Scenario 4, the Battles of May 5th, on
/// both maps joined, won by the standard conditions (5.0-5.3); Scenario 6, the Second Day
/// (6 May 5:00am to 8:00pm on both maps, won by the same conditions counting only what
/// happens in play); Scenario 7, the Wasted Day (7 May 5:00am to 7:00pm on both maps, won by
/// the same conditions counting the conditions that exist at the start); Scenario 5, the
/// Battle of the Wilderness (5 May 1:00pm to 7 May 7:00pm, set up as Scenario 4, its 6 May
/// Confederate entries chosen in play, rule 4.3).
pub const OFFERED: [ScenarioId; 7] = [
    ScenarioId::SandersField,
    ScenarioId::WarrenAndSedgwickVsEwell,
    ScenarioId::PlankRoad,
    ScenarioId::BattlesOfMay5th,
    ScenarioId::BattleOfTheWilderness,
    ScenarioId::SecondDay,
    ScenarioId::WastedDay,
];
