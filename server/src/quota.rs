//! Allowances counted over a sliding window of the server's own clock (Unix seconds from the
//! injected [`crate::Clock`], so tests move time instead of waiting): test notices and
//! confirmation mails, per account and per address.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

/// At most `max` uses per key in any `window` seconds.
pub struct Quota {
    /// Uses allowed per window.
    max: usize,
    /// The window, in seconds.
    window: i64,
    /// The times of each key's uses within the window, oldest first.
    used: Mutex<HashMap<String, VecDeque<i64>>>,
}

/// Keys kept before the ones with no use left in the window are forgotten.
const KEYS_KEPT: usize = 100_000;

impl Quota {
    /// A quota of `max` uses per `window` seconds.
    pub fn new(max: u32, window: i64) -> Quota {
        Quota {
            max: max as usize,
            window,
            used: Mutex::new(HashMap::new()),
        }
    }

    /// Seconds until `key` may be used again at `now`; 0 if it may be used now.
    pub fn wait(&self, key: &str, now: i64) -> i64 {
        let mut used = self.used.lock().expect("quota lock");
        let Some(times) = used.get_mut(key) else {
            return if self.max == 0 { self.window } else { 0 };
        };
        while times.front().is_some_and(|t| *t <= now - self.window) {
            times.pop_front();
        }
        if times.len() < self.max {
            0
        } else {
            times
                .get(times.len() - self.max)
                .map_or(self.window, |t| t + self.window - now)
        }
    }

    /// Counts one use of `key` at `now` (after [`Quota::wait`] said 0).
    pub fn take(&self, key: &str, now: i64) {
        let mut used = self.used.lock().expect("quota lock");
        if used.len() >= KEYS_KEPT {
            let window = self.window;
            used.retain(|_, times| times.back().is_some_and(|t| *t > now - window));
        }
        used.entry(key.to_string()).or_default().push_back(now);
    }
}

/// "N minutes" (rounded up), for telling when a quota allows again.
pub fn minutes(secs: i64) -> String {
    let minutes = (secs + 59) / 60;
    format!("{minutes} minute{}", if minutes == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uses_are_counted_over_a_sliding_window() {
        let quota = Quota::new(3, 3600);
        for at in [0, 10, 20] {
            assert_eq!(quota.wait("a", at), 0);
            quota.take("a", at);
        }
        assert_eq!(
            quota.wait("a", 30),
            3570,
            "the first use leaves the window at 3600"
        );
        assert_eq!(quota.wait("b", 30), 0, "each key has its own");
        assert_eq!(quota.wait("a", 3599), 1);
        assert_eq!(quota.wait("a", 3600), 0);
        quota.take("a", 3600);
        assert_eq!(quota.wait("a", 3600), 10);
        assert_eq!(minutes(3570), "60 minutes");
        assert_eq!(minutes(1), "1 minute");
    }

    #[test]
    fn the_table_forgets_keys_whose_uses_left_the_window() {
        let quota = Quota::new(1, 60);
        for i in 0..KEYS_KEPT {
            quota.take(&format!("k{i}"), 0);
        }
        quota.take("late", 61);
        assert_eq!(quota.used.lock().unwrap().len(), 1);
        assert_eq!(quota.wait("late", 61), 60);
    }
}
