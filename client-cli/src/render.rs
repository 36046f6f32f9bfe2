//! Views as readable text: the state, the prompt and its numbered choices.

use adjutant_protocol::{GameState, GameSummary};
use serde_json::Value;
use std::fmt::Write;

/// A game's state for a terminal. `data` is the game's static data (`GET /api/catalog/{game}`,
/// `Value::Null` if unknown): a game with a text rendering of its own (`games/<id>/cli/`,
/// through the registry) draws its board from it; any other gets the generic [`board`].
pub fn state(state: &GameState, data: &Value) -> String {
    state_with(state, data, "")
}

/// [`state`] with `before_prompt` (what happened since the viewer's last action) between the
/// board and the prompt, so the prompt stays the last thing read.
pub fn state_with(state: &GameState, data: &Value, before_prompt: &str) -> String {
    let own = adjutant_games::cli(&state.game);
    let mut out = String::new();
    let players = |side: &Option<String>| side.clone().unwrap_or_else(|| "(open seat)".into());
    let _ = writeln!(
        out,
        "{} · {} · game {} · {} · action {}",
        own.map_or(state.game.as_str(), |c| c.title),
        state.scenario,
        state.game_id,
        state.status.as_str(),
        state.seq
    );
    let _ = writeln!(
        out,
        "Union: {}   Confederate: {}   you see it as: {}",
        players(&state.players.union),
        players(&state.players.confederate),
        state.viewer
    );
    if state.view.is_null() {
        let _ = writeln!(out, "\nThe game starts when the second seat is taken.");
        return out;
    }
    out.push('\n');
    out.push_str(&game_board(&state.game, &state.view, data));
    out.push_str(before_prompt);
    out.push_str(&prompt(&state.view));
    out
}

/// Everything of a view of game `game` but the prompt: the game's own rendering, drawn from
/// its static data `data`, or the generic [`board`].
pub fn game_board(game: &str, view: &Value, data: &Value) -> String {
    match adjutant_games::cli(game) {
        Some(c) => (c.board)(view, data),
        None => board(view),
    }
}

/// Whether game `id` renders from its static data (so a caller fetches it first).
pub fn needs_data(id: &str) -> bool {
    adjutant_games::cli(id).is_some()
}

/// Everything of a view but the prompt, actions and outcome, as indented text.
pub fn board(view: &Value) -> String {
    let mut out = String::new();
    if let Value::Object(map) = view {
        for (key, value) in map {
            if matches!(
                key.as_str(),
                "prompt" | "actions" | "outcome" | "viewer" | "to_act"
            ) {
                continue;
            }
            write_value(&mut out, key, value, 0);
        }
    }
    if let Some(outcome) = view.get("outcome").filter(|o| !o.is_null()) {
        let _ = writeln!(
            out,
            "\nResult: {}",
            outcome["summary"].as_str().unwrap_or("game over")
        );
    }
    out
}

fn write_value(out: &mut String, key: &str, value: &Value, depth: usize) {
    let pad = "  ".repeat(depth);
    match value {
        Value::Object(map) if !map.is_empty() => {
            let _ = writeln!(out, "{pad}{key}:");
            for (k, v) in map {
                write_value(out, k, v, depth + 1);
            }
        }
        Value::Array(items) if items.iter().any(Value::is_object) => {
            let _ = writeln!(out, "{pad}{key}:");
            for item in items {
                let _ = writeln!(out, "{pad}  - {}", compact(item));
            }
        }
        _ => {
            let _ = writeln!(out, "{pad}{key}: {}", compact(value));
        }
    }
}

/// One log entry as a sentence: the engine's own events (undo, resignation, time-out, end) in
/// words, a game's event by its `text` where it has one, otherwise compactly.
pub fn event(event: &Value) -> String {
    let side = match event["side"].as_str() {
        Some("union") => "Union",
        Some("confederate") => "Confederate",
        _ => "other",
    };
    match event["type"].as_str() {
        Some("undone") => match event["label"].as_str() {
            Some(label) => format!("The {side} player took back: {label}"),
            None => format!("The {side} player took back a move."),
        },
        Some("resigned") => format!("The {side} player resigned."),
        Some("timed_out") => format!("The {side} player ran out of time."),
        Some("draw_offered") => format!("The {side} player offers a draw."),
        Some("draw_declined") => format!("The {side} player declined the draw offered."),
        Some("draw_withdrawn") => format!("The {side} player withdrew the draw offer."),
        Some("draw_agreed") => format!("The {side} player accepted the draw offered."),
        Some("game_over") => match event["outcome"]["summary"].as_str() {
            Some(summary) => format!("Game over: {summary}"),
            None => "Game over.".to_string(),
        },
        _ => {
            // A game's event: its public sentence, and the secret part the viewer may read
            // (`secret: {side, text}`), said to be that side's alone.
            let public = event["text"].as_str().filter(|t| !t.is_empty());
            let secret = event["secret"]["text"].as_str().filter(|t| !t.is_empty());
            let owner = match event["secret"]["side"].as_str() {
                Some("union") => "Union",
                Some("confederate") => "Confederate",
                _ => "your side",
            };
            match (public, secret) {
                (Some(p), Some(s)) if p != s => format!("{p} ({owner} only: {s})"),
                (Some(p), _) => p.to_string(),
                (None, Some(s)) => format!("({owner} only) {s}"),
                (None, None) => compact(event),
            }
        }
    }
}

/// One log entry of game `game`: its sentence ([`event`]), then what the game's own rendering
/// adds below it (a combat table), indented to sit under the sentence.
pub fn game_event(game: &str, event: &Value, data: &Value) -> String {
    let mut out = self::event(event);
    let more = adjutant_games::cli(game)
        .and_then(|c| c.event)
        .and_then(|f| f(event, data));
    for line in more.iter().flat_map(|m| m.lines()) {
        out.push('\n');
        out.push_str("      ");
        out.push_str(line);
    }
    out
}

/// A one-line rendering of a value: `key=value` pairs for objects.
pub fn compact(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Object(map) => map
            .iter()
            .map(|(k, v)| format!("{k}={}", compact(v)))
            .collect::<Vec<_>>()
            .join(" "),
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(compact).collect::<Vec<_>>().join(", ")
        ),
        other => other.to_string(),
    }
}

/// The prompt and the numbered choices of a view.
pub fn prompt(view: &Value) -> String {
    let mut out = String::new();
    let waiting: Vec<&str> = view["to_act"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    match view["prompt"].as_str() {
        Some(prompt) => {
            let _ = writeln!(out, "\n{prompt}");
            for (i, action) in view["actions"].as_array().into_iter().flatten().enumerate() {
                let label = action["label"]
                    .as_str()
                    .map(String::from)
                    .unwrap_or_else(|| compact(action));
                let last = if action["irrevocable"] == true {
                    " (cannot be taken back)"
                } else {
                    ""
                };
                let _ = writeln!(out, "  {:>3}. {label}{last}", i + 1);
            }
        }
        None if view.get("outcome").is_some_and(|o| !o.is_null()) => {}
        None if waiting.is_empty() => {}
        None => {
            let _ = writeln!(out, "\nWaiting for: {}", waiting.join(" and "));
        }
    }
    out.push_str(&draw_line(view));
    out
}

/// Where a draw offer stands, with the command that answers it (empty when none stands).
fn draw_line(view: &Value) -> String {
    let Some(by) = view["draw"]["offered_by"].as_str() else {
        return String::new();
    };
    let by = if by == "union" {
        "Union"
    } else {
        "Confederate"
    };
    let offered = |t: &str| {
        view["draw"]["actions"]
            .as_array()
            .is_some_and(|a| a.iter().any(|a| a["type"] == t))
    };
    if offered("accept_draw") {
        format!(
            "\nThe {by} player offers a draw: `adjutant draw accept` or `adjutant draw decline`.\n"
        )
    } else if offered("withdraw_draw") {
        "\nYour draw offer stands until it is answered (`adjutant draw withdraw` takes it back).\n"
            .to_string()
    } else {
        format!("\nThe {by} player offers a draw.\n")
    }
}

/// A game list as a table.
pub fn list(games: &[GameSummary]) -> String {
    if games.is_empty() {
        return "No games.\n".to_string();
    }
    let mut out = String::new();
    for g in games {
        let mark = if g.my_turn || g.kept_for_me { "*" } else { " " };
        let players = format!(
            "{} vs {}",
            g.players.union.as_deref().unwrap_or("?"),
            g.players.confederate.as_deref().unwrap_or("?")
        );
        let seat = if g.kept_for_me {
            format!(
                " (a rematch offered to you: `adjutant join {}` takes your seat)",
                g.game_id
            )
        } else {
            g.my_seat
                .map(|s| format!(" (you: {s})"))
                .unwrap_or_default()
        };
        let _ = writeln!(
            out,
            "{mark} {}  {} {}  {}  {players}{seat}",
            g.game_id,
            g.game,
            g.scenario,
            g.status.as_str()
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_prompt_marks_irrevocable_choices_and_says_where_a_draw_offer_stands() {
        let view = json!({"prompt": "Deploy.", "to_act": ["union"], "actions": [
            {"type": "deploy", "label": "Deploy A in LP1"},
            {"type": "deploy", "label": "Deploy A in LP2", "irrevocable": true}],
            "draw": {"offered_by": "confederate", "actions": [
                {"type": "accept_draw"}, {"type": "decline_draw"}]}});
        let text = prompt(&view);
        assert!(text.contains("  1. Deploy A in LP1\n"), "{text}");
        assert!(
            text.contains("  2. Deploy A in LP2 (cannot be taken back)"),
            "{text}"
        );
        assert!(
            text.contains("The Confederate player offers a draw: `adjutant draw accept`"),
            "{text}"
        );
        let spectator = json!({"prompt": null, "to_act": ["union"], "actions": [],
            "draw": {"offered_by": "union", "actions": []}});
        assert!(prompt(&spectator).ends_with("The Union player offers a draw.\n"));
        assert_eq!(
            event(&json!({"type": "draw_agreed", "side": "union"})),
            "The Union player accepted the draw offered."
        );
    }

    #[test]
    fn the_engines_events_read_as_sentences() {
        assert_eq!(
            event(&json!({"type": "undone", "side": "union"})),
            "The Union player took back a move."
        );
        assert_eq!(
            event(&json!({"type": "undone", "side": "confederate", "label": "Stand"})),
            "The Confederate player took back: Stand"
        );
        assert_eq!(
            event(&json!({"type": "resigned", "side": "union"})),
            "The Union player resigned."
        );
        assert_eq!(
            event(&json!({"type": "moved", "text": "A stack moves to Area 5."})),
            "A stack moves to Area 5."
        );
        assert_eq!(
            event(&json!({"type": "communications",
                          "secret": {"side": "union", "text": "Every unit is in communications."}})),
            "(Union only) Every unit is in communications."
        );
        assert_eq!(
            event(&json!({"type": "battle", "text": "Orders are revealed.",
                          "secret": {"side": "confederate", "text": "You chose Stand."}})),
            "Orders are revealed. (Confederate only: You chose Stand.)"
        );
    }

    #[test]
    fn a_games_event_gets_what_its_own_rendering_adds_below_the_sentence() {
        // An engagement's combat report (the only event any game adds to so far); the games
        // are found through the registry, never named here.
        let battle = json!({"type": "battle", "text": "LP1 against LP1.",
            "combat": {"area": 21, "round": 1, "attacker": {"side": "union", "line": 1,
            "strength": "7"}, "defender": {"side": "confederate", "line": 1, "strength": "3.5"},
            "column": "2:1", "shifts": [], "fire": []}});
        let plain = json!({"type": "move", "text": "A stack moves."});
        let mut added = 0;
        for game in adjutant_games::GAMES {
            let text = game_event(game.id, &battle, &Value::Null);
            let mut lines = text.lines();
            assert_eq!(lines.next(), Some("LP1 against LP1."), "{}", game.id);
            let more: Vec<&str> = lines.collect();
            assert!(
                more.iter().all(|l| l.starts_with("      ")),
                "indented under the sentence: {text}"
            );
            let renders = game.cli.and_then(|c| c.event).is_some();
            if renders && !more.is_empty() {
                added += 1;
                assert!(text.contains("7 SP") && text.contains("3.5 SP"), "{text}");
            }
            if !renders {
                assert!(more.is_empty(), "{}: the sentence alone: {text}", game.id);
            }
            // An event without more to show reads as its sentence in every game.
            assert_eq!(game_event(game.id, &plain, &Value::Null), "A stack moves.");
        }
        assert!(added > 0, "some game draws a combat report");
    }
}
