//! A*: optimal grid paths from a reusable [`SearchContext`].
//!
//! The design follows Patrick Lester's "A* Pathfinding for Beginners" where
//! it is exact and departs where it says "good enough":
//! - the open list is a ring of buckets, each a narrow span of f, sorted
//!   when it comes up so that pops go by f and, within one f, last in
//!   first out (`buckets.rs`; measured faster here than a binary heap, a
//!   radix heap or a bucket per distinct f, in runs kept in the history of
//!   docs/benchmarks.md),
//!   fronted by a stack for successors whose f equals the f being
//!   expanded; a better route to an open cell pushes a fresh entry and the
//!   stale one is skipped when popped;
//! - per-cell g, parent and list state live in arrays owned by the context
//!   and are invalidated by bumping a generation stamp (the `whichList`
//!   trick), never cleared per query;
//! - the heuristic is the octile distance in the map's cheapest step costs,
//!   which is admissible and consistent, and the search stops when the goal
//!   is taken off the open list, so every path found is optimal;
//! - ties on f go to the cell generated most recently (depth first: the
//!   one nearest the goal), so results depend on nothing but the input and
//!   the fixed neighbour order;
//! - over a [`DenseMap`] (a map that does not change, read once into a
//!   byte of legal moves and a cost factor a cell) the search runs a loop
//!   of its own, `astar/dense.rs`: the same pops and pushes in the same
//!   order, with 8-byte states and the eight moves relaxed in place.

mod dense;

use super::buckets::BucketQueue;
use super::{Connectivity, CostMap, DenseMap, Islands, Neighbour, Neighbours, neighbours_except};
use crate::cost::{Cost, StepCosts, max_step_cost};
use crate::dead_ends::{Corridor, DeadEnds};
use crate::geom::Pos;

/// How a search may move and how long it may run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// King moves without corner cutting, or rook moves.
    pub connectivity: Connectivity,
    /// Give up with [`Outcome::OutOfBudget`] after expanding this many
    /// cells, so a turn can bound the work it spends on searches.
    pub max_expansions: Option<u64>,
    /// Extra cost for every step whose direction differs from the previous
    /// step's; 0 turns it off. Paths stay optimal for the penalised cost:
    /// the search then runs over (cell, heading) states, so its per-state
    /// arrays are eight times the map's size (16 bytes a state). A
    /// penalty past [`max_step_cost`] of the map's cells is taken as that
    /// (by the searches and by [`path_cost`] alike), so that no path's
    /// cost can overflow.
    pub turn_penalty: Cost,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            connectivity: Connectivity::Eight,
            max_expansions: None,
            turn_penalty: 0,
        }
    }
}

/// What a search ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// An optimal path: `path[0]` is the start, the last cell the goal.
    Found {
        /// The cells of the path, start and goal included.
        path: Vec<Pos>,
        /// What it costs (see [`crate::cost`]).
        /// It is counted in units of [`STRAIGHT`](crate::cost::STRAIGHT): 470,832 a
        /// straight step onto a cell of factor 1, [`DIAGONAL`](crate::cost::DIAGONAL)
        /// (665,857) a diagonal one; [`to_tiles`](crate::cost::to_tiles) gives tiles.
        cost: Cost,
    },
    /// No path exists: every reachable cell was examined, or the islands
    /// pre-check proved the goal is elsewhere.
    Unreachable,
    /// The expansion budget ran out first; nothing is known about the goal.
    OutOfBudget,
}

impl Outcome {
    /// The path's cost, if one was found.
    pub fn cost(&self) -> Option<Cost> {
        match self {
            Outcome::Found { cost, .. } => Some(*cost),
            _ => None,
        }
    }

    /// The path, if one was found.
    pub fn path(&self) -> Option<&[Pos]> {
        match self {
            Outcome::Found { path, .. } => Some(path),
            _ => None,
        }
    }
}

/// Work done by the last search.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Cells taken off the open list and whose neighbours were examined.
    pub expanded: u64,
    /// Entries pushed onto the open list (including the start).
    pub pushed: u64,
}

/// What a search knows of one state, valid only when `stamp` is this
/// search's: `generation` means open, `generation + 1` closed.
#[derive(Copy, Clone, Debug, Default)]
struct Node {
    /// Cost of the best known path here.
    g: Cost,
    /// The state this one was best reached from (the start: itself).
    parent: u32,
    stamp: u32,
}

/// A [`Node`] as stored: `[g, stamp << 32 | parent]`. Plain integers, so a
/// new array of them is allocated zeroed by the system rather than
/// written through: on a big map a unit's first search touches only the
/// pages of the cells it reaches, not megabytes of nodes (stamp 0 is
/// never a search's, so zeroed nodes are unseen).
type Packed = [u64; 2];

impl Node {
    #[inline(always)]
    fn load(p: &Packed) -> Node {
        Node {
            g: p[0],
            parent: p[1] as u32,
            stamp: (p[1] >> 32) as u32,
        }
    }

    #[inline(always)]
    fn pack(self) -> Packed {
        [self.g, (self.stamp as u64) << 32 | self.parent as u64]
    }
}

/// The stamp of a stored node.
#[inline(always)]
fn stamp(p: &Packed) -> u32 {
    (p[1] >> 32) as u32
}

/// Reusable A* state: allocate once, search many times. Arrays grow to the
/// largest map searched and are invalidated by a generation stamp, so a
/// query costs time proportional to the cells it touches, not to the map.
///
/// ```
/// use darkstar_path::geom::Pos;
/// use darkstar_path::{Outcome, SearchContext, SearchOptions};
/// use darkstar_path::GridMap;
///
/// // The classic article's Figure 1: a wall between A and B (floor costs
/// // 10 a step here).
/// let rows = [".......", "...#...", ".A.#.B.", "...#...", "......."];
/// let level = GridMap::from_rows(&rows, |c| (c != '#').then_some(10)).unwrap();
/// let (a, b) = (Pos::new(1, 2), Pos::new(5, 2));
/// let mut ctx = SearchContext::new();
/// let Outcome::Found { path, cost } =
///     ctx.find_path(&level, a, b, &SearchOptions::default()) else { panic!() };
/// assert_eq!((path[0], *path.last().unwrap()), (a, b));
/// // Round the wall's end without cutting its corner: four straight steps
/// // and two diagonals, on floor (cost factor 10).
/// use darkstar_path::cost::{DIAGONAL, STRAIGHT};
/// assert_eq!(cost, 10 * (4 * STRAIGHT + 2 * DIAGONAL));
/// ```
#[derive(Clone, Debug, Default)]
pub struct SearchContext {
    /// Per-state bookkeeping, one cache line access per neighbour.
    nodes: Vec<Packed>,
    heap: BucketQueue,
    /// Open cells whose f equals the f being expanded (see `run`).
    stack: Vec<u32>,
    /// This search's stamp for "open"; `generation + 1` means closed.
    /// Always even; 0 is never used, so fresh nodes (stamp 0) are unseen.
    generation: u32,
    stats: SearchStats,
    /// The f being expanded (see `run`), kept for a resumed search.
    f_now: Cost,
    /// A cell-to-cell search that ran out of budget, to be resumed.
    pending: Option<Pending>,
    /// What the last path found cost up to each of its cells (see
    /// [`SearchContext::path_costs`]).
    path_costs: Vec<Cost>,
    /// The states of searches over a [`DenseMap`] (`astar/dense.rs`),
    /// which share the open list above.
    packed: dense::PackedStates,
}

/// What a search that ran out of budget needs to go on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Pending {
    start: Pos,
    goal: Pos,
    /// The size of the map it ran on.
    size: (u32, u32),
    options: SearchOptions,
    /// Whether it runs over a [`DenseMap`]'s arrays.
    dense: bool,
}

/// A state space for the core search: states are dense `u32` indices.
trait Space {
    /// Number of states.
    fn len(&self) -> usize;
    /// The cell of a state.
    fn pos(&self, state: u32) -> Pos;
    /// The legal steps out of `state`, whose cell is `pos`, leaving out
    /// (where the space can tell cheaply) steps to states for which
    /// `closed(state)` holds.
    fn steps(&self, state: u32, pos: Pos, closed: impl Fn(u32) -> bool) -> Neighbours;
    /// The state a step out of `state` leads to, and its cost in this space.
    fn successor(&self, state: u32, step: &Neighbour) -> (u32, Cost);
    /// The cheapest steps anywhere in the space (what sizes the open
    /// list's buckets).
    fn cheapest(&self) -> StepCosts;
}

/// Where a search is going: a heuristic and a goal test over cells.
trait Target {
    fn h(&self, p: Pos) -> Cost;
    fn reached(&self, p: Pos) -> bool;
}

/// One goal cell, with the octile (or Manhattan) heuristic.
struct CellTarget {
    goal: Pos,
    cheapest: StepCosts,
    connectivity: Connectivity,
}

impl Target for CellTarget {
    #[inline]
    fn h(&self, p: Pos) -> Cost {
        self.connectivity.heuristic(self.cheapest, p, self.goal)
    }
    #[inline]
    fn reached(&self, p: Pos) -> bool {
        p == self.goal
    }
}

/// Any cell satisfying a predicate; no heuristic (Dijkstra order), so the
/// nearest such cell is found.
struct PredicateTarget<F>(F);

impl<F: Fn(Pos) -> bool> Target for PredicateTarget<F> {
    #[inline]
    fn h(&self, _: Pos) -> Cost {
        0
    }
    #[inline]
    fn reached(&self, p: Pos) -> bool {
        (self.0)(p)
    }
}

/// For cell indices `i < 2^N` and widths `w <= 2^K` with `N + K <= 40`,
/// `(i * ceil(2^40 / w)) >> 40` equals `i / w` exactly: the rounding error
/// of the reciprocal, less than `w`, times `i` stays below `2^40`, so it
/// never reaches the next integer; and the product fits 64 bits. That covers
/// every map up to 2^40 / width cells (all of a 4096 x 4096 level); larger
/// ones divide.
const RECIPROCAL_SHIFT: u32 = 40;

/// The reciprocal for [`CellSpace::pos`], or 0 where it would not be exact.
fn width_reciprocal(width: u32, height: u32) -> u64 {
    let cells = width as u64 * height as u64;
    if width == 0 || cells.saturating_mul(width as u64) > 1 << RECIPROCAL_SHIFT {
        return 0;
    }
    (1u64 << RECIPROCAL_SHIFT).div_ceil(width as u64)
}

/// States are cells, numbered row-major.
struct CellSpace<'m, M: ?Sized> {
    map: &'m M,
    width: u32,
    /// `ceil(2^RECIPROCAL_SHIFT / width)`, or 0 to divide (see
    /// [`width_reciprocal`]).
    width_reciprocal: u64,
    connectivity: Connectivity,
    cheapest: StepCosts,
}

impl<M: CostMap + ?Sized> Space for CellSpace<'_, M> {
    #[inline]
    fn len(&self) -> usize {
        self.width as usize * self.map.height() as usize
    }
    #[inline]
    fn pos(&self, state: u32) -> Pos {
        // Division by the width is the slowest instruction of an expansion;
        // a multiply by its precomputed reciprocal gives the same row.
        let y = if self.width_reciprocal != 0 {
            ((state as u64 * self.width_reciprocal) >> RECIPROCAL_SHIFT) as u32
        } else {
            state / self.width
        };
        Pos::new((state - y * self.width) as i32, y as i32)
    }
    #[inline(always)]
    fn steps(&self, state: u32, pos: Pos, closed: impl Fn(u32) -> bool) -> Neighbours {
        // States are cells, so a closed neighbour need not even be costed.
        neighbours_except(self.map, pos, state as usize, self.connectivity, |i| {
            closed(i as u32)
        })
    }
    #[inline(always)]
    fn successor(&self, _state: u32, step: &Neighbour) -> (u32, Cost) {
        (step.to_index as u32, step.cost)
    }
    fn cheapest(&self) -> StepCosts {
        self.cheapest
    }
}

/// Cells, of which only a query's corridor (see [`crate::dead_ends`]) is
/// ever stepped to.
struct Pruned<'m, 't, M: ?Sized> {
    cells: CellSpace<'m, M>,
    corridor: Corridor<'t>,
}

impl<M: CostMap + ?Sized> Space for Pruned<'_, '_, M> {
    #[inline]
    fn len(&self) -> usize {
        self.cells.len()
    }
    #[inline]
    fn pos(&self, state: u32) -> Pos {
        self.cells.pos(state)
    }
    #[inline(always)]
    fn steps(&self, state: u32, pos: Pos, closed: impl Fn(u32) -> bool) -> Neighbours {
        // Left out after the step's legality is settled: a diagonal past
        // a dead end's cell stays as legal as it was.
        self.cells.steps(state, pos, |i| {
            closed(i) || !self.corridor.allows_index(i as usize)
        })
    }
    #[inline(always)]
    fn successor(&self, state: u32, step: &Neighbour) -> (u32, Cost) {
        self.cells.successor(state, step)
    }
    fn cheapest(&self) -> StepCosts {
        self.cells.cheapest()
    }
}

/// States are (cell, heading of the step that entered it); one extra state,
/// the last, is the start, which has no heading.
struct HeadingSpace<'m, M: ?Sized> {
    cells: CellSpace<'m, M>,
    start: Pos,
    turn_penalty: Cost,
}

impl<M: CostMap + ?Sized> HeadingSpace<'_, M> {
    fn start_state(&self) -> u32 {
        (self.len() - 1) as u32
    }
}

impl<M: CostMap + ?Sized> Space for HeadingSpace<'_, M> {
    #[inline]
    fn len(&self) -> usize {
        self.cells.len() * 8 + 1
    }
    #[inline]
    fn pos(&self, state: u32) -> Pos {
        if state == self.start_state() {
            self.start
        } else {
            self.cells.pos(state / 8)
        }
    }
    #[inline(always)]
    fn steps(&self, _state: u32, pos: Pos, _closed: impl Fn(u32) -> bool) -> Neighbours {
        // A closed cell says nothing of its other headings: cost them all.
        let from_index = pos.row_major(self.cells.width);
        neighbours_except(
            self.cells.map,
            pos,
            from_index,
            self.cells.connectivity,
            |_| false,
        )
    }
    #[inline(always)]
    fn successor(&self, state: u32, step: &Neighbour) -> (u32, Cost) {
        let turn = match state != self.start_state() {
            true if state as usize % 8 != step.dir.index() => self.turn_penalty,
            _ => 0,
        };
        (
            step.to_index as u32 * 8 + step.dir.index() as u32,
            step.cost + turn,
        )
    }
    fn cheapest(&self) -> StepCosts {
        self.cells.cheapest
    }
}

impl SearchContext {
    /// An empty context; it grows on first use.
    pub fn new() -> SearchContext {
        SearchContext::default()
    }

    /// Forgets the search left to resume, if any, and the last search's
    /// stats, keeping the memory: a context passed on to a new owner (a
    /// new game's searches) starts as a new one would, with no clearing.
    /// Every search starts a new generation of stamps, so no cell of an
    /// earlier search is taken for one of the next.
    ///
    /// ```
    /// use darkstar_path::{SearchContext, SearchOptions};
    /// use darkstar_path::geom::Pos;
    /// use darkstar_path::grid_map::GridMap;
    ///
    /// let map = GridMap::new(40, 1);
    /// let mut ctx = SearchContext::new();
    /// let budget = SearchOptions { max_expansions: Some(5), ..SearchOptions::default() };
    /// ctx.find_path(&map, Pos::new(0, 0), Pos::new(39, 0), &budget);
    /// ctx.forget();
    /// assert_eq!(ctx.resume(&map, 100), None, "nothing left to resume");
    /// assert_eq!(ctx.stats().expanded, 0);
    /// ```
    pub fn forget(&mut self) {
        self.pending = None;
        self.new_query();
        self.stack.clear();
    }

    /// Work done by the last search.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// What the path the last search found costs up to each of its cells,
    /// as the search counted it (turn penalties included): `0` for the
    /// start, the path's cost for its end, one entry per cell of
    /// [`Outcome::Found`]'s path. Empty when the last search (or slice of
    /// one) found none. A caller that keeps a path's step costs reads
    /// them here instead of costing every step again.
    ///
    /// ```
    /// use darkstar_path::{Outcome, SearchContext, SearchOptions};
    /// use darkstar_path::cost::{DIAGONAL, STRAIGHT};
    /// use darkstar_path::geom::Pos;
    /// use darkstar_path::grid_map::GridMap;
    ///
    /// let map = GridMap::new(4, 2);
    /// let mut ctx = SearchContext::new();
    /// let out = ctx.find_path(&map, Pos::new(0, 0), Pos::new(3, 1), &SearchOptions::default());
    /// let Outcome::Found { path, cost } = out else { panic!("a path") };
    /// // The diagonal first (the order the steps are tried in), then two straight steps.
    /// assert_eq!(path[1], Pos::new(1, 1));
    /// assert_eq!(ctx.path_costs(), [0, DIAGONAL, DIAGONAL + STRAIGHT, DIAGONAL + 2 * STRAIGHT]);
    /// assert_eq!(ctx.path_costs().last(), Some(&cost));
    /// ```
    pub fn path_costs(&self) -> &[Cost] {
        &self.path_costs
    }

    /// A new query (or slice of one): no stats, no path's costs yet.
    fn new_query(&mut self) {
        self.stats = SearchStats::default();
        self.path_costs.clear();
    }

    /// The cheapest path from `start` to `goal`. Over a [`DenseMap`] read
    /// with `options`' connectivity (and no turn penalty), the loop
    /// specialised for its arrays runs: the same answer, faster.
    pub fn find_path<M: CostMap + ?Sized>(
        &mut self,
        map: &M,
        start: Pos,
        goal: Pos,
        options: &SearchOptions,
    ) -> Outcome {
        self.new_query();
        self.pending = None;
        if !map.contains(start) || !map.contains(goal) {
            return Outcome::Unreachable;
        }
        let budget = options.max_expansions.unwrap_or(u64::MAX);
        let (outcome, dense) = self.search_cells(map, start, goal, options, budget, None);
        if outcome == Outcome::OutOfBudget {
            self.pending = Some(Pending {
                start,
                goal,
                size: (map.width(), map.height()),
                options: *options,
                dense,
            });
        }
        outcome
    }

    /// Runs a search from `start` to `goal` (`resumed`: `None`), or goes
    /// on with one that ran over a [`DenseMap`]'s arrays or not
    /// (`Some(dense)`): over the arrays when `map` is a [`DenseMap`] that
    /// serves `options`, else by the general loop. The outcome, and
    /// whether it ran over the arrays.
    fn search_cells<M: CostMap + ?Sized>(
        &mut self,
        map: &M,
        start: Pos,
        goal: Pos,
        options: &SearchOptions,
        budget: u64,
        resumed: Option<bool>,
    ) -> (Outcome, bool) {
        let dense = dense_serving(map, options);
        // Handed the other kind of map to resume on (which breaks
        // `resume`'s contract), it starts again rather than misread states.
        let fresh = resumed.is_none_or(|was| was != dense.is_some());
        let outcome = match dense {
            Some(d) => self.run_dense(d, (start, goal), budget, fresh, dense::Everything),
            None => {
                let target = CellTarget {
                    goal,
                    cheapest: map.cheapest_steps(),
                    connectivity: options.connectivity,
                };
                self.dispatch(map, start, &target, options, budget, fresh)
            }
        };
        (outcome, dense.is_some())
    }

    /// Seeds (`fresh`) and runs, or goes on with, a search over `map`'s
    /// arrays.
    fn run_dense<K: dense::Keep>(
        &mut self,
        map: &DenseMap,
        (start, goal): (Pos, Pos),
        budget: u64,
        fresh: bool,
        keep: K,
    ) -> Outcome {
        let goal = dense::Goal::new(map, goal);
        let SearchContext {
            heap,
            stack,
            f_now,
            packed,
            stats,
            path_costs,
            ..
        } = self;
        if fresh {
            packed.seed(map, dense::Open { heap, stack, f_now }, start, &goal);
            stats.pushed += 1;
        }
        let open = dense::Open { heap, stack, f_now };
        let out = (stats, path_costs);
        match map.uniform() {
            Some(f) => packed.run(
                map,
                open,
                &goal,
                budget,
                out,
                (dense::Uniform::new(f), keep),
            ),
            None => packed.run(
                map,
                open,
                &goal,
                budget,
                out,
                (dense::PerCell::new(map.factors()), keep),
            ),
        }
    }

    /// Goes on with the last [`SearchContext::find_path`] if it ran out of
    /// budget, for at most `budget` more expansions: a turn can spread one
    /// long search over several. `map` must be the same, unchanged (start
    /// afresh if it changed). `None` when there is nothing to resume: the
    /// last search finished, or was not a `find_path`. [`SearchContext::stats`]
    /// then counts this slice's work only.
    ///
    /// # Panics
    ///
    /// When `map` is not of the size the search began on.
    ///
    /// ```
    /// use darkstar_path::geom::Pos;
    /// use darkstar_path::{Outcome, SearchContext, SearchOptions};
    /// use darkstar_path::GridMap;
    /// let map = GridMap::new(40, 1);
    /// let mut ctx = SearchContext::new();
    /// let tight = SearchOptions { max_expansions: Some(10), ..Default::default() };
    /// assert_eq!(ctx.find_path(&map, Pos::new(0, 0), Pos::new(39, 0), &tight), Outcome::OutOfBudget);
    /// let mut turns = 1;
    /// let outcome = loop {
    ///     turns += 1;
    ///     match ctx.resume(&map, 10) {
    ///         Some(Outcome::OutOfBudget) => continue,
    ///         other => break other,
    ///     }
    /// };
    /// assert_eq!(outcome.and_then(|o| o.cost()), Some(39 * darkstar_path::cost::STRAIGHT));
    /// assert_eq!(turns, 4); // 39 expansions, ten a turn
    /// assert_eq!(ctx.resume(&map, 10), None, "nothing left to resume");
    /// ```
    pub fn resume<M: CostMap + ?Sized>(&mut self, map: &M, budget: u64) -> Option<Outcome> {
        let pending = self.pending.take()?;
        assert_eq!(
            (map.width(), map.height()),
            pending.size,
            "SearchContext::resume: a search is resumed on a map of the size it began on"
        );
        self.new_query();
        let (outcome, dense) = self.search_cells(
            map,
            pending.start,
            pending.goal,
            &pending.options,
            budget,
            Some(pending.dense),
        );
        if outcome == Outcome::OutOfBudget {
            self.pending = Some(Pending { dense, ..pending });
        }
        Some(outcome)
    }

    /// Like [`SearchContext::find_path`], but first asks `islands` whether
    /// the goal can be reached at all: a goal on another island is answered
    /// `Unreachable` without expanding a single cell. `islands` must have
    /// been computed on `map` with the same connectivity.
    pub fn find_path_checked<M: CostMap + ?Sized>(
        &mut self,
        map: &M,
        islands: &Islands,
        start: Pos,
        goal: Pos,
        options: &SearchOptions,
    ) -> Outcome {
        if !islands.connected(start, goal) {
            self.new_query();
            self.pending = None;
            return Outcome::Unreachable;
        }
        self.find_path(map, start, goal, options)
    }

    /// The same answer as [`SearchContext::find_path`] (the same path, the
    /// same cost), searching only the cells a simple path from `start` to
    /// `goal` may use by `tags` (see [`crate::dead_ends`]): dead ends, side
    /// rooms and a maze's side branches are never expanded. `tags` must be
    /// of `map` as it is now, for `options`' connectivity. Start and goal
    /// in two areas are [`Outcome::Unreachable`] at once. With a turn
    /// penalty the search runs over every cell (a turn may be cheaper
    /// taken elsewhere), and a search that runs out of budget goes on with
    /// [`SearchContext::resume`] over every cell: the same answer, found
    /// by more work.
    ///
    /// # Panics
    ///
    /// If `tags` were made for a map of another size or another
    /// connectivity.
    pub fn find_path_in<M: CostMap + ?Sized>(
        &mut self,
        map: &M,
        start: Pos,
        goal: Pos,
        options: &SearchOptions,
        tags: &DeadEnds,
    ) -> Outcome {
        assert!(
            tags.size() == (map.width(), map.height())
                && tags.connectivity() == options.connectivity,
            "find_path_in: dead ends tagged for a {:?} map with {:?}, searched on a {:?} map with {:?}",
            tags.size(),
            tags.connectivity(),
            (map.width(), map.height()),
            options.connectivity
        );
        if start == goal || options.turn_penalty != 0 {
            return self.find_path(map, start, goal, options);
        }
        self.new_query();
        self.pending = None;
        let Some(corridor) = tags.corridor(start, goal) else {
            return Outcome::Unreachable;
        };
        let budget = options.max_expansions.unwrap_or(u64::MAX);
        let dense = dense_serving(map, options);
        let outcome = match dense {
            Some(d) => self.run_dense(d, (start, goal), budget, true, corridor),
            None => {
                let space = Pruned {
                    cells: CellSpace {
                        map,
                        width: map.width(),
                        width_reciprocal: width_reciprocal(map.width(), map.height()),
                        connectivity: options.connectivity,
                        cheapest: map.cheapest_steps(),
                    },
                    corridor,
                };
                let target = CellTarget {
                    goal,
                    cheapest: map.cheapest_steps(),
                    connectivity: options.connectivity,
                };
                self.seed(&space, start.row_major(map.width()) as u32, &target);
                self.run(&space, &target, budget)
            }
        };
        if outcome == Outcome::OutOfBudget {
            self.pending = Some(Pending {
                start,
                goal,
                options: *options,
                dense: dense.is_some(),
                size: (map.width(), map.height()),
            });
        }
        outcome
    }

    /// The cheapest path from `start` to the nearest cell (by path cost) for
    /// which `is_goal` holds: a Dijkstra search, since there is no single
    /// goal to aim a heuristic at.
    pub fn find_path_to<M: CostMap + ?Sized>(
        &mut self,
        map: &M,
        start: Pos,
        is_goal: impl Fn(Pos) -> bool,
        options: &SearchOptions,
    ) -> Outcome {
        self.new_query();
        self.pending = None;
        if !map.contains(start) {
            return Outcome::Unreachable;
        }
        let budget = options.max_expansions.unwrap_or(u64::MAX);
        self.dispatch(map, start, &PredicateTarget(is_goal), options, budget, true)
    }

    /// Runs (`fresh`) or goes on with (`!fresh`) a search in the state
    /// space `options` call for.
    fn dispatch<M: CostMap + ?Sized, T: Target>(
        &mut self,
        map: &M,
        start: Pos,
        target: &T,
        options: &SearchOptions,
        budget: u64,
        fresh: bool,
    ) -> Outcome {
        let cells = CellSpace {
            map,
            width: map.width(),
            width_reciprocal: width_reciprocal(map.width(), map.height()),
            connectivity: options.connectivity,
            cheapest: map.cheapest_steps(),
        };
        if options.turn_penalty == 0 {
            let s = start.row_major(cells.width) as u32;
            if fresh {
                self.seed(&cells, s, target);
            }
            self.run(&cells, target, budget)
        } else {
            let space = HeadingSpace {
                cells,
                start,
                turn_penalty: turn_penalty(map, options),
            };
            let s = space.start_state();
            if fresh {
                self.seed(&space, s, target);
            }
            self.run(&space, target, budget)
        }
    }

    /// Starts a new generation sized for `len` states.
    fn begin(&mut self, len: usize) {
        if self.nodes.is_empty() {
            self.nodes = vec![[0; 2]; len];
        } else if self.nodes.len() < len {
            self.nodes.resize(len, [0; 2]);
        }
        if self.generation >= u32::MAX - 3 {
            // Wrapped after 2^31 searches: stamps could collide, so clear
            // once and start over.
            self.nodes.fill([0; 2]);
            self.generation = 0;
        }
        self.generation += 2;
        self.stack.clear();
    }

    /// Starts a search from `start`: a new generation, the start open.
    fn seed<S: Space, T: Target>(&mut self, space: &S, start: u32, target: &T) {
        self.begin(space.len());
        self.nodes[start as usize] = Node {
            g: 0,
            parent: start,
            stamp: self.generation,
        }
        .pack();
        // `f_now` is the f of the cell being expanded: never decreasing,
        // since the heuristic is consistent. Successors with that same f are
        // as good as anything open, so they go on `stack` and are expanded
        // next, most recent first, without touching the heap. In open
        // country many successors towards the goal keep f, so they never
        // enter the heap at all.
        self.f_now = target.h(space.pos(start));
        self.heap.clear(self.f_now, space.cheapest());
        self.stack.push(start);
        self.stats.pushed += 1;
    }

    /// The search proper, over any state space, from where `seed` or an
    /// earlier slice left it, for at most `budget` expansions. Never
    /// inlined, so its speed does not depend on what surrounds the call:
    /// inlined, the same code took 75 ms a pass of the A* bench's arena2
    /// problems in one caller and 84 ms in another (296 and 340 ms on
    /// 8room_000); compiled alone, about 80 and 325 ms in both.
    #[inline(never)]
    fn run<S: Space, T: Target>(&mut self, space: &S, target: &T, budget: u64) -> Outcome {
        let open = self.generation;
        let closed = open + 1;
        let SearchContext {
            nodes,
            heap,
            stack,
            stats,
            f_now,
            path_costs,
            ..
        } = self;
        // A slice, not the `Vec`: its pointer and length stay in registers
        // across the stores below, which could otherwise (as far as the
        // compiler knows) change the `Vec` itself.
        let nodes = nodes.as_mut_slice();
        let mut f_now = *f_now;
        loop {
            let (state, from_heap) = match stack.pop() {
                Some(state) => (state, None),
                None => match heap.pop() {
                    Some((f, state)) => {
                        f_now = f;
                        (state, Some(f))
                    }
                    None => break,
                },
            };
            let node = Node::load(&nodes[state as usize]);
            if node.stamp == closed {
                // Stale: a cheaper entry for this state (lower f, since h is
                // the same) was popped and closed it already.
                continue;
            }
            let pos = space.pos(state);
            if target.reached(pos) {
                nodes[state as usize] = Node {
                    stamp: closed,
                    ..node
                }
                .pack();
                let cost = node.g;
                return Outcome::Found {
                    path: reconstruct(nodes, space, state, path_costs),
                    cost,
                };
            }
            if stats.expanded >= budget {
                // Put it back: the open list stays a faithful frontier.
                match from_heap {
                    Some(f) => heap.push(f, state),
                    None => stack.push(state),
                }
                self.f_now = f_now;
                return Outcome::OutOfBudget;
            }
            nodes[state as usize] = Node {
                stamp: closed,
                ..node
            }
            .pack();
            stats.expanded += 1;
            let g = node.g;
            let steps = space.steps(state, pos, |s| stamp(&nodes[s as usize]) == closed);
            // Read in place (not moved into an iterator: a copy per cell).
            for k in 0..steps.len() {
                let neighbour = steps.get(k);
                let (next, step) = space.successor(state, &neighbour);
                let next_pos = neighbour.to;
                let ng = g + step;
                let n = Node::load(&nodes[next as usize]);
                // Evaluated whole (`|`, `&`), so one branch and not three:
                // whether a neighbour improves is a coin toss to the branch
                // predictor, and each miss costs more than the compares.
                if (n.stamp == closed) | ((n.stamp == open) & (n.g <= ng)) {
                    continue;
                }
                nodes[next as usize] = Node {
                    g: ng,
                    parent: state,
                    stamp: open,
                }
                .pack();
                let f = ng + target.h(next_pos);
                if f == f_now {
                    stack.push(next);
                } else {
                    heap.push(f, next);
                }
                stats.pushed += 1;
            }
        }
        Outcome::Unreachable
    }
}

/// `options`' turn penalty on `map`: at most [`max_step_cost`] of its
/// cells.
fn turn_penalty<M: CostMap + ?Sized>(map: &M, options: &SearchOptions) -> Cost {
    let cells = map.width() as u64 * map.height() as u64;
    options.turn_penalty.min(max_step_cost(cells))
}

/// `map` as a [`DenseMap`] the specialised loop can search with `options`.
fn dense_serving<'m, M: CostMap + ?Sized>(
    map: &'m M,
    options: &SearchOptions,
) -> Option<&'m DenseMap> {
    map.dense()
        .filter(|d| options.turn_penalty == 0 && d.serves(options.connectivity))
}

/// Walks parents back from `end` to the start (its own parent).
fn reconstruct<S: Space>(nodes: &[Packed], space: &S, end: u32, costs: &mut Vec<Cost>) -> Vec<Pos> {
    let mut path = Vec::new();
    costs.clear();
    let mut s = end;
    loop {
        let node = Node::load(&nodes[s as usize]);
        path.push(space.pos(s));
        costs.push(node.g);
        if node.parent == s {
            break;
        }
        s = node.parent;
    }
    path.reverse();
    costs.reverse();
    path
}

/// The cost of walking `path` on `map` with `options`' movement rules and
/// turn penalty, or `None` if some step is not a legal move. Handy for
/// checking paths and for re-costing a path after the map changed.
pub fn path_cost<M: CostMap + ?Sized>(
    map: &M,
    path: &[Pos],
    options: &SearchOptions,
) -> Option<Cost> {
    let mut total: Cost = 0;
    let mut heading = None;
    for pair in path.windows(2) {
        let dir = pair[0].dir_to(pair[1])?;
        let (_, c) = super::step(map, pair[0], dir, options.connectivity)?;
        total = total.saturating_add(c);
        if heading.is_some_and(|h| h != dir) {
            total = total.saturating_add(turn_penalty(map, options));
        }
        heading = Some(dir);
    }
    if path.first().is_some_and(|&p| !map.contains(p)) {
        return None;
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::STRAIGHT;
    use crate::grid_map::GridMap;
    use crate::grid_map::fixture::{FLOOR as FLOOR_COST, Labelled};

    fn fixture(text: &str) -> (GridMap, Pos, Pos) {
        let a = Labelled::parse(text);
        (a.map.clone(), a.label('S').unwrap(), a.label('G').unwrap())
    }

    #[test]
    fn does_not_cut_corners() {
        // The only way from S to G is round the wall's end, not through the
        // diagonal gap between the two walls.
        let (map, s, g) = fixture(
            "
            S#.
            .#.
            ..G",
        );
        let (map2, ..) = fixture(
            "
            S#.
            #.G
            ...",
        );
        let mut ctx = SearchContext::new();
        let out = ctx.find_path(&map, s, g, &SearchOptions::default());
        // Cutting the corner at (1,1) would give 2 straight + 1 diagonal.
        assert_eq!(out.cost(), Some(FLOOR_COST * 4 * STRAIGHT));
        assert_eq!(
            ctx.find_path(&map2, s, g, &SearchOptions::default()),
            Outcome::Unreachable
        );
    }

    #[test]
    fn four_connected_uses_only_straight_steps() {
        let (map, s, g) = fixture(
            "
            S..
            ...
            ..G",
        );
        let opts = SearchOptions {
            connectivity: Connectivity::Four,
            ..Default::default()
        };
        let out = SearchContext::new().find_path(&map, s, g, &opts);
        assert_eq!(out.cost(), Some(FLOOR_COST * 4 * STRAIGHT));
        let path = out.path().unwrap();
        assert!(
            path.windows(2)
                .all(|w| !w[0].dir_to(w[1]).unwrap().is_diagonal())
        );
    }

    #[test]
    fn budget_runs_out_and_reports_it() {
        let (map, s, g) = fixture(
            "
            S.........
            ..........
            .........G",
        );
        let mut ctx = SearchContext::new();
        let tight = SearchOptions {
            max_expansions: Some(3),
            ..Default::default()
        };
        assert_eq!(ctx.find_path(&map, s, g, &tight), Outcome::OutOfBudget);
        assert_eq!(ctx.stats().expanded, 3);
        let enough = SearchOptions {
            max_expansions: Some(1000),
            ..Default::default()
        };
        assert!(matches!(
            ctx.find_path(&map, s, g, &enough),
            Outcome::Found { .. }
        ));
    }

    #[test]
    fn start_equals_goal_and_off_map_queries() {
        let (map, s, _) = fixture("S.G");
        let mut ctx = SearchContext::new();
        let opts = SearchOptions::default();
        assert_eq!(
            ctx.find_path(&map, s, s, &opts),
            Outcome::Found {
                path: vec![s],
                cost: 0
            }
        );
        assert_eq!(
            ctx.find_path(&map, s, Pos::new(9, 0), &opts),
            Outcome::Unreachable
        );
        assert_eq!(
            ctx.find_path(&map, Pos::new(-1, 0), s, &opts),
            Outcome::Unreachable
        );
    }

    #[test]
    fn turn_penalty_prefers_fewer_turns_at_equal_length() {
        // Without a penalty a staircase and an L cost the same on 4-connected
        // moves; with one, the path turns once.
        let (map, s, g) = fixture(
            "
            S...
            ....
            ....
            ...G",
        );
        let opts = SearchOptions {
            connectivity: Connectivity::Four,
            turn_penalty: STRAIGHT,
            ..Default::default()
        };
        let out = SearchContext::new().find_path(&map, s, g, &opts);
        let path = out.path().unwrap();
        let turns = path
            .windows(3)
            .filter(|w| w[0].dir_to(w[1]) != w[1].dir_to(w[2]))
            .count();
        assert_eq!(turns, 1);
        assert_eq!(out.cost(), Some(FLOOR_COST * 6 * STRAIGHT + STRAIGHT));
        assert_eq!(path_cost(&map, path, &opts), out.cost());
    }

    #[test]
    fn reciprocal_rows_are_exact_where_used() {
        for (w, h) in [
            (1, 5000),
            (3, 7),
            (281, 209),
            (512, 512),
            (4096, 4096),
            (4095, 4096),
        ] {
            let r = width_reciprocal(w, h);
            assert_ne!(r, 0, "{w}x{h}");
            // Check the extremes of every row and a spread of other cells.
            let cells = w * h;
            let probe = (0..h)
                .flat_map(|y| [y * w, y * w + w - 1])
                .chain((0..cells).step_by(997));
            for i in probe {
                assert_eq!(
                    ((i as u64 * r) >> RECIPROCAL_SHIFT) as u32,
                    i / w,
                    "{w}x{h} at {i}"
                );
            }
        }
        assert_eq!(width_reciprocal(1 << 20, 1 << 12), 0, "too large: divides");
        assert_eq!(width_reciprocal(0, 10), 0);
    }

    proptest::proptest! {
        /// What the last path found cost up to each cell is what walking
        /// its prefix costs, turn penalties and terrain included; no
        /// search that found nothing leaves costs behind; and a context
        /// that searched a larger map, then was told to forget, answers a
        /// smaller one as a new context does.
        #[test]
        fn path_costs_are_the_prefixes_costs(
            cells in proptest::collection::vec(0u8..6, 12 * 9),
            ends in (0i32..12, 0i32..9, 0i32..12, 0i32..9),
            turn_penalty in proptest::sample::select(vec![0, STRAIGHT / 2]),
            budget in proptest::option::of(1u64..60),
        ) {
            let mut map = GridMap::new(12, 9);
            for (i, &c) in cells.iter().enumerate() {
                // One cell in six a wall, the rest of factor 1 to 5.
                map.set(Pos::from_row_major(i, 12), (c > 0).then_some(c as Cost));
            }
            let (start, goal) = (Pos::new(ends.0, ends.1), Pos::new(ends.2, ends.3));
            let options = SearchOptions { turn_penalty, max_expansions: budget, ..SearchOptions::default() };
            let mut used = SearchContext::new();
            used.find_path(&GridMap::new(40, 30), Pos::new(0, 0), Pos::new(39, 29), &SearchOptions::default());
            used.forget();
            let out = used.find_path(&map, start, goal, &options);
            proptest::prop_assert_eq!(&out, &SearchContext::new().find_path(&map, start, goal, &options));
            match &out {
                Outcome::Found { path, cost } => {
                    proptest::prop_assert_eq!(used.path_costs().len(), path.len());
                    proptest::prop_assert_eq!(used.path_costs().last(), Some(cost));
                    for i in 0..path.len() {
                        proptest::prop_assert_eq!(
                            Some(used.path_costs()[i]),
                            path_cost(&map, &path[..=i], &options)
                        );
                    }
                }
                _ => proptest::prop_assert!(used.path_costs().is_empty()),
            }
        }
    }

    #[test]
    fn generation_stamps_survive_many_searches_and_a_wrap() {
        let (map, s, g) = fixture(
            "
            S.#.
            ..#.
            ...G",
        );
        let mut ctx = SearchContext::new();
        let opts = SearchOptions::default();
        let first = ctx.find_path(&map, s, g, &opts);
        for _ in 0..100 {
            assert_eq!(ctx.find_path(&map, s, g, &opts), first);
        }
        ctx.generation = u32::MAX - 4;
        assert_eq!(ctx.find_path(&map, s, g, &opts), first);
        assert_eq!(ctx.find_path(&map, s, g, &opts), first);
        assert!(ctx.generation < 10, "wrapped and restarted");
    }
}
