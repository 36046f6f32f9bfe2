//! Whether some extended line has a routed counter (S17.2a), kept from one version of the
//! counters to the next by the counters' journal.
//!
//! The question is asked after every action (`advance`, then each step of the sequence it
//! runs) and nearly always answered "no"; finding the answer walked every part on the map
//! (`part_keys`, itself brought up to date from the journal), some 1,400 instructions a time
//! in a Scenario 5 replay with its many extended lines. But a "no" stays a "no" while no
//! counter that is a part on the map now, and none that was the parent of a part then, has
//! been lent out to be changed: a line routed now is a part on the map with its parent on the
//! map, one of the two routed; had neither changed, the same line stood, routed, then. So a
//! "no" is kept with the parents of that version's parts, and the next version asks only the
//! counters the journal names (`model::counters`: `lent_since`). A "yes", or a journal that
//! does not reach back, is found afresh. Not part of the state: a memo kept per thread, every
//! answer compared with the one found afresh in debug builds.

use std::cell::RefCell;

use crate::data::morale::MoraleState;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::UnitKey;

/// A "no" found for one version of the counters.
struct NoneRouted {
    /// The version of the counters.
    stamp: u64,
    /// The parents of that version's parts on the map, sorted (each once or more).
    parents: Vec<UnitKey>,
}

thread_local! {
    /// The last "no" found or kept.
    static KEPT: RefCell<Option<NoneRouted>> = const { RefCell::new(None) };
}

impl BloodyRoadsSouth {
    /// Some extended line has a routed counter (S17.2a): a part on the map whose brigade is
    /// on the map, the part or its brigade routed (see the module's doc).
    pub(crate) fn any_routed_line(&self) -> bool {
        let stamp = self.units.stamp();
        let kept = KEPT.with(|k| {
            let mut k = k.borrow_mut();
            let last = k.as_mut()?;
            if last.stamp != stamp {
                let touched = self.units.lent_since(last.stamp)?.any(|u| {
                    self.part_entry(u).is_some() || last.parents.binary_search(&u).is_ok()
                });
                if touched {
                    return None;
                }
                // The parts now are some of those then (a part taken off is no new one).
                last.stamp = stamp;
            }
            Some(false)
        });
        if let Some(answer) = kept {
            debug_assert!(
                !self.any_routed_line_afresh(),
                "a routed line kept as none from the counters' journal"
            );
            return answer;
        }
        let answer = self.any_routed_line_afresh();
        let parents = (!answer).then(|| self.part_keys().iter().map(|&(p, _)| p).collect());
        KEPT.with(|k| {
            *k.borrow_mut() = parents.map(|parents| NoneRouted { stamp, parents });
        });
        answer
    }

    /// [`Self::any_routed_line`], from every part on the map.
    fn any_routed_line_afresh(&self) -> bool {
        self.part_keys().iter().any(|&(parent, part)| {
            let parent = self.unit(parent);
            parent.on_map()
                && (self.unit(part).morale == MoraleState::Routed
                    || parent.morale == MoraleState::Routed)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::unit::Location;

    /// A game of Scenario 1 with every counter off the map, of no line, in good order (set up
    /// through the engine: `testing` reaches `morale` round a loop).
    fn empty_game() -> BloodyRoadsSouth {
        let setup = adjutant_engine::Setup {
            scenario: "sanders-field".into(),
            options: serde_json::Map::new(),
            secret_choices: adjutant_engine::PerSide::default(),
        };
        let seed = adjutant_engine::Seed::from_bytes([7; 32]);
        let m = adjutant_engine::Match::<BloodyRoadsSouth>::new(&setup, &seed)
            .expect("the scenario sets up");
        let mut g = m.state().clone();
        for u in g.units_mut() {
            u.location = Location::Waiting;
            u.part_of = None;
            u.morale = MoraleState::Normal;
        }
        g
    }

    /// Counters made parts or not, on the map or off it, routed or not, a few at a time (or
    /// many, or all lent out at once, or a copy taken further): the answer kept from the
    /// journal is always the one found afresh, and it is kept (not found afresh) most times.
    #[test]
    fn a_routed_line_kept_from_the_journal_is_the_one_found_afresh() {
        let mut g = empty_game();
        let n = g.units().len();
        let mut roll: u64 = 9;
        let mut next = |k: usize| {
            roll = roll.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (roll >> 33) as usize % k
        };
        let hex = "A12.10".parse().expect("a hex id");
        // A line whose brigade routs, its part unchanged; then whose part routs.
        for k in [1, 3] {
            g.unit_mut(UnitKey(k)).location = Location::Map { hex };
        }
        g.unit_mut(UnitKey(3)).part_of = Some(UnitKey(1));
        assert!(!g.any_routed_line());
        g.unit_mut(UnitKey(1)).morale = MoraleState::Routed;
        assert!(g.any_routed_line(), "the brigade routed");
        g.unit_mut(UnitKey(1)).morale = MoraleState::Normal;
        assert!(!g.any_routed_line());
        g.unit_mut(UnitKey(3)).morale = MoraleState::Routed;
        assert!(g.any_routed_line(), "the part routed");
        g.unit_mut(UnitKey(3)).morale = MoraleState::Normal;
        let (mut yes, mut no) = (0, 0);
        for round in 0..400 {
            for _ in 0..[0, 1, 1, 2, 3, 40][round % 6] {
                let k = UnitKey(next(n) as u16);
                let u = g.unit_mut(k);
                match next(4) {
                    0 => u.part_of = (next(2) > 0).then(|| UnitKey(next(8) as u16)),
                    1 => {
                        u.location = match next(3) {
                            0 => Location::Waiting,
                            _ => Location::Map { hex },
                        }
                    }
                    // Routed rarely, so that most answers are "no".
                    _ => {
                        u.morale = match next(12) {
                            0 => MoraleState::Routed,
                            _ => MoraleState::Normal,
                        }
                    }
                }
            }
            if round % 37 == 5 {
                g.units_mut();
            }
            if round % 29 == 4 {
                let mut copy = g.clone();
                copy.unit_mut(UnitKey(1)).morale = MoraleState::Routed;
                assert_eq!(copy.any_routed_line(), copy.any_routed_line_afresh());
                g.unit_mut(UnitKey(2)).part_of = None;
            }
            let answer = g.any_routed_line();
            assert_eq!(answer, g.any_routed_line_afresh(), "round {round}");
            assert_eq!(answer, g.any_routed_line(), "asked again");
            if answer { yes += 1 } else { no += 1 }
        }
        assert!(yes > 20 && no > 100, "{yes} routed, {no} not");
    }
}
