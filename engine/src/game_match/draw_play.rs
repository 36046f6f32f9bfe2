//! Playing a draw action ([`crate::draw`]): offered to either seat while the game runs,
//! whoever is to act; it changes nothing of the rules' state, the dice or the undo history.

use super::{Logged, Match, Played};
use crate::error::PlayError;
use crate::meta::{MetaAction, MetaEvent};
use crate::rules::{EndReason, Outcome, Rules};
use crate::side::Side;

impl<G: Rules> Match<G> {
    /// Plays `action`, one of the draw actions, for `side`.
    pub(super) fn play_draw(
        &mut self,
        side: Side,
        action: MetaAction,
    ) -> Result<Played, PlayError> {
        if !self.draw.allows(side, action) {
            let why = match action {
                MetaAction::OfferDraw if self.draw.choices(side).is_empty() => {
                    "your last draw offer was declined: you may offer again once you have played \
                     an action of the game"
                }
                MetaAction::OfferDraw => "a draw offer already stands: answer or withdraw it",
                MetaAction::WithdrawDraw => "you have no draw offer standing to withdraw",
                _ => "your opponent has no draw offer standing",
            };
            return Err(PlayError::NotOffered(why.to_string()));
        }
        let event = match action {
            MetaAction::OfferDraw => MetaEvent::DrawOffered { side },
            MetaAction::DeclineDraw => MetaEvent::DrawDeclined { side },
            MetaAction::WithdrawDraw => MetaEvent::DrawWithdrawn { side },
            _ => MetaEvent::DrawAgreed { side },
        };
        if self.draw.apply(side, action) {
            self.undo.clear();
            self.conceded = Some(Outcome {
                winner: None,
                reason: EndReason::Agreed,
                summary: format!(
                    "Drawn by agreement: the {} player offered a draw and the {side} player accepted",
                    side.opponent()
                ),
                score: None,
            });
        }
        Ok(self.record(
            side,
            action.to_value().to_string(),
            Vec::new(),
            vec![Logged::Meta(event)],
        ))
    }
}
