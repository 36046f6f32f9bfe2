//! JSON Patch (RFC 6902), the subset Adjutant sends: `add`, `remove` and `replace`. A
//! subscriber in patch mode gets the difference between its previous view and the new one,
//! which is far smaller than the view when one counter moves.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use std::convert::Infallible;

use crate::array_ends::lined_up;

/// One patch operation. `path` is a JSON Pointer (RFC 6901).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum PatchOp {
    /// Insert a member or array element (`/-` or an index one past the end appends).
    Add { path: String, value: Value },
    /// Delete a member or array element.
    Remove { path: String },
    /// Replace the value at `path` (the empty path replaces the whole document).
    Replace { path: String, value: Value },
}

/// The operations that turn `old` into `new`.
pub fn diff(old: &Value, new: &Value) -> Vec<PatchOp> {
    let mut ops = Vec::new();
    diff_at(&mut Vec::new(), old, new, &mut ops);
    ops
}

/// One step of the path to where the walk is: a member's key or an array index. The JSON
/// Pointer text is written only for an operation, not for every node visited.
#[derive(Clone, Copy)]
enum Token<'a> {
    Key(&'a str),
    Index(usize),
}

/// The JSON Pointer of `path`, with `last` appended (`-`: the end of an array).
fn pointer(path: &[Token<'_>], last: Option<Token<'_>>) -> String {
    let mut out = String::new();
    for token in path.iter().copied().chain(last) {
        match token {
            Token::Key(key) => push_token(&mut out, key),
            Token::Index(i) => {
                use std::fmt::Write;
                let _ = write!(out, "/{i}");
            }
        }
    }
    out
}

/// Walks both documents once: objects (their keys sorted in both) are merged member by
/// member without look-ups, arrays compared index by index, so the cost is linear in the
/// size of the view; the path is kept as tokens and written out only for an operation.
fn diff_at<'a>(path: &mut Vec<Token<'a>>, old: &'a Value, new: &'a Value, ops: &mut Vec<PatchOp>) {
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => {
            let (mut a, mut b) = (a.iter().peekable(), b.iter().peekable());
            loop {
                match (a.peek(), b.peek()) {
                    (Some((ka, va)), Some((kb, vb))) => match ka.as_str().cmp(kb.as_str()) {
                        std::cmp::Ordering::Equal => {
                            path.push(Token::Key(ka));
                            diff_at(path, va, vb, ops);
                            path.pop();
                            a.next();
                            b.next();
                        }
                        std::cmp::Ordering::Less => {
                            ops.push(PatchOp::Remove {
                                path: pointer(path, Some(Token::Key(ka))),
                            });
                            a.next();
                        }
                        std::cmp::Ordering::Greater => {
                            ops.push(PatchOp::Add {
                                path: pointer(path, Some(Token::Key(kb))),
                                value: (*vb).clone(),
                            });
                            b.next();
                        }
                    },
                    (Some((ka, _)), None) => {
                        ops.push(PatchOp::Remove {
                            path: pointer(path, Some(Token::Key(ka))),
                        });
                        a.next();
                    }
                    (None, Some((kb, vb))) => {
                        ops.push(PatchOp::Add {
                            path: pointer(path, Some(Token::Key(kb))),
                            value: (*vb).clone(),
                        });
                        b.next();
                    }
                    (None, None) => break,
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            // The shared ends left alone, the run between lined up
            // ([`crate::array_ends::lined_up`]).
            let Ok(middle) = lined_up::<Infallible>(a.len(), b.len(), |i, j| Ok(a[i] == b[j]));
            let removals = |path: &[Token], ops: &mut Vec<PatchOp>| {
                for i in middle.removed() {
                    ops.push(PatchOp::Remove {
                        path: pointer(path, Some(Token::Index(i))),
                    });
                }
            };
            if middle.removals_first() {
                removals(path, ops);
            }
            for (i, j, at) in middle.pairs() {
                path.push(Token::Index(at));
                diff_at(path, &a[i], &b[j], ops);
                path.pop();
            }
            if !middle.removals_first() {
                removals(path, ops);
            }
            for i in middle.added() {
                let path = match middle.appended {
                    true => format!("{}/-", pointer(path, None)),
                    false => pointer(path, Some(Token::Index(i))),
                };
                ops.push(PatchOp::Add {
                    path,
                    value: b[i].clone(),
                });
            }
        }
        _ if old == new => {}
        _ => ops.push(PatchOp::Replace {
            path: pointer(path, None),
            value: new.clone(),
        }),
    }
}

fn push_token(path: &mut String, key: &str) {
    path.push('/');
    if !key.contains(['~', '/']) {
        path.push_str(key);
        return;
    }
    for c in key.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            c => path.push(c),
        }
    }
}

/// Applies `ops` to `doc` in order. On error `doc` may be partly patched; callers that must
/// not see that apply to a copy (a client then asks for the whole view again).
pub fn apply(doc: &mut Value, ops: &[PatchOp]) -> Result<(), String> {
    for op in ops {
        match op {
            PatchOp::Replace { path, value } => *target(doc, path)? = value.clone(),
            PatchOp::Add { path, value } => {
                let (parent, last) = parent_of(doc, path)?;
                match parent {
                    Value::Object(map) => {
                        map.insert(last, value.clone());
                    }
                    Value::Array(items) => {
                        let index = if last == "-" {
                            items.len()
                        } else {
                            index(&last, items.len() + 1)?
                        };
                        items.insert(index, value.clone());
                    }
                    _ => return Err(format!("{path}: parent is not a container")),
                }
            }
            PatchOp::Remove { path } => {
                let (parent, last) = parent_of(doc, path)?;
                match parent {
                    Value::Object(map) => {
                        map.remove(&last)
                            .ok_or_else(|| format!("{path}: no such member"))?;
                    }
                    Value::Array(items) => {
                        let i = index(&last, items.len())?;
                        items.remove(i);
                    }
                    _ => return Err(format!("{path}: parent is not a container")),
                }
            }
        }
    }
    Ok(())
}

fn tokens(path: &str) -> Result<Vec<String>, String> {
    if path.is_empty() {
        return Ok(Vec::new());
    }
    let rest = path
        .strip_prefix('/')
        .ok_or_else(|| format!("{path}: a pointer starts with /"))?;
    Ok(rest
        .split('/')
        .map(|t| t.replace("~1", "/").replace("~0", "~"))
        .collect())
}

fn index(token: &str, bound: usize) -> Result<usize, String> {
    match token.parse::<usize>() {
        Ok(i) if i < bound => Ok(i),
        _ => Err(format!("{token}: not an index below {bound}")),
    }
}

fn step<'a>(doc: &'a mut Value, token: &str) -> Result<&'a mut Value, String> {
    match doc {
        Value::Object(map) => map
            .get_mut(token)
            .ok_or_else(|| format!("{token}: no such member")),
        Value::Array(items) => {
            let i = index(token, items.len())?;
            Ok(&mut items[i])
        }
        _ => Err(format!("{token}: not a container")),
    }
}

fn target<'a>(doc: &'a mut Value, path: &str) -> Result<&'a mut Value, String> {
    let mut here = doc;
    for token in tokens(path)? {
        here = step(here, &token)?;
    }
    Ok(here)
}

fn parent_of<'a>(doc: &'a mut Value, path: &str) -> Result<(&'a mut Value, String), String> {
    let mut tokens = tokens(path)?;
    let last = tokens
        .pop()
        .ok_or_else(|| "the root has no parent".to_string())?;
    let mut here = doc;
    for token in tokens {
        here = step(here, &token)?;
    }
    Ok((here, last))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    #[test]
    fn a_moved_counter_is_a_one_line_patch() {
        let old = json!({"seq": 4, "areas": [{"id": 20, "units": ["a", "b"]}, {"id": 21, "units": []}], "prompt": "x"});
        let new = json!({"seq": 5, "areas": [{"id": 20, "units": ["a"]}, {"id": 21, "units": ["b"]}], "prompt": null});
        let ops = diff(&old, &new);
        assert_eq!(
            ops,
            vec![
                PatchOp::Remove {
                    path: "/areas/0/units/1".into()
                },
                PatchOp::Add {
                    path: "/areas/1/units/-".into(),
                    value: json!("b")
                },
                PatchOp::Replace {
                    path: "/prompt".into(),
                    value: Value::Null
                },
                PatchOp::Replace {
                    path: "/seq".into(),
                    value: json!(5)
                },
            ]
        );
        let mut doc = old.clone();
        apply(&mut doc, &ops).unwrap();
        assert_eq!(doc, new);
    }

    #[test]
    fn json_objects_iterate_in_key_order_as_the_diff_assumes() {
        // The diff merges two objects' members in step; with serde_json's `preserve_order`
        // (insertion order) it would be wrong, and this test says so.
        let m = json!({"b": 1, "a": 2, "c": 3});
        let keys: Vec<&String> = m.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["a", "b", "c"]);
    }

    #[test]
    fn keys_with_slashes_and_tildes_are_escaped() {
        let old = json!({"a/b": 1, "c~d": 2});
        let new = json!({"a/b": 3});
        let ops = diff(&old, &new);
        assert!(ops.contains(&PatchOp::Replace {
            path: "/a~1b".into(),
            value: json!(3)
        }));
        let mut doc = old;
        apply(&mut doc, &ops).unwrap();
        assert_eq!(doc, new);
    }

    #[test]
    fn bad_paths_are_refused() {
        let mut doc = json!({"a": [1]});
        assert!(apply(&mut doc, &[PatchOp::Remove { path: "/b".into() }]).is_err());
        assert!(
            apply(
                &mut doc,
                &[PatchOp::Replace {
                    path: "/a/3".into(),
                    value: json!(1)
                }]
            )
            .is_err()
        );
        assert!(
            apply(
                &mut doc,
                &[PatchOp::Add {
                    path: "a".into(),
                    value: json!(1)
                }]
            )
            .is_err()
        );
    }

    fn json_value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            (-5i64..5).prop_map(Value::from),
            "[a-c/~]{0,2}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 32, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                prop::collection::btree_map("[a-c/~]{1,2}", inner, 0..4)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn applying_the_diff_gives_the_new_document(old in json_value(), new in json_value()) {
            let ops = diff(&old, &new);
            let mut doc = old.clone();
            apply(&mut doc, &ops).unwrap();
            prop_assert_eq!(doc, new);
        }
    }
}
