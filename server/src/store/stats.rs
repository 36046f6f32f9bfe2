//! What a store's writer measures of its group commits, for `/metrics`: how many writes each
//! commit holds, how long each takes, and how long its durable step takes.

use std::time::{Duration, Instant};

use crate::histogram::{self, Histogram};

/// The writer's measurements since the store was opened.
pub struct StoreStats {
    /// Writes per group commit (one transaction, or one statement on PostgreSQL's hot path).
    pub group_writes: Histogram,
    /// A group commit from the writer taking the batch to every write answered.
    pub commit_seconds: Histogram,
    /// The step that makes a group durable: SQLite's `COMMIT` (the WAL frames written and
    /// fsynced), PostgreSQL's committing statement (the server flushes its WAL before it
    /// answers).
    pub durable_seconds: Histogram,
}

impl Default for StoreStats {
    fn default() -> StoreStats {
        StoreStats {
            group_writes: Histogram::new(histogram::COUNTS),
            commit_seconds: Histogram::new(histogram::SECONDS),
            durable_seconds: Histogram::new(histogram::SECONDS),
        }
    }
}

impl StoreStats {
    /// Counts one group commit of `writes` writes that began at `began`.
    pub fn group(&self, writes: usize, began: Instant) {
        self.group_writes.observe(writes as f64);
        self.commit_seconds.observe_duration(began.elapsed());
    }

    /// Counts one durable step that took `took`.
    pub fn durable(&self, took: Duration) {
        self.durable_seconds.observe_duration(took);
    }

    /// Appends the three histograms in Prometheus' text format.
    pub fn render(&self, out: &mut String) {
        self.group_writes.render(
            "adjutant_store_group_commit_writes",
            "Writes committed together in one group commit.",
            out,
        );
        self.commit_seconds.render(
            "adjutant_store_commit_seconds",
            "Time of a group commit, from the writer taking the writes to every write answered.",
            out,
        );
        self.durable_seconds.render(
            "adjutant_store_fsync_seconds",
            "Time of the step that makes a group commit durable: SQLite's COMMIT (WAL written and fsynced), PostgreSQL's committing statement (its WAL flushed).",
            out,
        );
    }
}
