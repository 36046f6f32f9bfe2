//! What the notifier counts of its deliveries, for `/metrics`: attempts that went through,
//! attempts that failed, and notices given up after the last retry, per channel.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};

/// Counts per channel since the process started (this server's attempts only).
#[derive(Default)]
pub struct Deliveries {
    /// Per channel: `[webhook, email]`.
    delivered: [AtomicU64; 2],
    failed: [AtomicU64; 2],
    given_up: [AtomicU64; 2],
}

const CHANNELS: [&str; 2] = ["webhook", "email"];

impl Deliveries {
    /// Counts one attempt on `channel` ("email" or a webhook): delivered, or failed and given
    /// up when `retry` is false.
    pub fn attempted(&self, channel: &str, delivered: bool, retry: bool) {
        let i = usize::from(channel == "email");
        let counter = match (delivered, retry) {
            (true, _) => &self.delivered[i],
            (false, true) => &self.failed[i],
            (false, false) => {
                self.failed[i].fetch_add(1, Ordering::Relaxed);
                &self.given_up[i]
            }
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    /// Appends the three counters in Prometheus' text format.
    pub fn render(&self, out: &mut String) {
        for (name, help, counts) in [
            (
                "adjutant_notices_delivered_total",
                "Notice deliveries that went through, by channel.",
                &self.delivered,
            ),
            (
                "adjutant_notice_failures_total",
                "Notice delivery attempts that failed (each is retried with backoff until given up), by channel.",
                &self.failed,
            ),
            (
                "adjutant_notices_given_up_total",
                "Notices given up after their last failed attempt, by channel.",
                &self.given_up,
            ),
        ] {
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} counter");
            for (channel, count) in CHANNELS.iter().zip(counts) {
                let n = count.load(Ordering::Relaxed);
                let _ = writeln!(out, "{name}{{channel=\"{channel}\"}} {n}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_attempt_counts_once_and_a_given_up_one_also_as_a_failure() {
        let d = Deliveries::default();
        d.attempted("webhook", true, true);
        d.attempted("webhook", false, true);
        d.attempted("email", false, false);
        let mut out = String::new();
        d.render(&mut out);
        for line in [
            "adjutant_notices_delivered_total{channel=\"webhook\"} 1\n",
            "adjutant_notices_delivered_total{channel=\"email\"} 0\n",
            "adjutant_notice_failures_total{channel=\"webhook\"} 1\n",
            "adjutant_notice_failures_total{channel=\"email\"} 1\n",
            "adjutant_notices_given_up_total{channel=\"webhook\"} 0\n",
            "adjutant_notices_given_up_total{channel=\"email\"} 1\n",
        ] {
            assert!(out.contains(line), "{line} in {out}");
        }
    }
}
