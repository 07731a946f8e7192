//! The open list of A*: a ring of buckets, each covering a fixed span of f.
//!
//! With a consistent heuristic every f on the open list lies between the f
//! being expanded and that plus a step's cost and a cheapest step: a
//! window that slides up as the search goes, never down. So the open list
//! is a ring of buckets, bucket `f >> shift` (modulo the ring's length)
//! holding every entry whose f falls in its span, and a bit per bucket
//! saying whether it holds any. A push is a shift and a `Vec::push`; the
//! next bucket is found by scanning the bits forward from the current one,
//! and is sorted once when it becomes current (a stable sort by f, so
//! entries of one f keep their push order and come out last in, first
//! out). The span is a small fraction of the cheapest step, so a bucket
//! rarely holds more than one distinct f and its sort is a pass that finds
//! it sorted. No hashing and no heap: the order of pops depends only on
//! the pushes, and is the same as a priority queue of (f, then the latest
//! push) would give.

use crate::cost::{Cost, StepCosts};

/// One entry: its f and its state.
type Entry = (Cost, u32);

#[derive(Clone, Debug)]
pub(crate) struct BucketQueue {
    /// Buckets by `(f >> shift) & (len - 1)`; the length is a power of two.
    /// Every entry's bucket number `f >> shift` lies in
    /// `current..current + len`, so each ring position holds one bucket.
    ring: Vec<Vec<Entry>>,
    /// Bit `i` is set when ring position `i` holds an entry.
    occupied: Vec<u64>,
    /// The bucket number (`f >> shift`) below which nothing is queued.
    current: u64,
    /// Whether the current bucket has been sorted for popping (descending
    /// f, so its smallest f, latest push is last).
    sorted: bool,
    /// Width of a bucket, as a power of two.
    shift: u32,
    /// Entries queued.
    len: usize,
}

/// Ring positions to start with; it doubles when a push lands beyond it.
const MIN_RING: usize = 64;
/// Ring positions at most: past this the buckets widen instead, so a map
/// with a few very dear steps cannot make the ring (and its scan) huge.
const MAX_RING: usize = 1 << 14;

impl Default for BucketQueue {
    fn default() -> Self {
        BucketQueue {
            ring: (0..MIN_RING).map(|_| Vec::new()).collect(),
            occupied: vec![0; MIN_RING / 64],
            current: 0,
            sorted: false,
            shift: 0,
            len: 0,
        }
    }
}

impl BucketQueue {
    /// Empties the queue, keeping its memory, for a search whose keys are
    /// never below `floor` and whose steps cost at least `cheapest`: a
    /// bucket spans between a 256th and a 128th of the cheapest straight
    /// step, so entries of different f rarely share one.
    pub(crate) fn clear(&mut self, floor: Cost, cheapest: StepCosts) {
        for (w, word) in self.occupied.iter_mut().enumerate() {
            let mut bits = *word;
            while bits != 0 {
                self.ring[w * 64 + bits.trailing_zeros() as usize].clear();
                bits &= bits - 1;
            }
            *word = 0;
        }
        self.len = 0;
        self.sorted = false;
        self.shift = cheapest.straight.max(1).ilog2().saturating_sub(7);
        self.current = floor >> self.shift;
    }

    #[inline(always)]
    fn mask(&self) -> u64 {
        self.ring.len() as u64 - 1
    }

    /// Adds `state` with priority `key`. A key below the bucket being
    /// popped breaks nothing but is queued in that bucket, by its f: A*
    /// never pushes one (its keys never fall below the f being expanded).
    #[inline(always)]
    pub(crate) fn push(&mut self, key: Cost, state: u32) {
        let mut bucket = (key >> self.shift).max(self.current);
        if bucket - self.current > self.mask() {
            self.make_room(key);
            bucket = (key >> self.shift).max(self.current);
        }
        let ahead = bucket - self.current;
        let at = (bucket & self.mask()) as usize;
        self.len += 1;
        self.occupied[at / 64] |= 1 << (at % 64);
        let slot = &mut self.ring[at];
        if ahead == 0 && self.sorted {
            // The bucket being popped: keep it sorted. The new entry goes
            // after every entry of f at least its own, so it comes out
            // before the older entries of its f.
            let i = slot.iter().rposition(|e| e.0 >= key).map_or(0, |i| i + 1);
            slot.insert(i, (key, state));
        } else {
            slot.push((key, state));
        }
    }

    /// Makes the ring reach `key`: doubles it while it is shorter than
    /// [`MAX_RING`], then widens every bucket (merging neighbours) until
    /// the key's bucket fits. Merging keeps the order of pops: entries of
    /// one f were in one bucket, so their push order survives the merge,
    /// and a merged bucket is sorted again before it is popped.
    #[cold]
    fn make_room(&mut self, key: Cost) {
        let ahead = (key >> self.shift) - self.current;
        let len = ((ahead + 1).next_power_of_two() as usize)
            .max(self.ring.len() * 2)
            .min(MAX_RING);
        let mut widen = 0;
        while (key >> (self.shift + widen)) - (self.current >> widen) >= len as u64 {
            widen += 1;
        }
        let old_mask = self.mask();
        let old = std::mem::take(&mut self.ring);
        self.ring = (0..len).map(|_| Vec::new()).collect();
        self.occupied = vec![0u64; len.div_ceil(64)];
        for (pos, slot) in old.into_iter().enumerate() {
            if slot.is_empty() {
                continue;
            }
            // Position `pos` holds the one bucket of the window there.
            let bucket = self.current + ((pos as u64).wrapping_sub(self.current) & old_mask);
            let at = ((bucket >> widen) & (len as u64 - 1)) as usize;
            if self.ring[at].is_empty() {
                self.ring[at] = slot;
            } else {
                self.ring[at].extend(slot);
            }
            self.occupied[at / 64] |= 1 << (at % 64);
        }
        if widen > 0 {
            self.shift += widen;
            self.current >>= widen;
            self.sorted = false;
        }
    }

    /// Removes the most recently pushed state of the smallest key.
    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Option<(Cost, u32)> {
        loop {
            let at = (self.current & self.mask()) as usize;
            if self.sorted {
                if let Some(entry) = self.ring[at].pop() {
                    self.len -= 1;
                    return Some(entry);
                }
                self.occupied[at / 64] &= !(1 << (at % 64));
                self.sorted = false;
            }
            if self.len == 0 {
                return None;
            }
            self.current += self.next_occupied(at);
            let at = (self.current & self.mask()) as usize;
            // Stable: entries of one f keep their push order, so the
            // latest is popped first.
            self.ring[at].sort_by_key(|e| std::cmp::Reverse(e.0));
            self.sorted = true;
        }
    }

    /// How far ahead of ring position `from` (0 for `from` itself) the
    /// next occupied position is, going round; one must be occupied.
    #[inline]
    fn next_occupied(&self, from: usize) -> u64 {
        let words = self.occupied.len();
        let mut w = from / 64;
        let mut bits = self.occupied[w] & (u64::MAX << (from % 64));
        while bits == 0 {
            w = (w + 1) % words;
            bits = self.occupied[w];
        }
        let at = w * 64 + bits.trailing_zeros() as usize;
        (at as u64).wrapping_sub(from as u64) & self.mask()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Pops come out by key, and within one key last in first out,
        /// exactly as a reference ordering says, for monotone pushes (never
        /// below the last key popped), across clears, whatever the bucket
        /// width (the cheapest step).
        #[test]
        fn pops_by_key_then_lifo(
            ops in proptest::collection::vec(proptest::option::of(0u64..40), 1..600),
            spread in 1u64..3000,
            cheapest in 1u64..5000,
        ) {
            let steps = StepCosts { straight: cheapest, diagonal: cheapest * 3 / 2 };
            let mut q = BucketQueue::default();
            q.clear(0, steps);
            let mut reference: Vec<(Cost, usize)> = Vec::new();
            let mut floor = 0;
            for (n, op) in ops.into_iter().enumerate() {
                match op {
                    Some(delta) if n % 97 == 96 => {
                        q.clear(floor + delta, steps);
                        reference.clear();
                        floor += delta;
                    }
                    Some(delta) => {
                        let key = floor + delta * spread;
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
    fn a_key_far_ahead_grows_the_ring_and_keeps_the_order() {
        let mut q = BucketQueue::default();
        q.clear(1000, StepCosts::UNIT);
        // Keys over many ring lengths ahead, pushed out of order, twice each.
        let keys: Vec<Cost> = (0..50u64)
            .map(|k| 1000 + (k * 7919 % 50) * 40_000_000)
            .collect();
        for (n, &k) in keys.iter().enumerate() {
            q.push(k, n as u32);
            q.push(k, n as u32 + 100);
        }
        let mut sorted = keys.clone();
        sorted.sort();
        for k in sorted {
            let n = keys.iter().position(|&x| x == k).unwrap() as u32;
            assert_eq!(q.pop(), Some((k, n + 100)));
            assert_eq!(q.pop(), Some((k, n)));
        }
        assert_eq!(q.pop(), None);
    }

    #[test]
    fn a_dear_step_widens_the_buckets_instead_of_growing_the_ring_without_bound() {
        let mut q = BucketQueue::default();
        let cheapest = StepCosts {
            straight: 1,
            diagonal: 1,
        };
        q.clear(5, cheapest);
        q.push(7, 1);
        q.push(Cost::MAX / 2, 2);
        q.push(7, 3);
        q.push(6, 4);
        assert!(q.ring.len() <= MAX_RING, "ring of {}", q.ring.len());
        assert_eq!(q.pop(), Some((6, 4)));
        assert_eq!(q.pop(), Some((7, 3)));
        assert_eq!(q.pop(), Some((7, 1)));
        assert_eq!(q.pop(), Some((Cost::MAX / 2, 2)));
        assert_eq!(q.pop(), None);
    }
}
