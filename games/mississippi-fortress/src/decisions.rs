//! Questions that interrupt the sequence of play and must be answered by one player before it
//! goes on: where a displaced Leader goes (S3.92), where each retreating or withdrawing unit
//! goes (S3.54, S8.4, S9.74), which Leaders go with them, which steamers a counter boards
//! (4.12), the order of a naval stack (R8), ships sent off the map (4.11a), loss allocation
//! (S9.61), and where a replacement Leader is placed (S9.66).
//!
//! A question with a single answer is answered automatically; one with none has a fallback
//! (a Leader is captured, a unit surrenders, nothing happens).

use adjutant_engine::Side;

use crate::events::Fx;
use crate::model::action::{Action, Dest};
use crate::model::counter::Key;
pub use crate::model::decision::{Decision, Departure};
use crate::model::game::MississippiFortress;

impl Decision {
    /// The player who answers.
    pub fn owner(&self, game: &MississippiFortress) -> Side {
        match self {
            Decision::Displace { leader: k }
            | Decision::Depart { unit: k, .. }
            | Decision::Escort { leader: k, .. }
            | Decision::Carrier { unit: k }
            | Decision::Replacement { leader: k } => game.counters[*k].side,
            Decision::TopShip { .. } => Side::Union,
            // 4.11a, 7.21b: the phasing player's overstacked ships.
            Decision::OffMap { .. } => game.step.side().unwrap_or(Side::Union),
            Decision::Allocate { side, .. } | Decision::NavalHit { side, .. } => *side,
        }
    }
}

impl MississippiFortress {
    /// The answers to a decision.
    pub(crate) fn decision_options(&self, decision: &Decision) -> Vec<Action> {
        let go = |dests: Vec<Dest>| dests.into_iter().map(|to| Action::Go { to }).collect();
        match decision {
            Decision::Displace { leader } => go(self
                .displacement_areas(*leader)
                .into_iter()
                .map(Dest::Area)
                .collect()),
            Decision::Depart { unit, why, from } => go(self.departure_options(*unit, *why, *from)),
            Decision::Escort { leader, with, from } => {
                go(self.escort_options(*leader, with, *from))
            }
            Decision::Carrier { unit } => go(self
                .carriers_for(*unit, false)
                .into_iter()
                .map(|ships| Dest::Ships(self.ship_ids(&ships)))
                .collect()),
            Decision::TopShip { node } => self
                .top_ship_candidates(*node)
                .into_iter()
                .map(|i| Action::TopShip {
                    ship: self.ships[i].id.to_string(),
                })
                .collect(),
            Decision::OffMap { node } => self.off_map_options(*node),
            Decision::Allocate { side, line } => self.allocation_options(*side, *line),
            Decision::NavalHit { side, node, .. } => self.naval_hit_options(*side, *node),
            Decision::Replacement { leader } => go(self
                .replacement_areas(*leader)
                .into_iter()
                .map(Dest::Area)
                .collect()),
        }
    }

    /// Applies the answer to the first decision and removes it.
    pub(crate) fn answer_decision(&mut self, action: Action, fx: &mut Fx) {
        if self.decisions.is_empty() {
            return;
        }
        let decision = self.decisions.remove(0);
        match (decision, action) {
            (
                Decision::Displace { leader },
                Action::Go {
                    to: Dest::Area(area),
                },
            ) => {
                self.displace_to(leader, area, fx);
            }
            (Decision::Depart { unit, why, from }, Action::Go { to }) => {
                self.depart(unit, why, from, &to, fx);
            }
            (Decision::Escort { leader, from, .. }, Action::Go { to }) => {
                self.escort(leader, from, &to, fx);
            }
            (
                Decision::Carrier { unit },
                Action::Go {
                    to: Dest::Ships(ids),
                },
            ) => {
                self.embark(unit, &ids, fx);
            }
            (Decision::TopShip { .. }, Action::TopShip { ship }) => {
                if let Some(i) = self.ship_index(&ship) {
                    self.ships[i].rec.on_top = true;
                }
            }
            (Decision::OffMap { node }, Action::SendOffMap { ship }) => {
                self.send_off_map(node, &ship, fx);
            }
            (Decision::NavalHit { result, .. }, Action::HitShip { ship }) => {
                self.naval_hit(result, &ship, fx);
            }
            (Decision::Allocate { side, line }, Action::TakeLoss { counter }) => {
                self.take_loss(side, line, &counter, fx);
            }
            (
                Decision::Replacement { leader },
                Action::Go {
                    to: Dest::Area(area),
                },
            ) => {
                self.place_replacement(leader, area, fx);
            }
            (decision, _) => {
                // Not an answer to this question: put it back (never offered).
                self.decisions.insert(0, decision);
            }
        }
    }

    /// What happens when the first decision has no answer at all.
    pub(crate) fn decision_fallback(&mut self, fx: &mut Fx) {
        if self.decisions.is_empty() {
            return;
        }
        let decision = self.decisions.remove(0);
        match decision {
            Decision::Displace { leader } => self.capture_displaced(leader, fx),
            Decision::Depart { unit, why, from } => self.no_destination(unit, why, from, fx),
            Decision::Allocate { side, line } => self.allocation_done(side, line),
            // A Leader who cannot follow stays (displaced once alone, S3.92); the other
            // questions simply lapse.
            Decision::Escort { .. }
            | Decision::Carrier { .. }
            | Decision::TopShip { .. }
            | Decision::OffMap { .. }
            | Decision::NavalHit { .. }
            | Decision::Replacement { .. } => {}
        }
    }

    /// True if a decision about this counter waits.
    pub fn decision_waits_for(&self, k: Key) -> bool {
        self.decisions.iter().any(|d| match d {
            Decision::Displace { leader } | Decision::Replacement { leader } => *leader == k,
            Decision::Depart { unit, .. } | Decision::Carrier { unit } => *unit == k,
            Decision::Escort { leader, .. } => *leader == k,
            _ => false,
        })
    }

    /// The prompt of the first decision.
    pub(crate) fn decision_prompt(&self, decision: &Decision) -> String {
        let title = self.phase_title();
        match decision {
            Decision::Displace { leader } => format!(
                "{title}: {} is displaced (S3.92): choose the nearest Area with friendly combat units to move him to",
                self.counters[*leader].name()
            ),
            Decision::Depart { unit, why, from } => format!(
                "{title}: {} must leave {} ({}): choose where it goes",
                self.counters[*unit].name(),
                Self::area_name(*from),
                departure_name(*why)
            ),
            Decision::Escort { leader, from, .. } => format!(
                "{title}: {} leaves {} with the departing units: choose which way he goes",
                self.counters[*leader].name(),
                Self::area_name(*from)
            ),
            Decision::Carrier { unit } => format!(
                "{title}: choose the steamers {} boards (6 SP per steamer, 4.12c)",
                self.counters[*unit].name()
            ),
            Decision::TopShip { node } => format!(
                "{title}: the battery fires at your ships at {}: choose the ship on top (R8)",
                node.name()
            ),
            Decision::OffMap { node } => format!(
                "{title}: more than two ships at {} (4.11a): choose a ship to {}",
                node.name(),
                if self.naval_fought.contains(node) {
                    "eliminate (7.21b: overstacked after naval combat)"
                } else {
                    "send off the map"
                }
            ),
            Decision::Allocate { side, line } => {
                let left = self
                    .battle
                    .as_ref()
                    .map_or(0, |b| b.to_allocate(*side, usize::from(*line)));
                format!(
                    "{title}: your Line Position {} must lose {left} more SP (S9.61): choose the unit that loses 1 SP",
                    line + 1
                )
            }
            Decision::Replacement { leader } => format!(
                "{title}: choose where {} takes command (S9.66)",
                self.counters[*leader].name()
            ),
            Decision::NavalHit { node, result, .. } => format!(
                "{title}: naval combat at {}: {} (Naval CRT): choose which of your ships takes it (7.21b)",
                node.name(),
                crate::naval::combat::naval_result_name(*result)
            ),
        }
    }
}

/// A departure's reason in words.
pub fn departure_name(why: Departure) -> &'static str {
    match why {
        Departure::BeforeCombat => "retreat before combat",
        Departure::Overrun { .. } => "artillery overrun, S3.54",
        Departure::ArtilleryAlone => "artillery left alone, S8.4e",
        Departure::Withdraw => "Withdraw order",
        Departure::DrivenOff => "driven off",
        Departure::Repulsed => "repulsed",
        Departure::EmptyLine => "all Line Positions empty",
        Departure::Mountain => "mandatory withdrawal, 5.12",
        Departure::RiverCrossing => "river-crossing return, S9.92b",
    }
}
