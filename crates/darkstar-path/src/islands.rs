//! Islands: connected-component labels over legal moves, so that a goal on
//! another island is answered `Unreachable` in O(1) instead of by a search
//! that floods the whole of the start's island first.

use std::collections::VecDeque;

use super::{Connectivity, CostMap, EntryCosts, for_each_step};
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

    /// The same islands, labelled alike, for a map whose costs depend
    /// only on the entered cell ([`EntryCosts`]: a step is legal exactly
    /// when both cells are passable), found faster: the passable cells are
    /// read once, and without corner cutting an eight-way island is a
    /// four-way one (a diagonal step needs both cells beside it open, so
    /// its ends are joined through them anyway), so each cell asks four
    /// neighbours, by index, and no cost. Cutting corners, it is
    /// [`Islands::compute`].
    ///
    /// ```
    /// use darkstar_path::{Connectivity, GridMap, Islands};
    /// let map = GridMap::from_rows(&["..#..", ".#.#.", "#...#"], |c| (c == '.').then_some(1)).unwrap();
    /// for connectivity in [Connectivity::Eight, Connectivity::Four] {
    ///     assert_eq!(Islands::of_entry_costs(&map, connectivity), Islands::compute(&map, connectivity));
    /// }
    /// ```
    pub fn of_entry_costs<M: EntryCosts + ?Sized>(map: &M, connectivity: Connectivity) -> Islands {
        if connectivity == Connectivity::EightCuttingCorners {
            return Islands::compute(map, connectivity);
        }
        let (w, h) = (map.width() as usize, map.height() as usize);
        let open: Vec<bool> = (0..w * h).map(|i| map.entry_factor(i).is_some()).collect();
        let mut labels = vec![u32::MAX; w * h];
        let mut count = 0;
        let mut stack = Vec::new();
        // Seeds in row-major order, as `compute` takes them: the same
        // labels (a wall, with no move, an island of its own).
        for seed in 0..w * h {
            if labels[seed] != u32::MAX {
                continue;
            }
            labels[seed] = count;
            if open[seed] {
                stack.push(seed);
            }
            while let Some(i) = stack.pop() {
                let (x, y) = (i % w, i / w);
                let neighbours = [
                    (y > 0).then(|| i - w),
                    (x + 1 < w).then_some(i + 1),
                    (y + 1 < h).then_some(i + w),
                    (x > 0).then(|| i - 1),
                ];
                for j in neighbours.into_iter().flatten() {
                    if open[j] && labels[j] == u32::MAX {
                        labels[j] = count;
                        stack.push(j);
                    }
                }
            }
            count += 1;
        }
        let labels = Grid::from_vec(map.width(), map.height(), labels).expect("one label a cell");
        Islands { labels, count }
    }

    /// Islands from labels already numbered as [`Islands::compute`]
    /// numbers them.
    pub(crate) fn from_labels(labels: Grid<u32>, count: u32) -> Islands {
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
