//! Grid pathfinding: the [`CostMap`] trait every search reads costs through,
//! the movement rules (8- or 4-connected, no corner cutting), and the
//! searches built on them: [`astar`], [`dijkstra`] and [`islands`].

pub mod astar;
pub mod dijkstra;
pub mod islands;

use crate::cost::{Cost, StepCosts};
use crate::geom::{Dir, Pos};

pub use astar::{Outcome, Path, SearchContext, SearchOptions, SearchStats};
pub use dijkstra::DistanceMap;
pub use islands::Islands;

/// What a search knows of a map: its size, and what one step costs.
///
/// The same searches run on the true map, on a faction's knowledge of it, or
/// on either with penalties added, because they see nothing but this trait.
///
/// Contract, which every search relies on for optimality:
/// - a step is legal from `a` to `b` exactly when it is legal from `b` to
///   `a` (costs may differ);
/// - every legal step costs at least [`CostMap::cheapest_steps`] for its
///   kind (straight or diagonal), and more than zero.
pub trait CostMap {
    /// Number of columns.
    fn width(&self) -> u32;
    /// Number of rows.
    fn height(&self) -> u32;

    /// The cost of the single step from `from` to its neighbour `to`, which
    /// lies in direction `dir`, or `None` if that step is not allowed. Both
    /// cells are on the map. Corner cutting is not this method's business:
    /// the searches allow a diagonal only when both straight steps it is made
    /// of are legal from `from` (see [`step`]).
    fn step_cost(&self, from: Pos, to: Pos, dir: Dir) -> Option<Cost>;

    /// A lower bound on the cost of any legal straight and diagonal step on
    /// this map; the heuristic is the octile distance in these costs.
    fn cheapest_steps(&self) -> StepCosts;

    /// True when `p` lies on the map.
    #[inline]
    fn contains(&self, p: Pos) -> bool {
        (p.x as u32) < self.width() && (p.y as u32) < self.height()
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
    fn step_cost(&self, from: Pos, to: Pos, dir: Dir) -> Option<Cost> {
        (**self).step_cost(from, to, dir)
    }
    #[inline]
    fn cheapest_steps(&self) -> StepCosts {
        (**self).cheapest_steps()
    }
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
}

impl Connectivity {
    /// The directions a unit may move in, in the fixed order.
    pub fn dirs(self) -> &'static [Dir] {
        match self {
            Connectivity::Eight => &Dir::ALL,
            Connectivity::Four => &Dir::STRAIGHT,
        }
    }

    /// The admissible, consistent distance estimate for `map`.
    #[inline]
    pub fn heuristic(self, cheapest: StepCosts, a: Pos, b: Pos) -> Cost {
        let (dx, dy) = a.abs_delta(b);
        match self {
            Connectivity::Eight => cheapest.octile(dx, dy),
            Connectivity::Four => cheapest.manhattan(dx, dy),
        }
    }
}

/// The full movement rule for one step: on the map, legal per the map, and
/// for a diagonal, both straight steps it is made of legal from `from`.
/// Returns the destination and the step's cost.
///
/// ```
/// use darkstar::geom::{Dir, Pos};
/// use darkstar::path::{step, Connectivity};
/// use darkstar::terrain::TerrainMap;
/// let map = TerrainMap::from_ascii("..\n.#").unwrap();
/// // (1,1) is a wall: no step into it at all.
/// assert!(step(&map, Pos::new(0, 0), Dir::SE, Connectivity::Eight).is_none());
/// // From (1,0) to (0,1) would cut the wall's corner.
/// assert!(step(&map, Pos::new(1, 0), Dir::SW, Connectivity::Eight).is_none());
/// assert!(step(&map, Pos::new(1, 0), Dir::W, Connectivity::Eight).is_some());
/// ```
#[inline]
pub fn step<M: CostMap + ?Sized>(
    map: &M,
    from: Pos,
    dir: Dir,
    connectivity: Connectivity,
) -> Option<(Pos, Cost)> {
    let to = from.step(dir);
    if !map.contains(to) {
        return None;
    }
    if dir.is_diagonal() {
        if connectivity == Connectivity::Four {
            return None;
        }
        let (a, b) = dir.components();
        for side in [a, b] {
            map.step_cost(from, from.step(side), side)?;
        }
    }
    map.step_cost(from, to, dir).map(|c| (to, c))
}

/// Calls `visit(to, dir, cost)` for every legal step out of `from`, in the
/// fixed direction order. Straight steps are settled first so each diagonal's
/// corner check reuses them instead of asking the map again.
#[inline]
pub fn for_each_step<M: CostMap + ?Sized>(
    map: &M,
    from: Pos,
    connectivity: Connectivity,
    mut visit: impl FnMut(Pos, Dir, Cost),
) {
    let (w, h) = (map.width() as i32, map.height() as i32);
    let mut open = [false; 4];
    for (i, dir) in Dir::STRAIGHT.into_iter().enumerate() {
        let to = from.step(dir);
        if to.x < 0 || to.y < 0 || to.x >= w || to.y >= h {
            continue;
        }
        if let Some(c) = map.step_cost(from, to, dir) {
            open[i] = true;
            visit(to, dir, c);
        }
    }
    if connectivity == Connectivity::Four {
        return;
    }
    for dir in Dir::DIAGONAL {
        let (a, b) = dir.components();
        // Both straight components legal implies `to` is on the map.
        if open[a.index()] && open[b.index()] {
            let to = from.step(dir);
            if let Some(c) = map.step_cost(from, to, dir) {
                visit(to, dir, c);
            }
        }
    }
}
