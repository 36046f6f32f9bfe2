//! `adjutant spectators`: the memory an idle spectator costs the server. It starts a few
//! public games, opens N WebSockets that subscribe to them as spectators (no account), waits
//! until every one is subscribed, and reads the server's resident memory (`VmRSS` of
//! `/proc/PID/status`) before and after; nothing is played meanwhile, so the connections
//! stay idle. docs/performance.md keeps the figures.

use adjutant_protocol::{
    ClientMessage, CreateGame, JoinGame, ServerMessage, SideChoice, UpdateMode, Visibility,
};
use futures_util::future::join_all;
use serde_json::Value;
use std::time::{Duration, Instant};

use crate::client::{Client, ClientError};
use crate::live::Live;

/// What to run.
#[derive(Clone, Debug)]
pub struct SpectatorPlan {
    pub server: String,
    /// Spectator connections to open.
    pub count: usize,
    /// Public games they are spread over.
    pub games: usize,
    pub game: String,
    pub scenario: String,
    /// The server's process id on this machine, to read its memory.
    pub server_pid: u32,
}

/// What was measured.
#[derive(Clone, Debug)]
pub struct SpectatorReport {
    pub count: usize,
    pub games: usize,
    /// The server's resident memory before the spectators connected and with all of them.
    pub rss_before: u64,
    pub rss_after: u64,
    /// How long connecting and subscribing them all took.
    pub took: Duration,
}

impl std::fmt::Display for SpectatorReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let grown = self.rss_after.saturating_sub(self.rss_before);
        write!(
            f,
            "{} idle spectators on {} games (subscribed in {:.1} s): server resident memory \
             {:.1} MiB before, {:.1} MiB with them ({:.1} KiB each)",
            self.count,
            self.games,
            self.took.as_secs_f64(),
            mib(self.rss_before),
            mib(self.rss_after),
            grown as f64 / 1024.0 / self.count.max(1) as f64
        )
    }
}

fn mib(bytes: u64) -> f64 {
    bytes as f64 / 1024.0 / 1024.0
}

/// The resident memory of process `pid` in bytes (`VmRSS`), if it can be read.
pub fn resident_bytes(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Connections opened at once.
const AT_ONCE: usize = 64;

/// Runs the plan; the connections are closed before it returns.
pub async fn run(plan: SpectatorPlan) -> Result<SpectatorReport, ClientError> {
    let client = Client::new(&plan.server, None);
    let tag = format!("watch{:08x}", rand::random::<u32>());
    let mut games = Vec::new();
    for i in 0..plan.games.max(1) {
        let union = client.create_account(&format!("{tag}-{i}-u")).await?;
        let confederate = client.create_account(&format!("{tag}-{i}-c")).await?;
        let union = client.with_token(Some(union.token));
        let confederate = client.with_token(Some(confederate.token));
        let created = union
            .create_game(&CreateGame {
                game: plan.game.clone(),
                scenario: plan.scenario.clone(),
                options: Value::Null,
                side: SideChoice::Union,
                visibility: Visibility::Public,
                secret_choices: Value::Null,
                clock: None,
                opponent: None,
                level: None,
            })
            .await?;
        let join = JoinGame {
            invite_code: Some(created.invite_code),
            secret_choices: Value::Null,
        };
        confederate.join(&created.game_id, &join).await?;
        games.push(created.game_id);
    }
    let pid = plan.server_pid;
    let unreadable = || ClientError::Transport(format!("cannot read /proc/{pid}/status"));
    let rss_before = resident_bytes(pid).ok_or_else(unreadable)?;
    let start = Instant::now();
    let mut open = Vec::with_capacity(plan.count);
    let url = client.ws_url();
    for wave in (0..plan.count).collect::<Vec<_>>().chunks(AT_ONCE) {
        let waiting = wave.iter().map(|&i| {
            let game_id = games[i % games.len()].clone();
            let url = url.clone();
            async move { spectate(&url, game_id).await }
        });
        for live in join_all(waiting).await {
            open.push(live?);
        }
    }
    let took = start.elapsed();
    let rss_after = resident_bytes(pid).ok_or_else(unreadable)?;
    for live in open {
        live.close().await;
    }
    Ok(SpectatorReport {
        count: plan.count,
        games: games.len(),
        rss_before,
        rss_after,
        took,
    })
}

/// One spectator connection, subscribed to `game_id`.
async fn spectate(url: &str, game_id: String) -> Result<Live, ClientError> {
    let mut live = Live::connect(url, None).await?;
    live.send(&ClientMessage::Subscribe {
        game_id,
        after_seq: None,
        spectate_code: None,
        updates: UpdateMode::Patch,
        id: None,
    })
    .await?;
    live.until(Duration::from_secs(30), |frame| {
        matches!(frame, ServerMessage::Subscribed { .. }).then_some(())
    })
    .await?;
    Ok(live)
}

#[cfg(test)]
mod tests {
    #[test]
    fn this_process_has_a_resident_size() {
        let rss = super::resident_bytes(std::process::id()).expect("VmRSS");
        assert!(rss > 1024 * 1024, "{rss}");
        assert_eq!(super::resident_bytes(u32::MAX), None);
    }
}
