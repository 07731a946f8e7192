//! Exact grid pathfinding for games: positions and directions ([`geom`]),
//! dense grids ([`grid`]), integer step costs ([`cost`]), the [`CostMap`]
//! trait every search reads costs through (and [`EntryCosts`], for maps
//! whose costs depend only on the entered cell), the movement rules
//! ([`Connectivity`]: 8-connected without or with corner cutting, or
//! 4-connected), and the searches: [`astar`], [`dijkstra`] (distance
//! maps), [`dstar_lite`] (incremental replanning), [`field`] (a shared
//! backward search, repaired as costs change, with [`rebuild`], its fast
//! fresh search), [`islands`] (connected components) and
//! [`live_islands`] (the same, kept up to date cell by cell), [`safety`]
//! (where to flee), [`jps`] (jump point search, for uniform costs) and
//! [`dead_ends`] (what a path between two cells can never use, skipped),
//! and one search that is not exact: [`hierarchy`] (the two-tiered
//! search, HPA*: long paths over clusters refined to cells, faster but
//! up to some percent dearer than the optimal, repaired as costs change).
//! [`GridMap`] is a ready cost map, with the one-call
//! [`find_path`] and [`distances`]. Beyond grids, [`graph`] runs A* and
//! Dijkstra over any graph (nodes and weighted edges listed by a closure
//! or a small trait), with the same integer costs, explicit tie-breaks,
//! budgets and typed outcomes.
//!
//! ```
//! use darkstar_path::{Connectivity, GridMap, find_path, geom::Pos};
//! let map = GridMap::from_rows(&["....", ".##.", "...."], |c| (c == '.').then_some(1)).unwrap();
//! let (path, _) = find_path(&map, Pos::new(0, 1), Pos::new(3, 1), Connectivity::Eight).unwrap();
//! assert_eq!(path.len(), 6); // round the wall, no corner cut
//! let (path, _) = find_path(&map, Pos::new(0, 1), Pos::new(3, 1), Connectivity::EightCuttingCorners).unwrap();
//! assert_eq!(path.len(), 4); // brushing past its corners
//! ```
//!
//! Costs are integers (a diagonal step is 665857/470832 of a straight
//! one, sqrt(2) to twelve places), neighbours are visited in a fixed
//! order and ties are broken explicitly: the same question gets the same
//! path on every machine.

// No unsafe code: the searches are safe Rust, and the compiler keeps them so.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod astar;
mod buckets;
mod chunks;
pub mod cost;
pub mod dead_ends;
mod dense;
pub mod dense_map;
mod dial;
pub mod dijkstra;
pub mod dstar_lite;
pub mod field;
#[cfg(feature = "trace")]
pub mod field_trace;
pub mod geom;
pub mod graph;
pub mod grid;
pub mod grid_map;
pub mod hierarchy;
pub mod islands;
pub mod jps;
mod keyed_heap;
pub mod live_islands;
pub mod obstacles;
pub mod rebuild;
#[cfg(test)]
mod refusals;
pub mod safety;
#[cfg(feature = "trace")]
pub mod trace;

use crate::cost::{Cost, StepCosts};
use crate::geom::{Dir, Pos};

pub use astar::{Outcome, SearchContext, SearchOptions, SearchStats};
pub use dense_map::{DenseMap, DenseMapError};
pub use dijkstra::DistanceMap;
pub use dstar_lite::{DStarError, DStarLite};
pub use field::{Descents, Field, Unsettled};
pub use grid_map::{GridError, GridMap, distances, find_path};
pub use islands::Islands;
pub use live_islands::LiveIslands;
pub use obstacles::WithObstacles;
pub use rebuild::{Logged, Rebuild};
pub use safety::SafetyMap;

/// What a search knows of a map: its size, and what one step costs.
///
/// The same searches run on the true map, on a faction's knowledge of it, or
/// on either with penalties added, because they see nothing but this trait.
///
/// Contract, which every search relies on for optimality:
/// - a step is legal from `a` to `b` exactly when it is legal from `b` to
///   `a` (costs may differ);
/// - every legal step costs at least [`CostMap::cheapest_steps`] for its
///   kind (straight or diagonal), and more than zero;
/// - every legal step costs at most [`cost::max_step_cost`] of the map's
///   cells (`width * height`), so that no path's cost can overflow: the
///   searches rely on it and do not check it step by step. [`GridMap`]
///   refuses factors past [`cost::max_factor`], and the fog crate's
///   knowledge clamps its costs so.
pub trait CostMap {
    /// Number of columns.
    fn width(&self) -> u32;
    /// Number of rows.
    fn height(&self) -> u32;

    /// The cost of `step` (from a cell to one of its neighbours, both on
    /// the map), or `None` if that step is not allowed. Corner cutting is
    /// not this method's business: the searches allow a diagonal only when
    /// both straight steps it is made of are legal from `step.from` (see
    /// [`step`]).
    fn step_cost(&self, step: Step) -> Option<Cost>;

    /// A lower bound on the cost of any legal straight and diagonal step on
    /// this map; the heuristic is the octile distance in these costs.
    fn cheapest_steps(&self) -> StepCosts;

    /// True when `p` lies on the map.
    #[inline]
    fn contains(&self, p: Pos) -> bool {
        (p.x as u32) < self.width() && (p.y as u32) < self.height()
    }

    /// The map as a [`DenseMap`], if it is one: A* then runs the loop
    /// specialised for its arrays. Only a [`DenseMap`] (or a reference to
    /// one) says yes; a map that changes another's costs must not pass
    /// this on.
    #[inline]
    fn dense(&self) -> Option<&DenseMap> {
        None
    }
}

impl<M: CostMap + ?Sized> CostMap for &M {
    #[inline]
    fn width(&self) -> u32 {
        (**self).width()
    }
    #[inline]
    fn height(&self) -> u32 {
        (**self).height()
    }
    #[inline]
    fn step_cost(&self, step: Step) -> Option<Cost> {
        (**self).step_cost(step)
    }
    #[inline]
    fn cheapest_steps(&self) -> StepCosts {
        (**self).cheapest_steps()
    }
    #[inline]
    fn dense(&self) -> Option<&DenseMap> {
        (**self).dense()
    }
}

/// A [`CostMap`] whose step costs depend only on the entered cell and the
/// step's kind (straight or diagonal): a factor per cell, times
/// [`StepCosts::UNIT`]. The fast fresh search of a field
/// ([`rebuild`]) reads the whole map through this once per call, into
/// dense arrays, instead of asking for every step.
///
/// Contract: for every step `s -> u` between two cells on the map,
/// [`CostMap::step_cost`] is `Some(entry_factor(u) *
/// StepCosts::UNIT.for_dir(dir))` exactly when `entry_factor` is `Some` for
/// both `s` and `u`, and `None` otherwise. (So legality is "both cells
/// passable", symmetric; the corner rule stays the searches' business, as
/// for any cost map.) [`entry_costs_mismatch`] checks it.
pub trait EntryCosts: CostMap {
    /// The factor of entering the cell at row-major `index` (on the map),
    /// or `None` when it is impassable.
    fn entry_factor(&self, index: usize) -> Option<Cost>;
}

impl<M: EntryCosts + ?Sized> EntryCosts for &M {
    #[inline]
    fn entry_factor(&self, index: usize) -> Option<Cost> {
        (**self).entry_factor(index)
    }
}

/// The first step of `map` (from a cell, in a direction, row-major cells
/// then [`Dir`] order) where [`EntryCosts::entry_factor`] does not predict
/// [`CostMap::step_cost`] as the trait's contract says, or `None` if there
/// is none. For tests and debug assertions: it asks every step of the map.
pub fn entry_costs_mismatch<M: EntryCosts + ?Sized>(map: &M) -> Option<(Pos, Dir)> {
    let w = map.width();
    for from_index in 0..w as usize * map.height() as usize {
        let from = Pos::from_row_major(from_index, w);
        for dir in Dir::ALL {
            let to = from.step(dir);
            if !map.contains(to) {
                continue;
            }
            let to_index = index_of(map, to);
            let want = match (map.entry_factor(from_index), map.entry_factor(to_index)) {
                (Some(_), Some(f)) => Some(f * StepCosts::UNIT.for_dir(dir)),
                _ => None,
            };
            let step = Step {
                from,
                to,
                from_index,
                to_index,
                dir,
            };
            if map.step_cost(step) != want {
                return Some((from, dir));
            }
        }
    }
    None
}

/// Which moves a unit may make.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Connectivity {
    /// King moves; a diagonal needs both of its straight steps to be legal
    /// (no squeezing between two walls, no cutting a wall's corner).
    #[default]
    Eight,
    /// Rook moves only.
    Four,
    /// King moves cutting corners: a diagonal needs one of its straight
    /// steps to be legal (it may brush past a wall's corner, but not
    /// squeeze between two walls that touch at a corner).
    EightCuttingCorners,
}

impl Connectivity {
    /// The directions a unit may move in, in the fixed order.
    pub fn dirs(self) -> &'static [Dir] {
        match self {
            Connectivity::Eight | Connectivity::EightCuttingCorners => &Dir::ALL,
            Connectivity::Four => &Dir::STRAIGHT,
        }
    }

    /// The admissible, consistent distance estimate for `map`.
    #[inline]
    pub fn heuristic(self, cheapest: StepCosts, a: Pos, b: Pos) -> Cost {
        let (dx, dy) = a.abs_delta(b);
        match self {
            Connectivity::Eight | Connectivity::EightCuttingCorners => cheapest.octile(dx, dy),
            Connectivity::Four => cheapest.manhattan(dx, dy),
        }
    }
}

/// One step a search asks a [`CostMap`] about. It carries the row-major
/// indices of both cells as well as their positions, so a dense map can look
/// costs up without recomputing `y * width + x` for every neighbour.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The cell left.
    pub from: Pos,
    /// The cell entered: `from.step(dir)`.
    pub to: Pos,
    /// The row-major index of `from`.
    pub from_index: usize,
    /// The row-major index of `to`.
    pub to_index: usize,
    /// Which way.
    pub dir: Dir,
}

/// Row-major index of `p`, which must be on `map`.
#[inline]
fn index_of<M: CostMap + ?Sized>(map: &M, p: Pos) -> usize {
    p.row_major(map.width())
}

/// The full movement rule for one step: on the map, legal per the map, and
/// for a diagonal, both straight steps it is made of legal from `from`.
/// Returns the destination and the step's cost.
///
/// ```
/// use darkstar_path::geom::{Dir, Pos};
/// use darkstar_path::{step, Connectivity};
/// use darkstar_path::GridMap;
/// let map = GridMap::from_rows(&["..", ".#"], |c| (c == '.').then_some(1)).unwrap();
/// // (1,1) is a wall: no step into it at all.
/// assert!(step(&map, Pos::new(0, 0), Dir::SE, Connectivity::Eight).is_none());
/// // From (1,0) to (0,1) would cut the wall's corner.
/// assert!(step(&map, Pos::new(1, 0), Dir::SW, Connectivity::Eight).is_none());
/// assert!(step(&map, Pos::new(1, 0), Dir::W, Connectivity::Eight).is_some());
/// ```
pub fn step<M: CostMap + ?Sized>(
    map: &M,
    from: Pos,
    dir: Dir,
    connectivity: Connectivity,
) -> Option<(Pos, Cost)> {
    let to = from.step(dir);
    if !map.contains(from) || !map.contains(to) {
        return None;
    }
    let from_index = index_of(map, from);
    let cost = |to: Pos, dir: Dir| {
        map.step_cost(Step {
            from,
            to,
            from_index,
            to_index: index_of(map, to),
            dir,
        })
    };
    // What [`neighbours`] decides for this one direction, asking the map
    // only about this step and, for a diagonal, the two beside it (both
    // on the map when `to` is).
    if dir.is_diagonal() {
        let (a, b) = dir.components();
        let beside = |d: Dir| cost(from.step(d), d).is_some();
        let legal = match connectivity {
            Connectivity::Four => false,
            Connectivity::Eight => beside(a) && beside(b),
            Connectivity::EightCuttingCorners => beside(a) || beside(b),
        };
        if !legal {
            return None;
        }
    }
    cost(to, dir).map(|c| (to, c))
}

/// Calls `visit(to, to_index, dir, cost)` for every legal step out of
/// `from` (which must be on the map), in the fixed direction order.
#[inline]
pub fn for_each_step<M: CostMap + ?Sized>(
    map: &M,
    from: Pos,
    connectivity: Connectivity,
    mut visit: impl FnMut(Pos, usize, Dir, Cost),
) {
    for n in neighbours(map, from, index_of(map, from), connectivity) {
        visit(n.to, n.to_index, n.dir, n.cost);
    }
}

/// One legal step out of a cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Neighbour {
    /// The cell stepped into.
    pub to: Pos,
    /// Its row-major index.
    pub to_index: usize,
    /// Which way.
    pub dir: Dir,
    /// What the step costs.
    pub cost: Cost,
}

/// The legal steps out of a cell, at most eight, held inline (compactly:
/// index, direction and cost) so that the hot loop of a search neither
/// allocates nor calls through a closure.
#[derive(Copy, Clone, Debug)]
pub struct Neighbours {
    from: Pos,
    indices: [u32; 8],
    dirs: [Dir; 8],
    costs: [Cost; 8],
    // Counters are full words: a byte written and then read back as part
    // of a word stalls store forwarding, which showed in profiles.
    len: usize,
    next: usize,
}

impl Neighbours {
    #[inline(always)]
    fn push(&mut self, index: usize, dir: Dir, cost: Cost) {
        let i = self.len & 7;
        self.indices[i] = index as u32;
        self.dirs[i] = dir;
        self.costs[i] = cost;
        self.len += 1;
    }

    /// How many steps there are.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there is no legal step.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `k`-th step (`k < len()`), read in place.
    #[inline(always)]
    pub fn get(&self, k: usize) -> Neighbour {
        let i = k & 7;
        Neighbour {
            to: self.from.step(self.dirs[i]),
            to_index: self.indices[i] as usize,
            dir: self.dirs[i],
            cost: self.costs[i],
        }
    }
}

impl Iterator for Neighbours {
    type Item = Neighbour;
    #[inline(always)]
    fn next(&mut self) -> Option<Neighbour> {
        (self.next < self.len).then(|| {
            self.next += 1;
            self.get(self.next - 1)
        })
    }
}

/// Every legal step out of `from` (on the map, with row-major index
/// `from_index`), in the fixed direction order. Straight steps are settled
/// first so that each diagonal's corner check reuses them instead of asking
/// the map again.
#[inline(always)]
pub fn neighbours<M: CostMap + ?Sized>(
    map: &M,
    from: Pos,
    from_index: usize,
    connectivity: Connectivity,
) -> Neighbours {
    neighbours_except(map, from, from_index, connectivity, |_| false)
}

/// [`neighbours`] without the cells for which `skip(index)` holds (a
/// search's closed cells): a skipped straight step still counts for the
/// corner rule, but a skipped diagonal is not even costed.
#[inline(always)]
pub(crate) fn neighbours_except<M: CostMap + ?Sized>(
    map: &M,
    from: Pos,
    from_index: usize,
    connectivity: Connectivity,
    skip: impl Fn(usize) -> bool,
) -> Neighbours {
    let mut out = Neighbours {
        from,
        indices: [0; 8],
        dirs: [Dir::N; 8],
        costs: [0; 8],
        len: 0,
        next: 0,
    };
    let w = map.width() as usize;
    let (max_x, max_y) = (map.width() as i32 - 1, map.height() as i32 - 1);
    let inside = [from.y > 0, from.x < max_x, from.y < max_y, from.x > 0];
    let offsets = [
        from_index.wrapping_sub(w),
        from_index + 1,
        from_index + w,
        from_index.wrapping_sub(1),
    ];
    let mut open = [false; 4];
    for (i, dir) in Dir::STRAIGHT.into_iter().enumerate() {
        if !inside[i] {
            continue;
        }
        let step = Step {
            from,
            to: from.step(dir),
            from_index,
            to_index: offsets[i],
            dir,
        };
        if let Some(cost) = map.step_cost(step) {
            open[i] = true;
            if !skip(step.to_index) {
                out.push(step.to_index, dir, cost);
            }
        }
    }
    if connectivity == Connectivity::Four {
        return out;
    }
    let cutting = connectivity == Connectivity::EightCuttingCorners;
    for dir in Dir::DIAGONAL {
        let (a, b) = dir.components();
        // Both straight components legal implies `to` is on the map; its
        // index is one row (the N/S part) and one column (E/W) away.
        // Cutting corners, one will do, with `to` on the map.
        let (a, b) = (a.index(), b.index());
        let legal = if cutting {
            (open[a] || open[b]) && inside[a] && inside[b]
        } else {
            open[a] && open[b]
        };
        if legal {
            let (a, b) = (Dir::STRAIGHT[a], Dir::STRAIGHT[b]);
            let to_index = offsets[a.index()]
                .wrapping_add(offsets[b.index()])
                .wrapping_sub(from_index);
            if skip(to_index) {
                continue;
            }
            let step = Step {
                from,
                to: from.step(dir),
                from_index,
                to_index,
                dir,
            };
            if let Some(cost) = map.step_cost(step) {
                out.push(step.to_index, dir, cost);
            }
        }
    }
    out
}

/// The cost of the step from neighbour `s` (index `si`, in direction `dir`
/// from `u`) into `u`: a monster at `s` moving to `u` pays this, which may
/// differ from the step `u -> s`. What backward searches (D* Lite, the
/// shared field) relax with.
pub(crate) fn cost_into<M: CostMap + ?Sized>(
    map: &M,
    (s, si): (Pos, usize),
    (u, ui): (Pos, usize),
    dir: Dir,
) -> Cost {
    map.step_cost(Step {
        from: s,
        to: u,
        from_index: si,
        to_index: ui,
        dir: dir.opposite(),
    })
    .unwrap_or(crate::cost::UNREACHED)
}

/// The README's example, run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// `step` answers for one direction what `neighbours` answers for
        /// all: the same steps, costs and refusals, on random maps with
        /// mixed costs, for every connectivity, from on and off the map.
        #[test]
        fn step_agrees_with_neighbours(
            (w, h) in (1u32..7, 1u32..7),
            cells in prop::collection::vec(prop::option::weighted(0.7, 1u64..4), 49),
        ) {
            let mut map = GridMap::new(w, h);
            for (i, &c) in cells.iter().take((w * h) as usize).enumerate() {
                map.set(Pos::from_row_major(i, w), c);
            }
            for connectivity in [Connectivity::Four, Connectivity::Eight, Connectivity::EightCuttingCorners] {
                for y in -1..=h as i32 {
                    for x in -1..=w as i32 {
                        let from = Pos::new(x, y);
                        for dir in Dir::ALL {
                            let want = map.contains(from).then(|| {
                                neighbours(&map, from, index_of(&map, from), connectivity)
                                    .find(|n| n.dir == dir)
                                    .map(|n| (n.to, n.cost))
                            }).flatten();
                            prop_assert_eq!(step(&map, from, dir, connectivity), want);
                        }
                    }
                }
            }
        }
    }
}
