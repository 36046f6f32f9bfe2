//! A Prometheus histogram kept with relaxed atomic additions: the thread that observes never
//! waits, and `/metrics` reads it when asked. Cumulative buckets are made at render time.
//!
//! # Why: our own rather than the `prometheus` or `metrics` crates. `/metrics` has a dozen
//! counters and three histograms written by hand in the text format; a registry crate would
//! bring its own global state and dependencies for what is forty lines here.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};

/// Upper bounds for latencies in seconds: 100 µs to 2.5 s.
pub const SECONDS: &[f64] = &[
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
];

/// Upper bounds for counts of things done together (writes in a group commit): 1 to 512.
pub const COUNTS: &[f64] = &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 512.0];

/// Observations counted into buckets by upper bound, with their sum.
pub struct Histogram {
    /// Each bucket's upper bound, ascending (`+Inf` is implied).
    bounds: &'static [f64],
    /// Observations per bucket, not cumulative; one more for above the last bound.
    counts: Box<[AtomicU64]>,
    /// The sum of the observations in millionths of their unit (a latency in microseconds).
    sum_millionths: AtomicU64,
}

impl Histogram {
    /// An empty histogram with buckets at `bounds` (ascending).
    pub fn new(bounds: &'static [f64]) -> Histogram {
        Histogram {
            bounds,
            counts: (0..=bounds.len()).map(|_| AtomicU64::new(0)).collect(),
            sum_millionths: AtomicU64::new(0),
        }
    }

    /// Counts one observation (negative or NaN values count as 0).
    pub fn observe(&self, value: f64) {
        let value = if value.is_nan() { 0.0 } else { value.max(0.0) };
        let bucket = self.bounds.partition_point(|&bound| bound < value);
        self.counts[bucket].fetch_add(1, Ordering::Relaxed);
        let millionths = (value * 1e6).round().min(u64::MAX as f64) as u64;
        self.sum_millionths.fetch_add(millionths, Ordering::Relaxed);
    }

    /// Counts one duration, in seconds.
    pub fn observe_duration(&self, elapsed: std::time::Duration) {
        self.observe(elapsed.as_secs_f64());
    }

    /// Observations so far.
    pub fn count(&self) -> u64 {
        self.counts.iter().map(|c| c.load(Ordering::Relaxed)).sum()
    }

    /// The sum of the observations so far.
    pub fn sum(&self) -> f64 {
        self.sum_millionths.load(Ordering::Relaxed) as f64 / 1e6
    }

    /// Appends the histogram in Prometheus' text format to `out`.
    pub fn render(&self, name: &str, help: &str, out: &mut String) {
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} histogram");
        let mut below = 0u64;
        for (bound, count) in self.bounds.iter().zip(self.counts.iter()) {
            below += count.load(Ordering::Relaxed);
            let _ = writeln!(out, "{name}_bucket{{le=\"{bound}\"}} {below}");
        }
        below += self.counts[self.bounds.len()].load(Ordering::Relaxed);
        let _ = writeln!(out, "{name}_bucket{{le=\"+Inf\"}} {below}");
        let sum = self.sum();
        let _ = writeln!(out, "{name}_sum {sum}\n{name}_count {below}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_observation_counts_in_its_bucket_and_every_bucket_above() {
        let h = Histogram::new(COUNTS);
        for v in [1.0, 1.0, 3.0, 600.0] {
            h.observe(v);
        }
        let mut out = String::new();
        h.render("adjutant_test", "A test.", &mut out);
        assert!(out.contains("# TYPE adjutant_test histogram\n"), "{out}");
        assert!(out.contains("adjutant_test_bucket{le=\"1\"} 2\n"), "{out}");
        assert!(out.contains("adjutant_test_bucket{le=\"2\"} 2\n"), "{out}");
        assert!(out.contains("adjutant_test_bucket{le=\"4\"} 3\n"), "{out}");
        assert!(
            out.contains("adjutant_test_bucket{le=\"512\"} 3\n"),
            "{out}"
        );
        assert!(
            out.contains("adjutant_test_bucket{le=\"+Inf\"} 4\n"),
            "{out}"
        );
        assert!(out.contains("adjutant_test_sum 605\n"), "{out}");
        assert!(out.contains("adjutant_test_count 4\n"), "{out}");
        assert_eq!(h.count(), 4);
    }

    #[test]
    fn a_value_on_a_bound_is_in_that_bound_bucket() {
        let h = Histogram::new(SECONDS);
        h.observe(0.001);
        h.observe(0.0011);
        h.observe(-1.0);
        h.observe(f64::NAN);
        let mut out = String::new();
        h.render("t", "t", &mut out);
        assert!(out.contains("t_bucket{le=\"0.0001\"} 2\n"), "{out}");
        assert!(out.contains("t_bucket{le=\"0.0005\"} 2\n"), "{out}");
        assert!(out.contains("t_bucket{le=\"0.001\"} 3\n"), "{out}");
        assert!(out.contains("t_bucket{le=\"0.0025\"} 4\n"), "{out}");
        assert!(out.contains("t_sum 0.0021\n"), "{out}");
    }
}
