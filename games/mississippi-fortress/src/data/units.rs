//! Every counter named in the rulebook (2.0-2.2, 4.1-4.5, 6.x, 7.x), read from
//! `data/units.toml`.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::data::error::{DataError, ensure};
use crate::data::ids::{PerSide, Provenance, Side, UnitId};
use crate::data::option_id::OptionId;
use crate::data::scenario_id::ScenarioId;

const FILE: &str = "units.toml";

/// What a counter is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnitKind {
    /// An infantry division: may become ineffective (S1.8); counts 1 toward the 2.22a limit.
    InfantryDivision,
    /// An infantry brigade: never ineffective; counts one half toward the 2.22a limit.
    InfantryBrigade,
    /// Militia infantry (4.4): free of LOC, never a formation on the Battle Board (S1.10).
    Militia,
    /// Cavalry: probes (S5); halved against most Line Positions.
    Cavalry,
    /// Artillery: Artillery Strength Multiplier Chart; limited Control (S3.44).
    Artillery,
    /// A Commander, Officer or Commander/Officer (2.1).
    Leader,
    /// A Confederate shore battery (4.2): never moves, always face up.
    ShoreBattery,
    /// A warship: Union gunboats, the Confederate Arkansas* and Gunboat*, Farragut's ships.
    Gunboat,
    /// A transport steamer: carries 6 SP (4.12c).
    Transport,
}

impl UnitKind {
    /// Infantry (divisions, brigades, militia), cavalry and artillery: the units that have
    /// strength, occupy and Control Areas and fight on the Battle Board (S1.2).
    pub fn is_combat_unit(self) -> bool {
        matches!(
            self,
            UnitKind::InfantryDivision
                | UnitKind::InfantryBrigade
                | UnitKind::Militia
                | UnitKind::Cavalry
                | UnitKind::Artillery
        )
    }

    /// Infantry of any kind, militia included.
    pub fn is_infantry(self) -> bool {
        matches!(
            self,
            UnitKind::InfantryDivision | UnitKind::InfantryBrigade | UnitKind::Militia
        )
    }

    /// Gunboats and transports.
    pub fn is_naval(self) -> bool {
        matches!(self, UnitKind::Gunboat | UnitKind::Transport)
    }
}

/// The organisation a unit belongs to for LOC and combat (2.21, 2.22, 7.1, 7.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Formation {
    /// Union IX Corps.
    Ix,
    /// Union XIII Corps.
    Xiii,
    /// Union XV Corps.
    Xv,
    /// Union XVI Corps.
    Xvi,
    /// Union XVII Corps.
    Xvii,
    /// Confederate units of Johnston's army ("J").
    J,
    /// Confederate units of Pemberton's army ("P").
    P,
    /// Longstreet's I Corps (7.1): a separate formation.
    ICorps,
    /// 7.3: Union 1st Division (A.J. Smith's in December 1862).
    #[serde(rename = "dec62-1st")]
    Dec62First,
    /// 7.3: Union 2nd Division.
    #[serde(rename = "dec62-2nd")]
    Dec62Second,
    /// 7.3: Union 3rd Division.
    #[serde(rename = "dec62-3rd")]
    Dec62Third,
    /// 7.3: Union 4th Division.
    #[serde(rename = "dec62-4th")]
    Dec62Fourth,
    /// 7.3: Confederate Stevenson's division.
    #[serde(rename = "dec62-stevenson")]
    Dec62Stevenson,
    /// 7.3: Confederate S.D. Lee's division.
    #[serde(rename = "dec62-sd-lee")]
    Dec62SdLee,
}

impl Formation {
    /// The label printed on the counter.
    pub fn label(self) -> &'static str {
        match self {
            Formation::Ix => "IX",
            Formation::Xiii => "XIII",
            Formation::Xv => "XV",
            Formation::Xvi => "XVI",
            Formation::Xvii => "XVII",
            Formation::J => "J",
            Formation::P => "P",
            Formation::ICorps => "I",
            Formation::Dec62First => "1st Div.",
            Formation::Dec62Second => "2nd Div.",
            Formation::Dec62Third => "3rd Div.",
            Formation::Dec62Fourth => "4th Div.",
            Formation::Dec62Stevenson => "Stevenson",
            Formation::Dec62SdLee => "S.D. Lee",
        }
    }
}

/// The kind of Leader (2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LeaderRole {
    /// Commander only: always in the Reserve Position; Officers trace to him (S1.5c).
    Commander,
    /// Officer: leads one or more formations (S1.5b).
    Officer,
    /// Both at once (2.11, 2.12).
    CommanderOfficer,
}

/// Offensive and Defensive Ratings, written "O-D" (S1.5a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ratings {
    /// Used when his side attacks.
    pub offensive: u8,
    /// Used when his side defends.
    pub defensive: u8,
}

/// The Leader part of a counter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leader {
    /// Commander, Officer or Commander/Officer.
    pub role: LeaderRole,
    /// Ratings; `None` only for pure Commanders, whose ratings are never used.
    pub ratings: Option<Ratings>,
    /// Formations whose infantry trace their LOC to him as their Officer (2.11, 2.21a).
    pub commands: Vec<Formation>,
    /// Who replaces him when he becomes a casualty (2.13); `None`: nobody (7.3 Sherman*).
    pub successor: Option<UnitId>,
    /// A 0/0 replacement counter: unlimited, inherits the formations of the Leader replaced.
    pub generic: bool,
}

/// Wood or armour (4.1, 4.23b, 7.21b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Hull {
    /// +1 to Shore Battery CRT A when on top or alone (4.23b); +2 Naval CRT modifier (7.21b).
    Wooden,
    /// Gunboats and the Arkansas*.
    Armored,
}

/// The naval part of a counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Naval {
    /// Wood or armour.
    pub hull: Hull,
    /// One of Farragut's four sea-going ships (7.22).
    pub farragut: bool,
}

/// One counter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// Its id.
    pub id: UnitId,
    /// Its name as printed (the Corps is in `formation`).
    pub name: String,
    /// Printed, or reconstructed (numbered transports, Farragut's ship names, 0/0 Leaders).
    pub name_status: Provenance,
    /// Union or Confederate.
    pub side: Side,
    /// What it is.
    pub kind: UnitKind,
    /// Corps, J/P letter or 7.3 division; `None` for army troops (Union cavalry, Grant ...).
    pub formation: Option<Formation>,
    /// Full combat strength in SP (Unit Status Sheet); `None` for Leaders, ships and batteries.
    pub strength: Option<u8>,
    /// Leader data.
    pub leader: Option<Leader>,
    /// Ship data.
    pub naval: Option<Naval>,
    /// Printed with an asterisk in the rulebook (optional counters).
    pub starred: bool,
    /// The optional rule that brings it into play, if any.
    pub option: Option<OptionId>,
    /// The only scenario that uses it, if any.
    pub scenario: Option<ScenarioId>,
    /// Remarks.
    pub note: String,
}

impl Unit {
    /// The name with its formation, e.g. "1st Division (XV)".
    pub fn display_name(&self) -> String {
        match (self.kind, self.formation) {
            (UnitKind::InfantryDivision | UnitKind::InfantryBrigade, Some(f))
                if self.side == Side::Union =>
            {
                format!("{} ({})", self.name, f.label())
            }
            _ => self.name.clone(),
        }
    }

    /// True for infantry, militia, cavalry and artillery.
    pub fn is_combat_unit(&self) -> bool {
        self.kind.is_combat_unit()
    }

    /// The Leader's ratings, if this is a rated Leader.
    pub fn ratings(&self) -> Option<Ratings> {
        self.leader.as_ref().and_then(|l| l.ratings)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUnits {
    dummies: PerSide<u8>,
    unit: Vec<RawUnit>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUnit {
    id: UnitId,
    name: String,
    #[serde(default = "printed")]
    name_status: Provenance,
    side: Side,
    kind: UnitKind,
    formation: Option<Formation>,
    strength: Option<u8>,
    role: Option<LeaderRole>,
    ratings: Option<Ratings>,
    #[serde(default)]
    commands: Vec<Formation>,
    successor: Option<UnitId>,
    #[serde(default)]
    generic: bool,
    hull: Option<Hull>,
    #[serde(default)]
    farragut: bool,
    #[serde(default)]
    starred: bool,
    option: Option<OptionId>,
    scenario: Option<ScenarioId>,
    #[serde(default)]
    note: String,
}

fn printed() -> Provenance {
    Provenance::Printed
}

/// All counters, validated.
#[derive(Clone, Debug)]
pub struct Units {
    units: Vec<Unit>,
    index: HashMap<UnitId, usize>,
    dummies: PerSide<u8>,
}

impl Units {
    /// The compiled-in counters, parsed once. The tests prove them valid.
    pub fn get() -> &'static Units {
        static UNITS: OnceLock<Units> = OnceLock::new();
        UNITS.get_or_init(|| {
            Units::parse(include_str!("../../data/units.toml")).expect("data/units.toml is valid")
        })
    }

    /// Parses and validates counters in the format of `data/units.toml`.
    pub fn parse(text: &str) -> Result<Units, DataError> {
        let raw: RawUnits = toml::from_str(text).map_err(|e| DataError::parse(FILE, e))?;
        let mut units = Vec::with_capacity(raw.unit.len());
        let mut index = HashMap::new();
        for r in raw.unit {
            let unit = build_unit(r)?;
            ensure(
                index.insert(unit.id.clone(), units.len()).is_none(),
                FILE,
                || format!("unit id {} is used twice", unit.id),
            )?;
            units.push(unit);
        }
        for u in &units {
            if let Some(next) = u.leader.as_ref().and_then(|l| l.successor.as_ref()) {
                let ok = index
                    .get(next)
                    .map(|&i| &units[i])
                    .is_some_and(|s| s.side == u.side && s.leader.is_some());
                ensure(ok, FILE, || {
                    format!(
                        "successor {next} of {} is not a Leader of the same side",
                        u.id
                    )
                })?;
            }
        }
        Ok(Units {
            units,
            index,
            dummies: raw.dummies,
        })
    }

    /// Every counter, in file order.
    pub fn all(&self) -> &[Unit] {
        &self.units
    }

    /// A counter by id.
    pub fn unit(&self, id: &str) -> Option<&Unit> {
        self.index.get(id).map(|&i| &self.units[i])
    }

    /// True if the id names a counter.
    pub fn contains(&self, id: &str) -> bool {
        self.index.contains_key(id)
    }

    /// The counters of one side.
    pub fn of_side(&self, side: Side) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(move |u| u.side == side)
    }

    /// Dummy counters each side owns (S4.6a); a scenario may set a lower limit.
    pub fn dummies(&self) -> PerSide<u8> {
        self.dummies
    }

    /// The chain of successors of a Leader, in order, excluding himself (2.13). A generic 0/0
    /// Leader ends the chain (it is unlimited); an empty chain means no replacement.
    pub fn successors(&self, id: &str) -> Vec<&Unit> {
        let mut out: Vec<&Unit> = Vec::new();
        let mut current = self.unit(id);
        while let Some(next) = current
            .and_then(|u| u.leader.as_ref())
            .and_then(|l| l.successor.as_ref())
            .map(UnitId::as_str)
            .and_then(|s| self.unit(s))
        {
            if out.iter().any(|u| u.id == next.id) {
                break;
            }
            out.push(next);
            if next.leader.as_ref().is_some_and(|l| l.generic) {
                break;
            }
            current = Some(next);
        }
        out
    }
}

fn build_unit(r: RawUnit) -> Result<Unit, DataError> {
    let id = r.id.clone();
    let bad = |what: &str| DataError::invalid(FILE, format!("unit {id}: {what}"));
    let combat = r.kind.is_combat_unit();
    if combat {
        let s = r
            .strength
            .ok_or_else(|| bad("a combat unit needs a strength"))?;
        ensure(s > 0, FILE, || {
            format!("unit {id}: strength must be at least 1")
        })?;
    } else if r.strength.is_some() {
        return Err(bad("only combat units have a strength"));
    }
    let leader = if r.kind == UnitKind::Leader {
        let role = r.role.ok_or_else(|| bad("a Leader needs a role"))?;
        ensure(
            role == LeaderRole::Commander || r.ratings.is_some(),
            FILE,
            || format!("unit {id}: Officers and Commander/Officers need ratings"),
        )?;
        Some(Leader {
            role,
            ratings: r.ratings,
            commands: r.commands,
            successor: r.successor,
            generic: r.generic,
        })
    } else {
        if r.role.is_some()
            || r.ratings.is_some()
            || !r.commands.is_empty()
            || r.successor.is_some()
            || r.generic
        {
            return Err(bad(
                "only Leaders have a role, ratings, commands or successor",
            ));
        }
        None
    };
    let naval = if r.kind.is_naval() {
        let hull = r.hull.ok_or_else(|| bad("a ship needs a hull"))?;
        ensure(
            r.kind != UnitKind::Transport || hull == Hull::Wooden,
            FILE,
            || format!("unit {id}: transports are wooden (4.1)"),
        )?;
        Some(Naval {
            hull,
            farragut: r.farragut,
        })
    } else {
        if r.hull.is_some() || r.farragut {
            return Err(bad("only ships have a hull"));
        }
        None
    };
    Ok(Unit {
        id: r.id,
        name: r.name,
        name_status: r.name_status,
        side: r.side,
        kind: r.kind,
        formation: r.formation,
        strength: r.strength,
        leader,
        naval,
        starred: r.starred,
        option: r.option,
        scenario: r.scenario,
        note: r.note,
    })
}
