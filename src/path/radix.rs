//! A radix heap (Ahuja, Mehlhorn, Orlin and Tarjan, 1990): a priority queue
//! for integer keys that never go below the last key popped, which is what
//! A* with a consistent heuristic produces. A push is a `leading_zeros` and
//! a `Vec::push`; a pop is a `Vec::pop`, plus now and then moving one bucket
//! down. Entries of equal key come out last in, first out, which makes the
//! order deterministic: it depends only on the sequence of pushes.

use crate::cost::Cost;

/// Bucket 0 holds entries whose key equals `last`; bucket `b` (1..=64)
/// those whose key first differs from `last` in bit `b - 1`.
#[derive(Clone, Debug)]
pub(crate) struct RadixHeap {
    buckets: [Vec<(Cost, u32)>; 65],
    /// Bit `b - 1` set when bucket `b` (1..=64) may be non-empty.
    occupied: u64,
    last: Cost,
    len: usize,
}

impl Default for RadixHeap {
    fn default() -> Self {
        RadixHeap {
            buckets: std::array::from_fn(|_| Vec::new()),
            occupied: 0,
            last: 0,
            len: 0,
        }
    }
}

#[inline]
fn bucket(key: Cost, last: Cost) -> usize {
    64 - (key ^ last).leading_zeros() as usize
}

impl RadixHeap {
    /// Empties the heap, keeping its memory, for keys no lower than
    /// `floor`. A floor close to the keys to come (A*'s first f) puts them
    /// in low buckets straight away, so they are moved fewer times.
    pub(crate) fn reset(&mut self, floor: Cost) {
        if self.len > 0 {
            for b in &mut self.buckets {
                b.clear();
            }
        }
        self.occupied = 0;
        self.last = floor;
        self.len = 0;
    }

    /// Adds `value` with priority `key`, which must not be below the last
    /// key popped (panics in debug builds if it is).
    #[inline]
    pub(crate) fn push(&mut self, key: Cost, value: u32) {
        debug_assert!(key >= self.last, "radix heap keys must be monotone");
        let b = bucket(key, self.last);
        self.buckets[b].push((key, value));
        if b > 0 {
            self.occupied |= 1 << (b - 1);
        }
        self.len += 1;
    }

    /// Removes an entry of the smallest key: the last pushed among equals.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<(Cost, u32)> {
        if self.len == 0 {
            return None;
        }
        if self.buckets[0].is_empty() {
            // The lowest non-empty bucket's minimum becomes the floor; every
            // entry there then differs from it in a lower bit, so all move
            // to lower buckets, in order.
            let b = self.occupied.trailing_zeros() as usize + 1;
            self.occupied &= !(1 << (b - 1));
            let mut moving = std::mem::take(&mut self.buckets[b]);
            self.last = moving.iter().map(|e| e.0).min().unwrap_or(self.last);
            for &(key, value) in &moving {
                let nb = bucket(key, self.last);
                self.buckets[nb].push((key, value));
                if nb > 0 {
                    self.occupied |= 1 << (nb - 1);
                }
            }
            moving.clear();
            self.buckets[b] = moving;
        }
        self.len -= 1;
        self.buckets[0].pop()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Interleaved monotone pushes and pops: every pop returns an entry
        /// of the smallest key present, and nothing is lost or invented.
        #[test]
        fn pops_the_minimum(ops in proptest::collection::vec(proptest::option::of(0u64..5000), 1..400)) {
            let mut heap = RadixHeap::default();
            let mut present: Vec<(Cost, u32)> = Vec::new();
            let mut floor = 7;
            heap.reset(floor);
            for (n, op) in ops.into_iter().enumerate() {
                match op {
                    Some(delta) => {
                        heap.push(floor + delta, n as u32);
                        present.push((floor + delta, n as u32));
                    }
                    None => {
                        let got = heap.pop();
                        let min = present.iter().map(|e| e.0).min();
                        prop_assert_eq!(got.map(|e| e.0), min);
                        if let Some(e) = got {
                            let i = present.iter().position(|&p| p == e);
                            prop_assert!(i.is_some(), "popped an entry never pushed");
                            present.swap_remove(i.unwrap_or(0));
                            floor = e.0;
                        }
                    }
                }
            }
            present.sort();
            let mut rest = Vec::new();
            while let Some(e) = heap.pop() {
                rest.push(e);
            }
            rest.sort();
            prop_assert_eq!(rest, present);
            heap.reset(0);
            prop_assert_eq!(heap.pop(), None);
        }
    }
}
