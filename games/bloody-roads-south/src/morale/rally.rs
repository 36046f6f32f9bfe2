//! The Rally Phase (series 24.5, 24.1b, 21.2; reference 2.10.6, 2.8.3; BRS 1.2b optional):
//! straggler recovery rolls first, then, in order, (A) Blood Lust removed from units not
//! adjacent to the enemy, (B) the Blood Lust check of the rest, (C) Shaken removed, (D) DG
//! becomes Shaken, (E) each routed stack rolls a d6 minus the rating of a leader in the hex:
//! 2 or less rallies it to DG; a stack still routed within 6 hexes of the enemy retreats until
//! 6 hexes away, or is eliminated (its strength becomes casualties).
//!
//! Only the phasing player's units rally. Every die is his secret die (section 5: rally rolls
//! are seen by their owner only); the opponent sees only the routs that move.
//! **BRS 1.2b** (optional): a Union Shaken or DG unit without a leader in its hex improves in
//! (C)/(D) only on a d6 of 1-2.

use adjutant_engine::Side;

use crate::data::morale::MoraleState;
use crate::data::variant::OptionId;
use crate::events::{EventKind, Fx};
use crate::model::decision::RetreatCause;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{UnitKey, UnitKind};
use crate::morale::check::MoraleContext;

impl BloodyRoadsSouth {
    /// The phasing player's Rally Phase.
    pub(crate) fn rally(&mut self, side: Side, fx: &mut Fx) {
        self.recovery_rolls(side, fx);
        let map = crate::data::map();
        let mine: Vec<UnitKey> = self
            .keys()
            .filter(|&k| {
                let u = self.unit(k);
                u.side == side && u.on_map() && u.kind.is_combat()
            })
            .collect();
        let mut words: Vec<String> = Vec::new();
        // (A) and (B): Blood Lust.
        let mut checked = Vec::new();
        for &k in &mine {
            if self.unit(k).morale != MoraleState::BloodLust {
                continue;
            }
            let hex = self.unit(k).hex().expect("on the map");
            if self.distance_to_enemy(hex, side) == Some(1) {
                if !checked.contains(&hex) {
                    checked.push(hex);
                    let stack = self.stack_of(hex, side);
                    self.morale_check(&stack, &MoraleContext::after_fire(hex), fx);
                }
            } else {
                self.unit_mut(k).morale = MoraleState::Normal;
                words.push(format!("{}: Blood Lust ends", self.unit(k).id));
            }
        }
        // (C) and (D): Shaken recovers, DG becomes Shaken (1.2b optional for the Union).
        let strict = side == Side::Union && self.option(OptionId::UnionRallyNeedsLeader);
        let mut rolled: Vec<(crate::data::HexId, bool)> = Vec::new();
        for &k in &mine {
            let m = self.unit(k).morale;
            if !matches!(m, MoraleState::Shaken | MoraleState::Disorganized) {
                continue;
            }
            let hex = self.unit(k).hex().expect("on the map");
            if strict && self.senior_leader(&self.stack_of(hex, side)).is_none() {
                let ok = match rolled.iter().find(|(h, _)| *h == hex) {
                    Some(&(_, ok)) => ok,
                    None => {
                        let die = self.secret_d6(side, fx);
                        let ok = die <= 2;
                        rolled.push((hex, ok));
                        words.push(format!("{hex}: no leader, rally roll {die} (1.2b)"));
                        ok
                    }
                };
                if !ok {
                    continue;
                }
            }
            let new = if m == MoraleState::Shaken {
                MoraleState::Normal
            } else {
                MoraleState::Shaken
            };
            self.unit_mut(k).morale = new;
            words.push(format!(
                "{}: {} to {}",
                self.unit(k).id,
                m.abbreviation(),
                new.abbreviation()
            ));
        }
        // (E): routed stacks.
        let mut hexes: Vec<crate::data::HexId> = mine
            .iter()
            .filter(|&&k| self.unit(k).on_map() && self.unit(k).morale == MoraleState::Routed)
            .filter_map(|&k| self.unit(k).hex())
            .collect();
        hexes.sort();
        hexes.dedup();
        let distance = u32::from(crate::data::charts().morale.routed.distance_from_enemy);
        let at_most = i32::from(crate::data::charts().morale.rally.routed_becomes_dg_at_most);
        for hex in hexes {
            let stack = self.stack_of(hex, side);
            let rating = self
                .senior_leader(&stack)
                .and_then(|l| self.leader_data(l))
                .map(|l| i32::from(l.rating))
                .unwrap_or(0);
            let die = self.secret_d6(side, fx);
            let rallies = i32::from(die) - rating <= at_most;
            words.push(format!(
                "{hex}: routed stack rolls {die}{} — {}",
                if rating > 0 {
                    format!(" − {rating}")
                } else {
                    String::new()
                },
                if rallies {
                    "rallies to DG"
                } else {
                    "stays Routed"
                }
            ));
            if rallies {
                for &k in &stack {
                    if self.unit(k).kind.is_combat() && self.unit(k).morale == MoraleState::Routed {
                        self.unit_mut(k).morale = MoraleState::Disorganized;
                    }
                }
                continue;
            }
            let near = self.distance_to_enemy(hex, side);
            if let Some(d) = near
                && d < distance
            {
                let enemy = self
                    .units()
                    .iter()
                    .filter(|u| u.side != side && u.kind.is_combat())
                    .filter_map(|u| u.hex())
                    .min_by_key(|&h| (map.distance(hex, h).unwrap_or(u32::MAX), h))
                    .unwrap_or(hex);
                let movers: Vec<UnitKey> = stack
                    .into_iter()
                    .filter(|&k| self.unit(k).kind != UnitKind::Hq)
                    .collect();
                self.begin_retreat(&movers, (distance - d) as u8, enemy, RetreatCause::Rout, fx);
            }
        }
        if !words.is_empty() {
            fx.private(
                EventKind::Rally,
                side,
                format!("Rally Phase (24.5): {}.", words.join("; ")),
            );
        }
    }
}
