//! Where a graph search finds again the nodes it has reached: a hash map
//! with a fixed hasher, for any hashable node, or a stamped table indexed
//! by number, for nodes numbered from 0.

use std::collections::HashMap;
use std::collections::hash_map::Entry as MapEntry;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use crate::cost::Cost;

/// A fixed, fast hasher for the node lookup table (the multiply-rotate of
/// `rustc-hash`): no random seed, so even the table's layout is the same
/// on every run (the answers would not depend on it anyway: the table is
/// only ever looked up, never iterated).
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct NodeHasher(u64);

/// The multiplier of `rustc-hash` 2.
const HASH_K: u64 = 0xf135_7aea_2e62_a9c5;

impl NodeHasher {
    #[inline(always)]
    fn add(&mut self, word: u64) {
        self.0 = self.0.wrapping_add(word).wrapping_mul(HASH_K);
    }
}

impl Hasher for NodeHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        self.add(bytes.len() as u64);
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        // The product's best-mixed bits are its high ones; the table
        // picks buckets by the low ones.
        self.0.rotate_left(26)
    }
}

/// Each node reached: its record, and (a copy of the record's) g, so
/// that an edge to a node already reached is judged from the one table
/// entry the lookup brought in, without a second memory access.
pub(super) type NodeIndex<N> = HashMap<N, Seen, BuildHasherDefault<NodeHasher>>;

/// What the lookup table holds for a node: the best g known (the same as
/// its record's) and which record is its.
/// (g in two halves: 4-byte alignment keeps a `u32` node's table slot
/// at 16 bytes, not 24.)
#[derive(Copy, Clone, Debug)]
pub(super) struct Seen {
    pub(super) g: [u32; 2],
    pub(super) record: u32,
}

impl Seen {
    #[inline(always)]
    pub(super) fn new(g: Cost, record: u32) -> Seen {
        Seen {
            g: [g as u32, (g >> 32) as u32],
            record,
        }
    }

    #[inline(always)]
    pub(super) fn g(&self) -> Cost {
        self.g[0] as Cost | (self.g[1] as Cost) << 32
    }
}

/// Where a search finds again the nodes it has reached: a hash map for
/// any hashable node ([`GraphSearch`](super::GraphSearch)), or a table indexed by number for
/// nodes numbered from 0 ([`NumberedSearch`](super::NumberedSearch)).
pub(super) trait Table<N>: Default {
    /// The place of one node, where [`Table::fill`] writes.
    type Slot<'a>
    where
        Self: 'a;
    /// Forgets every node (a new search begins).
    fn clear(&mut self);
    /// What is known of `node`, if it was reached, and its place.
    fn slot(&mut self, node: N) -> (Option<Seen>, Self::Slot<'_>);
    /// Writes what is now known of the node at `slot`.
    fn fill(slot: Self::Slot<'_>, seen: Seen);
}

impl<N: Copy + Eq + Hash> Table<N> for NodeIndex<N> {
    type Slot<'a>
        = MapEntry<'a, N, Seen>
    where
        N: 'a;

    #[inline]
    fn clear(&mut self) {
        HashMap::clear(self);
    }

    #[inline(always)]
    fn slot(&mut self, node: N) -> (Option<Seen>, Self::Slot<'_>) {
        let entry = self.entry(node);
        let seen = match &entry {
            MapEntry::Occupied(o) => Some(*o.get()),
            MapEntry::Vacant(_) => None,
        };
        (seen, entry)
    }

    #[inline(always)]
    fn fill(slot: Self::Slot<'_>, seen: Seen) {
        match slot {
            MapEntry::Occupied(mut o) => *o.get_mut() = seen,
            MapEntry::Vacant(v) => {
                v.insert(seen);
            }
        }
    }
}

/// Nodes numbered from 0, so that a search can keep what it knows of
/// each in a table indexed by number rather than a hash map: integer ids
/// (a node list's indices, a grid's row-major cells).
pub trait Numbered: Copy + Eq {
    /// The node's number: from 0 up to (not including) the number of
    /// nodes a [`NumberedSearch`](super::NumberedSearch) was made for.
    fn number(self) -> usize;
}

macro_rules! numbered {
    ($($t:ty),*) => {$(
        impl Numbered for $t {
            #[inline(always)]
            fn number(self) -> usize {
                self as usize
            }
        }
    )*};
}
numbered!(u8, u16, u32, usize);

/// One node's entry in a [`Numbers`] table: what is known of it, valid
/// when its stamp is the search's.
#[derive(Copy, Clone, Debug)]
pub(super) struct Stamped {
    pub(super) stamp: u32,
    pub(super) seen: Seen,
}

/// The table of a [`NumberedSearch`](super::NumberedSearch): an entry per node number, and a
/// generation stamp (Lester's "whichList" trick), so that a new search
/// forgets every node by counting up rather than by clearing the table.
#[derive(Clone, Debug, Default)]
pub(super) struct Numbers {
    pub(super) entries: Vec<Stamped>,
    pub(super) stamp: u32,
}

impl Numbers {
    #[inline(always)]
    fn at<N: Numbered>(&self, node: N) -> usize {
        let i = node.number();
        assert!(
            i < self.entries.len(),
            "node number {i} is past the {} nodes the NumberedSearch was made for",
            self.entries.len()
        );
        i
    }
}

impl<N: Numbered> Table<N> for Numbers {
    type Slot<'a> = (&'a mut Stamped, u32);

    #[inline]
    fn clear(&mut self) {
        if self.stamp == u32::MAX {
            // Once in four billion searches: every stamp back to 0.
            self.entries.iter_mut().for_each(|e| e.stamp = 0);
            self.stamp = 0;
        }
        self.stamp += 1;
    }

    #[inline(always)]
    fn slot(&mut self, node: N) -> (Option<Seen>, Self::Slot<'_>) {
        let (i, stamp) = (self.at(node), self.stamp);
        let e = &mut self.entries[i];
        ((e.stamp == stamp).then_some(e.seen), (e, stamp))
    }

    #[inline(always)]
    fn fill((e, stamp): Self::Slot<'_>, seen: Seen) {
        *e = Stamped { stamp, seen };
    }
}
