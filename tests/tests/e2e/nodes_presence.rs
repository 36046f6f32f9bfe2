//! Several servers on one PostgreSQL: who is connected to a game is told on every server (a
//! player connected to another server is not away), a "your move" notice waits while its
//! player looks at the game on any server, and a token revoked on one server closes the
//! WebSockets opened with it on every server.

use adjutant_cli::Live;
use adjutant_protocol::{ClientMessage, Presence, ServerMessage, UpdateMode, Visibility};
use std::time::Duration;

use crate::clocked_nodes::{ClockedServer, eventually};
use crate::common::*;
use crate::correspondence_clock::{START, clocked, hand_over};
use crate::notices::settings;
use crate::postgres::fresh_database;
use crate::sinks::WebhookReceiver;

/// Subscribes `live` to `game`; the presence its answer carries.
async fn subscribe(live: &mut Live, game: &str) -> Presence {
    live.send(&ClientMessage::Subscribe {
        game_id: game.to_string(),
        after_seq: None,
        spectate_code: None,
        updates: UpdateMode::View,
        id: None,
    })
    .await
    .expect("subscribes");
    live.until(WAIT, |frame| match frame {
        ServerMessage::Subscribed { presence, .. } => Some(presence.clone()),
        _ => None,
    })
    .await
    .expect("subscribed")
    .0
}

/// Waits until `live` is told `want` (as a presence frame, every field of it: nothing else
/// than seats and a count).
async fn told(live: &mut Live, want: Presence) {
    live.until(WAIT, |frame| match frame {
        ServerMessage::Presence { presence, .. } => (*presence == want).then_some(()),
        _ => None,
    })
    .await
    .unwrap_or_else(|e| panic!("never told {want:?}: {e}"));
}

fn presence(union: bool, confederate: bool, spectators: u32) -> Presence {
    Presence {
        union,
        confederate,
        spectators,
    }
}

#[tokio::test]
async fn presence_crosses_servers_and_a_token_revoked_on_one_closes_its_websockets_on_all() {
    let Some(url) = fresh_database("presence").await else {
        return;
    };
    let [a, b] = [0, 1].map(|_| ClockedServer::start(&url, START, &[]));
    let union = account(&a.client(), "grant").await;
    let confederate = account(&b.client(), "pemberton").await;
    let game = outpost(&union, &confederate, Visibility::Public)
        .await
        .game_id;

    let mut union_live = live(&union).await;
    assert_eq!(
        subscribe(&mut union_live, &game).await,
        presence(true, false, 0)
    );
    // The Confederate on B: A tells its subscriber, and B its own of the Union on A.
    let mut confederate_live = live(&confederate).await;
    let seen_on_b = subscribe(&mut confederate_live, &game).await;
    told(&mut union_live, presence(true, true, 0)).await;
    if seen_on_b != presence(true, true, 0) {
        told(&mut confederate_live, presence(true, true, 0)).await;
    }
    // Spectators on either server add up.
    let mut spectator_b = live(&b.client()).await;
    subscribe(&mut spectator_b, &game).await;
    told(&mut union_live, presence(true, true, 1)).await;
    let mut spectator_a = live(&a.client()).await;
    subscribe(&mut spectator_a, &game).await;
    told(&mut confederate_live, presence(true, true, 2)).await;
    drop(spectator_a);
    drop(spectator_b);
    told(&mut union_live, presence(true, true, 0)).await;

    // The Confederate's token is revoked on A: its WebSocket on B closes, as on one server.
    let on_a = a
        .client()
        .with_token(confederate.token().map(str::to_string));
    on_a.revoke("current").await.expect("revoked");
    let closed = tokio::time::timeout(WAIT, async {
        // Frames sent before the revocation may come first.
        while let Some(frame) = confederate_live.next().await {
            frame.expect("frames, then the close");
        }
    })
    .await;
    assert!(
        closed.is_ok(),
        "the WebSocket on the other server is closed"
    );
    // The Union's connection stays, and is told the Confederate left.
    told(&mut union_live, presence(true, false, 0)).await;
    let open = tokio::time::timeout(Duration::from_millis(200), union_live.next()).await;
    assert!(open.is_err(), "the Union stays connected: {open:?}");
}

#[tokio::test]
async fn a_your_move_notice_waits_while_its_player_looks_at_the_game_on_another_server() {
    let Some(url) = fresh_database("looking").await else {
        return;
    };
    let hooks = WebhookReceiver::start().await;
    let args = ["--sweep-secs", "1", "--allow-private-webhooks"];
    let [mut a, mut b] = [0, 1].map(|_| ClockedServer::start(&url, START, &args));
    let union = account(&a.client(), "grant").await;
    let confederate = account(&b.client(), "pemberton").await;
    settings(&confederate, Some(hooks.url("pemberton")), None, false).await;
    let game = clocked(
        &union,
        &confederate,
        "a-move-a-day",
        adjutant_protocol::TimeoutPolicy::Forfeit,
    )
    .await;
    // The Confederate looks at the game on B; A knows once its subscriber is told.
    let mut union_live = live(&union).await;
    subscribe(&mut union_live, &game).await;
    let mut confederate_live = live(&confederate).await;
    subscribe(&mut confederate_live, &game).await;
    told(&mut union_live, presence(true, true, 0)).await;

    // The Union hands the move over on A: the notice waits for the Confederate to look away.
    assert!(hand_over(&union, &game, "").await);
    let notice = eventually("the notice is written", || async {
        let list = confederate.notices().await.ok()?;
        list.notices.into_iter().next()
    })
    .await;
    assert_eq!(notice.sent_at, None, "not sent while looking: {notice:?}");
    let due = notice.next_at.expect("due later");
    assert!(due > START + 200, "waits for the look to end: {notice:?}");
    assert!(hooks.take().is_empty(), "nothing was sent");

    // Looking ends with the connection and its five minutes; then it goes.
    drop(confederate_live);
    told(&mut union_live, presence(true, false, 0)).await;
    a.advance(301);
    b.advance(301);
    let sent = eventually("the notice goes once nobody looks", || async {
        let hooks = hooks.take();
        (!hooks.is_empty()).then_some(hooks)
    })
    .await;
    assert_eq!(sent.len(), 1, "one notice");
    assert_eq!(sent[0].body["kind"], "your_move");
}

/// Measures how long a change of presence takes to reach another server's subscriber
/// (`cargo test -p adjutant-tests --test e2e what_presence_across_servers_costs -- --ignored
/// --nocapture`): a spectator on B subscribes and leaves 50 times; each time, the time until
/// the Union's connection on A is told. Prints the median and the slowest.
#[tokio::test]
#[ignore = "a measurement, not a check"]
async fn what_presence_across_servers_costs() {
    let Some(url) = fresh_database("presence_cost").await else {
        return;
    };
    let [a, b] = [0, 1].map(|_| ClockedServer::start(&url, START, &[]));
    let union = account(&a.client(), "grant").await;
    let confederate = account(&b.client(), "pemberton").await;
    let game = outpost(&union, &confederate, Visibility::Public)
        .await
        .game_id;
    let mut union_live = live(&union).await;
    subscribe(&mut union_live, &game).await;
    let mut times = Vec::new();
    for _ in 0..50 {
        let mut spectator = live(&b.client()).await;
        let started = std::time::Instant::now();
        subscribe(&mut spectator, &game).await;
        told(&mut union_live, presence(true, false, 1)).await;
        times.push(started.elapsed());
        drop(spectator);
        told(&mut union_live, presence(true, false, 0)).await;
    }
    times.sort();
    println!(
        "subscribe on B until told on A: median {:.1} ms, slowest {:.1} ms ({} runs)",
        times[times.len() / 2].as_secs_f64() * 1000.0,
        times[times.len() - 1].as_secs_f64() * 1000.0,
        times.len()
    );
}
