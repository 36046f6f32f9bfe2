//! The state of a game: every land counter, ship and shore battery, the turn and weather, the
//! step of the sequence of play, the victory point track, and whatever is half done (a stack
//! on the move, a probe, a battle, decisions waiting for a player).
//!
//! Everything is kept in `Vec`s indexed by position, so that iteration order (and so every
//! event, view and die roll) is deterministic. Nothing here is ever sent to a client as is:
//! [`crate::view`] builds what each viewer may know.

use adjutant_engine::{Outcome, PerSide, Side};
use serde::{Deserialize, Serialize};

use crate::combat::Battle;
use crate::data::options::OptionId;
use crate::data::units::{Formation, LeaderRole, Ratings, UnitKind};
use crate::data::{AreaId, ArrowId, Constants, ScenarioId, UnitId, Units, Weather};
use crate::decisions::Decision;
use crate::movement::LandGroup;
use crate::naval::combat::NavalCombat;
use crate::naval::{Fleet, Node};
use crate::probe::ProbeParty;
use crate::sequence::Step;

/// Index of a land counter in [`MississippiFortress::counters`]; stable for the whole game.
pub type Key = usize;

/// What a land counter is (S1.2, S1.4). Dummies are counters too (S4.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Infantry division: may become ineffective (S1.8).
    Division,
    /// Infantry brigade.
    Brigade,
    /// Militia infantry (4.4, S1.10).
    Militia,
    /// Cavalry (S1.9).
    Cavalry,
    /// Artillery (S1.11).
    Artillery,
    /// A Commander, Officer or Commander/Officer (2.1, S1.5).
    Leader,
    /// A blank counter (S4.6).
    Dummy,
}

impl Kind {
    /// The counter kind of a land unit of the data, `None` for ships and batteries.
    pub fn from_data(kind: UnitKind) -> Option<Kind> {
        match kind {
            UnitKind::InfantryDivision => Some(Kind::Division),
            UnitKind::InfantryBrigade => Some(Kind::Brigade),
            UnitKind::Militia => Some(Kind::Militia),
            UnitKind::Cavalry => Some(Kind::Cavalry),
            UnitKind::Artillery => Some(Kind::Artillery),
            UnitKind::Leader => Some(Kind::Leader),
            UnitKind::ShoreBattery | UnitKind::Gunboat | UnitKind::Transport => None,
        }
    }

    /// S1.2: infantry, militia, cavalry and artillery are combat units.
    pub fn is_combat(self) -> bool {
        matches!(
            self,
            Kind::Division | Kind::Brigade | Kind::Militia | Kind::Cavalry | Kind::Artillery
        )
    }

    /// Infantry of any kind, militia included (S1.10e).
    pub fn is_infantry(self) -> bool {
        matches!(self, Kind::Division | Kind::Brigade | Kind::Militia)
    }

    /// Non-militia infantry: the units that trace a LOC and count for formations (S1.10).
    pub fn is_line_infantry(self) -> bool {
        matches!(self, Kind::Division | Kind::Brigade)
    }

    /// S3.41: infantry, militia and cavalry exert full Control.
    pub fn controls_fully(self) -> bool {
        matches!(
            self,
            Kind::Division | Kind::Brigade | Kind::Militia | Kind::Cavalry
        )
    }

    /// Movement allowance in Areas per phase (S3.1b, S4.6c).
    pub fn movement_allowance(self) -> u8 {
        let m = &Constants::get().movement;
        match self {
            Kind::Division | Kind::Brigade => m.infantry,
            Kind::Militia => m.militia,
            Kind::Artillery => m.artillery,
            Kind::Cavalry => m.cavalry,
            Kind::Leader => m.leader,
            Kind::Dummy => m.dummy,
        }
    }

    /// A word for labels and events.
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Division => "division",
            Kind::Brigade => "brigade",
            Kind::Militia => "militia",
            Kind::Cavalry => "cavalry",
            Kind::Artillery => "artillery",
            Kind::Leader => "Leader",
            Kind::Dummy => "dummy",
        }
    }
}

/// Two steamers carrying one counter between them, or one (4.12c, decision R10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Carrier {
    /// The steamer (index in [`MississippiFortress::ships`]).
    pub ship: usize,
    /// The second steamer when the counter's SP are split over two (the pair is then lashed
    /// together and moves as one stack while it is aboard).
    pub also: Option<usize>,
    /// SP carried by `ship`; the rest of the counter's present strength is on `also`.
    pub on_first: u8,
}

/// Where a land counter is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Place {
    /// In a land Area.
    Area(AreaId),
    /// Aboard Union transport steamers (4.12, S3.6).
    Aboard(Carrier),
    /// A dummy in its owner's pool (S4.6a).
    Pool,
    /// A reinforcement not yet placed (S3.7), or a replacement Leader awaiting placement (S9.66).
    Waiting,
    /// Eliminated, absorbed (4.5), a Leader casualty or captured.
    Gone,
}

/// What a Leader is (2.1, S1.5); the formations he leads are inherited by 0/0 replacements.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderInfo {
    /// Commander, Officer or Commander/Officer.
    pub role: LeaderRole,
    /// Offensive and Defensive Ratings (none for pure Commanders).
    pub ratings: Option<Ratings>,
    /// Formations whose infantry trace to him (for a Commander/Officer: his identifier).
    pub commands: Vec<Formation>,
}

/// The bookkeeping of one counter (the Unit Status Sheet's margins): what it did this phase,
/// this turn and since its owner's last Communications Phase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rec {
    /// Finished moving this Movement Phase (S3.1c).
    #[serde(default, skip_serializing_if = "is_false")]
    pub done: bool,
    /// May not move this phase: placed as a reinforcement where the enemy has full Control
    /// (S3.7d).
    #[serde(default, skip_serializing_if = "is_false")]
    pub pinned: bool,
    /// Began this Movement Phase in an Area holding enemy combat units (S3.3c).
    #[serde(default, skip_serializing_if = "is_false")]
    pub began_in_contact: bool,
    /// Embarked or disembarked this phase: no force march (S3.3c).
    #[serde(default, skip_serializing_if = "is_false")]
    pub shipped: bool,
    /// Force marched in its side's Movement Phase this turn (S3.3d, decision R12).
    #[serde(default, skip_serializing_if = "is_false")]
    pub force_marched: bool,
    /// Crossed a Major River, or landed across the Mississippi or Yazoo, in its side's
    /// Movement Phase this turn (S8.2e, S3.6).
    #[serde(default, skip_serializing_if = "is_false")]
    pub crossed_river: bool,
    /// The Area it last entered its present Area from this turn by a land step (S8.2e).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entered_from: Option<AreaId>,
    /// That last step crossed a Major River (S9.92a).
    #[serde(default, skip_serializing_if = "is_false")]
    pub entry_crossed: bool,
    /// The Area it boarded its steamer from (to tell a landing across the river, S3.6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boarded_from: Option<AreaId>,
    /// Cavalry that probed this turn (S5.1b).
    #[serde(default, skip_serializing_if = "is_false")]
    pub probed: bool,
    /// Fought in this Combat Phase (S8.2d).
    #[serde(default, skip_serializing_if = "is_false")]
    pub fought: bool,
    /// Consecutive turns of force marching, this one included (S7.3).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub march_streak: u8,
    /// Lost stragglers this turn (S7.3).
    #[serde(default, skip_serializing_if = "is_false")]
    pub straggled: bool,
    /// Lost stragglers in the previous Game Turn (Straggler Loss Chart modifier).
    #[serde(default, skip_serializing_if = "is_false")]
    pub straggled_before: bool,
    /// Moved (by land or ship) since its owner's last Communications Phase (S7.5).
    #[serde(default, skip_serializing_if = "is_false")]
    pub moved_since: bool,
    /// Force marched, retreated, withdrew or was evacuated since then (S7.5).
    #[serde(default, skip_serializing_if = "is_false")]
    pub hurried_since: bool,
    /// Lost stragglers since then (S7.5).
    #[serde(default, skip_serializing_if = "is_false")]
    pub straggled_since: bool,
    /// In communications at its owner's last Communications Phase (S6.1a).
    #[serde(default, skip_serializing_if = "is_false")]
    pub in_comms: bool,
    /// Absorbed into a division (4.5): it left the map unidentified.
    #[serde(default, skip_serializing_if = "is_false")]
    pub absorbed: bool,
    /// A replacement Leader waiting to be placed (S9.66), with the casualty's Area.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaces_at: Option<AreaId>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// One land counter: combat unit, Leader or dummy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counter {
    /// Its id in actions and in its owner's view: the unit id of `data/units.toml`, a numbered
    /// 0/0 replacement (`union-replacement-officer-2`) or a dummy (`confederate-dummy-4`).
    pub id: String,
    /// The counter of the data it is (none for dummies).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<UnitId>,
    /// Its owner.
    pub side: Side,
    /// What it is.
    pub kind: Kind,
    /// Its Corps or army letter (S1.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formation: Option<Formation>,
    /// Full strength (0 for Leaders and dummies).
    pub full: u8,
    /// Permanent losses (S1.7).
    pub casualties: u8,
    /// Recoverable losses (S1.7).
    pub stragglers: u8,
    /// Where it is.
    pub place: Place,
    /// Turned face up for both players (S4.4) until D3.
    pub face_up: bool,
    /// The Leader part.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader: Option<LeaderInfo>,
    /// Bookkeeping.
    pub rec: Rec,
}

impl Counter {
    /// Present strength = full - casualties - stragglers (S1.7a).
    pub fn present(&self) -> u8 {
        self.full
            .saturating_sub(self.casualties)
            .saturating_sub(self.stragglers)
    }

    /// The Area it stands in, if it is in one.
    pub fn area(&self) -> Option<AreaId> {
        match self.place {
            Place::Area(a) => Some(a),
            _ => None,
        }
    }

    /// On the map: in an Area or aboard a steamer.
    pub fn on_map(&self) -> bool {
        matches!(self.place, Place::Area(_) | Place::Aboard(_))
    }

    /// A combat unit (S1.2).
    pub fn is_combat(&self) -> bool {
        self.kind.is_combat()
    }

    /// The data of the counter, if it is not a dummy.
    pub fn data(&self) -> Option<&'static crate::data::Unit> {
        self.unit
            .as_ref()
            .and_then(|u| Units::get().unit(u.as_str()))
    }

    /// Its printed name ("1st Division (XV)"), or "dummy".
    pub fn name(&self) -> String {
        match self.data() {
            Some(u) => u.display_name(),
            None => "dummy".to_string(),
        }
    }

    /// S1.8a: an infantry division at half its full strength or less.
    pub fn ineffective(&self) -> bool {
        self.kind == Kind::Division && Constants::get().is_ineffective(self.present(), self.full)
    }

    /// The Leader's role, if a Leader.
    pub fn role(&self) -> Option<LeaderRole> {
        self.leader.as_ref().map(|l| l.role)
    }

    /// True for an Officer or a Commander/Officer (he may have a rating in combat).
    pub fn is_officer(&self) -> bool {
        matches!(
            self.role(),
            Some(LeaderRole::Officer | LeaderRole::CommanderOfficer)
        )
    }
}

/// Where a ship is and what it did this phase and turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShipRec {
    /// Finished moving this Movement Phase.
    #[serde(default, skip_serializing_if = "is_false")]
    pub done: bool,
    /// Left its node this phase (a stack that did not is fired at under R21).
    #[serde(default, skip_serializing_if = "is_false")]
    pub moved: bool,
    /// Upstream arrows moved this phase (4.11: at most two).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub upstream: u8,
    /// SP taken aboard this Game Turn (4.12c, decision R10).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub taken: u8,
    /// Took evacuated units aboard (4.13a): may not move until the next Union Movement Phase.
    #[serde(default, skip_serializing_if = "is_false")]
    pub held: bool,
    /// The top ship of its stack, as the Union player ordered it (decision R8).
    #[serde(default, skip_serializing_if = "is_false")]
    pub on_top: bool,
    /// Fought a naval combat this Game Turn: it may not hop into support (7.21c).
    #[serde(default, skip_serializing_if = "is_false")]
    pub fought: bool,
}

/// Why a ship in play is not on the river (4.15a, 7.21a, 7.21c, 7.21d). A ship neither on the
/// river nor here has been sunk or eliminated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum OffRiver {
    /// 7.21a: a Confederate ship its owner has not placed yet at set-up.
    SetUp,
    /// 4.15a: a naval reinforcement not yet called for; it arrives off the map at `edge` at
    /// the start of its owner's player turn `turn`.
    Awaiting {
        /// The turn it is called for.
        turn: u8,
        /// The off-map box it arrives in.
        edge: Node,
    },
    /// 7.21c: in support of the shore battery in this Area.
    Support {
        /// The battery's Area.
        area: AreaId,
    },
    /// 7.21d: damaged and removed; it may return from `turn` on.
    Damaged {
        /// The first turn it may return.
        turn: u8,
    },
}

/// A naval unit (4.1): always face up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ship {
    /// Its unit id.
    pub id: UnitId,
    /// Its owner.
    pub side: Side,
    /// A transport steamer (carries land units); otherwise a gunboat.
    pub transport: bool,
    /// Wooden hull (4.23b).
    pub wooden: bool,
    /// Its arrow or off-map box; `None` when it is not on the river (see `off`) or lost.
    pub at: Option<Node>,
    /// Why it is not on the river, if it is in play elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub off: Option<OffRiver>,
    /// Bookkeeping.
    pub rec: ShipRec,
}

impl Ship {
    /// On the river: on an arrow or in an off-map box (4.15).
    pub fn afloat(&self) -> bool {
        self.at.is_some()
    }

    /// Sunk or eliminated (S10.4).
    pub fn lost(&self) -> bool {
        self.at.is_none() && self.off.is_none()
    }

    /// In support of the battery in this Area (7.21c).
    pub fn supporting(&self) -> Option<AreaId> {
        match self.off {
            Some(OffRiver::Support { area }) => Some(area),
            _ => None,
        }
    }

    /// Not a transport steamer: it may start or defend naval combat and rolls on the Naval
    /// CRT (7.21a-b).
    pub fn warship(&self) -> bool {
        !self.transport
    }

    /// One of Farragut's ships (7.22).
    pub fn farragut(&self) -> bool {
        Units::get()
            .unit(self.id.as_str())
            .and_then(|u| u.naval)
            .is_some_and(|n| n.farragut)
    }

    /// Its printed name.
    pub fn name(&self) -> String {
        Units::get()
            .unit(self.id.as_str())
            .map_or_else(|| self.id.to_string(), |u| u.name.clone())
    }
}

/// A shore battery's state (4.22, 4.23e).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BatteryState {
    /// Face up: fires at ships, exerts limited Control.
    FaceUp,
    /// Silenced (4.23e): no fire, no Control, until the next Confederate player turn.
    Silenced,
    /// Destroyed (4.22c) or surrendered (5.43).
    Destroyed,
}

/// A Confederate shore battery (4.2): never moves, always visible.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battery {
    /// Its unit id.
    pub id: UnitId,
    /// Its Area.
    pub area: AreaId,
    /// The arrow it guards.
    pub arrow: ArrowId,
    /// Face up, silenced or destroyed.
    pub state: BatteryState,
}

/// A group of reinforcements of the scenario (S3.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reinforcement {
    /// Whose.
    pub side: Side,
    /// The turn it is called for.
    pub turn: u8,
    /// Where it is placed.
    pub area: AreaId,
    /// Its counters.
    pub units: Vec<Key>,
    /// Placed on the map.
    pub placed: bool,
    /// The last turn its owner chose to withhold it (S3.7c).
    pub withheld: Option<u8>,
    /// It will never enter (7.11: the Variable Entry roll failed). Known only to its owner.
    #[serde(default, skip_serializing_if = "is_false")]
    pub cancelled: bool,
}

/// The Vicksburg Siege Track (5.41, 5.42).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Siege {
    /// Union combat units hold Areas 10, 19 and 23 (as last announced).
    pub besieged: bool,
    /// The Vicksburg Supplies value, once set (decision G8).
    pub supplies: Option<u8>,
}

/// A capture recorded at the end of a Game Turn (S10.7a).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Capture {
    /// The Area.
    pub area: AreaId,
    /// Who captured it.
    pub side: Side,
    /// The turn at whose end it was recorded.
    pub turn: u8,
    /// A claimant could make a LOC-dependent claim through it when it fell (S10.5a): what
    /// counts if the Area is left empty before the points are claimed at the end.
    pub qualified: bool,
}

/// The whole game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MississippiFortress {
    /// The scenario.
    pub scenario: ScenarioId,
    /// Every optional rule in use (7.0), in rulebook order. Required when a state is read
    /// back: a snapshot written before it existed does not restore, and the server replays
    /// that game from its set-up instead.
    pub options: Vec<OptionId>,
    /// 7.11: the Variable Entry roll, once made (private to the Confederate player, R16).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry_roll: Option<u8>,
    /// 6.3 (R15): the Union has landed combat units in the Area that opens the closed Areas.
    #[serde(default)]
    pub landing_opened: bool,
    /// S12.4: consecutive Union Movement Phases that ended with a Union gunboat opposite
    /// Grand Gulf (4.23e, decision G14).
    #[serde(default)]
    pub grand_gulf_count: u8,
    /// 7.21b: the naval combat being fought.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub naval_combat: Option<NavalCombat>,
    /// Arrows where naval combat took place this Movement Phase (7.21b, S12.5d).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub naval_fought: Vec<Node>,
    /// The Game Turn.
    pub turn: u8,
    /// This turn's weather (3.2).
    pub weather: Weather,
    /// The previous turn's weather (Clear before the first turn, S2.1).
    pub previous_weather: Weather,
    /// Where the sequence of play stands.
    pub step: Step,
    /// Every land counter, dummies and replacement Leaders included.
    pub counters: Vec<Counter>,
    /// Every ship.
    pub ships: Vec<Ship>,
    /// Every shore battery.
    pub batteries: Vec<Battery>,
    /// The scenario's reinforcement groups.
    pub reinforcements: Vec<Reinforcement>,
    /// Victory points.
    pub vp: PerSide<i64>,
    /// SP each side lost since its enemy's last Victory Point Phase (S10.3d).
    pub lost: PerSide<u32>,
    /// Ships each side lost since its enemy's last Victory Point Phase (S10.4).
    pub ships_lost: PerSide<u32>,
    /// The siege of Vicksburg.
    pub siege: Siege,
    /// Captures standing (S10.7).
    pub captures: Vec<Capture>,
    /// The turn the Union's present hold on Vicksburg was recorded (5.44).
    pub vicksburg_hold: Option<u8>,
    /// Questions for one player that must be answered before play goes on, oldest first.
    pub decisions: Vec<Decision>,
    /// A stack of land counters on the move (S3.1c).
    pub moving: Option<LandGroup>,
    /// A naval stack on the move (S12.1).
    pub sailing: Option<Fleet>,
    /// Dummies were placed this arrival segment (removal must come first, S4.6d(5)).
    pub dummies_placed: bool,
    /// Cavalry chosen for the next probe (S5.1).
    pub probe: Option<ProbeParty>,
    /// Areas probed this player turn (S5.1d).
    pub probed_areas: Vec<AreaId>,
    /// Areas entered this Movement Phase from a compelling Area (5.11).
    pub compelled: Vec<AreaId>,
    /// Areas where battles were declared and not yet fought.
    pub declared: Vec<AreaId>,
    /// Declarations are finished for this Combat Phase.
    pub declarations_done: bool,
    /// The battle being fought.
    pub battle: Option<Battle>,
    /// Numbers given to 0/0 replacement counters so far.
    pub replacements_made: u16,
    /// The result, once the game is over.
    pub result: Option<Outcome>,
}

impl MississippiFortress {
    /// An optional rule is in use (7.0).
    pub fn option(&self, id: OptionId) -> bool {
        self.options.contains(&id)
    }

    /// The counter with this id.
    pub fn key(&self, id: &str) -> Option<Key> {
        self.counters.iter().position(|c| c.id == id)
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
