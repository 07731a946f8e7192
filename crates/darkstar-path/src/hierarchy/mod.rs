//! The two-tiered search (HPA*, Botea, Müller and Schaeffer 2004): long
//! paths planned over clusters, then refined to cells. Fast, and **not
//! exact**: a path it returns is legal and costs what it says, but may
//! cost more than the cheapest (see "Error" below). The exact searches
//! ([`crate::SearchContext`], [`crate::find_path`]) stay the default.
//!
//! A [`Hierarchy`] cuts the map into square clusters (8 cells a side by
//! default, [`DEFAULT_CLUSTER_SIZE`]). On each border between two
//! neighbouring clusters, the legal steps across it are grouped into
//! entrances (maximal runs of straight steps across whose cells lie in
//! the same two areas of their clusters) and each entrance gets a
//! transition in its middle, or two, at its ends, when it is
//! [`LONG_ENTRANCE`] or more cells long, and one more at its cheapest
//! crossing when that is cheaper than those (a road across a border is
//! crossed where it runs; a crossing weighs the step across and the step
//! back, so both its cells' costs count). A diagonal step across, along
//! a border or at a corner where four clusters meet, gets a transition of
//! its own when it joins two areas no other transition of that border
//! joins: so any two cells joined by some path are joined in the graph
//! over transitions, and "no path" is only answered when there is none.
//! Within each cluster, a Dijkstra from each transition finds the exact
//! cost (and path, kept) to every other transition of the cluster.
//!
//! A query runs one Dijkstra within the start's cluster (forward) and one
//! within the goal's (backward), then A* over the transitions (its open
//! list the grid A*'s ring of buckets by f), then lays
//! the kept paths end to end. When start and goal share a cluster, the
//! path within the cluster competes with the one through the graph. Every
//! number here is an integer; neighbours, transitions and ties go in a
//! fixed order, so the same question gets the same path everywhere.
//!
//! When costs change, [`Hierarchy::cells_changed`] rebuilds only the
//! clusters within one cell of a change and the borders they share, and
//! leaves the hierarchy exactly as building it anew would.
//!
//! Error: a path from the graph goes through transitions, so it may cost
//! more than the optimal one; a query refines it ([`Refinement`]):
//! by default with straight shortcuts where they are cheaper, or, at about
//! half the speed, by an A* within the clusters it crosses and their
//! neighbours. On the longest fifth of the problems (docs/benchmarks.md,
//! "Two-tiered search (HPA*)"), in clusters of 8, smoothed paths cost
//! more than the optimal by 0.80% on the mean and 1.71% at worst on the
//! Moving AI map arena2, by nothing on 8room_000, and by 1.75% on the
//! mean and 3.47% at worst on a 1024 x 1024 dungeon of the game's, whose
//! terrain costs vary; refined in a corridor, by 0.03% and 1.25%,
//! nothing, and 0.25% and 1.76%.
//!
//! ```
//! use darkstar_path::hierarchy::Hierarchy;
//! use darkstar_path::geom::Pos;
//! use darkstar_path::{Connectivity, GridMap, Outcome, SearchContext, SearchOptions};
//!
//! let rows = [
//!     "................",
//!     ".######.#######.",
//!     "................",
//!     "..........#.....",
//!     "..........#.....",
//!     "..........#.....",
//!     "..........#.....",
//!     "................",
//! ];
//! let mut map = GridMap::from_rows(rows, |c| (c == '.').then_some(1)).unwrap();
//! let mut hpa = Hierarchy::new(&map, Connectivity::Eight).unwrap();
//! let (a, b) = (Pos::new(0, 0), Pos::new(15, 7));
//! let Outcome::Found { path, cost } = hpa.find_path(&map, a, b) else { panic!() };
//! assert_eq!((path[0], path[path.len() - 1]), (a, b));
//! // Never cheaper than the optimal path, and here close to it.
//! let exact = SearchContext::new().find_path(&map, a, b, &SearchOptions::default());
//! assert!(cost >= exact.cost().unwrap() && cost <= exact.cost().unwrap() * 11 / 10);
//!
//! // A wall learnt: the hierarchy is repaired around it.
//! map.set(Pos::new(8, 1), None);
//! hpa.cells_changed(&map, &[Pos::new(8, 1)]);
//! assert!(hpa.find_path(&map, a, Pos::new(8, 0)).cost().is_some());
//! ```

mod build;
mod graph;
mod local;
mod query;
mod smooth;
#[cfg(test)]
mod tests;

use crate::cost::{Cost, UNREACHED};
use crate::geom::Pos;
use crate::{Connectivity, CostMap};
use graph::{Graph, NO_SLOT};
use local::Rect;

pub use query::HierarchyStats;

/// The side of a cluster unless asked otherwise: 8 cells, as the Rust
/// peer `hierarchical_pathfinding` has it.
pub const DEFAULT_CLUSTER_SIZE: u32 = 8;

/// The smallest side of a cluster.
pub const MIN_CLUSTER_SIZE: u32 = 2;

/// The largest side of a cluster (its cells are numbered in 16 bits).
pub const MAX_CLUSTER_SIZE: u32 = 64;

/// An entrance this many cells long or longer gets two transitions, at
/// its ends; a shorter one gets one, in its middle. Botea et al. use 6;
/// 3 halved the error on arena2 (3.4% to 1.9% on the mean, unsmoothed)
/// for the same work.
pub const LONG_ENTRANCE: u32 = 3;

/// How a query refines the path it lays along the graph (every one is
/// legal, costs what it says and never more than the path laid; errors
/// measured on the longest fifth of the problems, clusters of 8, in
/// docs/benchmarks.md, "Two-tiered search (HPA*)").
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Refinement {
    /// None: the path through the transitions, each leg the cheapest
    /// within its cluster.
    None,
    /// Straight shortcuts (the default): the straight run between two
    /// cells of the path up to one and a half clusters apart, where it is
    /// legal and cheaper than the stretch it replaces (one try from each
    /// cell, the farthest worth trying). Cheap; it cannot find a cheaper
    /// route that bends, such as a road.
    #[default]
    Smooth,
    /// The cheapest path within a corridor: the clusters the path
    /// crosses and every cluster next to one, searched by A*. Within 1%
    /// on the mean where terrain costs vary, for about half the speed of
    /// smoothing.
    Corridor,
}

/// Why a [`Hierarchy`] could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HierarchyError {
    /// The cluster side is outside [`MIN_CLUSTER_SIZE`] to
    /// [`MAX_CLUSTER_SIZE`].
    #[error("a cluster side of {0} is outside {MIN_CLUSTER_SIZE} to {MAX_CLUSTER_SIZE}")]
    ClusterSize(u32),
    /// The map has more cells than 32-bit indices address.
    #[error("a {width}x{height} map is too large for a hierarchy")]
    TooLarge {
        /// The map's columns.
        width: u32,
        /// The map's rows.
        height: u32,
    },
}

/// One cluster: its areas, its transitions, and the exact routes between
/// them within it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Cluster {
    /// The area (component of the cluster's step graph) of each of its
    /// cells, in local row-major order.
    area: Vec<u16>,
    /// Its transitions, as map row-major cell indices, ascending.
    nodes: Vec<u32>,
    /// `costs[i * n + j]`: the cheapest route from `nodes[i]` to
    /// `nodes[j]` within the cluster, [`UNREACHED`] if none.
    costs: Vec<Cost>,
    /// The route of `costs[e]`: `cells[at[e]..at[e + 1]]`, local indices,
    /// from the cell after `nodes[i]` to `nodes[j]`.
    at: Vec<u32>,
    cells: Vec<u16>,
    /// The position of each transition (a query reads it for its
    /// estimate, with no division).
    xy: Vec<Pos>,
    /// The steps out of the cluster from `nodes[i]`:
    /// `out[out_at[i]..out_at[i + 1]]`, by cell entered.
    out_at: Vec<u32>,
    out: Vec<Exit>,
}

/// A step out of a cluster from one of its transitions, onto a transition
/// of a neighbouring cluster.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Exit {
    /// The cell entered (row-major) and its cluster.
    cell: u32,
    cluster: u32,
    /// What the step costs.
    cost: Cost,
}

/// The four kinds of border, each kept by the cluster to its north-west:
/// east (with the cluster to the east), south, and the two corners where
/// four clusters meet (a step south-east from this cluster, and a step
/// south-west from it to the cluster below its west neighbour).
const KINDS: usize = 4;
const EAST: usize = 0;
const SOUTH: usize = 1;
const SOUTH_EAST: usize = 2;
const SOUTH_WEST: usize = 3;

/// The graph over transitions for a map and a movement rule, repaired as
/// costs change (see the [module docs](self)).
///
/// ```
/// use darkstar_path::hierarchy::Hierarchy;
/// use darkstar_path::geom::Pos;
/// use darkstar_path::{Connectivity, GridMap};
///
/// // Two rooms joined by a door at (20, 5); the right one is swamp.
/// let mut map = GridMap::new(40, 12);
/// for y in 0..12 {
///     if y != 5 {
///         map.set(Pos::new(20, y), None);
///     }
/// }
/// for y in 0..12 {
///     for x in 21..40 {
///         map.set(Pos::new(x, y), Some(3));
///     }
/// }
/// let mut hpa = Hierarchy::new(&map, Connectivity::Eight).unwrap();
/// let path = hpa.find_path(&map, Pos::new(2, 10), Pos::new(37, 1));
/// assert!(path.path().unwrap().contains(&Pos::new(20, 5)));
/// println!("{:?}", hpa.stats()); // cells and transitions expanded
///
/// // The door shut: repaired, no path (and never a wrong one).
/// map.set(Pos::new(20, 5), None);
/// hpa.cells_changed(&map, &[Pos::new(20, 5)]);
/// assert!(hpa.find_path(&map, Pos::new(2, 10), Pos::new(37, 1)).path().is_none());
/// ```
#[derive(Clone, Debug)]
pub struct Hierarchy {
    width: u32,
    height: u32,
    size: u32,
    connectivity: Connectivity,
    /// Clusters per row and per column.
    across: u32,
    down: u32,
    clusters: Vec<Cluster>,
    /// `borders[kind * clusters + k]`: the transitions of border `kind`
    /// of cluster `k`, as (cell on `k`'s side, cell on the other side).
    borders: Vec<Vec<(u32, u32)>>,
    /// Every transition's edges, for queries.
    graph: Graph,
    /// How a query refines its path (see [`Hierarchy::set_refinement`]).
    refinement: Refinement,
    scratch: query::Scratch,
}

impl Hierarchy {
    /// The hierarchy of `map` for `connectivity`, in clusters of
    /// [`DEFAULT_CLUSTER_SIZE`].
    pub fn new<M: CostMap + ?Sized>(
        map: &M,
        connectivity: Connectivity,
    ) -> Result<Hierarchy, HierarchyError> {
        Hierarchy::with_cluster_size(map, connectivity, DEFAULT_CLUSTER_SIZE)
    }

    /// The hierarchy of `map` for `connectivity`, in clusters `size` cells
    /// a side (the last row and column of clusters may be narrower).
    pub fn with_cluster_size<M: CostMap + ?Sized>(
        map: &M,
        connectivity: Connectivity,
        size: u32,
    ) -> Result<Hierarchy, HierarchyError> {
        if !(MIN_CLUSTER_SIZE..=MAX_CLUSTER_SIZE).contains(&size) {
            return Err(HierarchyError::ClusterSize(size));
        }
        let (width, height) = (map.width(), map.height());
        if width as u64 * height as u64 >= u32::MAX as u64 {
            return Err(HierarchyError::TooLarge { width, height });
        }
        let (across, down) = (width.div_ceil(size), height.div_ceil(size));
        let count = (across * down) as usize;
        let mut hierarchy = Hierarchy {
            width,
            height,
            size,
            connectivity,
            across,
            down,
            clusters: vec![Cluster::default(); count],
            borders: vec![Vec::new(); KINDS * count],
            graph: Graph {
                span: vec![(0, 0); (width * height) as usize],
                slot: vec![NO_SLOT; (width * height) as usize],
                ..Graph::default()
            },
            refinement: Refinement::Smooth,
            scratch: query::Scratch::default(),
        };
        let all: Vec<u32> = (0..count as u32).collect();
        hierarchy.rebuild(map, &all);
        Ok(hierarchy)
    }

    /// Costs around `cells` changed on `map` (a wall learnt, a door
    /// opened, terrain learnt): steps into, out of and diagonally past
    /// each cell may have changed, so every cluster holding the cell or
    /// one of its eight neighbours is rebuilt, with its borders, and so
    /// are the transitions of the clusters across those borders. Cells off
    /// the map are ignored. Afterwards the hierarchy is the one
    /// [`Hierarchy::new`] would build of `map`.
    ///
    /// # Panics
    ///
    /// If `map` is not the size of the map the hierarchy was built for.
    pub fn cells_changed<M: CostMap + ?Sized>(&mut self, map: &M, cells: &[Pos]) {
        self.check_size(map);
        let mut dirty = Vec::new();
        for &c in cells {
            if !map.contains(c) {
                continue;
            }
            for dy in -1..=1 {
                for dx in -1..=1 {
                    let p = Pos::new(c.x + dx, c.y + dy);
                    if map.contains(p) {
                        dirty.push(self.cluster_at(p));
                    }
                }
            }
        }
        dirty.sort_unstable();
        dirty.dedup();
        self.rebuild(map, &dirty);
    }

    /// Whether queries smooth their paths: on is [`Refinement::Smooth`]
    /// (the default), off [`Refinement::None`].
    pub fn set_smoothing(&mut self, on: bool) {
        self.refinement = if on {
            Refinement::Smooth
        } else {
            Refinement::None
        };
    }

    /// How queries refine the path they lay along the graph.
    pub fn set_refinement(&mut self, refinement: Refinement) {
        self.refinement = refinement;
    }

    /// How queries refine their paths.
    pub fn refinement(&self) -> Refinement {
        self.refinement
    }

    /// The side of its clusters.
    pub fn cluster_size(&self) -> u32 {
        self.size
    }

    /// The movement rule it was built for.
    pub fn connectivity(&self) -> Connectivity {
        self.connectivity
    }

    /// The number of transitions (nodes of the graph).
    pub fn node_count(&self) -> usize {
        self.clusters.iter().map(|c| c.nodes.len()).sum()
    }

    /// The number of edges of the graph: routes within clusters, and steps
    /// across borders.
    pub fn edge_count(&self) -> usize {
        self.clusters
            .iter()
            .map(|c| {
                c.costs
                    .iter()
                    .filter(|&&d| d != UNREACHED && d != 0)
                    .count()
                    + c.out.len()
            })
            .sum()
    }

    /// True when `other` holds the same graph: the same clusters, areas,
    /// transitions, edges, costs and kept routes.
    pub fn same_graph(&self, other: &Hierarchy) -> bool {
        (self.width, self.height, self.size, self.connectivity)
            == (other.width, other.height, other.size, other.connectivity)
            && self.clusters == other.clusters
            && self.borders == other.borders
            && self.clusters.iter().all(|c| {
                c.nodes
                    .iter()
                    .all(|&n| self.graph.edges_of(n) == other.graph.edges_of(n))
            })
    }

    /// True when every edge knows where its end's edges are now.
    #[cfg(test)]
    fn edges_pointed(&self) -> bool {
        self.clusters.iter().all(|c| {
            c.nodes.iter().all(|&n| {
                self.graph.edges_of(n).iter().all(|e| {
                    e.span == self.graph.span[e.to as usize]
                        && e.slot == self.graph.slot[e.to as usize]
                        && self.graph.cell_of[e.slot as usize] == e.to
                })
            })
        })
    }

    fn check_size<M: CostMap + ?Sized>(&self, map: &M) {
        assert!(
            (map.width(), map.height()) == (self.width, self.height),
            "a {}x{} map handed to a hierarchy of a {}x{} one",
            map.width(),
            map.height(),
            self.width,
            self.height
        );
    }

    /// The cluster holding `p` (on the map).
    #[inline]
    fn cluster_at(&self, p: Pos) -> u32 {
        (p.y as u32 / self.size) * self.across + p.x as u32 / self.size
    }

    /// The rectangle of cluster `k`.
    #[inline]
    fn rect(&self, k: u32) -> Rect {
        let (cx, cy) = (k % self.across, k / self.across);
        let (x0, y0) = (cx * self.size, cy * self.size);
        Rect {
            x0: x0 as i32,
            y0: y0 as i32,
            w: self.size.min(self.width - x0),
            h: self.size.min(self.height - y0),
        }
    }

    /// The cluster across border `kind` of `k` (which has that border).
    fn across_border(&self, kind: usize, k: u32) -> u32 {
        match kind {
            EAST => k + 1,
            SOUTH => k + self.across,
            SOUTH_EAST => k + self.across + 1,
            _ => k + self.across - 1,
        }
    }

    /// The borders of cluster `k`, each as (index into `borders`, whether
    /// `k` is its first side).
    fn borders_of(&self, k: u32) -> Vec<(usize, bool)> {
        let (cx, cy) = (k % self.across, k / self.across);
        let (w, s) = (self.across, self.clusters.len());
        let (west, east, north, south) = (cx > 0, cx + 1 < w, cy > 0, cy + 1 < self.down);
        let mut out = Vec::with_capacity(8);
        let mut add = |cond: bool, kind: usize, owner: u32, first: bool| {
            if cond {
                out.push((kind * s + owner as usize, first));
            }
        };
        add(east, EAST, k, true);
        add(west, EAST, k.wrapping_sub(1), false);
        add(south, SOUTH, k, true);
        add(north, SOUTH, k.wrapping_sub(w), false);
        add(east && south, SOUTH_EAST, k, true);
        add(west && north, SOUTH_EAST, k.wrapping_sub(w + 1), false);
        add(west && south, SOUTH_WEST, k, true);
        add(
            east && north,
            SOUTH_WEST,
            k.wrapping_sub(w).wrapping_add(1),
            false,
        );
        out
    }
}
