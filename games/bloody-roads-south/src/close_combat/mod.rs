//! Close combat (series 23; reference 2.9): the defender's fire, the attacker's, both morale
//! checks, the odds, and the retreats. Strength points and the odds column are in `odds`.
//!
//! **Decisions.** The attackers stay in their own hex throughout (the movement rules keep
//! them there): on a **D** they retreat one hex directly away from the defender's hex, the
//! way back through the hexside they attacked across; on an **A** the defender retreats two
//! hexes away from the attackers' hex and checks morale again; nobody advances. Every close
//! combat draws exactly eight of the shared dice (three for each fire, the odds die and the
//! ½A die) whatever happens, so that the shared dice never depend on a secret; the checks,
//! stragglers, leader loss and gun loss use the owners' secret dice.
//!
//! **Who reads what** (section 5): each side reads the odds column, the rolls and the result
//! (its own fire in full, the enemy's roll and result); spectators read who retreats. The
//! morale checks stay secret but for the retreats they cause.

pub mod odds;

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::charts::close_combat::OddsResult;
use crate::data::morale::MoraleState;
use crate::events::{EventKind, Fx};
use crate::fire::resolve::VolleyKind;
use crate::geometry::is_flank_fire;
use crate::model::decision::{FaceCause, RetreatCause};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{UnitKey, UnitKind};
use crate::morale::check::{CloseCombatRole, MoraleContext};
use crate::victory::wrecks::WreckCount;

/// How a close combat ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CloseCombatEnd {
    /// The attackers retreat (their morale check, or a D result).
    AttackerRetreats,
    /// The defenders retreat (their morale check, an A result, or a routed defender).
    DefenderRetreats,
    /// The defending stack was destroyed.
    DefenderEliminated,
    /// The attackers were destroyed.
    AttackerEliminated,
    /// Nothing to fight (no attacker or no defender).
    NoCombat,
}

impl BloodyRoadsSouth {
    /// Series 23: `attackers` (a group that started its move together, standing adjacent)
    /// attack the enemy stack in `hex`. The movement rules have checked that the attack is
    /// allowed and charged its movement points; this resolves it. A defender that held its
    /// hex may then turn its stack there (S13.0, `morale::face`); one that retreats is asked
    /// where its retreat ends.
    pub fn close_combat(
        &mut self,
        attackers: &[UnitKey],
        hex: HexId,
        fx: &mut Fx,
    ) -> CloseCombatEnd {
        let top = self.fire_target_unit(hex);
        let defender = top.map(|k| self.unit(k).side);
        let end = self.fight(attackers, hex, fx);
        // Reference 3A.6: a close combat won against the defender's (public) top counter.
        if let Some(k) = top
            && matches!(
                end,
                CloseCombatEnd::DefenderRetreats | CloseCombatEnd::DefenderEliminated
            )
        {
            self.record_blow(k);
        }
        if let Some(side) = defender
            && matches!(
                end,
                CloseCombatEnd::AttackerRetreats | CloseCombatEnd::AttackerEliminated
            )
        {
            self.offer_face(side, hex, FaceCause::CloseCombat);
        }
        end
    }

    /// The close combat itself (series 23 steps B-F).
    fn fight(&mut self, attackers: &[UnitKey], hex: HexId, fx: &mut Fx) -> CloseCombatEnd {
        let Some(from) = attackers.iter().find_map(|&k| self.unit(k).hex()) else {
            return CloseCombatEnd::NoCombat;
        };
        let att_side = self.unit(attackers[0]).side;
        let Some(def_side) = self.fire_target_unit(hex).map(|k| self.unit(k).side) else {
            return CloseCombatEnd::NoCombat;
        };
        fx.reveal();
        let dice: Vec<u8> = (0..8).map(|_| self.shared_d6(fx)).collect();
        let map = crate::data::map();
        let defender_top = self.fire_target_unit(hex).expect("a defender");
        let flanked = match (map.cell(from), map.cell(hex)) {
            (Some(a), Some(d)) => is_flank_fire(a, d, self.unit(defender_top).facing),
            _ => false,
        };
        let wrecked_before: Vec<UnitKey> = attackers
            .iter()
            .copied()
            .filter(|&k| {
                self.brigade_wrecked(self.unit(k).part_of.unwrap_or(k), WreckCount::InPlay)
            })
            .collect();
        fx.public(
            EventKind::CloseCombat,
            format!("Close combat: {att_side} units from {from} attack {hex} (23)."),
        );

        // B) The defender fires on the close-combat column (−3 when attacked in the flank).
        let def_firers: Vec<UnitKey> = self
            .stack_of(hex, def_side)
            .into_iter()
            .filter(|&k| self.can_fire(k))
            .collect();
        self.dice_script.splice(0..0, dice[0..3].iter().copied());
        let defender_fired = !def_firers.is_empty()
            && self
                .resolve_volley(
                    &def_firers,
                    from,
                    false,
                    VolleyKind::CloseCombat {
                        defender_flanked: flanked,
                    },
                    fx,
                )
                .result
                .is_some();
        self.drop_unused_script(3, defender_fired);
        // C) The attacker fires back the same way.
        let att_firers: Vec<UnitKey> = attackers
            .iter()
            .copied()
            .filter(|&k| self.can_fire(k))
            .collect();
        self.dice_script.splice(0..0, dice[3..6].iter().copied());
        let attacker_fired = !att_firers.is_empty()
            && self
                .resolve_volley(
                    &att_firers,
                    hex,
                    false,
                    VolleyKind::CloseCombat {
                        defender_flanked: false,
                    },
                    fx,
                )
                .result
                .is_some();
        self.drop_unused_script(3, attacker_fired);

        let alive = |g: &BloodyRoadsSouth, units: &[UnitKey]| -> Vec<UnitKey> {
            units
                .iter()
                .copied()
                .filter(|&k| g.unit(k).on_map())
                .collect()
        };
        let attackers_now = alive(self, attackers);
        if !attackers_now.iter().any(|&k| self.unit(k).kind.is_combat()) {
            self.close_combat_sentence(
                att_side,
                def_side,
                "the attackers are destroyed",
                "The attack is destroyed.",
                fx,
            );
            return CloseCombatEnd::AttackerEliminated;
        }
        // D) The attacker checks morale at −6 (skipped if the defender could not fire).
        if defender_fired {
            let ctx = MoraleContext {
                rows_up: 0,
                flank: false,
                breastworks: false,
                close_combat: Some(CloseCombatRole::Attacker),
                away_from: hex,
                cause: RetreatCause::CloseCombatAttacker,
            };
            if self.morale_check(&attackers_now, &ctx, fx).retreat > 0 {
                self.close_combat_sentence(
                    att_side,
                    def_side,
                    "the attackers fall back after their morale check",
                    "The attackers retreat.",
                    fx,
                );
                return CloseCombatEnd::AttackerRetreats;
            }
        }
        let defenders = self.stack_of(hex, def_side);
        if !defenders.iter().any(|&k| self.unit(k).kind.is_combat()) {
            self.close_combat_sentence(
                att_side,
                def_side,
                "the defenders are destroyed",
                "The defenders are destroyed.",
                fx,
            );
            return CloseCombatEnd::DefenderEliminated;
        }
        let routed = self
            .unit(self.fire_target_unit(hex).expect("a defender"))
            .morale
            == MoraleState::Routed;
        // E) The defender checks morale at −4 (a routed defender goes straight to its rout).
        if !routed {
            let guns = defenders.iter().any(|&k| {
                self.unit(k).kind == UnitKind::Battery
                    && self.unit(k).formation == crate::model::unit::Formation::Unlimbered
            });
            let ctx = MoraleContext {
                rows_up: 0,
                flank: false,
                breastworks: guns && !flanked,
                close_combat: Some(CloseCombatRole::Defender),
                away_from: from,
                cause: RetreatCause::CloseCombatDefender,
            };
            if self.morale_check(&defenders, &ctx, fx).retreat > 0 {
                self.close_combat_sentence(
                    att_side,
                    def_side,
                    "the defenders fall back after their morale check",
                    "The defenders retreat.",
                    fx,
                );
                return CloseCombatEnd::DefenderRetreats;
            }
        }
        // F) The odds.
        let defenders = self.stack_of(hex, def_side);
        let became_wrecked = attackers_now.iter().any(|&k| {
            !wrecked_before.contains(&k)
                && self.brigade_wrecked(self.unit(k).part_of.unwrap_or(k), WreckCount::InPlay)
        });
        let still_routed = self
            .fire_target_unit(hex)
            .is_some_and(|k| self.unit(k).morale == MoraleState::Routed);
        let (column, words, result) = if still_routed {
            (
                None,
                "the routed defenders rout (no roll)".to_string(),
                OddsResult::A,
            )
        } else {
            let (column, drm, drm_words) =
                self.odds_and_drm(&attackers_now, &defenders, became_wrecked);
            let charts = &crate::data::charts().close_combat;
            let roll = i32::from(dice[6]) + drm;
            let mut result = charts.odds.result(column, roll).unwrap_or(OddsResult::D);
            let mut words = format!(
                "odds {}, die {}{drm_words}: {result}",
                charts.odds.columns[column], dice[6]
            );
            if result == OddsResult::HalfA {
                result = if charts.odds.half_a_attacker_wins_on.contains(&dice[7]) {
                    OddsResult::A
                } else {
                    OddsResult::D
                };
                words.push_str(&format!(", second die {}: {result}", dice[7]));
            }
            (Some(column), words, result)
        };
        let _ = column;
        if result == OddsResult::D {
            self.close_combat_sentence(
                att_side,
                def_side,
                &format!("{words}; the attackers retreat 1 hex"),
                "The attackers retreat.",
                fx,
            );
            let hexes = crate::data::charts()
                .close_combat
                .results
                .attacker_retreat_hexes;
            self.begin_retreat(
                &attackers_now,
                hexes,
                hex,
                RetreatCause::CloseCombatAttacker,
                fx,
            );
            CloseCombatEnd::AttackerRetreats
        } else {
            self.close_combat_sentence(
                att_side,
                def_side,
                &format!("{words}; the defenders retreat 2 hexes"),
                "The defenders retreat.",
                fx,
            );
            if still_routed {
                // A routed defender routs: back 2, straggle 3 (S23, S24.2).
                let mut left = 3;
                for &k in &defenders {
                    if left > 0 && self.unit(k).kind == UnitKind::Brigade {
                        left -= self.add_stragglers(k, left);
                    }
                }
                for &k in &defenders {
                    self.settle_losses(k, fx);
                }
            }
            let hexes = crate::data::charts()
                .close_combat
                .results
                .defender_retreat_hexes;
            let defenders = self.stack_of(hex, def_side);
            self.begin_retreat(
                &defenders,
                hexes,
                from,
                RetreatCause::CloseCombatDefender,
                fx,
            );
            CloseCombatEnd::DefenderRetreats
        }
    }

    /// Removes the scripted dice a fire did not draw (a side that could not fire).
    fn drop_unused_script(&mut self, n: usize, used: bool) {
        if !used {
            let n = n.min(self.dice_script.len());
            self.dice_script.drain(0..n);
        }
    }

    /// The close-combat sentence: both sides read the details, spectators who retreats.
    fn close_combat_sentence(&self, att: Side, def: Side, detail: &str, public: &str, fx: &mut Fx) {
        let text = format!("Close combat ({att} attacking, {def} defending): {detail} (23).");
        fx.each(
            EventKind::CloseCombat,
            public,
            Some(text.clone()),
            Some(text),
        );
    }
}
