//! A query: the start and goal inserted into their clusters, A* over the
//! transitions, the kept routes laid end to end.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::Hierarchy;
use super::local::{Dijkstra, Local};
use crate::CostMap;
use crate::astar::Outcome;
use crate::cost::{Cost, UNREACHED};
use crate::geom::Pos;

/// Work done by a [`Hierarchy`]'s last query.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct HierarchyStats {
    /// Cells expanded by the searches within the start's and the goal's
    /// clusters (each runs to the end of its cluster).
    pub cells_expanded: u64,
    /// Transitions (and the start) expanded by the search over the graph.
    pub nodes_expanded: u64,
}

impl HierarchyStats {
    /// Everything expanded: cells and transitions, to set beside A*'s
    /// [`crate::SearchStats::expanded`].
    pub fn expanded(&self) -> u64 {
        self.cells_expanded + self.nodes_expanded
    }
}

/// The search's arrays, kept between queries.
#[derive(Clone, Debug, Default)]
pub(super) struct Scratch {
    g: Vec<Cost>,
    parent: Vec<u32>,
    /// `generation`: seen this query; `generation + 1`: closed.
    stamp: Vec<u32>,
    /// The cluster of each transition seen.
    cluster: Vec<u32>,
    generation: u32,
    /// Open entries: least f, then greatest g, then least number.
    heap: BinaryHeap<Reverse<(Cost, Reverse<Cost>, u32)>>,
    forward: Dijkstra,
    backward: Dijkstra,
    stats: HierarchyStats,
}

impl Scratch {
    /// Ready for a search over `nodes` numbers.
    fn begin(&mut self, nodes: usize) {
        if self.stamp.len() < nodes {
            self.g.resize(nodes, 0);
            self.parent.resize(nodes, 0);
            self.stamp.resize(nodes, 0);
            self.cluster.resize(nodes, 0);
        }
        if self.generation >= u32::MAX - 3 {
            self.stamp.fill(0);
            self.generation = 0;
        }
        self.generation += 2;
        self.heap.clear();
    }

    /// Reaches `id` (in cluster `k`, estimated `h` from the goal) from
    /// `from` at cost `g`, if that is better than known.
    #[inline]
    fn relax(&mut self, id: u32, k: u32, from: u32, g: Cost, h: Cost) {
        let i = id as usize;
        let now = self.generation;
        if self.stamp[i] == now + 1 || (self.stamp[i] == now && self.g[i] <= g) {
            return;
        }
        self.stamp[i] = now;
        self.g[i] = g;
        self.parent[i] = from;
        self.cluster[i] = k;
        self.heap
            .push(Reverse((g.saturating_add(h), Reverse(g), id)));
    }
}

impl Hierarchy {
    /// Work done by the last query.
    pub fn stats(&self) -> HierarchyStats {
        self.scratch.stats
    }

    /// A path from `start` to `goal`: [`Outcome::Found`] with a legal path
    /// and its exact cost, which may exceed the optimal (see the [module
    /// docs](self)), or [`Outcome::Unreachable`] exactly when no path
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
        let rects = |k: u32| {
            let (cx, cy) = (k % self.across, k / self.across);
            let (x0, y0) = (cx * self.size, cy * self.size);
            super::local::Rect {
                x0: x0 as i32,
                y0: y0 as i32,
                w: self.size.min(self.width - x0),
                h: self.size.min(self.height - y0),
            }
        };
        let sc = &mut self.scratch;
        sc.stats.cells_expanded += sc.forward.run(&forward, ls_);
        sc.stats.cells_expanded += sc.backward.run(&backward, lg_);
        let direct = if ks == kg {
            sc.forward.dist[lg_ as usize]
        } else {
            UNREACHED
        };

        // A* over the transitions; the start is number `n`, the goal `n + 1`.
        let n = self.base[self.clusters.len()];
        let (s_id, g_id) = (n, n + 1);
        let cheapest = map.cheapest_steps();
        let conn = self.connectivity;
        let width = self.width;
        let h = |p: Pos| conn.heuristic(cheapest, p, goal);
        sc.begin(n as usize + 2);
        sc.relax(s_id, ks, s_id, 0, 0);
        let mut reached = false;
        while let Some(Reverse((_, Reverse(g), id))) = sc.heap.pop() {
            let i = id as usize;
            if sc.stamp[i] != sc.generation || sc.g[i] != g {
                continue;
            }
            if id == g_id {
                reached = true;
                break;
            }
            sc.stamp[i] = sc.generation + 1;
            sc.stats.nodes_expanded += 1;
            if id == s_id {
                if direct != UNREACHED {
                    sc.relax(g_id, kg, id, direct, 0);
                }
                let c = &self.clusters[ks as usize];
                for (j, &p) in c.xy.iter().enumerate() {
                    let d = sc.forward.dist[rs.local(p) as usize];
                    if d != UNREACHED {
                        sc.relax(self.base[ks as usize] + j as u32, ks, id, d, h(p));
                    }
                }
                continue;
            }
            let k = sc.cluster[i];
            let c = &self.clusters[k as usize];
            let li = (id - self.base[k as usize]) as usize;
            if k == kg {
                let d = sc.backward.dist[rg.local(c.xy[li]) as usize];
                if d != UNREACHED {
                    sc.relax(g_id, kg, id, g.saturating_add(d), 0);
                }
            }
            let m = c.nodes.len();
            let base = self.base[k as usize];
            for (j, (&d, &p)) in c.costs[li * m..(li + 1) * m].iter().zip(&c.xy).enumerate() {
                if j != li && d != UNREACHED {
                    sc.relax(base + j as u32, k, id, g.saturating_add(d), h(p));
                }
            }
            for e in &c.out[c.out_at[li] as usize..c.out_at[li + 1] as usize] {
                let other = &self.clusters[e.cluster as usize];
                let j = other
                    .nodes
                    .binary_search(&e.cell)
                    .expect("a step out ends on a transition");
                let to = self.base[e.cluster as usize] + j as u32;
                sc.relax(to, e.cluster, id, g.saturating_add(e.cost), h(other.xy[j]));
            }
        }
        if !reached {
            return Outcome::Unreachable;
        }

        // The transitions passed, start to goal, then their routes.
        let cost = sc.g[g_id as usize];
        let mut chain = Vec::new();
        let mut id = sc.parent[g_id as usize];
        while id != s_id {
            chain.push(id);
            id = sc.parent[id as usize];
        }
        chain.reverse();
        let mut path = vec![start];
        let mut locals = Vec::new();
        let cell_of = |id: u32| {
            let k = sc.cluster[id as usize];
            (
                k,
                self.clusters[k as usize].nodes[(id - self.base[k as usize]) as usize],
            )
        };
        let Some(&last) = chain.last() else {
            // Straight within the shared cluster.
            sc.forward.trace_into(lg_, &mut locals);
            path.extend(locals.iter().map(|&l| rs.pos(l)));
            return Outcome::Found { path, cost };
        };
        let (_, first_cell) = cell_of(chain[0]);
        sc.forward.trace_into(
            rs.local(Pos::from_row_major(first_cell as usize, width)),
            &mut locals,
        );
        path.extend(locals.iter().map(|&l| rs.pos(l)));
        for pair in chain.windows(2) {
            let ((ka, _), (kb, cell_b)) = (cell_of(pair[0]), cell_of(pair[1]));
            if ka == kb {
                let c = &self.clusters[ka as usize];
                let m = c.nodes.len();
                let (i, j) = (
                    (pair[0] - self.base[ka as usize]) as usize,
                    (pair[1] - self.base[ka as usize]) as usize,
                );
                let e = i * m + j;
                let r = rects(ka);
                path.extend(
                    c.cells[c.at[e] as usize..c.at[e + 1] as usize]
                        .iter()
                        .map(|&l| r.pos(l)),
                );
            } else {
                path.push(Pos::from_row_major(cell_b as usize, width));
            }
        }
        let (_, last_cell) = cell_of(last);
        let mut l = rg.local(Pos::from_row_major(last_cell as usize, width));
        while l != lg_ {
            l = sc.backward.parent[l as usize];
            path.push(rg.pos(l));
        }
        Outcome::Found { path, cost }
    }
}
