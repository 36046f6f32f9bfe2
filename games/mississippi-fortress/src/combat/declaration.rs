//! The Declaration Segment (S8.2, 5.11): the phasing player declares battles in Areas holding
//! his infantry, militia or cavalry and enemy combat units (artillery alone cannot attack).
//! An eligible Area entered this phase by his combat units from a compelling Area (Vicksburg
//! from anywhere, Areas 3 and 10 from 2 or 9) must be declared (5.11, decision R11). Then the
//! battles are fought one at a time in the order he chooses (2c). Declarations are public.

use adjutant_engine::Side;

use crate::data::AreaId;
use crate::events::{EventKind, Fx};
use crate::model::action::Action;
use crate::model::battle::{Battle, BattleStage};
use crate::model::counter::{Key, Kind};
use crate::model::game::MississippiFortress;

impl MississippiFortress {
    /// S8.2a: Areas where `side` may declare a battle.
    pub fn eligible_battles(&self, side: Side) -> Vec<AreaId> {
        let census = self.census();
        let mut areas: Vec<AreaId> = self
            .counters
            .iter()
            .filter(|c| c.side == side && c.kind.controls_fully() && !c.rec.fought)
            .filter_map(|c| c.area())
            .filter(|&a| census.occupies(side.opponent(), a))
            .collect();
        areas.sort();
        areas.dedup();
        areas
    }

    /// S8.2b, 5.11: eligible Areas where combat is compelled.
    pub fn compelled_battles(&self, side: Side) -> Vec<AreaId> {
        self.eligible_battles(side)
            .into_iter()
            .filter(|a| self.compelled.contains(a))
            .collect()
    }

    /// The options of 2b.
    pub(crate) fn declaration_actions(&self, side: Side) -> Vec<Action> {
        let compelled = self.compelled_battles(side);
        let mut out: Vec<Action> = self
            .eligible_battles(side)
            .into_iter()
            .filter(|a| !self.declared.contains(a) && !compelled.contains(a))
            .map(|area| Action::Declare { area })
            .collect();
        out.push(Action::FinishDeclarations);
        out
    }

    /// Declares a battle.
    pub(crate) fn declare(&mut self, side: Side, area: AreaId, fx: &mut Fx) {
        self.declared.push(area);
        fx.public(
            EventKind::Declaration,
            format!(
                "The {side} player declares a battle in {}.",
                Self::area_name(area)
            ),
        );
    }

    /// S8.2b: the compelled battles join the declared ones.
    pub(crate) fn finish_declarations(&mut self, side: Side, fx: &mut Fx) {
        for area in self.compelled_battles(side) {
            if !self.declared.contains(&area) {
                self.declared.push(area);
                fx.public(
                    EventKind::Declaration,
                    format!(
                        "The {side} player must fight in {} (mandatory combat, 5.11).",
                        Self::area_name(area)
                    ),
                );
            }
        }
        self.declared.sort();
        self.declarations_done = true;
    }

    /// 2c: the battle in `area` begins (S8.3).
    pub(crate) fn start_battle(&mut self, side: Side, area: AreaId, fx: &mut Fx) {
        self.declared.retain(|&a| a != area);
        let enemy = side.opponent();
        let attackers = self
            .in_area(side, area)
            .any(|k| self.counters[k].kind.controls_fully() && !self.counters[k].rec.fought);
        if !attackers || !self.has_combat_unit(enemy, area) {
            fx.public(
                EventKind::Battle,
                format!(
                    "No battle in {}: the forces are no longer there.",
                    Self::area_name(area)
                ),
            );
            return;
        }
        fx.public(
            EventKind::Battle,
            format!(
                "Battle in {}: the {side} player attacks the {enemy} player.",
                Self::area_name(area)
            ),
        );
        // S8.3a: every dummy there is removed and shown to be a dummy.
        let dummies: Vec<Key> = self
            .all_in_area(area)
            .filter(|&k| self.counters[k].kind == Kind::Dummy)
            .collect();
        for k in dummies {
            self.remove_dummy(k, "a battle is fought there", fx);
        }
        let mut entries = Vec::new();
        let mut crossing = Vec::new();
        for k in self.in_area(side, area) {
            let c = &self.counters[k];
            if !c.is_combat() {
                continue;
            }
            if let Some(from) = c.rec.entered_from
                && !entries.contains(&from)
            {
                entries.push(from);
            }
            if c.rec.entry_crossed {
                crossing.push(k);
            }
        }
        self.battle = Some(Battle {
            area,
            attacker: side,
            round: 1,
            stage: BattleStage::Retreats,
            compelled: self.compelled.contains(&area),
            entries,
            crossing,
            retreated: Vec::new(),
            roster: Vec::new(),
            slots: Vec::new(),
            revealed: false,
            engaged: [None; 3],
            swing_done: [false; 3],
            orders: Vec::new(),
            orders_revealed: false,
            results: Vec::new(),
            reports: Vec::new(),
            losses: Default::default(),
            owed: Default::default(),
            commits: Vec::new(),
        });
        fx.reveal();
    }
}
