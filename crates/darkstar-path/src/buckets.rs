//! The open list of A*: one last-in-first-out bucket per distinct f.
//!
//! With a consistent heuristic the f values on the open list all lie
//! within two step costs above the f being expanded, so at any moment there
//! are only a few dozen distinct values however large the open list grows.
//! Each value gets a bucket, found through a small open-addressing table
//! (no `std` hash map: nothing here is iterated, and the hash is a fixed
//! multiply, so the order of pops depends only on the pushes); the distinct
//! values themselves sit in a binary heap. A push is a look at a small
//! cache of recent keys (a table probe when it misses) and a `Vec::push`,
//! a pop a `Vec::pop`; the heap is touched once per distinct f, not once
//! per cell.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::cost::Cost;

/// A table slot with no key.
const EMPTY: u32 = u32::MAX;
/// A table slot whose key was removed (probing goes on past it).
const REMOVED: u32 = u32::MAX - 1;

#[derive(Clone, Debug)]
pub(crate) struct BucketQueue {
    /// Distinct keys that have a bucket, smallest on top.
    keys: BinaryHeap<Reverse<Cost>>,
    /// Linear-probing table from key to bucket number; the length is a
    /// power of two.
    table: Vec<(Cost, u32)>,
    /// Slots holding a key or `REMOVED`.
    used: usize,
    /// Buckets by number; `free` lists the unused numbers.
    buckets: Vec<Vec<u32>>,
    free: Vec<u32>,
    /// The bucket being drained: the smallest key's.
    current: Option<(Cost, u32)>,
    /// Keys pushed lately with their buckets, one slot per key (by its
    /// hash): the successors of one cell share a handful of f values, and
    /// the open list holds a few dozen, so most pushes find their bucket
    /// here, one compare, and skip the table's probing. `NO_KEY` when
    /// unset; a key's entry goes when its bucket is retired.
    recent: [(Cost, u32); RECENT],
    /// `64 - log2(table.len())`, the shift of the hash.
    shift: u32,
}

/// Slots for recent keys (a power of two). 16 pushed the 8room_000
/// bench's searches 6% faster than the one last key did; 64 no faster.
const RECENT: usize = 16;

/// No f value is this large (it would overflow adding any step).
const NO_KEY: Cost = Cost::MAX;

impl Default for BucketQueue {
    fn default() -> Self {
        BucketQueue {
            keys: BinaryHeap::new(),
            table: vec![(0, EMPTY); 64],
            used: 0,
            buckets: Vec::new(),
            free: Vec::new(),
            current: None,
            recent: [(NO_KEY, 0); RECENT],
            shift: 64 - 6,
        }
    }
}

impl BucketQueue {
    /// Empties the queue, keeping its memory.
    pub(crate) fn clear(&mut self) {
        self.keys.clear();
        if self.used > 0 {
            self.table.fill((0, EMPTY));
        }
        self.used = 0;
        self.free.clear();
        for (n, b) in self.buckets.iter_mut().enumerate().rev() {
            b.clear();
            self.free.push(n as u32);
        }
        self.current = None;
        self.recent = [(NO_KEY, 0); RECENT];
    }

    /// Where `key` would sit among the recent keys.
    #[inline(always)]
    fn recent_slot(key: Cost) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - RECENT.trailing_zeros())) as usize
    }

    #[inline]
    fn home(&self, key: Cost) -> usize {
        // Fibonacci hashing: the top bits of key * 2^64/phi.
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The table slot holding `key`, if any.
    #[inline]
    fn find(&self, key: Cost) -> Option<usize> {
        let mask = self.table.len() - 1;
        let mut i = self.home(key);
        loop {
            let (k, bucket) = self.table[i];
            if bucket == EMPTY {
                return None;
            }
            if k == key && bucket != REMOVED {
                return Some(i);
            }
            i = (i + 1) & mask;
        }
    }

    /// Adds `state` with priority `key`. Keys below the smallest one popped
    /// so far break nothing but are popped late: A* never pushes them.
    #[inline]
    pub(crate) fn push(&mut self, key: Cost, state: u32) {
        let r = Self::recent_slot(key);
        if self.recent[r].0 == key {
            self.buckets[self.recent[r].1 as usize].push(state);
            return;
        }
        if let Some(slot) = self.find(key) {
            let bucket = self.table[slot].1;
            self.buckets[bucket as usize].push(state);
            self.recent[r] = (key, bucket);
            return;
        }
        let bucket = match self.free.pop() {
            Some(b) => b,
            None => {
                self.buckets.push(Vec::new());
                (self.buckets.len() - 1) as u32
            }
        };
        self.buckets[bucket as usize].push(state);
        self.keys.push(Reverse(key));
        if (self.used + 1) * 4 > self.table.len() * 3 {
            self.rebuild();
        }
        let mask = self.table.len() - 1;
        let mut i = self.home(key);
        while self.table[i].1 != EMPTY {
            i = (i + 1) & mask;
        }
        self.table[i] = (key, bucket);
        self.used += 1;
        self.recent[r] = (key, bucket);
    }

    /// Rehashes the live keys, dropping removed slots, into a table with
    /// room for at least twice as many.
    fn rebuild(&mut self) {
        let live: Vec<(Cost, u32)> = self
            .table
            .iter()
            .copied()
            .filter(|&(_, b)| b != EMPTY && b != REMOVED)
            .collect();
        let len = (live.len() * 4).next_power_of_two().max(64);
        self.table.clear();
        self.table.resize(len, (0, EMPTY));
        self.shift = 64 - len.trailing_zeros();
        let mask = len - 1;
        for (key, bucket) in &live {
            let mut i = self.home(*key);
            while self.table[i].1 != EMPTY {
                i = (i + 1) & mask;
            }
            self.table[i] = (*key, *bucket);
        }
        self.used = live.len();
    }

    /// Removes the most recently pushed state of the smallest key.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<(Cost, u32)> {
        loop {
            if let Some((key, bucket)) = self.current {
                if let Some(state) = self.buckets[bucket as usize].pop() {
                    return Some((key, state));
                }
                // Drained: retire its key and bucket.
                if let Some(slot) = self.find(key) {
                    self.table[slot].1 = REMOVED;
                }
                self.free.push(bucket);
                self.current = None;
                let slot = Self::recent_slot(key);
                if self.recent[slot].0 == key {
                    self.recent[slot] = (NO_KEY, 0);
                }
            }
            let Reverse(key) = self.keys.pop()?;
            let slot = self.find(key)?;
            self.current = Some((key, self.table[slot].1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Pops come out by key, and within one key last in first out,
        /// exactly as a reference ordering says, for monotone pushes (never
        /// below the last key popped), across clears.
        #[test]
        fn pops_by_key_then_lifo(ops in proptest::collection::vec(proptest::option::of(0u64..40), 1..600)) {
            let mut q = BucketQueue::default();
            let mut reference: Vec<(Cost, usize)> = Vec::new();
            let mut floor = 0;
            for (n, op) in ops.into_iter().enumerate() {
                match op {
                    Some(delta) if n % 97 == 96 => {
                        q.clear();
                        reference.clear();
                        floor = delta;
                    }
                    Some(delta) => {
                        let key = floor + delta * 1000;
                        q.push(key, n as u32);
                        reference.push((key, n));
                    }
                    None => {
                        let best = reference
                            .iter()
                            .enumerate()
                            .min_by_key(|(_, (k, seq))| (*k, std::cmp::Reverse(*seq)))
                            .map(|(i, _)| i);
                        let want = best.map(|i| reference.remove(i)).map(|(k, s)| (k, s as u32));
                        prop_assert_eq!(q.pop(), want);
                        if let Some((k, _)) = want {
                            floor = k;
                        }
                    }
                }
            }
            // And what is left comes out in the same order, then nothing:
            // every case checks pops, whatever its operations were.
            reference.sort_by_key(|&(k, seq)| (std::cmp::Reverse(k), seq));
            while let Some((k, s)) = reference.pop() {
                prop_assert_eq!(q.pop(), Some((k, s as u32)));
            }
            prop_assert_eq!(q.pop(), None);
        }
    }

    #[test]
    fn many_distinct_keys_force_rebuilds() {
        let mut q = BucketQueue::default();
        for k in 0..5000u64 {
            q.push(k * 3, k as u32);
            q.push(k * 3, k as u32 + 100_000);
        }
        for k in 0..5000u64 {
            assert_eq!(q.pop(), Some((k * 3, k as u32 + 100_000)));
            assert_eq!(q.pop(), Some((k * 3, k as u32)));
            // Keep the table churning: new keys arrive as old ones retire.
            q.push(15_000 + k, 7);
        }
        assert_eq!(q.pop(), Some((15_000, 7)));
    }
}
