//! The disk's limit beside a load run: `adjutant load --disk-bench SERVER_BINARY` runs the
//! server's `disk-bench` (a bare SQLite loop, one INSERT per transaction, WAL,
//! `synchronous = FULL`) after the bots stop, on the same disk and in the same run, so the
//! report states its throughput as a share of one fsync per commit.

use std::path::PathBuf;
use std::process::Command;

/// Where and how to measure the disk.
#[derive(Clone, Debug)]
pub struct DiskBench {
    /// The `adjutant-server` (or `adjutant-test-server`) binary that runs `disk-bench`.
    pub server_binary: PathBuf,
    /// The directory measured: the one the server's database lives in.
    pub dir: PathBuf,
    /// How long the bare loop runs.
    pub seconds: u64,
}

/// What the disk did.
#[derive(Clone, Debug, PartialEq)]
pub struct DiskLimit {
    /// Fsynced commits per second of the bare loop.
    pub commits_per_sec: f64,
    /// The server's own sentence about it.
    pub sentence: String,
}

impl DiskBench {
    /// Runs the server's disk bench and reads its rate.
    pub fn run(&self) -> Result<DiskLimit, String> {
        let output = Command::new(&self.server_binary)
            .arg("disk-bench")
            .arg(&self.dir)
            .arg("--seconds")
            .arg(self.seconds.to_string())
            .output()
            .map_err(|e| {
                format!(
                    "cannot run {} for the disk bench: {e}",
                    self.server_binary.display()
                )
            })?;
        let text = String::from_utf8_lossy(&output.stdout);
        let sentence = text.lines().rev().find(|l| !l.trim().is_empty());
        match (output.status.success(), sentence.and_then(commits_per_sec)) {
            (true, Some(rate)) => Ok(DiskLimit {
                commits_per_sec: rate,
                sentence: sentence.unwrap_or_default().trim().to_string(),
            }),
            _ => Err(format!(
                "the disk bench did not report a rate: {}{}",
                text.trim(),
                String::from_utf8_lossy(&output.stderr).trim()
            )),
        }
    }
}

/// The rate in the disk bench's sentence ("… on DIR: 5415 fsynced commits/s, …").
pub fn commits_per_sec(sentence: &str) -> Option<f64> {
    let before = &sentence[..sentence.find(" fsynced commits/s")?];
    before.rsplit(' ').next()?.parse().ok()
}

/// The system's temporary directory: the default disk to measure.
pub fn default_dir() -> PathBuf {
    std::env::temp_dir()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_rate_is_read_from_the_benchs_sentence_or_not_at_all() {
        let said = "26000 commits in 5.0 s on /tmp: 5415 fsynced commits/s, median commit \
                    0.170 ms (one INSERT per transaction, WAL, synchronous=FULL)";
        assert_eq!(super::commits_per_sec(said), Some(5415.0));
        assert_eq!(super::commits_per_sec("the disk bench failed: full"), None);
        assert_eq!(super::commits_per_sec("many fsynced commits/s"), None);
    }
}
