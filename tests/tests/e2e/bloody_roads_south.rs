//! Bloody Roads South over the wire, on the test server: a game of Sander's Field created and
//! joined over HTTP, both players setting up (placements chosen one counter at a time,
//! interleaved) while each seat and an anonymous spectator listen on WebSockets in both update
//! modes. Until both set-ups are done (rule 6.0: revealed together), no frame the opponent or
//! the spectator receives names a counter the other side placed; after the reveal, a stack's
//! counters beneath its top stay unnamed to everyone but their owner. The `adjutant` command
//! draws the game with its own text rendering.

use adjutant_cli::Client;
use adjutant_protocol::{CreateGame, JoinGame, SideChoice, Visibility};
use serde_json::{Value, json};
use std::collections::{BTreeSet, HashMap};

use crate::common::*;
use crate::leaks::wiretap::{Ear, Heard, Tape};

const GAME: &str = "bloody-roads-south";

/// Creates a public Sander's Field game with `union` in the Union seat and `confederate`
/// joined; returns its id and spectate code.
async fn sanders_field(union: &Client, confederate: &Client) -> (String, String) {
    let created = union
        .create_game(&CreateGame {
            game: GAME.into(),
            scenario: "sanders-field".into(),
            options: json!({}),
            side: SideChoice::Union,
            visibility: Visibility::Public,
            secret_choices: json!({}),
            clock: None,
            opponent: None,
            level: None,
        })
        .await
        .expect("a Sander's Field game is created on the test server");
    confederate
        .join(
            &created.game_id,
            &JoinGame {
                invite_code: Some(created.invite_code.clone()),
                secret_choices: json!({}),
            },
        )
        .await
        .expect("joined");
    (created.game_id, created.spectate_code)
}

/// The strings that name a counter on a stack of `view` for someone who may not identify it:
/// its printed name, and the id of a brigade or battery ("Sta/J/2", "Db-1"; a leader's id is
/// his surname, which a place or an order may name too).
fn names(counter: &Value) -> Vec<String> {
    let mut out: Vec<String> = counter["name"]
        .as_str()
        .map(String::from)
        .into_iter()
        .collect();
    if counter["kind"] == "brigade" || counter["kind"] == "battery" {
        out.extend(counter["id"].as_str().map(String::from));
    }
    out
}

/// Every counter name on the map in `view` of `side`'s stacks.
fn placed(view: &Value, side: &str) -> BTreeSet<String> {
    view["stacks"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|s| s["side"] == side)
        .flat_map(|s| s["counters"].as_array().cloned().unwrap_or_default())
        .flat_map(|c| names(&c))
        .collect()
}

/// What a viewer heard before sequence number `before` that contains `needle`.
fn heard_before<'a>(
    tape: &'a [Heard],
    viewer: &str,
    before: u64,
    needle: &str,
) -> Option<&'a Heard> {
    tape.iter()
        .find(|h| h.viewer == viewer && h.seq < before && names_id(&h.text, needle))
}

/// Whether `text` names `id` as a whole id: not inside a longer run of id characters (a
/// random UUID such as `…b72b-22f2…` holds `2b-2`, which is no counter's mention).
fn names_id(text: &str, id: &str) -> bool {
    let part = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    text.match_indices(id).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + id.len()..].chars().next();
        !before.is_some_and(part) && !after.is_some_and(part)
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sanders_field_set_ups_reach_nobody_else_before_both_are_done() {
    let server = TestServer::start().await;
    let union = server.account("meade").await;
    let confederate = server.account("ewell").await;
    let (game_id, spectate_code) = sanders_field(&union, &confederate).await;

    let tape = Tape::default();
    let mut ears = Vec::new();
    for (client, viewer) in [
        (&union, "union"),
        (&confederate, "confederate"),
        (&server.client(), "spectator"),
    ] {
        for mode in ["view", "patch"] {
            ears.push(
                Ear::open(
                    &server.base,
                    client.token(),
                    &game_id,
                    mode,
                    viewer,
                    tape.clone(),
                )
                .await,
            );
        }
    }

    // Both set up, one counter at a time in turn, each taking the middle hex offered.
    let seats = [("union", &union), ("confederate", &confederate)];
    let mut seq = union.state(&game_id, None).await.unwrap().seq;
    let mut views: HashMap<&str, Value> = HashMap::new();
    let mut finished = Vec::new();
    let mut placements = 0;
    while finished.len() < 2 {
        for (side, client) in seats {
            if finished.contains(&side) {
                continue;
            }
            let view = client.state(&game_id, None).await.unwrap().view;
            let actions = view["actions"].as_array().cloned().unwrap_or_default();
            let places: Vec<&Value> = actions.iter().filter(|a| a["type"] == "place").collect();
            // The pre-set orders' batch (6.0c) comes before finishing, posted empty.
            let preset = actions
                .iter()
                .find(|a| a["type"] == "issue_orders")
                .cloned();
            let action = match (places.get(places.len() / 2), preset) {
                (Some(a), _) => (*a).clone(),
                (None, Some(batch)) => batch,
                (None, None) => offered(&view, "finish_set_up"),
            };
            if action["type"] == "place" {
                placements += 1;
            } else if action["type"] == "finish_set_up" {
                finished.push(side);
                views.insert(side, view.clone());
            }
            seq = client
                .act(&game_id, seq, &action)
                .await
                .expect("accepted")
                .seq;
        }
    }
    let reveal = seq;
    assert!(
        placements >= 4,
        "both sides chose placements ({placements})"
    );
    for ear in &mut ears {
        ear.heard(reveal).await;
    }

    // Before the reveal, nobody but its owner heard of a counter a side had set up.
    let tape = tape.all();
    for (side, other) in [("union", "confederate"), ("confederate", "union")] {
        let secrets = placed(&views[side], side);
        assert!(secrets.len() >= 8, "{side} set up {secrets:?}");
        for name in &secrets {
            for listener in [other, "spectator"] {
                if let Some(h) = heard_before(&tape, listener, reveal, name) {
                    panic!(
                        "the {listener} heard of the {side} counter {name:?} at action {} (before the set-ups were revealed at {reveal}), by {}: {}",
                        h.seq, h.source, h.text
                    );
                }
            }
        }
        // The owner did hear of them: the search is not blind.
        assert!(
            secrets
                .iter()
                .any(|n| heard_before(&tape, side, reveal, n).is_some()),
            "the {side} player heard of none of his own counters"
        );
    }

    // After the reveal each side and the spectator see the other side's top counters, and
    // never a counter beneath one.
    let spectator = server.client();
    let watched = spectator
        .state(&game_id, Some(&spectate_code))
        .await
        .unwrap()
        .view;
    for (side, other, client) in [
        ("union", "confederate", &confederate),
        ("confederate", "union", &union),
    ] {
        let owner = if side == "union" {
            &union
        } else {
            &confederate
        };
        let own = owner.state(&game_id, None).await.unwrap().view;
        let seen = client.state(&game_id, None).await.unwrap().view;
        let shown = placed(&seen, side);
        assert!(
            !shown.is_empty(),
            "the {other} player sees the {side} stacks after the reveal"
        );
        assert_eq!(
            shown,
            placed(&watched, side),
            "the spectator sees what the opponent sees"
        );
        let beneath: BTreeSet<String> = placed(&own, side).difference(&shown).cloned().collect();
        assert!(
            !beneath.is_empty(),
            "some {side} stack holds more than its top counter"
        );
        for name in &beneath {
            for listener in [other, "spectator"] {
                if let Some(h) = heard_before(&tape, listener, u64::MAX, name) {
                    panic!(
                        "the {listener} heard of {name:?}, beneath a {side} top counter, at action {}: {}",
                        h.seq, h.text
                    );
                }
            }
        }
        for stack in seen["stacks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["side"] == side)
        {
            assert_eq!(
                stack["counters"].as_array().unwrap().len(),
                1,
                "one counter shows: {stack}"
            );
            for secret in [
                "casualties",
                "stragglers",
                "fire_level",
                "morale\"",
                "gun_points",
                "steps",
            ] {
                assert!(
                    !stack.to_string().contains(secret),
                    "an enemy stack shows {secret}: {stack}"
                );
            }
        }
    }
    assert!(
        watched["prompt"].is_null() && watched.get("orders").is_none(),
        "a spectator has no prompt and no order log"
    );

    // The `adjutant` command draws the game with its own text rendering, as sentences.
    let state = union.state(&game_id, None).await.unwrap();
    let data = union.game_data(GAME).await.expect("the static data");
    let text = adjutant_cli::render::state(&state, &data);
    assert!(
        text.starts_with("Bloody Roads South · sanders-field"),
        "{text}"
    );
    assert!(text.contains("Map A, hexrows"), "{text}");
    assert!(text.contains("Your order log:"), "{text}");
    assert!(text.contains("Enemy troops in "), "{text}");
    assert!(!text.contains('{') && !text.contains("=\""), "{text}");
}
