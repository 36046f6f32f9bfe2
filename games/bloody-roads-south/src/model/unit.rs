//! One counter in play: where it is, how it stands, and what it has suffered. Its printed
//! values stay in the order of battle (`data::oob`); only what changes is kept here.

use adjutant_engine::Side;
use serde::{Deserialize, Serialize};

use crate::data::morale::MoraleState;
use crate::data::{FormationId, HexId, UnitId};
use crate::model::facing::Vertex;

/// A counter's index in the game's list of counters (stable for the whole game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitKey(pub u16);

impl UnitKey {
    /// The index into the list.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// What a counter is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnitKind {
    /// An infantry brigade, or one part of its extended line.
    Brigade,
    /// An artillery unit.
    Battery,
    /// A leader.
    Leader,
    /// An army or corps headquarters.
    Hq,
    /// A supply wagon or the army train.
    Wagon,
    /// The 1st NC Cav marker (4.4).
    Cavalry,
}

impl UnitKind {
    /// Combat units hold and take ground and are fired on (rule 5.1d).
    pub fn is_combat(self) -> bool {
        matches!(self, UnitKind::Brigade | UnitKind::Battery)
    }

    /// The word a player reads.
    pub fn noun(self) -> &'static str {
        match self {
            UnitKind::Brigade => "brigade",
            UnitKind::Battery => "artillery",
            UnitKind::Leader => "leader",
            UnitKind::Hq => "headquarters",
            UnitKind::Wagon => "wagon",
            UnitKind::Cavalry => "cavalry",
        }
    }
}

/// Where a counter is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "at")]
pub enum Location {
    /// Not yet on the map: a reinforcement, or a unit still to be set up.
    Waiting,
    /// On the map, in this hex (its canonical id).
    Map {
        /// The hex.
        hex: HexId,
    },
    /// Gone for good: eliminated, killed, wounded or removed.
    Gone,
    /// Left the map by this hex under an order to do so (Scenario 3's 3/5 at B13.35;
    /// `movement::leave`): out of play for the rest of the game, counted for victory.
    Exited {
        /// The hex it left by.
        hex: HexId,
    },
    /// On the Confederate off-map link (rule 4.2; `movement::off_map_link`): it reappears at
    /// the far end from the start of the owner's Movement Phase of turn `due`.
    OffMap {
        /// The end it reappears at.
        to: HexId,
        /// The turn (an index on the Turn Record Track) it is due there.
        due: u16,
    },
}

/// A unit's formation (series 11.0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Formation {
    /// Infantry in line: fires, has a zone of control.
    Line,
    /// Infantry in column: may use roads, cannot fire.
    Column,
    /// Artillery ready to fire.
    Unlimbered,
    /// Artillery ready to move.
    Limbered,
    /// Counters without a formation (leaders, HQs, wagons, the cavalry marker).
    None,
}

impl Formation {
    /// The word a player reads.
    pub fn word(self) -> &'static str {
        match self {
            Formation::Line => "line",
            Formation::Column => "column",
            Formation::Unlimbered => "unlimbered",
            Formation::Limbered => "limbered",
            Formation::None => "",
        }
    }

    /// Column or limbered: the formations that use roads and are hit harder (series 20.4).
    pub fn is_road_formation(self) -> bool {
        matches!(self, Formation::Column | Formation::Limbered)
    }
}

/// How a leader stands (series 25).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaderFate {
    /// In command.
    Active,
    /// Killed (series 25.2).
    Killed,
    /// Wounded (series 25.2).
    Wounded,
    /// Removed without being a casualty (a division leader with no unit left, series 10.0).
    Removed,
}

/// Marks that last one phase or one turn.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marks {
    /// Moved (or began to move) this Movement Phase.
    #[serde(default, skip_serializing_if = "is_false")]
    pub moved: bool,
    /// Movement points spent this phase, in halves.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub mp_spent: u16,
    /// Extra movement points from forced march this phase, in halves (series 18).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub mp_bonus: u16,
    /// Moved along a road in column or limbered this phase (series 12.0 road stacking).
    #[serde(default, skip_serializing_if = "is_false")]
    pub road_moved: bool,
    /// Fired this Fire Combat Phase (series 20.3).
    #[serde(default, skip_serializing_if = "is_false")]
    pub fired: bool,
    /// Fired on by infantry this turn (attack stoppage, series 10.3).
    #[serde(default, skip_serializing_if = "is_false")]
    pub fired_on_by_infantry: bool,
    /// Over the stacking limits at the end of a phase: it took the penalty and must split in
    /// its side's next Movement Phase (series 12.0, `movement::overstacking`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub must_split: bool,
    /// Carries a straggler recovery marker (series 21.2).
    #[serde(default, skip_serializing_if = "is_false")]
    pub recovering: bool,
}

/// An eliminated brigade's return asked for in an Order Issue (series 21.2; reference 2.8.3):
/// its straggler recovery marker, waiting for the Straggler Recovery segment of an hour turn,
/// then placed in its hex until the Rally Phase's roll. Secret to its side (section 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReturnMarker {
    /// The eliminated brigade.
    pub brigade: UnitKey,
    /// The empty hex.
    pub hex: HexId,
    /// Placed in a Straggler Recovery segment (false: asked for, not yet placed).
    #[serde(default)]
    pub placed: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u16) -> bool {
    *n == 0
}

/// One counter in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// Its id in the order of battle (an extended part shares its parent's id).
    pub(crate) id: UnitId,
    /// Its side.
    pub(crate) side: Side,
    /// What it is.
    pub(crate) kind: UnitKind,
    /// Where it is.
    pub(crate) location: Location,
    /// The vertex it faces (meaningful on the map).
    pub(crate) facing: Vertex,
    /// Line, column, limbered, unlimbered.
    pub(crate) formation: Formation,
    /// Its morale state (series 24.1).
    pub(crate) morale: MoraleState,
    /// Casualty steps on its loss chart (brigades, series 20.7).
    #[serde(default)]
    pub(crate) casualties: u8,
    /// Straggler steps on its loss chart (brigades, series 20.7).
    #[serde(default)]
    pub(crate) stragglers: u8,
    /// Gun points now (artillery, series 26).
    #[serde(default)]
    pub(crate) gun_points: u8,
    /// Supply points carried (wagons, series 28).
    #[serde(default)]
    pub(crate) supply: u8,
    /// Low on small-arms ammunition (series 28).
    #[serde(default)]
    pub(crate) low_ammo: bool,
    /// A leader's fate.
    #[serde(default = "active")]
    pub(crate) fate: LeaderFate,
    /// The division it serves now (brigades; reassignment 2.2 and attachments change it).
    #[serde(default)]
    pub(crate) division: Option<FormationId>,
    /// Set up out of command radius and not yet back in it (rule 6.0a).
    #[serde(default)]
    pub(crate) ocr: bool,
    /// For one part of an extended line: the parent brigade (series 17).
    #[serde(default)]
    pub(crate) part_of: Option<UnitKey>,
    /// For a brigade with extended lines or a part: its share of the fire level, in C units.
    #[serde(default)]
    pub(crate) share: u8,
    /// Stack order: the highest in a hex is on top (series 12.0).
    pub(crate) z: u32,
    /// Marks of this phase and turn.
    #[serde(default)]
    pub(crate) marks: Marks,
}

fn active() -> LeaderFate {
    LeaderFate::Active
}

impl Unit {
    /// A counter not yet in play, as the order of battle prints it.
    pub fn new(id: UnitId, side: Side, kind: UnitKind, formation: Formation) -> Unit {
        Unit {
            id,
            side,
            kind,
            location: Location::Waiting,
            facing: Vertex::N_NE,
            formation,
            morale: MoraleState::Normal,
            casualties: 0,
            stragglers: 0,
            gun_points: 0,
            supply: 0,
            low_ammo: false,
            fate: LeaderFate::Active,
            division: None,
            ocr: false,
            part_of: None,
            share: 0,
            z: 0,
            marks: Marks::default(),
        }
    }

    /// Its id.
    pub fn id(&self) -> &UnitId {
        &self.id
    }
    /// Its side.
    pub fn side(&self) -> Side {
        self.side
    }
    /// What it is.
    pub fn kind(&self) -> UnitKind {
        self.kind
    }
    /// Where it is.
    pub fn location(&self) -> Location {
        self.location
    }
    /// Its hex, when on the map.
    pub fn hex(&self) -> Option<HexId> {
        match self.location {
            Location::Map { hex } => Some(hex),
            _ => None,
        }
    }
    /// The vertex it faces.
    pub fn facing(&self) -> Vertex {
        self.facing
    }
    /// Its formation.
    pub fn formation(&self) -> Formation {
        self.formation
    }
    /// Its morale state.
    pub fn morale(&self) -> MoraleState {
        self.morale
    }
    /// Casualty steps.
    pub fn casualties(&self) -> u8 {
        self.casualties
    }
    /// Straggler steps.
    pub fn stragglers(&self) -> u8 {
        self.stragglers
    }
    /// Gun points.
    pub fn gun_points(&self) -> u8 {
        self.gun_points
    }
    /// Supply points carried.
    pub fn supply(&self) -> u8 {
        self.supply
    }
    /// Low Ammo.
    pub fn low_ammo(&self) -> bool {
        self.low_ammo
    }
    /// A leader's fate.
    pub fn fate(&self) -> LeaderFate {
        self.fate
    }
    /// The division it serves now.
    pub fn division(&self) -> Option<&FormationId> {
        self.division.as_ref()
    }
    /// Out of command radius since set-up (6.0a).
    pub fn ocr(&self) -> bool {
        self.ocr
    }
    /// The parent of an extended part.
    pub fn part_of(&self) -> Option<UnitKey> {
        self.part_of
    }
    /// Stack order.
    pub fn z(&self) -> u32 {
        self.z
    }
    /// This phase's and turn's marks.
    pub fn marks(&self) -> &Marks {
        &self.marks
    }
    /// On the map.
    pub fn on_map(&self) -> bool {
        matches!(self.location, Location::Map { .. })
    }
}
