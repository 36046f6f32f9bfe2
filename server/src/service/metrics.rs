//! What `/metrics` reports (Prometheus text format): counters the actors move on as they work,
//! and gauges read when asked. Relaxed atomic additions: nothing waits on them.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};

use super::Service;
pub use crate::gauge::{Gauge, Opened};

/// Counters since the process started.
#[derive(Default)]
pub struct Counters {
    /// Actions committed by this server (its own writes).
    pub actions: AtomicU64,
    /// Games' leases this server took (several servers on one database).
    pub lease_takes: AtomicU64,
    /// Writes refused because another server had taken the lease.
    pub fenced: AtomicU64,
    /// Players' actions this server handed to the game's lease holder, which played them.
    pub forwarded: AtomicU64,
    /// Actions another server committed that this one told its subscribers.
    pub followed: AtomicU64,
    /// Actions another server committed that this one played on its own match as told (the
    /// rest it read back from the store).
    pub played_as_told: AtomicU64,
    /// Clock sweeps this server ran as the sweeper (several servers: one sweeps at a time).
    pub sweeps: AtomicU64,
    /// Correspondence clocks this server found run out (forfeit or handed to the bot).
    pub timeouts: AtomicU64,
    /// Decisions of the computer opponent this server started thinking about.
    pub computer_decisions: AtomicU64,
    /// TCP connections open now (WebSockets included).
    pub connections: Gauge,
    /// WebSocket connections open now.
    pub websockets: Gauge,
}

impl Counters {
    /// Adds one to `counter`.
    pub fn add(counter: &AtomicU64, n: u64) {
        counter.fetch_add(n, Ordering::Relaxed);
    }
}

impl Service {
    /// The metrics in Prometheus' text exposition format (version 0.0.4).
    pub async fn metrics_text(&self) -> String {
        let c = &self.inner.counters;
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        let store_up = u8::from(self.healthy().await);
        let outbox = self.inner.store.outbox_depth().await;
        let mut out = String::new();
        let mut metric = |name: &str, kind: &str, help: &str, value: String| {
            let _ = writeln!(
                out,
                "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}"
            );
        };
        metric(
            "adjutant_games_in_memory",
            "gauge",
            "Games whose actor is in this server's memory.",
            self.live_games().to_string(),
        );
        metric(
            "adjutant_actions_committed_total",
            "counter",
            "Actions this server committed.",
            get(&c.actions).to_string(),
        );
        metric(
            "adjutant_lease_takes_total",
            "counter",
            "Game leases this server took (several servers on one database).",
            get(&c.lease_takes).to_string(),
        );
        metric(
            "adjutant_fenced_writes_total",
            "counter",
            "Writes refused because another server had taken the game's lease.",
            get(&c.fenced).to_string(),
        );
        metric(
            "adjutant_forwarded_actions_total",
            "counter",
            "Players' actions this server handed to the game's lease holder on another server, which played them.",
            get(&c.forwarded).to_string(),
        );
        metric(
            "adjutant_actions_played_as_told_total",
            "counter",
            "Actions another server committed that this server played on its own copy of the game as told (its players' forwarded actions, and actions told with their commit), instead of reading them back.",
            get(&c.played_as_told).to_string(),
        );
        metric(
            "adjutant_followed_actions_total",
            "counter",
            "Actions committed by another server and told to this server's subscribers.",
            get(&c.followed).to_string(),
        );
        metric(
            "adjutant_sweeps_total",
            "counter",
            "Clock sweeps this server ran as the sweeper.",
            get(&c.sweeps).to_string(),
        );
        metric(
            "adjutant_clock_timeouts_total",
            "counter",
            "Correspondence clocks this server found run out.",
            get(&c.timeouts).to_string(),
        );
        metric(
            "adjutant_computer_decisions_total",
            "counter",
            "Decisions of the computer opponent this server started.",
            get(&c.computer_decisions).to_string(),
        );
        metric(
            "adjutant_connections_open",
            "gauge",
            "TCP connections open to this server, WebSockets included.",
            c.connections.now().to_string(),
        );
        metric(
            "adjutant_websockets_open",
            "gauge",
            "WebSocket connections open to this server.",
            c.websockets.now().to_string(),
        );
        if let Ok(depth) = outbox {
            metric(
                "adjutant_notice_outbox_depth",
                "gauge",
                "Notices waiting in the outbox for a delivery attempt, first or retry (the database's, on every server).",
                depth.to_string(),
            );
        }
        metric(
            "adjutant_store_up",
            "gauge",
            "1 when the store answers a read.",
            store_up.to_string(),
        );
        metric(
            "adjutant_stopping",
            "gauge",
            "1 once the server has begun to stop.",
            u8::from(self.is_stopping()).to_string(),
        );
        let _ = writeln!(
            out,
            "# HELP adjutant_node_info This server's name among servers on one database.\n\
             # TYPE adjutant_node_info gauge\nadjutant_node_info{{node=\"{}\",shared=\"{}\"}} 1",
            self.inner.node,
            self.inner.store.shared()
        );
        self.inner.notifier.deliveries().render(&mut out);
        if let Some(stats) = self.inner.store.stats() {
            stats.render(&mut out);
        }
        out
    }

    /// The count of TCP connections open, for the listener to hold one per connection.
    pub fn connections(&self) -> Gauge {
        self.inner.counters.connections.clone()
    }

    /// Counts a WebSocket open until the guard is dropped.
    pub fn websocket_opened(&self) -> Opened {
        self.inner.counters.websockets.open()
    }

    /// Whether a load balancer should send this server requests: the store answers and the
    /// server is not stopping. `Err`: why not.
    pub async fn ready(&self) -> Result<(), &'static str> {
        if self.is_stopping() {
            return Err("stopping");
        }
        if !self.healthy().await {
            return Err("store unavailable");
        }
        Ok(())
    }
}
