//! Dummies (S4.6): blank counters each player may place face down to mislead the enemy. They
//! move like infantry, never fight or Control anything, and are removed (shown to be dummies)
//! when a probe reveals them, when a battle comes to their Area, when an enemy combat unit is
//! with them and no friendly one is, when their steamer sinks, or when their owner takes them
//! back in his arrival segment.

use adjutant_engine::Side;

use crate::data::AreaId;
use crate::events::{EventKind, Fx};
use crate::model::action::Action;
use crate::model::counter::{Key, Kind, Place};
use crate::model::game::MississippiFortress;

impl MississippiFortress {
    /// Dummies of `side` in its pool (S4.6a: removed dummies return to it).
    pub fn dummy_pool(&self, side: Side) -> usize {
        self.counters
            .iter()
            .filter(|c| c.side == side && c.kind == Kind::Dummy && c.place == Place::Pool)
            .count()
    }

    /// S2.1 step 2 (decision R14): set-up dummies go into Areas holding the owner's set-up
    /// land counters and no enemy combat unit.
    pub(crate) fn setup_dummy_actions(&self, side: Side) -> Vec<Action> {
        let mut out: Vec<Action> = if self.dummy_pool(side) > 0 {
            self.dummy_areas(side)
                .into_iter()
                .map(|area| Action::PlaceDummy { area })
                .collect()
        } else {
            Vec::new()
        };
        out.push(Action::FinishSetUp);
        out
    }

    /// Areas where `side` may place a dummy: holding one of its Leaders or combat units and no
    /// enemy combat unit (S4.6b; at set-up these are its set-up land counters, R14).
    pub fn dummy_areas(&self, side: Side) -> Vec<AreaId> {
        let census = self.census();
        let mut areas: Vec<AreaId> = self
            .counters
            .iter()
            .filter(|c| c.side == side && c.kind != Kind::Dummy)
            .filter_map(|c| c.area())
            .filter(|&a| !census.occupies(side.opponent(), a))
            .collect();
        areas.sort();
        areas.dedup();
        areas
    }

    /// Places one dummy of the pool in `area`, face down (S4.6b). The enemy sees a counter
    /// appear, not what it is.
    pub(crate) fn place_dummy(&mut self, side: Side, area: AreaId, fx: &mut Fx) {
        let Some(k) = self
            .counters
            .iter()
            .position(|c| c.side == side && c.kind == Kind::Dummy && c.place == Place::Pool)
        else {
            return;
        };
        let c = &mut self.counters[k];
        c.place = Place::Area(area);
        c.face_up = false;
        c.rec = Default::default();
        self.dummies_placed = true;
        fx.both(
            EventKind::Dummy,
            format!(
                "The {side} player places 1 counter in {}.",
                Self::area_name(area)
            ),
            side,
            format!("A dummy is placed in {}.", Self::area_name(area)),
        );
    }

    /// S4.6d(5): the owner takes a dummy back in his arrival segment; it is shown to be one.
    pub(crate) fn remove_dummy_by_choice(&mut self, side: Side, area: AreaId, fx: &mut Fx) {
        let dummy = self
            .in_area(side, area)
            .find(|&k| self.counters[k].kind == Kind::Dummy);
        if let Some(k) = dummy {
            self.counters[k].place = Place::Pool;
            self.counters[k].face_up = false;
            fx.public(
                EventKind::Dummy,
                format!(
                    "The {side} player removes a dummy from {}.",
                    Self::area_name(area)
                ),
            );
            fx.reveal();
        }
    }

    /// S4.6d: a dummy is removed and shown to be a dummy; it returns to the pool.
    pub(crate) fn remove_dummy(&mut self, k: Key, why: &str, fx: &mut Fx) {
        let c = &mut self.counters[k];
        let side = c.side;
        let place = match c.place {
            Place::Area(a) => Self::area_name(a),
            _ => "a steamer".to_string(),
        };
        c.place = Place::Pool;
        c.face_up = false;
        c.rec = Default::default();
        fx.public(
            EventKind::Dummy,
            format!("A {side} dummy in {place} is removed ({why})."),
        );
        fx.reveal();
    }
}
