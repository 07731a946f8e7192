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

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::collections::HashMap;
use std::collections::hash_map::Entry as MapEntry;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use crate::astar::SearchStats;
use crate::cost::Cost;

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

/// A fixed, fast hasher for the node lookup table (the multiply-rotate of
/// `rustc-hash`): no random seed, so even the table's layout is the same
/// on every run (the answers would not depend on it anyway: the table is
/// only ever looked up, never iterated).
#[derive(Copy, Clone, Debug, Default)]
struct NodeHasher(u64);

/// The multiplier of `rustc-hash` 2.
const HASH_K: u64 = 0xf135_7aea_2e62_a9c5;

impl NodeHasher {
    #[inline(always)]
    fn add(&mut self, word: u64) {
        self.0 = self.0.wrapping_add(word).wrapping_mul(HASH_K);
    }
}

impl Hasher for NodeHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        self.add(bytes.len() as u64);
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        // The product's best-mixed bits are its high ones; the table
        // picks buckets by the low ones.
        self.0.rotate_left(26)
    }
}

/// Each node reached: its record, and (a copy of the record's) g, so
/// that an edge to a node already reached is judged from the one table
/// entry the lookup brought in, without a second memory access.
type NodeIndex<N> = HashMap<N, Seen, BuildHasherDefault<NodeHasher>>;

/// What the lookup table holds for a node: the best g known (the same as
/// its record's) and which record is its.
/// (g in two halves: 4-byte alignment keeps a `u32` node's table slot
/// at 16 bytes, not 24.)
#[derive(Copy, Clone, Debug)]
struct Seen {
    g: [u32; 2],
    record: u32,
}

impl Seen {
    #[inline(always)]
    fn new(g: Cost, record: u32) -> Seen {
        Seen {
            g: [g as u32, (g >> 32) as u32],
            record,
        }
    }

    #[inline(always)]
    fn g(&self) -> Cost {
        self.g[0] as Cost | (self.g[1] as Cost) << 32
    }
}

/// What a search knows of one node it has reached.
#[derive(Copy, Clone, Debug)]
struct Record<N> {
    node: N,
    /// The cost of the best path known to it ([`Cost::MAX`]: none yet).
    g: Cost,
    /// The record this one was best reached from (the start: itself).
    parent: u32,
}

/// An entry of the open list: the greatest (by [`Ord`]) comes off first.
/// 24 bytes: a node is pushed again only with a strictly smaller g, so no
/// two entries share `(g, record)`, and the order is total without a
/// counter of pushes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Open {
    f: Cost,
    g: Cost,
    record: u32,
}

impl Ord for Open {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        // Least f; then greatest g; then the node reached last (the
        // greater record). A total order, so the heap's shape cannot
        // matter.
        other.f.cmp(&self.f).then_with(|| {
            self.g
                .cmp(&other.g)
                .then_with(|| self.record.cmp(&other.record))
        })
    }
}

impl PartialOrd for Open {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }

    // The heap's sifting asks only `<=` (which child to follow, taken as
    // a number) and `>=`: both written without a branch, where the
    // three-way comparison took a branch per field, and mispredicted
    // about half the time, in the heap's hottest loop.
    #[inline(always)]
    fn le(&self, other: &Self) -> bool {
        (self.f > other.f)
            | ((self.f == other.f)
                & ((self.g < other.g) | ((self.g == other.g) & (self.record <= other.record))))
    }

    #[inline(always)]
    fn ge(&self, other: &Self) -> bool {
        other.le(self)
    }

    #[inline(always)]
    fn lt(&self, other: &Self) -> bool {
        !other.le(self)
    }

    #[inline(always)]
    fn gt(&self, other: &Self) -> bool {
        !self.le(other)
    }
}

/// How a run of the search loop ended.
enum Ended {
    /// Reached a goal, at this record.
    Reached(u32),
    /// The open list ran dry.
    Exhausted,
    /// The budget ran out.
    OutOfBudget,
}

/// Where a search finds again the nodes it has reached: a hash map for
/// any hashable node ([`GraphSearch`]), or a table indexed by number for
/// nodes numbered from 0 ([`NumberedSearch`]).
trait Table<N>: Default {
    /// The place of one node, where [`Table::fill`] writes.
    type Slot<'a>
    where
        Self: 'a;
    /// Forgets every node (a new search begins).
    fn clear(&mut self);
    /// What is known of `node`, if it was reached, and its place.
    fn slot(&mut self, node: N) -> (Option<Seen>, Self::Slot<'_>);
    /// Writes what is now known of the node at `slot`.
    fn fill(slot: Self::Slot<'_>, seen: Seen);
}

impl<N: Copy + Eq + Hash> Table<N> for NodeIndex<N> {
    type Slot<'a>
        = MapEntry<'a, N, Seen>
    where
        N: 'a;

    #[inline]
    fn clear(&mut self) {
        HashMap::clear(self);
    }

    #[inline(always)]
    fn slot(&mut self, node: N) -> (Option<Seen>, Self::Slot<'_>) {
        let entry = self.entry(node);
        let seen = match &entry {
            MapEntry::Occupied(o) => Some(*o.get()),
            MapEntry::Vacant(_) => None,
        };
        (seen, entry)
    }

    #[inline(always)]
    fn fill(slot: Self::Slot<'_>, seen: Seen) {
        match slot {
            MapEntry::Occupied(mut o) => *o.get_mut() = seen,
            MapEntry::Vacant(v) => {
                v.insert(seen);
            }
        }
    }
}

/// Nodes numbered from 0, so that a search can keep what it knows of
/// each in a table indexed by number rather than a hash map: integer ids
/// (a node list's indices, a grid's row-major cells).
pub trait Numbered: Copy + Eq {
    /// The node's number: from 0 up to (not including) the number of
    /// nodes a [`NumberedSearch`] was made for.
    fn number(self) -> usize;
}

macro_rules! numbered {
    ($($t:ty),*) => {$(
        impl Numbered for $t {
            #[inline(always)]
            fn number(self) -> usize {
                self as usize
            }
        }
    )*};
}
numbered!(u8, u16, u32, usize);

/// One node's entry in a [`Numbers`] table: what is known of it, valid
/// when its stamp is the search's.
#[derive(Copy, Clone, Debug)]
struct Stamped {
    stamp: u32,
    seen: Seen,
}

/// The table of a [`NumberedSearch`]: an entry per node number, and a
/// generation stamp (Lester's "whichList" trick), so that a new search
/// forgets every node by counting up rather than by clearing the table.
#[derive(Clone, Debug, Default)]
struct Numbers {
    entries: Vec<Stamped>,
    stamp: u32,
}

impl Numbers {
    #[inline(always)]
    fn at<N: Numbered>(&self, node: N) -> usize {
        let i = node.number();
        assert!(
            i < self.entries.len(),
            "node number {i} is past the {} nodes the NumberedSearch was made for",
            self.entries.len()
        );
        i
    }
}

impl<N: Numbered> Table<N> for Numbers {
    type Slot<'a> = (&'a mut Stamped, u32);

    #[inline]
    fn clear(&mut self) {
        if self.stamp == u32::MAX {
            // Once in four billion searches: every stamp back to 0.
            self.entries.iter_mut().for_each(|e| e.stamp = 0);
            self.stamp = 0;
        }
        self.stamp += 1;
    }

    #[inline(always)]
    fn slot(&mut self, node: N) -> (Option<Seen>, Self::Slot<'_>) {
        let (i, stamp) = (self.at(node), self.stamp);
        let e = &mut self.entries[i];
        ((e.stamp == stamp).then_some(e.seen), (e, stamp))
    }

    #[inline(always)]
    fn fill((e, stamp): Self::Slot<'_>, seen: Seen) {
        *e = Stamped { stamp, seen };
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

/// A search's state, over either table.
#[derive(Clone, Debug)]
struct Core<N, T> {
    index: T,
    records: Vec<Record<N>>,
    open: BinaryHeap<Open>,
    /// Records in the order they were expanded ([`dijkstra`] only).
    expanded: Vec<u32>,
    stats: SearchStats,
    /// Whether a route was left out because its cost overflowed.
    overflowed: bool,
}

impl<N, T: Default> Default for Core<N, T> {
    fn default() -> Self {
        Core {
            index: T::default(),
            records: Vec::new(),
            open: BinaryHeap::new(),
            expanded: Vec::new(),
            stats: SearchStats::default(),
            overflowed: false,
        }
    }
}

impl<N: Copy + Eq, T: Table<N>> Core<N, T> {
    fn astar<G: Graph<N>>(
        &mut self,
        graph: G,
        start: N,
        goal: N,
        heuristic: impl FnMut(N) -> Cost,
        options: &GraphOptions,
    ) -> GraphOutcome<N> {
        let ended = self.run(graph, start, heuristic, |n| n == goal, options, false);
        self.outcome(ended)
    }

    fn nearest<G: Graph<N>>(
        &mut self,
        graph: G,
        start: N,
        is_goal: impl FnMut(N) -> bool,
        options: &GraphOptions,
    ) -> GraphOutcome<N> {
        let ended = self.run(graph, start, |_| 0, is_goal, options, false);
        self.outcome(ended)
    }

    /// The outcome of a run of [`GraphSearch::astar`] or
    /// [`GraphSearch::nearest`].
    fn outcome(&self, ended: Ended) -> GraphOutcome<N> {
        match ended {
            Ended::Reached(at) => GraphOutcome::Found {
                path: self.path_to_record(at),
                cost: self.records[at as usize].g,
            },
            Ended::Exhausted if self.overflowed => GraphOutcome::CostOverflow,
            Ended::Exhausted => GraphOutcome::Unreachable,
            Ended::OutOfBudget => GraphOutcome::OutOfBudget,
        }
    }

    /// The nodes from the start to record `at`, by parents.
    fn path_to_record(&self, mut at: u32) -> Vec<N> {
        let mut path = Vec::new();
        loop {
            let r = &self.records[at as usize];
            path.push(r.node);
            if r.parent == at {
                break;
            }
            at = r.parent;
        }
        path.reverse();
        path
    }

    /// The search proper: from `start`, until `reached` holds for a node
    /// taken off the open list, the open list runs dry or the budget is
    /// spent. `log`: keep the order of expansions in `self.expanded`.
    fn run<G: Graph<N>>(
        &mut self,
        mut graph: G,
        start: N,
        mut heuristic: impl FnMut(N) -> Cost,
        mut reached: impl FnMut(N) -> bool,
        options: &GraphOptions,
        log: bool,
    ) -> Ended {
        let budget = options.max_expansions.unwrap_or(u64::MAX);
        let Core {
            index,
            records,
            open,
            expanded,
            stats,
            overflowed,
        } = self;
        index.clear();
        records.clear();
        open.clear();
        expanded.clear();
        *stats = SearchStats::default();
        *overflowed = false;
        let (_, slot) = index.slot(start);
        T::fill(slot, Seen::new(0, 0));
        records.push(Record {
            node: start,
            g: 0,
            parent: 0,
        });
        open.push(Open {
            f: heuristic(start),
            g: 0,
            record: 0,
        });
        stats.pushed = 1;
        while let Some(entry) = open.pop() {
            let Record { node, g, .. } = records[entry.record as usize];
            if entry.g > g {
                // Stale: the node was reached more cheaply since.
                continue;
            }
            if reached(node) {
                return Ended::Reached(entry.record);
            }
            if stats.expanded >= budget {
                return Ended::OutOfBudget;
            }
            stats.expanded += 1;
            if log {
                expanded.push(entry.record);
            }
            let from = entry.record;
            graph.edges(node, |to, cost| {
                // A path may cost at most `Cost::MAX - 1`.
                let Some(ng) = g.checked_add(cost).filter(|&c| c < Cost::MAX) else {
                    *overflowed = true;
                    return;
                };
                let (seen, slot) = index.slot(to);
                let at = match seen {
                    Some(seen) if seen.g() <= ng => return,
                    Some(seen) => seen.record,
                    None => u32::try_from(records.len())
                        .ok()
                        .filter(|&at| at < u32::MAX)
                        .expect("a graph search reached more than u32::MAX - 1 nodes"),
                };
                let Some(f) = ng.checked_add(heuristic(to)) else {
                    // With an admissible heuristic, any path through here
                    // costs at least f: more than a cost can be.
                    *overflowed = true;
                    return;
                };
                T::fill(slot, Seen::new(ng, at));
                let record = Record {
                    node: to,
                    g: ng,
                    parent: from,
                };
                if seen.is_some() {
                    records[at as usize] = record;
                } else {
                    records.push(record);
                }
                open.push(Open {
                    f,
                    g: ng,
                    record: at,
                });
                stats.pushed += 1;
            });
        }
        Ended::Exhausted
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
        let mut at = self.record(node)?;
        let mut path = Vec::new();
        loop {
            let r = &self.records[at as usize];
            path.push(r.node);
            if r.parent == at {
                break;
            }
            at = r.parent;
        }
        path.reverse();
        Some(path)
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A random directed multigraph on nodes `0..n`: `(from, to, cost)`.
    type Edges = Vec<(u32, u32, Cost)>;

    /// The edges out of `from`, in the order listed.
    fn out(edges: &Edges, from: u32) -> impl Iterator<Item = (u32, Cost)> + '_ {
        edges
            .iter()
            .filter(move |e| e.0 == from)
            .map(|&(_, to, c)| (to, c))
    }

    /// Brute force, written apart from the search: Bellman-Ford in `u128`
    /// (no overflow), the exact distance of every node from `source`.
    fn brute(n: u32, edges: &Edges, source: u32) -> Vec<Option<u128>> {
        let mut d = vec![None; n as usize];
        d[source as usize] = Some(0u128);
        for _ in 0..n {
            for &(a, b, c) in edges {
                if let Some(da) = d[a as usize] {
                    let via = da + c as u128;
                    if d[b as usize].is_none_or(|db| via < db) {
                        d[b as usize] = Some(via);
                    }
                }
            }
        }
        d
    }

    /// The cheapest distance from every node to `goal` (reversed edges).
    fn brute_to(n: u32, edges: &Edges, goal: u32) -> Vec<Option<u128>> {
        let reversed: Edges = edges.iter().map(|&(a, b, c)| (b, a, c)).collect();
        brute(n, &reversed, goal)
    }

    /// What walking `path` costs, taking the cheapest of parallel edges,
    /// or `None` if a step is not an edge.
    fn walk(edges: &Edges, path: &[u32]) -> Option<u128> {
        path.windows(2).try_fold(0u128, |sum, w| {
            let step = out(edges, w[0])
                .filter(|e| e.0 == w[1])
                .map(|e| e.1)
                .min()?;
            Some(sum + step as u128)
        })
    }

    fn graph_strategy(
        weights: impl Strategy<Value = Cost> + Clone,
    ) -> impl Strategy<Value = (u32, Edges)> {
        (1u32..10).prop_flat_map(move |n| {
            (
                Just(n),
                prop::collection::vec((0..n, 0..n, weights.clone()), 0..(3 * n as usize)),
            )
        })
    }

    /// The heuristics tried: none, the exact remaining cost (consistent),
    /// and a random fraction of it per node (admissible, often not
    /// consistent). Nodes that cannot reach the goal get any small value.
    fn heuristic(kind: u8, to_goal: &[Option<u128>], fractions: &[u8]) -> Vec<Cost> {
        to_goal
            .iter()
            .zip(fractions)
            .map(|(d, &k)| match (kind, d) {
                (0, _) => 0,
                (_, None) => k as Cost * 7,
                (1, Some(d)) => (*d).min(Cost::MAX as u128) as Cost,
                (_, Some(d)) => (d * k as u128 / 4).min(Cost::MAX as u128) as Cost,
            })
            .collect()
    }

    /// Checks one A* query against brute force; returns its outcome and
    /// expansions.
    fn check_astar(
        n: u32,
        edges: &Edges,
        (start, goal): (u32, u32),
        h: &[Cost],
        search: &mut GraphSearch<u32>,
    ) -> Result<(GraphOutcome<u32>, u64), TestCaseError> {
        let want = brute(n, edges, start)[goal as usize];
        let got = search.astar(
            |v| out(edges, v),
            start,
            goal,
            |v| h[v as usize],
            &GraphOptions::default(),
        );
        match (&got, want) {
            (GraphOutcome::Found { path, cost }, Some(d)) => {
                prop_assert_eq!(*cost as u128, d);
                prop_assert_eq!(path.first(), Some(&start));
                prop_assert_eq!(path.last(), Some(&goal));
                prop_assert_eq!(
                    walk(edges, path),
                    Some(d),
                    "path {:?} is not its cost",
                    path
                );
            }
            (GraphOutcome::Unreachable, None) => {}
            (GraphOutcome::CostOverflow, Some(d)) => prop_assert!(d >= Cost::MAX as u128),
            // A refusal where there is no path: allowed only when some
            // cost overflowed, which needs dear edges.
            (GraphOutcome::CostOverflow, None) => {
                prop_assert!(
                    edges.iter().any(|e| e.2 > Cost::MAX / 4)
                        || h.iter().any(|&x| x > Cost::MAX / 4)
                )
            }
            (got, want) => prop_assert!(false, "got {:?}, want {:?}", got, want),
        }
        Ok((got, search.stats().expanded))
    }

    proptest! {
        /// A* with each heuristic finds what brute force finds, a valid
        /// path of that cost; the same query answers the same twice, in a
        /// reused search and a fresh one, expansions included; and a
        /// budget stops it exactly where the budget says.
        #[test]
        fn astar_is_exact_and_deterministic(
            (n, edges) in graph_strategy(0u64..20),
            ends in (0u32..10, 0u32..10),
            kind in 0u8..3,
            fractions in prop::collection::vec(0u8..=4, 10),
            budget in 0u64..12,
        ) {
            let (start, goal) = (ends.0 % n, ends.1 % n);
            let h = heuristic(kind, &brute_to(n, &edges, goal), &fractions);
            let mut search = GraphSearch::new();
            let (first, expanded) = check_astar(n, &edges, (start, goal), &h, &mut search)?;
            prop_assert!(first != GraphOutcome::CostOverflow);
            // Something else in between (the way back, no heuristic: `h`
            // aims at `goal`), then the same query again.
            check_astar(n, &edges, (goal, start), &[0; 10], &mut search)?;
            let again = check_astar(n, &edges, (start, goal), &h, &mut search)?;
            prop_assert_eq!(&again, &(first.clone(), expanded));
            let fresh = check_astar(n, &edges, (start, goal), &h, &mut GraphSearch::new())?;
            prop_assert_eq!(&fresh, &(first.clone(), expanded));
            // A numbered search: the same answer and the same work, in a
            // table reused across queries.
            let mut numbered = NumberedSearch::new(n as usize);
            numbered.astar(|v| out(&edges, v), goal, start, |_| 0, &GraphOptions::default());
            let by_number = numbered.astar(|v| out(&edges, v), start, goal, |v| h[v as usize], &GraphOptions::default());
            prop_assert_eq!(&by_number, &first);
            search.astar(|v| out(&edges, v), start, goal, |v| h[v as usize], &GraphOptions::default());
            prop_assert_eq!(numbered.stats(), search.stats());
            // The budget: the same search cut short.
            let tight = GraphOptions { max_expansions: Some(budget) };
            let cut = search.astar(|v| out(&edges, v), start, goal, |v| h[v as usize], &tight);
            if expanded <= budget {
                prop_assert_eq!(cut, first);
                prop_assert_eq!(search.stats().expanded, expanded);
            } else {
                prop_assert_eq!(cut, GraphOutcome::OutOfBudget);
                prop_assert_eq!(search.stats().expanded, budget);
            }
        }

        /// Dijkstra until a goal finds the nearest goal at brute force's
        /// cost, by a valid path.
        #[test]
        fn nearest_is_exact(
            (n, edges) in graph_strategy(0u64..20),
            start in 0u32..10,
            goals in prop::collection::vec(any::<bool>(), 10),
        ) {
            let start = start % n;
            let d = brute(n, &edges, start);
            let want = (0..n).filter(|&v| goals[v as usize]).filter_map(|v| d[v as usize]).min();
            let got = dijkstra_to(|v| out(&edges, v), start, |v| goals[v as usize], &GraphOptions::default());
            let mut numbered = NumberedSearch::new(n as usize);
            prop_assert_eq!(&numbered.nearest(|v| out(&edges, v), start, |v: u32| goals[v as usize], &GraphOptions::default()), &got);
            match (&got, want) {
                (GraphOutcome::Found { path, cost }, Some(w)) => {
                    prop_assert_eq!(*cost as u128, w);
                    prop_assert_eq!(path[0], start);
                    prop_assert!(goals[*path.last().unwrap() as usize]);
                    prop_assert_eq!(walk(&edges, path), Some(w));
                }
                (GraphOutcome::Unreachable, None) => {}
                (got, want) => prop_assert!(false, "got {:?}, want {:?}", got, want),
            }
        }

        /// Dijkstra from one source: every node's distance as brute force
        /// has it, a valid path to each, settled nearest first; with a
        /// budget, the first nodes of the same order with the same costs.
        #[test]
        fn distances_are_exact(
            (n, edges) in graph_strategy(0u64..20),
            start in 0u32..10,
            budget in 0u64..10,
        ) {
            let start = start % n;
            let want = brute(n, &edges, start);
            let all = dijkstra(|v| out(&edges, v), start, &GraphOptions::default());
            prop_assert_eq!(all.settled(), Settled::All);
            for v in 0..n {
                prop_assert_eq!(all.cost(v).map(|c| c as u128), want[v as usize]);
                match all.path_to(v) {
                    Some(path) => {
                        prop_assert_eq!(path[0], start);
                        prop_assert_eq!(*path.last().unwrap(), v);
                        prop_assert_eq!(walk(&edges, &path), want[v as usize]);
                    }
                    None => prop_assert_eq!(want[v as usize], None),
                }
            }
            prop_assert_eq!(all.len(), want.iter().flatten().count());
            let order: Vec<(u32, Cost)> = all.iter().collect();
            prop_assert!(order.windows(2).all(|w| w[0].1 <= w[1].1));
            prop_assert_eq!(order[0], (start, 0));
            prop_assert_eq!(all.cost(99), None);
            let cut = dijkstra(|v| out(&edges, v), start, &GraphOptions { max_expansions: Some(budget) });
            let kept: Vec<(u32, Cost)> = cut.iter().collect();
            if budget as usize >= order.len() {
                prop_assert_eq!(cut.settled(), Settled::All);
                prop_assert_eq!(&kept, &order);
            } else {
                prop_assert_eq!(cut.settled(), Settled::OutOfBudget);
                prop_assert_eq!(&kept[..], &order[..budget as usize]);
                for &(v, c) in &order[budget as usize..] {
                    prop_assert_eq!(cut.cost(v), None, "{} at {} is not settled", v, c);
                }
            }
        }

        /// Costs near `Cost::MAX`: a path whose cost fits is found at its
        /// exact cost; a goal reachable only at a cost that does not fit
        /// is refused (`CostOverflow`), never answered with a wrapped cost
        /// or `Unreachable`; the same for distances.
        #[test]
        fn overflow_is_refused_never_wrong(
            (n, edges) in graph_strategy(prop::sample::select(vec![
                0, 1, 7, Cost::MAX / 3, Cost::MAX / 2, Cost::MAX - 2, Cost::MAX - 1, Cost::MAX,
            ])),
            ends in (0u32..10, 0u32..10),
            kind in 0u8..3,
            fractions in prop::collection::vec(0u8..=4, 10),
        ) {
            let (start, goal) = (ends.0 % n, ends.1 % n);
            let h = heuristic(kind, &brute_to(n, &edges, goal), &fractions);
            let (got, _) = check_astar(n, &edges, (start, goal), &h, &mut GraphSearch::new())?;
            let want = brute(n, &edges, start);
            if want[goal as usize].is_some_and(|d| d >= Cost::MAX as u128) {
                prop_assert_eq!(got, GraphOutcome::CostOverflow);
            }
            let all = dijkstra(|v| out(&edges, v), start, &GraphOptions::default());
            let mut any_too_dear = false;
            for v in 0..n {
                match want[v as usize] {
                    Some(d) if d < Cost::MAX as u128 => prop_assert_eq!(all.cost(v), Some(d as Cost)),
                    Some(_) => {
                        any_too_dear = true;
                        prop_assert_eq!(all.cost(v), None);
                    }
                    None => prop_assert_eq!(all.cost(v), None),
                }
            }
            if any_too_dear {
                prop_assert_eq!(all.settled(), Settled::CostOverflow);
            }
        }
    }

    /// Among equal f, the larger g comes off first, even when pushed
    /// first; among equal f and g, the node reached last.
    #[test]
    fn ties_go_to_larger_g_then_to_the_last_reached() {
        // 0 lists 2 before 1; both have f = 4, node 2 with g = 3.
        let edges: Edges = vec![(0, 2, 3), (0, 1, 1), (1, 3, 3), (2, 3, 1)];
        let h = [4, 3, 1, 0];
        let mut search = GraphSearch::new();
        let out1 = search.astar(
            |v| out(&edges, v),
            0,
            3,
            |v| h[v as usize],
            &GraphOptions::default(),
        );
        assert_eq!(
            out1,
            GraphOutcome::Found {
                path: vec![0, 2, 3],
                cost: 4
            }
        );
        // 2 first (larger g), then the goal (f 4, g 4) before 1 (f 4, g 1).
        assert_eq!(search.stats().expanded, 2);

        // A diamond with no heuristic: 1 and 2 tie on f and g, so 2
        // (reached last) is expanded first and the goal is reached by it.
        let diamond: Edges = vec![(0, 1, 1), (0, 2, 1), (1, 3, 1), (2, 3, 1)];
        let out2 = search.astar(|v| out(&diamond, v), 0, 3, |_| 0, &GraphOptions::default());
        assert_eq!(
            out2,
            GraphOutcome::Found {
                path: vec![0, 2, 3],
                cost: 2
            }
        );
        let d = dijkstra(|v| out(&diamond, v), 0, &GraphOptions::default());
        assert_eq!(
            d.iter().collect::<Vec<_>>(),
            [(0, 0), (2, 1), (1, 1), (3, 2)]
        );
        assert_eq!(d.path_to(3), Some(vec![0, 2, 3]));
    }

    /// An admissible heuristic that is not consistent: the node first
    /// expanded at g 4 is reached at g 2 later, opened again and expanded
    /// again, and the path through the cheaper way is found (without
    /// reopening, the answer would cost 9).
    #[test]
    fn an_inconsistent_heuristic_reopens_and_stays_exact() {
        let edges: Edges = vec![(0, 1, 4), (0, 2, 1), (2, 1, 1), (1, 3, 5)];
        // h(2) = 5 is within 2's true cost to the goal (6), but more than
        // the step to 1 plus h(1).
        let h = [0, 0, 5, 0];
        let mut search = GraphSearch::new();
        let out = search.astar(
            |v| out(&edges, v),
            0,
            3,
            |v| h[v as usize],
            &GraphOptions::default(),
        );
        assert_eq!(
            out,
            GraphOutcome::Found {
                path: vec![0, 2, 1, 3],
                cost: 7
            }
        );
        assert_eq!(search.stats().expanded, 4, "0, 1, 2, then 1 again");
    }

    #[test]
    fn start_is_goal_and_zero_cost_cycles() {
        let edges: Edges = vec![(0, 1, 0), (1, 0, 0), (1, 2, 0), (2, 1, 0)];
        let g = |v| out(&edges, v);
        assert_eq!(
            astar(
                g,
                1,
                1,
                |_| 0,
                &GraphOptions {
                    max_expansions: Some(0)
                }
            ),
            GraphOutcome::Found {
                path: vec![1],
                cost: 0
            }
        );
        assert_eq!(
            astar(g, 0, 2, |_| 0, &GraphOptions::default()).cost(),
            Some(0)
        );
        let d = dijkstra(g, 0, &GraphOptions::default());
        assert_eq!((d.len(), d.cost(2), d.stats().expanded), (3, Some(0), 3));
        assert!(
            dijkstra(
                g,
                0,
                &GraphOptions {
                    max_expansions: Some(0)
                }
            )
            .is_empty()
        );
    }

    /// A numbered search forgets the last search by its stamp, and when
    /// the stamp has counted to its end, by clearing every entry: an
    /// entry left from an old search must not pass for one of the new.
    #[test]
    fn a_numbered_search_forgets_across_the_stamps_end() {
        let line = |n: u32| [(n.saturating_sub(1), 1), ((n + 1).min(3), 1)];
        let mut search = NumberedSearch::new(4);
        let want = search.astar(line, 0, 3, |_| 0, &GraphOptions::default());
        assert_eq!(want.path(), Some(&[0, 1, 2, 3][..]));
        search.core.index.stamp = u32::MAX - 1;
        assert_eq!(
            search.astar(line, 0, 3, |_| 0, &GraphOptions::default()),
            want
        );
        // Node 1 as an old search left it, stamped 1: reached at no cost.
        search.core.index.entries[1] = Stamped {
            stamp: 1,
            seen: Seen::new(0, 0),
        };
        // The stamps start again at 1, and node 1 is reached afresh.
        assert_eq!(
            search.astar(line, 0, 3, |_| 0, &GraphOptions::default()),
            want
        );
        assert_eq!(search.core.index.stamp, 1);
    }

    #[test]
    #[should_panic(expected = "node number 4 is past the 4 nodes the NumberedSearch was made for")]
    fn a_node_past_a_numbered_search_panics_saying_so() {
        let line = |n: u32| [(n + 1, 1)];
        NumberedSearch::new(4).astar(line, 0, 9, |_| 0, &GraphOptions::default());
    }

    #[test]
    fn hasher_is_fixed() {
        let hash = |x: u32| {
            use std::hash::BuildHasher;
            BuildHasherDefault::<NodeHasher>::default().hash_one(x)
        };
        assert_eq!(hash(7), hash(7));
        assert_ne!(hash(7), hash(8));
        let mut h = NodeHasher::default();
        h.write(b"Alaska");
        let mut k = NodeHasher::default();
        k.write(b"Alaskb");
        assert_ne!(h.finish(), k.finish());
    }
}
