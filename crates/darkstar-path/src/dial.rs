//! Dial's buckets (Dial, "Shortest-path forest with topological
//! ordering", CACM 1969) and the settling of a bucket's cells over a
//! [`Dense`] map: the queue and the hot loop the fast searches share
//! ([`super::rebuild`]: a field grown afresh; [`super::safety`]: the
//! safety map). See `rebuild.rs` for why buckets and not a radix heap.

use super::chunks::Chunks;
use super::dense::{Dense, FACTOR, READER};
use crate::cost::{Cost, DIAGONAL, STRAIGHT};
use crate::geom::Dir;

/// The most buckets the ring may have (it needs the dearest step over
/// the cheapest, times two to three); beyond, the map is refused.
pub(crate) const MAX_BUCKETS: usize = 1 << 16;

/// The hot loop's state.
pub(crate) struct Relax<'a> {
    /// Row-major index offset of each move, in [`Dir`] order.
    offsets: [usize; 8],
    shift: u32,
    factor: &'a [u32],
    moves: &'a [u8],
    pub(crate) settled: u64,
    /// Readers not settled yet.
    pending: usize,
}

impl<'a> Relax<'a> {
    /// The relaxation over `dense` with buckets `2^shift` wide, which
    /// stops once `pending` readers are settled (`usize::MAX`: never).
    pub(crate) fn new(dense: &'a Dense, shift: u32, pending: usize) -> Relax<'a> {
        let w = dense.width as isize;
        Relax {
            offsets: Dir::ALL.map(|d| {
                let (dx, dy) = d.delta();
                (dy as isize * w + dx as isize) as usize
            }),
            shift,
            factor: &dense.factor,
            moves: &dense.moves,
            settled: 0,
            pending,
        }
    }

    /// Settles `u` at `key` and relaxes its neighbours; true when it was
    /// the last reader. Branch-free over the eight moves: an illegal move
    /// is redirected to `u` itself, whose value (`key`) no step improves,
    /// so it writes `u`'s value back and queues nothing. A neighbour is
    /// queued only when its value moves to another bucket: one entry per
    /// bucket a cell's value passes through, read back with the value the
    /// cell has when that bucket comes.
    #[inline(always)]
    fn expand(&mut self, buckets: &mut Buckets, dist: &mut [Cost], cell: Live) -> bool {
        let Live {
            key,
            cell: u,
            factor: f,
            moves: m,
        } = cell;
        let u = u as usize;
        self.settled += 1;
        let shift = self.shift;
        let n: [usize; 8] = std::array::from_fn(|d| {
            if m >> d & 1 != 0 {
                u.wrapping_add(self.offsets[d])
            } else {
                u
            }
        });
        // Every value read before any is written: the legal neighbours are
        // distinct, and the illegal moves all read `u`, whose value no step
        // changes, so no write below can change a value read here; and no
        // read waits behind a write to the same cell.
        let old: [Cost; 8] = n.map(|i| dist[i]);
        for (first, base) in [(0, STRAIGHT), (4, DIAGONAL)] {
            let c = key + (f & FACTOR) as Cost * base;
            // Where `c`'s bucket ends: a value at or past it is in a later
            // bucket, hence above `c` too; below it, either `c` is no
            // better or the cell is queued in `c`'s bucket already.
            let end = ((c >> shift) + 1) << shift;
            // The bucket's room and length in locals: stored through the
            // bucket, each cell written would make the compiler reload both
            // (a `u32` store might land on them, for all it knows).
            let (window, len) = buckets.bucket(c).window();
            let mut kept = 0;
            for d in first..first + 4 {
                let (n, old) = (n[d], old[d]);
                let better = c < old;
                dist[n] = if better { c } else { old };
                // `kept` is below 4 here (at most one a move before this).
                window[kept & 3] = n as u32;
                kept += (old >= end) as usize;
            }
            *len += kept;
        }
        if f & READER != 0 {
            self.pending -= 1;
            self.pending == 0
        } else {
            false
        }
    }

    /// Settles every cell of the current bucket and relaxes its
    /// neighbours (into later buckets only: no cell of a bucket lowers
    /// another of it); true when the last reader was among them. The
    /// bucket is read whole, in two passes: the first gathers each live
    /// entry's value, factor and moves (an entry whose cell was settled in
    /// an earlier bucket is dropped) and empties the bucket, the second
    /// relaxes. The first pass's loads do not depend on one
    /// another, so the processor has many cache misses in flight at once
    /// where popping one cell at a time waited for each in turn (measured
    /// in the module docs of `rebuild.rs`).
    pub(crate) fn settle_current(
        &mut self,
        buckets: &mut Buckets,
        batch: &mut Batch,
        dist: &mut [Cost],
    ) -> bool {
        let current = buckets.current;
        let cells = buckets.current_cells();
        // Grown, never shrunk: what lies past this bucket's entries is
        // stale, and refilling it bucket after bucket would cost a write
        // a cell.
        if batch.live.len() < cells.len() {
            batch.live.resize(cells.len(), Live::default());
        }
        let live = if batch.settled.is_empty() {
            self.gather::<false>(cells, batch, dist, current)
        } else {
            self.gather::<true>(cells, batch, dist, current)
        };
        buckets.clear_current();
        let mut last = false;
        for &cell in &batch.live[..live] {
            last |= self.expand(buckets, dist, cell);
        }
        last
    }

    /// The first pass of [`Relax::settle_current`]: each live entry of
    /// `cells` (the bucket numbered `current`) into `batch.live`, how
    /// many; with `MARK`, each entry's chunk into `batch.settled`
    /// (stale entries too: their cells were settled, so marked).
    #[inline(always)]
    fn gather<const MARK: bool>(
        &self,
        cells: &[u32],
        batch: &mut Batch,
        dist: &[Cost],
        current: u64,
    ) -> usize {
        let mut live = 0;
        for &u in cells {
            if MARK {
                batch.settled.mark(u as usize);
            }
            let key = dist[u as usize];
            batch.live[live] = Live {
                key,
                cell: u,
                factor: self.factor[u as usize],
                moves: self.moves[u as usize],
            };
            live += (key >> self.shift == current) as usize;
        }
        live
    }
}

/// One live entry of the bucket being settled: what relaxing it reads.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Live {
    key: Cost,
    cell: u32,
    factor: u32,
    moves: u8,
}

/// The buffer of [`Relax::settle_current`], kept between buckets and
/// calls: the live entries of the bucket being settled.
#[derive(Clone, Debug, Default)]
pub(crate) struct Batch {
    live: Vec<Live>,
    /// The chunks of the cells settled, when the caller made the set for
    /// its map (`Chunks::reset`); else nothing is marked.
    pub(crate) settled: Chunks,
}

impl Batch {
    pub(crate) fn memory_bytes(&self) -> usize {
        self.live.capacity() * std::mem::size_of::<Live>() + self.settled.memory_bytes()
    }
}

/// A stack of cells with room made ahead, so that a cell is written
/// unconditionally and kept or not by a flag, without a branch.
#[derive(Clone, Debug, Default)]
pub(crate) struct Bucket {
    cells: Vec<u32>,
    len: usize,
}

impl Bucket {
    /// Makes room for `n` more cells.
    #[inline(always)]
    pub(crate) fn room(&mut self, n: usize) {
        if self.cells.len() < self.len + n {
            self.grow(n);
        }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, n: usize) {
        let new = (self.cells.len() * 2).max(self.len + n).max(64);
        self.cells.resize(new, 0);
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Room for four more cells, and the length, to which the caller
    /// adds the cells it keeps there (written from the first).
    #[inline(always)]
    pub(crate) fn window(&mut self) -> (&mut [u32; 4], &mut usize) {
        self.room(4);
        let room = &mut self.cells[self.len..self.len + 4];
        (room.try_into().expect("four cells"), &mut self.len)
    }

    /// Writes `cell` in the room made; it stays only if `keep`.
    #[inline(always)]
    pub(crate) fn put(&mut self, cell: u32, keep: bool) {
        self.cells[self.len] = cell;
        self.len += keep as usize;
    }
}

/// Dial's buckets (Dial, "Shortest-path forest with topological
/// ordering", CACM 1969), each `2^shift` wide, in a ring: bucket `k`
/// holds the cells whose value `v` has `v >> shift == k`. The width is at
/// most the cheapest step, so a cell in the current bucket can lower no
/// other cell of it: the bucket is settled in any order (whole, by
/// [`Relax::settle_current`]) and every value in it is final.
#[derive(Clone, Debug, Default)]
pub(crate) struct Buckets {
    pub(crate) shift: u32,
    /// The ring's length less one (a power of two less one).
    mask: usize,
    /// The number of the bucket being settled.
    pub(crate) current: u64,
    ring: Vec<Bucket>,
}

impl Buckets {
    /// Empties the ring, of `len` buckets (a power of two) of `2^shift`.
    pub(crate) fn reset(&mut self, shift: u32, len: usize) {
        for b in &mut self.ring {
            b.len = 0;
        }
        if self.ring.len() < len {
            self.ring.resize(len, Bucket::default());
        }
        self.mask = len - 1;
        self.shift = shift;
        self.current = 0;
    }

    pub(crate) fn memory_bytes(&self) -> usize {
        self.ring
            .iter()
            .map(|b| b.cells.capacity() * 4)
            .sum::<usize>()
            + self.ring.capacity() * std::mem::size_of::<Bucket>()
    }

    /// The bucket of value `key` (room is the caller's).
    #[inline(always)]
    pub(crate) fn bucket(&mut self, key: Cost) -> &mut Bucket {
        &mut self.ring[(key >> self.shift) as usize & self.mask]
    }

    /// Moves on from the current bucket (settled) to the next with
    /// any cell, but not past bucket `limit` (where more cells are to be
    /// queued: a search's sources, queued bucket by bucket); false when
    /// there is neither.
    pub(crate) fn advance(&mut self, limit: Option<u64>) -> bool {
        // Every queued cell is within a turn of the ring.
        for _ in 0..=self.mask {
            self.current += 1;
            if limit == Some(self.current)
                || !self.ring[self.current as usize & self.mask].is_empty()
            {
                return true;
            }
        }
        match limit {
            Some(l) => {
                self.current = l;
                true
            }
            None => false,
        }
    }

    /// The current bucket's cells.
    pub(crate) fn current_cells(&self) -> &[u32] {
        let b = &self.ring[self.current as usize & self.mask];
        &b.cells[..b.len]
    }

    /// Empties the current bucket (its cells read, and settled or
    /// dropped).
    pub(crate) fn clear_current(&mut self) {
        self.ring[self.current as usize & self.mask].len = 0;
    }

    /// Every bucket after the current one, with its number and cells
    /// (entries whose cell has since moved to an earlier bucket among
    /// them), in the ring's order.
    pub(crate) fn ahead(&self) -> impl Iterator<Item = (u64, &[u32])> {
        let len = self.mask as u64 + 1;
        (1..len).map(move |k| {
            let b = &self.ring[(self.current + k) as usize & self.mask];
            (self.current + k, &b.cells[..b.len])
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Reads and empties the next bucket of `q`, checking it against `model`
    /// (bucket, item): the least bucket left, with exactly the items put
    /// there, or nothing when nothing is left. True if it took one.
    fn take_checked(q: &mut Buckets, model: &mut Vec<(u64, u32)>) -> Result<bool, TestCaseError> {
        let least = model.iter().map(|&(b, _)| b).min();
        if q.current_cells().is_empty() && !q.advance(None) {
            prop_assert_eq!(least, None);
            return Ok(false);
        }
        prop_assert_eq!(Some(q.current), least);
        let mut got = q.current_cells().to_vec();
        q.clear_current();
        let mut want: Vec<u32> = model
            .iter()
            .filter(|&&(b, _)| b == q.current)
            .map(|&(_, m)| m)
            .collect();
        got.sort_unstable();
        want.sort_unstable();
        prop_assert_eq!(got, want);
        model.retain(|&(b, _)| b != q.current);
        Ok(true)
    }

    proptest! {
        /// Pushes within the ring's reach of the current bucket come out
        /// bucket by bucket, each exactly once, whatever the order of
        /// pushes, across resets (and pushes into a bucket just emptied).
        #[test]
        fn the_buckets_pop_bucket_by_bucket(ops in proptest::collection::vec(proptest::option::of(0u64..64), 1..600)) {
            let mut q = Buckets::default();
            q.reset(2, 16);
            let mut model: Vec<(u64, u32)> = Vec::new();
            for (n, op) in ops.into_iter().enumerate() {
                match op {
                    Some(_) if n % 101 == 100 => {
                        q.reset(2, 16);
                        model.clear();
                    }
                    Some(delta) => {
                        // At most 15 buckets ahead of the current one.
                        let key = (q.current << 2) + delta % 60;
                        let b = q.bucket(key);
                        b.room(1);
                        b.put(n as u32, true);
                        model.push((key >> 2, n as u32));
                    }
                    None => {
                        take_checked(&mut q, &mut model)?;
                    }
                }
            }
            // And what is left comes out, then nothing: every case checks
            // reads, whatever its operations were.
            while take_checked(&mut q, &mut model)? {}
            prop_assert!(model.is_empty());
        }
    }
}
