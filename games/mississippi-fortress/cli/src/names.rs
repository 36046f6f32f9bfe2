//! Look-ups in the game's static data (`GET /api/catalog/mississippi-fortress`): units by id
//! with their printed values, Areas by number, river arrows by id, the map's borders. Every
//! renderer of the crate reads names and printed values through here, so that without the
//! static data (it did not load) everything degrades to ids and numbers instead of failing.

use serde_json::Value;

/// The static data, looked up.
pub(crate) struct Names<'a>(pub(crate) &'a Value);

impl Names<'_> {
    /// The unit of the static data behind counter id `id` (a numbered 0/0 replacement,
    /// "union-replacement-officer-2", is its base unit).
    pub(crate) fn unit_data(&self, id: &str) -> Option<&Value> {
        let units = &self.0["units"];
        find(units, &Value::from(id)).or_else(|| {
            let base = id.rsplit_once('-').map_or(id, |(b, _)| b);
            find(units, &Value::from(base))
        })
    }

    /// The name with its formation, e.g. "1st Division (XV)" (Union infantry only).
    pub(crate) fn unit(&self, id: &str) -> String {
        let Some(u) = self.unit_data(id) else {
            return id.to_string();
        };
        let name = u["name"].as_str().unwrap_or(id);
        let infantry = matches!(
            u["kind"].as_str(),
            Some("infantry-division" | "infantry-brigade")
        );
        match u["formation"].as_str().map(formation_label) {
            Some(label) if infantry && u["side"] == "union" => format!("{name} ({label})"),
            _ => name.to_string(),
        }
    }

    /// The full strength printed on the Unit Status Sheet.
    pub(crate) fn printed_strength(&self, id: &str) -> Option<u64> {
        self.unit_data(id)?["strength"].as_u64()
    }

    /// A Leader's printed ratings as "offensive-defensive", e.g. "2-2".
    pub(crate) fn ratings(&self, id: &str) -> Option<String> {
        let r = &self.unit_data(id)?["leader"]["ratings"];
        Some(format!(
            "{}-{}",
            r["offensive"].as_u64()?,
            r["defensive"].as_u64()?
        ))
    }

    /// The printed movement allowance (Areas a Movement Phase) of a counter of view kind
    /// `kind` ("division", "cavalry", ...), from the static data's constants.
    pub(crate) fn movement_allowance(&self, kind: &str) -> Option<u64> {
        let key = match kind {
            "division" | "brigade" => "infantry",
            other => other,
        };
        self.0["constants"]["movement"][key].as_u64()
    }

    /// The Area of the static data numbered `n`.
    pub(crate) fn area_data(&self, n: u64) -> Option<&Value> {
        find(&self.0["map"]["areas"], &Value::from(n))
    }

    /// "Area 20 Edwards Station" (just "Area 20" without static data).
    pub(crate) fn area(&self, n: u64) -> String {
        match self.area_data(n) {
            Some(a) => format!("Area {n} {}", a["name"].as_str().unwrap_or("")),
            None => format!("Area {n}"),
        }
    }

    /// A river node: an arrow with its name, or a map edge.
    pub(crate) fn node(&self, node: &str) -> String {
        match node {
            "north-edge" => "Off the map (north)".to_string(),
            "south-edge" => "Off the map (south)".to_string(),
            _ => match find(&self.0["map"]["arrows"], &Value::from(node)) {
                Some(a) => format!("{node} {}", a["name"].as_str().unwrap_or("")),
                None => node.to_string(),
            },
        }
    }

    /// A river's name by id ("big-black" → "Big Black River").
    pub(crate) fn river(&self, id: &str) -> String {
        find(&self.0["map"]["rivers"], &Value::from(id))
            .and_then(|r| r["name"].as_str())
            .map_or_else(|| id.replace('-', " "), String::from)
    }

    /// The map's borders (each `{a, b, kind, road, railroad, arrows}`).
    pub(crate) fn borders(&self) -> impl Iterator<Item = &Value> {
        self.0["map"]["borders"].as_array().into_iter().flatten()
    }

    /// The map's Areas.
    pub(crate) fn areas(&self) -> impl Iterator<Item = &Value> {
        self.0["map"]["areas"].as_array().into_iter().flatten()
    }
}

/// The entry of `list` whose `id` is `id`.
pub(crate) fn find<'v>(list: &'v Value, id: &Value) -> Option<&'v Value> {
    list.as_array()?.iter().find(|x| &x["id"] == id)
}

/// The label printed on the counter for a formation id of the static data.
pub(crate) fn formation_label(id: &str) -> &str {
    match id {
        "ix" => "IX",
        "xiii" => "XIII",
        "xv" => "XV",
        "xvi" => "XVI",
        "xvii" => "XVII",
        "j" => "J",
        "p" => "P",
        "i-corps" => "I",
        "dec62-1st" => "1st Div.",
        "dec62-2nd" => "2nd Div.",
        "dec62-3rd" => "3rd Div.",
        "dec62-4th" => "4th Div.",
        "dec62-stevenson" => "Stevenson",
        "dec62-sd-lee" => "S.D. Lee",
        other => other,
    }
}

/// "union" → "Union".
pub(crate) fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// "1 counter", "2 counters".
pub(crate) fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
