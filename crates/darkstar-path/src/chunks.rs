//! A set of chunks of a row-major map (runs of 64 cells), as one byte a
//! chunk: where a field has written anything, so that throwing its state
//! away and installing a fresh one costs time in proportion to the cells
//! it reached, not to the map (a lone monster's field on a large map
//! reaches a sliver of it). A byte, not a bit, so that marking a chunk in
//! a hot loop is one store that waits for nothing.

use std::ops::Range;

/// Cells a chunk, as a power of two.
const SHIFT: u32 = 6;

/// The set (see the [module docs](self)).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Chunks {
    /// 1 for chunk `c` (cells `64c..64c+64`) in the set, 0 otherwise.
    marks: Vec<u8>,
}

impl Chunks {
    /// No chunk, over a map of `cells` cells.
    pub(crate) fn reset(&mut self, cells: usize) {
        self.marks.clear();
        self.marks.resize(cells.div_ceil(1 << SHIFT), 0);
    }

    /// Every chunk of a map of `cells` cells.
    pub(crate) fn fill(&mut self, cells: usize) {
        self.marks.clear();
        self.marks.resize(cells.div_ceil(1 << SHIFT), 1);
    }

    /// Made for no map: marks nothing (see [`Chunks::mark`]).
    pub(crate) fn forget(&mut self) {
        self.marks.clear();
    }

    /// True when made for no map (or one of no cells).
    pub(crate) fn is_empty(&self) -> bool {
        self.marks.is_empty()
    }

    /// Bytes it holds.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.marks.capacity()
    }

    /// Adds the chunk of `cell` (a cell past the map the set was made for
    /// is ignored: a set made for no map marks nothing).
    #[inline(always)]
    pub(crate) fn mark(&mut self, cell: usize) {
        if let Some(m) = self.marks.get_mut(cell >> SHIFT) {
            *m = 1;
        }
    }

    /// Adds every chunk of `other` (made for the same map).
    pub(crate) fn union_with(&mut self, other: &Chunks) {
        for (a, &b) in self.marks.iter_mut().zip(&other.marks) {
            *a |= b;
        }
    }

    /// The cells of the chunks in the set, clipped to a map of `cells`
    /// cells: runs of neighbouring chunks as one range, in order.
    pub(crate) fn ranges(&self, cells: usize) -> impl Iterator<Item = Range<usize>> + '_ {
        runs(self.marks.iter().map(|&m| m != 0), cells)
    }

    /// [`Chunks::ranges`] of the chunks in the set but not in `other`
    /// (made for the same map).
    pub(crate) fn ranges_not_in<'a>(
        &'a self,
        other: &'a Chunks,
        cells: usize,
    ) -> impl Iterator<Item = Range<usize>> + 'a {
        let only = (self.marks.iter().enumerate())
            .map(|(k, &m)| m != 0 && other.marks.get(k).is_none_or(|&o| o == 0));
        runs(only, cells)
    }
}

/// The cell ranges of the runs of chunks for which `inside` yields true.
fn runs(inside: impl Iterator<Item = bool>, cells: usize) -> impl Iterator<Item = Range<usize>> {
    let mut chunks = inside.enumerate().peekable();
    std::iter::from_fn(move || {
        let (first, _) = chunks.find(|&(_, inside)| inside)?;
        let mut last = first;
        while let Some(&(k, true)) = chunks.peek() {
            last = k;
            chunks.next();
        }
        let start = (first << SHIFT).min(cells);
        Some(start..((last + 1) << SHIFT).min(cells))
    })
    .filter(|r| !r.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marked_cells_come_back_as_runs_of_their_chunks() {
        let mut c = Chunks::default();
        c.mark(5);
        assert_eq!(
            c.ranges(1000).count(),
            0,
            "a set made for no map marks nothing"
        );
        c.reset(1000);
        for cell in [5, 63, 64, 300, 999, 10_000] {
            c.mark(cell);
        }
        let got: Vec<_> = c.ranges(1000).collect();
        assert_eq!(got, [0..128, 256..320, 960..1000]);
        let mut d = Chunks::default();
        d.reset(1000);
        d.mark(70);
        let only: Vec<_> = c.ranges_not_in(&d, 1000).collect();
        assert_eq!(only, [0..64, 256..320, 960..1000]);
        d.union_with(&c);
        assert_eq!(d, c);
        c.reset(1000);
        assert_eq!(c.ranges(1000).count(), 0);
    }
}
