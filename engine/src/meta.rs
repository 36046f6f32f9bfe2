//! The engine's own actions and events, shared by every game: undo, resignation, time-out,
//! draw offers and the end of the game. Their `type` names are reserved (see [`Rules`](crate::Rules)).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::rules::{Outcome, Told};
use crate::side::{Side, Viewer};

/// An action handled by the engine rather than the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MetaAction {
    /// Take back this seat's last action (offered when allowed).
    Undo,
    /// Give up the game (always possible for a seat while the game runs; not in `actions`).
    Resign,
    /// The seat's clock ran out (recorded by the server, never sent by a client).
    TimeOut,
    /// Offer the game drawn (offered in the view's `draw.actions`, see [`crate::draw`]).
    OfferDraw,
    /// Accept the opponent's standing draw offer: the game ends drawn.
    AcceptDraw,
    /// Decline the opponent's standing draw offer.
    DeclineDraw,
    /// Withdraw this seat's own standing draw offer.
    WithdrawDraw,
}

impl MetaAction {
    /// Recognises a meta action by its `type` alone, so that a label or other extra field
    /// a client echoed back does not matter.
    pub fn parse(action: &Value) -> Option<MetaAction> {
        match action.get("type")?.as_str()? {
            "undo" => Some(MetaAction::Undo),
            "resign" => Some(MetaAction::Resign),
            "time_out" => Some(MetaAction::TimeOut),
            "offer_draw" => Some(MetaAction::OfferDraw),
            "accept_draw" => Some(MetaAction::AcceptDraw),
            "decline_draw" => Some(MetaAction::DeclineDraw),
            "withdraw_draw" => Some(MetaAction::WithdrawDraw),
            _ => None,
        }
    }

    /// The JSON form as offered and recorded.
    pub fn to_value(self) -> Value {
        serde_json::to_value(self).expect("meta actions serialise")
    }
}

/// An event produced by the engine rather than the rules. Public to every viewer, but for
/// the label of an undone action, which only its own side may read ([`MetaEvent::redact`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MetaEvent {
    /// A seat took back its last action. `label` is that action's label, as offered to the
    /// seat: it may name what the other side must not know (a hidden unit, a Combat Order),
    /// so it is left out for every viewer who may not see the side's secrets.
    Undone {
        side: Side,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        label: Option<String>,
    },
    /// A seat resigned.
    Resigned { side: Side },
    /// A seat's clock ran out.
    TimedOut { side: Side },
    /// A seat offered the game drawn.
    DrawOffered { side: Side },
    /// A seat declined the draw its opponent offered.
    DrawDeclined { side: Side },
    /// A seat withdrew its own draw offer.
    DrawWithdrawn { side: Side },
    /// A seat accepted the draw its opponent offered (the game is over, drawn).
    DrawAgreed { side: Side },
    /// The game is over.
    GameOver { outcome: Outcome },
}

impl MetaEvent {
    /// Recognises a stored meta event by its reserved `type`.
    pub fn is_meta(event: &Value) -> bool {
        matches!(
            event.get("type").and_then(Value::as_str),
            Some(
                "undone"
                    | "resigned"
                    | "timed_out"
                    | "draw_offered"
                    | "draw_declined"
                    | "draw_withdrawn"
                    | "draw_agreed"
                    | "game_over"
            )
        )
    }

    /// The JSON form.
    pub fn to_value(&self) -> Value {
        serde_json::to_value(self).expect("meta events serialise")
    }

    /// The form of a stored meta event that `viewer` may see. An undo tells a viewer who may
    /// not see the side's secrets only that the side took back its last action, never what
    /// it was; a stored event this version does not read is shown to nobody but the
    /// omniscient viewer.
    pub fn redact(event: &Value, viewer: Viewer) -> Option<Value> {
        match serde_json::from_value::<MetaEvent>(event.clone()) {
            Ok(typed) => typed.told(viewer).value_of(&typed),
            Err(_) => (viewer == Viewer::Omniscient).then(|| event.clone()),
        }
    }

    /// What `viewer` is told of this event: an undo without its label where the viewer may
    /// not see the side's secrets, everything else whole.
    pub fn told(&self, viewer: Viewer) -> Told<MetaEvent> {
        match self {
            MetaEvent::Undone { side, .. } if !viewer.sees_secrets_of(*side) => {
                Told::Part(MetaEvent::Undone {
                    side: *side,
                    label: None,
                })
            }
            _ => Told::Whole,
        }
    }
}
