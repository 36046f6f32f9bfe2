//! Lee as corps commander (rule 4.1d): when a Confederate corps commander falls, the
//! Confederate player may have Lee take that corps instead of its senior division commander.
//! Lee then writes himself in-person orders as corps commander (an order to himself does not
//! use up his one in-person order away from the HQ, `issue`), must touch base at that corps'
//! HQ (`acceptance::touch_base`, through [`BloodyRoadsSouth::corps_commander`]), and may use
//! initiative for that corps with any order (`roles::initiative_right`); he remains army
//! commander.
//!
//! **Decisions** (reference 4.1d): the choice is a question to the Confederate player the
//! moment the corps commander falls, offered only while Lee himself is the army commander, on
//! the map and not already commanding a corps (he cannot stand in two HQs): *Lee takes the
//! corps* or *leave it to the senior division commander* (S25.4, as before, his division then
//! gets a replacement). Both answers are public, as a leader's fall is. If Lee falls while he
//! commands a corps, that corps passes to its senior division commander at once.

use adjutant_engine::Side;

use crate::data::FormationId;
use crate::events::{EventKind, Fx};
use crate::model::action::Action;
use crate::model::decision::{Decision, Question};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::UnitKey;

impl BloodyRoadsSouth {
    /// Lee on the map as the army commander, free to take a corps (4.1d).
    fn lee_free(&self, side: Side) -> Option<UnitKey> {
        let in_data = !self.scenario().side(side).acting_commanders.is_empty();
        if side != Side::Confederate || self.command_state.lee_corps.is_some() || in_data {
            return None;
        }
        let oob = crate::data::order_of_battle().side(side);
        let (k, army) = self.chief(side)?;
        oob.armies()
            .iter()
            .any(|a| a.id == army && a.commander == self.unit(k).id)
            .then_some(k)
    }

    /// A corps commander of `side` has fallen: ask whether Lee takes the corps (4.1d). True
    /// when asked (the succession waits for the answer).
    pub(crate) fn offer_lee_the_corps(&mut self, side: Side, corps: &FormationId) -> bool {
        let Some(lee) = self.lee_free(side) else {
            return false;
        };
        self.decisions.push(Decision::new(
            side,
            Question::LeeTakesCorps {
                leader: lee,
                corps: corps.clone(),
            },
        ));
        true
    }

    /// The answers: Lee takes the corps, or its senior division commander does.
    pub(crate) fn lee_corps_actions(&self) -> Vec<Action> {
        vec![Action::TakeCorps, Action::Decline]
    }

    /// Applies the answer (see the module's words).
    pub(crate) fn apply_lee_corps(
        &mut self,
        side: Side,
        leader: UnitKey,
        corps: FormationId,
        action: Action,
        fx: &mut Fx,
    ) {
        if action == Action::TakeCorps {
            let name = self.leader_name(leader);
            fx.public(
                EventKind::Leader,
                format!(
                    "{name} takes command of {corps} Corps himself and remains army commander \
                     (4.1d)."
                ),
            );
            self.command_state.lee_corps = Some(corps);
        } else {
            self.appoint_successor(side, &corps, fx);
        }
    }

    /// Lee has fallen: the corps he commanded passes to its senior division commander.
    pub(crate) fn lee_falls(&mut self, side: Side, k: UnitKey, fx: &mut Fx) {
        let oob = crate::data::order_of_battle().side(side);
        let is_lee = oob
            .armies()
            .first()
            .is_some_and(|a| a.commander == self.unit(k).id);
        if side == Side::Confederate
            && is_lee
            && let Some(corps) = self.command_state.lee_corps.take()
        {
            self.appoint_successor(side, &corps, fx);
        }
    }

    /// The label of an answer to the question, if it is the question asked.
    pub(crate) fn lee_corps_label(&self, action: &Action) -> Option<String> {
        let Some(Question::LeeTakesCorps { leader, corps }) =
            self.decisions.first().map(|d| d.question())
        else {
            return None;
        };
        let name = self.leader_name(*leader);
        match action {
            Action::TakeCorps => Some(format!("{name} takes command of {corps} Corps (4.1d)")),
            Action::Decline => Some(format!(
                "Leave {corps} Corps to its senior division commander (25.4)"
            )),
            _ => None,
        }
    }

    /// The prompt of the question.
    pub(crate) fn lee_corps_prompt(&self, leader: UnitKey, corps: &FormationId) -> String {
        format!(
            "The commander of {corps} Corps has fallen: {} may take the corps himself, or leave \
             it to its senior division commander (4.1d)",
            self.leader_name(leader)
        )
    }
}
