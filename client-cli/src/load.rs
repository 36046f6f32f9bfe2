//! The load generator: N concurrent bot pairs over WebSocket against one running server or
//! several on one database, reporting accepted actions per second and action latency (send
//! to `acted`). With several servers the two players of each pair are on different servers
//! (round robin), a player whose server dies plays on through the next one, and one server
//! may be killed mid-run (`kill`) to measure the latency while its games move.

use std::time::{Duration, Instant};

use crate::client::{Client, ClientError};
use crate::load_seat::{Seat, pair, patient};

pub use crate::load_plan::LoadPlan;
pub use crate::load_report::{LoadReport, NodeDeath, process_cpu};

/// Runs the plan and measures it.
pub async fn run(plan: LoadPlan) -> Result<LoadReport, ClientError> {
    let servers = &plan.servers;
    if servers.is_empty() {
        return Err(ClientError::Transport("no server to load".into()));
    }
    let client = Client::new(&servers[0], None);
    let tag = format!("load{:08x}", rand::random::<u32>());
    let mut seats = Vec::with_capacity(plan.pairs);
    for i in 0..plan.pairs {
        let (u_name, c_name) = (format!("{tag}-{i}-u"), format!("{tag}-{i}-c"));
        let union = patient(|| client.create_account(&u_name)).await?;
        let confederate = patient(|| client.create_account(&c_name)).await?;
        // Round robin, the two of a pair on neighbouring servers (the same one if only one).
        seats.push((
            Seat::new(&client.with_token(Some(union.token)), servers, i),
            Seat::new(&client.with_token(Some(confederate.token)), servers, i + 1),
        ));
    }
    let start = Instant::now();
    let cpu = crate::load_report::CpuWatch::start(&plan.server_pids);
    let deadline = start + plan.duration;
    let mut tasks = Vec::new();
    for (i, (union, confederate)) in seats.into_iter().enumerate() {
        let plan = plan.clone();
        tasks.push(tokio::spawn(async move {
            pair(i as u64, union, confederate, &plan, deadline).await
        }));
    }
    let killed = match plan.kill {
        Some((pid, after)) => {
            tokio::time::sleep_until((start + after).into()).await;
            let at = Instant::now();
            let status = std::process::Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status()
                .map_err(|e| ClientError::Transport(format!("kill -KILL {pid}: {e}")))?;
            if !status.success() {
                return Err(ClientError::Transport(format!("kill -KILL {pid} failed")));
            }
            Some(at)
        }
        None => None,
    };
    let mut outcomes = Vec::new();
    for task in tasks {
        outcomes.push(
            task.await
                .map_err(|e| ClientError::Transport(format!("a bot pair failed: {e}")))??,
        );
    }
    let elapsed = start.elapsed();
    let server_cpu = cpu.stop().await;
    let disk = match &plan.disk_bench {
        Some(bench) => {
            let bench = bench.clone();
            let measured = tokio::task::spawn_blocking(move || bench.run())
                .await
                .map_err(|e| ClientError::Transport(format!("the disk bench failed: {e}")))?;
            Some(measured.map_err(ClientError::Transport)?)
        }
        None => None,
    };
    let lost = if plan.check_acked {
        let games: Vec<(String, u64, Option<String>)> =
            outcomes.iter().flat_map(|o| o.acked.clone()).collect();
        Some((games.len(), check_acked(&plan, &games).await?))
    } else {
        None
    };
    Ok(LoadReport::new(
        &plan, start, elapsed, outcomes, server_cpu, disk, killed, lost,
    ))
}

/// Reads every game back (with its Union player's token, from the first server that
/// answers) and returns those whose
/// highest acknowledged action is missing, each with what was acknowledged and what is
/// there. A server that has the game in memory may follow another's commit a moment late:
/// each game is read again for up to five seconds before it counts as lost.
async fn check_acked(
    plan: &LoadPlan,
    games: &[(String, u64, Option<String>)],
) -> Result<Vec<String>, ClientError> {
    let mut lost = Vec::new();
    for (game, acked, token) in games {
        let deadline = Instant::now() + Duration::from_secs(5);
        let mut seen = 0;
        let found = 'tries: loop {
            for server in &plan.servers {
                let client = Client::new(server, token.clone());
                if let Ok(log) = client.events(game, acked.saturating_sub(1), None).await {
                    seen = log.seq;
                    if seen >= *acked {
                        break 'tries true;
                    }
                }
            }
            if Instant::now() >= deadline {
                break false;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        if !found {
            lost.push(format!("{game}: action {acked} acknowledged, {seen} there"));
        }
    }
    Ok(lost)
}
