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
