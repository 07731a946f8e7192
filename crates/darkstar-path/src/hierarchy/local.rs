//! One cluster's cells read once into a small graph (its legal steps that
//! stay inside it, in the fixed direction order), with the bounded
//! Dijkstra the hierarchy runs over it: from a transition to the others
//! when a cluster is built, and from a query's start (forward) or goal
//! (backward) when the query inserts them.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::cost::{Cost, UNREACHED};
use crate::geom::Pos;
use crate::{Connectivity, CostMap, neighbours};

/// No cell: a parent not set, a component not labelled.
pub(super) const NO_CELL: u16 = u16::MAX;

/// A cluster's rectangle on the map.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Rect {
    pub x0: i32,
    pub y0: i32,
    pub w: u32,
    pub h: u32,
}

impl Rect {
    /// Whether `p` lies inside.
    #[inline]
    pub fn contains(self, p: Pos) -> bool {
        p.x >= self.x0
            && p.y >= self.y0
            && ((p.x - self.x0) as u32) < self.w
            && ((p.y - self.y0) as u32) < self.h
    }

    /// The local (row-major in the rectangle) index of `p`, inside.
    #[inline]
    pub fn local(self, p: Pos) -> u16 {
        ((p.y - self.y0) as u32 * self.w + (p.x - self.x0) as u32) as u16
    }

    /// The position of local index `l`.
    #[inline]
    pub fn pos(self, l: u16) -> Pos {
        let l = l as u32;
        Pos::new(self.x0 + (l % self.w) as i32, self.y0 + (l / self.w) as i32)
    }

    /// The number of cells.
    #[inline]
    pub fn cells(self) -> usize {
        (self.w * self.h) as usize
    }
}

/// A cluster's steps: `edges[at[i]..at[i + 1]]` are the legal steps out
/// of local cell `i` into the cluster (or, reversed, into `i`), each as
/// (other cell, cost of the step).
#[derive(Clone, Debug, Default)]
pub(super) struct Local {
    at: Vec<u32>,
    edges: Vec<(u16, Cost)>,
}

impl Local {
    /// Reads the steps of `rect` on `map` (forward: out of each cell).
    pub fn load<M: CostMap + ?Sized>(map: &M, connectivity: Connectivity, rect: Rect) -> Local {
        let mut local = Local {
            at: Vec::with_capacity(rect.cells() + 1),
            edges: Vec::with_capacity(rect.cells() * 8),
        };
        local.at.push(0);
        let width = map.width();
        for l in 0..rect.cells() as u16 {
            let p = rect.pos(l);
            for n in neighbours(map, p, p.row_major(width), connectivity) {
                if rect.contains(n.to) {
                    local.edges.push((rect.local(n.to), n.cost));
                }
            }
            local.at.push(local.edges.len() as u32);
        }
        local
    }

    /// The same steps, each turned round: `edges` of `i` become the steps
    /// into `i` (for a search backward from a goal), in the order of their
    /// cells of origin.
    pub fn reversed(&self) -> Local {
        let n = self.at.len() - 1;
        let mut count = vec![0u32; n + 1];
        for &(to, _) in &self.edges {
            count[to as usize + 1] += 1;
        }
        for i in 0..n {
            count[i + 1] += count[i];
        }
        let at = count.clone();
        let mut edges = vec![(0u16, 0); self.edges.len()];
        for from in 0..n {
            for &(to, c) in self.out(from as u16) {
                let slot = &mut count[to as usize];
                edges[*slot as usize] = (from as u16, c);
                *slot += 1;
            }
        }
        Local { at, edges }
    }

    /// The steps out of local cell `i`.
    #[inline]
    pub fn out(&self, i: u16) -> &[(u16, Cost)] {
        &self.edges[self.at[i as usize] as usize..self.at[i as usize + 1] as usize]
    }

    /// The number of cells.
    #[inline]
    pub fn cells(&self) -> usize {
        self.at.len() - 1
    }

    /// A label a cell, equal for cells joined by steps within the cluster:
    /// each unlabelled cell in turn labels what it reaches (exact
    /// components when steps are legal both ways, as the
    /// [`CostMap`] contract has them).
    pub fn components(&self) -> Vec<u16> {
        let mut label = vec![NO_CELL; self.cells()];
        let mut stack = Vec::new();
        let mut next = 0u16;
        for seed in 0..self.cells() as u16 {
            if label[seed as usize] != NO_CELL {
                continue;
            }
            label[seed as usize] = next;
            stack.push(seed);
            while let Some(c) = stack.pop() {
                for &(to, _) in self.out(c) {
                    if label[to as usize] == NO_CELL {
                        label[to as usize] = next;
                        stack.push(to);
                    }
                }
            }
            next += 1;
        }
        label
    }
}

/// Dijkstra over a [`Local`]: distances and parents a cell, reused.
#[derive(Clone, Debug, Default)]
pub(super) struct Dijkstra {
    pub dist: Vec<Cost>,
    /// The cell each was reached from (over a reversed graph: the next
    /// cell on its way to the source).
    pub parent: Vec<u16>,
    heap: BinaryHeap<Reverse<(Cost, u16)>>,
}

impl Dijkstra {
    /// Every cell's distance from `source` over `local`'s steps; ties go
    /// to the lower local index, and a parent changes only for a strictly
    /// cheaper route. Returns the cells expanded.
    pub fn run(&mut self, local: &Local, source: u16) -> u64 {
        let n = local.cells();
        self.dist.clear();
        self.dist.resize(n, UNREACHED);
        self.parent.clear();
        self.parent.resize(n, NO_CELL);
        self.heap.clear();
        self.dist[source as usize] = 0;
        self.parent[source as usize] = source;
        self.heap.push(Reverse((0, source)));
        let mut expanded = 0;
        while let Some(Reverse((d, c))) = self.heap.pop() {
            if d > self.dist[c as usize] {
                continue;
            }
            expanded += 1;
            for &(to, cost) in local.out(c) {
                let nd = d.saturating_add(cost);
                if nd < self.dist[to as usize] {
                    self.dist[to as usize] = nd;
                    self.parent[to as usize] = c;
                    self.heap.push(Reverse((nd, to)));
                }
            }
        }
        expanded
    }

    /// The cells from the source to `to` (reached), source first, as
    /// local indices, appended to `out` without the source.
    pub fn trace_into(&self, to: u16, out: &mut Vec<u16>) {
        let from = out.len();
        let mut c = to;
        while self.parent[c as usize] != c {
            out.push(c);
            c = self.parent[c as usize];
        }
        out[from..].reverse();
    }
}
