//! Retreat Before Combat (S8.4): when a battle comes up, before deployment, the Defender may
//! retreat any of his combat units one Area each (not into enemy combat units, not toward the
//! Attacker's approach; the Union in the Confederate Combat Phase may instead escape aboard
//! steamers, 4.13). Leaders may go with them. Each retreating unit checks stragglers; the
//! units stay face down. Artillery left without other combat units must retreat too (S8.4e);
//! with no Defender combat unit left there is no battle (S8.4g).

use crate::events::{EventKind, Fx};
use crate::model::action::Action;
use crate::model::battle::BattleStage;
use crate::model::counter::{Key, Kind};
use crate::model::decision::{Decision, Departure};
use crate::model::game::MississippiFortress;

impl MississippiFortress {
    /// The Defender's options before combat.
    pub(crate) fn retreat_actions(&self) -> Vec<Action> {
        let Some(b) = &self.battle else {
            return Vec::new();
        };
        let defender = b.defender();
        let mut out = Vec::new();
        for k in self.in_area(defender, b.area) {
            let c = &self.counters[k];
            let can_go = if c.is_combat() {
                !self
                    .departure_options(k, Departure::BeforeCombat, b.area)
                    .is_empty()
            } else if c.kind == Kind::Leader {
                !self.escort_options(k, &b.retreated, b.area).is_empty()
            } else {
                false
            };
            if can_go {
                out.push(Action::RetreatBeforeCombat {
                    counter: c.id.to_string(),
                });
            }
        }
        out.push(Action::StandAndFight);
        out
    }

    /// S8.4a-b: a unit (or a Leader with retreating units) retreats; where is asked next.
    pub(crate) fn retreat_before_combat(&mut self, id: &str) {
        let Some(k) = self.key(id) else { return };
        let Some((area, retreated)) = self.battle.as_ref().map(|b| (b.area, b.retreated.clone()))
        else {
            return;
        };
        if self.counters[k].is_combat() {
            if let Some(b) = self.battle.as_mut() {
                b.retreated.push(k);
            }
            self.decisions.push(Decision::Depart {
                unit: k,
                why: Departure::BeforeCombat,
                from: area,
            });
        } else {
            self.decisions.push(Decision::Escort {
                leader: k,
                with: retreated,
                from: area,
            });
        }
    }

    /// S8.4e: the Defender stands; artillery left without other combat units must retreat.
    pub(crate) fn stand_and_fight(&mut self, fx: &mut Fx) {
        let Some(b) = &self.battle else { return };
        let (area, defender) = (b.area, b.defender());
        let units: Vec<Key> = self
            .in_area(defender, area)
            .filter(|&k| self.counters[k].is_combat())
            .collect();
        if !units.is_empty()
            && units
                .iter()
                .all(|&k| self.counters[k].kind == Kind::Artillery)
        {
            fx.public(
                EventKind::Battle,
                format!(
                    "Only artillery is left to defend {}: it must retreat (S8.4e).",
                    Self::area_name(area)
                ),
            );
            for k in units {
                self.decisions.push(Decision::Depart {
                    unit: k,
                    why: Departure::ArtilleryAlone,
                    from: area,
                });
            }
        }
        self.set_stage(BattleStage::RetreatsDone);
    }

    /// S8.4g: with no Defender combat unit left there is no battle; otherwise the roster of
    /// participants is drawn up (S8.2d) and deployment begins.
    pub(crate) fn after_retreats(&mut self, fx: &mut Fx) {
        let Some(b) = &self.battle else { return };
        let (area, defender) = (b.area, b.defender());
        if !self.has_combat_unit(defender, area) {
            fx.public(
                EventKind::Battle,
                format!(
                    "No Defender combat unit is left in {}: there is no battle (S8.4g).",
                    Self::area_name(area)
                ),
            );
            self.set_stage(BattleStage::Cleanup);
            return;
        }
        let mut roster: Vec<Key> = self
            .all_in_area(area)
            .filter(|&k| {
                let c = &self.counters[k];
                c.kind != Kind::Dummy && (c.side == defender || !c.rec.fought)
            })
            .collect();
        roster.sort_by(|&x, &y| {
            let (a, b) = (&self.counters[x], &self.counters[y]);
            (a.side, a.kind, &a.id).cmp(&(b.side, b.kind, &b.id))
        });
        for &k in &roster {
            self.counters[k].rec.fought = true;
        }
        if let Some(b) = self.battle.as_mut() {
            b.roster = roster;
            b.stage = BattleStage::Deploy;
        }
    }
}
