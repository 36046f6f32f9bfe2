//! Counted places per key with a cap: connections per client address, WebSockets per
//! account. A [`Slot`] holds one place until it is dropped; only keys holding a place are
//! remembered, so the table is never larger than the number of live holders.

use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// Places per key, at most `cap` each (0: no cap, only counted).
pub struct Slots<K: Hash + Eq + Clone> {
    /// Most places one key may hold (0: unlimited).
    cap: usize,
    /// Places held, by key (keys holding none are removed).
    held: Arc<Mutex<HashMap<K, usize>>>,
}

impl<K: Hash + Eq + Clone> Clone for Slots<K> {
    fn clone(&self) -> Self {
        Slots {
            cap: self.cap,
            held: self.held.clone(),
        }
    }
}

/// One place, given back when dropped.
pub struct Slot<K: Hash + Eq + Clone> {
    /// Whose place it is.
    key: K,
    /// The table to give it back to.
    held: Arc<Mutex<HashMap<K, usize>>>,
}

impl<K: Hash + Eq + Clone> Slots<K> {
    /// Places of at most `cap` per key (0: no cap).
    pub fn new(cap: usize) -> Slots<K> {
        Slots {
            cap,
            held: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    /// The most places one key may hold (0: no cap).
    pub fn cap(&self) -> usize {
        self.cap
    }

    /// A place for `key`, unless it already holds its cap.
    pub fn take(&self, key: K) -> Option<Slot<K>> {
        let mut held = self.held.lock().expect("slots lock");
        let count = held.entry(key.clone()).or_insert(0);
        if self.cap > 0 && *count >= self.cap {
            return None;
        }
        *count += 1;
        Some(Slot {
            key,
            held: self.held.clone(),
        })
    }

    /// Places `key` holds now.
    #[cfg(test)]
    fn held(&self, key: &K) -> usize {
        let held = self.held.lock().expect("slots lock");
        held.get(key).copied().unwrap_or(0)
    }
}

impl<K: Hash + Eq + Clone> Drop for Slot<K> {
    fn drop(&mut self) {
        let mut held = self.held.lock().expect("slots lock");
        if let Some(count) = held.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.key);
            }
        }
    }
}

/// The network a client address counts against: an IPv4 address itself (an IPv4-mapped IPv6
/// address as IPv4), an IPv6 address by its /64, since one subscriber usually has a whole
/// /64 to pick addresses from.
pub fn client_net(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let bits = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(bits.into())
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_holds_at_most_its_cap_and_gets_places_back() {
        let slots = Slots::new(2);
        let a1 = slots.take("a").expect("first");
        let a2 = slots.take("a").expect("second");
        assert!(slots.take("a").is_none());
        assert!(slots.take("b").is_some(), "another key has its own places");
        assert_eq!(slots.held(&"a"), 2);
        drop(a1);
        let a3 = slots.take("a").expect("a place given back is free again");
        drop((a2, a3));
        assert_eq!(slots.held(&"a"), 0);
        assert!(
            slots.held.lock().unwrap().is_empty(),
            "nothing kept for keys without places"
        );
    }

    #[test]
    fn no_cap_only_counts() {
        let slots = Slots::new(0);
        let held: Vec<_> = (0..100).map(|_| slots.take(1).expect("no cap")).collect();
        assert_eq!(slots.held(&1), 100);
        drop(held);
        assert_eq!(slots.held(&1), 0);
    }

    #[test]
    fn ipv6_clients_count_by_their_64() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(client_net(a), client_net(b));
        assert_ne!(client_net(a), client_net(c));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(client_net(mapped), "192.0.2.7".parse::<IpAddr>().unwrap());
        let v4: IpAddr = "192.0.2.7".parse().unwrap();
        assert_eq!(client_net(v4), v4);
    }
}
