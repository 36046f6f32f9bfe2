//! The checked choices a game starts from.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::side::PerSide;

/// Everything a scenario is set up from apart from the seed: checked and complete (every
/// default filled in) by [`GameInfo::resolve_options`](crate::GameInfo::resolve_options)
/// and [`GameInfo::resolve_secret_choices`](crate::GameInfo::resolve_secret_choices).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    /// Kebab-case scenario id.
    pub scenario: String,
    /// Public options, known to everyone.
    pub options: Map<String, Value>,
    /// Each side's secret choices, known only to that side until the rules reveal them.
    pub secret_choices: PerSide<Map<String, Value>>,
}

impl Setup {
    /// A public option as a boolean (false when absent).
    pub fn option_bool(&self, id: &str) -> bool {
        self.options
            .get(id)
            .and_then(Value::as_bool)
            .unwrap_or(false)
    }

    /// A public option as an integer.
    pub fn option_int(&self, id: &str) -> Option<i64> {
        self.options.get(id).and_then(Value::as_i64)
    }

    /// A public option as a string.
    pub fn option_str(&self, id: &str) -> Option<&str> {
        self.options.get(id).and_then(Value::as_str)
    }
}
