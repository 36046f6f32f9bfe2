//! Stepping through a finished game at a bounded cost: every step built from a stored
//! snapshot equals the game replayed from its set-up; each request names its price (the
//! actions it replays) before paying; and a client hammering replays runs out of requests
//! sooner than one asking for cheap ones.

use adjutant_engine::Viewer;
use adjutant_protocol::{ErrorCode, Visibility};
use adjutant_tests::finished::{default_setup, finished_record, seed};
use std::sync::{Arc, Mutex};

use crate::common::*;

/// A finished Mississippi Fortress game (Champion Hill, random bots: hundreds of actions)
/// imported into `server`; returns its id and record.
async fn long_game(server: &TestServer, n: u64) -> (String, adjutant_engine::Record) {
    let record = finished_record(
        &adjutant_tests::registry(),
        "mississippi-fortress",
        "champion-hill",
        n,
    );
    assert!(record.actions.len() > 150, "{}", record.actions.len());
    let importer = server.account("archivist").await;
    let imported = importer.import(&record, Visibility::Public).await.unwrap();
    (imported.game_id, record)
}

#[tokio::test]
async fn every_step_from_a_stored_snapshot_equals_the_game_replayed_from_its_set_up() {
    let server = TestServer::start_with(|config| {
        config.replay_snapshot_every = 7;
        config.http_rate = 1e6;
        config.http_burst = 1e6;
    })
    .await;
    let (id, record) = long_game(&server, 3).await;
    let undone = record
        .actions
        .iter()
        .filter(|a| a.events.iter().any(|e| e["type"] == "undone"));
    assert!(undone.count() > 0, "the game takes moves back");

    // The reference: the record replayed from the set-up, step by step, by the engine.
    let registry = adjutant_tests::registry();
    let kind = registry.get("mississippi-fortress").unwrap();
    let setup = default_setup(&registry, "mississippi-fortress", "champion-hill");
    let mut reference = kind.start(&setup, &seed(3)).unwrap();
    let client = server.client();
    let first = client.replay(&id, 0).await.unwrap();
    assert_eq!(first.view, reference.view(Viewer::Omniscient));
    assert!(first.events.is_empty());
    for entry in &record.actions {
        let played = reference
            .play(entry.side, entry.action.as_ref().unwrap())
            .unwrap();
        let step = client.replay(&id, entry.seq).await.unwrap();
        assert_eq!(step.seq, entry.seq);
        assert_eq!(step.last, record.actions.len() as u64);
        assert_eq!(
            step.events,
            played.events(),
            "events of action {}",
            entry.seq
        );
        assert!(
            step.view == reference.view(Viewer::Omniscient),
            "the view after action {} differs",
            entry.seq
        );
    }
    // Asked again (from the cache, and backwards), the steps are the same.
    for seq in [record.actions.len() as u64, 100, 8, 7, 1] {
        let again = client.replay(&id, seq).await.unwrap();
        let mut replayed = kind.start(&setup, &seed(3)).unwrap();
        for entry in &record.actions[..seq as usize] {
            replayed
                .play(entry.side, entry.action.as_ref().unwrap())
                .unwrap();
        }
        assert!(again.view == replayed.view(Viewer::Omniscient), "{seq}");
    }
}

#[tokio::test]
async fn a_step_names_its_price_before_it_is_built_and_a_cached_one_is_free() {
    let server = TestServer::start_with(|config| config.replay_snapshot_every = 20).await;
    let (id, record) = long_game(&server, 5).await;
    let last = record.actions.len() as u64;
    let service = &server.service;
    let prices = Arc::new(Mutex::new(Vec::new()));
    let pay = |answer: bool| {
        let prices = prices.clone();
        move |actions: u64| {
            prices.lock().unwrap().push(actions);
            answer
        }
    };
    let price = || prices.lock().unwrap().pop();

    // A refused price: nothing is built, and the caller is told to slow down.
    let refused = service.replay(None, &id, last / 2, None, pay(false)).await;
    assert_eq!(refused.unwrap_err().code, ErrorCode::RateLimited);
    assert_eq!(
        price(),
        Some(last),
        "the first long step replays the whole game"
    );
    // Paid: the whole game is replayed once and snapshots are stored along the way.
    service
        .replay(None, &id, last / 2, None, pay(true))
        .await
        .unwrap();
    assert_eq!(price(), Some(last));
    // From then on a step replays at most twice the snapshot interval.
    for at in [last / 2 + 1, 3, last, last / 3] {
        service
            .replay(None, &id, at, None, pay(true))
            .await
            .unwrap();
        let paid = price().expect("an uncached step has a price");
        assert!((1..40).contains(&paid), "step {at} replayed {paid} actions");
    }
    // A cached step costs nothing beyond the request.
    service.replay(None, &id, 3, None, pay(true)).await.unwrap();
    assert_eq!(price(), None);
    // The turn index replays the game and builds a view after every action, once.
    service.turns(None, &id, None, pay(true)).await.unwrap();
    assert_eq!(price(), Some(2 * last));
    service.turns(None, &id, None, pay(true)).await.unwrap();
    assert_eq!(price(), None);
}

/// Requests `ask` makes before the server says `rate_limited` (at most 1000).
async fn until_limited<F, Fut, T>(mut ask: F) -> usize
where
    F: FnMut(usize) -> Fut,
    Fut: std::future::Future<Output = Result<T, adjutant_cli::ClientError>>,
{
    for n in 0..1000 {
        match ask(n).await {
            Ok(_) => {}
            Err(e) if e.code() == Some(ErrorCode::RateLimited) => return n,
            Err(e) => panic!("request {n} failed: {e}"),
        }
    }
    panic!("never rate limited")
}

#[tokio::test]
async fn an_anonymous_client_hammering_replays_is_rate_limited_sooner_than_for_cheap_requests() {
    // Buckets of 300 requests that do not refill during the test.
    let server = TestServer::start_with(|config| {
        config.http_burst = 300.0;
        config.http_rate = 0.001;
    })
    .await;
    let (id, record) = long_game(&server, 7).await;
    let watcher = server.account("watcher").await;
    let last = record.actions.len();

    let anonymous = server.client();
    let replays = until_limited(|n| anonymous.replay(&id, ((n * 37) % (last + 1)) as u64)).await;
    let cheap = until_limited(|_| watcher.state(&id, None)).await;
    assert_eq!(cheap, 300, "a cheap request costs one token");
    assert!(
        replays < cheap / 2,
        "{replays} replays passed against {cheap} cheap requests"
    );
}
