//! Token buckets: a steady rate with a burst allowance, per WebSocket connection, per HTTP
//! client and per chat poster; and [`Limiter`], a bounded table of them by key. Instants are
//! the injected clock's milliseconds, so tests move time by hand.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;

/// Most keys a [`Limiter`] remembers (about 120 bytes each: 12 MB at most).
pub const MAX_KEYS: usize = 100_000;

/// One bucket.
#[derive(Clone, Debug)]
pub struct Bucket {
    /// Tokens added per second.
    rate: f64,
    /// Most tokens the bucket holds.
    burst: f64,
    /// Tokens now.
    tokens: f64,
    /// When `tokens` was last brought up to date (clock milliseconds).
    at: i64,
}

impl Bucket {
    /// A full bucket at `now` (clock milliseconds).
    pub fn new(rate: f64, burst: f64, now: i64) -> Bucket {
        Bucket {
            rate,
            burst: burst.max(1.0),
            tokens: burst.max(1.0),
            at: now,
        }
    }

    /// The tokens the bucket would hold at `now`.
    fn level(&self, now: i64) -> f64 {
        let elapsed = now.saturating_sub(self.at).max(0) as f64 / 1000.0;
        (self.tokens + elapsed * self.rate).min(self.burst)
    }

    /// Takes one token if there is one.
    pub fn take(&mut self, now: i64) -> bool {
        self.take_n(now, 1.0)
    }

    /// Takes `n` tokens if there are that many (a costly request's price); a price above the
    /// burst is charged as the whole burst, so that it empties a full bucket instead of
    /// never passing.
    pub fn take_n(&mut self, now: i64, n: f64) -> bool {
        let n = n.clamp(0.0, self.burst);
        self.tokens = self.level(now);
        self.at = self.at.max(now);
        if self.tokens >= n {
            self.tokens -= n;
            true
        } else {
            false
        }
    }

    /// Whether the bucket has refilled: forgetting it then changes nothing.
    fn is_full(&self, now: i64) -> bool {
        self.level(now) >= self.burst
    }
}

/// A table of buckets by key, never more than its cap. A new key finding the table full
/// first has the idle keys forgotten (those whose bucket has refilled: a fresh bucket would be
/// the same); if none can be, it shares one overflow bucket with every other newcomer until
/// room is made, so that memory stays flat whatever the number of keys.
pub struct Limiter<K> {
    /// Tokens per second of each key.
    rate: f64,
    /// Burst of each key.
    burst: f64,
    /// Most keys remembered.
    cap: usize,
    /// The buckets.
    table: Mutex<Table<K>>,
}

struct Table<K> {
    /// Buckets of the keys remembered.
    buckets: HashMap<K, Bucket>,
    /// Shared by the keys that found the table full.
    overflow: Bucket,
    /// Earliest instant of the next sweep for idle keys (one sweep costs the table's size).
    next_sweep: i64,
}

impl<K: Hash + Eq> Limiter<K> {
    /// A limiter giving every key `rate` per second and `burst` at once, remembering at most
    /// `cap` keys.
    pub fn new(rate: f64, burst: f64, cap: usize) -> Limiter<K> {
        Limiter {
            rate,
            burst,
            cap: cap.max(1),
            table: Mutex::new(Table {
                buckets: HashMap::new(),
                overflow: Bucket::new(rate, burst, 0),
                next_sweep: i64::MIN,
            }),
        }
    }

    /// Takes one token for `key` at `now` (clock milliseconds).
    pub fn take(&self, key: K, now: i64) -> bool {
        self.take_n(key, now, 1.0)
    }

    /// Takes `n` tokens for `key` at `now` (see [`Bucket::take_n`]).
    pub fn take_n(&self, key: K, now: i64, n: f64) -> bool {
        let mut table = self.table.lock().expect("limiter lock");
        let table = &mut *table;
        if let Some(bucket) = table.buckets.get_mut(&key) {
            return bucket.take_n(now, n);
        }
        if table.buckets.len() >= self.cap && now >= table.next_sweep {
            table.buckets.retain(|_, b| !b.is_full(now));
            // A bucket refills within burst / rate; sweep at least once a second while full.
            let refill_ms = (self.burst / self.rate.max(0.001) * 1000.0).min(1000.0);
            table.next_sweep = now.saturating_add(refill_ms as i64);
        }
        if table.buckets.len() >= self.cap {
            return table.overflow.take_n(now, n);
        }
        let mut bucket = Bucket::new(self.rate, self.burst, now);
        let taken = bucket.take_n(now, n);
        table.buckets.insert(key, bucket);
        taken
    }

    /// Keys remembered now.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.table.lock().expect("limiter lock").buckets.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_costly_request_takes_its_price_and_never_more_than_the_burst() {
        let start = 1_000_000;
        let mut bucket = Bucket::new(10.0, 5.0, start);
        assert!(bucket.take_n(start, 3.0));
        assert!(!bucket.take_n(start, 3.0), "2 tokens left");
        assert!(bucket.take_n(start, 2.0));
        assert!(!bucket.take(start));
        // A price far above the burst waits for a full bucket, then empties it.
        assert!(!bucket.take_n(start + 300, 50.0));
        let full = start + 10_000;
        assert!(bucket.take_n(full, 50.0));
        assert!(!bucket.take(full));
    }

    #[test]
    fn a_burst_is_allowed_then_the_rate_applies() {
        let start = 1_000_000;
        let mut bucket = Bucket::new(10.0, 5.0, start);
        for _ in 0..5 {
            assert!(bucket.take(start));
        }
        assert!(!bucket.take(start));
        assert!(bucket.take(start + 100));
        assert!(!bucket.take(start + 100));
        // A long rest refills only up to the burst.
        let later = start + 60_000;
        for _ in 0..5 {
            assert!(bucket.take(later));
        }
        assert!(!bucket.take(later));
        // A clock set back refills nothing and takes nothing back.
        assert!(!bucket.take(start));
    }

    #[test]
    fn keys_have_their_own_buckets() {
        let limiter = Limiter::new(0.001, 1.0, 10);
        assert!(limiter.take("a", 0));
        assert!(!limiter.take("a", 0));
        assert!(limiter.take("b", 0));
    }

    #[test]
    fn many_distinct_keys_never_grow_the_table_past_its_cap() {
        let limiter = Limiter::new(1.0, 2.0, 100);
        // 10,000 keys in one instant: none is idle, so newcomers share the overflow bucket.
        let mut passed = 0;
        for i in 0..10_000u32 {
            passed += usize::from(limiter.take(i, 0));
            assert!(limiter.len() <= 100);
        }
        assert_eq!(limiter.len(), 100);
        // The first 100 keys got their own buckets; the other 9,900 shared a burst of 2.
        assert_eq!(passed, 100 + 2);
        // The keys remembered keep their own budget.
        assert!(limiter.take(7, 0));
        assert!(!limiter.take(7, 0));
        // Once their buckets have refilled (2 s), the idle keys are forgotten and a
        // newcomer has its own bucket again.
        assert!(limiter.take(20_000, 2_000));
        assert!(limiter.take(20_000, 2_000));
        assert!(!limiter.take(20_000, 2_000));
        assert!(limiter.len() <= 100);
        assert!(limiter.take(20_001, 2_000));
    }

    #[test]
    fn a_key_still_spending_is_not_forgotten() {
        let limiter = Limiter::new(1.0, 2.0, 1);
        assert!(limiter.take("busy", 0));
        assert!(limiter.take("busy", 0));
        // Half refilled: a newcomer must not push the busy key out (it would get a full
        // bucket back by coming again).
        assert!(limiter.take("new", 1_000));
        assert!(limiter.take("busy", 1_000));
        assert!(!limiter.take("busy", 1_000));
    }
}
