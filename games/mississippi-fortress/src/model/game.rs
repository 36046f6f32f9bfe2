//! The whole state of a game, and the look-ups every rule needs.
//!
//! Everything is kept in `Vec`s indexed by position, so that iteration order (and so every
//! event, view and die roll) is deterministic. Nothing here is ever sent to a client as is:
//! the `view` module builds what each viewer may know.

use adjutant_engine::{Outcome, PerSide, Side};
use serde::{Deserialize, Serialize};

use crate::data::options::OptionId;
use crate::data::{AreaId, ScenarioId, Weather};
use crate::model::battle::Battle;
use crate::model::counter::{Counter, Key, Place};
use crate::model::decision::Decision;
use crate::model::moves::{LandGroup, NavalCombat, ProbeParty};
use crate::model::node::{Fleet, Node};
use crate::model::ship::{Battery, Ship};
use crate::model::step::Step;
use crate::model::track::{Capture, Reinforcement, Siege};

/// The whole game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MississippiFortress {
    /// The scenario.
    pub(crate) scenario: ScenarioId,
    /// Both sides' legal actions as `advance` listed them where it stopped, kept only to be
    /// handed to the engine once (`Rules::take_legal_actions`); never saved.
    #[serde(skip)]
    pub(crate) listed: [Option<Vec<crate::model::action::Action>>; 2],
    /// Every optional rule in use (7.0), in rulebook order. Required when a state is read
    /// back: a snapshot written before it existed does not restore, and the server replays
    /// that game from its set-up instead.
    pub(crate) options: Vec<OptionId>,
    /// 7.11: the Variable Entry roll, once made (private to the Confederate player, R16).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) entry_roll: Option<u8>,
    /// 6.3 (R15): the Union has landed combat units in the Area that opens the closed Areas.
    #[serde(default)]
    pub(crate) landing_opened: bool,
    /// S12.4: consecutive Union Movement Phases that ended with a Union gunboat opposite
    /// Grand Gulf (4.23e, decision G14).
    #[serde(default)]
    pub(crate) grand_gulf_count: u8,
    /// 7.21b: the naval combat being fought.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) naval_combat: Option<NavalCombat>,
    /// Arrows where naval combat took place this Movement Phase (7.21b, S12.5d).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) naval_fought: Vec<Node>,
    /// The Game Turn.
    pub(crate) turn: u8,
    /// This turn's weather (3.2).
    pub(crate) weather: Weather,
    /// The previous turn's weather (Clear before the first turn, S2.1).
    pub(crate) previous_weather: Weather,
    /// Where the sequence of play stands.
    pub(crate) step: Step,
    /// Every land counter, dummies and replacement Leaders included.
    pub(crate) counters: Vec<Counter>,
    /// Every ship.
    pub(crate) ships: Vec<Ship>,
    /// Every shore battery.
    pub(crate) batteries: Vec<Battery>,
    /// The scenario's reinforcement groups.
    pub(crate) reinforcements: Vec<Reinforcement>,
    /// Victory points.
    pub(crate) vp: PerSide<i64>,
    /// SP each side lost since its enemy's last Victory Point Phase (S10.3d).
    pub(crate) lost: PerSide<u32>,
    /// Ships each side lost since its enemy's last Victory Point Phase (S10.4).
    pub(crate) ships_lost: PerSide<u32>,
    /// The siege of Vicksburg.
    pub(crate) siege: Siege,
    /// Captures standing (S10.7).
    pub(crate) captures: Vec<Capture>,
    /// The turn the Union's present hold on Vicksburg was recorded (5.44).
    pub(crate) vicksburg_hold: Option<u8>,
    /// Questions for one player that must be answered before play goes on, oldest first.
    pub(crate) decisions: Vec<Decision>,
    /// A stack of land counters on the move (S3.1c).
    pub(crate) moving: Option<LandGroup>,
    /// A naval stack on the move (S12.1).
    pub(crate) sailing: Option<Fleet>,
    /// Dummies were placed this arrival segment (removal must come first, S4.6d(5)).
    pub(crate) dummies_placed: bool,
    /// Cavalry chosen for the next probe (S5.1).
    pub(crate) probe: Option<ProbeParty>,
    /// Areas probed this player turn (S5.1d).
    pub(crate) probed_areas: Vec<AreaId>,
    /// Areas entered this Movement Phase from a compelling Area (5.11).
    pub(crate) compelled: Vec<AreaId>,
    /// Areas where battles were declared and not yet fought.
    pub(crate) declared: Vec<AreaId>,
    /// Declarations are finished for this Combat Phase.
    pub(crate) declarations_done: bool,
    /// The battle being fought.
    pub(crate) battle: Option<Battle>,
    /// Numbers given to 0/0 replacement counters so far.
    pub(crate) replacements_made: u16,
    /// The result, once the game is over.
    pub(crate) result: Option<Outcome>,
    /// Each viewer's Areas, river and batteries as last written (a cache of views, never
    /// saved or cloned).
    #[serde(skip)]
    pub(crate) kept_texts: crate::model::look::KeptTexts,
}

impl MississippiFortress {
    /// 7.11: the Variable Entry roll, once made (private to the Confederate player, R16).
    pub fn entry_roll(&self) -> Option<u8> {
        self.entry_roll
    }

    /// 6.3 (R15): the Union has landed combat units in the Area that opens the closed Areas.
    pub fn landing_opened(&self) -> bool {
        self.landing_opened
    }

    /// S12.4: consecutive Union Movement Phases that ended with a Union gunboat opposite
    /// Grand Gulf (4.23e, decision G14).
    pub fn grand_gulf_count(&self) -> u8 {
        self.grand_gulf_count
    }

    /// 7.21b: the naval combat being fought.
    pub fn naval_combat(&self) -> Option<&NavalCombat> {
        self.naval_combat.as_ref()
    }

    /// Arrows where naval combat took place this Movement Phase (7.21b, S12.5d).
    pub fn naval_fought(&self) -> &[Node] {
        &self.naval_fought
    }

    /// The Game Turn.
    pub fn turn(&self) -> u8 {
        self.turn
    }

    /// This turn's weather (3.2).
    pub fn weather(&self) -> Weather {
        self.weather
    }

    /// The previous turn's weather (Clear before the first turn, S2.1).
    pub fn previous_weather(&self) -> Weather {
        self.previous_weather
    }

    /// Where the sequence of play stands.
    pub fn step(&self) -> Step {
        self.step
    }

    /// Every land counter, dummies and replacement Leaders included.
    pub fn counters(&self) -> &[Counter] {
        &self.counters
    }

    /// Every ship.
    pub fn ships(&self) -> &[Ship] {
        &self.ships
    }

    /// Every shore battery.
    pub fn batteries(&self) -> &[Battery] {
        &self.batteries
    }

    /// The scenario's reinforcement groups.
    pub fn reinforcements(&self) -> &[Reinforcement] {
        &self.reinforcements
    }

    /// Victory points.
    pub fn vp(&self) -> PerSide<i64> {
        self.vp
    }

    /// SP each side lost since its enemy's last Victory Point Phase (S10.3d).
    pub fn lost(&self) -> PerSide<u32> {
        self.lost
    }

    /// The siege of Vicksburg.
    pub fn siege(&self) -> &Siege {
        &self.siege
    }

    /// Captures standing (S10.7).
    pub fn captures(&self) -> &[Capture] {
        &self.captures
    }

    /// Questions for one player that must be answered before play goes on, oldest first.
    pub fn decisions(&self) -> &[Decision] {
        &self.decisions
    }

    /// A stack of land counters on the move (S3.1c).
    pub fn moving(&self) -> Option<&LandGroup> {
        self.moving.as_ref()
    }

    /// A naval stack on the move (S12.1).
    pub fn sailing(&self) -> Option<&Fleet> {
        self.sailing.as_ref()
    }

    /// Areas entered this Movement Phase from a compelling Area (5.11).
    pub fn compelled(&self) -> &[AreaId] {
        &self.compelled
    }

    /// The battle being fought.
    pub fn battle(&self) -> Option<&Battle> {
        self.battle.as_ref()
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<&Outcome> {
        self.result.as_ref()
    }

    /// An optional rule is in use (7.0).
    pub fn option(&self, id: OptionId) -> bool {
        self.options.contains(&id)
    }

    /// The counter with this id.
    pub fn key(&self, id: &str) -> Option<Key> {
        self.counters.iter().position(|c| &*c.id == id)
    }

    /// The ship with this id.
    pub fn ship_index(&self, id: &str) -> Option<usize> {
        self.ships.iter().position(|s| s.id.as_str() == id)
    }

    /// Keys of the counters of `side` standing in `area`.
    pub fn in_area(&self, side: Side, area: AreaId) -> impl Iterator<Item = Key> + '_ {
        self.counters
            .iter()
            .enumerate()
            .filter(move |(_, c)| c.side == side && c.place == Place::Area(area))
            .map(|(k, _)| k)
    }

    /// Keys of every counter of either side standing in `area`.
    pub fn all_in_area(&self, area: AreaId) -> impl Iterator<Item = Key> + '_ {
        self.counters
            .iter()
            .enumerate()
            .filter(move |(_, c)| c.place == Place::Area(area))
            .map(|(k, _)| k)
    }

    /// True if `side` has a combat unit in `area`.
    pub fn has_combat_unit(&self, side: Side, area: AreaId) -> bool {
        self.counters
            .iter()
            .any(|c| c.side == side && c.place == Place::Area(area) && c.is_combat())
    }

    /// Keys of the counters aboard ship `ship` (as first or second steamer).
    pub fn aboard(&self, ship: usize) -> impl Iterator<Item = Key> + '_ {
        self.counters
            .iter()
            .enumerate()
            .filter(move |(_, c)| match c.place {
                Place::Aboard(carrier) => carrier.ship == ship || carrier.also == Some(ship),
                _ => false,
            })
            .map(|(k, _)| k)
    }

    /// The name of an Area with its number: "Area 21 (Champion Hill)".
    pub fn area_name(area: AreaId) -> String {
        match crate::data::Map::get().area(area) {
            Some(a) => format!("Area {} ({})", area.number(), a.name),
            None => format!("Area {}", area.number()),
        }
    }

    /// "Turn 13 (May 13-14)".
    pub fn turn_name(&self) -> String {
        let scenario = crate::data::Scenarios::get().scenario(self.scenario);
        match crate::data::TurnTrack::get().turn(scenario.track, self.turn) {
            Some(t) => format!("Turn {} ({})", self.turn, t.dates),
            None => format!("Turn {}", self.turn),
        }
    }

    /// The scenario's data.
    pub fn scenario_data(&self) -> &'static crate::data::Scenario {
        crate::data::Scenarios::get().scenario(self.scenario)
    }
}
