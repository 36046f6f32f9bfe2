//! Victory (rules 5.0-5.3, 7.0): possession of locations, wrecked brigades and divisions,
//! and the scenario's result, computed only when play ends.

pub mod possession;
pub mod scenario_points;
pub mod standard;
pub mod wrecks;

use adjutant_engine::{EndReason, Outcome, PerSide, Side, Tally};

use crate::data::scenario::VictoryRules;
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::step::Step;

impl BloodyRoadsSouth {
    /// Play ends after the last turn: the victory points are counted and the result told in
    /// the book's words; everything is revealed.
    pub(crate) fn end_game(&mut self, fx: &mut Fx) {
        let outcome = match &self.scenario().victory {
            VictoryRules::Points(awards) => {
                let (score, lines) = self.scenario_points(awards);
                for side in Side::BOTH {
                    fx.public(
                        EventKind::Victory,
                        format!(
                            "The {side} player scores {} victory points{}.",
                            score.get(side),
                            if lines.get(side).is_empty() {
                                String::new()
                            } else {
                                format!(": {}", lines.get(side).join("; "))
                            }
                        ),
                    );
                }
                points_outcome(score)
            }
            VictoryRules::Standard => {
                let result = self.standard_result();
                for sentence in result.sentences() {
                    fx.public(EventKind::Victory, sentence);
                }
                result.outcome()
            }
        };
        fx.public(EventKind::Victory, outcome.summary.clone());
        fx.reveal();
        self.result = Some(outcome);
        self.step = Step::Over;
        self.decisions.clear();
        self.moving = None;
        self.fire = None;
    }
}

impl BloodyRoadsSouth {
    /// Both sides' standing for the after-action report: the victory points the scenario
    /// would award if play ended now (7.0; none for a scenario without a points schedule) and
    /// the close-combat strength points (series 23.0) of every unit on the map.
    pub(crate) fn standing(&self) -> Tally {
        let vp = match &self.scenario().victory {
            VictoryRules::Points(awards) => Some(self.scenario_points(awards).0),
            VictoryRules::Standard => {
                let r = self.standard_result();
                Some(PerSide::from_fn(|side| {
                    i64::from(r.strategic.get(side).total)
                }))
            }
        };
        let strength = PerSide::from_fn(|side| {
            self.keys()
                .filter(|&k| self.unit(k).side() == side && self.unit(k).on_map())
                .map(|k| i64::from(self.strength_points(k)))
                .sum()
        });
        Tally {
            vp,
            strength: Some(strength),
            unit: "SP".into(),
        }
    }
}

/// Scenarios 1-3: most points wins; equal points is a draw (7.0, gap 7).
fn points_outcome(score: PerSide<i64>) -> Outcome {
    let (u, c) = (score.union, score.confederate);
    let winner = match u.cmp(&c) {
        std::cmp::Ordering::Greater => Some(Side::Union),
        std::cmp::Ordering::Less => Some(Side::Confederate),
        std::cmp::Ordering::Equal => None,
    };
    let summary = match winner {
        Some(side) => format!("{side} victory: {u} victory points to {c} (Union first)."),
        None => format!("A draw: {u} victory points each."),
    };
    Outcome {
        winner,
        reason: EndReason::Rules,
        summary,
        score: Some(score),
    }
}
