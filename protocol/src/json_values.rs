//! Random JSON documents for the patch tests' properties (test-only): small, with the
//! characters JSON Pointer and string escapes care about in keys and strings.

use proptest::prelude::*;
use serde_json::Value;

/// Documents up to four levels deep; with `floats`, numbers with a fraction among the leaves.
pub(crate) fn json_value(floats: bool) -> impl Strategy<Value = Value> {
    let numbers = if floats {
        prop_oneof![
            (-5i64..5).prop_map(Value::from),
            (-2.0f64..2.0).prop_map(Value::from),
        ]
        .boxed()
    } else {
        (-5i64..5).prop_map(Value::from).boxed()
    };
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        numbers,
        "[a-c/~\"\\\\é ]{0,3}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 32, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-c/~\"]{1,2}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// `value` with its arrays edited as a game's lists change between two views: here an
/// element taken out, there one put in (a copy of another, or a new leaf), elsewhere left
/// alone — so that arrays share runs at their start and their end. `seed` chooses the edits.
pub(crate) fn edited(value: &Value, seed: &mut u64) -> Value {
    let mut next = |n: usize| {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((*seed >> 33) as usize) % n.max(1)
    };
    match value {
        Value::Array(items) => {
            let mut items: Vec<Value> = items.iter().map(|v| edited(v, seed)).collect();
            let mut next = |n: usize| {
                *seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((*seed >> 33) as usize) % n.max(1)
            };
            match next(4) {
                0 if !items.is_empty() => {
                    items.remove(next(items.len()));
                }
                1 => {
                    let at = next(items.len() + 1);
                    let copy = match items.is_empty() {
                        true => Value::from(next(3) as i64),
                        false => items[next(items.len())].clone(),
                    };
                    items.insert(at, copy);
                }
                2 => items.insert(next(items.len() + 1), Value::from("new")),
                _ => {}
            }
            Value::Array(items)
        }
        Value::Object(members) => Value::Object(
            members
                .iter()
                .map(|(k, v)| (k.clone(), edited(v, seed)))
                .collect(),
        ),
        Value::Number(_) if next(5) == 0 => Value::from(9),
        other => other.clone(),
    }
}
