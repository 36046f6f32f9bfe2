//! The view's values in words: facings, formations, morale, counters, orders.

use serde_json::Value;

/// The width text is wrapped to.
pub const WIDTH: usize = 100;

/// The six facings (a hex vertex named by its two frontal hexsides), with the arrow the text
/// map draws and the direction a player reads.
pub const FACINGS: [(&str, char, &str); 6] = [
    ("N-NE", '↗', "north-north-east"),
    ("NE-SE", '→', "east"),
    ("SE-S", '↘', "south-south-east"),
    ("S-SW", '↙', "south-south-west"),
    ("SW-NW", '←', "west"),
    ("NW-N", '↖', "north-north-west"),
];

/// The formations, with their short form on the map.
pub const FORMATIONS: [(&str, &str); 4] = [
    ("line", "line"),
    ("column", "col"),
    ("limbered", "limb"),
    ("unlimbered", "unlb"),
];

/// The arrow of a facing ('?' if unknown).
pub fn arrow(facing: &str) -> char {
    FACINGS.iter().find(|f| f.0 == facing).map_or('?', |f| f.1)
}

/// "facing east (NE-SE)".
pub fn facing(facing: &str) -> String {
    match FACINGS.iter().find(|f| f.0 == facing) {
        Some(f) => format!("facing {} ({})", f.2, f.0),
        None => format!("facing {facing}"),
    }
}

/// The short form of a formation on the map ("" for counters without one).
pub fn formation_short(formation: &str) -> &'static str {
    FORMATIONS
        .iter()
        .find(|f| f.0 == formation)
        .map_or("", |f| f.1)
}

/// A morale state in words.
pub fn morale(state: &str) -> String {
    match state {
        "BL" => "in blood lust".into(),
        "Normal" => "in normal morale".into(),
        "Sh" => "shaken".into(),
        "DG" => "disorganized".into(),
        "R" => "routed".into(),
        other => format!("morale {other}"),
    }
}

/// "Union" from "union".
pub fn side_name(side: &str) -> String {
    let mut c = side.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// "1 casualty", "3 casualties".
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// "a, b and c".
pub fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [head @ .., last] => format!("{} and {last}", head.join(", ")),
    }
}

fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or("")
}

/// A counter's name as a player reads it: "Stafford's (Louisiana) Brigade, Sta/J/2",
/// "Ewell", "artillery 2b(4), 2b-1".
pub fn counter_name(c: &Value) -> String {
    let (id, name) = (text(c, "id"), text(c, "name"));
    match text(c, "kind") {
        "brigade" if !name.is_empty() && name != id => format!("{name}, {id}"),
        "battery" if !name.is_empty() && name != id => format!("artillery {name}, {id}"),
        "battery" => format!("artillery {id}"),
        "hq" => format!("the {id}"),
        "wagon" => format!("the wagon {id}"),
        _ if !name.is_empty() => name.to_string(),
        _ => id.to_string(),
    }
}

/// A short name for a map box (at most 11 characters): a brigade's or battery's id, a
/// leader's surname, an HQ or wagon's id.
pub fn short_name(c: &Value) -> String {
    let id = text(c, "id");
    let s = match text(c, "kind") {
        "leader" | "cavalry" if !text(c, "name").is_empty() => text(c, "name"),
        _ => id,
    };
    s.chars().take(11).collect()
}

/// What a counter is, in a word or two.
fn kind_words(c: &Value) -> String {
    match text(c, "kind") {
        "leader" => {
            let command = text(c, "command");
            let mut s = if command.is_empty() {
                "leader".to_string()
            } else {
                format!("leader of {command}")
            };
            if let Some(r) = c["rating"].as_i64() {
                s.push_str(&format!(", rating {r}"));
            }
            s
        }
        "hq" => "headquarters".into(),
        "wagon" => "supply wagon".into(),
        "cavalry" => "cavalry".into(),
        _ => String::new(),
    }
}

/// The printed face of a counter: what anyone who sees it may read.
fn face_parts(c: &Value) -> Vec<String> {
    let mut parts = Vec::new();
    let kind = kind_words(c);
    if !kind.is_empty() {
        parts.push(kind);
    }
    if let Some(r) = c["morale_rating"].as_str() {
        parts.push(format!("morale rating {r}"));
    }
    match text(c, "formation") {
        "" => {}
        "line" | "column" => parts.push(format!("in {}", text(c, "formation"))),
        other => parts.push(other.to_string()),
    }
    if c["extended_part"] == true {
        parts.push("an extended part of its line".into());
    }
    parts
}

/// An own counter in full: "Stafford's (Louisiana) Brigade, Sta/J/2: morale rating B, in
/// line, in normal morale, 3 casualties, 1 straggler, fire level A".
pub fn own_counter(c: &Value) -> String {
    let mut parts = face_parts(c);
    // Leaders, HQs and wagons never check morale (series 10.0, 25).
    if let Some(m) = c["morale"].as_str()
        && !matches!(text(c, "kind"), "leader" | "hq" | "wagon")
    {
        parts.push(morale(m));
    }
    if text(c, "kind") == "brigade" {
        let casualties = c["casualties"].as_u64().unwrap_or(0);
        let stragglers = c["stragglers"].as_u64().unwrap_or(0);
        parts.push(if casualties + stragglers == 0 {
            "no losses".into()
        } else {
            format!(
                "{}, {}",
                count(casualties, "casualty", "casualties"),
                count(stragglers, "straggler", "stragglers")
            )
        });
        if let Some(level) = c["fire_level"].as_str() {
            parts.push(format!("fire level {level}"));
        }
        if let (Some(steps), Some(wreck)) = (c["steps"].as_u64(), c["wreck_after"].as_u64()) {
            parts.push(format!("{steps} steps, wrecked after {wreck} lost"));
        }
        let serving = text(c, "serving_with");
        if !serving.is_empty() && serving != text(c, "division") {
            parts.push(format!("serving with division {serving}"));
        }
    }
    if let Some(gp) = c["gun_points"].as_u64() {
        parts.push(count(gp, "gun point", "gun points"));
    }
    if let Some(sp) = c["supply"].as_u64() {
        parts.push(count(sp, "supply point", "supply points"));
    }
    for (key, words) in [
        ("wrecked", "WRECKED"),
        ("low_ammo", "low on ammunition"),
        ("ocr", "set up out of command radius"),
        ("recovering", "recovering stragglers"),
        ("moved", "moved this phase"),
        ("fired", "fired this phase"),
    ] {
        if c[key] == true {
            parts.push(words.into());
        }
    }
    format!("{}: {}", counter_name(c), parts.join(", "))
}

/// What an enemy stack's top counter shows: "Steuart's brigade (line, facing east)".
pub fn top_counter(c: &Value, facing_of_stack: &str) -> String {
    let mut parts = face_parts(c);
    parts.push(facing(facing_of_stack));
    format!("{} ({})", counter_name(c), parts.join(", "))
}

/// Whom an order is for: "5 Corps", "division 4/5", "Meade, to relay".
pub fn receiver(r: &Value) -> String {
    let id = text(r, "id");
    match text(r, "to") {
        "corps" => format!("{id} Corps"),
        "division" => format!("division {id}"),
        "unit" => id.to_string(),
        "relay" => "Meade, to relay".into(),
        "army_hq" => format!("the {id} HQ"),
        "conference" => format!("the corps commanders at the {id} HQ (conference)"),
        _ => "?".into(),
    }
}

/// How an order is sent.
pub fn method(m: &str) -> &str {
    match m {
        "aide-oral" => "by aide, oral",
        "aide-written" => "by aide, written",
        "in-person" => "in person",
        other => other,
    }
}

fn origin(o: &Value) -> String {
    let leader = text(o, "leader");
    match text(o, "by") {
        "preset" => "pre-set before play".into(),
        "written" => format!("written by {leader}"),
        "initiative" => format!("given by {leader} on his own initiative"),
        "loose_cannon" => "written by the enemy after a Loose Cannon".into(),
        "reinforcement" => "the reinforcements' printed orders".into(),
        _ => String::new(),
    }
}

/// Where an order stands: "in transit, arrives 2:00pm", "accepted", "delayed (D1)".
pub fn order_status(o: &Value) -> String {
    let arrives = text(o, "arrives");
    match text(o, "status") {
        "in_transit" => format!("in transit, arrives {arrives}"),
        "accepted" => "accepted (A), to be carried out once its leader reaches his HQ".into(),
        "d1" => "delayed (D1)".into(),
        "d2" => "delayed (D2)".into(),
        "distorted" => "distorted (Dt): thrown away".into(),
        "implemented" => "in force".into(),
        "cancelled" => "cancelled".into(),
        "ended" => "ended".into(),
        other => other.replace('_', " "),
    }
}

/// One line of the order log as a sentence.
pub fn order(o: &Value) -> String {
    let mut s = format!(
        "No. {}, to {}, {} order {}",
        o["no"].as_u64().unwrap_or(0),
        receiver(&o["receiver"]),
        text(o, "type"),
        method(text(o, "method")),
    );
    let from = origin(&o["origin"]);
    if !from.is_empty() {
        s.push_str(&format!(" ({from}, {})", text(o, "written")));
    }
    if let Some(cost) = o["cost"].as_u64().filter(|&c| c > 0) {
        s.push_str(&format!(
            ", {}",
            count(cost, "command point", "command points")
        ));
    }
    if let Some(hex) = o["objective"].as_str() {
        s.push_str(&format!(", objective {hex}"));
    }
    let words = text(o, "text");
    if !words.is_empty() {
        s.push_str(&format!(": “{words}”"));
    }
    s.push_str(&format!(" — {}.", order_status(o)));
    s
}

/// `text` wrapped to [`WIDTH`] columns, the first line after `first`, the others after
/// `rest`; ends with a newline.
pub fn wrap(text: &str, first: &str, rest: &str) -> String {
    let mut out = String::from(first);
    let mut col = first.trim_start_matches('\n').chars().count();
    let mut fresh = true;
    for word in text.split_whitespace() {
        let len = word.chars().count();
        if !fresh && col + 1 + len > WIDTH {
            out.push('\n');
            out.push_str(rest);
            col = rest.chars().count();
            fresh = true;
        }
        if !fresh {
            out.push(' ');
            col += 1;
        }
        out.push_str(word);
        col += len;
        fresh = false;
    }
    out.push('\n');
    out
}
