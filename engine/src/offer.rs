//! What a seat is offered in the current state — its legal actions, its prompt and the
//! labelled list a client picks from — computed once per state and shared by the prompt, the
//! labels, every view and the check of a posted action.

use serde_json::Value;
use std::sync::OnceLock;

use crate::meta::MetaAction;
use crate::rules::Rules;
use crate::side::Side;

/// One seat's offer in one state.
#[derive(Clone, Debug)]
pub(crate) struct Offer<G: Rules> {
    /// The rules' legal actions, in the rules' order (empty when the seat need not act).
    pub actions: Vec<G::Action>,
    /// The sentence asking the seat to act (`None` exactly when `actions` is empty).
    pub prompt: Option<String>,
    /// `actions` as JSON objects with their labels, then `undo` where it is offered.
    pub offered: Vec<Value>,
}

impl<G: Rules> Offer<G> {
    /// The offer of `side` in `state`; `undo` is the label of the action it may take back.
    pub fn build(state: &G, side: Side, undo: Option<&str>) -> Self {
        let actions = state.legal_actions(side);
        if actions.is_empty() {
            return Offer {
                actions,
                prompt: None,
                offered: Vec::new(),
            };
        }
        let prompt = state
            .prompt(side)
            .unwrap_or_else(|| "Choose one of the offered actions".to_string());
        let mut offered: Vec<Value> = actions
            .iter()
            .map(|action| {
                let mut value = labelled(to_value(action), state.label(side, action));
                if state.irrevocable(side, action) {
                    value[IRREVOCABLE] = Value::Bool(true);
                }
                value
            })
            .collect();
        if let Some(label) = undo {
            offered.push(labelled(
                MetaAction::Undo.to_value(),
                format!("Undo: {label}"),
            ));
        }
        Offer {
            actions,
            prompt: Some(prompt),
            offered,
        }
    }

    /// The label of the `i`-th legal action.
    pub fn label(&self, i: usize) -> String {
        self.offered[i]["label"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }
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
}

/// The mark of an offered action the seat cannot take back ([`Rules::irrevocable`]); like
/// the label, a client may post it back and the engine drops it.
pub(crate) const IRREVOCABLE: &str = "irrevocable";

pub(crate) fn to_value<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("rules types serialise to JSON")
}

fn labelled(mut action: Value, label: String) -> Value {
    if let Value::Object(map) = &mut action {
        map.insert("label".to_string(), Value::String(label));
    }
    action
}
