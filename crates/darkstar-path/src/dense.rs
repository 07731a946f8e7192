//! A map read into dense arrays for the fast searches ([`super::rebuild`]
//! and [`super::safety`]): each cell's entry factor and an 8-bit mask of
//! its legal moves, the corner rule precomputed, so a hot loop neither
//! asks the map nor tests a corner. Read once per search, from any
//! [`EntryCosts`] map (whose costs depend only on the entered cell).

use super::{Connectivity, EntryCosts};
use crate::cost::{Cost, DIAGONAL};
use crate::geom::Pos;

/// Flag of [`Dense::factor`]: the cell is one of a search's readers (a
/// cell it must settle before it may stop).
pub(crate) const READER: u32 = 1 << 31;
/// The factor bits of [`Dense::factor`].
pub(crate) const FACTOR: u32 = READER - 1;
/// [`Dense::factor`] of an impassable cell (never relaxed into: no move
/// leads there; only a source on a wall is ever read with it).
pub(crate) const IMPASSABLE: u32 = FACTOR;

/// A map as dense arrays, reused from call to call (no allocation after
/// the first call on a map of a given size).
#[derive(Clone, Debug, Default)]
pub(crate) struct Dense {
    pub(crate) width: u32,
    /// Each cell's entry factor, or [`IMPASSABLE`], with [`READER`] set
    /// on a search's readers.
    pub(crate) factor: Vec<u32>,
    /// Each cell's legal moves: bit `d` for `Dir::ALL[d]`, set when the
    /// cell and its neighbour are passable and, for a diagonal, both
    /// cells beside it are (so it is symmetric).
    pub(crate) moves: Vec<u8>,
    /// Passability with a border of impassable cells, `(w + 2) x (h + 2)`:
    /// what `moves` is computed from without bounds tests.
    open: Vec<u8>,
    /// What the arrays hold a whole reading of, if they do (`None` after
    /// a map that did not fit, or before the first reading).
    loaded: Option<Loaded>,
    /// Passable cells by factor, the last entry counting every factor at
    /// least its index (empty: not counted since the last whole reading):
    /// what [`Dense::patch`] finds the least and largest factor from when
    /// a cell that held one changed, instead of a pass over the map. Made
    /// by the first such patch after a whole reading, then kept.
    counts: Vec<u32>,
}

/// True for a passable factor the arrays cannot hold: zero (a free step
/// would break the buckets' order) or one too large for its bits.
#[inline(always)]
fn unfit(f: Cost) -> bool {
    f == 0 || f >= IMPASSABLE as Cost
}

/// Entries of [`Dense::counts`].
const COUNTED: usize = 1024;

/// The entry of [`Dense::counts`] a passable factor is counted in.
#[inline]
fn counted(f: u32) -> usize {
    (f as usize).min(COUNTED - 1)
}

/// What [`Dense::load`] last read whole (and [`Dense::patch`] kept up
/// to date): the map's shape, the rule of moves, and the least and
/// largest passable factor.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Loaded {
    height: u32,
    connectivity: Connectivity,
    least: Cost,
    largest: Cost,
}

impl Dense {
    /// Bytes it holds.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.factor.capacity() * 4 + self.moves.capacity() + self.open.capacity()
    }

    /// Reads `map` into `factor` and `moves`: the least and largest
    /// passable entry factor, or `None` when the map does not fit (see the
    /// [module docs](self)).
    pub(crate) fn load<M: EntryCosts + ?Sized>(
        &mut self,
        map: &M,
        connectivity: Connectivity,
    ) -> Option<(Cost, Cost)> {
        self.loaded = None;
        self.counts.clear();
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
                misfit |= passable & unfit(f);
                factor[x] = f as u32;
                open[x] = passable as u8;
                largest = largest.max(if passable { f } else { 0 });
                least = least.min(if passable { f } else { Cost::MAX });
            }
        }
        if misfit {
            return None;
        }
        for y in 0..h {
            let up = &self.open[y * pw..][..pw];
            let mid = &self.open[(y + 1) * pw..][..pw];
            let down = &self.open[(y + 2) * pw..][..pw];
            let moves = &mut self.moves[y * w..][..w];
            for (x, m) in moves.iter_mut().enumerate() {
                *m = moves_of([up, mid, down], x, connectivity);
            }
        }
        self.fitted(map.height(), connectivity, least, largest)
    }

    /// Brings the arrays up to date with `map`, which must be the map
    /// they last read (through [`Dense::load`] or this) but for the costs
    /// of `changed` (in any order, repeats allowed): only those cells and
    /// the moves around them are read again, in proportion to the
    /// change, not to the map. The same answer as [`Dense::load`] of
    /// `map`, which it falls back to when the arrays hold no reading of a
    /// map of this shape and rule.
    pub(crate) fn patch<M: EntryCosts + ?Sized>(
        &mut self,
        map: &M,
        connectivity: Connectivity,
        changed: &[Pos],
    ) -> Option<(Cost, Cost)> {
        let Some(was) = self.loaded.take() else {
            return self.load(map, connectivity);
        };
        let (w, h) = (map.width(), map.height());
        if (self.width, was.height, was.connectivity) != (w, h, connectivity) {
            return self.load(map, connectivity);
        }
        let pw = w as usize + 2;
        let (mut least, mut largest) = (was.least, was.largest);
        // A cell that held the least or the largest factor and changed
        // may leave it to no other: then the bounds are found again.
        let mut rescan = false;
        for &p in changed {
            if !map.contains(p) {
                continue;
            }
            let i = p.row_major(w);
            let old = self.factor[i];
            let f = map.entry_factor(i);
            let passable = f.is_some();
            let f = f.unwrap_or(IMPASSABLE as Cost);
            if passable && unfit(f) {
                return None;
            }
            self.factor[i] = f as u32;
            self.open[(p.y as usize + 1) * pw + p.x as usize + 1] = passable as u8;
            if !self.counts.is_empty() {
                if old != IMPASSABLE {
                    self.counts[counted(old)] -= 1;
                }
                if passable {
                    self.counts[counted(f as u32)] += 1;
                }
            }
            if old != IMPASSABLE && old as Cost != f {
                rescan |= old as Cost == least || old as Cost == largest;
            }
            if passable {
                least = least.min(f);
                largest = largest.max(f);
            }
        }
        for &p in changed {
            for y in p.y.max(1) - 1..=(p.y + 1).min(h as i32 - 1) {
                for x in p.x.max(1) - 1..=(p.x + 1).min(w as i32 - 1) {
                    let (x, y) = (x as usize, y as usize);
                    self.moves[y * w as usize + x] = self.moves_at(x, y, connectivity);
                }
            }
        }
        if rescan {
            (least, largest) = self.bounds();
        }
        self.fitted(h, connectivity, least, largest)
    }

    /// The least and largest passable factor, from the counts (made
    /// first if need be); a pass over the map for a bound past them.
    fn bounds(&mut self) -> (Cost, Cost) {
        if self.counts.is_empty() {
            self.counts.resize(COUNTED, 0);
            for &f in &self.factor {
                if f != IMPASSABLE {
                    self.counts[counted(f)] += 1;
                }
            }
        }
        let Some(lo) = self.counts.iter().position(|&n| n > 0) else {
            return (Cost::MAX, 0);
        };
        let hi = self.counts.iter().rposition(|&n| n > 0).expect("one is");
        if hi < COUNTED - 1 {
            return (lo as Cost, hi as Cost);
        }
        let passable = self.factor.iter().filter(|&&f| f != IMPASSABLE);
        let largest = passable.max().copied().unwrap_or(0) as Cost;
        if lo < COUNTED - 1 {
            return (lo as Cost, largest);
        }
        let passable = self.factor.iter().filter(|&&f| f != IMPASSABLE);
        (passable.min().copied().unwrap_or(u32::MAX) as Cost, largest)
    }

    /// Clears the [`READER`] flags of `cells` (indices on the map), so the
    /// arrays hold a plain reading of the map again for [`Dense::patch`].
    pub(crate) fn unmark(&mut self, cells: impl IntoIterator<Item = usize>) {
        for i in cells {
            self.factor[i] &= FACTOR;
        }
    }

    /// The bounds of a reading, which is kept for [`Dense::patch`] if its
    /// values cannot overflow: a route visits each cell at most once.
    fn fitted(
        &mut self,
        height: u32,
        connectivity: Connectivity,
        least: Cost,
        largest: Cost,
    ) -> Option<(Cost, Cost)> {
        let cells = self.width as u128 * height as u128;
        if cells * largest as u128 * DIAGONAL as u128 >= 1 << 63 {
            return None;
        }
        self.loaded = Some(Loaded {
            height,
            connectivity,
            least,
            largest,
        });
        // (A map with no passable cell: any span will do.)
        let largest = largest.max(1);
        Some((least.min(largest), largest))
    }

    /// The legal moves of the cell at (`x`, `y`).
    fn moves_at(&self, x: usize, y: usize, connectivity: Connectivity) -> u8 {
        let pw = self.width as usize + 2;
        let rows = [0, 1, 2].map(|r| &self.open[(y + r) * pw..][..pw]);
        moves_of(rows, x, connectivity)
    }
}

/// The legal moves of the cell in column `x` of the middle one of three
/// padded rows of passability (the cell is at column `x + 1` of them).
#[inline(always)]
fn moves_of([up, mid, down]: [&[u8]; 3], x: usize, connectivity: Connectivity) -> u8 {
    let keep: u8 = match connectivity {
        Connectivity::Eight | Connectivity::EightCuttingCorners => 0xFF,
        Connectivity::Four => 0x0F,
    };
    let (n, e, s, wst) = (up[x + 1], mid[x + 2], down[x + 1], mid[x]);
    let (ne, se, sw, nw) = (up[x + 2], down[x + 2], down[x], up[x]);
    // Cutting corners, a diagonal needs one of its straight neighbours
    // open instead of both.
    let m = if connectivity == Connectivity::EightCuttingCorners {
        n | e << 1
            | s << 2
            | wst << 3
            | ((n | e) & ne) << 4
            | ((s | e) & se) << 5
            | ((s | wst) & sw) << 6
            | ((n | wst) & nw) << 7
    } else {
        n | e << 1
            | s << 2
            | wst << 3
            | (n & e & ne) << 4
            | (s & e & se) << 5
            | (s & wst & sw) << 6
            | (n & wst & nw) << 7
    };
    m & keep & mid[x + 1].wrapping_neg()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid_map::GridMap;
    use proptest::prelude::*;

    /// A change to one cell: where (taken modulo the map) and its new
    /// factor (`None`: a wall).
    fn change() -> impl Strategy<Value = (i32, i32, Option<Cost>)> {
        let factor = prop_oneof![
            3 => (1..20 as Cost).prop_map(Some),
            1 => (1..3000 as Cost).prop_map(Some),
            1 => Just(None),
        ];
        (0..64i32, 0..64i32, factor)
    }

    fn connectivity() -> impl Strategy<Value = Connectivity> {
        prop_oneof![
            Just(Connectivity::Eight),
            Just(Connectivity::EightCuttingCorners),
            Just(Connectivity::Four),
        ]
    }

    proptest! {
        /// After any run of changes, each batch patched in (repeats and
        /// cells on the edges among them), the arrays and the bounds are
        /// those of reading the changed map whole; also when the least
        /// or largest factor leaves the map, or passes the counted ones.
        #[test]
        fn a_patched_reading_is_a_whole_reading(
            (w, h) in (1..12u32, 1..12u32),
            first in proptest::collection::vec(change(), 0..30),
            batches in proptest::collection::vec(proptest::collection::vec(change(), 0..6), 1..12),
            conn in connectivity(),
        ) {
            let fit = |(x, y, f): (i32, i32, Option<Cost>)| {
                (Pos::new(x % w as i32, y % h as i32), f)
            };
            let mut map = GridMap::new(w, h);
            for c in first {
                let (p, f) = fit(c);
                map.set(p, f);
            }
            let mut patched = Dense::default();
            let mut whole = Dense::default();
            prop_assert_eq!(patched.load(&map, conn), whole.load(&map, conn));
            for batch in batches {
                let mut cells = Vec::new();
                for c in batch {
                    let (p, f) = fit(c);
                    map.set(p, f);
                    cells.push(p);
                }
                let got = patched.patch(&map, conn, &cells);
                let want = whole.load(&map, conn);
                prop_assert_eq!(got, want);
                prop_assert_eq!(&patched.factor, &whole.factor);
                prop_assert_eq!(&patched.moves, &whole.moves);
                prop_assert_eq!(&patched.open, &whole.open);
            }
        }
    }

    /// Patching arrays that hold no reading, or one of another shape or
    /// rule, reads the map whole.
    #[test]
    fn a_patch_without_a_reading_reads_whole() {
        let map = GridMap::new(5, 4);
        let mut d = Dense::default();
        let want = Dense::default().load(&map, Connectivity::Eight);
        assert_eq!(d.patch(&map, Connectivity::Eight, &[]), want);
        assert_eq!(d.moves.len(), 20);
        let four = Dense::default().load(&map, Connectivity::Four);
        let mut other = Dense::default();
        other.load(&map, Connectivity::Four);
        assert_eq!(d.patch(&map, Connectivity::Four, &[]), four);
        assert_eq!(d.moves, other.moves);
        let wide = GridMap::new(7, 4);
        assert_eq!(
            d.patch(&wide, Connectivity::Four, &[]),
            Dense::default().load(&wide, Connectivity::Four)
        );
        assert_eq!(d.moves.len(), 28);
    }
}
