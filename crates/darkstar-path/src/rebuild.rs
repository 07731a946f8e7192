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
//!   corner; and where the caller keeps a log of the cells whose costs
//!   changed ([`Logged`]: a faction's log of what it learnt), only the
//!   cells logged since the map the arrays last held are read again,
//!   with the moves around them (`Dense::patch`), in proportion to what
//!   changed rather than to the map;
//! - prices all of a settled cell's relaxations at once: backward, every
//!   step relaxed from `u` enters `u`, so it costs `factor(u)` times the
//!   straight or the diagonal base cost, two multiplications per cell;
//! - relaxes the eight moves without a branch (an illegal move is pointed
//!   at the cell itself, which no step improves), writing tentative
//!   values straight into the field's `rhs`, so installing the result
//!   touches each cell once more, sequentially; all eight values are read
//!   before any is written (so no read waits on a write to the same cell:
//!   the illegal moves all read and write the cell itself), a neighbour
//!   is queued on one comparison (its old value past the end of the new
//!   value's bucket), and a bucket's length is kept in a local while its
//!   four cells are written;
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
//! another of the same bucket, so a bucket is settled in any order and
//! every value taken from it is final: pushing is a store. A cell is
//! queued again only when a cheaper route moves it to an earlier bucket
//! (its value is read back from `rhs` when its bucket comes, and an entry
//! whose cell was settled in an earlier bucket is skipped), so each entry
//! is 4 bytes.
//!
//! A bucket is settled whole, in two passes (`Relax::settle_current` in
//! `dial.rs`): the first reads every entry's value, factor and moves into
//! a small array, the second relaxes. Popping one cell at a time made
//! each cell wait for its own cache misses (on a 1024x1024 map the
//! arrays are larger than the cache); in the first pass no load waits on
//! another, so many misses are in flight at once. Dial's buckets touch
//! an entry once, where a radix heap (Ahuja, Mehlhorn, Orlin and Tarjan,
//! JACM 1990) moves it down its buckets a few times before it is popped,
//! and took twice as long (20.5 against 10.5 ms to settle the 231,776
//! cells of the 512x512 dungeon of seed 1). The field's figures are in
//! `docs/benchmarks.md` (`cargo bench -p darkstar-benches --bench field`).
//!
//! Determinism: the result is a function of the map, the target and the
//! readers. Values are exact, hence unique; a bucket is settled in the
//! order its entries were pushed, and pushes come in direction order from
//! that deterministic sequence; the settled set does not depend on the
//! order within buckets at all.
//!
//! When the map does not fit the arrays (an entry factor of 2^31 - 1 or
//! more, a factor of zero, values that could overflow, or a dearest step
//! tens of thousands of times the cheapest), [`Field::rebuild`] grows the
//! field by LPA* instead: same result, old speed.
//!
//! [`Field::rebuild`]: super::Field::rebuild

use super::chunks::Chunks;
use super::dense::{Dense, READER};
use super::dial::{Batch, Buckets, MAX_BUCKETS, Relax};
use super::{Connectivity, EntryCosts};
use crate::cost::{Cost, DIAGONAL, STRAIGHT, UNREACHED};
use crate::geom::Pos;

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
    /// The map as dense arrays, the readers flagged.
    dense: Dense,
    buckets: Buckets,
    batch: Batch,
    /// The log mark of the map `dense` holds (see [`Logged`]), if the
    /// last reading was given one.
    mark: Option<usize>,
    /// The last grow's frontier: the cells it reached and did not settle.
    frontier: Vec<u32>,
}

/// Where a map stands in a log of the cells whose costs changed (a
/// faction's log of what it learnt), so that a rebuild reads again only
/// the cells logged since the map its buffers last read, instead of the
/// whole map: see [`Field::rebuild_logged`](super::Field::rebuild_logged).
/// Marks must all come from one log of one map.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Logged<'a> {
    /// The map's mark: entries logged so far.
    pub mark: usize,
    /// The cells logged after [`Rebuild::mark`] (the mark of the map the
    /// buffers last read), or `None` when they are not all known (no
    /// mark, or the log dropped some): then the whole map is read.
    pub changed: Option<&'a [Pos]>,
}

/// How [`Rebuild::grow`] reads the map and what it keeps of its work.
#[derive(Copy, Clone, Debug)]
pub(crate) struct How<'a> {
    /// Where the map stands in its log of changes, if it has one: only
    /// the cells changed since the buffers' reading are read again.
    pub logged: Option<Logged<'a>>,
    /// Keep the chunks of the cells settled ([`Rebuild::settled`]).
    pub mark_chunks: bool,
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
        self.dense.memory_bytes()
            + self.buckets.memory_bytes()
            + self.batch.memory_bytes()
            + self.frontier.capacity() * 4
    }

    /// The cells the last [`Rebuild::grow`] reached and did not settle,
    /// in no particular order.
    pub(crate) fn frontier(&self) -> &[u32] {
        &self.frontier
    }

    /// The chunks of the cells the last [`Rebuild::grow`] settled, if it
    /// was asked to mark them (else empty).
    pub(crate) fn settled(&self) -> &Chunks {
        &self.batch.settled
    }

    /// The log mark of the map the buffers hold a reading of, if it was
    /// read with one ([`Logged`]); `None` before the first reading, after
    /// a reading without a mark, or after a map that did not fit.
    pub fn mark(&self) -> Option<usize> {
        self.mark
    }

    /// Runs the backward Dijkstra from cell `target` (row-major, on the
    /// map) until every reader on the map is settled or the component is
    /// exhausted, writing tentative values into `dist` (which must hold
    /// [`UNREACHED`] for every cell). `None`, with `dist` untouched, when
    /// the map does not fit the arrays (see the [module docs](self)).
    /// With `how.logged`, only the cells it names are read again where
    /// it can tell the buffers hold the map of its mark less those. With
    /// `how.mark_chunks`, the chunks of the cells settled are kept
    /// ([`Rebuild::settled`]); the frontier always is.
    pub(crate) fn grow<M: EntryCosts + ?Sized>(
        &mut self,
        map: &M,
        target: usize,
        readers: &[Pos],
        connectivity: Connectivity,
        dist: &mut [Cost],
        how: How<'_>,
    ) -> Option<Grown> {
        let How {
            logged,
            mark_chunks,
        } = how;
        debug_assert_eq!(
            super::entry_costs_mismatch(map),
            None,
            "EntryCosts contract"
        );
        debug_assert!(dist.iter().all(|&d| d == UNREACHED));
        debug_assert_eq!(dist.len(), map.width() as usize * map.height() as usize);
        dist[target] = 0;
        self.frontier.clear();
        if mark_chunks {
            self.batch.settled.reset(dist.len());
        } else {
            self.batch.settled.forget();
        }
        if !readers.iter().any(|&r| map.contains(r)) {
            // Nothing to settle: the target alone, on the frontier.
            self.frontier.push(target as u32);
            return Some(Grown {
                settled: 0,
                bound: 0,
            });
        }
        let read = match (self.mark.take(), logged) {
            (
                Some(_),
                Some(Logged {
                    changed: Some(cells),
                    ..
                }),
            ) => self.dense.patch(map, connectivity, cells),
            _ => self.dense.load(map, connectivity),
        };
        let Some((least, most)) = read else {
            dist[target] = UNREACHED;
            return None;
        };
        self.mark = logged.map(|l| l.mark);
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
                let f = &mut self.dense.factor[r.row_major(self.dense.width)];
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
            &mut self.batch,
            Relax::new(&self.dense, shift, pending),
            dist,
        );
        if bound != UNREACHED {
            // Each cell reached and not settled has one live entry ahead:
            // the one of its value's bucket.
            for (number, cells) in self.buckets.ahead() {
                let shift = self.buckets.shift;
                let live = cells
                    .iter()
                    .filter(|&&u| dist[u as usize] >> shift == number);
                self.frontier.extend(live);
            }
        }
        // A plain reading of the map again, for the next patch.
        let w = self.dense.width;
        let on_map = readers.iter().filter(|&&r| map.contains(r));
        self.dense.unmark(on_map.map(|r| r.row_major(w)));
        Some(Grown { settled, bound })
    }
}

/// The search loop of [`Rebuild::grow`], the target queued:
/// `(cells settled, bound)`.
fn run(
    buckets: &mut Buckets,
    batch: &mut Batch,
    mut search: Relax<'_>,
    dist: &mut [Cost],
) -> (u64, Cost) {
    // The target's bucket first, then every bucket with any cell.
    let bound = loop {
        // A whole bucket at a time: once the last reader is settled, what
        // is settled is every cell below its bucket's end.
        if search.settle_current(buckets, batch, dist) {
            break (buckets.current + 1) << buckets.shift;
        }
        if !buckets.advance(None) {
            break UNREACHED;
        }
    };
    (search.settled, bound)
}
