//! What a game tells the catalog about itself: its scenarios and the choices made when a game
//! is created (public options) or when a seat is taken (secret choices), and the validation
//! that turns what a client sent into a complete, checked [`Setup`](crate::Setup).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::side::Side;

/// A game's entry in the catalog.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameInfo {
    /// Kebab-case id used on the wire (`mississippi-fortress`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// One paragraph for the lobby.
    pub description: String,
    /// The scenarios, in the rulebook's order.
    pub scenarios: Vec<ScenarioInfo>,
    /// Every option and secret choice the game knows.
    pub choices: Vec<ChoiceInfo>,
}

/// One scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScenarioInfo {
    /// Kebab-case id (`champion-hill`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// One or two sentences for the lobby.
    pub description: String,
    /// Number of game turns.
    pub turns: u32,
}

/// Who makes a choice, and whether the other side learns it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChoiceScope {
    /// A public option set by the creator of the game.
    Option,
    /// A secret choice made privately by the player of this side when taking the seat.
    Secret(Side),
}

/// The values a choice may take.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ChoiceKind {
    /// On or off.
    Bool { default: bool },
    /// One of a list of named values.
    Enum {
        values: Vec<EnumValue>,
        default: String,
    },
    /// An integer in a range.
    Int { min: i64, max: i64, default: i64 },
}

/// One value of an [`ChoiceKind::Enum`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EnumValue {
    pub id: String,
    pub name: String,
}

/// One option or secret choice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChoiceInfo {
    /// Key in the `options` or `secret_choices` object.
    pub id: String,
    /// Display name.
    pub name: String,
    /// One line of explanation, with its rule number.
    pub description: String,
    /// Public option or a side's secret choice.
    pub scope: ChoiceScope,
    /// Allowed values and the default.
    pub kind: ChoiceKind,
    /// The scenarios it applies to; empty means all.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scenarios: Vec<String>,
    /// Boolean options that must also be on when this one is on (an optional rule that
    /// builds on another); empty for most.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requires: Vec<String>,
}

impl ChoiceInfo {
    fn applies_to(&self, scenario: &str) -> bool {
        self.scenarios.is_empty() || self.scenarios.iter().any(|s| s == scenario)
    }

    fn default_value(&self) -> Value {
        match &self.kind {
            ChoiceKind::Bool { default } => Value::Bool(*default),
            ChoiceKind::Enum { default, .. } => Value::String(default.clone()),
            ChoiceKind::Int { default, .. } => Value::from(*default),
        }
    }

    fn check(&self, value: &Value) -> Result<(), String> {
        match (&self.kind, value) {
            (ChoiceKind::Bool { .. }, Value::Bool(_)) => Ok(()),
            (ChoiceKind::Enum { values, .. }, Value::String(s)) => {
                if values.iter().any(|v| &v.id == s) {
                    Ok(())
                } else {
                    let allowed: Vec<&str> = values.iter().map(|v| v.id.as_str()).collect();
                    Err(format!(
                        "{} must be one of {}, not {s:?}",
                        self.id,
                        allowed.join(", ")
                    ))
                }
            }
            (ChoiceKind::Int { min, max, .. }, Value::Number(n)) => match n.as_i64() {
                Some(i) if (*min..=*max).contains(&i) => Ok(()),
                _ => Err(format!(
                    "{} must be a whole number from {min} to {max}",
                    self.id
                )),
            },
            (ChoiceKind::Bool { .. }, _) => Err(format!("{} must be true or false", self.id)),
            (ChoiceKind::Enum { .. }, _) => Err(format!("{} must be a string", self.id)),
            (ChoiceKind::Int { .. }, _) => Err(format!("{} must be a whole number", self.id)),
        }
    }
}

impl GameInfo {
    /// The scenario with this id.
    pub fn scenario(&self, id: &str) -> Option<&ScenarioInfo> {
        self.scenarios.iter().find(|s| s.id == id)
    }

    /// Checks the public options sent for `scenario` and fills in every default.
    /// Unknown keys, wrong types and values out of range are refused with a sentence.
    pub fn resolve_options(
        &self,
        scenario: &str,
        given: &Value,
    ) -> Result<Map<String, Value>, String> {
        self.resolve(scenario, given, ChoiceScope::Option, "option")
    }

    /// Checks the secret choices sent by the player of `side` and fills in every default.
    pub fn resolve_secret_choices(
        &self,
        scenario: &str,
        side: Side,
        given: &Value,
    ) -> Result<Map<String, Value>, String> {
        self.resolve(scenario, given, ChoiceScope::Secret(side), "secret choice")
    }

    /// Whether a secret choice sent for `side` would be valid whichever side the player got:
    /// used when the side is drawn at random after the choices are sent.
    pub fn resolve_secret_choices_any_side(
        &self,
        scenario: &str,
        given: &Value,
    ) -> Result<(), String> {
        let known = |key: &str| {
            self.choices.iter().any(|c| {
                c.id == key && matches!(c.scope, ChoiceScope::Secret(_)) && c.applies_to(scenario)
            })
        };
        let Some(object) = as_object(given)? else {
            return Ok(());
        };
        for key in object.keys() {
            if !known(key) {
                return Err(format!("this scenario has no secret choice called {key:?}"));
            }
        }
        Ok(())
    }

    fn resolve(
        &self,
        scenario: &str,
        given: &Value,
        scope: ChoiceScope,
        noun: &str,
    ) -> Result<Map<String, Value>, String> {
        let empty = Map::new();
        let object = as_object(given)?.unwrap_or(&empty);
        let relevant: Vec<&ChoiceInfo> = self
            .choices
            .iter()
            .filter(|c| c.scope == scope && c.applies_to(scenario))
            .collect();
        for key in object.keys() {
            let known = relevant.iter().any(|c| &c.id == key);
            // A player whose side is drawn at random may send the other side's secret
            // choices as well; those are dropped, not refused.
            let other_sides = matches!(scope, ChoiceScope::Secret(_))
                && self.is_other_sides_secret(scenario, key);
            if !known && !other_sides {
                return Err(format!("this scenario has no {noun} called {key:?}"));
            }
        }
        let mut out = Map::new();
        for choice in relevant {
            let value = match object.get(&choice.id) {
                Some(v) => {
                    choice.check(v)?;
                    v.clone()
                }
                None => choice.default_value(),
            };
            out.insert(choice.id.clone(), value);
        }
        for choice in self.choices.iter().filter(|c| c.applies_to(scenario)) {
            if out.get(&choice.id) != Some(&Value::Bool(true)) {
                continue;
            }
            if let Some(missing) = choice
                .requires
                .iter()
                .find(|r| out.get(r.as_str()) != Some(&Value::Bool(true)))
            {
                return Err(format!("the {noun} {:?} needs {missing:?} too", choice.id));
            }
        }
        Ok(out)
    }

    fn is_other_sides_secret(&self, scenario: &str, key: &str) -> bool {
        self.choices.iter().any(|c| {
            c.id == key && matches!(c.scope, ChoiceScope::Secret(_)) && c.applies_to(scenario)
        })
    }
}

fn as_object(value: &Value) -> Result<Option<&Map<String, Value>>, String> {
    match value {
        Value::Null => Ok(None),
        Value::Object(map) => Ok(Some(map)),
        _ => Err("options and secret choices must be a JSON object".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn info() -> GameInfo {
        GameInfo {
            id: "g".into(),
            name: "G".into(),
            description: String::new(),
            scenarios: vec![ScenarioInfo {
                id: "s".into(),
                name: "S".into(),
                description: String::new(),
                turns: 3,
            }],
            choices: vec![
                ChoiceInfo {
                    id: "weather".into(),
                    name: "Optional weather".into(),
                    description: String::new(),
                    scope: ChoiceScope::Option,
                    kind: ChoiceKind::Bool { default: false },
                    scenarios: vec![],
                    requires: vec![],
                },
                ChoiceInfo {
                    id: "variant".into(),
                    name: "Variant".into(),
                    description: String::new(),
                    scope: ChoiceScope::Secret(Side::Union),
                    kind: ChoiceKind::Enum {
                        values: vec![
                            EnumValue {
                                id: "a".into(),
                                name: "A".into(),
                            },
                            EnumValue {
                                id: "b".into(),
                                name: "B".into(),
                            },
                        ],
                        default: "a".into(),
                    },
                    scenarios: vec!["s".into()],
                    requires: vec![],
                },
                ChoiceInfo {
                    id: "reserve".into(),
                    name: "Reserve".into(),
                    description: String::new(),
                    scope: ChoiceScope::Secret(Side::Confederate),
                    kind: ChoiceKind::Int {
                        min: 1,
                        max: 3,
                        default: 2,
                    },
                    scenarios: vec![],
                    requires: vec![],
                },
            ],
        }
    }

    #[test]
    fn an_option_needs_the_options_it_builds_on() {
        let mut info = info();
        info.choices.push(ChoiceInfo {
            id: "more-weather".into(),
            name: "More weather".into(),
            description: String::new(),
            scope: ChoiceScope::Option,
            kind: ChoiceKind::Bool { default: false },
            scenarios: vec![],
            requires: vec!["weather".into()],
        });
        let refused = info
            .resolve_options("s", &json!({"more-weather": true}))
            .unwrap_err();
        assert!(refused.contains("needs \"weather\""), "{refused}");
        assert!(
            info.resolve_options("s", &json!({"more-weather": true, "weather": true}))
                .is_ok()
        );
        assert!(info.resolve_options("s", &json!({"weather": true})).is_ok());
    }

    #[test]
    fn defaults_fill_what_was_not_sent() {
        let info = info();
        assert_eq!(
            info.resolve_options("s", &Value::Null).unwrap(),
            json!({"weather": false}).as_object().unwrap().clone()
        );
        assert_eq!(
            info.resolve_secret_choices("s", Side::Union, &json!({"variant": "b"}))
                .unwrap(),
            json!({"variant": "b"}).as_object().unwrap().clone()
        );
    }

    #[test]
    fn bad_choices_are_refused_with_a_sentence() {
        let info = info();
        assert!(info.resolve_options("s", &json!({"weather": 1})).is_err());
        assert!(info.resolve_options("s", &json!({"fog": true})).is_err());
        assert!(info.resolve_options("s", &json!([1])).is_err());
        let err = info
            .resolve_secret_choices("s", Side::Union, &json!({"variant": "c"}))
            .unwrap_err();
        assert!(err.contains("one of a, b"), "{err}");
        assert!(
            info.resolve_secret_choices("s", Side::Confederate, &json!({"reserve": 9}))
                .is_err()
        );
    }

    #[test]
    fn the_other_sides_secret_choice_is_dropped_not_kept() {
        let info = info();
        let resolved = info
            .resolve_secret_choices("s", Side::Confederate, &json!({"variant": "b"}))
            .unwrap();
        assert_eq!(resolved, json!({"reserve": 2}).as_object().unwrap().clone());
        assert!(
            info.resolve_secret_choices_any_side("s", &json!({"variant": "b"}))
                .is_ok()
        );
        assert!(
            info.resolve_secret_choices_any_side("s", &json!({"bogus": 1}))
                .is_err()
        );
    }
}
