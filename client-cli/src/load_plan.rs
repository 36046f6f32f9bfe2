//! What a load run is asked to do (`adjutant load`): its own module, so that the run, its
//! seats and its report all read it without importing one another.

use std::time::Duration;

use serde_json::Value;

use crate::disk_limit::DiskBench;

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadPlan {
    /// The servers (base URLs): one, or several on one database.
    pub servers: Vec<String>,
    pub pairs: usize,
    /// Each bot's pause before each of its actions (zero: flat out).
    pub think: Duration,
    pub duration: Duration,
    pub game: String,
    pub scenario: String,
    pub options: Value,
    /// The servers' process ids on this machine, to count their CPU time over the run.
    pub server_pids: Vec<u32>,
    /// The disk's own limit, measured after the bots stop (same disk, same run).
    pub disk_bench: Option<DiskBench>,
    /// A server process to kill with SIGKILL this long after the start.
    pub kill: Option<(u32, Duration)>,
    /// After the run, read every game back and check that its highest acknowledged action
    /// is there.
    pub check_acked: bool,
}
