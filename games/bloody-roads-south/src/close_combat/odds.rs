//! Close-combat strength points and odds (series 23.0 step F; reference 2.9 step 5): strength
//! by current fire level (AA or more 6, AB 5, A 4, B 2, C or artillery 1; morale, Low Ammo and
//! formation change nothing; no sunken roads or trenches in BRS), the odds column rounded
//! down in the defender's favour, and the die roll modifiers: +1 for a wrecked defending
//! brigade (+2 of a wrecked division), −2 when the attacker became a wrecked brigade during
//! this combat's fire.

use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{UnitKey, UnitKind};
use crate::victory::wrecks::WreckCount;

impl BloodyRoadsSouth {
    /// The close-combat strength points of one unit (series 23.0).
    pub fn strength_points(&self, k: UnitKey) -> u16 {
        let points = &crate::data::charts().close_combat.strength.points;
        let u = self.unit(k);
        match u.kind {
            UnitKind::Battery if u.gun_points > 0 => u16::from(points[4]),
            UnitKind::Brigade => {
                let c = self.c_units(k);
                let i = match c {
                    0 => return 0,
                    8.. => 0,
                    6..=7 => 1,
                    4..=5 => 2,
                    2..=3 => 3,
                    _ => 4,
                };
                u16::from(points[i])
            }
            _ => 0,
        }
    }

    /// The odds column, the die roll modifier and its words for a close combat.
    pub fn odds_and_drm(
        &self,
        attackers: &[UnitKey],
        defenders: &[UnitKey],
        attacker_became_wrecked: bool,
    ) -> (usize, i32, String) {
        let charts = &crate::data::charts().close_combat;
        let total =
            |units: &[UnitKey]| -> u16 { units.iter().map(|&k| self.strength_points(k)).sum() };
        let (a, d) = (total(attackers), total(defenders));
        let column = charts.odds.column(a, d);
        let drm_of = |key: &str| {
            charts
                .drm
                .iter()
                .find(|x| x.key == key)
                .map(|x| i32::from(x.value))
                .unwrap_or(0)
        };
        let mut drm = 0;
        let mut words = Vec::new();
        let top = defenders
            .iter()
            .copied()
            .filter(|&k| self.unit(k).kind.is_combat())
            .max_by_key(|&k| self.unit(k).z);
        if let Some(t) = top {
            let parent = self.unit(t).part_of.unwrap_or(t);
            if self.brigade_wrecked(parent, WreckCount::InPlay) {
                let side = self.unit(t).side;
                let b = self.brigade_data(parent);
                let of_division = b.is_some_and(|b| !b.counts_for_division_wreck())
                    || b.and_then(|b| b.division.clone())
                        .is_some_and(|dv| self.division_wrecked(side, &dv, WreckCount::InPlay));
                if of_division {
                    drm += drm_of("defender-wrecked-brigade-of-wrecked-division");
                    words.push("+2 wrecked defender of a wrecked division");
                } else {
                    drm += drm_of("defender-wrecked-brigade");
                    words.push("+1 wrecked defender");
                }
            }
        }
        if attacker_became_wrecked {
            drm += drm_of("attacker-wrecked-brigade");
            words.push("−2 the attacker became wrecked");
        }
        let words = if words.is_empty() {
            format!(" ({a} to {d})")
        } else {
            format!(" ({a} to {d}), {}", words.join(", "))
        };
        (column, drm, words)
    }
}
