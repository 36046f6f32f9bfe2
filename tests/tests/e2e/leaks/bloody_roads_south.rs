//! Bloody Roads South at the wire: the words of every order and initiative attempt a side
//! writes are its secret (reference section 5: the opponent never reads another side's orders,
//! nor does a spectator while the game runs). A seeded game of Sander's Field is played at
//! random through the real server, each order batch filled from the seat's own menu with a
//! random canary as the words; every byte the other seat and the spectators receive (both
//! WebSocket update modes, views, events, records, errors, chat) is searched for them.

use adjutant_engine::{Side, Viewer};
use rand::RngExt;
use rand::rngs::StdRng;
use serde_json::Value;

use super::canaries::{Canaries, random};
use super::{VIEWERS, Watched, roomy_server};
use crate::common::public_game;

/// Actions played (`ADJUTANT_LEAK_ACTIONS` for a longer run).
fn actions() -> u64 {
    std::env::var("ADJUTANT_LEAK_ACTIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300)
}

/// Fills an offered batch (`issue_orders`, `initiative`) with one or two entries of the
/// seat's own menu (`command.batch_menu`), each with a fresh canary as its words; `written`
/// collects (canary, side). Any other action gets "hold" for an empty free-text field.
fn fill(
    action: &mut Value,
    view: &Value,
    side: Side,
    rng: &mut StdRng,
    written: &mut Vec<(String, Side)>,
) {
    let field = match action["type"].as_str() {
        Some("issue_orders") => "orders",
        Some("initiative") => "attempts",
        _ => {
            adjutant_cli::bot::fill_text(action, "hold");
            return;
        }
    };
    let entries: Vec<Value> = view["command"]["batch_menu"]["entries"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["field"] == field)
        .cloned()
        .collect();
    if entries.is_empty() {
        return;
    }
    let mut items = Vec::new();
    for _ in 0..rng.random_range(1..=2) {
        let mut item = entries[rng.random_range(0..entries.len())]["item"].clone();
        let words = random(rng, "orders");
        item["text"] = Value::String(words.clone());
        written.push((words, side));
        items.push(item);
    }
    action[field] = Value::Array(items);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn section_5_order_words_reach_neither_the_opponent_nor_spectators() {
    let server = roomy_server().await;
    let (union, confederate) = (server.account("meade").await, server.account("ewell").await);
    let game_id = public_game(
        [&union, &confederate],
        "bloody-roads-south",
        "sanders-field",
        serde_json::json!({}),
        serde_json::json!({}),
    )
    .await;
    let seats = adjutant_engine::PerSide {
        union: &union,
        confederate: &confederate,
    };
    let mut game = Watched::open(&server, seats, game_id, 17).await;
    let mut written: Vec<(String, Side)> = Vec::new();
    let seq = game
        .play(actions(), |action, view, side, _, rng| {
            fill(action, view, side, rng, &mut written)
        })
        .await;
    let (end, record) = game.finish(seq).await;
    // The search is not blind: some of the words were orders the rules accepted.
    let kept = written
        .iter()
        .filter(|(w, _)| record.to_string().contains(w.as_str()))
        .count();
    assert!(
        kept >= 2,
        "{kept} of {} written orders were kept",
        written.len()
    );
    let mut canaries = Canaries::default();
    for (words, side) in &written {
        for (viewer, v) in VIEWERS {
            if v != Viewer::Seat(*side) {
                canaries.hide(words, "a side's order words", viewer, Some(end));
            }
        }
    }
    game.chat_canaries(&mut canaries, end);
    game.check(&canaries);
}
