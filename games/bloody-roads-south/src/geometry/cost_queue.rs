//! The hexes a cheapest-path search ([`super::step_graph`]) has reached and not settled, in
//! one bucket per cost: a search's costs are small whole numbers of halves (a few dozen for a
//! radius trace), and it settles them in rising order, so the next hex is the first of the
//! lowest bucket not yet emptied, with no heap to keep in order (its `pop` was a fifth of the
//! search). A bucket is sorted when its cost's turn comes: no hex is pushed at a lower cost
//! than the one being settled, so it then holds every hex of that cost but those pushed by a
//! step costing nothing, which go into their place among the ones not taken yet. Hexes are
//! taken in the order a heap of the same items would give them (lowest first).

/// The items (an order of cost and cell, and a node) pushed and not yet taken, by cost.
#[derive(Default)]
pub(super) struct CostQueue {
    /// `buckets[c]`: the items pushed at cost `c`; below `now`, emptied.
    buckets: Vec<Vec<(u64, u32)>>,
    /// The cost being taken.
    now: usize,
    /// How many items of `buckets[now]` are taken (it is sorted then).
    taken: usize,
    /// Whether `buckets[now]` is sorted (its turn has come).
    sorted: bool,
}

impl CostQueue {
    /// Empty, keeping the buckets' room for the next search.
    pub(super) fn clear(&mut self) {
        // (Those below the cost being taken are emptied already.)
        let from = self.now.min(self.buckets.len());
        for b in &mut self.buckets[from..] {
            b.clear();
        }
        self.now = 0;
        self.taken = 0;
        self.sorted = false;
    }

    /// Adds `item` at `cost` (never below the cost being taken).
    pub(super) fn push(&mut self, cost: u16, item: (u64, u32)) {
        let c = usize::from(cost);
        debug_assert!(c >= self.now, "pushed below the cost being taken");
        if c >= self.buckets.len() {
            self.buckets.resize_with(c + 1, Vec::new);
        }
        let bucket = &mut self.buckets[c];
        if c == self.now && self.sorted {
            // A step costing nothing: in its place among the items not taken yet.
            let at = self.taken + bucket[self.taken..].partition_point(|&x| x < item);
            bucket.insert(at, item);
        } else {
            bucket.push(item);
        }
    }

    /// Takes the lowest item.
    pub(super) fn pop(&mut self) -> Option<(u64, u32)> {
        loop {
            let bucket = self.buckets.get_mut(self.now)?;
            if !self.sorted {
                bucket.sort_unstable();
                self.sorted = true;
                self.taken = 0;
            }
            if let Some(&item) = bucket.get(self.taken) {
                self.taken += 1;
                return Some(item);
            }
            bucket.clear();
            self.now += 1;
            self.sorted = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    /// A die for the test (an LCG).
    struct Die(u64);

    impl Die {
        fn below(&mut self, n: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            (self.0 >> 33) % n
        }
    }

    /// Items pushed as a search pushes them (each at the cost being taken or above, some at
    /// that very cost), taken in a heap's order; the queue used again after being cleared part
    /// way through.
    #[test]
    fn items_are_taken_in_a_heaps_order() {
        let mut die = Die(11);
        let mut queue = CostQueue::default();
        let mut node = 0u32;
        for round in 0..20 {
            queue.clear();
            let mut heap = BinaryHeap::new();
            let mut push = |queue: &mut CostQueue, heap: &mut BinaryHeap<_>, cost: u16, cell| {
                node += 1;
                let item = (u64::from(cost) << 48 | cell, node);
                queue.push(cost, item);
                heap.push(Reverse(item));
            };
            push(&mut queue, &mut heap, 0, 0);
            let stop = if round % 3 == 0 { 40 } else { 1000 };
            for taken in 0..stop {
                let got = queue.pop();
                assert_eq!(got, heap.pop().map(|Reverse(x)| x), "round {round}");
                let Some((order, _)) = got else { break };
                let now = (order >> 48) as u16;
                for _ in 0..die.below(4) {
                    let step = [0, 1, 1, 2, 3, 6][die.below(6) as usize];
                    if taken < 300 {
                        push(&mut queue, &mut heap, now + step, die.below(50));
                    }
                }
            }
        }
    }
}
