//! "What happened since you last acted", printed by `show`, `act`, `watch` and `play` before
//! the prompt, from the viewer's own redacted events (`GET /api/games/{id}/events?after=N`),
//! as sentences. A VP total that jumped since the viewer's last look is explained here by the
//! events that moved it.
//!
//! What "since you last acted" means (README.md, "Playing from the command line"):
//! - a seated player: every entry from its own last action on, that action included (its
//!   consequences — dice, a battle, a phase the rules ran on — are part of what happened;
//!   the opponent's actions follow it);
//! - a player who has not acted yet in the window fetched, a spectator, or anyone after the
//!   game: the latest [`LATEST`] events;
//! - at most [`MOST`] sentences either way, the older ones counted, with the command that
//!   prints them all.

use adjutant_protocol::EventLog;
use serde_json::Value;
use std::fmt::Write;

/// How many actions back the recap looks for the viewer's last action.
pub const WINDOW: u64 = 200;
/// Events shown when the viewer has no last action to count from.
pub const LATEST: usize = 20;
/// The most sentences a recap prints.
pub const MOST: usize = 40;

/// The `after` to fetch the events of a recap of a game standing at action `seq`.
pub fn after(seq: u64) -> u64 {
    seq.saturating_sub(WINDOW)
}

/// The recap of `log` (events after [`after`]) for `viewer` ("union", "confederate",
/// "spectator", "omniscient"); empty when there is nothing to tell. `game_id` names the
/// game in the hint to the full log; `sentence` renders one event (with what its game adds
/// below it, a combat table: [`render::game_event`]).
pub fn recap(
    log: &EventLog,
    viewer: &str,
    game_id: &str,
    sentence: &dyn Fn(&Value) -> String,
) -> String {
    let seated = matches!(viewer, "union" | "confederate");
    let own = seated
        .then(|| log.entries.iter().rposition(|e| e.side.as_str() == viewer))
        .flatten();
    // (seq, side, bot, sentence) of every event told.
    let lines: Vec<(u64, String, bool, String)> = log
        .entries
        .iter()
        .skip(own.unwrap_or(0))
        .flat_map(|e| {
            e.events
                .iter()
                .map(move |ev| (e.seq, e.side.to_string(), e.bot, sentence(ev)))
        })
        .collect();
    let (heading, limit) = match own {
        Some(i) => (
            format!("Since your last action (action {}):", log.entries[i].seq),
            MOST,
        ),
        None if seated && log.entries.first().is_some_and(|e| e.seq <= 1) => {
            ("Since the game began:".to_string(), MOST)
        }
        None => ("The latest events:".to_string(), LATEST),
    };
    if lines.is_empty() {
        return String::new();
    }
    let mut out = format!("\n{heading}\n");
    let skipped = lines.len().saturating_sub(limit);
    if skipped > 0 {
        let _ = writeln!(
            out,
            "  ({skipped} earlier event{} not shown: `adjutant events {game_id} --after {}` prints them.)",
            if skipped == 1 { "" } else { "s" },
            lines[0].0.saturating_sub(1)
        );
    }
    for (seq, side, bot, sentence) in lines.into_iter().skip(skipped) {
        let by = if bot { " (bot)" } else { "" };
        // A table the game draws under the sentence sits indented under it.
        let sentence = sentence.replace('\n', "\n    ");
        let _ = writeln!(out, "  {seq:>5} {side}{by}: {sentence}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render;
    use adjutant_protocol::EventEntry;
    use serde_json::json;

    fn entry(seq: u64, side: &str, texts: &[&str]) -> EventEntry {
        serde_json::from_value(json!({
            "seq": seq, "side": side,
            "events": texts.iter().map(|t| json!({"type": "x", "text": t})).collect::<Vec<_>>()
        }))
        .expect("an entry")
    }

    fn log(entries: Vec<EventEntry>) -> EventLog {
        EventLog {
            game_id: "g".into(),
            seq: entries.last().map_or(0, |e| e.seq),
            viewer: "union".into(),
            entries,
        }
    }

    #[test]
    fn a_seated_player_reads_from_its_own_last_action_on() {
        let l = log(vec![
            entry(1, "union", &["Old news."]),
            entry(2, "union", &["The Union moves to Area 20."]),
            entry(
                3,
                "confederate",
                &["Battle in Area 20: the Union loses 3 SP."],
            ),
            entry(
                4,
                "confederate",
                &["Victory points: Union 15, Confederate 21."],
            ),
        ]);
        let text = recap(&l, "union", "g", &render::event);
        assert!(
            text.contains("Since your last action (action 2):"),
            "{text}"
        );
        assert!(!text.contains("Old news"), "{text}");
        assert!(
            text.contains("    2 Union: The Union moves to Area 20."),
            "{text}"
        );
        assert!(
            text.contains("    4 Confederate: Victory points: Union 15, Confederate 21."),
            "{text}"
        );
    }

    #[test]
    fn a_spectator_reads_the_latest_events_and_the_rest_is_counted() {
        let entries: Vec<EventEntry> = (1..=30)
            .map(|i| entry(i, if i % 2 == 0 { "union" } else { "confederate" }, &["E."]))
            .collect();
        let text = recap(&log(entries), "spectator", "g", &render::event);
        assert!(text.contains("The latest events:"), "{text}");
        assert_eq!(text.matches(": E.").count(), LATEST);
        assert!(text.contains("10 earlier events not shown"), "{text}");
        assert!(text.contains("`adjutant events g --after 0`"), "{text}");
    }

    #[test]
    fn nothing_to_tell_is_nothing_printed() {
        assert_eq!(recap(&log(vec![]), "union", "g", &render::event), "");
        let l = log(vec![entry(1, "union", &[])]);
        assert_eq!(recap(&l, "union", "g", &render::event), "");
    }
}
