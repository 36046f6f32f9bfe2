//! Cavalry probes (S5, Cavalry Probe Chart): in the Cavalry Probe Segment (2a) the phasing
//! player's cavalry in one Area may probe that Area or an adjacent one (across a border land
//! units could cross) holding enemy land counters. The Adjusted Strength Point Differential is
//! probing cavalry SP - screening cavalry SP + 1 per full 5 SP of other enemy combat units; at
//! 0 or less nothing is revealed. One die (-1 for a Defensible, Mountainous or Swamp target,
//! -1 in Rain) gives the number of the target's face-down land counters revealed at random;
//! revealed dummies are removed. Each cavalry unit probes once a turn; each Area is probed at
//! most once a player turn. Only which counters are revealed is shown (S5 visibility).

use adjutant_engine::Side;

use crate::data::charts::ProbeColumn;
use crate::data::map::Terrain;
use crate::data::{AreaId, Charts, Constants, Map};
use crate::events::{EventKind, Fx};
use crate::model::action::Action;
use crate::model::counter::{Key, Kind};
use crate::model::game::MississippiFortress;
pub use crate::model::moves::ProbeParty;

/// S5.2: the Adjusted Strength Point Differential.
pub fn differential(probe_sp: u32, screen_sp: u32, other_sp: u32) -> i32 {
    let size = other_sp / u32::from(Constants::get().probe.size_bonus_per_sp);
    i32::try_from(probe_sp + size).unwrap_or(i32::MAX) - i32::try_from(screen_sp).unwrap_or(0)
}

/// S5.3: the die modifier for a target Area's terrain and the weather.
pub fn probe_modifier(terrain: Terrain, rain: bool) -> i32 {
    let p = &Constants::get().probe;
    let mut m = 0;
    if terrain != Terrain::Clear {
        m += i32::from(p.non_clear_area_modifier);
    }
    if rain {
        m += i32::from(p.rain_modifier);
    }
    m
}

/// S5.2-S5.3: counters revealed for a differential and a die roll (0 when the probe fails).
pub fn revealed_count(differential: i32, roll: u8, modifier: i32) -> u8 {
    match ProbeColumn::from_differential(differential) {
        Some(column) => {
            Charts::get()
                .cavalry_probe(column, i32::from(roll) + modifier)
                .revealed
        }
        None => 0,
    }
}

impl MississippiFortress {
    fn can_probe(&self, k: Key, side: Side) -> bool {
        let c = &self.counters[k];
        c.side == side && c.kind == Kind::Cavalry && c.area().is_some() && !c.rec.probed
    }

    /// S5.1c-d: the Areas cavalry in `from` may probe.
    pub fn probe_targets(&self, side: Side, from: AreaId) -> Vec<AreaId> {
        let map = Map::get();
        let mut candidates = vec![from];
        candidates.extend(
            map.neighbours(from)
                .iter()
                .copied()
                .filter(|&n| map.border(from, n).is_some_and(|b| b.land_crossable())),
        );
        candidates
            .into_iter()
            .filter(|a| !self.probed_areas.contains(a))
            .filter(|&a| {
                self.in_area(side.opponent(), a)
                    .any(|k| !self.counters[k].face_up)
            })
            .collect()
    }

    /// The options of 2a.
    pub(crate) fn probe_actions(&self, side: Side) -> Vec<Action> {
        let mut out = Vec::new();
        match &self.probe {
            Some(party) => {
                for k in self.in_area(side, party.area) {
                    if self.can_probe(k, side) && !party.cavalry.contains(&k) {
                        out.push(Action::ProbeWith {
                            cavalry: self.counters[k].id.to_string(),
                        });
                    }
                }
                out.extend(
                    self.probe_targets(side, party.area)
                        .into_iter()
                        .map(|area| Action::ProbeInto { area }),
                );
                out.push(Action::Cancel);
            }
            None => {
                for k in 0..self.counters.len() {
                    if let Some(area) = self.counters[k].area()
                        && self.can_probe(k, side)
                        && !self.probe_targets(side, area).is_empty()
                    {
                        out.push(Action::ProbeWith {
                            cavalry: self.counters[k].id.to_string(),
                        });
                    }
                }
                out.push(Action::FinishProbes);
            }
        }
        out
    }

    /// Adds a cavalry unit to the probe being prepared.
    pub(crate) fn probe_with(&mut self, id: &str) {
        let Some(k) = self.key(id) else { return };
        let Some(area) = self.counters[k].area() else {
            return;
        };
        match self.probe.as_mut() {
            Some(party) => party.cavalry.push(k),
            None => {
                self.probe = Some(ProbeParty {
                    area,
                    cavalry: vec![k],
                })
            }
        }
    }

    /// S5.2-S5.4: the probe is made.
    pub(crate) fn probe_into(&mut self, side: Side, target: AreaId, fx: &mut Fx) {
        let Some(party) = self.probe.take() else {
            return;
        };
        let enemy = side.opponent();
        let probe_sp: u32 = party
            .cavalry
            .iter()
            .map(|&k| u32::from(self.counters[k].present()))
            .sum();
        let (mut screen, mut other) = (0u32, 0u32);
        for k in self.in_area(enemy, target) {
            let c = &self.counters[k];
            if c.kind == Kind::Cavalry {
                screen += u32::from(c.present());
            } else if c.is_combat() {
                other += u32::from(c.present());
            }
        }
        for &k in &party.cavalry {
            self.counters[k].rec.probed = true;
        }
        self.probed_areas.push(target);
        let diff = differential(probe_sp, screen, other);
        let terrain = Map::get()
            .area(target)
            .map_or(Terrain::Clear, |a| a.terrain);
        let count = if diff > 0 {
            let roll = fx.d6();
            revealed_count(diff, roll, probe_modifier(terrain, self.raining()))
        } else {
            0
        };
        // S5.4a: that many of the target's face-down land counters, chosen at random.
        let mut hidden: Vec<Key> = self
            .in_area(enemy, target)
            .filter(|&k| !self.counters[k].face_up)
            .collect();
        let mut chosen = Vec::new();
        let all = usize::from(count) >= hidden.len();
        while chosen.len() < usize::from(count) && !hidden.is_empty() {
            let i = fx.dice.index(hidden.len());
            chosen.push(hidden.remove(i));
        }
        chosen.sort();
        let from = Self::area_name(party.area);
        let to = Self::area_name(target);
        fx.reveal();
        if chosen.is_empty() {
            fx.public(
                EventKind::Probe,
                format!("{side} cavalry from {from} probe {to}: nothing is revealed."),
            );
            return;
        }
        let mut names = Vec::new();
        let mut dummies = Vec::new();
        for &k in &chosen {
            if self.counters[k].kind == Kind::Dummy {
                dummies.push(k);
            } else {
                self.counters[k].face_up = true;
                names.push(self.counters[k].name());
            }
        }
        let mut text = format!("{side} cavalry from {from} probe {to}: revealed ");
        let mut parts = names.clone();
        if !dummies.is_empty() {
            parts.push(if dummies.len() == 1 {
                "a dummy".to_string()
            } else {
                format!("{} dummies", dummies.len())
            });
        }
        text.push_str(&parts.join(", "));
        if all {
            text.push_str(" (every face-down counter there)");
        }
        text.push('.');
        fx.public(EventKind::Probe, text);
        for k in dummies {
            self.remove_dummy(k, "revealed by a probe", fx);
        }
    }

    /// The prompt of 2a.
    pub(crate) fn probe_prompt(&self) -> String {
        let title = self.phase_title();
        match &self.probe {
            Some(party) => format!(
                "{title}, Cavalry Probe Segment: {} cavalry unit(s) in {} ready: add cavalry or choose the Area to probe",
                party.cavalry.len(),
                Self::area_name(party.area)
            ),
            None => format!(
                "{title}, Cavalry Probe Segment: choose cavalry to probe with, or finish probing"
            ),
        }
    }
}
