//! Islands: connected-component labels over legal moves, so that a goal on
//! another island is answered `Unreachable` in O(1) instead of by a search
//! that floods the whole of the start's island first.

use std::collections::VecDeque;

use super::{Connectivity, CostMap, for_each_step};
use crate::geom::Pos;
use crate::grid::Grid;

/// A label per cell; two cells are mutually reachable exactly when their
/// labels are equal. Cells with no legal move at all (walls) get a label of
/// their own, so a wall is reachable from nothing but itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Islands {
    labels: Grid<u32>,
    count: u32,
}

impl Islands {
    /// Labels every cell by flood fill in row-major order (so labels are
    /// deterministic). Relies on the [`CostMap`] contract that legality is
    /// symmetric. Must be recomputed when the map's passability changes.
    ///
    /// ```
    /// use darkstar_path::geom::Pos;
    /// use darkstar_path::{Connectivity, GridMap, Islands};
    /// let map = GridMap::from_rows(&["A.#.B"], |c| (c != '#').then_some(1)).unwrap();
    /// let islands = Islands::compute(&map, Connectivity::Eight);
    /// assert!(!islands.connected(Pos::new(0, 0), Pos::new(4, 0)));
    /// assert!(islands.connected(Pos::new(0, 0), Pos::new(1, 0)));
    /// ```
    pub fn compute<M: CostMap + ?Sized>(map: &M, connectivity: Connectivity) -> Islands {
        let mut labels = Grid::new(map.width(), map.height(), u32::MAX);
        let mut count = 0;
        let mut queue = VecDeque::new();
        for y in 0..map.height() as i32 {
            for x in 0..map.width() as i32 {
                let seed = Pos::new(x, y);
                if labels[seed] != u32::MAX {
                    continue;
                }
                labels[seed] = count;
                queue.push_back(seed);
                while let Some(p) = queue.pop_front() {
                    for_each_step(map, p, connectivity, |to, _, _, _| {
                        if labels[to] == u32::MAX {
                            labels[to] = count;
                            queue.push_back(to);
                        }
                    });
                }
                count += 1;
            }
        }
        Islands { labels, count }
    }

    /// The island of `p`, if on the map.
    pub fn label(&self, p: Pos) -> Option<u32> {
        self.labels.get(p).copied()
    }

    /// True when a path from `a` to `b` exists (both on the map).
    #[inline]
    pub fn connected(&self, a: Pos, b: Pos) -> bool {
        matches!((self.label(a), self.label(b)), (Some(x), Some(y)) if x == y)
    }

    /// Every cell's label, row-major (for hashing a game's state).
    pub fn labels(&self) -> &[u32] {
        self.labels.cells()
    }

    /// Number of islands, walls' singleton islands included.
    pub fn count(&self) -> u32 {
        self.count
    }
}
