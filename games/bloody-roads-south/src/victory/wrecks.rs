//! Wrecked brigades and divisions (series 20.7, 22; rules 2.2g, 3.3b-3.5, 5.1a): in play
//! (casualties and stragglers) and for victory (casualties only).

use adjutant_engine::Side;

use crate::data::FormationId;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{UnitKey, UnitKind};

/// Which losses count toward a wreck.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WreckCount {
    /// Casualties and stragglers (series 20.7: in play).
    InPlay,
    /// Casualties alone (rule 5.1a: for victory).
    Victory,
}

impl BloodyRoadsSouth {
    /// A brigade is wrecked: every box left of its wreck line is filled (series 20.7).
    pub fn brigade_wrecked(&self, k: UnitKey, count: WreckCount) -> bool {
        let u = self.unit(k);
        if u.kind != UnitKind::Brigade || u.part_of.is_some() {
            return false;
        }
        let losses = match count {
            WreckCount::InPlay => u.casualties + u.stragglers,
            WreckCount::Victory => u.casualties,
        };
        self.brigade_data(k).is_some_and(|b| b.is_wrecked(losses))
    }

    /// A division is wrecked: at least its threshold of its own brigades are wrecked (series
    /// 22; rule 2.2g counts a reassigned brigade for its original division; 3.3b-3.5: the
    /// special brigades never count).
    pub fn division_wrecked(&self, side: Side, division: &FormationId, count: WreckCount) -> bool {
        let Some(d) = crate::data::order_of_battle().side(side).division(division) else {
            return false;
        };
        let wrecked = d
            .brigades
            .iter()
            .filter_map(|id| self.key(side, id))
            .filter(|&k| {
                self.brigade_data(k)
                    .is_some_and(|b| b.counts_for_division_wreck())
                    && self.brigade_wrecked(k, count)
            })
            .count();
        wrecked >= usize::from(d.wreck_threshold)
    }

    /// The divisions a side has in the scenario (those with a brigade in play).
    pub fn divisions_in_play(&self, side: Side) -> Vec<FormationId> {
        let mut v: Vec<FormationId> = crate::data::order_of_battle()
            .side(side)
            .divisions()
            .iter()
            .filter(|d| d.brigades.iter().any(|b| self.key(side, b).is_some()))
            .map(|d| d.id.clone())
            .collect();
        v.sort();
        v
    }
}
