//! Three server processes on one PostgreSQL, on manual clocks the test moves together: a
//! correspondence clock runs out and exactly one server — the sweeper — times it out; the
//! sweeper is killed with SIGKILL and another takes the sweep over once its claim lapses.
//!
//! The sweeper holds its claim a minute past its last sweep (`--sweep-secs 1`), so the clocks
//! move in steps shorter than that, each once the sweeper has swept at the new time: the
//! servers' clocks are moved one after the other, and a step of a minute or more would let
//! a server whose clock moved first take a claim that has not lapsed on the sweeper's.

use adjutant_cli::Client;
use adjutant_protocol::{
    ClockChoice, CreateGame, GameStatus, JoinGame, SideChoice, TimeoutPolicy, Visibility,
};
use serde_json::json;

use crate::clocked_nodes::{ClockedServer, eventually, metric};
use crate::common::*;
use crate::correspondence_clock::START;
use crate::postgres::fresh_database;

/// An Outpost game whose players have a minute each (the shortest clock), `union` in the
/// Union seat, which must move first.
async fn a_minute_each(union: &Client, confederate: &Client) -> String {
    let created = union
        .create_game(&CreateGame {
            game: "outpost".into(),
            scenario: "skirmish".into(),
            options: json!({"rounds": 3}),
            side: SideChoice::Union,
            visibility: Visibility::Public,
            secret_choices: json!({"decoy": "1"}),
            clock: Some(ClockChoice {
                initial_secs: Some(60),
                increment_secs: Some(0),
                cap_secs: Some(60),
                on_timeout: TimeoutPolicy::Forfeit,
                ..ClockChoice::default()
            }),
            opponent: None,
            level: None,
        })
        .await
        .expect("game created");
    let join = JoinGame {
        invite_code: Some(created.invite_code.clone()),
        secret_choices: json!({"decoy": "3"}),
    };
    confederate
        .join(&created.game_id, &join)
        .await
        .expect("joined");
    created.game_id
}

/// Each server's count of `name`.
async fn counts(servers: &[ClockedServer], name: &str) -> Vec<u64> {
    let mut counts = Vec::new();
    for server in servers {
        counts.push(metric(&server.metrics().await, name));
    }
    counts
}

/// The one server that has swept (waiting until one has), by its index.
async fn the_sweeper(servers: &[ClockedServer], before: &[u64]) -> usize {
    let sweepers = eventually("a server sweeps", || async {
        let now = counts(servers, "adjutant_sweeps_total").await;
        let swept: Vec<usize> = (0..servers.len()).filter(|&i| now[i] > before[i]).collect();
        (!swept.is_empty()).then_some(swept)
    })
    .await;
    assert_eq!(sweepers.len(), 1, "one server sweeps at a time");
    sweepers[0]
}

/// Moves every server's clock forward by `secs` (under the sweeper's minute), then waits
/// until the sweeper `sweeper` has swept twice more (so at the new time, claim renewed).
async fn step(servers: &mut [ClockedServer], sweeper: usize, secs: i64) {
    assert!(secs < 60);
    for server in servers.iter_mut() {
        server.advance(secs);
    }
    let before = counts(servers, "adjutant_sweeps_total").await[sweeper];
    eventually("the sweeper sweeps at the new time", || async {
        let now = counts(servers, "adjutant_sweeps_total").await[sweeper];
        (now >= before + 2).then_some(())
    })
    .await;
}

/// Waits until `game` is over (as `client`'s server reads it); the number of actions stored.
async fn until_over(client: &Client, game: &str) -> usize {
    eventually("the game is timed out", || async {
        let state = client.state(game, None).await.ok()?;
        (state.status == GameStatus::Finished).then_some(())
    })
    .await;
    client.events(game, 0, None).await.unwrap().entries.len()
}

#[tokio::test]
async fn three_servers_time_a_clock_out_once_and_another_sweeps_when_the_sweeper_dies() {
    let Some(url) = fresh_database("sweeper3").await else {
        return;
    };
    let sweep = ["--sweep-secs", "1"];
    let mut servers: Vec<ClockedServer> = (0..3)
        .map(|_| ClockedServer::start(&url, START, &sweep))
        .collect();
    let union = account(&servers[0].client(), "grant").await;
    let confederate = account(&servers[1].client(), "pemberton").await;
    let game = a_minute_each(&union, &confederate).await;
    // Each server has the game in memory: a player or a spectator looks at it there.
    let watcher = servers[2].client();
    for client in [&union, &confederate, &watcher] {
        let state = client.state(&game, None).await.unwrap();
        assert_eq!(state.status, GameStatus::Active);
    }
    let sweeper = the_sweeper(&servers, &[0, 0, 0]).await;

    // The Union's minute runs out on every server's clock.
    step(&mut servers, sweeper, 31).await;
    assert_eq!(
        watcher.state(&game, None).await.unwrap().status,
        GameStatus::Active,
        "half a minute gone: nothing is due"
    );
    step(&mut servers, sweeper, 31).await;
    assert_eq!(until_over(&watcher, &game).await, 1, "one time-out stored");
    let timeouts = counts(&servers, "adjutant_clock_timeouts_total").await;
    assert_eq!(
        timeouts.iter().sum::<u64>(),
        1,
        "timed out once: {timeouts:?}"
    );
    assert_eq!(timeouts[sweeper], 1, "by the sweeper: {timeouts:?}");
    let sweeps = counts(&servers, "adjutant_sweeps_total").await;
    let others = (0..3).filter(|&i| i != sweeper).map(|i| sweeps[i]);
    assert_eq!(others.sum::<u64>(), 0, "nobody else swept: {sweeps:?}");

    // The sweeper dies. A new game on the survivors; their time moves past the dead
    // sweeper's claim and the new game's minute at once.
    servers.remove(sweeper).kill_9();
    let union = account(&servers[0].client(), "sherman").await;
    let confederate = account(&servers[1].client(), "johnston").await;
    let second = a_minute_each(&union, &confederate).await;
    let before = counts(&servers, "adjutant_sweeps_total").await;
    assert_eq!(before, [0, 0], "the claim still holds");
    for server in servers.iter_mut() {
        server.advance(61);
    }
    let new_sweeper = the_sweeper(&servers, &before).await;
    assert_eq!(until_over(&union, &second).await, 1, "one time-out stored");
    let timeouts = counts(&servers, "adjutant_clock_timeouts_total").await;
    assert_eq!(timeouts[new_sweeper], 1, "by the new sweeper: {timeouts:?}");
    assert_eq!(timeouts.iter().sum::<u64>(), 1, "{timeouts:?}");
}
