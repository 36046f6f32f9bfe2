//! What the load generator measured, and the servers' CPU time over the run.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::disk_limit::DiskLimit;
use crate::load_plan::LoadPlan;
use crate::load_seat::PairOutcome;

/// The window around a server's death: actions sent from one second before the kill to
/// this long after it.
pub const AFTER_DEATH: Duration = Duration::from_secs(5);

/// What was measured.
#[derive(Clone, Debug)]
pub struct LoadReport {
    pub servers: usize,
    pub pairs: usize,
    pub elapsed: Duration,
    pub actions: u64,
    pub games_finished: u64,
    pub actions_per_sec: f64,
    pub p50: Duration,
    pub p99: Duration,
    pub max: Duration,
    /// The servers' CPU time (user + system) over the run, where their pids were given (a
    /// killed server's up to its last reading before the kill, at most 100 ms before).
    pub server_cpu: Option<Duration>,
    /// The bare SQLite loop on the same disk, where asked for.
    pub disk: Option<DiskLimit>,
    /// Connections or requests that failed (each moved its player to the next server where
    /// there are several), and games given up.
    pub errors: u64,
    pub reconnects: u64,
    pub first_errors: Vec<String>,
    pub death: Option<NodeDeath>,
    /// Games read back after the run, and those missing an acknowledged action.
    pub checked: Option<(usize, Vec<String>)>,
}

/// The actions around a killed server's death.
#[derive(Clone, Debug)]
pub struct NodeDeath {
    /// When it was killed, after the start.
    pub at: Duration,
    pub actions: u64,
    pub actions_per_sec: f64,
    pub p50: Duration,
    pub p99: Duration,
    pub max: Duration,
    /// Each second from two before the kill to five after: (second from the kill, actions
    /// sent in it, their p99).
    pub seconds: Vec<(i64, u64, Duration)>,
}

fn pick(sorted: &[Duration], q: f64) -> Duration {
    sorted
        .get(((sorted.len() as f64 * q) as usize).min(sorted.len().saturating_sub(1)))
        .copied()
        .unwrap_or_default()
}

impl LoadReport {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        plan: &LoadPlan,
        start: Instant,
        elapsed: Duration,
        outcomes: Vec<PairOutcome>,
        server_cpu: Option<Duration>,
        disk: Option<DiskLimit>,
        killed: Option<Instant>,
        checked: Option<(usize, Vec<String>)>,
    ) -> LoadReport {
        let mut all: Vec<(Instant, Duration)> = Vec::new();
        let (mut games_finished, mut errors, mut reconnects) = (0, 0, 0);
        let mut first_errors = Vec::new();
        for o in outcomes {
            all.extend(o.latencies);
            games_finished += o.finished;
            errors += o.errors;
            reconnects += o.reconnects;
            first_errors.extend(
                o.first_errors
                    .into_iter()
                    .take(3 - first_errors.len().min(3)),
            );
        }
        let death = killed.map(|at| {
            let from = at - Duration::from_secs(1);
            let mut window: Vec<Duration> = all
                .iter()
                .filter(|(sent, _)| *sent >= from && *sent < at + AFTER_DEATH)
                .map(|(_, d)| *d)
                .collect();
            window.sort();
            let mut per_second: HashMap<i64, Vec<Duration>> = HashMap::new();
            for (sent, d) in &all {
                let s = if *sent >= at {
                    (*sent - at).as_secs() as i64
                } else {
                    -((at - *sent).as_secs() as i64) - 1
                };
                if (-2..5).contains(&s) {
                    per_second.entry(s).or_default().push(*d);
                }
            }
            let seconds = (-2..5)
                .map(|s| {
                    let mut v = per_second.remove(&s).unwrap_or_default();
                    v.sort();
                    (s, v.len() as u64, pick(&v, 0.99))
                })
                .collect();
            NodeDeath {
                at: at - start,
                actions: window.len() as u64,
                actions_per_sec: window.len() as f64 / (AFTER_DEATH.as_secs_f64() + 1.0),
                p50: pick(&window, 0.50),
                p99: pick(&window, 0.99),
                max: window.last().copied().unwrap_or_default(),
                seconds,
            }
        });
        let mut latencies: Vec<Duration> = all.into_iter().map(|(_, d)| d).collect();
        latencies.sort();
        LoadReport {
            servers: plan.servers.len(),
            pairs: plan.pairs,
            elapsed,
            actions: latencies.len() as u64,
            games_finished,
            actions_per_sec: latencies.len() as f64 / elapsed.as_secs_f64(),
            p50: pick(&latencies, 0.50),
            p99: pick(&latencies, 0.99),
            max: latencies.last().copied().unwrap_or_default(),
            server_cpu,
            disk,
            errors,
            reconnects,
            first_errors,
            death,
            checked,
        }
    }

    /// The servers' CPU time per accepted action: a figure that does not depend on how busy
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

/// Reads the servers' CPU time every 100 ms, so that a server killed mid-run still counts
/// up to its last reading.
pub struct CpuWatch {
    readings: Arc<Mutex<HashMap<u32, (Duration, Duration)>>>,
    task: Option<tokio::task::JoinHandle<()>>,
}

impl CpuWatch {
    pub fn start(pids: &[u32]) -> CpuWatch {
        let readings = Arc::new(Mutex::new(HashMap::new()));
        let mut first = HashMap::new();
        for &pid in pids {
            if let Some(cpu) = process_cpu(pid) {
                first.insert(pid, (cpu, cpu));
            }
        }
        *readings.lock().expect("readings") = first;
        let task = (!pids.is_empty()).then(|| {
            let readings = readings.clone();
            tokio::spawn(async move {
                let mut tick = tokio::time::interval(Duration::from_millis(100));
                loop {
                    tick.tick().await;
                    let mut readings = readings.lock().expect("readings");
                    for (pid, (_, last)) in readings.iter_mut() {
                        if let Some(cpu) = process_cpu(*pid) {
                            *last = cpu;
                        }
                    }
                }
            })
        });
        CpuWatch { readings, task }
    }

    /// The CPU time of the servers since the start, summed; `None` if none was read.
    pub async fn stop(mut self) -> Option<Duration> {
        if let Some(task) = self.task.take() {
            task.abort();
            let _ = task.await;
        }
        let mut readings = self.readings.lock().expect("readings");
        for (pid, (_, last)) in readings.iter_mut() {
            if let Some(cpu) = process_cpu(*pid) {
                *last = cpu;
            }
        }
        (!readings.is_empty()).then(|| {
            readings
                .values()
                .map(|(first, last)| last.saturating_sub(*first))
                .sum()
        })
    }
}

impl std::fmt::Display for LoadReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.servers > 1 {
            write!(
                f,
                "{} servers (each pair's players on two of them), ",
                self.servers
            )?;
        }
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
        write!(
            f,
            "; {} errors, {} reconnections",
            self.errors, self.reconnects
        )?;
        if !self.first_errors.is_empty() {
            write!(f, " (first: {})", self.first_errors.join("; "))?;
        }
        if let Some(d) = &self.death {
            write!(
                f,
                "\na server killed at {:.1} s; actions sent from 1 s before to {} s after: {} \
                 ({:.0} actions/s), p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms\nper second \
                 from the kill (actions, p99):",
                d.at.as_secs_f64(),
                AFTER_DEATH.as_secs(),
                d.actions,
                d.actions_per_sec,
                ms(d.p50),
                ms(d.p99),
                ms(d.max)
            )?;
            for (s, n, p99) in &d.seconds {
                write!(f, " [{s:+}] {n} {:.1} ms;", ms(*p99))?;
            }
        }
        if let Some((games, lost)) = &self.checked {
            write!(
                f,
                "\nread back: {games} games, {} missing an acknowledged action",
                lost.len()
            )?;
            for l in lost.iter().take(5) {
                write!(f, "\n  {l}")?;
            }
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
