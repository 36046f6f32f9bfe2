//! Mississippi Fortress end to end: a complete game of scenario 6.1 between two bots over
//! WebSocket while a spectator watches, the server killed with SIGKILL and restarted in the
//! middle, and the finished record verified against the rules.

use adjutant_protocol::{CreateGame, GameStatus, SideChoice};
use serde_json::{Value, json};
use std::time::Duration;

use crate::common::*;
use crate::whole_game::{play_then_kill, seat, spectate};

/// Actions played before the server is killed.
const BEFORE_KILL: u64 = 60;

/// Every hidden counter in a spectator's view carries only its side, and no seat's private
/// records appear.
fn assert_spectator_view_hides(view: &Value) {
    fn walk(v: &Value) {
        match v {
            Value::Object(m) => {
                if m.get("hidden") == Some(&Value::Bool(true)) {
                    let keys: Vec<&String> = m.keys().collect();
                    assert_eq!(keys, ["hidden", "side"], "a hidden counter shows more: {v}");
                }
                assert!(
                    !m.contains_key("strength") && !m.contains_key("stragglers"),
                    "a spectator sees a strength: {v}"
                );
                m.values().for_each(walk);
            }
            Value::Array(a) => a.iter().for_each(walk),
            _ => {}
        }
    }
    if view["outcome"].is_null() {
        assert!(view.get("union_private").is_none() && view.get("confederate_private").is_none());
        assert!(view["actions"].as_array().is_none_or(Vec::is_empty));
        walk(&view["areas"]);
        walk(&view["river"]);
        // The combat reports hold Line Position totals, public once the orders are revealed
        // (Appendix V): only the documented fields, never a unit (rules reference, V.1).
        let mut battle = view["battle"].clone();
        if let Some(combats) = battle.as_object_mut().and_then(|b| b.remove("combats")) {
            for c in combats.as_array().into_iter().flatten() {
                for role in ["attacker", "defender"] {
                    let mut keys: Vec<&String> = c[role]
                        .as_object()
                        .map(|m| m.keys().collect())
                        .unwrap_or_default();
                    keys.sort();
                    assert_eq!(
                        keys,
                        [
                            "band",
                            "line",
                            "modifiers",
                            "order",
                            "rating",
                            "role",
                            "rolls",
                            "side",
                            "strength",
                            "strength_band"
                        ],
                        "a combat report shows more than a Line Position's totals: {c}"
                    );
                }
            }
        }
        walk(&battle);
    }
}

#[tokio::test]
async fn a_game_of_champion_hill_survives_kill_9_and_its_record_verifies() {
    let dir = TempDir::new();
    let db = dir.path().join("adjutant.db");
    let server = ServerProcess::start(&db);
    let union = account(&server.client(), "grant").await;
    let confederate = account(&server.client(), "pemberton").await;
    let catalog = server
        .client()
        .game_data("mississippi-fortress")
        .await
        .unwrap();
    assert_eq!(catalog["map"]["areas"].as_array().map(Vec::len), Some(47));
    let game = mississippi_fortress_game(&union, &confederate, "champion-hill", json!({})).await;
    let first = union.state(&game, None).await.unwrap();
    assert_eq!(first.view["turn"], 13);
    assert!(
        first.view["prompt"].is_null(),
        "the Second Player places his dummies first"
    );

    // First half: two bots and a spectator, until the server dies.
    let (union_token, confederate_token) = (
        union.token().unwrap().to_string(),
        confederate.token().unwrap().to_string(),
    );
    let (before, first_views) = play_then_kill(
        server,
        [&union, &confederate],
        &game,
        [11, 12],
        Duration::from_secs(240),
        BEFORE_KILL,
    )
    .await;
    first_views.iter().for_each(assert_spectator_view_hides);

    // Second half: the same database, a new process; everything acknowledged is there.
    let server = ServerProcess::start(&db);
    let union = server.client().with_token(Some(union_token));
    let confederate = server.client().with_token(Some(confederate_token));
    let restored = union.state(&game, None).await.unwrap();
    assert!(restored.seq >= before.seq);
    assert_eq!(restored.status, GameStatus::Active);
    let watcher = spectate(server.base.clone(), game.clone()).await;
    let bots = [
        seat(union.clone(), game.clone(), 21, Duration::from_secs(240)),
        seat(
            confederate.clone(),
            game.clone(),
            22,
            Duration::from_secs(240),
        ),
    ];
    for handle in bots {
        let stats = handle.await.unwrap().expect("the bot plays to the end");
        assert!(stats.finished, "the game ended");
    }
    let (views, status) = tokio::time::timeout(Duration::from_secs(30), watcher)
        .await
        .expect("the spectator sees the end")
        .unwrap();
    assert_eq!(status, GameStatus::Finished);
    views.iter().for_each(assert_spectator_view_hides);

    // The finished record verifies: seed, every action, every roll, every event, the result.
    let done = server.client().state(&game, None).await.unwrap();
    assert_eq!(done.status, GameStatus::Finished);
    assert_eq!(done.viewer, "omniscient");
    let record = server.client().record(&game, None).await.unwrap();
    assert!(record.seed.is_some());
    assert_eq!(record.actions.len() as u64, done.seq);
    let verified = adjutant_cli::verify(&adjutant_tests::registry(), &record).expect("verifies");
    assert_eq!(verified.actions, done.seq);
    assert!(verified.rolls > 0);
    let outcome = verified.outcome.expect("a result");
    assert!(outcome.summary.contains("victory"), "{}", outcome.summary);
    assert_eq!(Some(outcome), record.outcome);
}

#[tokio::test]
async fn the_grand_campaign_with_every_optional_rule_plays_to_its_end_through_the_server() {
    // Thousands of bot actions: the per-connection limits are lifted.
    let server = TestServer::start_with(|config| {
        config.ws_rate = 100_000.0;
        config.ws_burst = 100_000.0;
        config.http_rate = 100_000.0;
        config.http_burst = 100_000.0;
    })
    .await;
    let union = account(&server.client(), "porter").await;
    let confederate = account(&server.client(), "bowen").await;
    let catalog = server.client().catalog().await.unwrap();
    let mf = catalog
        .games
        .iter()
        .find(|g| g.id == "mississippi-fortress")
        .expect("listed");
    for scenario in [
        "champion-hill",
        "grants-land-campaign",
        "porter-runs-the-batteries",
        "shermans-assault",
    ] {
        assert!(mf.scenarios.iter().any(|s| s.id == scenario), "{scenario}");
    }
    let options: serde_json::Map<String, Value> = mf
        .choices
        .iter()
        .filter(|c| c.scenarios.iter().any(|s| s == "porter-runs-the-batteries"))
        .map(|c| (c.id.clone(), Value::Bool(true)))
        .collect();
    assert_eq!(options.len(), 6, "every optional rule applies to 6.3");
    // 7.11 without 7.1 is refused when the game is created, not when the second seat joins.
    let refused = union
        .create_game(&CreateGame {
            game: "mississippi-fortress".into(),
            scenario: "porter-runs-the-batteries".into(),
            options: json!({"variable-entry": true}),
            side: SideChoice::Union,
            ..Default::default()
        })
        .await
        .expect_err("7.11 needs 7.1");
    assert!(
        refused.to_string().contains("longstreet-moves-west"),
        "{refused}"
    );
    let game = mississippi_fortress_game(
        &union,
        &confederate,
        "porter-runs-the-batteries",
        Value::Object(options),
    )
    .await;
    let first = union.state(&game, None).await.unwrap();
    assert_eq!(first.view["turn"], 1);
    let watcher = spectate(server.base.clone(), game.clone()).await;
    let bots = [
        seat(union.clone(), game.clone(), 31, Duration::from_secs(240)),
        seat(
            confederate.clone(),
            game.clone(),
            32,
            Duration::from_secs(240),
        ),
    ];
    for handle in bots {
        let stats = handle.await.unwrap().expect("the bot plays to the end");
        assert!(stats.finished, "the game ended");
    }
    let (views, status) = tokio::time::timeout(Duration::from_secs(60), watcher)
        .await
        .expect("the spectator sees the end")
        .unwrap();
    assert_eq!(status, GameStatus::Finished);
    views.iter().for_each(assert_spectator_view_hides);
    let done = server.client().state(&game, None).await.unwrap();
    let record = server.client().record(&game, None).await.unwrap();
    let verified = adjutant_cli::verify(&adjutant_tests::registry(), &record).expect("verifies");
    assert_eq!(verified.actions, done.seq);
    let outcome = verified.outcome.expect("a result");
    assert!(
        outcome.summary.contains("victory") || outcome.summary.contains("Draw"),
        "{}",
        outcome.summary
    );
}

/// The `adjutant` command's text of a Champion Hill state, drawn from the game's static data
/// (as the command fetches it) by the game's CLI crate through the registry.
#[test]
fn the_cli_renders_a_view_with_areas_stacks_river_and_numbered_choices() {
    use adjutant_engine::{Match, PerSide, Seed, Setup, Side, Viewer};
    use mississippi_fortress::MississippiFortress;
    let data = mississippi_fortress::kind().static_data().clone();
    let game_state = |viewer: Viewer| -> adjutant_protocol::GameState {
        let setup = Setup {
            scenario: "champion-hill".into(),
            options: Default::default(),
            secret_choices: PerSide::default(),
        };
        let m: Match<MississippiFortress> =
            Match::new(&setup, &Seed::from_bytes([3; 32])).expect("sets up");
        serde_json::from_value(json!({
            "game_id": "g1",
            "game": "mississippi-fortress",
            "scenario": "champion-hill",
            "status": "active",
            "seq": 0,
            "viewer": viewer.as_str(),
            "players": {"union": "u", "confederate": "c"},
            "visibility": "public",
            "options": {},
            "seed_commitment": "",
            "view": m.view(viewer),
        }))
        .expect("a game state")
    };
    let render = adjutant_cli::render::state;
    let text = render(&game_state(Viewer::Seat(Side::Confederate)), &data);
    assert!(
        text.starts_with("Mississippi Fortress · champion-hill · game g1"),
        "{text}"
    );
    assert!(text.contains("Turn 13 of 13-16 (May 13-14)"), "{text}");
    assert!(text.contains("VPs: Union 8, Confederate 15"), "{text}");
    assert!(
        text.contains("Area 20 Edwards Station: Confederate: Bowen's Division 6/8 SP"),
        "{text}"
    );
    assert!(
        text.contains("Area 13 Clinton: Union: 11 face-down counters"),
        "{text}"
    );
    assert!(
        text.contains("A8 Bruinsburg: Transport Steamer 1; Transport Steamer 2"),
        "{text}"
    );
    assert!(
        text.contains("Vicksburg Shore Battery (Area 18 Vicksburg, A3): face-up"),
        "{text}"
    );
    assert!(text.contains("    1. Place a dummy in"), "{text}");
    let spectator = render(&game_state(Viewer::Spectator), &data);
    assert!(!spectator.contains("Bowen"), "{spectator}");
    assert!(
        spectator.contains("Waiting for: confederate"),
        "{spectator}"
    );
}
