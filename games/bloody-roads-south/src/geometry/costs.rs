//! The Movement Chart applied to one step: what it costs to enter a hex from an adjacent one
//! (reference 3, "The Movement Chart"; rules 1.1, 1.2a, 1.2d, 1.3e, 1.4, 3.2; S11.0, S16).
//!
//! All costs are in [`Halves`] of a movement point. A step costs, for the chart column of
//! the mover (its [`MoveClass`]), the cheaper allowed way of the two:
//! - **across country**: the terrain cost of the hex entered (clear, Wilderness), plus the
//!   creek cost when a creek runs along the hexside, plus the climb cost per level climbed;
//! - **along a feature** (rule 1.2a, S16.0): only when a road, trail or — for a side that has
//!   found it (rule 1.3e) — the Unfinished Railroad crosses the hexside (consecutive hexes of
//!   its path), and only when the mover's column has a cost for it ("–" and "P" cells mean the
//!   feature is not used): the feature's cost instead of the terrain cost, plus the bridge
//!   (pike, primary, secondary) or ford (trail, railroad) cost where it crosses a creek, and
//!   no climb cost. With several features on one hexside the cheapest is used.
//!
//! **Decision**: a mover is never obliged to use a road (S16: road rates are a choice), so
//! the cheaper way is taken — this matters where the feature costs more than the hex (limbered
//! artillery and wagons along a trail into a clearing: 2 against 1); on equal costs the step
//! counts as across country (it is not road movement for the stacking rule, S12.0).
//!
//! The **Rapidan** (rule 1.4) may be crossed only at its ford, where +3 is added whichever
//! way the hex is entered; every other river hexside is prohibited. Moving to a hex that is
//! not in play with the maps in use is prohibited.

use crate::data::charts::cell::Halves;
use crate::data::charts::movement::{MoveClass, MovementChart, MpCost};
use crate::data::hex::HexId;
use crate::data::leader::LeaderMovement;
use crate::data::map::{Map, MapsUsed};
use crate::data::road::RoadClass;
use crate::data::stream::{Crossing, StreamKind};
use crate::data::support::WagonKind;
use crate::data::terrain::Terrain;
use crate::data::unit::Unit;

/// Who moves over what: the map and chart, the sheets in use, the mover's chart column and
/// whether the mover's side has found the Unfinished Railroad (rule 1.3e).
#[derive(Debug, Clone, Copy)]
pub struct Mover<'a> {
    /// The maps.
    pub map: &'a Map,
    /// The Movement Chart.
    pub chart: &'a MovementChart,
    /// The sheets in play.
    pub maps: MapsUsed,
    /// The chart column.
    pub class: MoveClass,
    /// True when the mover's side has discovered the railroad (it is then a trail for it).
    pub railroad_found: bool,
}

/// A road, trail or the railroad, as used by a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Feature {
    /// A road or trail of this class.
    Road(RoadClass),
    /// The Unfinished Railroad (found by the mover's side).
    Railroad,
}

impl Feature {
    fn chart_key(self) -> &'static str {
        match self {
            Feature::Road(c) => c.chart_key(),
            Feature::Railroad => "railroad",
        }
    }

    /// The creek crossing of this feature: a bridge for a pike, primary or secondary road, a
    /// ford for a trail or the railroad.
    fn creek_key(self) -> &'static str {
        match self {
            Feature::Road(RoadClass::Trail) | Feature::Railroad => "trail-ford",
            Feature::Road(_) => "bridge",
        }
    }
}

/// The cost of one step and the feature it used (`None`: across country).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    /// Movement points, in halves.
    pub cost: Halves,
    /// The road, trail or railroad whose rate was paid, if any.
    pub along: Option<Feature>,
}

/// Why a step may not be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Prohibited {
    /// One of the hexes is not in play with the maps in use.
    NotInPlay,
    /// The hexes are not adjacent.
    NotAdjacent,
    /// The Rapidan, away from its ford (rule 1.4).
    Rapidan,
    /// The mover's column may not enter this terrain ("P"), and no usable feature leads in
    /// (the ANVa train off the roads).
    Terrain,
    /// The mover's column may not cross this creek hexside ("P").
    Creek,
}

fn mp(cost: Option<MpCost>, otherwise: Prohibited) -> Result<Halves, Prohibited> {
    match cost {
        Some(MpCost::Mp(h)) => Ok(h),
        _ => Err(otherwise),
    }
}

fn add(a: Halves, b: Halves) -> Halves {
    Halves(a.0.saturating_add(b.0))
}

impl Mover<'_> {
    /// The cost to enter `to` from the adjacent `from` (either id of a shared-row hex).
    pub fn enter_cost(&self, from: HexId, to: HexId) -> Result<Halves, Prohibited> {
        self.step(from, to).map(|s| s.cost)
    }

    /// The cost to enter `to` from the adjacent `from`, and the feature used.
    pub fn step(&self, from: HexId, to: HexId) -> Result<Step, Prohibited> {
        let (creek, ford) = self.hexside_of(from, to)?;
        let across = self.across(from, to, creek).map(|c| add(c, ford));
        let along = self.along(from, to, creek).map(|(c, f)| (add(c, ford), f));
        match (across, along) {
            (Ok(a), Some((b, f))) if b < a => Ok(Step {
                cost: b,
                along: Some(f),
            }),
            (Ok(a), _) => Ok(Step {
                cost: a,
                along: None,
            }),
            (Err(_), Some((b, f))) => Ok(Step {
                cost: b,
                along: Some(f),
            }),
            (Err(e), None) => Err(e),
        }
    }

    /// The cost to enter `to` from the adjacent `from` across country only, never at a
    /// road, trail or railroad rate: for units that may not use road movement (S12.0: road
    /// movement is made by each unit on its own, so a stack of several column or limbered
    /// units moving together pays the terrain).
    pub fn step_across(&self, from: HexId, to: HexId) -> Result<Halves, Prohibited> {
        let (creek, ford) = self.hexside_of(from, to)?;
        self.across(from, to, creek).map(|c| add(c, ford))
    }

    /// Checks that a step is possible at all and reads its hexside: whether a creek runs
    /// along it, and the Rapidan ford cost (rule 1.4; every other river hexside prohibited).
    fn hexside_of(&self, from: HexId, to: HexId) -> Result<(bool, Halves), Prohibited> {
        let map = self.map;
        if !map.in_play(from, self.maps) || !map.in_play(to, self.maps) {
            return Err(Prohibited::NotInPlay);
        }
        if !map.adjacent(from, to) {
            return Err(Prohibited::NotAdjacent);
        }
        let stream = map.stream_between(from, to).map(|s| s.kind);
        let mut ford = Halves(0);
        if stream == Some(StreamKind::River) {
            if map.crossing(from, to) != Some(Crossing::RiverFord) {
                return Err(Prohibited::Rapidan);
            }
            ford = self.hexside("river-ford", Prohibited::Rapidan)?;
        }
        Ok((stream == Some(StreamKind::Creek), ford))
    }

    fn hexside(&self, key: &str, otherwise: Prohibited) -> Result<Halves, Prohibited> {
        mp(self.chart.hexside_cost(key, self.class), otherwise)
    }

    /// Across country: the terrain of the hex entered, the creek, each level climbed.
    fn across(&self, from: HexId, to: HexId, creek: bool) -> Result<Halves, Prohibited> {
        let map = self.map;
        let terrain = match map.terrain(to) {
            Some(Terrain::Clear) => "clear",
            _ => "wilderness",
        };
        let mut cost = mp(
            self.chart.terrain_cost(terrain, self.class),
            Prohibited::Terrain,
        )?;
        if creek {
            cost = add(cost, self.hexside("creek", Prohibited::Creek)?);
        }
        let climbed = map
            .level(to)
            .unwrap_or(0)
            .saturating_sub(map.level(from).unwrap_or(0));
        if climbed > 0 {
            let per = self.hexside("climb", Prohibited::Terrain)?;
            cost = add(cost, Halves(per.0 * u16::from(climbed)));
        }
        Ok(cost)
    }

    /// Along the cheapest usable road, trail or found railroad crossing the hexside: its
    /// cost, plus its bridge or ford over a creek; no climb.
    fn along(&self, from: HexId, to: HexId, creek: bool) -> Option<(Halves, Feature)> {
        let map = self.map;
        let mut features: Vec<Feature> = map
            .roads_at(from)
            .into_iter()
            .filter(|r| map.road_links(&r.id, from, to))
            .map(|r| Feature::Road(r.class))
            .collect();
        if self.railroad_found && map.railroad_along(from, to) {
            features.push(Feature::Railroad);
        }
        features
            .into_iter()
            .filter_map(|f| {
                let MpCost::Mp(mut cost) = self.chart.feature_cost(f.chart_key(), self.class)?
                else {
                    return None;
                };
                if creek {
                    cost = add(cost, self.hexside(f.creek_key(), Prohibited::Creek).ok()?);
                }
                Some((cost, f))
            })
            .min_by_key(|&(c, f)| (c, f.chart_key()))
    }
}

/// Infantry in line or column; artillery unlimbered or limbered (S11.0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Posture {
    /// Infantry in line, artillery unlimbered.
    Deployed,
    /// Infantry in column, artillery limbered.
    Marching,
}

/// The Movement Chart column a counter moves by (reference 3, "The Movement Chart"; S11.0;
/// rule 3.2), or `None` for a counter that does not move by the chart: unlimbered artillery
/// (it spends MP only to limber), the off-map Union trains marker (rule 3.7) and the 1st NC
/// Cav (rule 4.4a). `posture` matters only for brigades and artillery.
pub fn move_class(unit: Unit<'_>, posture: Posture) -> Option<MoveClass> {
    match unit {
        Unit::Brigade(_) => Some(match posture {
            Posture::Deployed => MoveClass::InfantryLine,
            Posture::Marching => MoveClass::InfantryColumn,
        }),
        Unit::Battery(_) => (posture == Posture::Marching).then_some(MoveClass::ArtilleryLimbered),
        Unit::Leader(l) => Some(match l.moves_as {
            LeaderMovement::Leader => MoveClass::Leader,
            LeaderMovement::LimberedArtillery => MoveClass::ArtilleryLimbered,
        }),
        Unit::Hq(_) => Some(MoveClass::Leader),
        Unit::Wagon(w) => match w.kind {
            WagonKind::CorpsWagon => Some(MoveClass::CorpsWagon),
            WagonKind::ArmyTrain => Some(MoveClass::ArmyTrain),
            WagonKind::OffMapTrain => None,
        },
        Unit::Special(_) => None,
    }
}
