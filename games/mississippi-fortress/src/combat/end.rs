//! The end of a battle (S9.84, 5.12, S9.92): a player whose Line Positions are all empty
//! withdraws what he has left; after a battle compelled by 5.11 in a Mountainous Area the
//! Attacker leaves if any Defender combat unit remains (5.12, without straggler checks, and
//! S9.92 does not apply, R35); after a river-crossing attack with the Defender still there the
//! crossing units go back across the river, unless the Attacker's Officers outrank the
//! Defender's (S9.92c, 4.31c). Then contact is settled: batteries, Leaders, dummies, and
//! artillery left alone against enemy infantry or cavalry retreats.

use adjutant_engine::Side;

use crate::combat::battle_board::BOWEN;
use crate::data::map::Terrain;
use crate::data::units::LeaderRole;
use crate::data::{Constants, Map};
use crate::events::{EventKind, Fx};
use crate::model::battle::BattleStage;
use crate::model::counter::{Key, Kind, Place};
use crate::model::decision::{Decision, Departure};
use crate::model::game::MississippiFortress;

impl MississippiFortress {
    /// S9.84 step 1: empty lines.
    pub(crate) fn end_empty_lines(&mut self, fx: &mut Fx) {
        let Some(b) = self.battle.clone() else { return };
        let mountain_hold = self.mountain_withdrawal_due();
        for side in [b.defender(), b.attacker] {
            let units = self.battle_units(side);
            let lines_empty = (0..3).all(|line| !self.line_occupied(side, line));
            if units.is_empty() || !lines_empty {
                continue;
            }
            if side == b.attacker && mountain_hold {
                continue;
            }
            fx.public(
                EventKind::Battle,
                format!(
                    "Battle in {}: every {side} Line Position is empty: the rest withdraw (S9.84).",
                    Self::area_name(b.area)
                ),
            );
            self.depart_all(side, Departure::EmptyLine);
        }
        self.set_stage(BattleStage::EndTerrain);
    }

    /// 5.12 applies: a compelled battle in a Mountainous Area with a Defender combat unit left.
    fn mountain_withdrawal_due(&self) -> bool {
        let Some(b) = &self.battle else { return false };
        let mountainous = Map::get()
            .area(b.area)
            .is_some_and(|a| a.terrain == Terrain::Mountainous);
        b.compelled && mountainous && self.has_combat_unit(b.defender(), b.area)
    }

    /// S9.84 steps 2-3: mandatory mountain withdrawal, or the river-crossing return.
    pub(crate) fn end_terrain(&mut self, fx: &mut Fx) {
        let Some(b) = self.battle.clone() else { return };
        if self.mountain_withdrawal_due() {
            fx.public(
                EventKind::Battle,
                format!(
                    "Battle in {}: the Defender holds the heights: every attacking unit withdraws (5.12).",
                    Self::area_name(b.area)
                ),
            );
            self.depart_all(b.attacker, Departure::Mountain);
        } else if self.has_combat_unit(b.defender(), b.area) {
            let crossing: Vec<Key> = b
                .crossing
                .iter()
                .copied()
                .filter(|&k| self.counters[k].place == Place::Area(b.area))
                .collect();
            if !crossing.is_empty() {
                let (attack, defend) = self.river_crossing_ratings();
                if attack > defend {
                    fx.public(
                        EventKind::Battle,
                        format!(
                            "Battle in {}: the Attacker's Officers ({attack}) outrank the Defender's ({defend}): the crossing units stay (S9.92c).",
                            Self::area_name(b.area)
                        ),
                    );
                } else {
                    fx.public(
                        EventKind::Battle,
                        format!(
                            "Battle in {}: the Defender holds ({defend} against {attack}): the units that crossed the river go back (S9.92b).",
                            Self::area_name(b.area)
                        ),
                    );
                    for unit in crossing {
                        self.decisions.push(Decision::Depart {
                            unit,
                            why: Departure::RiverCrossing,
                            from: b.area,
                        });
                    }
                }
            }
        }
        self.set_stage(BattleStage::Cleanup);
    }

    /// S9.92c: the best Offensive Rating of Officers and Commander/Officers in Attacker Line
    /// Positions holding a crossing unit, and the best Defensive Rating of those in Defender
    /// Line Positions (Bowen's inherent Officer included, 4.31c). No Officer counts 0.
    pub fn river_crossing_ratings(&self) -> (u8, u8) {
        let Some(b) = &self.battle else { return (0, 0) };
        let officers = |side: Side, line: usize| -> Vec<Key> {
            self.line_leaders(side, line)
                .into_iter()
                .filter(|&k| {
                    matches!(
                        self.counters[k].role(),
                        Some(LeaderRole::Officer | LeaderRole::CommanderOfficer)
                    )
                })
                .collect()
        };
        let mut attack = 0;
        for line in 0..3 {
            let holds_crossing = self
                .line_units(b.attacker, line)
                .iter()
                .any(|k| b.crossing.contains(k));
            if !holds_crossing {
                continue;
            }
            for k in officers(b.attacker, line) {
                if let Some(r) = self.counters[k].leader.as_ref().and_then(|l| l.ratings) {
                    attack = attack.max(r.offensive);
                }
            }
        }
        let mut defend = 0;
        for line in 0..3 {
            for k in officers(b.defender(), line) {
                if let Some(r) = self.counters[k].leader.as_ref().and_then(|l| l.ratings) {
                    defend = defend.max(r.defensive);
                }
            }
        }
        if b.defender() == Side::Confederate && self.bowen_applies() {
            let in_line = (0..3).any(|line| {
                self.line_units(Side::Confederate, line)
                    .iter()
                    .any(|&k| &*self.counters[k].id == BOWEN)
            });
            if in_line {
                defend = defend.max(Constants::get().leaders.bowen_inherent_officer.defensive);
            }
        }
        (attack, defend)
    }

    /// S9.84 step 4: artillery left alone against enemy infantry or cavalry retreats (S8.4e,
    /// S3.54); then the battle is over.
    pub(crate) fn cleanup_battle(&mut self, fx: &mut Fx) {
        let Some(b) = self.battle.clone() else { return };
        let census = self.census();
        for side in [b.defender(), b.attacker] {
            let units: Vec<Key> = self
                .in_area(side, b.area)
                .filter(|&k| self.counters[k].is_combat())
                .collect();
            let alone = !units.is_empty()
                && units
                    .iter()
                    .all(|&k| self.counters[k].kind == Kind::Artillery);
            if alone && census.full(side.opponent(), b.area) {
                for unit in units {
                    self.decisions.push(Decision::Depart {
                        unit,
                        why: Departure::ArtilleryAlone,
                        from: b.area,
                    });
                }
            }
        }
        fx.public(
            EventKind::Battle,
            format!("The battle in {} is over.", Self::area_name(b.area)),
        );
        self.set_stage(BattleStage::Done);
    }
}
