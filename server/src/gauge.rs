//! A count of things open now (connections, WebSockets), each held by a guard that gives its
//! place back when dropped; `/metrics` reads it when asked.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// A count of things open now, each held by an [`Opened`]; cheap to clone (one count).
#[derive(Clone, Debug, Default)]
pub struct Gauge(Arc<AtomicU64>);

impl Gauge {
    /// Counts one more open until the returned guard is dropped.
    pub fn open(&self) -> Opened {
        self.0.fetch_add(1, Ordering::Relaxed);
        Opened(self.0.clone())
    }

    /// How many are open now.
    pub fn now(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

/// One open thing of a [`Gauge`], counted until dropped.
pub struct Opened(Arc<AtomicU64>);

impl Drop for Opened {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guard_counts_while_it_lives() {
        let gauge = Gauge::default();
        let one = gauge.open();
        let two = gauge.clone().open();
        assert_eq!(gauge.now(), 2);
        drop(one);
        assert_eq!(gauge.now(), 1);
        drop(two);
        assert_eq!(gauge.now(), 0);
    }
}
