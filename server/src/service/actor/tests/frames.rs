//! What subscribers are sent: the subscribed frame, each update as bytes built once and
//! shared by every subscriber of one viewer, nothing after unsubscribing.

use adjutant_protocol::GameStatus;

use super::Table;
use crate::frame::Outgoing;

#[tokio::test]
async fn a_subscriber_gets_the_subscribed_frame_then_each_update() {
    let t = Table::new().await;
    let mut conn = t.subscribe(1, Some(&t.confederate)).await;
    let first = conn.frames();
    assert_eq!(first[0].0["type"], "subscribed", "{first:?}");
    assert_eq!(first[0].0["viewer"], "confederate");
    let action = t.offered(&t.union, "move").await;
    t.service
        .act(Some(&t.union), &t.game, 0, action)
        .await
        .unwrap();
    let frames = conn.frames();
    let update = frames
        .iter()
        .find(|(f, _)| f["type"] == "update")
        .unwrap_or_else(|| panic!("no update in {frames:?}"));
    assert_eq!(update.0["seq"], 1);
    assert_eq!(update.0["side"], "union");
    assert!(
        update.0["view"].is_object(),
        "view mode sends the whole view"
    );
}

#[tokio::test]
async fn one_viewers_update_is_one_frame_shared_by_all_its_subscribers() {
    let t = Table::new().await;
    let mut one = t.subscribe(1, None).await;
    let mut two = t.subscribe(2, None).await;
    let mut seat = t.subscribe(3, Some(&t.union)).await;
    for conn in [&mut one, &mut two, &mut seat] {
        conn.frames();
    }
    let action = t.offered(&t.union, "move").await;
    t.service
        .act(Some(&t.union), &t.game, 0, action)
        .await
        .unwrap();
    let update = |conn: &mut super::Connection| {
        let frames = conn.frames();
        let found = frames.into_iter().find(|(f, _)| f["type"] == "update");
        match found.map(|(_, out)| out) {
            Some(Outgoing::Frame(frame)) => frame,
            other => panic!("no update frame: {other:?}"),
        }
    };
    let (one, two, seat) = (update(&mut one), update(&mut two), update(&mut seat));
    assert_eq!(
        one.bytes().as_ptr(),
        two.bytes().as_ptr(),
        "the same bytes, not a copy"
    );
    assert_ne!(
        one.bytes().as_ptr(),
        seat.bytes().as_ptr(),
        "a seat has its own view"
    );
}

#[tokio::test]
async fn an_unsubscribed_connection_is_sent_nothing_more() {
    let t = Table::new().await;
    let mut conn = t.subscribe(1, None).await;
    conn.frames();
    t.service.unsubscribe(&t.game, 1).await;
    let action = t.offered(&t.union, "move").await;
    t.service
        .act(Some(&t.union), &t.game, 0, action)
        .await
        .unwrap();
    assert!(conn.frames().is_empty());
}

#[tokio::test]
async fn the_game_over_update_says_finished() {
    let t = Table::new().await;
    let mut conn = t.subscribe(1, Some(&t.union)).await;
    conn.frames();
    t.service.resign(Some(&t.union), &t.game).await.unwrap();
    let frames = conn.frames();
    let update = frames
        .iter()
        .find(|(f, _)| f["type"] == "update")
        .expect("an update");
    let finished = serde_json::to_value(GameStatus::Finished).unwrap();
    assert_eq!(update.0["status"], finished);
}

#[tokio::test]
async fn a_burst_of_spectators_joining_is_told_to_the_others_once() {
    let t = Table::new().await;
    let mut first = t.subscribe(1, None).await;
    tokio::task::yield_now().await;
    first.frames();
    // Twenty spectators subscribe at once: their commands queue up before the actor runs.
    let joining = (2..22).map(|conn| t.subscribe(conn, None));
    let mut joined = futures_util::future::join_all(joining).await;
    tokio::task::yield_now().await;
    let told: Vec<_> = first
        .frames()
        .into_iter()
        .filter(|(f, _)| f["type"] == "presence")
        .collect();
    assert_eq!(told.len(), 1, "one presence frame for the burst: {told:?}");
    assert_eq!(told[0].0["presence"]["spectators"], 21);
    // Each newcomer learned who was there from its own subscribed frame, and at most one
    // presence frame after.
    for conn in &mut joined {
        let frames = conn.frames();
        assert_eq!(frames[0].0["type"], "subscribed");
        assert!(
            frames
                .iter()
                .filter(|(f, _)| f["type"] == "presence")
                .count()
                <= 1
        );
    }
}
