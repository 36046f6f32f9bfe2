//! The victory points of Scenarios 1-3 (7.0: their own conditions).

use adjutant_engine::{PerSide, Side};

use crate::data::HexId;
use crate::data::award::{AwardItem, VictoryAward};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{LeaderFate, Location, UnitKey, UnitKind};
use crate::victory::wrecks::WreckCount;

impl BloodyRoadsSouth {
    /// Each side's points under the scenario's awards, with one line per award that scored.
    pub fn scenario_points(&self, awards: &[VictoryAward]) -> (PerSide<i64>, PerSide<Vec<String>>) {
        let mut score = PerSide::<i64>::default();
        let mut lines = PerSide::<Vec<String>>::default();
        for side in Side::BOTH {
            let enemy = side.opponent();
            for award in awards.iter().filter(|a| a.side.includes(side)) {
                let (n, what) = self.award_count(side, enemy, award);
                if n == 0 {
                    continue;
                }
                let points = n * i64::from(award.points);
                *score.get_mut(side) += points;
                lines.get_mut(side).push(format!("{points} for {what}"));
            }
        }
        (score, lines)
    }

    /// How many times an award is earned, and the words for it.
    fn award_count(&self, side: Side, enemy: Side, award: &VictoryAward) -> (i64, String) {
        match award.item {
            AwardItem::EnemyBrigadeWrecked => {
                let n = self
                    .keys()
                    .filter(|&k| {
                        self.unit(k).side == enemy && self.brigade_wrecked(k, WreckCount::Victory)
                    })
                    .count() as i64;
                (n, plural(n, "wrecked enemy brigade"))
            }
            AwardItem::EnemyDivisionWrecked => {
                let n = self
                    .divisions_in_play(enemy)
                    .iter()
                    .filter(|d| self.division_wrecked(enemy, d, WreckCount::Victory))
                    .count() as i64;
                (n, plural(n, "wrecked enemy division"))
            }
            AwardItem::EnemyLeaderCasualty => {
                let n = self
                    .units()
                    .iter()
                    .filter(|u| {
                        u.side == enemy
                            && u.kind == UnitKind::Leader
                            && matches!(u.fate, LeaderFate::Killed | LeaderFate::Wounded)
                    })
                    .count() as i64;
                (n, plural(n, "enemy leader lost"))
            }
            AwardItem::ControlHex => {
                let held: Vec<String> = award
                    .hexes
                    .iter()
                    .filter(|&&h| self.holder(h) == Some(side))
                    .map(|h| h.to_string())
                    .collect();
                (
                    held.len() as i64,
                    format!("controlling {}", held.join(", ")),
                )
            }
            AwardItem::ControlHalfOfClearing => {
                let Some(clearing) = award
                    .clearing
                    .as_ref()
                    .and_then(|c| crate::data::map().clearing(c))
                else {
                    return (0, String::new());
                };
                let held = clearing
                    .hexes
                    .iter()
                    .filter(|&&h| self.holder(h) == Some(side))
                    .count();
                let half = clearing.hexes.len().div_ceil(2);
                (
                    i64::from(held >= half),
                    format!(
                        "controlling {held} of the {} hexes of {}",
                        clearing.hexes.len(),
                        clearing.name
                    ),
                )
            }
            AwardItem::OccupyHex => {
                let held: Vec<String> = award
                    .hexes
                    .iter()
                    .filter(|&&h| {
                        let h = self.canonical(h).unwrap_or(h);
                        self.at(h)
                            .iter()
                            .any(|&k| self.unit(k).side == side && self.unit(k).kind.is_combat())
                    })
                    .map(|h| h.to_string())
                    .collect();
                (held.len() as i64, format!("occupying {}", held.join(", ")))
            }
            AwardItem::BrigadeExited => {
                let n = self.exited_brigades(side, award).len() as i64;
                (
                    n,
                    plural(n, "unwrecked brigade off the map") + " under orders",
                )
            }
        }
    }

    /// The unwrecked brigades of the award's formation, as organised (5.1c), that left the
    /// map by one of its hexes (Scenario 3: 3/5 by B13.35; `movement::leave`). Wrecked is
    /// judged by casualties alone (5.1a), which cannot change once off the map.
    fn exited_brigades(&self, side: Side, award: &VictoryAward) -> Vec<UnitKey> {
        let oob = crate::data::order_of_battle().side(side);
        let Some(division) = award.formation.as_ref().and_then(|f| oob.division(f)) else {
            return Vec::new();
        };
        let exits: Vec<HexId> = award
            .hexes
            .iter()
            .filter_map(|&h| self.canonical(h))
            .collect();
        division
            .brigades
            .iter()
            .filter_map(|id| self.key(side, id))
            .filter(|&k| {
                matches!(self.unit(k).location, Location::Exited { hex } if exits.contains(&hex))
                    && !self.brigade_wrecked(k, WreckCount::Victory)
            })
            .collect()
    }
}

fn plural(n: i64, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}
