//! The server's only way to read the time: a [`Clock`]. Production uses [`SystemClock`]; tests
//! use a [`ManualClock`] and move it forward by hand, so that correspondence clocks, pauses,
//! retries, digests and rate limits run without anyone sleeping.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::Notify;

/// A wait on a clock.
pub type Sleep<'a> = Pin<Box<dyn Future<Output = ()> + Send + 'a>>;

/// A source of the current time.
pub trait Clock: Send + Sync + 'static {
    /// Unix milliseconds (rate limits refill by it).
    fn now_ms(&self) -> i64;

    /// Unix seconds.
    fn now(&self) -> i64 {
        self.now_ms().div_euclid(1000)
    }

    /// Resolves once the clock reads `deadline_ms` or later (the idle timer waits on it).
    fn sleep_until_ms(&self, deadline_ms: i64) -> Sleep<'_>;
}

/// A shared clock.
pub type SharedClock = Arc<dyn Clock>;

/// The operating system's clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as i64)
    }

    fn sleep_until_ms(&self, deadline_ms: i64) -> Sleep<'_> {
        let wait = (deadline_ms - self.now_ms()).max(0) as u64;
        Box::pin(tokio::time::sleep(Duration::from_millis(wait)))
    }
}

/// A clock that moves only when told to; it keeps milliseconds.
#[derive(Debug, Default)]
pub struct ManualClock {
    /// Unix milliseconds.
    now: AtomicI64,
    /// Rung whenever the clock moves, for those waiting on it.
    moved: Notify,
}

impl ManualClock {
    /// A clock standing at `now` (Unix seconds).
    pub fn new(now: i64) -> Arc<ManualClock> {
        Arc::new(ManualClock {
            now: AtomicI64::new(now * 1000),
            moved: Notify::new(),
        })
    }

    /// Moves the clock forward by `secs`.
    pub fn advance(&self, secs: i64) {
        self.advance_ms(secs * 1000);
    }

    /// Moves the clock forward by `ms` milliseconds.
    pub fn advance_ms(&self, ms: i64) {
        self.now.fetch_add(ms, Ordering::SeqCst);
        self.moved.notify_waiters();
    }

    /// Sets the clock (Unix seconds).
    pub fn set(&self, now: i64) {
        self.now.store(now * 1000, Ordering::SeqCst);
        self.moved.notify_waiters();
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.now.load(Ordering::SeqCst)
    }

    fn sleep_until_ms(&self, deadline_ms: i64) -> Sleep<'_> {
        Box::pin(async move {
            loop {
                let moved = self.moved.notified();
                tokio::pin!(moved);
                // Listen before looking, so that a move in between is not missed.
                moved.as_mut().enable();
                if self.now_ms() >= deadline_ms {
                    return;
                }
                moved.await;
            }
        })
    }
}

pub use adjutant_protocol::utc::{utc_text, utc_year};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manual_clock_moves_only_when_told() {
        let clock = ManualClock::new(1000);
        assert_eq!(clock.now(), 1000);
        clock.advance(86_400);
        assert_eq!(clock.now(), 87_400);
        clock.set(5);
        assert_eq!(clock.now(), 5);
        clock.advance_ms(1500);
        assert_eq!((clock.now(), clock.now_ms()), (6, 6500));
    }

    #[tokio::test]
    async fn a_sleep_on_the_manual_clock_ends_when_the_clock_passes_its_deadline() {
        let clock = ManualClock::new(100);
        // Already past: at once.
        clock.sleep_until_ms(99_000).await;
        let waiting = {
            let clock = clock.clone();
            tokio::spawn(async move { clock.sleep_until_ms(160_000).await })
        };
        tokio::task::yield_now().await;
        clock.advance(59);
        tokio::task::yield_now().await;
        assert!(!waiting.is_finished(), "woke a second early");
        clock.advance(1);
        waiting.await.expect("woke at the deadline");
    }
}
