//! Occupation and Control (S1.2, S3.4): who occupies, fully Controls or has limited Control of
//! each Area. Computed from the counters whenever needed; never shown in a view (S3.4
//! visibility: a player learns of enemy Control only through its effects).

use adjutant_engine::Side;

use crate::data::AreaId;
use crate::model::counter::{Kind, Place};
use crate::model::game::MississippiFortress;
use crate::model::ship::BatteryState;

/// What one side has in one Area.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Presence {
    /// An infantry, militia or cavalry unit: full Control (S3.41).
    pub full: bool,
    /// An artillery unit.
    pub artillery: bool,
    /// A face-up shore battery (Confederate only, 4.22b).
    pub battery: bool,
    /// Any combat unit: the side occupies the Area (S1.2).
    pub combat: bool,
    /// Present strength of its combat units (S11, S5.2).
    pub sp: u16,
    /// Land counters of any kind (combat units, Leaders, dummies).
    pub counters: u16,
}

/// Presence of both sides in every Area, taken at one moment.
#[derive(Clone, Debug)]
pub struct Census {
    by: [[Presence; 48]; 2],
}

impl Census {
    /// What `side` has in `area`.
    pub fn get(&self, side: Side, area: AreaId) -> Presence {
        self.by[side.index()]
            .get(usize::from(area.number()))
            .copied()
            .unwrap_or_default()
    }

    /// S1.2: `side` occupies the Area (has a combat unit there).
    pub fn occupies(&self, side: Side, area: AreaId) -> bool {
        self.get(side, area).combat
    }

    /// S3.41: full Control.
    pub fn full(&self, side: Side, area: AreaId) -> bool {
        self.get(side, area).full
    }

    /// S3.44a: limited Control: artillery or a face-up battery, and no enemy infantry,
    /// militia or cavalry. S3.44e: it adds nothing where the side has full Control too.
    pub fn limited(&self, side: Side, area: AreaId) -> bool {
        let p = self.get(side, area);
        !p.full && (p.artillery || p.battery) && !self.full(side.opponent(), area)
    }

    /// Full or limited Control.
    pub fn controls(&self, side: Side, area: AreaId) -> bool {
        self.full(side, area) || self.limited(side, area)
    }

    /// Both players occupy the Area (S1.2).
    pub fn contested(&self, area: AreaId) -> bool {
        self.occupies(Side::Union, area) && self.occupies(Side::Confederate, area)
    }

    /// S3.42: Sole Control: `side` Controls and the enemy has neither full nor limited Control.
    pub fn sole(&self, side: Side, area: AreaId) -> bool {
        self.controls(side, area) && !self.controls(side.opponent(), area)
    }

    /// S3.43a: `side` may not embark from or disembark into the Area: the enemy Controls it
    /// (fully or with limited Control) or it is Contested.
    pub fn closed_to_shipping(&self, side: Side, area: AreaId) -> bool {
        self.controls(side.opponent(), area) || self.contested(area)
    }
}

impl MississippiFortress {
    /// Takes the census of every Area.
    pub fn census(&self) -> Census {
        let mut by = [[Presence::default(); 48]; 2];
        for c in &self.counters {
            let Place::Area(area) = c.place else { continue };
            let Some(p) = by[c.side.index()].get_mut(usize::from(area.number())) else {
                continue;
            };
            p.counters += 1;
            if c.is_combat() {
                p.combat = true;
                p.sp += u16::from(c.present());
                if c.kind.controls_fully() {
                    p.full = true;
                }
                if c.kind == Kind::Artillery {
                    p.artillery = true;
                }
            }
        }
        for b in &self.batteries {
            if b.state == BatteryState::FaceUp
                && let Some(p) = by[Side::Confederate.index()].get_mut(usize::from(b.area.number()))
            {
                p.battery = true;
            }
        }
        Census { by }
    }
}
