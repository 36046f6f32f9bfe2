//! A combat report as a small table, the way the book's players work an engagement aloud:
//! the two Line Positions side by side (order, strength in SP, what modified it, the rating
//! Officer, the FCRT column and its shift, the rolls, the dice and the SP each took), then
//! the Intensity Level, the CIC B ratio and column, and every shift with its reason and rule.
//!
//! The report is the engine's (`"combat"` in a `battle` event, `battle.combats` in a view;
//! docs/rules/mississippi-fortress.md, V.1): nothing here computes a rule, it only lays the
//! fields out. A field that is missing reads as "?" rather than failing, so an older or
//! newer server never makes the command panic.

use serde_json::Value;
use std::fmt::Write;

/// The table for one event, if it carries a combat report; `data` is the game's static data
/// (for the Area's name; `Value::Null` reads Areas as numbers).
pub fn event(event: &Value, data: &Value) -> Option<String> {
    let combat = event.get("combat").filter(|c| c.is_object())?;
    Some(table(combat, data))
}

/// The tables of a view's Battle Board after fire (`battle.combats`), one per engagement.
pub fn board(battle: &Value, data: &Value) -> String {
    battle["combats"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| table(c, data))
        .collect()
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "?".to_string(),
        other => other.to_string(),
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn area_name(area: &Value, data: &Value) -> String {
    let name = data["map"]["areas"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|a| a["id"] == *area)
        .and_then(|a| a["name"].as_str());
    match name {
        Some(name) => format!("{name} (Area {})", text(area)),
        None => format!("Area {}", text(area)),
    }
}

fn plural(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// "4: 1 SP", "6: no effect", "1: *, then 2: 1 SP" (S9.5d).
fn roll(f: &Value) -> String {
    let loss = f["loss"].as_u64().unwrap_or(0);
    let lost = if loss == 0 {
        "no effect".to_string()
    } else {
        format!("{loss} SP")
    };
    match f["reroll"].as_u64() {
        Some(again) => format!("{}: *, then {again}: {lost}", text(&f["die"])),
        None => format!("{}: {lost}", text(&f["die"])),
    }
}

/// One engagement as a table.
pub fn table(c: &Value, data: &Value) -> String {
    let (a, d) = (&c["attacker"], &c["defender"]);
    let side = |l: &Value| capitalised(l["side"].as_str().unwrap_or("?"));
    let rows: Vec<(&str, String, String)> = vec![
        (
            "",
            format!("{} (attacking)", side(a)),
            format!("{} (defending)", side(d)),
        ),
        (
            "Line Position",
            format!("LP{}", text(&a["line"])),
            format!("LP{}", text(&d["line"])),
        ),
        (
            "Order",
            capitalised(&text(&a["order"])),
            capitalised(&text(&d["order"])),
        ),
        (
            "Strength",
            format!("{} SP", text(&a["strength"])),
            format!("{} SP", text(&d["strength"])),
        ),
        ("Officer rating", text(&a["rating"]), text(&d["rating"])),
        ("FCRT column", band(a), band(d)),
        ("Rolls", rolls(a), rolls(d)),
        ("Dice", dice(c, "attacker"), dice(c, "defender")),
        (
            "Fire taken",
            format!("{} SP", text(&c["losses"]["attacker"])),
            format!("{} SP", text(&c["losses"]["defender"])),
        ),
    ];
    let w0 = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
    let w1 = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "  Combat in {}, round {}",
        area_name(&c["area"], data),
        text(&c["round"])
    );
    for (label, x, y) in &rows {
        let line = format!("    {label:<w0$}  {x:<w1$}  {y}");
        let _ = writeln!(out, "{}", line.trim_end());
    }
    for l in [a, d] {
        let mods: Vec<String> = l["modifiers"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|m| format!("{} ({})", text(&m["reason"]), text(&m["rule"])))
            .collect();
        if !mods.is_empty() {
            let _ = writeln!(out, "    {} strength: {}", side(l), mods.join("; "));
        }
    }
    let _ = writeln!(
        out,
        "    Intensity {}{} · ratio {} against {} = {} · column {} · cell {}",
        text(&c["intensity"]),
        if c["rain"] == true { " (Rain)" } else { "" },
        text(&a["strength"]),
        text(&d["strength"]),
        text(&c["ratio"]),
        text(&c["column"]),
        text(&c["cell"]),
    );
    let shifts = c["shifts"].as_array().cloned().unwrap_or_default();
    if shifts.is_empty() {
        let _ = writeln!(out, "    No shifts.");
    } else {
        let _ = writeln!(out, "    Shifts:");
        for s in &shifts {
            let _ = writeln!(out, "      {}", shift(s, c));
        }
    }
    out
}

/// "CIC B 1 left for the Confederate: Defensible Area, … (S9.4c)".
fn shift(s: &Value, c: &Value) -> String {
    let chart = match s["chart"].as_str() {
        Some("cic-a") => "CIC A level",
        Some("cic-b") => "CIC B",
        Some("fcrt") => "FCRT",
        _ => "?",
    };
    let by = s["by"].as_i64().unwrap_or(0);
    let amount = match (chart, by) {
        ("CIC A level", n) => format!("{n:+}"),
        (_, n) if n < 0 => format!("{} left", plural(n.unsigned_abs(), "column", "columns")),
        (_, n) => format!("{} right", plural(n.unsigned_abs(), "column", "columns")),
    };
    let whose = s["side"]
        .as_str()
        .map(|role| {
            format!(
                " for the {}",
                capitalised(c[role]["side"].as_str().unwrap_or(role))
            )
        })
        .unwrap_or_default();
    format!(
        "{chart} {amount}{whose}: {} ({})",
        text(&s["reason"]),
        text(&s["rule"])
    )
}

/// "15-20 → 1-3", or "11-14" unshifted.
fn band(l: &Value) -> String {
    if l["strength_band"] == l["band"] {
        text(&l["band"])
    } else {
        format!("{} → {}", text(&l["strength_band"]), text(&l["band"]))
    }
}

fn rolls(l: &Value) -> String {
    match l["rolls"].as_u64() {
        Some(0) => "none".to_string(),
        Some(n) => n.to_string(),
        None => "?".to_string(),
    }
}

fn dice(c: &Value, by: &str) -> String {
    let rolls: Vec<String> = c["fire"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|f| f["by"] == by)
        .map(roll)
        .collect();
    if rolls.is_empty() {
        "-".to_string()
    } else {
        rolls.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use adjutant_engine::{Match, PerSide, Seed, Setup, Side, Viewer};
    use mississippi_fortress::MississippiFortress;

    /// Champion Hill played by a seeded chooser that declares every battle it may, until an
    /// engagement with fire and shifts: the redacted events of that action for `viewer`, and
    /// the view after it.
    fn first_combat(viewer: Viewer) -> (Vec<Value>, Value) {
        (0..40u8)
            .find_map(|n| combat_in_game(n, viewer))
            .expect("a battle with fire in one of the games")
    }

    fn combat_in_game(n: u8, viewer: Viewer) -> Option<(Vec<Value>, Value)> {
        let setup = Setup {
            scenario: "champion-hill".into(),
            options: Default::default(),
            secret_choices: PerSide::default(),
        };
        let mut m: Match<MississippiFortress> =
            Match::new(&setup, &Seed::from_bytes([n; 32])).expect("sets up");
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..5000 {
            let Some(&side) = m.to_act().first() else {
                break;
            };
            let offered: Vec<Value> = m
                .offered(side)
                .into_iter()
                .filter(|a| a["type"] != "undo")
                .collect();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let pick = offered
                .iter()
                .find(|a| a["type"] == "declare" || a["type"] == "fight_in")
                .unwrap_or(&offered[usize::try_from(state % offered.len() as u64).unwrap()]);
            let played = m.play(side, pick).expect("an offered action plays");
            let events = m.redact_played(&played, viewer);
            let fought = |e: &Value| {
                e["combat"]["fire"]
                    .as_array()
                    .is_some_and(|f| !f.is_empty())
                    && e["combat"]["shifts"]
                        .as_array()
                        .is_some_and(|s| !s.is_empty())
            };
            if events.iter().any(fought) {
                return Some((events, m.view(viewer)));
            }
        }
        None
    }

    #[test]
    fn a_combat_event_reads_as_a_table_with_strengths_shifts_dice_and_losses() {
        let data = mississippi_fortress::kind().static_data().clone();
        let (events, view) = first_combat(Viewer::Spectator);
        let event = events
            .iter()
            .rfind(|e| {
                e["combat"]["fire"]
                    .as_array()
                    .is_some_and(|f| !f.is_empty())
            })
            .unwrap();
        let table = super::event(event, &data).expect("a table");
        let c = &event["combat"];
        for needle in [
            "Combat in ".to_string(),
            "(attacking)".to_string(),
            "(defending)".to_string(),
            format!("LP{}", c["attacker"]["line"]),
            format!("{} SP", c["attacker"]["strength"].as_str().unwrap()),
            format!("{} SP", c["defender"]["strength"].as_str().unwrap()),
            format!("column {}", c["column"].as_str().unwrap()),
            format!("cell {}", c["cell"].as_str().unwrap()),
            "Fire taken".to_string(),
        ] {
            assert!(table.contains(&needle), "{needle} missing from:\n{table}");
        }
        for s in c["shifts"].as_array().unwrap() {
            let reason = s["reason"].as_str().unwrap();
            let rule = s["rule"].as_str().unwrap();
            assert!(table.contains(&format!("{reason} ({rule})")), "{table}");
        }
        for f in c["fire"].as_array().unwrap() {
            assert!(table.contains(&format!("{}: ", f["die"])), "{table}");
        }
        assert!(
            !table.contains('{') && !table.contains("sixteenths"),
            "{table}"
        );
        // The Battle Board of the view shows the same tables.
        assert!(
            board(&view["battle"], &data).contains(&table),
            "{}",
            board(&view["battle"], &data)
        );
    }

    #[test]
    fn a_report_with_fields_missing_reads_with_question_marks() {
        let odd =
            serde_json::json!({"combat": {"attacker": {"side": 3}, "shifts": [{}], "fire": "x"}});
        let table = event(&odd, &Value::Null).expect("a table");
        assert!(table.contains("Combat in Area ?"), "{table}");
        assert!(event(&serde_json::json!({"text": "x"}), &Value::Null).is_none());
        let _ = Side::Union;
    }
}
