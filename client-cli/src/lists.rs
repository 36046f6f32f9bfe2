//! Fills the typed lists of a chosen action before it is posted (`adjutant act ... --units`,
//! `--set`): some games offer an action whose list the player fills and the rules check whole
//! on arrival, such as the units moving with a picked unit or the units firing in *Bloody Roads
//! South*. A flag the action has no field for is refused with a sentence, before anything is
//! sent.

use serde_json::Value;

/// The fields that hold a list of unit ids (in a hex-and-counter game: `with` of a pick,
/// `firers` of a fire).
const UNIT_LISTS: [&str; 3] = ["with", "firers", "units"];

/// `units` (ids separated by commas; empty for none) into the action's one list of ids, and
/// each `NAME=JSON` of `sets` into its field `NAME`.
pub(super) fn fill_lists(
    action: &mut Value,
    units: Option<&str>,
    sets: &[String],
) -> Result<(), String> {
    let label = action["label"]
        .as_str()
        .unwrap_or("the chosen action")
        .to_string();
    if let Some(units) = units {
        let lists: Vec<String> = action
            .as_object()
            .into_iter()
            .flatten()
            .filter(|(k, v)| {
                UNIT_LISTS.contains(&k.as_str())
                    && v.as_array()
                        .is_some_and(|items| items.iter().all(Value::is_string))
            })
            .map(|(k, _)| k.clone())
            .collect();
        let [field] = lists.as_slice() else {
            return Err(format!(
                "“{label}” has no list of units to fill: --units is for a choice that names units \
                 (the units moving with a picked one, the units firing)."
            ));
        };
        let ids: Vec<Value> = units
            .split(',')
            .map(str::trim)
            .filter(|id| !id.is_empty())
            .map(|id| Value::String(id.to_string()))
            .collect();
        action[field.as_str()] = Value::Array(ids);
    }
    for set in sets {
        let Some((name, json)) = set.split_once('=') else {
            return Err(format!("--set needs NAME=JSON, not {set:?}."));
        };
        let name = name.trim();
        if matches!(name, "type" | "label") || action.get(name).is_none() {
            return Err(format!(
                "“{label}” has no field {name:?} to set: --set fills a typed parameter the choice \
                 offers (see it with `adjutant show --json`)."
            ));
        }
        let value: Value = serde_json::from_str(json)
            .map_err(|err| format!("--set {name}=…: the value is not JSON ({err})."))?;
        action[name] = value;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pick() -> Value {
        json!({"type": "pick", "unit": "2/1/5", "with": [], "label": "Move 2/1/5 from A20.06"})
    }

    #[test]
    fn units_fill_the_one_list_of_ids() {
        let mut a = pick();
        fill_lists(&mut a, Some("Griffin, 1/2/5"), &[]).unwrap();
        assert_eq!(a["with"], json!(["Griffin", "1/2/5"]));
        let mut fire = json!({"type": "fire", "firers": ["a", "b"], "label": "Fire"});
        fill_lists(&mut fire, Some("b"), &[]).unwrap();
        assert_eq!(fire["firers"], json!(["b"]));
        fill_lists(&mut fire, Some(""), &[]).unwrap();
        assert_eq!(fire["firers"], json!([]));
    }

    #[test]
    fn set_fills_a_typed_parameter_and_bad_flags_are_refused_in_words() {
        let mut finish = json!({"type": "finish_set_up", "facings": [], "formations": [],
                                "label": "Finish setting up"});
        fill_lists(
            &mut finish,
            None,
            &[r#"facings=[{"hex":"A12.10","facing":"N-NE"}]"#.to_string()],
        )
        .unwrap();
        assert_eq!(finish["facings"][0]["hex"], "A12.10");
        let err = fill_lists(&mut finish, Some("x"), &[]).unwrap_err();
        assert!(err.contains("no list of units"), "{err}");
        let mut end = json!({"type": "end_move", "label": "Stop here"});
        assert!(fill_lists(&mut end, Some("x"), &[]).is_err());
        assert!(fill_lists(&mut end, None, &["with=[]".into()]).is_err());
        assert!(fill_lists(&mut pick(), None, &["with=[oops".into()]).is_err());
        assert!(fill_lists(&mut pick(), None, &["type=\"x\"".into()]).is_err());
    }
}
