//! Land counters: what each is (S1.2, S1.4), where it stands, its Leader part (2.1).

use adjutant_engine::Side;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

use crate::data::units::{Formation, LeaderRole, Ratings, UnitKind};
use crate::data::{AreaId, Constants, UnitId, Units};
use crate::model::record::Rec;

/// Index of a land counter in
/// [`MississippiFortress::counters`](crate::MississippiFortress::counters); stable for the
/// whole game.
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
    /// The steamer (index in [`MississippiFortress::ships`](crate::MississippiFortress::ships)).
    pub(crate) ship: usize,
    /// The second steamer when the counter's SP are split over two (the pair is then lashed
    /// together and moves as one stack while it is aboard).
    pub(crate) also: Option<usize>,
    /// SP carried by `ship`; the rest of the counter's present strength is on `also`.
    pub(crate) on_first: u8,
}

impl Carrier {
    /// The steamer (index in [`MississippiFortress::ships`](crate::MississippiFortress::ships)).
    pub fn ship(&self) -> usize {
        self.ship
    }

    /// The second steamer when the counter's SP are split over two (the pair is then lashed
    /// together and moves as one stack while it is aboard).
    pub fn also(&self) -> Option<usize> {
        self.also
    }
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
    pub(crate) role: LeaderRole,
    /// Offensive and Defensive Ratings (none for pure Commanders).
    pub(crate) ratings: Option<Ratings>,
    /// Formations whose infantry trace to him (for a Commander/Officer: his identifier).
    pub(crate) commands: Vec<Formation>,
}

/// One land counter: combat unit, Leader or dummy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counter {
    /// Its id in actions and in its owner's view: the unit id of `data/units.toml`, a numbered
    /// 0/0 replacement (`union-replacement-officer-2`) or a dummy (`confederate-dummy-4`).
    pub(crate) id: Arc<str>,
    /// The counter of the data it is (none for dummies).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) unit: Option<UnitId>,
    /// Its owner.
    pub(crate) side: Side,
    /// What it is.
    pub(crate) kind: Kind,
    /// Its Corps or army letter (S1.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) formation: Option<Formation>,
    /// Full strength (0 for Leaders and dummies).
    pub(crate) full: u8,
    /// Permanent losses (S1.7).
    pub(crate) casualties: u8,
    /// Recoverable losses (S1.7).
    pub(crate) stragglers: u8,
    /// Where it is.
    pub(crate) place: Place,
    /// Turned face up for both players (S4.4) until D3.
    pub(crate) face_up: bool,
    /// The Leader part.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) leader: Option<LeaderInfo>,
    /// Bookkeeping.
    pub(crate) rec: Rec,
}

impl Counter {
    /// Its id in actions and in its owner's view: the unit id of `data/units.toml`, a numbered
    /// 0/0 replacement (`union-replacement-officer-2`) or a dummy (`confederate-dummy-4`).
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Its owner.
    pub fn side(&self) -> Side {
        self.side
    }

    /// What it is.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Full strength (0 for Leaders and dummies).
    pub fn full(&self) -> u8 {
        self.full
    }

    /// Permanent losses (S1.7).
    pub fn casualties(&self) -> u8 {
        self.casualties
    }

    /// Recoverable losses (S1.7).
    pub fn stragglers(&self) -> u8 {
        self.stragglers
    }

    /// Where it is.
    pub fn place(&self) -> Place {
        self.place
    }

    /// Turned face up for both players (S4.4) until D3.
    pub fn face_up(&self) -> bool {
        self.face_up
    }

    /// Bookkeeping.
    pub fn rec(&self) -> &Rec {
        &self.rec
    }

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
