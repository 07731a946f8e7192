//! An indexed 4-ary min-heap of cells keyed by cost: each cell is in it at
//! most once, and its key can be raised or lowered in place, so nothing
//! goes stale (a lazily-deleted binary heap holds several entries per
//! cell in a search that keeps re-keying cells, as LPA* does, and spends
//! most of its time popping the dead ones). Entries are ordered by
//! `(key, cell)`, a total order, so the order of pops never depends on
//! the order of pushes: deterministic, and the same sequence as any
//! other exact priority queue under that order.
//!
//! An entry is the one integer `key << 32 | cell` (a `u128`, as large as
//! the `(key, cell)` pair it replaced), which orders exactly as the pair
//! does: the heap compares with one integer comparison instead of two
//! branches. In one run of each build of `cargo bench -p darkstar-benches --bench field --
//! rebuild`, twice, the LPA* rows (a field grown by this heap) went from
//! 26.7–27.0 ms to 25.0–25.7 ms on the dungeon and from 35.5–37.8 ms to
//! 33.4–36.3 ms on the open map.
//!
//! Sifting down picks the least of four children by comparisons turned
//! into indices (two pairs, then their winners), not by a loop of
//! branches: which child is least is a coin toss to the branch predictor.
//! Main's bench binary and this one alternately, twice each, the same
//! rows: 25.7–27.3 ms before and 18.6–18.9 ms after on the dungeon,
//! 33.2–34.8 ms and 23.6–24.0 ms on the open map (the fields bit for bit
//! the same; entries are distinct, so the least is the same however it is
//! found).

use crate::cost::Cost;

/// Sentinel of [`KeyedHeap::slot`]: the cell is not in the heap.
const ABSENT: u32 = u32::MAX;

/// The heap (see the [module docs](self)).
#[derive(Clone, Debug, Default)]
pub struct KeyedHeap {
    /// `key << 32 | cell` in heap order: one integer compares as the pair
    /// `(key, cell)` does, without a second branch.
    entries: Vec<u128>,
    /// Each cell's position in `entries` ([`ABSENT`]: not in it).
    slot: Vec<u32>,
}

impl KeyedHeap {
    /// An empty heap over `cells` cells.
    pub fn new(cells: usize) -> KeyedHeap {
        KeyedHeap {
            entries: Vec::new(),
            slot: vec![ABSENT; cells],
        }
    }

    /// How many cells are in it.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Takes every cell out.
    pub fn clear(&mut self) {
        self.clear_each(|_| {});
    }

    /// Takes every cell out, calling `taken` with each (in heap order).
    pub fn clear_each(&mut self, mut taken: impl FnMut(usize)) {
        for &e in &self.entries {
            let cell = entry_cell(e);
            self.slot[cell] = ABSENT;
            taken(cell);
        }
        self.entries.clear();
    }

    /// Bytes it holds.
    pub fn memory_bytes(&self) -> usize {
        self.entries.capacity() * std::mem::size_of::<u128>() + self.slot.capacity() * 4
    }

    /// The least `(key, cell)`.
    #[inline]
    pub fn peek(&self) -> Option<(Cost, usize)> {
        self.entries.first().map(|&e| (entry_key(e), entry_cell(e)))
    }

    /// The key `cell` is in under, if it is in.
    #[inline]
    #[cfg(test)]
    pub fn key_of(&self, cell: usize) -> Option<Cost> {
        let s = self.slot[cell];
        (s != ABSENT).then(|| entry_key(self.entries[s as usize]))
    }

    /// Puts `cell` in under `key`, or moves it there if it is in already.
    #[inline]
    pub fn set(&mut self, cell: usize, key: Cost) {
        let s = self.slot[cell];
        if s == ABSENT {
            let at = self.entries.len();
            self.entries.push(entry(key, cell));
            self.slot[cell] = at as u32;
            self.sift_up(at);
        } else {
            let at = s as usize;
            let old = entry_key(self.entries[at]);
            self.entries[at] = entry(key, cell);
            if key < old {
                self.sift_up(at);
            } else if key > old {
                self.sift_down(at);
            }
        }
    }

    /// Takes `cell` out, if it is in.
    #[inline]
    pub fn remove(&mut self, cell: usize) {
        let s = self.slot[cell];
        if s == ABSENT {
            return;
        }
        self.slot[cell] = ABSENT;
        let at = s as usize;
        let last = self.entries.pop().expect("the cell was in it");
        if at < self.entries.len() {
            let moved = last;
            let old = self.entries[at];
            self.entries[at] = moved;
            self.slot[entry_cell(moved)] = at as u32;
            if moved < old {
                self.sift_up(at);
            } else {
                self.sift_down(at);
            }
        }
    }

    #[inline]
    fn sift_up(&mut self, mut at: usize) {
        let e = self.entries[at];
        while at > 0 {
            let parent = (at - 1) / 4;
            let p = self.entries[parent];
            if p <= e {
                break;
            }
            self.entries[at] = p;
            self.slot[entry_cell(p)] = at as u32;
            at = parent;
        }
        self.entries[at] = e;
        self.slot[entry_cell(e)] = at as u32;
    }

    #[inline]
    fn sift_down(&mut self, mut at: usize) {
        let e = self.entries[at];
        let n = self.entries.len();
        loop {
            let first = 4 * at + 1;
            if first >= n {
                break;
            }
            let best = match self.entries.get(first..first + 4) {
                // Four children: the least by two rounds of comparisons
                // turned into indices, not branches (which child is least
                // is a coin toss to the branch predictor). Entries are
                // distinct, so any way of finding the least finds the same.
                Some(four) => {
                    let k: &[u128; 4] = four.try_into().expect("four children");
                    let a = (k[1] < k[0]) as usize;
                    let b = 2 + (k[3] < k[2]) as usize;
                    first + if k[b] < k[a] { b } else { a }
                }
                None => {
                    let mut best = first;
                    for c in first + 1..n {
                        if self.entries[c] < self.entries[best] {
                            best = c;
                        }
                    }
                    best
                }
            };
            let b = self.entries[best];
            if e <= b {
                break;
            }
            self.entries[at] = b;
            self.slot[entry_cell(b)] = at as u32;
            at = best;
        }
        self.entries[at] = e;
        self.slot[entry_cell(e)] = at as u32;
    }
}

/// The entry of `cell` under `key`.
#[inline(always)]
fn entry(key: Cost, cell: usize) -> u128 {
    (key as u128) << 32 | cell as u128
}

/// The key of entry `e`.
#[inline(always)]
fn entry_key(e: u128) -> Cost {
    (e >> 32) as Cost
}

/// The cell of entry `e`.
#[inline(always)]
fn entry_cell(e: u128) -> usize {
    e as u32 as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Against a sorted set: any sequence of sets and removals, then
        /// pops, come out in `(key, cell)` order with the last key set.
        #[test]
        fn pops_in_key_then_cell_order(ops in proptest::collection::vec((0usize..40, 0u64..20, any::<bool>()), 0..200)) {
            let mut heap = KeyedHeap::new(40);
            let mut model = std::collections::BTreeSet::new();
            let mut keys = [None; 40];
            for (cell, key, remove) in ops {
                if let Some(k) = keys[cell].take() {
                    model.remove(&(k, cell));
                }
                if remove {
                    heap.remove(cell);
                } else {
                    heap.set(cell, key);
                    keys[cell] = Some(key);
                    model.insert((key, cell));
                }
                prop_assert_eq!(heap.len(), model.len());
                prop_assert_eq!(heap.peek(), model.first().copied());
                prop_assert_eq!(heap.key_of(cell), keys[cell]);
            }
            while let Some((k, c)) = heap.peek() {
                prop_assert_eq!(Some((k, c)), model.pop_first());
                heap.remove(c);
            }
            prop_assert!(model.is_empty());
        }
    }
}
