//! Movement points (series 16, 16.1b, 18, 24.1; reference 2.5 and "The Movement Chart"):
//! each counter's chart column, its allowance and what it has left, in halves of a movement
//! point, and what one step costs it.
//!
//! - The allowance is the Movement Chart's for the counter's column (infantry 6, limbered
//!   artillery and Hancock 7, leaders and HQs 13, wagons 6); unlimbered artillery keeps its 7
//!   but spends them only to limber (S26.0).
//! - Disorganized units move at half their allowance (S24.1); in halves this is exact.
//! - Forced march adds 2 MP, then 2 more (S18), kept in `marks.mp_bonus`.
//! - Formation changes prorate what is left (S16.1b): a unit that has used half of one
//!   formation's allowance has half of the other's. (In this game both infantry formations
//!   have 6 and both artillery formations 7, so the proration never changes a number.)
//! - A unit with its whole allowance may always move one hex (S16.0), not into prohibited
//!   terrain nor into a close combat.
//! - Road movement (S12.0, S16.2): each column or limbered unit moves along a road on its
//!   own; a moving group holding two or more of them pays the terrain cost instead
//!   (decision, reference 2.4).

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::charts::cell::Halves;
use crate::data::charts::movement::MoveClass;
use crate::data::morale::MoraleState;
use crate::geometry::costs::{Feature, Mover, Posture, Prohibited, Step, move_class};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{Formation, UnitKey, UnitKind};

/// What one step costs one unit of a moving group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct UnitStep {
    /// The unit.
    pub(crate) unit: UnitKey,
    /// Its cost, in halves.
    pub(crate) cost: Halves,
    /// The road, trail or railroad whose rate it pays, if any.
    pub(crate) along: Option<Feature>,
    /// It pays more than it has left, by the right of a unit with its whole allowance to move
    /// one hex (S16.0).
    pub(crate) whole_allowance: bool,
}

impl BloodyRoadsSouth {
    /// A mover over the map for `side` in a chart column.
    pub(crate) fn mover(&self, side: Side, class: MoveClass) -> Mover<'static> {
        Mover {
            map: crate::data::map(),
            chart: &crate::data::charts().movement,
            maps: self.maps(),
            class,
            railroad_found: self.railroad_found(side),
        }
    }

    /// The chart column a counter moves by in its present formation; `None` for counters
    /// that do not move by the chart (unlimbered artillery, the Union trains marker, the 1st
    /// NC Cav).
    pub(crate) fn move_class_of(&self, k: UnitKey) -> Option<MoveClass> {
        let u = self.unit(k);
        let oob = crate::data::order_of_battle().unit(u.side, &u.id)?;
        let posture = match u.formation {
            Formation::Line | Formation::Unlimbered => Posture::Deployed,
            _ => Posture::Marching,
        };
        move_class(oob, posture)
    }

    /// The chart column whose allowance a counter has: unlimbered artillery keeps the
    /// limbered allowance (reference 3, Movement Chart: "keeps 7 MP").
    fn allowance_class(&self, k: UnitKey) -> Option<MoveClass> {
        if self.unit(k).kind == UnitKind::Battery {
            return Some(MoveClass::ArtilleryLimbered);
        }
        self.move_class_of(k)
    }

    /// The chart allowance of a column, in halves.
    fn chart_allowance(class: MoveClass) -> i32 {
        let chart = &crate::data::charts().movement;
        2 * i32::from(chart.allowance(class).unwrap_or(0))
    }

    /// A counter's allowance this phase, in halves: the chart's, halved when Disorganized
    /// (S24.1), plus forced march (S18).
    pub(crate) fn allowance_halves(&self, k: UnitKey) -> i32 {
        let u = self.unit(k);
        let Some(class) = self.allowance_class(k) else {
            return 0;
        };
        let base = Self::chart_allowance(class);
        let base = if u.morale == MoraleState::Disorganized {
            base / 2
        } else {
            base
        };
        base + i32::from(u.marks.mp_bonus)
    }

    /// What a counter has left this phase, in halves (negative after a one-hex move beyond
    /// its allowance).
    pub(crate) fn mp_left(&self, k: UnitKey) -> i32 {
        self.allowance_halves(k) - i32::from(self.unit(k).marks.mp_spent)
    }

    /// Charges a counter `cost` halves.
    pub(crate) fn spend(&mut self, k: UnitKey, cost: Halves) {
        let m = &mut self.unit_mut(k).marks;
        m.mp_spent = m.mp_spent.saturating_add(cost.0);
    }

    /// The counter has spent nothing this phase: it has its whole allowance (S16.0).
    pub(crate) fn has_whole_allowance(&self, k: UnitKey) -> bool {
        self.unit(k).marks.mp_spent == 0
    }

    /// True when a group may use road rates: at most one of its units is in column or
    /// limbered (S12.0: road movement is made unit by unit; decision, reference 2.4).
    pub(crate) fn group_may_use_roads(&self, units: &[UnitKey]) -> bool {
        units.iter().filter(|&&k| self.is_road_formation(k)).count() <= 1
    }

    /// An infantry column or limbered battery: the formations that use roads (S11.0).
    pub(crate) fn is_road_formation(&self, k: UnitKey) -> bool {
        let u = self.unit(k);
        matches!(u.kind, UnitKind::Brigade | UnitKind::Battery) && u.formation.is_road_formation()
    }

    /// What entering `to` from `from` costs counter `k` (`roads`: it may use road rates).
    pub(crate) fn unit_step(
        &self,
        k: UnitKey,
        from: HexId,
        to: HexId,
        roads: bool,
    ) -> Result<UnitStep, Prohibited> {
        let u = self.unit(k);
        let class = self.move_class_of(k).ok_or(Prohibited::Terrain)?;
        let mover = self.mover(u.side, class);
        let Step { cost, along } = mover.step_priced(from, to, roads)?;
        Ok(UnitStep {
            unit: k,
            cost,
            along,
            whole_allowance: false,
        })
    }

    /// The costs of one step of a group, one per unit, if every unit may make it: each pays
    /// its own column's cost out of what it has left, or moves one hex on its whole
    /// allowance (S16.0). `extra` is added to every cost (the +1 of a close combat, S23,
    /// which the one-hex right does not cover).
    pub(crate) fn group_step(
        &self,
        units: &[UnitKey],
        from: HexId,
        to: HexId,
        extra: Halves,
    ) -> Option<Vec<UnitStep>> {
        let roads = self.group_may_use_roads(units);
        let mut out = Vec::with_capacity(units.len());
        for &k in units {
            let mut s = self.unit_step(k, from, to, roads).ok()?;
            s.cost = Halves(s.cost.0 + extra.0);
            if i32::from(s.cost.0) > self.mp_left(k) {
                if extra.0 > 0 || !self.has_whole_allowance(k) {
                    return None;
                }
                s.whole_allowance = true;
            }
            out.push(s);
        }
        Some(out)
    }

    /// The chart cost of a formation change for counter `k`, in halves (reference 3:
    /// infantry 1, artillery 3).
    pub(crate) fn formation_change_cost(&self, k: UnitKey) -> Halves {
        let other = &crate::data::charts().movement.other;
        let mp = match (self.unit(k).kind, self.unit(k).formation) {
            (UnitKind::Battery, Formation::Unlimbered) => other.artillery_limber,
            (UnitKind::Battery, _) => other.artillery_unlimber,
            _ => other.infantry_formation_change,
        };
        Halves(2 * u16::from(mp))
    }

    /// Changes a counter's formation, prorating what it has spent (S16.1b) to the new
    /// formation's allowance.
    pub(crate) fn set_formation(&mut self, k: UnitKey, formation: Formation) {
        let before = self.allowance_class(k).map(Self::chart_allowance);
        self.unit_mut(k).formation = formation;
        let after = self.allowance_class(k).map(Self::chart_allowance);
        if let (Some(b), Some(a)) = (before, after)
            && b > 0
            && a != b
        {
            let spent = i32::from(self.unit(k).marks.mp_spent);
            let prorated = (spent * a).div_euclid(b);
            self.unit_mut(k).marks.mp_spent = u16::try_from(prorated.max(0)).unwrap_or(u16::MAX);
        }
    }
}
