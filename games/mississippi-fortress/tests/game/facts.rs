//! The rulebook's statements about the map and the set-ups, copied into `map_facts.json` beside
//! this file (tests must not read outside the repository).

use std::sync::OnceLock;

use serde_json::Value;

/// The parsed facts file.
pub fn facts() -> &'static Value {
    static FACTS: OnceLock<Value> = OnceLock::new();
    FACTS.get_or_init(|| {
        serde_json::from_str(include_str!("map_facts.json")).expect("map_facts.json parses")
    })
}

/// A list of Area numbers.
pub fn areas(v: &Value) -> Vec<u8> {
    v.as_array()
        .expect("a list of Areas")
        .iter()
        .map(|x| u8::try_from(x.as_u64().expect("an Area number")).expect("fits in u8"))
        .collect()
}

/// A number as u8.
pub fn num(v: &Value) -> u8 {
    u8::try_from(v.as_u64().expect("a number")).expect("fits in u8")
}
