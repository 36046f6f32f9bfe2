//! Batches typed on the command line: a game whose secret decisions are one action each (Bloody
//! Roads South's `issue_orders` and `initiative`) offers the action with empty lists and puts
//! a numbered menu in the seat's own view (`batch_menu`: `action`, and `entries` each with
//! `n`, the list it goes in `field`, the `item` and a `label`). `--order` and `--attempt` take
//! `ENTRY|OBJECTIVE|WORDS`: the entry's number, the hex it aims at (empty for none) and its
//! words (which may contain `|`); each adds one item, in the order given. An entry whose item
//! names a `hex` to fill (and takes no words: a brigade's return through a marker in a hex)
//! takes `ENTRY|HEX`.

use serde_json::Value;

/// The `batch_menu` of a view, wherever the view nests it (at most three levels down).
fn find_menu(v: &Value, depth: u8) -> Option<&Value> {
    let map = v.as_object()?;
    if let Some(m) = map.get("batch_menu") {
        return Some(m);
    }
    if depth == 0 {
        return None;
    }
    map.values().find_map(|x| find_menu(x, depth - 1))
}

/// Adds the items of `orders` (flag `--order`) and `attempts` (flag `--attempt`) to the chosen
/// batch `action` from the menu in `view`. Nothing to add leaves the action as it is (the empty
/// batch); an entry that does not exist, a flag for the wrong batch, or words for an entry
/// that takes none is refused in words.
pub(super) fn fill_batch(
    action: &mut Value,
    view: &Value,
    orders: &[String],
    attempts: &[String],
) -> Result<(), String> {
    if orders.is_empty() && attempts.is_empty() {
        return Ok(());
    }
    let label = action["label"]
        .as_str()
        .unwrap_or("the chosen action")
        .to_string();
    let kind = action["type"].as_str().unwrap_or("").to_string();
    let menu = find_menu(view, 3).filter(|m| m["action"] == kind.as_str());
    let Some(menu) = menu else {
        return Err(format!(
            "“{label}” is not a batch: --order and --attempt add entries of your orders or \
             initiative menu to the batch action that offers them."
        ));
    };
    let entries = menu["entries"].as_array().cloned().unwrap_or_default();
    for (flag, specs) in [("--order", orders), ("--attempt", attempts)] {
        for spec in specs {
            let mut parts = spec.splitn(3, '|');
            let number = parts.next().unwrap_or("").trim();
            let objective = parts.next().unwrap_or("").trim();
            let words = parts.next().unwrap_or("").trim();
            let entry = number
                .parse::<u64>()
                .ok()
                .and_then(|n| entries.iter().find(|e| e["n"].as_u64() == Some(n)))
                .ok_or_else(|| {
                    format!(
                        "{flag} '{spec}': the first part must be an entry number of your menu, \
                         1 to {} (see `adjutant show`).",
                        entries.len()
                    )
                })?;
            let field = entry["field"].as_str().unwrap_or("");
            let wanted = if flag == "--attempt" {
                field == "attempts"
            } else {
                field != "attempts"
            };
            if !wanted {
                let other = if flag == "--order" {
                    "--attempt"
                } else {
                    "--order"
                };
                return Err(format!(
                    "{flag} '{spec}': entry {number} is an item for {other}."
                ));
            }
            let mut item = entry["item"].clone();
            if item.get("text").is_some() {
                if !objective.is_empty() {
                    item["objective"] = Value::String(objective.to_string());
                }
                if !words.is_empty() {
                    item["text"] = Value::String(words.to_string());
                }
            } else if item.get("hex").is_some() {
                if objective.is_empty() || !words.is_empty() {
                    return Err(format!(
                        "{flag} '{spec}': entry {number} takes a hex and no words: give \
                         {number}|HEX (see the hexes your menu lists)."
                    ));
                }
                item["hex"] = Value::String(objective.to_string());
            } else if !objective.is_empty() || !words.is_empty() {
                return Err(format!(
                    "{flag} '{spec}': entry {number} takes no objective or words; give just {number}."
                ));
            }
            match action.get_mut(field).and_then(Value::as_array_mut) {
                Some(list) => list.push(item),
                None => {
                    action[field] = Value::Array(vec![item]);
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn view() -> Value {
        json!({"view": {"command": {"batch_menu": {"action": "issue_orders", "entries": [
            {"n": 1, "field": "orders", "label": "Write a complex order to 5 Corps",
             "item": {"receiver": {"to": "corps", "id": "5"}, "method": "aide-written",
                      "order_type": "complex", "objective": null, "text": ""}},
            {"n": 2, "field": "drop_goals", "label": "Drop the goal of division 4/5",
             "item": {"to": "division", "id": "4/5"}},
            {"n": 3, "field": "returns", "label": "Return the eliminated 3/4/5",
             "item": {"brigade": "3/4/5", "hex": null}, "hexes": ["A39.06"]}
        ]}}}})
    }

    fn batch() -> Value {
        json!({"type": "issue_orders", "orders": [], "drop_goals": [], "retreats": [],
               "label": "Issue your orders (0 written)"})
    }

    #[test]
    fn orders_fill_a_batch_in_the_order_given() {
        let mut a = batch();
        let specs = vec!["1|A12.10|Attack | then hold".to_string(), "2".to_string()];
        fill_batch(&mut a, &view(), &specs, &[]).unwrap();
        assert_eq!(a["orders"][0]["text"], "Attack | then hold");
        assert_eq!(a["orders"][0]["objective"], "A12.10");
        assert_eq!(a["drop_goals"][0]["id"], "4/5");
        let mut twice = batch();
        fill_batch(
            &mut twice,
            &view(),
            &["1||Go".into(), "1||Stay".into()],
            &[],
        )
        .unwrap();
        assert_eq!(twice["orders"].as_array().unwrap().len(), 2);
        assert!(twice["orders"][1]["objective"].is_null());
    }

    #[test]
    fn an_entry_naming_a_hex_takes_it_from_the_objective_part() {
        let mut a = batch();
        fill_batch(&mut a, &view(), &["3|A39.06".into()], &[]).unwrap();
        assert_eq!(a["returns"][0]["brigade"], "3/4/5");
        assert_eq!(a["returns"][0]["hex"], "A39.06");
    }

    #[test]
    fn a_bad_entry_is_refused_in_words() {
        let err = fill_batch(&mut batch(), &view(), &["9|A1.01|x".into()], &[]).unwrap_err();
        assert!(err.contains("entry number of your menu, 1 to 3"), "{err}");
        for spec in ["3", "3||", "3|A39.06|Come back"] {
            let err = fill_batch(&mut batch(), &view(), &[spec.into()], &[]).unwrap_err();
            assert!(
                err.contains("takes a hex and no words: give 3|HEX"),
                "{err}"
            );
        }
        let err = fill_batch(&mut batch(), &view(), &[], &["1".into()]).unwrap_err();
        assert!(err.contains("is an item for --order"), "{err}");
        let err = fill_batch(&mut batch(), &view(), &["2|A1.01|".into()], &[]).unwrap_err();
        assert!(err.contains("takes no objective or words"), "{err}");
        let mut other = json!({"type": "finish_fire", "label": "Finish firing"});
        let err = fill_batch(&mut other, &view(), &["1".into()], &[]).unwrap_err();
        assert!(err.contains("is not a batch"), "{err}");
        let mut untouched = batch();
        fill_batch(&mut untouched, &view(), &[], &[]).unwrap();
        assert_eq!(untouched, batch());
    }
}
