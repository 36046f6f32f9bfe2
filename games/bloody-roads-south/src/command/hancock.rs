//! Hancock's fall with divisions of other corps attached to 2 Corps (rule 3.2): "If he falls,
//! the Union player keeps at most one such division with 2 Corps; the others return to their
//! corps (they are out of radius until they get back)."
//!
//! **Decisions** (reference 3.2): the choice is a question to the Union player the moment
//! Hancock falls while he commands 2 Corps with two or more divisions of other corps attached
//! (Scenario 6: 4/5 and 2/6); with one attached it simply stays (Scenario 3's 3/5, Scenario 4's
//! 2/6), with none nothing is asked. He answers *keep one of them* or *keep none*. A division
//! sent back serves its own corps from then on (its corps HQ's command radius, its corps'
//! orders: [`BloodyRoadsSouth::corps_of_division`] reads [`CommandState::returned`]). Hancock's
//! fall is public (a leader's fall is), and so is the question's existence (the attachments
//! are the scenario's printed set-up); which division stays is the Union's own business, told
//! to him alone (section 5: command is secret), and the answer is one action whichever it is.
//!
//! [`CommandState::returned`]: crate::model::order::CommandState

use adjutant_engine::Side;

use crate::data::FormationId;
use crate::data::formation::Formation as OobFormation;
use crate::events::{EventKind, Fx};
use crate::model::action::Action;
use crate::model::decision::{Decision, Question};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::UnitKey;

/// Hancock's counter id and his corps.
const HANCOCK: &str = "Hancock";
const SECOND_CORPS: &str = "2";

impl BloodyRoadsSouth {
    /// The divisions of other corps serving with `corps` now (rule 3.2): the scenario's
    /// attachments of whole divisions, less those printed as part of the corps (Scenario 3's
    /// 2/6) and those sent back.
    pub fn attached_divisions(&self, side: Side, corps: &FormationId) -> Vec<FormationId> {
        let oob = crate::data::order_of_battle().side(side);
        let attachments = &self.scenario().side(side).attachments;
        let part_of = |d: &FormationId| {
            attachments
                .iter()
                .any(|a| a.part_of && a.unit == d.as_str())
        };
        let mut out: Vec<FormationId> = attachments
            .iter()
            .filter(|a| &a.to == corps)
            .map(|a| FormationId::new(&a.unit))
            .filter(|d| matches!(oob.formation(d), Some(OobFormation::Division(_))))
            .filter(|d| !part_of(d) && !self.command_state.returned.contains(d))
            .collect();
        out.dedup();
        out
    }

    /// `k` has fallen: if he is Hancock commanding 2 Corps with two or more divisions of other
    /// corps attached, the Union player is asked which one (if any) stays (rule 3.2).
    pub(crate) fn offer_hancock_attached(&mut self, k: UnitKey, command: Option<&FormationId>) {
        let u = self.unit(k);
        let side = u.side;
        if side != Side::Union
            || u.id.as_str() != HANCOCK
            || command.is_none_or(|c| c.as_str() != SECOND_CORPS)
        {
            return;
        }
        let divisions = self.attached_divisions(side, &FormationId(SECOND_CORPS.into()));
        if divisions.len() >= 2 {
            self.decisions
                .push(Decision::new(side, Question::HancockAttached { divisions }));
        }
    }

    /// The answers: keep one of the attached divisions, or none.
    pub(crate) fn hancock_attached_actions(&self, divisions: &[FormationId]) -> Vec<Action> {
        divisions
            .iter()
            .map(|d| Action::KeepAttached {
                division: d.clone(),
            })
            .chain([Action::Decline])
            .collect()
    }

    /// Applies the answer: every attached division but the one kept returns to its corps.
    pub(crate) fn apply_hancock_attached(
        &mut self,
        side: Side,
        divisions: Vec<FormationId>,
        action: Action,
        fx: &mut Fx,
    ) {
        let kept = match action {
            Action::KeepAttached { division } => Some(division),
            _ => None,
        };
        let back: Vec<FormationId> = divisions
            .into_iter()
            .filter(|d| Some(d) != kept.as_ref())
            .collect();
        let names: Vec<&str> = back.iter().map(|d| d.as_str()).collect();
        let text = match &kept {
            Some(d) => format!(
                "{d} stays with 2 Corps; {} return to their corps and are out of command radius \
                 until they reach it (3.2).",
                names.join(" and ")
            ),
            None => format!(
                "No attached division stays with 2 Corps: {} return to their corps and are out \
                 of command radius until they reach it (3.2).",
                names.join(" and ")
            ),
        };
        fx.private(EventKind::Leader, side, text);
        self.command_state.returned.extend(back);
    }

    /// The label of an answer, if the question asked is Hancock's.
    pub(crate) fn hancock_attached_label(&self, action: &Action) -> Option<String> {
        let Some(Question::HancockAttached { .. }) = self.decisions.first().map(|d| d.question())
        else {
            return None;
        };
        match action {
            Action::KeepAttached { division } => Some(format!(
                "Keep {division} with 2 Corps; the other attached divisions return to their \
                 corps (3.2)"
            )),
            Action::Decline => {
                Some("Keep no attached division: all return to their corps (3.2)".to_string())
            }
            _ => None,
        }
    }

    /// The prompt of the question.
    pub(crate) fn hancock_attached_prompt(&self, divisions: &[FormationId]) -> String {
        let names: Vec<&str> = divisions.iter().map(|d| d.as_str()).collect();
        format!(
            "Hancock has fallen: 2 Corps keeps at most one of its attached divisions ({}); the \
             others return to their corps (3.2)",
            names.join(", ")
        )
    }
}
