//! Dead ends: the parts of a map a path between two cells can never use.
//!
//! Patrick Lester's "A* Pathfinding for Beginners" suggests tagging the
//! areas that lead nowhere, and ignoring them unless the start or the goal
//! is inside. [`DeadEnds`] does that exactly, once per map: it finds the
//! map's cut cells (a cell whose removal splits its area in two, such as
//! every cell of a corridor one wide) and its blocks (areas with two ways
//! between any two of their cells), and joins them into the block-cut tree
//! of the map's step graph. A simple path from `s` to `g` uses only the
//! blocks and cut cells on the tree's path from `s`'s to `g`'s; everything
//! else leads nowhere for that query: a dead end, a side room entered by
//! one door, a maze's every side branch. An optimal path is simple (every
//! step costs more than zero), so searching only the [`Corridor`] of a
//! query finds the same cost, and the same path, as searching everything
//! ([`crate::SearchContext::find_path_in`]).
//!
//! The tree is built in time and memory linear in the map's cells; a
//! query's corridor costs a walk up the tree from the start to the lowest
//! common ancestor, and a test of a cell two comparisons. When the map
//! changes (a wall learnt, a door opened), build it again: the tags are of
//! one map.
//!
//! ```
//! use darkstar_path::dead_ends::DeadEnds;
//! use darkstar_path::geom::Pos;
//! use darkstar_path::{Connectivity, GridMap, SearchContext, SearchOptions};
//! // A corridor from A round to B, and a dead end off it that runs
//! // toward B and stops a wall short.
//! let rows = [
//!     "A.........",
//!     "#.#######.",
//!     "#.#######.",
//!     "#.#######.",
//!     "#.#######.",
//!     "#.......#B",
//! ];
//! let map = GridMap::from_rows(&rows, |c| (c != '#').then_some(1)).unwrap();
//! let (a, b) = (Pos::new(0, 0), Pos::new(9, 5));
//! let tags = DeadEnds::new(&map, Connectivity::Eight);
//! let corridor = tags.corridor(a, b).unwrap();
//! assert!(corridor.allows(Pos::new(5, 0)) && corridor.allows(Pos::new(9, 3)));
//! assert!(!corridor.allows(Pos::new(1, 3)) && !corridor.allows(Pos::new(7, 5)));
//! let mut ctx = SearchContext::new();
//! let options = SearchOptions::default();
//! let plain = ctx.find_path(&map, a, b, &options);
//! let expanded = ctx.stats().expanded;
//! let pruned = ctx.find_path_in(&map, a, b, &options, &tags);
//! assert_eq!(plain, pruned);
//! assert!(ctx.stats().expanded < expanded);
//! ```

use crate::geom::Pos;
use crate::{Connectivity, CostMap, neighbours_except};

/// No tree node: a cell no unit can stand on.
const NONE: u32 = u32::MAX;

/// The block-cut tree of a map's step graph, for finding a query's
/// [`Corridor`] (see the [module docs](self)).
#[derive(Clone, Debug)]
pub struct DeadEnds {
    width: u32,
    height: u32,
    connectivity: Connectivity,
    /// Each cell's tree node: its own if it is a cut cell, else its
    /// block's; [`NONE`] for a cell with no legal step in or out.
    node_of: Vec<u32>,
    /// Each node's parent ([`NONE`] for a root: one per connected area).
    parent: Vec<u32>,
    /// Each node's place in a depth-first walk of its tree, and one past
    /// its last descendant's: `x` is an ancestor of (or is) `y` exactly
    /// when `enter[x] <= enter[y] && enter[y] < leave[x]`.
    enter: Vec<u32>,
    leave: Vec<u32>,
    /// Each cell's node's numbers, and for a cut cell its parent's: what a
    /// search asks of a cell, in one read.
    spans: Vec<Span>,
    /// Cut cells, blocks.
    cuts: u32,
    blocks: u32,
}

/// A cell's node's place in the tree (`enter`, `leave`; [`NONE`] and 0
/// for a cell with no node), and, for a cut cell, the same of the block it
/// hangs from (`up_enter` [`NONE`] marks a cell that is no cut cell;
/// `NONE - 1` and 0 a cut cell that hangs from nothing, a tree's root).
#[derive(Clone, Copy, Debug)]
struct Span {
    enter: u32,
    leave: u32,
    up_enter: u32,
    up_leave: u32,
}

impl DeadEnds {
    /// Tags `map`'s dead ends for searches with `connectivity`: a cell is
    /// in the tree when a step may leave it (and so, by the cost map's
    /// contract, enter it). Linear in the map's cells; it asks each legal
    /// step's cost once.
    ///
    /// # Panics
    ///
    /// If the map has `u32::MAX` cells or more.
    pub fn new<M: CostMap + ?Sized>(map: &M, connectivity: Connectivity) -> DeadEnds {
        let (width, height) = (map.width(), map.height());
        let cells = width as usize * height as usize;
        assert!(
            cells < NONE as usize,
            "DeadEnds::new: a map of {width} x {height} has too many cells"
        );
        let mut built = Builder::new(cells);
        // The legal steps out of every cell, once (CSR): the walk below
        // reads each cell's list as it goes.
        let mut first = Vec::with_capacity(cells + 1);
        let mut to: Vec<u32> = Vec::with_capacity(cells * 4);
        for index in 0..cells {
            first.push(to.len() as u32);
            let from = Pos::from_row_major(index, width);
            let out = neighbours_except(map, from, index, connectivity, |_| false);
            for step in out {
                to.push(step.to_index as u32);
            }
        }
        first.push(to.len() as u32);
        for root in 0..cells {
            if built.disc[root] == 0 && first[root] != first[root + 1] {
                built.walk(root as u32, &first, &to);
            }
        }
        let mut tags = built.finish();
        tags.number();
        let spans = tags
            .node_of
            .iter()
            .map(|&x| {
                if x == NONE {
                    return Span {
                        enter: NONE,
                        leave: 0,
                        up_enter: NONE,
                        up_leave: 0,
                    };
                }
                let x = x as usize;
                let (up_enter, up_leave) = if x < tags.blocks as usize {
                    (NONE, 0)
                } else {
                    match tags.parent[x] {
                        NONE => (NONE - 1, 0),
                        up => (tags.enter[up as usize], tags.leave[up as usize]),
                    }
                };
                Span {
                    enter: tags.enter[x],
                    leave: tags.leave[x],
                    up_enter,
                    up_leave,
                }
            })
            .collect();
        DeadEnds {
            width,
            height,
            connectivity,
            node_of: tags.node_of,
            parent: tags.parent,
            enter: tags.enter,
            leave: tags.leave,
            spans,
            cuts: tags.cuts,
            blocks: tags.blocks,
        }
    }

    /// The width and height of the map the tags were made for.
    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// The connectivity the tags were made for.
    pub fn connectivity(&self) -> Connectivity {
        self.connectivity
    }

    /// The map's cut cells (each splits its area in two) and blocks.
    pub fn counts(&self) -> (u32, u32) {
        (self.cuts, self.blocks)
    }

    /// The cells a simple path from `start` to `goal` may use, or `None`
    /// when no path of a step or more joins them (in two areas, or either
    /// off the map or with no step in or out).
    pub fn corridor(&self, start: Pos, goal: Pos) -> Option<Corridor<'_>> {
        let (a, b) = (self.node(start)?, self.node(goal)?);
        // Up from `a` to the lowest node above `b` too.
        let mut top = a;
        while !self.is_ancestor(top, b) {
            top = self.parent[top as usize];
            if top == NONE {
                return None;
            }
        }
        let up = self.parent[top as usize];
        Some(Corridor {
            tags: self,
            top_enter: self.enter[top as usize],
            top_leave: self.leave[top as usize],
            a_enter: self.enter[a as usize],
            b_enter: self.enter[b as usize],
            top_up_enter: if up == NONE {
                NONE
            } else {
                self.enter[up as usize]
            },
        })
    }

    /// The tree node of the cell at `p`, if it has one.
    fn node(&self, p: Pos) -> Option<u32> {
        if p.x < 0 || p.y < 0 || p.x as u32 >= self.width || p.y as u32 >= self.height {
            return None;
        }
        let node = self.node_of[p.row_major(self.width)];
        (node != NONE).then_some(node)
    }

    #[inline]
    fn is_ancestor(&self, x: u32, y: u32) -> bool {
        let (x, y) = (x as usize, y as usize);
        self.enter[x] <= self.enter[y] && self.enter[y] < self.leave[x]
    }
}

/// What [`DeadEnds::corridor`] found for one query: test cells with
/// [`Corridor::allows`].
#[derive(Clone, Copy, Debug)]
pub struct Corridor<'t> {
    tags: &'t DeadEnds,
    /// The place in the tree of the lowest common ancestor of the ends'
    /// nodes (the top of the tree's path between them), of the ends, and
    /// of the top's parent ([`NONE`] if none).
    top_enter: u32,
    top_leave: u32,
    a_enter: u32,
    b_enter: u32,
    top_up_enter: u32,
}

impl Corridor<'_> {
    /// True when a simple path of the query may pass the cell at `p`.
    pub fn allows(&self, p: Pos) -> bool {
        let t = self.tags;
        p.x >= 0
            && p.y >= 0
            && (p.x as u32) < t.width
            && (p.y as u32) < t.height
            && self.allows_index(p.row_major(t.width))
    }

    /// The same for the cell at row-major `index` (on the map): one read
    /// of the cell's numbers and a few comparisons.
    #[inline]
    pub fn allows_index(&self, index: usize) -> bool {
        let c = self.tags.spans[index];
        if self.on_path(c.enter, c.leave) {
            return true;
        }
        // A cut cell is in every block it joins: on a path through the
        // block above it, or through one below it that is the top of the
        // query's path (no other block below it is on the path without
        // the cut cell itself).
        c.up_enter != NONE && (self.on_path(c.up_enter, c.up_leave) || c.enter == self.top_up_enter)
    }

    /// True when the node numbered `enter` (its descendants numbered
    /// below `leave`) lies on the tree's path between the query's ends.
    #[inline]
    fn on_path(&self, enter: u32, leave: u32) -> bool {
        self.top_enter <= enter
            && enter < self.top_leave
            && ((enter <= self.a_enter && self.a_enter < leave)
                || (enter <= self.b_enter && self.b_enter < leave))
    }

    /// The tags this corridor was found in.
    pub fn tags(&self) -> &DeadEnds {
        self.tags
    }

    /// How many of the map's cells the corridor allows (a count over the
    /// whole map: for reports and tests, not for searches).
    pub fn cells(&self) -> usize {
        (0..self.tags.spans.len())
            .filter(|&i| self.allows_index(i))
            .count()
    }
}

/// The tree as the walk builds it.
struct Builder {
    /// Discovery time of each cell (0: not yet seen), and the lowest time
    /// its subtree reaches by one back edge.
    disc: Vec<u32>,
    low: Vec<u32>,
    time: u32,
    /// Cells discovered and not yet put in a block.
    stack: Vec<u32>,
    /// How many blocks each cell heads (is the top of), the first of
    /// them, and the block in which it was put not as the top (`NONE` for
    /// a walk's root).
    heads: Vec<u32>,
    first_head: Vec<u32>,
    member_of: Vec<u32>,
    /// Each block's top cell.
    top: Vec<u32>,
    /// Whether a cell is the root of its walk.
    root: Vec<bool>,
}

/// The tree, made.
struct Tags {
    node_of: Vec<u32>,
    parent: Vec<u32>,
    enter: Vec<u32>,
    leave: Vec<u32>,
    cuts: u32,
    blocks: u32,
}

impl Builder {
    fn new(cells: usize) -> Builder {
        Builder {
            disc: vec![0; cells],
            low: vec![0; cells],
            time: 0,
            stack: Vec::new(),
            heads: vec![0; cells],
            first_head: vec![NONE; cells],
            member_of: vec![NONE; cells],
            top: Vec::new(),
            root: vec![false; cells],
        }
    }

    /// Hopcroft and Tarjan's walk from `root`, without recursion: each
    /// frame is a cell, its parent and how far through its steps it is.
    fn walk(&mut self, root: u32, first: &[u32], to: &[u32]) {
        self.root[root as usize] = true;
        let mut frames: Vec<(u32, u32, u32)> = Vec::new();
        self.discover(root);
        frames.push((root, NONE, first[root as usize]));
        while let Some(frame) = frames.last_mut() {
            let (v, parent, next) = *frame;
            if next < first[v as usize + 1] {
                frame.2 += 1;
                let w = to[next as usize];
                if self.disc[w as usize] == 0 {
                    self.discover(w);
                    frames.push((w, v, first[w as usize]));
                } else if w != parent {
                    let v = v as usize;
                    self.low[v] = self.low[v].min(self.disc[w as usize]);
                }
                continue;
            }
            frames.pop();
            if parent == NONE {
                continue;
            }
            let (p, vi) = (parent as usize, v as usize);
            self.low[p] = self.low[p].min(self.low[vi]);
            if self.low[vi] >= self.disc[p] {
                // `parent` heads a block: `v`'s part of the stack, and it.
                let block = self.top.len() as u32;
                self.top.push(parent);
                self.heads[p] += 1;
                if self.first_head[p] == NONE {
                    self.first_head[p] = block;
                }
                while let Some(u) = self.stack.pop() {
                    self.member_of[u as usize] = block;
                    if u == v {
                        break;
                    }
                }
            }
        }
        // The root stays on the stack: it is a member of no block.
        let left = self.stack.pop();
        debug_assert_eq!(left, Some(root));
    }

    fn discover(&mut self, v: u32) {
        self.time += 1;
        self.disc[v as usize] = self.time;
        self.low[v as usize] = self.time;
        self.stack.push(v);
    }

    /// Names the tree's nodes: blocks first, then cut cells.
    fn finish(self) -> Tags {
        let blocks = self.top.len() as u32;
        let cells = self.disc.len();
        let is_cut = |c: usize| {
            if self.root[c] {
                self.heads[c] >= 2
            } else {
                self.heads[c] >= 1
            }
        };
        let mut node_of = vec![NONE; cells];
        let mut parent = vec![NONE; blocks as usize];
        let mut cuts = 0;
        for (c, node) in node_of.iter_mut().enumerate() {
            if self.disc[c] == 0 {
                continue;
            }
            if is_cut(c) {
                *node = blocks + cuts;
                // A cut cell hangs from the block it is a member of (none
                // for a root).
                parent.push(self.member_of[c]);
                cuts += 1;
            }
        }
        for (c, node) in node_of.iter_mut().enumerate() {
            if self.disc[c] == 0 || is_cut(c) {
                continue;
            }
            *node = if self.root[c] {
                // A root that is no cut cell heads exactly one block.
                self.first_head[c]
            } else {
                self.member_of[c]
            };
        }
        // A block hangs from its top, when that is a cut cell; a block
        // whose top is a root that is not one is its tree's root.
        for (up, &t) in parent.iter_mut().zip(&self.top) {
            let t = t as usize;
            *up = if is_cut(t) { node_of[t] } else { NONE };
        }
        Tags {
            node_of,
            parent,
            enter: Vec::new(),
            leave: Vec::new(),
            cuts,
            blocks,
        }
    }
}

impl Tags {
    /// Numbers every node in a depth-first walk of its tree (children
    /// lists built from the parents, in node order).
    fn number(&mut self) {
        let n = self.parent.len();
        let mut first = vec![0u32; n + 1];
        for &p in &self.parent {
            if p != NONE {
                first[p as usize + 1] += 1;
            }
        }
        for i in 0..n {
            first[i + 1] += first[i];
        }
        let mut fill = first.clone();
        let mut children = vec![0u32; first[n] as usize];
        for (x, &p) in self.parent.iter().enumerate() {
            if p != NONE {
                children[fill[p as usize] as usize] = x as u32;
                fill[p as usize] += 1;
            }
        }
        self.enter = vec![0; n];
        self.leave = vec![0; n];
        let mut time = 0;
        let mut frames: Vec<(u32, u32)> = Vec::new();
        for root in 0..n {
            if self.parent[root] != NONE {
                continue;
            }
            self.enter[root] = time;
            time += 1;
            frames.push((root as u32, first[root]));
            while let Some(frame) = frames.last_mut() {
                let (x, next) = *frame;
                if next < first[x as usize + 1] {
                    frame.1 += 1;
                    let c = children[next as usize];
                    self.enter[c as usize] = time;
                    time += 1;
                    frames.push((c, first[c as usize]));
                } else {
                    self.leave[x as usize] = time;
                    frames.pop();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::Cost;
    use crate::{GridMap, Outcome, SearchContext, SearchOptions};
    use proptest::prelude::*;

    /// Every cell some simple path from `s` to `g` passes, by brute force
    /// over the step graph: `c` is on one exactly when `s` reaches `c` and
    /// `c` reaches `g` by two paths that share no cell but `c` (for `c`
    /// neither end), which on these small maps is tried directly: a walk
    /// from `s` to `c` avoiding a set, then from `c` to `g` avoiding it.
    /// Tried as: for each `c`, remove every cell of some `s`-`c` path and
    /// ask for a `c`-`g` path; over all `s`-`c` paths (a depth-first
    /// enumeration of simple paths, small maps only).
    fn on_some_simple_path(map: &GridMap, connectivity: Connectivity, s: Pos, g: Pos) -> Vec<bool> {
        let w = map.width();
        let cells = (w * map.height()) as usize;
        let steps: Vec<Vec<usize>> = (0..cells)
            .map(|i| {
                neighbours_except(map, Pos::from_row_major(i, w), i, connectivity, |_| false)
                    .map(|n| n.to_index)
                    .collect()
            })
            .collect();
        let mut on = vec![false; cells];
        let mut path = vec![s.row_major(w)];
        let mut used = vec![false; cells];
        used[s.row_major(w)] = true;
        fn go(
            steps: &[Vec<usize>],
            g: usize,
            path: &mut Vec<usize>,
            used: &mut [bool],
            on: &mut [bool],
            budget: &mut u32,
        ) {
            if *budget == 0 {
                return;
            }
            *budget -= 1;
            let here = *path.last().unwrap();
            if here == g {
                for &c in path.iter() {
                    on[c] = true;
                }
                return;
            }
            for &n in &steps[here] {
                if !used[n] {
                    used[n] = true;
                    path.push(n);
                    go(steps, g, path, used, on, budget);
                    path.pop();
                    used[n] = false;
                }
            }
        }
        let mut budget = 2_000_000;
        go(
            &steps,
            g.row_major(w),
            &mut path,
            &mut used,
            &mut on,
            &mut budget,
        );
        assert!(budget > 0, "too many simple paths to list");
        on
    }

    fn grid(cells: &[u8], w: u32, mixed: bool) -> GridMap {
        let mut map = GridMap::new(w, cells.len() as u32 / w);
        for (i, &c) in cells.iter().enumerate() {
            let factor = if mixed { c as Cost - 2 } else { 1 };
            map.set(Pos::from_row_major(i, w), (c > 2).then_some(factor));
        }
        map
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// The corridor is exactly the cells some simple path passes
        /// (listed by brute force on 6 x 5 maps, two in five cells walls).
        #[test]
        fn the_corridor_is_every_cell_of_every_simple_path(
            cells in proptest::collection::vec(0u8..5, 6 * 5),
            s in (0i32..6, 0i32..5),
            g in (0i32..6, 0i32..5),
            connectivity in proptest::sample::select(vec![
                Connectivity::Eight, Connectivity::Four, Connectivity::EightCuttingCorners,
            ]),
        ) {
            let map = grid(&cells, 6, false);
            let (s, g) = (Pos::new(s.0, s.1), Pos::new(g.0, g.1));
            prop_assume!(s != g);
            let tags = DeadEnds::new(&map, connectivity);
            let want = on_some_simple_path(&map, connectivity, s, g);
            match tags.corridor(s, g) {
                None => prop_assert!(want.iter().all(|&c| !c), "a path exists"),
                Some(corridor) => {
                    let got: Vec<bool> = (0..want.len()).map(|i| corridor.allows_index(i)).collect();
                    prop_assert_eq!(got, want);
                }
            }
        }

        /// Searching the corridor is searching the map: the same outcome
        /// (path and cost), never more expansions, for the three rules of
        /// moves, uniform and mixed costs, on 24 x 16 maps, over the map
        /// and over its `DenseMap` (the same expansions by both loops).
        #[test]
        fn searching_the_corridor_finds_the_same_path(
            cells in proptest::collection::vec(0u8..9, 24 * 16),
            mixed in any::<bool>(),
            queries in proptest::collection::vec((0i32..24, 0i32..16, 0i32..24, 0i32..16), 1..6),
            connectivity in proptest::sample::select(vec![
                Connectivity::Eight, Connectivity::Four, Connectivity::EightCuttingCorners,
            ]),
        ) {
            let map = grid(&cells, 24, mixed);
            let dense = crate::DenseMap::new(&map, connectivity).unwrap();
            let tags = DeadEnds::new(&map, connectivity);
            let options = SearchOptions { connectivity, ..SearchOptions::default() };
            let mut ctx = SearchContext::new();
            for (sx, sy, gx, gy) in queries {
                let (s, g) = (Pos::new(sx, sy), Pos::new(gx, gy));
                let plain = ctx.find_path(&map, s, g, &options);
                let expanded = ctx.stats().expanded;
                let pruned = ctx.find_path_in(&map, s, g, &options, &tags);
                prop_assert_eq!(&pruned, &plain);
                let fewer = ctx.stats().expanded;
                if matches!(plain, Outcome::Found { .. }) {
                    prop_assert!(fewer <= expanded);
                }
                // Over the map's arrays, the loop made for them: the same.
                prop_assert_eq!(&ctx.find_path_in(&dense, s, g, &options, &tags), &plain);
                prop_assert_eq!(ctx.stats().expanded, fewer);
            }
        }
    }

    /// Out of budget, the pruned search resumes (over every cell) to the
    /// same path.
    #[test]
    fn a_pruned_search_out_of_budget_resumes_to_the_same_path() {
        let rows = [
            "..........#.........",
            ".########.#.#######.",
            ".#......#.#.#.....#.",
            ".#.####.#...#.###.#.",
            ".#....#.#####...#...",
            ".######.........#...",
        ];
        let map = GridMap::from_rows(rows, |c| (c == '.').then_some(1)).unwrap();
        let tags = DeadEnds::new(&map, Connectivity::Eight);
        let (s, g) = (Pos::new(0, 0), Pos::new(19, 5));
        let mut ctx = SearchContext::new();
        let want = ctx.find_path(&map, s, g, &SearchOptions::default());
        assert!(matches!(want, Outcome::Found { .. }));
        let options = SearchOptions {
            max_expansions: Some(3),
            ..SearchOptions::default()
        };
        let mut got = ctx.find_path_in(&map, s, g, &options, &tags);
        let mut slices = 1;
        while got == Outcome::OutOfBudget {
            got = ctx.resume(&map, 3).unwrap();
            slices += 1;
        }
        assert!(slices > 2);
        assert_eq!(got, want);
        let dense = crate::DenseMap::new(&map, Connectivity::Eight).unwrap();
        let mut got = ctx.find_path_in(&dense, s, g, &options, &tags);
        while got == Outcome::OutOfBudget {
            got = ctx.resume(&dense, 3).unwrap();
        }
        assert_eq!(got, want);
    }

    /// Two areas: unreachable without a search; a query of one cell is
    /// the cell, as `find_path` says; tags of another map are refused.
    #[test]
    fn areas_apart_and_one_cell_queries() {
        let map = GridMap::from_rows(["...#...", "...#..."], |c| (c == '.').then_some(1)).unwrap();
        let tags = DeadEnds::new(&map, Connectivity::Eight);
        assert!(tags.corridor(Pos::new(0, 0), Pos::new(6, 1)).is_none());
        let mut ctx = SearchContext::new();
        let o = SearchOptions::default();
        assert_eq!(
            ctx.find_path_in(&map, Pos::new(0, 0), Pos::new(6, 1), &o, &tags),
            Outcome::Unreachable
        );
        assert_eq!(ctx.stats().expanded, 0);
        let p = Pos::new(1, 1);
        assert_eq!(
            ctx.find_path_in(&map, p, p, &o, &tags),
            ctx.find_path(&map, p, p, &o)
        );
        // Two areas of six cells, each a block with no cut cell.
        assert_eq!(tags.counts(), (0, 2));
    }

    #[test]
    #[should_panic(expected = "dead ends tagged for a (7, 2) map")]
    fn tags_of_another_map_are_refused() {
        let map = GridMap::new(7, 2);
        let tags = DeadEnds::new(&map, Connectivity::Eight);
        let other = GridMap::new(8, 2);
        SearchContext::new().find_path_in(
            &other,
            Pos::new(0, 0),
            Pos::new(1, 1),
            &SearchOptions::default(),
            &tags,
        );
    }

    /// A corridor one wide, 100,000 cells long, is tagged without a deep
    /// recursion (every cell a cut cell).
    #[test]
    fn a_long_corridor_is_tagged_without_recursion() {
        let map = GridMap::new(100_000, 1);
        let tags = DeadEnds::new(&map, Connectivity::Four);
        assert_eq!(tags.counts(), (99_998, 99_999));
        let c = tags.corridor(Pos::new(10, 0), Pos::new(20, 0)).unwrap();
        assert_eq!(c.cells(), 11);
    }
}
