//! Building a hierarchy, and rebuilding the part of it a change touches:
//! clusters' areas, borders' transitions, clusters' routes and edges.

use super::local::{Dijkstra, Local};
use super::{EAST, Exit, Hierarchy, LONG_ENTRANCE, SOUTH, SOUTH_EAST};
use crate::cost::{Cost, UNREACHED};
use crate::geom::{Dir, Pos};
use crate::{CostMap, step};

impl Hierarchy {
    /// Rebuilds the clusters `dirty` (ascending; every cluster for a new
    /// hierarchy): their areas, their borders, then the transitions, edges
    /// and routes of every cluster on those borders.
    pub(super) fn rebuild<M: CostMap + ?Sized>(&mut self, map: &M, dirty: &[u32]) {
        for &k in dirty {
            let local = Local::load(map, self.connectivity, self.rect(k));
            self.clusters[k as usize].area = local.components();
        }
        let count = self.clusters.len();
        let mut borders: Vec<usize> = dirty
            .iter()
            .flat_map(|&k| self.borders_of(k))
            .map(|(b, _)| b)
            .collect();
        borders.sort_unstable();
        borders.dedup();
        let mut touched = dirty.to_vec();
        for &b in &borders {
            let (kind, owner) = (b / count, (b % count) as u32);
            self.borders[b] = self.border(map, kind, owner);
            touched.push(owner);
            touched.push(self.across_border(kind, owner));
        }
        touched.sort_unstable();
        touched.dedup();
        let mut dijkstra = Dijkstra::default();
        for &k in &touched {
            let cells_changed = dirty.binary_search(&k).is_ok();
            self.finish(map, k, cells_changed, &mut dijkstra);
        }
        // Each edge carries where its end's edges are: those of the
        // clusters rewritten moved, so every edge into them (from them or
        // from across their borders) is pointed anew.
        if self.graph.garbage > self.graph.edges.len() / 2 {
            self.graph.compact(&self.clusters);
            touched = (0..count as u32).collect();
        } else {
            let mut around: Vec<u32> = touched
                .iter()
                .flat_map(|&k| self.borders_of(k))
                .map(|(b, first)| {
                    let (kind, owner) = (b / count, (b % count) as u32);
                    if first {
                        self.across_border(kind, owner)
                    } else {
                        owner
                    }
                })
                .collect();
            touched.append(&mut around);
            touched.sort_unstable();
            touched.dedup();
        }
        for k in touched {
            for &cell in &self.clusters[k as usize].nodes {
                self.graph.point(cell);
            }
        }
    }

    /// Whether the step from `a` to `b` (neighbours) or back is legal.
    fn crossable<M: CostMap + ?Sized>(&self, map: &M, a: Pos, b: Pos) -> bool {
        let d = a.dir_to(b).expect("neighbours");
        self.crossing_cost(map, a, d) != UNREACHED
    }

    /// What crossing from `a` a step in `d` weighs, to compare crossings:
    /// the step there and the step back (so both cells' costs count: a
    /// road met at the border from a floor cell weighs more than a road
    /// running across it), twice the legal one when only one is,
    /// [`UNREACHED`] when neither is legal.
    fn crossing_cost<M: CostMap + ?Sized>(&self, map: &M, a: Pos, d: Dir) -> Cost {
        let b = a.step(d);
        let there = step(map, a, d, self.connectivity).map_or(UNREACHED, |(_, c)| c);
        let back = step(map, b, d.opposite(), self.connectivity).map_or(UNREACHED, |(_, c)| c);
        match (there, back) {
            (UNREACHED, UNREACHED) => UNREACHED,
            (UNREACHED, c) | (c, UNREACHED) => c.saturating_mul(2),
            _ => there.saturating_add(back),
        }
    }

    /// The area of cell `p` in cluster `k`.
    fn area(&self, k: u32, p: Pos) -> u16 {
        self.clusters[k as usize].area[self.rect(k).local(p) as usize]
    }

    /// The transitions of border `kind` of cluster `k`, from the areas of
    /// both its clusters.
    fn border<M: CostMap + ?Sized>(&self, map: &M, kind: usize, k: u32) -> Vec<(u32, u32)> {
        let other = self.across_border(kind, k);
        let (ra, rb) = (self.rect(k), self.rect(other));
        let index = |p: Pos| p.row_major(self.width) as u32;
        let (x1, y1) = (ra.x0 + ra.w as i32 - 1, ra.y0 + ra.h as i32 - 1);
        let (first, cross, along, len, diagonals) = match kind {
            EAST => (
                Pos::new(x1, ra.y0),
                Dir::E,
                Dir::S,
                ra.h,
                [Dir::NE, Dir::SE],
            ),
            SOUTH => (
                Pos::new(ra.x0, y1),
                Dir::S,
                Dir::E,
                ra.w,
                [Dir::SW, Dir::SE],
            ),
            _ => {
                // A corner: one diagonal step, a transition when legal.
                let (a, dir) = if kind == SOUTH_EAST {
                    (Pos::new(x1, y1), Dir::SE)
                } else {
                    (Pos::new(ra.x0, y1), Dir::SW)
                };
                let b = a.step(dir);
                return if self.crossable(map, a, b) {
                    vec![(index(a), index(b))]
                } else {
                    Vec::new()
                };
            }
        };
        let (dx, dy) = along.delta();
        let at = |t: u32| Pos::new(first.x + dx * t as i32, first.y + dy * t as i32);
        let mut out = Vec::new();
        // Areas joined by a transition of this border.
        let mut joined: Vec<(u16, u16)> = Vec::new();
        // A run: its first step across and the areas it joins. (Ending
        // runs where the terrain's cost changes too brought the dungeon's
        // error to 1.1% on the mean, for three times the transitions and
        // seven times the edges; a third transition in the middle of runs
        // of 6 or more, to 1.3%, at half the speed; a transition on every
        // run of cheapest crossings, to 1.7% from 1.75%: none taken.)
        let crossings: Vec<Cost> = (0..len)
            .map(|t| self.crossing_cost(map, at(t), cross))
            .collect();
        let mut run: Option<(u32, (u16, u16))> = None;
        for t in 0..=len {
            let here = (t < len && crossings[t as usize] != UNREACHED)
                .then(|| (self.area(k, at(t)), self.area(other, at(t).step(cross))));
            if let Some((start, areas)) = run
                && here != Some(areas)
            {
                let end = t - 1;
                let mut picks = if end - start + 1 >= LONG_ENTRANCE {
                    vec![start, end]
                } else {
                    vec![start + (end - start) / 2]
                };
                // The cheapest crossing (the middle of its first cheapest
                // run), too, when it is cheaper than those.
                let crossing = |t: u32| crossings[t as usize];
                let least = picks
                    .iter()
                    .map(|&p| crossing(p))
                    .min()
                    .unwrap_or(UNREACHED);
                // (cost, first, last) of the first run of cheapest crossings.
                let mut best = (UNREACHED, start, start);
                for u in start..=end {
                    let c = crossing(u);
                    if c < best.0 {
                        best = (c, u, u);
                    } else if c == best.0 && best.2 + 1 == u {
                        best.2 = u;
                    }
                }
                if best.0 < least {
                    picks.push(best.1 + (best.2 - best.1) / 2);
                    picks.sort_unstable();
                }
                for p in picks {
                    out.push((index(at(p)), index(at(p).step(cross))));
                }
                joined.push(areas);
                run = None;
            }
            if run.is_none()
                && let Some(areas) = here
            {
                run = Some((t, areas));
            }
        }
        joined.sort_unstable();
        joined.dedup();
        // Diagonal steps across, for areas no straight step joins.
        for t in 0..len {
            let a = at(t);
            for d in diagonals {
                let b = a.step(d);
                if !rb.contains(b) || !self.crossable(map, a, b) {
                    continue;
                }
                let areas = (self.area(k, a), self.area(other, b));
                if !joined.contains(&areas) {
                    joined.push(areas);
                    out.push((index(a), index(b)));
                }
            }
        }
        out
    }

    /// Gathers cluster `k`'s transitions and its steps out from its
    /// borders, and (when its cells changed or its transitions did) finds
    /// the routes between its transitions anew.
    fn finish<M: CostMap + ?Sized>(
        &mut self,
        map: &M,
        k: u32,
        cells_changed: bool,
        dijkstra: &mut Dijkstra,
    ) {
        let refs = self.borders_of(k);
        let mut nodes: Vec<u32> = Vec::new();
        for &(b, first) in &refs {
            nodes.extend(
                self.borders[b]
                    .iter()
                    .map(|&(a, o)| if first { a } else { o }),
            );
        }
        nodes.sort_unstable();
        nodes.dedup();
        let mut out = Vec::new();
        for &(b, first) in &refs {
            for &(a, o) in &self.borders[b] {
                let (mine, theirs) = if first { (a, o) } else { (o, a) };
                let (p, q) = (
                    Pos::from_row_major(mine as usize, self.width),
                    Pos::from_row_major(theirs as usize, self.width),
                );
                let d = p.dir_to(q).expect("neighbours");
                if let Some((_, cost)) = step(map, p, d, self.connectivity) {
                    let i = nodes.binary_search(&mine).expect("a transition");
                    let cluster = self.cluster_at(q);
                    out.push((
                        i,
                        Exit {
                            cell: theirs,
                            cluster,
                            cost,
                        },
                    ));
                }
            }
        }
        out.sort_unstable();
        let mut out_at = vec![0u32; nodes.len() + 1];
        for &(i, _) in &out {
            out_at[i + 1] += 1;
        }
        for i in 0..nodes.len() {
            out_at[i + 1] += out_at[i];
        }
        let rect = self.rect(k);
        let width = self.width;
        let cluster = &mut self.clusters[k as usize];
        cluster.out = out.into_iter().map(|(_, e)| e).collect();
        cluster.out_at = out_at;
        cluster.xy = nodes
            .iter()
            .map(|&c| Pos::from_row_major(c as usize, width))
            .collect();
        for &old in &cluster.nodes {
            self.graph.drop_edges(old);
            if nodes.binary_search(&old).is_err() {
                self.graph.retire(old);
            }
        }
        for &new in &nodes {
            self.graph.enlist(new);
        }
        if !cells_changed && nodes == cluster.nodes {
            self.graph.link(cluster, width);
            return;
        }
        let local = Local::load(map, self.connectivity, rect);
        let n = nodes.len();
        cluster.costs.clear();
        cluster.costs.resize(n * n, UNREACHED);
        cluster.at.clear();
        cluster.at.push(0);
        cluster.cells.clear();
        let local_of = |cell: u32| rect.local(Pos::from_row_major(cell as usize, width));
        for (i, &from) in nodes.iter().enumerate() {
            dijkstra.run(&local, local_of(from));
            for (j, &to) in nodes.iter().enumerate() {
                let lj = local_of(to);
                let d = dijkstra.dist[lj as usize];
                cluster.costs[i * n + j] = d;
                if d != UNREACHED {
                    dijkstra.trace_into(lj, &mut cluster.cells);
                }
                cluster.at.push(cluster.cells.len() as u32);
            }
        }
        cluster.nodes = nodes;
        self.graph.link(cluster, width);
    }
}
