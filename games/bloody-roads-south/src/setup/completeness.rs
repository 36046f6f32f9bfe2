//! A set-up is finished only when it is complete (rule 6.0; reference 6.0, "set-up
//! procedure"): every counter a side's set-up lines place is on the map before "Finish setting
//! up" is offered, and stays off the "waiting" list for good once it is.
//!
//! **Decision.** No set-up line of Scenarios 1-7 is optional: each places its counters
//! on the map. What is not "unplaced": counters of lines a variant deletes (not in play, never
//! created), reinforcements (no set-up line places them), and the counters of a secret
//! variant's line, which the server places at the reveal (`place_secret_variant_lines`). So
//! `FinishSetUp` is offered only when [`BloodyRoadsSouth::unplaced_setup_counters`] is empty.
//! A line that can never be met (it waits for a unit that will never be placed) then leaves the
//! side with no action: a data or engine bug, which [`BloodyRoadsSouth::check_setup_complete`]
//! reports after every action of the bot games.

use adjutant_engine::Side;

use crate::data::UnitId;
use crate::data::placement::Placement;
use crate::model::game::BloodyRoadsSouth;
use crate::model::step::Step;
use crate::model::unit::Location;
use crate::setup::placement::auto_placed;

impl BloodyRoadsSouth {
    /// The counters of `side` its set-up places by its own `Place` actions that are not on the
    /// map yet, in the order of the lines.
    pub fn unplaced_setup_counters(&self, side: Side) -> Vec<UnitId> {
        self.unplaced_in(side, &self.placements(side))
    }

    /// [`Self::unplaced_setup_counters`] by the set-up lines `lines`.
    pub(crate) fn unplaced_in(&self, side: Side, lines: &[&Placement]) -> Vec<UnitId> {
        let mut out: Vec<UnitId> = Vec::new();
        for p in lines.iter().filter(|p| !auto_placed(p)) {
            for id in &p.units {
                let unplaced = self.key(side, id).is_some_and(|k| !self.unit(k).on_map());
                if unplaced && !out.contains(id) {
                    out.push(id.clone());
                }
            }
        }
        out
    }

    /// The invariant of a complete set-up (module docs), for both sides: while a side sets
    /// up, it has a counter to place or may finish (no line waits for ever, no counter has
    /// nowhere to go); once it has finished, no counter of its lines is still waiting (a
    /// secret variant's from the reveal on).
    pub(crate) fn check_setup_complete(&self) -> Result<(), String> {
        for side in Side::BOTH {
            self.check_setup_complete_in(side, &self.placements(side))?;
        }
        Ok(())
    }

    /// [`Self::check_setup_complete`] for `side` by the set-up lines `lines`.
    pub(crate) fn check_setup_complete_in(
        &self,
        side: Side,
        lines: &[&Placement],
    ) -> Result<(), String> {
        if !*self.setup_done.get(side) {
            // A position a test builds may skip the set-up (`testing::empty_game`).
            if self.step != Step::SetUp {
                return Ok(());
            }
            return match self.next_placement_in(side, lines) {
                Some((k, hexes)) if hexes.is_empty() => Err(format!(
                    "the {side} set-up is stuck: {} has no hex to go to",
                    self.unit(k).id
                )),
                Some(_) => Ok(()),
                None => match self.unplaced_in(side, lines).as_slice() {
                    [] => Ok(()),
                    ids => Err(format!(
                        "the {side} set-up is stuck: {} wait for a line that is never met",
                        list(ids)
                    )),
                },
            };
        }
        let revealed = Side::BOTH.iter().all(|s| *self.setup_done.get(*s));
        let mut waiting: Vec<UnitId> = Vec::new();
        for p in lines.iter().filter(|p| revealed || !auto_placed(p)) {
            for id in &p.units {
                let at = self.key(side, id).map(|k| self.unit(k).location);
                if at == Some(Location::Waiting) && !waiting.contains(id) {
                    waiting.push(id.clone());
                }
            }
        }
        if waiting.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "the {side} player has finished setting up with {} never placed",
                list(&waiting)
            ))
        }
    }
}

fn list(ids: &[UnitId]) -> String {
    ids.iter()
        .map(UnitId::as_str)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests;
