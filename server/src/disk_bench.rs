//! `adjutant-server disk-bench DIR`: the physical limit every load figure is compared with —
//! a bare SQLite loop on the disk the store lives on, one small INSERT per transaction, WAL
//! and `synchronous = FULL` (one fsync per commit, as the store's commits), for a few
//! seconds. docs/performance.md states each load figure's ratio to it.

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqliteSynchronous};
use sqlx::{ConnectOptions, Connection, Executor};
use std::path::Path;
use std::time::{Duration, Instant};

/// Commits one INSERT per transaction in a fresh database under `dir` for `seconds`; the
/// sentence says how many it made per second and the median commit.
pub async fn run(dir: &Path, seconds: u64) -> Result<String, String> {
    if !dir.is_dir() {
        return Err(format!("{} is not a directory", dir.display()));
    }
    let file = dir.join(format!("adjutant-disk-bench-{}.db", std::process::id()));
    let result = measure(&file, Duration::from_secs(seconds.max(1))).await;
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", file.display()));
    }
    let (commits, elapsed, median) = result?;
    Ok(format!(
        "{commits} commits in {:.1} s on {}: {:.0} fsynced commits/s, median commit {:.3} ms \
         (one INSERT per transaction, WAL, synchronous=FULL)",
        elapsed.as_secs_f64(),
        dir.display(),
        commits as f64 / elapsed.as_secs_f64(),
        median.as_secs_f64() * 1000.0
    ))
}

async fn measure(file: &Path, run_for: Duration) -> Result<(u64, Duration, Duration), String> {
    let fail = |e: sqlx::Error| format!("the disk bench failed: {e}");
    let mut conn = SqliteConnectOptions::new()
        .filename(file)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Full)
        .connect()
        .await
        .map_err(fail)?;
    conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        .await
        .map_err(fail)?;
    let body = "x".repeat(200);
    let mut times = Vec::new();
    let start = Instant::now();
    while start.elapsed() < run_for {
        let at = Instant::now();
        let mut tx = conn.begin().await.map_err(fail)?;
        sqlx::query("INSERT INTO t (body) VALUES (?)")
            .bind(&body)
            .execute(&mut *tx)
            .await
            .map_err(fail)?;
        tx.commit().await.map_err(fail)?;
        times.push(at.elapsed());
    }
    let elapsed = start.elapsed();
    let _ = conn.close().await;
    times.sort();
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    Ok((times.len() as u64, elapsed, median))
}

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn the_disk_bench_commits_and_cleans_up() {
        let dir = std::env::temp_dir().join(format!("adj-disk-bench-{}", rand::random::<u32>()));
        std::fs::create_dir_all(&dir).unwrap();
        let said = super::run(&dir, 1).await.unwrap();
        assert!(said.contains("fsynced commits/s"), "{said}");
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            0,
            "nothing left behind"
        );
        std::fs::remove_dir(&dir).unwrap();
        assert!(
            super::run(&dir, 1).await.is_err(),
            "a missing directory is refused"
        );
    }
}
