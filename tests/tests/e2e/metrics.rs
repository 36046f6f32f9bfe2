//! What an operator sees (issue 18): `/metrics` counts the store's group commits (writes per
//! commit, commit and fsync latency), the connections and WebSockets open, and the notice
//! outbox; every HTTP request gets an id, answered in `x-request-id` and carried by every log
//! line written while serving it, and a game's actor names its game in each of its lines.

use adjutant_protocol::Visibility;
use serde_json::Value;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use crate::common::*;

/// The server's `/metrics` text.
async fn metrics(base: &str) -> String {
    reqwest::get(format!("{base}/metrics"))
        .await
        .expect("metrics answer")
        .text()
        .await
        .expect("metrics text")
}

/// The value of the sample line `name` (with its labels) in `/metrics` text.
fn sample(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' '))
        .unwrap_or_else(|| panic!("{name} in {text}"))
        .parse()
        .expect("a number")
}

/// Waits (on a deadline, no sleep) for `/metrics` to show `name` at `value`.
async fn until_sample(base: &str, name: &str, value: f64) {
    let deadline = Instant::now() + WAIT;
    loop {
        let text = metrics(base).await;
        if sample(&text, name) == value {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{name} never reached {value}: {text}"
        );
        tokio::task::yield_now().await;
    }
}

/// The first log line (within `WAIT`) whose message is `message`.
fn logged(lines: &Receiver<Value>, message: &str) -> Value {
    let deadline = Instant::now() + WAIT;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = lines
            .recv_timeout(left.max(Duration::from_millis(1)))
            .unwrap_or_else(|_| panic!("no log line {message:?}"));
        if line["fields"]["message"] == message {
            return line;
        }
    }
}

/// The fields of the span called `name` among a JSON log line's spans.
fn span<'a>(line: &'a Value, name: &str) -> &'a Value {
    line["spans"]
        .as_array()
        .and_then(|spans| spans.iter().find(|s| s["name"] == name))
        .unwrap_or_else(|| panic!("a {name} span in {line}"))
}

#[tokio::test]
async fn metrics_count_group_commits_connections_websockets_and_the_outbox() {
    let server = TestServer::start().await;
    let (union, confederate) = (
        server.account("metric-u").await,
        server.account("metric-c").await,
    );
    let game = outpost(&union, &confederate, Visibility::Private)
        .await
        .game_id;
    let mut acted = false;
    for player in [&union, &confederate] {
        let state = player.state(&game, None).await.expect("state");
        if let Some(action) = state.view["actions"].as_array().and_then(|a| a.first()) {
            player.act(&game, state.seq, action).await.expect("acted");
            acted = true;
            break;
        }
    }
    assert!(acted, "somebody could act");

    let text = metrics(&server.base).await;
    // Accounts, the game, the join and the action: each durable in some group commit.
    let groups = sample(&text, "adjutant_store_group_commit_writes_count");
    let writes = sample(&text, "adjutant_store_group_commit_writes_sum");
    assert!(groups >= 1.0 && writes >= 5.0, "{text}");
    assert!(writes >= groups, "{text}");
    assert_eq!(
        sample(&text, "adjutant_store_commit_seconds_count"),
        groups,
        "one commit time per group commit: {text}"
    );
    let fsyncs = sample(&text, "adjutant_store_fsync_seconds_count");
    assert!(fsyncs >= groups, "each group commit's COMMIT timed: {text}");
    assert_eq!(
        sample(&text, "adjutant_store_commit_seconds_bucket{le=\"+Inf\"}"),
        groups,
        "{text}"
    );
    assert!(text.contains("# TYPE adjutant_store_fsync_seconds histogram"));
    assert_eq!(sample(&text, "adjutant_notice_outbox_depth"), 0.0);
    for channel in ["webhook", "email"] {
        let given_up = format!("adjutant_notices_given_up_total{{channel=\"{channel}\"}}");
        assert_eq!(sample(&text, &given_up), 0.0, "{text}");
    }
    assert!(sample(&text, "adjutant_connections_open") >= 1.0, "{text}");
    assert_eq!(sample(&text, "adjutant_websockets_open"), 0.0, "{text}");

    // A WebSocket counts while it is open, and no longer once it is closed.
    let socket = live(&union).await;
    until_sample(&server.base, "adjutant_websockets_open", 1.0).await;
    drop(socket);
    until_sample(&server.base, "adjutant_websockets_open", 0.0).await;
}

#[tokio::test]
async fn every_request_has_an_id_in_its_answer_and_in_its_log_lines() {
    let dir = TempDir::new();
    let (server, lines) = ServerProcess::start_logged(&dir.path().join("adjutant.db"));
    let http = reqwest::Client::new();
    let create = |name: &str, id: Option<&str>| {
        let mut request = http
            .post(format!("{}/api/accounts", server.base))
            .json(&serde_json::json!({ "name": name }));
        if let Some(id) = id {
            request = request.header("x-request-id", id);
        }
        request.send()
    };

    // A proxy's plain id is kept: answered back and on the request's log line.
    let answer = create("traced", Some("proxy-7f3a:1"))
        .await
        .expect("answer");
    assert_eq!(answer.headers()["x-request-id"], "proxy-7f3a:1");
    let line = logged(&lines, "account created");
    let request = span(&line, "request");
    assert_eq!(request["id"], "proxy-7f3a:1", "{line}");
    assert_eq!(request["method"], "POST", "{line}");
    assert_eq!(request["route"], "/api/accounts", "{line}");

    // Anything else is replaced by a fresh id, never echoed.
    let answer = create("traced-two", Some("a b\"}")).await.expect("answer");
    let fresh = answer.headers()["x-request-id"]
        .to_str()
        .unwrap()
        .to_string();
    assert_eq!(fresh.len(), 16, "{fresh}");
    assert_eq!(
        span(&logged(&lines, "account created"), "request")["id"],
        fresh
    );
    let answer = create("traced-three", None).await.expect("answer");
    let other = answer.headers()["x-request-id"]
        .to_str()
        .unwrap()
        .to_string();
    assert_ne!(other, fresh);

    // A game's actor names its game on each of its lines.
    let union = account(&server.client(), "traced-u").await;
    let confederate = account(&server.client(), "traced-c").await;
    let game = outpost(&union, &confederate, Visibility::Private)
        .await
        .game_id;
    let created = logged(&lines, "game created");
    assert_eq!(
        span(&created, "request")["route"],
        "/api/games",
        "{created}"
    );
    let started = logged(&lines, "game started");
    assert_eq!(span(&started, "game")["id"], game.as_str(), "{started}");
}
