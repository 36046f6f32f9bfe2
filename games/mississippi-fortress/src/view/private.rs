//! A player's own pending business in his view (Appendix V): dummy pool, reinforcements to
//! come, Leaders waiting to be replaced, the 7.11 entry roll, SP lost towards the enemy's VPs
//! and his probe. Only the viewers who see that side's secrets get it.

use adjutant_engine::{Side, Viewer};
use serde::Serialize;

use crate::data::AreaId;
use crate::fog::CounterView;
use crate::model::game::MississippiFortress;

#[derive(Serialize)]
pub(super) struct PrivateView<'a> {
    dummy_pool: usize,
    reinforcements: Vec<Group<'a>>,
    waiting_leaders: Vec<CounterView<'a>>,
    /// 7.11 (R16): the Variable Entry roll is the Confederate player's alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    entry_roll: Option<u8>,
    sp_lost_since_enemy_vp: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    probe: Option<Probe<'a>>,
}

#[derive(Serialize)]
struct Group<'a> {
    group: usize,
    turn: u8,
    area: AreaId,
    units: Vec<&'a str>,
    withheld: Option<u8>,
}

#[derive(Serialize)]
struct Probe<'a> {
    area: AreaId,
    cavalry: Vec<&'a str>,
}

impl MississippiFortress {
    pub(super) fn private_view(&self, side: Side, viewer: Viewer) -> PrivateView<'_> {
        let ids = |keys: &[usize]| -> Vec<&str> {
            keys.iter().map(|&k| self.counters[k].id.as_ref()).collect()
        };
        PrivateView {
            dummy_pool: self.dummy_pool(side),
            reinforcements: self
                .reinforcements
                .iter()
                .enumerate()
                .filter(|(_, g)| g.side == side && !g.placed && !g.cancelled)
                .map(|(i, g)| Group {
                    group: i,
                    turn: g.turn,
                    area: g.area,
                    units: ids(&g.units),
                    withheld: g.withheld,
                })
                .collect(),
            waiting_leaders: self
                .waiting_replacements()
                .into_iter()
                .filter(|&k| self.counters[k].side == side)
                .map(|k| self.counter_view(k, viewer))
                .collect(),
            entry_roll: self.entry_roll.filter(|_| side == Side::Confederate),
            sp_lost_since_enemy_vp: *self.lost.get(side),
            probe: self
                .probe
                .as_ref()
                .filter(|p| {
                    p.cavalry
                        .first()
                        .is_some_and(|&k| self.counters[k].side == side)
                })
                .map(|p| Probe {
                    area: p.area,
                    cavalry: ids(&p.cavalry),
                }),
        }
    }
}
