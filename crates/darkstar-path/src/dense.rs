//! A map read into dense arrays for the fast searches ([`super::rebuild`]
//! and [`super::safety`]): each cell's entry factor and an 8-bit mask of
//! its legal moves, the corner rule precomputed, so a hot loop neither
//! asks the map nor tests a corner. Read once per search, from any
//! [`EntryCosts`] map (whose costs depend only on the entered cell).

use super::{Connectivity, EntryCosts};
use crate::cost::{Cost, DIAGONAL};

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
            Connectivity::Eight | Connectivity::EightCuttingCorners => 0xFF,
            Connectivity::Four => 0x0F,
        };
        // Cutting corners, a diagonal needs one of its straight neighbours
        // open instead of both.
        let cutting = connectivity == Connectivity::EightCuttingCorners;
        for y in 0..h {
            let up = &self.open[y * pw..][..pw];
            let mid = &self.open[(y + 1) * pw..][..pw];
            let down = &self.open[(y + 2) * pw..][..pw];
            let moves = &mut self.moves[y * w..][..w];
            for x in 0..w {
                // Column x + 1 of the padded rows is the cell.
                let (n, e, s, wst) = (up[x + 1], mid[x + 2], down[x + 1], mid[x]);
                let (ne, se, sw, nw) = (up[x + 2], down[x + 2], down[x], up[x]);
                let m = if cutting {
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
                moves[x] = m & keep & mid[x + 1].wrapping_neg();
            }
        }
        // (A map with no passable cell: any span will do.)
        let largest = largest.max(1);
        Some((least.min(largest), largest))
    }
}
