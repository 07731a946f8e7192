//! A* and Dijkstra over any graph, not only a grid: Patrick Lester's
//! "non-square search areas" (the board of Risk, "a table for storing
//! which countries are adjacent to which, and a G cost"; waypoints on a
//! fixed map).
//!
//! A graph is anything that lists the weighted edges out of a node
//! ([`Graph`]): a closure `FnMut(N) -> impl IntoIterator<Item = (N, Cost)>`,
//! as `pathfinding::astar` and `petgraph::algo::astar` take them, or a type
//! of your own. Nodes are any `Copy + Eq + Hash` type (ids, positions,
//! `&'static str` names). The searches:
//! - [`astar`] (and [`GraphSearch::astar`], which keeps its memory between
//!   queries): the cheapest path from a start to a goal, guided by a
//!   heuristic;
//! - [`dijkstra_to`] ([`GraphSearch::nearest`]): the cheapest path to the
//!   nearest node that passes a test (Dijkstra until a goal);
//! - [`dijkstra`]: every node's distance from one source ([`Distances`]).
//!
//! Nodes numbered from 0 (`u32` ids, indices into a list of nodes) may
//! use a [`NumberedSearch`] in place of a [`GraphSearch`]: the same
//! answers, found again through a table indexed by number, made once,
//! rather than a hash map.
//!
//! Each takes [`GraphOptions`] (a budget of expansions) and answers with a
//! typed outcome: [`GraphOutcome::Found`] (path and cost),
//! [`GraphOutcome::Unreachable`], [`GraphOutcome::OutOfBudget`] or
//! [`GraphOutcome::CostOverflow`].
//!
//! # Contract and guarantees
//! - **Costs** are integers ([`Cost`], `u64`), and may be 0. A path may
//!   cost at most `Cost::MAX - 1` ([`Cost::MAX`] is the crate's "not
//!   reached"). Sums are checked, never wrapped: a route whose cost would
//!   pass that is left out, and when leaving such routes out is what left
//!   the goal unfound, the search answers
//!   [`GraphOutcome::CostOverflow`] (a path may exist, but its cost cannot
//!   be represented), never a wrong path or a wrong `Unreachable`. A path
//!   that is found is the cheapest there is, whatever else overflowed.
//! - **The heuristic** must be admissible: never more than the true cost
//!   from a node to the goal (0 everywhere is, and makes A* Dijkstra). It
//!   need not be consistent: a node reached more cheaply after it was
//!   expanded is opened again, so the path found is optimal either way
//!   (with a consistent heuristic that never happens). An inadmissible
//!   heuristic gives a valid path that may not be the cheapest.
//! - **Ties** are broken explicitly, in the spirit of the grid
//!   [`astar`](crate::astar) (least f, then depth first: among equal f
//!   the cell generated last): nodes come off the open list by least f
//!   (g plus the heuristic); among equal f, the larger g first (the node
//!   further along, nearer the goal); among equal f and g, the node
//!   first reached last (nodes are numbered as they are first reached:
//!   in the order the search expands them and the graph lists their
//!   edges). So the answer (path, cost, expansions) depends on nothing
//!   but the graph, its edge order, the heuristic and the query: the same
//!   on every run and machine. Nodes are found again through a hash map
//!   with a fixed hasher, used only for lookups; nothing is read in its
//!   iteration order.
//! - **Budgets** count expansions (nodes whose edges were listed); a goal
//!   taken off the open list is returned even when the budget is spent,
//!   as the grid search does.
//!
//! A corner of the board of Risk, marches between bordering countries
//! costing days:
//!
//! ```
//! use darkstar_path::graph::{self, GraphOptions, GraphOutcome, Settled};
//!
//! const BORDERS: [(&str, &str, u64); 11] = [
//!     ("Alaska", "Northwest Territory", 3),
//!     ("Alaska", "Alberta", 4),
//!     ("Alaska", "Kamchatka", 6),
//!     ("Northwest Territory", "Alberta", 2),
//!     ("Northwest Territory", "Ontario", 4),
//!     ("Northwest Territory", "Greenland", 5),
//!     ("Alberta", "Ontario", 3),
//!     ("Ontario", "Greenland", 4),
//!     ("Ontario", "Quebec", 2),
//!     ("Quebec", "Greenland", 3),
//!     ("Greenland", "Iceland", 4),
//! ];
//! // The table read both ways: a border can be crossed either way.
//! let neighbours = |country: &'static str| {
//!     BORDERS.iter().filter_map(move |&(a, b, days)| match () {
//!         _ if a == country => Some((b, days)),
//!         _ if b == country => Some((a, days)),
//!         _ => None,
//!     })
//! };
//! let no_hint = |_: &'static str| 0; // no coordinates: Dijkstra's order
//! let out = graph::astar(neighbours, "Alaska", "Iceland", no_hint, &GraphOptions::default());
//! assert_eq!(
//!     out,
//!     GraphOutcome::Found {
//!         path: vec!["Alaska", "Northwest Territory", "Greenland", "Iceland"],
//!         cost: 12,
//!     }
//! );
//! // Madagascar borders nothing on this corner of the board.
//! let lost = graph::astar(neighbours, "Alaska", "Madagascar", no_hint, &GraphOptions::default());
//! assert_eq!(lost, GraphOutcome::Unreachable);
//! // One expansion is not enough to know.
//! let tight = GraphOptions { max_expansions: Some(1) };
//! assert_eq!(graph::astar(neighbours, "Alaska", "Iceland", no_hint, &tight), GraphOutcome::OutOfBudget);
//!
//! // The nearest country that touches the sea between the continents.
//! let port = graph::dijkstra_to(neighbours, "Alberta", |c| c == "Kamchatka" || c == "Greenland", &GraphOptions::default());
//! assert_eq!(port.path(), Some(&["Alberta", "Northwest Territory", "Greenland"][..]));
//!
//! // Every country's distance from Alaska, nearest first.
//! let from_alaska = graph::dijkstra(neighbours, "Alaska", &GraphOptions::default());
//! assert_eq!(from_alaska.settled(), Settled::All);
//! assert_eq!(from_alaska.cost("Quebec"), Some(9)); // by Ontario, either way round
//! assert_eq!(from_alaska.cost("Madagascar"), None);
//! let order: Vec<_> = from_alaska.iter().map(|(c, _)| c).collect();
//! assert_eq!(&order[..3], ["Alaska", "Northwest Territory", "Alberta"]);
//! ```
//!
//! A type of your own is a graph by implementing [`Graph`]; here a
//! waypoint graph with positions, and the straight-line distance (rounded
//! down, so never more than a road) as the heuristic:
//!
//! ```
//! use darkstar_path::graph::{Graph, GraphOutcome, GraphSearch, GraphOptions};
//! use darkstar_path::cost::Cost;
//!
//! struct Waypoints {
//!     at: Vec<(i64, i64)>,
//!     roads: Vec<Vec<(u32, Cost)>>,
//! }
//! impl Graph<u32> for &Waypoints {
//!     fn edges(&mut self, from: u32, mut edge: impl FnMut(u32, Cost)) {
//!         for &(to, cost) in &self.roads[from as usize] {
//!             edge(to, cost);
//!         }
//!     }
//! }
//! let w = Waypoints {
//!     at: vec![(0, 0), (3, 4), (6, 0), (3, -4)],
//!     roads: vec![vec![(1, 5), (3, 6)], vec![(0, 5), (2, 5)], vec![(1, 5), (3, 5)], vec![(0, 6), (2, 5)]],
//! };
//! let goal = 2;
//! let h = |n: u32| {
//!     let ((x, y), (gx, gy)) = (w.at[n as usize], w.at[goal as usize]);
//!     (((x - gx).pow(2) + (y - gy).pow(2)) as f64).sqrt() as Cost
//! };
//! let mut search = GraphSearch::new();
//! let out = search.astar(&w, 0, goal, h, &GraphOptions::default());
//! assert_eq!(out, GraphOutcome::Found { path: vec![0, 1, 2], cost: 10 });
//! assert_eq!(search.stats().expanded, 2); // 0, then 1; 2 is the goal
//! ```

mod core;
mod table;
#[cfg(test)]
mod tests;

use std::hash::Hash;

use crate::astar::SearchStats;
use crate::cost::Cost;
use core::{Core, Ended, Record, path_to_record};
use table::{NodeIndex, Numbers, Seen, Stamped};

pub use table::Numbered;

/// A graph: the weighted edges out of each node, listed in a fixed order
/// (the order is part of the tie-breaking; see the [module docs](self)).
///
/// Any closure `FnMut(N) -> I` where `I: IntoIterator<Item = (N, Cost)>`
/// is one; implement it for a type of your own (or a reference to one) to
/// list edges without building an iterator.
pub trait Graph<N> {
    /// Calls `edge(to, cost)` for every edge out of `from`, always in the
    /// same order for the same node. Costs may be 0.
    fn edges(&mut self, from: N, edge: impl FnMut(N, Cost));
}

impl<N, I, F> Graph<N> for F
where
    F: FnMut(N) -> I,
    I: IntoIterator<Item = (N, Cost)>,
{
    #[inline]
    fn edges(&mut self, from: N, mut edge: impl FnMut(N, Cost)) {
        for (to, cost) in self(from) {
            edge(to, cost);
        }
    }
}

/// How long a graph search may run.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct GraphOptions {
    /// Give up with [`GraphOutcome::OutOfBudget`] (or, for [`dijkstra`],
    /// [`Settled::OutOfBudget`]) after expanding this many nodes.
    pub max_expansions: Option<u64>,
}

/// What a graph search ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphOutcome<N> {
    /// A cheapest path: `path[0]` is the start, the last node the goal.
    Found {
        /// The nodes of the path, start and goal included.
        path: Vec<N>,
        /// What its edges cost, summed.
        cost: Cost,
    },
    /// No path exists: every node reachable from the start was expanded.
    Unreachable,
    /// The expansion budget ran out first; nothing is known about the goal.
    OutOfBudget,
    /// Every node reachable at a cost below [`Cost::MAX`] was expanded
    /// without finding the goal, and some route was left out because its
    /// cost would have passed that: a path may exist, but its cost cannot
    /// be represented. A refusal, not a wrong answer.
    CostOverflow,
}

impl<N> GraphOutcome<N> {
    /// The path's cost, if one was found.
    pub fn cost(&self) -> Option<Cost> {
        match self {
            GraphOutcome::Found { cost, .. } => Some(*cost),
            _ => None,
        }
    }

    /// The path, if one was found.
    pub fn path(&self) -> Option<&[N]> {
        match self {
            GraphOutcome::Found { path, .. } => Some(path),
            _ => None,
        }
    }
}

/// Reusable graph search state: allocate once, search many times (the
/// tables are cleared, not freed, between queries). One per node type.
/// Nodes are found again through a hash map; for nodes numbered from 0,
/// a [`NumberedSearch`] finds them in a table instead, faster.
///
/// # Panics
/// A search that reaches more than `u32::MAX - 1` nodes panics (the
/// records are numbered in 32 bits); a budget keeps a search on a vast
/// graph well short of that.
#[derive(Clone, Debug)]
pub struct GraphSearch<N> {
    core: Core<N, NodeIndex<N>>,
}

impl<N> Default for GraphSearch<N> {
    fn default() -> Self {
        GraphSearch {
            core: Core::default(),
        }
    }
}

impl<N: Copy + Eq + Hash> GraphSearch<N> {
    /// An empty search; it grows on first use.
    pub fn new() -> GraphSearch<N> {
        GraphSearch::default()
    }

    /// Work done by the last search: nodes expanded, and entries pushed
    /// onto the open list (the start included).
    pub fn stats(&self) -> SearchStats {
        self.core.stats
    }

    /// The cheapest path from `start` to `goal` over `graph`, guided by
    /// `heuristic` (an admissible estimate of the cost from a node to
    /// `goal`; `|_| 0` for none). See the [module docs](self) for the
    /// tie-breaks and what each outcome means.
    pub fn astar<G: Graph<N>>(
        &mut self,
        graph: G,
        start: N,
        goal: N,
        heuristic: impl FnMut(N) -> Cost,
        options: &GraphOptions,
    ) -> GraphOutcome<N> {
        self.core.astar(graph, start, goal, heuristic, options)
    }

    /// The cheapest path from `start` to the nearest node (by path cost)
    /// for which `is_goal` holds: Dijkstra until a goal. Among goals at the
    /// same cost, the first the tie-breaks take off the open list.
    pub fn nearest<G: Graph<N>>(
        &mut self,
        graph: G,
        start: N,
        is_goal: impl FnMut(N) -> bool,
        options: &GraphOptions,
    ) -> GraphOutcome<N> {
        self.core.nearest(graph, start, is_goal, options)
    }
}

/// A [`GraphSearch`] for nodes numbered from 0 ([`Numbered`]: `u32` ids,
/// indices into a list of nodes): what it knows of each node is kept in a
/// table indexed by number, made once for the number of nodes, so
/// finding a node again is one read rather than a hash and a probe. The
/// same answers, expansions and tie-breaks as a [`GraphSearch`].
///
/// ```
/// use darkstar_path::graph::{GraphOptions, GraphOutcome, NumberedSearch};
///
/// // Four waypoints in a ring, 0 to 3; the long way round is cheaper.
/// let roads: [&[(u32, u64)]; 4] = [&[(1, 9), (3, 2)], &[(0, 9), (2, 2)], &[(1, 2), (3, 2)], &[(0, 2), (2, 2)]];
/// let mut search = NumberedSearch::new(roads.len());
/// let out = search.astar(|n: u32| roads[n as usize].iter().copied(), 0, 1, |_| 0, &GraphOptions::default());
/// assert_eq!(out, GraphOutcome::Found { path: vec![0, 3, 2, 1], cost: 6 });
/// ```
///
/// # Panics
/// A node whose number is not below the count the search was made for
/// panics, saying so; and as [`GraphSearch`], past `u32::MAX - 1` nodes
/// reached.
#[derive(Clone, Debug)]
pub struct NumberedSearch<N> {
    core: Core<N, Numbers>,
}

impl<N: Numbered> NumberedSearch<N> {
    /// A search over nodes numbered `0..nodes`; its table (16 bytes a
    /// node) is made here, once.
    pub fn new(nodes: usize) -> NumberedSearch<N> {
        let mut core: Core<N, Numbers> = Core::default();
        core.index.entries = vec![
            Stamped {
                stamp: 0,
                seen: Seen::new(0, 0),
            };
            nodes
        ];
        NumberedSearch { core }
    }

    /// The number of nodes it was made for.
    pub fn nodes(&self) -> usize {
        self.core.index.entries.len()
    }

    /// Work done by the last search, as [`GraphSearch::stats`].
    pub fn stats(&self) -> SearchStats {
        self.core.stats
    }

    /// As [`GraphSearch::astar`].
    pub fn astar<G: Graph<N>>(
        &mut self,
        graph: G,
        start: N,
        goal: N,
        heuristic: impl FnMut(N) -> Cost,
        options: &GraphOptions,
    ) -> GraphOutcome<N> {
        self.core.astar(graph, start, goal, heuristic, options)
    }

    /// As [`GraphSearch::nearest`].
    pub fn nearest<G: Graph<N>>(
        &mut self,
        graph: G,
        start: N,
        is_goal: impl FnMut(N) -> bool,
        options: &GraphOptions,
    ) -> GraphOutcome<N> {
        self.core.nearest(graph, start, is_goal, options)
    }
}

/// The cheapest path from `start` to `goal` over `graph` (see
/// [`GraphSearch::astar`]), with a search allocated for this one query.
pub fn astar<N: Copy + Eq + Hash, G: Graph<N>>(
    graph: G,
    start: N,
    goal: N,
    heuristic: impl FnMut(N) -> Cost,
    options: &GraphOptions,
) -> GraphOutcome<N> {
    GraphSearch::new().astar(graph, start, goal, heuristic, options)
}

/// The cheapest path from `start` to the nearest node for which `is_goal`
/// holds (see [`GraphSearch::nearest`]), with a search allocated for this
/// one query.
pub fn dijkstra_to<N: Copy + Eq + Hash, G: Graph<N>>(
    graph: G,
    start: N,
    is_goal: impl FnMut(N) -> bool,
    options: &GraphOptions,
) -> GraphOutcome<N> {
    GraphSearch::new().nearest(graph, start, is_goal, options)
}

/// Every node's distance from `start` over `graph`: Dijkstra from one
/// source, until every reachable node is settled or the budget is spent.
pub fn dijkstra<N: Copy + Eq + Hash, G: Graph<N>>(
    graph: G,
    start: N,
    options: &GraphOptions,
) -> Distances<N> {
    let mut search = GraphSearch::new().core;
    let ended = search.run(graph, start, |_| 0, |_| false, options, true);
    let settled = match ended {
        Ended::OutOfBudget => Settled::OutOfBudget,
        _ if search.overflowed => Settled::CostOverflow,
        _ => Settled::All,
    };
    let mut is_settled = vec![false; search.records.len()];
    for &r in &search.expanded {
        is_settled[r as usize] = true;
    }
    Distances {
        index: search.index,
        records: search.records,
        order: search.expanded,
        is_settled,
        settled,
        stats: search.stats,
    }
}

/// How far a [`dijkstra`] got.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Settled {
    /// Every node reachable from the source has its distance.
    All,
    /// The budget ran out: the nodes listed have their exact distances,
    /// and every other node is at least as far as the farthest of them.
    OutOfBudget,
    /// Every node reachable at a cost below [`Cost::MAX`] has its
    /// distance; some route was left out because its cost would have
    /// passed that, so a node not listed may be reachable, at a cost that
    /// cannot be represented.
    CostOverflow,
}

/// Distances from one source over a graph, by [`dijkstra`]: only nodes
/// whose distance is settled (exact) are reported.
#[derive(Clone, Debug)]
pub struct Distances<N> {
    index: NodeIndex<N>,
    records: Vec<Record<N>>,
    /// Settled records, in the order they were settled.
    order: Vec<u32>,
    is_settled: Vec<bool>,
    settled: Settled,
    stats: SearchStats,
}

impl<N: Copy + Eq + Hash> Distances<N> {
    /// How far the search got.
    pub fn settled(&self) -> Settled {
        self.settled
    }

    /// The work it did.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// How many nodes have a settled distance (the source included).
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// True when no node was settled (a budget of 0).
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The settled record of `node`.
    fn record(&self, node: N) -> Option<u32> {
        let at = self.index.get(&node)?.record;
        self.is_settled[at as usize].then_some(at)
    }

    /// The cost of the cheapest path from the source to `node`, if it is
    /// settled.
    pub fn cost(&self, node: N) -> Option<Cost> {
        self.record(node).map(|at| self.records[at as usize].g)
    }

    /// A cheapest path from the source to `node` (both included), if it is
    /// settled: the one the search's tie-breaks found.
    pub fn path_to(&self, node: N) -> Option<Vec<N>> {
        Some(path_to_record(&self.records, self.record(node)?))
    }

    /// The settled nodes and their costs, nearest first, in the order the
    /// search settled them (ties as the [module docs](self) say).
    pub fn iter(&self) -> impl Iterator<Item = (N, Cost)> + '_ {
        self.order.iter().map(|&at| {
            let r = &self.records[at as usize];
            (r.node, r.g)
        })
    }
}
