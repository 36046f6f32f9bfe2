//! The check of a posted rules action: only an offered one is accepted. Where the state's
//! offer is not listed yet (a replay, a check before any view), the rules are asked first
//! whether the action is offered without listing every legal one
//! ([`Rules::offered_fit`]); only when they cannot tell is the list built and scanned, so a
//! refusal is always the list's.

use serde_json::Value;

use super::Match;
use super::undo::Label;
use crate::error::PlayError;
use crate::offer::ADDED_MEMBERS;
use crate::rules::Rules;
use crate::side::Side;

impl<G: Rules> Match<G> {
    /// The posted action, parsed, with the label of the offered action it fits (for undo:
    /// the offer's, or the offered action itself when the rules told it, labelled only when
    /// asked); `Err` when `side` need not act or the action is not offered.
    pub(super) fn check_posted(
        &self,
        side: Side,
        action: &Value,
    ) -> Result<(G::Action, Label<G>), PlayError> {
        let parsed = match G::read_action(action) {
            Some(read) => {
                debug_assert!(
                    read_derived::<G>(action).is_ok_and(|derived| derived == read),
                    "the rules read {action} as {read:?}, not as Deserialize reads it"
                );
                Ok(read)
            }
            None => read_derived::<G>(action),
        };
        let fit = match &parsed {
            Ok(posted) if self.offers.built(side).is_none() => self.state.offered_fit(side, posted),
            _ => None,
        };
        let parsed = match (fit, parsed) {
            (Some(offered), Ok(posted)) => {
                return Ok((posted, Label::Of(offered)));
            }
            (_, parsed) => parsed,
        };
        let offer = self.offer(side);
        if !offer.acts() {
            return Err(PlayError::NotYourTurn(side));
        }
        let posted = parsed.map_err(|e| {
            PlayError::NotOffered(format!("it is not an action of this game ({e})"))
        })?;
        let Some(fitting) = offer
            .actions
            .iter()
            .position(|o| self.state.fits(o, &posted))
        else {
            return Err(PlayError::NotOffered(
                "choose one of the actions listed in your view".to_string(),
            ));
        };
        Ok((posted, Label::Made(offer.label(&self.state, side, fitting))))
    }
}

/// The posted action read by its `Deserialize`, without the members the engine adds to an
/// offered one.
fn read_derived<G: Rules>(action: &Value) -> Result<G::Action, serde_json::Error> {
    let mut action = action.clone();
    if let Value::Object(map) = &mut action {
        for member in ADDED_MEMBERS {
            map.remove(member);
        }
    }
    serde_json::from_value(action)
}
