//! A fresh field, fast: the backward Dijkstra that [`Field::rebuild`] runs
//! when a faction learnt so much that repairing its field would cost more
//! than growing it again.
//!
//! Why a second search: a field grows through LPA*, whose every expansion
//! keeps `g` and `rhs` consistent, asks the map for each step through
//! [`CostMap::step_cost`](super::CostMap::step_cost), applies the corner
//! rule per neighbour, and re-keys an indexed heap: about 150 ns per
//! settled cell. A search from scratch needs none of that bookkeeping.
//! Over a map whose costs depend only on the entered cell
//! ([`EntryCosts`]) this one:
//!
//! - reads the map **once per call into two dense arrays**: each cell's
//!   entry factor (`u32`; one value marks impassable cells, a flag the
//!   readers) and an 8-bit mask of its legal moves, the corner rule
//!   precomputed, so the hot loop neither asks the map nor tests a
//!   corner;
//! - prices all of a settled cell's relaxations at once: backward, every
//!   step relaxed from `u` enters `u`, so it costs `factor(u)` times the
//!   straight or the diagonal base cost, two multiplications per cell;
//! - relaxes the eight moves without a branch (an illegal move is pointed
//!   at the cell itself, which no step improves), writing tentative
//!   values straight into the field's `rhs`, so installing the result
//!   touches each cell once more, sequentially;
//! - queues cells, not `(key, cell)` pairs, in Dial's buckets (below).
//!
//! It grows from the target only until every cell of a list of readers
//! is settled (or the target's component is exhausted), then finishes the
//! bucket it stopped in, so the settled set is exactly the cells of value
//! below the bucket's end (at most a cheapest step above the last
//! reader's value), whatever the order within buckets (see
//! [`Field::rebuild`] for how it becomes an LPA* state).
//!
//! The queue: Dial's buckets in a ring, each `2^k` cost units wide for
//! the largest `k` that keeps a bucket no wider than the cheapest step on
//! the map (at most twice as many buckets as the dearest step spans, 128
//! on a faction's knowledge with danger). No cell of a bucket can lower
//! another of the same bucket, so a bucket is popped in any order and
//! every value popped is final: pushing and popping are a store and a
//! load. A cell is queued again only when a cheaper route moves it to an
//! earlier bucket (its value is read back from `rhs` when popped, and an
//! entry whose cell was settled in an earlier bucket is skipped), so each
//! entry is 4 bytes. The first version queued `(key, cell)` pairs in a
//! radix heap (Ahuja, Mehlhorn, Orlin and Tarjan, JACM 1990: buckets by
//! the highest bit in which a key differs from the last popped, exact
//! order by key); measured in one run of `cargo bench --bench field`
//! against these buckets (then also on pairs), it took 20.5 ms against
//! 10.5 ms to settle the 231,776 cells of the 512x512 dungeon of seed 1,
//! and 26.1 ms against 12.5 ms on the open map's 246,443 (medians, both
//! with the arrays above): each entry moves down its buckets a few times
//! before it is popped, where a Dial bucket touches it once. So the
//! radix heap went.
//!
//! Determinism: the result is a function of the map, the target and the
//! readers. Values are exact, hence unique; buckets pop last in, first
//! out, and pushes come in direction order from a deterministic pop
//! sequence; the settled set does not depend on the order within buckets
//! at all.
//!
//! When the map does not fit the arrays (an entry factor of 2^31 - 1 or
//! more, a factor of zero, values that could overflow, or a dearest step
//! tens of thousands of times the cheapest), [`Field::rebuild`] grows the
//! field by LPA* instead: same result, old speed.
//!
//! [`Field::rebuild`]: super::Field::rebuild

use super::{Connectivity, EntryCosts};
use crate::map::cost::{Cost, DIAGONAL, STRAIGHT, UNREACHED};
use crate::map::geom::{Dir, Pos};

/// Flag of [`Rebuild::factor`]: the cell is one of the readers.
const READER: u32 = 1 << 31;
/// The factor bits of [`Rebuild::factor`].
const FACTOR: u32 = READER - 1;
/// [`Rebuild::factor`] of an impassable cell (never relaxed into: no move
/// leads there; only a target on a wall is ever read with it).
const IMPASSABLE: u32 = FACTOR;
/// The most buckets the ring may have (it needs the dearest step over
/// the cheapest, times two to three); beyond, the map is refused.
const MAX_BUCKETS: usize = 1 << 16;

/// The buffers of the fast fresh search, reused from call to call (no
/// allocation after the first call on a map of a given size). One serves
/// any number of fields, one after the other: it holds nothing between
/// calls that matters.
///
/// Kept out of [`Field`](super::Field) on purpose: a faction holds a
/// field per target, and these buffers (per cell 4 bytes of factor, 1 of
/// moves and 1 of padded passability; the queue's 4 bytes per entry) are only
/// needed while a rebuild runs, so one (per thread) does for all fields;
/// inside each field they would add a fifth to its 28 bytes per cell for
/// nothing.
#[derive(Clone, Debug, Default)]
pub struct Rebuild {
    width: u32,
    /// Each cell's entry factor, or [`IMPASSABLE`], with [`READER`] set
    /// on the readers.
    factor: Vec<u32>,
    /// Each cell's legal moves: bit `d` for `Dir::ALL[d]`, set when the
    /// cell and its neighbour are passable and, for a diagonal, both
    /// cells beside it are (so it is symmetric).
    moves: Vec<u8>,
    /// Passability with a border of impassable cells, `(w + 2) x (h + 2)`:
    /// what `moves` is computed from without bounds tests.
    open: Vec<u8>,
    buckets: Buckets,
}

/// What [`Rebuild::grow`] settled.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Grown {
    /// Cells settled (each exactly once).
    pub settled: u64,
    /// Every cell with a value below this is settled; every cell reached
    /// with a value at or above it is not (the frontier). [`UNREACHED`]
    /// when the component was exhausted.
    pub bound: Cost,
}

impl Rebuild {
    /// Empty buffers; they grow to the map on the first call.
    pub fn new() -> Rebuild {
        Rebuild::default()
    }

    /// Bytes it holds.
    pub fn memory_bytes(&self) -> usize {
        self.factor.capacity() * 4
            + self.moves.capacity()
            + self.open.capacity()
            + self.buckets.memory_bytes()
    }

    /// Runs the backward Dijkstra from cell `target` (row-major, on the
    /// map) until every reader on the map is settled or the component is
    /// exhausted, writing tentative values into `dist` (which must hold
    /// [`UNREACHED`] for every cell). `None`, with `dist` untouched, when
    /// the map does not fit the arrays (see the [module docs](self)).
    pub(crate) fn grow<M: EntryCosts + ?Sized>(
        &mut self,
        map: &M,
        target: usize,
        readers: &[Pos],
        connectivity: Connectivity,
        dist: &mut [Cost],
    ) -> Option<Grown> {
        debug_assert_eq!(
            super::entry_costs_mismatch(map),
            None,
            "EntryCosts contract"
        );
        debug_assert!(dist.iter().all(|&d| d == UNREACHED));
        debug_assert_eq!(dist.len(), map.width() as usize * map.height() as usize);
        dist[target] = 0;
        if !readers.iter().any(|&r| map.contains(r)) {
            // Nothing to settle: the target alone, on the frontier.
            return Some(Grown {
                settled: 0,
                bound: 0,
            });
        }
        let Some((least, most)) = self.load(map, connectivity) else {
            dist[target] = UNREACHED;
            return None;
        };
        // Buckets as wide as a power of two at most the cheapest step, so
        // that no step stays within one; enough of them for the dearest.
        let shift = (least * STRAIGHT).ilog2();
        let ahead = ((most * DIAGONAL) >> shift) as usize + 2;
        if ahead > MAX_BUCKETS {
            dist[target] = UNREACHED;
            return None;
        }
        self.buckets.reset(shift, ahead.next_power_of_two());
        let mut pending = 0usize;
        for &r in readers {
            if map.contains(r) {
                let f = &mut self.factor[r.row_major(self.width)];
                if *f & READER == 0 {
                    *f |= READER;
                    pending += 1;
                }
            }
        }
        let b = self.buckets.bucket(0);
        b.room(1);
        b.put(target as u32, true);
        let (settled, bound) = run(
            &mut self.buckets,
            &self.factor,
            &self.moves,
            self.width,
            pending,
            dist,
        );
        Some(Grown { settled, bound })
    }

    /// Reads `map` into `factor` and `moves`: the least and largest
    /// passable entry factor, or `None` when the map does not fit (see the
    /// [module docs](self)).
    fn load<M: EntryCosts + ?Sized>(
        &mut self,
        map: &M,
        connectivity: Connectivity,
    ) -> Option<(Cost, Cost)> {
        let (w, h) = (map.width() as usize, map.height() as usize);
        let cells = w * h;
        let pw = w + 2;
        self.width = map.width();
        self.factor.resize(cells, IMPASSABLE);
        self.moves.resize(cells, 0);
        self.open.clear();
        self.open.resize(pw * (h + 2), 0);
        // Branch-free per cell (terrain is often mixed at random): a
        // factor that does not fit is only noted, and refused after.
        let (mut largest, mut least, mut misfit) = (0, Cost::MAX, false);
        for y in 0..h {
            let open = &mut self.open[(y + 1) * pw + 1..][..w];
            let factor = &mut self.factor[y * w..][..w];
            for x in 0..w {
                let f = map.entry_factor(y * w + x);
                let passable = f.is_some();
                let f = f.unwrap_or(IMPASSABLE as Cost);
                misfit |= passable & (f == 0 || f >= IMPASSABLE as Cost);
                factor[x] = f as u32;
                open[x] = passable as u8;
                largest = largest.max(if passable { f } else { 0 });
                least = least.min(if passable { f } else { Cost::MAX });
            }
        }
        // No value can overflow: a route visits each cell at most once.
        if misfit || cells as u128 * largest as u128 * DIAGONAL as u128 >= 1 << 63 {
            return None;
        }
        let keep: u8 = match connectivity {
            Connectivity::Eight => 0xFF,
            Connectivity::Four => 0x0F,
        };
        for y in 0..h {
            let up = &self.open[y * pw..][..pw];
            let mid = &self.open[(y + 1) * pw..][..pw];
            let down = &self.open[(y + 2) * pw..][..pw];
            let moves = &mut self.moves[y * w..][..w];
            for x in 0..w {
                // Column x + 1 of the padded rows is the cell.
                let (n, e, s, wst) = (up[x + 1], mid[x + 2], down[x + 1], mid[x]);
                let (ne, se, sw, nw) = (up[x + 2], down[x + 2], down[x], up[x]);
                let m = n
                    | e << 1
                    | s << 2
                    | wst << 3
                    | (n & e & ne) << 4
                    | (s & e & se) << 5
                    | (s & wst & sw) << 6
                    | (n & wst & nw) << 7;
                moves[x] = m & keep & mid[x + 1].wrapping_neg();
            }
        }
        // (A map with no passable cell: any span will do.)
        let largest = largest.max(1);
        Some((least.min(largest), largest))
    }
}

/// The search loop of [`Rebuild::grow`], the target queued:
/// `(cells settled, bound)`.
fn run(
    buckets: &mut Buckets,
    factor: &[u32],
    moves: &[u8],
    width: u32,
    pending: usize,
    dist: &mut [Cost],
) -> (u64, Cost) {
    let w = width as isize;
    let mut search = Search {
        offsets: Dir::ALL.map(|d| {
            let (dx, dy) = d.delta();
            (dy as isize * w + dx as isize) as usize
        }),
        shift: buckets.shift,
        factor,
        moves,
        settled: 0,
        pending,
    };
    let shift = buckets.shift;
    let bound = loop {
        let Some(u) = buckets.pop() else {
            break UNREACHED;
        };
        let u = u as usize;
        let key = dist[u];
        // An entry left in a later bucket by a cell settled earlier.
        if key >> shift != buckets.current {
            continue;
        }
        if search.expand(buckets, dist, key, u) {
            // The last reader: finish its bucket, so that what is settled
            // is every cell below the bucket's end.
            while let Some(v) = buckets.pop_current() {
                let (v, key) = (v as usize, dist[v as usize]);
                if key >> shift == buckets.current {
                    search.expand(buckets, dist, key, v);
                }
            }
            break (buckets.current + 1) << shift;
        }
    };
    (search.settled, bound)
}

/// The hot loop's state.
struct Search<'a> {
    /// Row-major index offset of each move, in [`Dir`] order.
    offsets: [usize; 8],
    shift: u32,
    factor: &'a [u32],
    moves: &'a [u8],
    settled: u64,
    /// Readers not settled yet.
    pending: usize,
}

impl Search<'_> {
    /// Settles `u` at `key` and relaxes its neighbours; true when it was
    /// the last reader. Branch-free over the eight moves: an illegal move
    /// is redirected to `u` itself, whose value (`key`) no step improves,
    /// so it writes `u`'s value back and queues nothing. A neighbour is
    /// queued only when its value moves to another bucket: one entry per
    /// bucket a cell's value passes through, read back with the value the
    /// cell has when that bucket comes.
    #[inline(always)]
    fn expand(&mut self, buckets: &mut Buckets, dist: &mut [Cost], key: Cost, u: usize) -> bool {
        self.settled += 1;
        let f = self.factor[u];
        let m = self.moves[u];
        let shift = self.shift;
        for (first, base) in [(0, STRAIGHT), (4, DIAGONAL)] {
            let c = key + (f & FACTOR) as Cost * base;
            let bucket = buckets.bucket(c);
            bucket.room(4);
            for d in first..first + 4 {
                let n = if m >> d & 1 != 0 {
                    u.wrapping_add(self.offsets[d])
                } else {
                    u
                };
                let old = dist[n];
                let better = c < old;
                dist[n] = if better { c } else { old };
                bucket.put(n as u32, better & (c >> shift != old >> shift));
            }
        }
        if f & READER != 0 {
            self.pending -= 1;
            self.pending == 0
        } else {
            false
        }
    }
}

/// A stack of cells with room made ahead, so that a cell is written
/// unconditionally and kept or not by a flag, without a branch.
#[derive(Clone, Debug, Default)]
struct Bucket {
    cells: Vec<u32>,
    len: usize,
}

impl Bucket {
    /// Makes room for `n` more cells.
    #[inline(always)]
    fn room(&mut self, n: usize) {
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

    /// Writes `cell` in the room made; it stays only if `keep`.
    #[inline(always)]
    fn put(&mut self, cell: u32, keep: bool) {
        self.cells[self.len] = cell;
        self.len += keep as usize;
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<u32> {
        self.len = self.len.checked_sub(1)?;
        Some(self.cells[self.len])
    }
}

/// Dial's buckets (Dial, "Shortest-path forest with topological
/// ordering", CACM 1969), each `2^shift` wide, in a ring: bucket `k`
/// holds the cells whose value `v` has `v >> shift == k`. The width is at
/// most the cheapest step, so a cell in the bucket being popped can lower
/// no other cell of it: the bucket is popped in any order (last in, first
/// out) and every value popped is final.
#[derive(Clone, Debug, Default)]
struct Buckets {
    shift: u32,
    /// The ring's length less one (a power of two less one).
    mask: usize,
    /// The number of the bucket being popped.
    current: u64,
    ring: Vec<Bucket>,
}

impl Buckets {
    /// Empties the ring, of `len` buckets (a power of two) of `2^shift`.
    fn reset(&mut self, shift: u32, len: usize) {
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

    fn memory_bytes(&self) -> usize {
        self.ring
            .iter()
            .map(|b| b.cells.capacity() * 4)
            .sum::<usize>()
            + self.ring.capacity() * std::mem::size_of::<Bucket>()
    }

    /// The bucket of value `key` (room is the caller's).
    #[inline(always)]
    fn bucket(&mut self, key: Cost) -> &mut Bucket {
        &mut self.ring[(key >> self.shift) as usize & self.mask]
    }

    /// A cell of the first bucket with any, from the current one on.
    #[inline(always)]
    fn pop(&mut self) -> Option<u32> {
        if let Some(c) = self.ring[self.current as usize & self.mask].pop() {
            return Some(c);
        }
        // A whole turn of the ring without one: the queue is empty.
        for _ in 0..self.mask {
            self.current += 1;
            if let Some(c) = self.ring[self.current as usize & self.mask].pop() {
                return Some(c);
            }
        }
        None
    }

    /// A cell of the current bucket, if any is left.
    #[inline(always)]
    fn pop_current(&mut self) -> Option<u32> {
        self.ring[self.current as usize & self.mask].pop()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Pops one from `q` and checks it against `model` (bucket, item):
    /// from the least bucket left, an item put there, or nothing when
    /// nothing is left.
    fn pop_checked(
        q: &mut Buckets,
        model: &mut Vec<(u64, u32)>,
    ) -> Result<Option<u32>, TestCaseError> {
        let got = q.pop();
        let least = model.iter().map(|&(b, _)| b).min();
        prop_assert_eq!(got.map(|_| q.current), least);
        if let Some(c) = got {
            let at = model.iter().position(|&(b, m)| m == c && b == q.current);
            prop_assert!(at.is_some(), "{} popped from bucket {}", c, q.current);
            model.swap_remove(at.unwrap());
        }
        Ok(got)
    }

    proptest! {
        /// Pushes within the ring's reach of the bucket being popped come
        /// out bucket by bucket, each exactly once, whatever the order
        /// of pushes, across resets.
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
                        pop_checked(&mut q, &mut model)?;
                    }
                }
            }
            // And what is left comes out, then nothing: every case checks
            // pops, whatever its operations were.
            while pop_checked(&mut q, &mut model)?.is_some() {}
            prop_assert!(model.is_empty());
        }
    }
}
