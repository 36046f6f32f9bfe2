//! The operator's commands besides serving: `backup` (an online copy of the database) and
//! `verify` (every game replayed against the store).

use clap::Subcommand;
use sqlx::ConnectOptions;
use sqlx::sqlite::SqliteConnectOptions;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use crate::store::integrity::{self, Check};
use crate::{Config, Service, SystemClock};
use adjutant_engine::Registry;

/// `adjutant-server <task>`; without one, the server serves.
#[derive(Clone, Debug, Subcommand)]
pub enum Task {
    /// Copies the database to a new file while the server runs (SQLite's `VACUUM INTO`: a
    /// consistent, compacted copy that readers and the writer go on around), then checks
    /// the copy.
    Backup {
        /// The file to write; it must not exist.
        to: PathBuf,
    },
    /// Replays every started game from its set-up and compares each action's events, each
    /// snapshot and the game's row with the store. Reads only; exits 1 on any difference.
    Verify {
        /// Only these games (by id); all started games when none is named.
        games: Vec<String>,
    },
    /// Measures the disk's limit: a bare SQLite loop, one INSERT per transaction with WAL and
    /// `synchronous = FULL`, in a scratch database in DIR (removed after), for SECONDS.
    DiskBench {
        /// The directory to measure (the store's own, to compare with load figures).
        dir: PathBuf,
        #[arg(long, default_value_t = 5)]
        seconds: u64,
    },
}

/// Runs `task` on the database of `config`; `Err` is the sentence to print.
pub async fn run(task: &Task, config: Config, registry: Registry) -> Result<String, String> {
    match task {
        Task::Backup { to } => backup(&config.db, to).await,
        Task::Verify { games } => verify(config, registry, games).await,
        Task::DiskBench { dir, seconds } => crate::disk_bench::run(dir, *seconds).await,
    }
}

/// Writes a consistent copy of `db` to `to`, online.
pub async fn backup(db: &Path, to: &Path) -> Result<String, String> {
    if crate::store::is_postgres_url(&db.to_string_lossy()) {
        return Err(
            "the PostgreSQL store is backed up with PostgreSQL's own tools: pg_dump, or a \
             base backup with WAL archiving (docs/operations.md, \"PostgreSQL\")"
                .to_string(),
        );
    }
    if !db.exists() {
        return Err(format!("there is no database at {}", db.display()));
    }
    if to.exists() {
        return Err(format!(
            "{} exists; a backup goes to a new file",
            to.display()
        ));
    }
    let started = Instant::now();
    let mut conn = SqliteConnectOptions::new()
        .filename(db)
        .read_only(true)
        .connect()
        .await
        .map_err(|e| format!("cannot open {}: {e}", db.display()))?;
    let target = to
        .to_str()
        .ok_or_else(|| format!("{} is not a UTF-8 path", to.display()))?;
    sqlx::query("VACUUM INTO ?")
        .bind(target)
        .execute(&mut conn)
        .await
        .map_err(|e| format!("the backup to {target} failed: {e}"))?;
    drop(conn);
    integrity::check(to, Check::Quick).await?;
    let bytes = std::fs::metadata(to).map(|m| m.len()).unwrap_or(0);
    Ok(format!(
        "backed up {} to {target}: {:.1} MB in {:.2} s; the copy passes SQLite's quick check",
        db.display(),
        bytes as f64 / 1e6,
        started.elapsed().as_secs_f64()
    ))
}

async fn verify(config: Config, registry: Registry, games: &[String]) -> Result<String, String> {
    let started = Instant::now();
    let service = Service::open(config, registry, Arc::new(SystemClock))
        .await
        .map_err(|e| e.to_string())?;
    let found = if games.is_empty() {
        service.verify().await
    } else {
        service.verify_games(games.to_vec()).await
    };
    service.shutdown().await;
    let found = found?;
    let summary = format!(
        "{} games, {} actions and {} snapshots replayed in {:.2} s",
        found.games,
        found.actions,
        found.snapshots,
        started.elapsed().as_secs_f64()
    );
    if found.problems.is_empty() {
        Ok(format!("{summary}: all agree with the store"))
    } else {
        Err(format!(
            "{summary}; {} differ:\n{}",
            found.problems.len(),
            found.problems.join("\n")
        ))
    }
}
