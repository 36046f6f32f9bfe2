//! The load generator: N concurrent bot pairs over WebSocket against a running server,
//! reporting accepted actions per second and action latency (send to `acted`).

use adjutant_protocol::{CreateGame, ErrorCode, JoinGame, SideChoice, Visibility};
use serde_json::Value;
use std::time::{Duration, Instant};

use crate::bot;
use crate::client::{Client, ClientError};
use crate::disk_limit::{DiskBench, DiskLimit};
use crate::live::Live;

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadPlan {
    pub server: String,
    pub pairs: usize,
    /// Each bot's pause before each of its actions (zero: flat out).
    pub think: Duration,
    pub duration: Duration,
    pub game: String,
    pub scenario: String,
    pub options: Value,
    /// The server's process id on this machine, to count its CPU time over the run.
    pub server_pid: Option<u32>,
    /// The disk's own limit, measured after the bots stop (same disk, same run).
    pub disk_bench: Option<DiskBench>,
}

/// What was measured.
#[derive(Clone, Debug)]
pub struct LoadReport {
    pub pairs: usize,
    pub elapsed: Duration,
    pub actions: u64,
    pub games_finished: u64,
    pub actions_per_sec: f64,
    pub p50: Duration,
    pub p99: Duration,
    pub max: Duration,
    /// The server's CPU time (user + system) over the run, where its pid was given.
    pub server_cpu: Option<Duration>,
    /// The bare SQLite loop on the same disk, where asked for.
    pub disk: Option<DiskLimit>,
}

impl LoadReport {
    /// The server's CPU time per accepted action: a figure that does not depend on how busy
    /// the machine is.
    pub fn cpu_per_action(&self) -> Option<Duration> {
        let cpu = self.server_cpu?;
        (self.actions > 0).then(|| cpu / u32::try_from(self.actions).unwrap_or(u32::MAX))
    }
}

/// The CPU time process `pid` has used so far (user + system, `/proc/PID/stat` fields 14
/// and 15, in clock ticks of 1/100 s: Linux's `USER_HZ` on every platform it runs on).
pub fn process_cpu(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) is in parentheses and may hold spaces: count after it.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

impl std::fmt::Display for LoadReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} bot pairs for {:.1} s: {} actions ({:.0} actions/s), {} games finished; \
             latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            self.pairs,
            self.elapsed.as_secs_f64(),
            self.actions,
            self.actions_per_sec,
            self.games_finished,
            ms(self.p50),
            ms(self.p99),
            ms(self.max)
        )?;
        if let (Some(cpu), Some(per)) = (self.server_cpu, self.cpu_per_action()) {
            write!(
                f,
                "; server CPU {:.2} s, {:.0} µs per action",
                cpu.as_secs_f64(),
                per.as_secs_f64() * 1e6
            )?;
        }
        if let Some(disk) = &self.disk {
            write!(
                f,
                "\nthe disk beside it: {}\nthis run: {:.2}× the disk's fsynced commits per second",
                disk.sentence,
                self.actions_per_sec / disk.commits_per_sec
            )?;
        }
        Ok(())
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Retries a lobby request while the server says `rate_limited`.
async fn patient<T, F, Fut>(mut attempt: F) -> Result<T, ClientError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, ClientError>>,
{
    let mut wait = Duration::from_millis(50);
    loop {
        match attempt().await {
            Err(e) if e.code() == Some(ErrorCode::RateLimited) => {
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(Duration::from_secs(2));
            }
            other => return other,
        }
    }
}

/// Runs the plan and measures it.
pub async fn run(plan: LoadPlan) -> Result<LoadReport, ClientError> {
    let client = Client::new(&plan.server, None);
    let tag = format!("load{:08x}", rand::random::<u32>());
    let mut seats = Vec::with_capacity(plan.pairs);
    for i in 0..plan.pairs {
        let (u_name, c_name) = (format!("{tag}-{i}-u"), format!("{tag}-{i}-c"));
        let union = patient(|| client.create_account(&u_name)).await?;
        let confederate = patient(|| client.create_account(&c_name)).await?;
        seats.push((
            client.with_token(Some(union.token)),
            client.with_token(Some(confederate.token)),
        ));
    }
    let start = Instant::now();
    let cpu_before = plan.server_pid.and_then(process_cpu);
    let deadline = start + plan.duration;
    let mut tasks = Vec::new();
    for (i, (union, confederate)) in seats.into_iter().enumerate() {
        let plan = plan.clone();
        tasks.push(tokio::spawn(async move {
            pair(i as u64, union, confederate, &plan, deadline).await
        }));
    }
    let mut latencies = Vec::new();
    let mut games_finished = 0;
    for task in tasks {
        let (lat, finished) = task
            .await
            .map_err(|e| ClientError::Transport(format!("a bot pair failed: {e}")))??;
        latencies.extend(lat);
        games_finished += finished;
    }
    let elapsed = start.elapsed();
    let server_cpu = match (cpu_before, plan.server_pid.and_then(process_cpu)) {
        (Some(before), Some(after)) => Some(after.saturating_sub(before)),
        _ => None,
    };
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
    latencies.sort();
    let pick = |q: f64| {
        latencies
            .get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
    };
    Ok(LoadReport {
        pairs: plan.pairs,
        elapsed,
        actions: latencies.len() as u64,
        games_finished,
        actions_per_sec: latencies.len() as f64 / elapsed.as_secs_f64(),
        p50: pick(0.50),
        p99: pick(0.99),
        max: latencies.last().copied().unwrap_or_default(),
        server_cpu,
        disk,
    })
}

/// One pair of bots playing game after game until the deadline.
async fn pair(
    index: u64,
    union: Client,
    confederate: Client,
    plan: &LoadPlan,
    deadline: Instant,
) -> Result<(Vec<Duration>, u64), ClientError> {
    let mut live_u = Live::connect(&union.ws_url(), union.token()).await?;
    let mut live_c = Live::connect(&confederate.ws_url(), confederate.token()).await?;
    let mut latencies = Vec::new();
    let mut finished = 0;
    let mut round = 0u64;
    while Instant::now() < deadline {
        let request = CreateGame {
            game: plan.game.clone(),
            scenario: plan.scenario.clone(),
            options: plan.options.clone(),
            side: SideChoice::Union,
            visibility: Visibility::Private,
            secret_choices: Value::Null,
            clock: None,
            opponent: None,
            level: None,
        };
        let created = patient(|| union.create_game(&request)).await?;
        let join = JoinGame {
            invite_code: Some(created.invite_code.clone()),
            secret_choices: Value::Null,
        };
        patient(|| confederate.join(&created.game_id, &join)).await?;
        let seed = index * 1_000_003 + round;
        let (u, c) = tokio::join!(
            bot::play_paced(
                &mut live_u,
                &created.game_id,
                seed,
                Some(deadline),
                plan.think
            ),
            bot::play_paced(
                &mut live_c,
                &created.game_id,
                seed ^ 0x5eed,
                Some(deadline),
                plan.think
            )
        );
        let (u, c) = match (u, c) {
            (Ok(u), Ok(c)) => (u, c),
            (Err(e), Ok(_)) | (Ok(_), Err(e)) => return Err(e),
            (Err(a), Err(b)) => {
                return Err(ClientError::Transport(format!(
                    "both bots failed: {a}; {b}"
                )));
            }
        };
        finished += u64::from(u.finished);
        latencies.extend(u.latencies);
        latencies.extend(c.latencies);
        for live in [&mut live_u, &mut live_c] {
            live.send(&adjutant_protocol::ClientMessage::Unsubscribe {
                game_id: created.game_id.clone(),
                id: None,
            })
            .await?;
        }
        round += 1;
    }
    live_u.close().await;
    live_c.close().await;
    Ok((latencies, finished))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_process_cpu_time_is_read_and_never_goes_back() {
        let me = std::process::id();
        let before = process_cpu(me).expect("this process's CPU time");
        let mut x = 0u64;
        for i in 0..5_000_000u64 {
            x = x.wrapping_mul(31).wrapping_add(i);
        }
        assert!(x != 1);
        assert!(process_cpu(me).unwrap() >= before);
        assert_eq!(process_cpu(u32::MAX), None, "no such process");
    }
}
