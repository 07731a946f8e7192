//! A query: the start and goal inserted into their clusters, A* over the
//! transitions, the kept routes laid end to end.

use super::local::{Dijkstra, Local};
use super::{Hierarchy, Refinement, smooth};
use crate::CostMap;
use crate::astar::Outcome;
use crate::buckets::BucketQueue;
use crate::cost::{Cost, StepCosts, UNREACHED};
use crate::geom::Pos;

/// Work done by a [`Hierarchy`]'s last query.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct HierarchyStats {
    /// Cells expanded by the searches within the start's and the goal's
    /// clusters (each runs to the end of its cluster).
    pub cells_expanded: u64,
    /// Transitions (and the start) expanded by the search over the graph.
    pub nodes_expanded: u64,
    /// The refinement's work: steps tried by smoothing (each a cell
    /// examined, one step into it), or cells expanded by the A* within
    /// the corridor ([`Refinement`]).
    pub cells_smoothed: u64,
}

impl HierarchyStats {
    /// Everything expanded: cells, transitions and steps tried by
    /// smoothing, to set beside A*'s [`crate::SearchStats::expanded`].
    pub fn expanded(&self) -> u64 {
        self.cells_expanded + self.nodes_expanded + self.cells_smoothed
    }
}

/// The search's arrays, kept between queries: a state a cell (a
/// transition is known by its cell), `[g, stamp << 32 | parent, where
/// its edges are]`, zeroed by the system and touched only where the
/// search goes.
#[derive(Clone, Debug, Default)]
pub(super) struct Scratch {
    states: Vec<[u64; 3]>,
    /// `generation`: seen this query; `generation + 1`: closed.
    generation: u32,
    /// Open slots by f (the grid A*'s open list: least f first, then the
    /// latest pushed).
    open: BucketQueue,
    forward: Dijkstra,
    backward: Dijkstra,
    stats: HierarchyStats,
    /// [`Refinement::Corridor`]: the cells of this query's corridor are
    /// those whose mark is `query`; and the exact search run in it.
    marks: Vec<u32>,
    query: u32,
    exact: crate::SearchContext,
}

/// How many times wider than the grid A*'s the buckets of the search
/// over transitions are (see [`Scratch::begin`]).
const SPAN: Cost = 16;

/// A map seen through a query's corridor: a step into a cell outside it
/// is no step.
struct Within<'a, M: ?Sized> {
    map: &'a M,
    marks: &'a [u32],
    query: u32,
}

impl<M: CostMap + ?Sized> CostMap for Within<'_, M> {
    fn width(&self) -> u32 {
        self.map.width()
    }
    fn height(&self) -> u32 {
        self.map.height()
    }
    #[inline]
    fn step_cost(&self, s: crate::Step) -> Option<Cost> {
        if self.marks[s.to_index] != self.query {
            return None;
        }
        self.map.step_cost(s)
    }
    fn cheapest_steps(&self) -> StepCosts {
        self.map.cheapest_steps()
    }
}

impl Scratch {
    /// Ready for a search over `ids` numbers, from a start whose f is
    /// `floor`, over a map whose steps cost at least `cheapest`.
    ///
    /// The graph's edges cross clusters, many steps each, so the open
    /// list's buckets are [`SPAN`] times wider than the grid A*'s: a
    /// shorter ring, its pushes closer together in memory, and the same
    /// pops (a bucket is sorted by f when it comes up). Arena2's queries
    /// took a tenth less time.
    fn begin(&mut self, ids: usize, floor: Cost, cheapest: StepCosts) {
        if self.states.len() < ids {
            self.states = vec![[0; 3]; ids];
            self.generation = 0;
        }
        if self.generation >= u32::MAX - 3 {
            self.states.fill([0; 3]);
            self.generation = 0;
        }
        self.generation += 2;
        let wide = StepCosts {
            straight: cheapest.straight.saturating_mul(SPAN),
            diagonal: cheapest.diagonal.saturating_mul(SPAN),
        };
        self.open.clear(floor, wide);
    }

    #[inline]
    fn parent(&self, id: u32) -> u32 {
        self.states[id as usize][1] as u32
    }

    /// Reaches slot `id` (estimated `h` from the goal, its edges at
    /// `span`) from `from` at cost `g`, if that is better than known.
    #[inline(always)]
    fn relax(&mut self, id: u32, from: u32, g: Cost, h: Cost, span: (u32, u32)) {
        let now = self.generation as u64;
        let s = &mut self.states[id as usize];
        let stamp = s[1] >> 32;
        if stamp == now + 1 || (stamp == now && s[0] <= g) {
            return;
        }
        *s = [
            g,
            now << 32 | from as u64,
            (span.0 as u64) << 32 | span.1 as u64,
        ];
        self.open.push(g.saturating_add(h), id);
    }
}

impl Hierarchy {
    /// Work done by the last query.
    pub fn stats(&self) -> HierarchyStats {
        self.scratch.stats
    }

    /// A path from `start` to `goal`: [`Outcome::Found`] with a legal path
    /// and its exact cost, which may exceed the optimal (see the [module
    /// docs](crate::hierarchy)), or [`Outcome::Unreachable`] exactly when no path
    /// exists (or an end is off the map). Never
    /// [`Outcome::OutOfBudget`].
    ///
    /// # Panics
    ///
    /// If `map` is not the size of the map the hierarchy was built for.
    pub fn find_path<M: CostMap + ?Sized>(&mut self, map: &M, start: Pos, goal: Pos) -> Outcome {
        self.check_size(map);
        self.scratch.stats = HierarchyStats::default();
        if !map.contains(start) || !map.contains(goal) {
            return Outcome::Unreachable;
        }
        if start == goal {
            return Outcome::Found {
                path: vec![start],
                cost: 0,
            };
        }
        let (ks, kg) = (self.cluster_at(start), self.cluster_at(goal));
        let (rs, rg) = (self.rect(ks), self.rect(kg));
        let (ls_, lg_) = (rs.local(start), rg.local(goal));
        let forward = Local::load(map, self.connectivity, rs);
        let backward = if ks == kg {
            forward.reversed()
        } else {
            Local::load(map, self.connectivity, rg).reversed()
        };
        let sc = &mut self.scratch;
        sc.stats.cells_expanded += sc.forward.run(&forward, ls_);
        sc.stats.cells_expanded += sc.backward.run(&backward, lg_);
        let direct = if ks == kg {
            sc.forward.dist[lg_ as usize]
        } else {
            UNREACHED
        };

        // A* over the transitions, each known by its slot in the arrays;
        // the start is number `n`, the goal `n + 1`.
        let n = self.graph.cell_of.len() as u32;
        let (s_id, g_id) = (n, n + 1);
        let cheapest = map.cheapest_steps();
        let conn = self.connectivity;
        let width = self.width;
        let h = |p: Pos| conn.heuristic(cheapest, p, goal);
        // The start's f is its estimate, as every other node's: an f of 0
        // would put the start's edges a whole path's length ahead of it
        // in the open list's ring of buckets, widening them every query.
        sc.begin(n as usize + 2, h(start), cheapest);
        sc.relax(s_id, s_id, 0, h(start), (0, 0));
        let mut reached = false;
        while let Some((_, id)) = sc.open.pop() {
            let state = sc.states[id as usize];
            if (state[1] >> 32) as u32 != sc.generation {
                continue;
            }
            let g = state[0];
            if id == g_id {
                reached = true;
                break;
            }
            sc.states[id as usize][1] += 1 << 32;
            sc.stats.nodes_expanded += 1;
            if id == s_id {
                if direct != UNREACHED {
                    sc.relax(g_id, id, direct, 0, (0, 0));
                }
                let c = &self.clusters[ks as usize];
                for (&cell, &p) in c.nodes.iter().zip(&c.xy) {
                    let d = sc.forward.dist[rs.local(p) as usize];
                    if d != UNREACHED {
                        let to = self.graph.slot[cell as usize];
                        sc.relax(to, id, d, h(p), self.graph.span[cell as usize]);
                    }
                }
                continue;
            }
            let p = Pos::from_row_major(self.graph.cell_of[id as usize] as usize, width);
            if rg.contains(p) {
                let d = sc.backward.dist[rg.local(p) as usize];
                if d != UNREACHED {
                    sc.relax(g_id, id, g.saturating_add(d), 0, (0, 0));
                }
            }
            let (start, len) = ((state[2] >> 32) as usize, state[2] as u32 as usize);
            for e in &self.graph.edges[start..start + len] {
                sc.relax(e.slot, id, g.saturating_add(e.cost), h(e.at), e.span);
            }
        }
        if !reached {
            return Outcome::Unreachable;
        }

        // The transitions passed, start to goal, then their routes.
        let sc = &self.scratch;
        let cost = sc.states[g_id as usize][0];
        let mut chain = Vec::new();
        let mut id = sc.parent(g_id);
        while id != s_id {
            chain.push(self.graph.cell_of[id as usize]);
            id = sc.parent(id);
        }
        chain.reverse();
        let mut path = vec![start];
        let mut locals = Vec::new();
        let Some(&last) = chain.last() else {
            // Straight within the shared cluster.
            sc.forward.trace_into(lg_, &mut locals);
            path.extend(locals.iter().map(|&l| rs.pos(l)));
            return self.finish_path(map, path, cost);
        };
        let at = |cell: u32| Pos::from_row_major(cell as usize, width);
        sc.forward.trace_into(rs.local(at(chain[0])), &mut locals);
        path.extend(locals.iter().map(|&l| rs.pos(l)));
        for pair in chain.windows(2) {
            let (a, b) = (at(pair[0]), at(pair[1]));
            let (ka, kb) = (self.cluster_at(a), self.cluster_at(b));
            if ka == kb {
                let c = &self.clusters[ka as usize];
                let m = c.nodes.len();
                let i = c.nodes.binary_search(&pair[0]).expect("a transition");
                let j = c.nodes.binary_search(&pair[1]).expect("a transition");
                let e = i * m + j;
                let r = self.rect(ka);
                path.extend(
                    c.cells[c.at[e] as usize..c.at[e + 1] as usize]
                        .iter()
                        .map(|&l| r.pos(l)),
                );
            } else {
                path.push(b);
            }
        }
        let mut l = rg.local(at(last));
        while l != lg_ {
            l = sc.backward.parent[l as usize];
            path.push(rg.pos(l));
        }
        self.finish_path(map, path, cost)
    }

    /// The path found, refined as asked.
    fn finish_path<M: CostMap + ?Sized>(&mut self, map: &M, path: Vec<Pos>, cost: Cost) -> Outcome {
        match self.refinement {
            Refinement::None => Outcome::Found { path, cost },
            Refinement::Smooth => {
                let reach = smooth::Reach {
                    window: (3 * self.size as usize).div_ceil(2),
                    tries: 1,
                };
                let checked = &mut self.scratch.stats.cells_smoothed;
                let (path, smoothed) =
                    smooth::smooth(map, self.connectivity, &path, reach, checked);
                debug_assert!(smoothed <= cost);
                Outcome::Found {
                    path,
                    cost: smoothed,
                }
            }
            Refinement::Corridor => self.within_corridor(map, path, cost),
        }
    }

    /// The cheapest path within the clusters `path` crosses and their
    /// neighbours (`path` lies within them, so one is found, never dearer).
    fn within_corridor<M: CostMap + ?Sized>(
        &mut self,
        map: &M,
        path: Vec<Pos>,
        cost: Cost,
    ) -> Outcome {
        let (across, down) = (self.across, self.height.div_ceil(self.size));
        let (mut clusters, mut last) = (Vec::new(), u32::MAX);
        for &p in &path {
            let k = self.cluster_at(p);
            if k == last {
                continue;
            }
            last = k;
            let (cx, cy) = (k % across, k / across);
            for y in cy.saturating_sub(1)..=(cy + 1).min(down - 1) {
                for x in cx.saturating_sub(1)..=(cx + 1).min(across - 1) {
                    clusters.push(y * across + x);
                }
            }
        }
        clusters.sort_unstable();
        clusters.dedup();
        let rects: Vec<_> = clusters.iter().map(|&k| self.rect(k)).collect();
        let width = self.width as usize;
        let sc = &mut self.scratch;
        if sc.marks.len() < width * self.height as usize {
            sc.marks = vec![0; width * self.height as usize];
            sc.query = 0;
        }
        if sc.query == u32::MAX {
            sc.marks.fill(0);
            sc.query = 0;
        }
        sc.query += 1;
        for r in rects {
            for y in r.y0..r.y0 + r.h as i32 {
                let row = y as usize * width + r.x0 as usize;
                sc.marks[row..row + r.w as usize].fill(sc.query);
            }
        }
        let view = Within {
            map,
            marks: &sc.marks,
            query: sc.query,
        };
        let options = crate::SearchOptions {
            connectivity: self.connectivity,
            ..crate::SearchOptions::default()
        };
        let out = sc
            .exact
            .find_path(&view, path[0], path[path.len() - 1], &options);
        sc.stats.cells_smoothed += sc.exact.stats().expanded;
        debug_assert!(out.cost().is_some_and(|c| c <= cost));
        out
    }
}
