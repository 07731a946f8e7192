//! Counters kept per monster (and summed per faction), and the walk with
//! its loops erased that tells how many steps went into dead ends.

use std::collections::BTreeMap;

use crate::map::geom::Pos;

/// What a monster (or a faction, summed) has done.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    /// Steps walked.
    pub steps: u64,
    /// Moves lost walking into walls it did not know.
    pub bumps: u64,
    /// New plans made after the first (a wall on the path, a unit in the way).
    pub replans: u64,
    /// Cells expanded by its searches and repairs.
    pub expanded: u64,
    /// Steps that led nowhere: walked, then walked back over (into a dead
    /// end and out again). Steps walked minus the length of the walk with
    /// its loops erased.
    pub wasted: u64,
    /// Think-waits: actions spent standing still because its plan was not
    /// ready (its search queued or under way, or a plan still needed):
    /// what users feel of the search budget.
    pub think_waits: u64,
    /// Unit-waits: actions spent standing still because a unit stood on
    /// its next cell.
    pub unit_waits: u64,
}

impl Stats {
    /// Actions spent standing still, thinking or blocked.
    pub fn waits(&self) -> u64 {
        self.think_waits + self.unit_waits
    }
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.steps += o.steps;
        self.bumps += o.bumps;
        self.replans += o.replans;
        self.expanded += o.expanded;
        self.wasted += o.wasted;
        self.think_waits += o.think_waits;
        self.unit_waits += o.unit_waits;
    }
}

/// A walk with its loops erased: stepping back onto a cell already on it
/// cuts everything after that cell. Keyed by row-major cell index in an
/// ordered map, small as the walk (never the size of the map).
#[derive(Clone, Debug, Default)]
pub struct Trail {
    cells: Vec<u32>,
    depth: BTreeMap<u32, u32>,
}

impl Trail {
    /// The walk with its loops cut out, first cell first (for the state
    /// hash: what it will count as wasted depends on it).
    pub fn cells(&self) -> &[u32] {
        &self.cells
    }

    /// A walk starting at cell `start`.
    pub fn new(start: u32) -> Trail {
        let mut t = Trail::default();
        t.push(start);
        t
    }

    /// The walk went on to cell `index`.
    pub fn push(&mut self, index: u32) {
        if let Some(&d) = self.depth.get(&index) {
            for c in self.cells.drain(d as usize + 1..) {
                self.depth.remove(&c);
            }
        } else {
            self.depth.insert(index, self.cells.len() as u32);
            self.cells.push(index);
        }
    }

    /// Steps on the loop-erased walk.
    pub fn len(&self) -> u64 {
        self.cells.len().saturating_sub(1) as u64
    }

    /// True before the first step.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The row-major index of `p` on a map `width` wide.
pub(crate) fn index(p: Pos, width: u32) -> u32 {
    p.row_major(width) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dead_end_walked_in_and_out_is_erased() {
        // 0 -> 1 -> 2 -> 3 (dead end) -> 2 -> 1 -> 4
        let mut t = Trail::new(0);
        for c in [1, 2, 3, 2, 1, 4] {
            t.push(c);
        }
        assert_eq!(t.len(), 2, "0 -> 1 -> 4");
        t.push(0);
        assert!(t.is_empty());
    }
}
