//! What a seat is offered in the current state — its legal actions, its prompt and the
//! labelled list a client picks from — computed once per state and shared by the prompt, the
//! labels, every view and the check of a posted action.

use serde_json::Value;
use std::sync::{Arc, OnceLock};

use crate::meta::MetaAction;
use crate::rules::Rules;
use crate::side::Side;

/// One seat's offer in one state.
#[derive(Clone, Debug)]
pub(crate) struct Offer<G: Rules> {
    /// The rules' legal actions, in the rules' order (empty when the seat need not act).
    pub actions: Vec<G::Action>,
    /// The sentence asking the seat to act: written when first asked for (a view's), not
    /// for a check of a posted action or a replay.
    prompt: OnceLock<String>,
    /// Whether the seat may undo (the label of the action undo would take back is asked for
    /// only when the labelled list is written: a replay never does).
    undo: bool,
    /// `actions` as JSON objects with their labels, then `undo` where it is offered, one
    /// text each: written once, when a view of the seat first asks (a posted action's check
    /// and a replay never do).
    offered: OnceLock<Vec<Arc<str>>>,
}

impl<G: Rules> Offer<G> {
    /// Nothing to do (the game is over).
    pub fn none() -> Self {
        Offer {
            actions: Vec::new(),
            prompt: OnceLock::new(),
            undo: false,
            offered: OnceLock::new(),
        }
    }

    /// The offer of `side` in `state`; `undo`: whether it may take back an action.
    pub fn build(state: &G, side: Side, undo: bool) -> Self {
        Offer::of(state.legal_actions(side), undo)
    }

    /// The offer of the legal actions `actions`; `undo` as for [`Offer::build`].
    pub fn of(actions: Vec<G::Action>, undo: bool) -> Self {
        if actions.is_empty() {
            return Offer::none();
        }
        Offer {
            actions,
            prompt: OnceLock::new(),
            undo,
            offered: OnceLock::new(),
        }
    }

    /// Whether the seat must act (it has legal actions).
    pub fn acts(&self) -> bool {
        !self.actions.is_empty()
    }

    /// The sentence asking the seat to act, if it must.
    pub fn prompt(&self, state: &G, side: Side) -> Option<&str> {
        self.acts().then(|| {
            self.prompt
                .get_or_init(|| {
                    state
                        .prompt(side)
                        .unwrap_or_else(|| "Choose one of the offered actions".to_string())
                })
                .as_str()
        })
    }

    /// The label of the `i`-th legal action.
    pub fn label(&self, state: &G, side: Side, i: usize) -> String {
        state.label(side, &self.actions[i])
    }

    /// The labelled list a client picks from, one JSON text an element (none when the seat
    /// need not act), shared by every view of this state: a view holds it as an array of
    /// parts, so an update compares the elements, not the list's text, and walks only those
    /// that differ. `undo_label` gives the label of the action undo would take back, where
    /// it is offered.
    pub fn offered_parts(
        &self,
        state: &G,
        side: Side,
        undo_label: impl FnOnce() -> Option<String>,
    ) -> &[Arc<str>] {
        self.offered.get_or_init(|| {
            if !self.acts() {
                return Vec::new();
            }
            let mut out = Vec::with_capacity(self.actions.len() + 1);
            for action in &self.actions {
                let text = serde_json::to_string(action).expect("rules types serialise to JSON");
                let irrevocable = state.irrevocable(side, action);
                out.push(labelled(&text, &state.label(side, action), irrevocable));
            }
            if let Some(label) = self.undo.then(undo_label).flatten() {
                let undo = serde_json::to_string(&MetaAction::Undo.to_value())
                    .expect("a meta action serialises");
                out.push(labelled(&undo, &format!("Undo: {label}"), false));
            }
            out
        })
    }

    /// The labelled list as JSON values (tests and tools; views write the text).
    pub fn offered(
        &self,
        state: &G,
        side: Side,
        undo_label: impl FnOnce() -> Option<String>,
    ) -> Vec<Value> {
        self.offered_parts(state, side, undo_label)
            .iter()
            .map(|text| serde_json::from_str(text).expect("an offered action is JSON"))
            .collect()
    }
}

/// The JSON object `object` with `label` (and the irrevocable mark) as members of its own,
/// as one text; any other JSON value as it is.
fn labelled(object: &str, label: &str, irrevocable: bool) -> Arc<str> {
    let mut out = String::with_capacity(object.len() + label.len() + 24);
    write_labelled(&mut out, object, label, irrevocable);
    Arc::from(out)
}

/// Appends the JSON object `object` with `label` (and the irrevocable mark) as members of
/// its own; any other JSON value is appended as it is.
fn write_labelled(out: &mut String, object: &str, label: &str, irrevocable: bool) {
    let Some(members) = object
        .strip_prefix('{')
        .and_then(|rest| rest.strip_suffix('}'))
    else {
        out.push_str(object);
        return;
    };
    out.push('{');
    if !members.trim().is_empty() {
        out.push_str(members);
        out.push(',');
    }
    out.push_str("\"label\":");
    out.push_str(&serde_json::to_string(label).expect("a string serialises"));
    if irrevocable {
        out.push_str(",\"");
        out.push_str(IRREVOCABLE);
        out.push_str("\":true");
    }
    out.push('}');
}

/// Both seats' offers, each built on first use and dropped whenever the state changes.
#[derive(Clone, Debug)]
pub(crate) struct Offers<G: Rules>([OnceLock<Offer<G>>; 2]);

impl<G: Rules> Default for Offers<G> {
    fn default() -> Self {
        Offers([OnceLock::new(), OnceLock::new()])
    }
}

impl<G: Rules> Offers<G> {
    /// The offer of `side`, built by `build` if this state has none yet.
    pub fn get(&self, side: Side, build: impl FnOnce() -> Offer<G>) -> &Offer<G> {
        self.0[side.index()].get_or_init(build)
    }

    /// The offer of `side`, if this state has built it already.
    pub fn built(&self, side: Side) -> Option<&Offer<G>> {
        self.0[side.index()].get()
    }

    /// Sets the offer of `side` for this state (one built already stays).
    pub fn set(&self, side: Side, offer: Offer<G>) {
        let _ = self.0[side.index()].set(offer);
    }
}

/// The mark of an offered action the seat cannot take back ([`Rules::irrevocable`]); like
/// the label, a client may post it back and the engine drops it.
pub(crate) const IRREVOCABLE: &str = "irrevocable";

/// The members the engine adds to an offered action (its `label`, the `irrevocable`
/// mark): a client may post them back, and they are no part of the rules' action.
pub const ADDED_MEMBERS: [&str; 2] = ["label", IRREVOCABLE];

/// `value` as JSON text, written from its typed value (no tree between).
pub(crate) fn to_text<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("rules types serialise to JSON")
}
