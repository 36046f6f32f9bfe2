//! The load generator with the players of each pair on different servers (issue 18): two
//! server processes on one PostgreSQL, a few pairs for a few seconds, one server killed with
//! SIGKILL mid-run. Its players play on through the other; the games go on and every
//! acknowledged action is read back afterwards.

use adjutant_cli::load::{self, LoadPlan};
use serde_json::json;
use std::path::Path;
use std::time::Duration;

use crate::common::*;
use crate::postgres::fresh_database;

#[tokio::test]
async fn load_with_each_pairs_players_on_two_servers_survives_one_killed() {
    let Some(url) = fresh_database("nodes_load").await else {
        return;
    };
    let [a, b] = [0, 1].map(|_| ServerProcess::start(Path::new(&url)));
    let plan = LoadPlan {
        servers: vec![a.base.clone(), b.base.clone()],
        pairs: 4,
        think: Duration::ZERO,
        duration: Duration::from_secs(6),
        game: "outpost".into(),
        scenario: "skirmish".into(),
        options: json!({}),
        server_pids: vec![a.pid(), b.pid()],
        disk_bench: None,
        kill: Some((a.pid(), Duration::from_secs(2))),
        check_acked: true,
    };
    let report = load::run(plan).await.expect("every pair plays to the end");
    println!("{report}");

    // Every pair had one player on A: each of them moved to B.
    assert!(
        report.reconnects >= 4,
        "the players on the killed server reconnected: {report}"
    );
    let death = report.death.as_ref().expect("a server was killed");
    let after: u64 = death
        .seconds
        .iter()
        .filter(|(s, _, _)| *s >= 1)
        .map(|(_, n, _)| n)
        .sum();
    assert!(
        after > 0,
        "actions were acknowledged after the kill: {report}"
    );
    assert!(
        report.games_finished > 0,
        "games were played to their end: {report}"
    );
    let (games, lost) = report.checked.as_ref().expect("read back");
    assert!(*games >= 4, "every pair played: {report}");
    assert!(lost.is_empty(), "acknowledged actions lost: {lost:?}");
    assert!(report.server_cpu.is_some(), "the servers' CPU was read");
}
