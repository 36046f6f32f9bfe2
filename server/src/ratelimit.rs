//! Token buckets: a steady rate with a burst allowance, per WebSocket connection and per
//! HTTP client.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// One bucket.
#[derive(Clone, Debug)]
pub struct Bucket {
    /// Tokens added per second.
    rate: f64,
    /// Most tokens the bucket holds.
    burst: f64,
    /// Tokens now.
    tokens: f64,
    /// When `tokens` was last brought up to date.
    at: Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn new(rate: f64, burst: f64) -> Bucket {
        Bucket {
            rate,
            burst: burst.max(1.0),
            tokens: burst.max(1.0),
            at: Instant::now(),
        }
    }

    /// Takes one token if there is one.
    pub fn take(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Buckets by key (a token's hash or a client address), forgotten after a quiet while.
pub struct Limiter {
    rate: f64,
    burst: f64,
    buckets: Mutex<HashMap<String, Bucket>>,
}

impl Limiter {
    /// A limiter giving every key `rate` per second and `burst` at once.
    pub fn new(rate: f64, burst: f64) -> Limiter {
        Limiter {
            rate,
            burst,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one token for `key`.
    pub fn take(&self, key: &str) -> bool {
        let now = Instant::now();
        let mut buckets = self.buckets.lock().expect("limiter lock");
        if buckets.len() > 100_000 {
            // Forget clients idle long enough for their bucket to be full again.
            let full_after = Duration::from_secs_f64(self.burst / self.rate.max(0.001));
            buckets.retain(|_, b| now.saturating_duration_since(b.at) < full_after);
        }
        buckets
            .entry(key.to_string())
            .or_insert_with(|| Bucket::new(self.rate, self.burst))
            .take(now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_is_allowed_then_the_rate_applies() {
        let start = Instant::now();
        let mut bucket = Bucket::new(10.0, 5.0);
        for _ in 0..5 {
            assert!(bucket.take(start));
        }
        assert!(!bucket.take(start));
        assert!(bucket.take(start + Duration::from_millis(100)));
        assert!(!bucket.take(start + Duration::from_millis(100)));
        // A long rest refills only up to the burst.
        let later = start + Duration::from_secs(60);
        for _ in 0..5 {
            assert!(bucket.take(later));
        }
        assert!(!bucket.take(later));
    }

    #[test]
    fn keys_have_their_own_buckets() {
        let limiter = Limiter::new(0.001, 1.0);
        assert!(limiter.take("a"));
        assert!(!limiter.take("a"));
        assert!(limiter.take("b"));
    }
}
