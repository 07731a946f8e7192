//! D* Lite (Koenig and Likhachev, "D* Lite", AAAI 2002; the optimised
//! version of their Figure 4): incremental replanning for a unit moving
//! towards a fixed goal through a map whose costs it keeps discovering.
//! It searches backwards from the goal, so when a newly seen wall changes a
//! few costs only the part of the search those costs touch is redone, not
//! the whole search as with repeated A*.
//!
//! The map is any [`CostMap`] (a faction's [`Knowledge`](crate::knowledge::Knowledge),
//! typically), read through the same movement rules as A*, so the costs
//! agree exactly: after any sequence of changes, [`DStarLite::cost`] equals
//! what a fresh A* finds on the same map (a property test checks it).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{Connectivity, CostMap, Neighbours, Step, neighbours};
use crate::cost::{Cost, StepCosts, UNREACHED};
use crate::geom::{Dir, Pos};

/// A priority: `[min(g, rhs) + h + km, min(g, rhs)]`, compared in order.
type Key = (Cost, Cost);

/// An incremental planner from a moving start to a fixed goal.
///
/// It finds a cell's predecessors as the cells it can step to, which needs
/// legality to be symmetric for diagonals too (true of every map in this
/// crate: a diagonal's two corner cells are the same from either end).
#[derive(Clone, Debug)]
pub struct DStarLite {
    width: u32,
    height: u32,
    connectivity: Connectivity,
    /// Lower bound of every step cost the map will ever have: the
    /// heuristic must stay admissible as costs change.
    floor: StepCosts,
    start: Pos,
    /// Where the start was when `km` was last brought up to date.
    last: Pos,
    goal: Pos,
    km: Cost,
    g: Vec<Cost>,
    rhs: Vec<Cost>,
    /// The key each open vertex is queued under (`None`: not open).
    queued: Vec<Option<Key>>,
    heap: BinaryHeap<Reverse<(Key, u32)>>,
    /// The heap is rebuilt from its live entries when it grows past this
    /// (see [`DStarLite::enqueue`]).
    compact_at: usize,
    expanded: u64,
}

impl DStarLite {
    /// Plans from `start` to `goal` on `map`. `floor` must bound every step
    /// cost the map will ever have from below (for a faction's knowledge:
    /// the cheapest terrain there is, or the unknown cost if lower).
    pub fn new<M: CostMap + ?Sized>(
        map: &M,
        start: Pos,
        goal: Pos,
        connectivity: Connectivity,
        floor: StepCosts,
    ) -> DStarLite {
        let len = map.width() as usize * map.height() as usize;
        let mut planner = DStarLite {
            width: map.width(),
            height: map.height(),
            connectivity,
            floor,
            start,
            last: start,
            goal,
            km: 0,
            g: vec![UNREACHED; len],
            rhs: vec![UNREACHED; len],
            queued: vec![None; len],
            heap: BinaryHeap::new(),
            compact_at: Self::compact_floor(len),
            expanded: 0,
        };
        if map.contains(goal) && map.contains(start) {
            let gi = planner.index(goal);
            planner.rhs[gi] = 0;
            let key = planner.key(goal);
            planner.enqueue(gi, key);
            planner.compute(map);
        }
        planner
    }

    /// Vertices expanded (taken off the queue and settled or raised) so far.
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// The lower bound on step costs the heuristic was built on.
    pub fn floor(&self) -> StepCosts {
        self.floor
    }

    /// The goal it plans to.
    pub fn goal(&self) -> Pos {
        self.goal
    }

    /// King or rook moves.
    pub fn connectivity(&self) -> Connectivity {
        self.connectivity
    }

    /// The unit's current position.
    pub fn start(&self) -> Pos {
        self.start
    }

    /// The cost of the best path from the current start to the goal, or
    /// `None` if there is none.
    pub fn cost(&self) -> Option<Cost> {
        // rhs, not g: the optimised algorithm may stop with the start
        // locally underconsistent (g above rhs), and rhs is then the cost.
        let c = self.rhs.get(self.index_checked(self.start)?).copied()?;
        (c != UNREACHED).then_some(c)
    }

    /// The step to take from the current start: the neighbour minimising
    /// step cost plus its cost-to-goal (first in direction order on ties).
    pub fn next_step<M: CostMap + ?Sized>(&self, map: &M) -> Option<Pos> {
        if self.start == self.goal {
            return None;
        }
        self.cost()?;
        self.best_successor(map, self.start).map(|(p, _)| p)
    }

    /// The whole planned path from the current start (start first), by
    /// following [`DStarLite::next_step`]'s rule.
    pub fn path<M: CostMap + ?Sized>(&self, map: &M) -> Option<Vec<Pos>> {
        self.cost()?;
        let mut path = vec![self.start];
        let mut at = self.start;
        while at != self.goal {
            let (next, _) = self.best_successor(map, at)?;
            path.push(next);
            at = next;
            if path.len() > self.g.len() {
                return None; // Cannot happen with consistent g; never loop.
            }
        }
        Some(path)
    }

    /// The unit moved to `to`, the next cell of its plan (where costs to
    /// the goal are already settled). After a move anywhere else, report
    /// `to` as changed ([`DStarLite::cells_changed`]) so the search
    /// settles it.
    pub fn move_to(&mut self, to: Pos) {
        self.start = to;
    }

    /// Costs around `cells` changed on `map` (cells learnt, walls found):
    /// repairs the plan. Steps into, out of and diagonally past each cell
    /// may have changed, so the cell and its eight neighbours are updated.
    pub fn cells_changed<M: CostMap + ?Sized>(&mut self, map: &M, cells: &[Pos]) {
        if cells.is_empty() {
            return;
        }
        self.km += self.h(self.last, self.start);
        self.last = self.start;
        for &c in cells {
            for p in std::iter::once(c).chain(Dir::ALL.map(|d| c.step(d))) {
                if map.contains(p) && p != self.goal {
                    let i = self.index(p);
                    self.rhs[i] = self.lookahead(map, p);
                    self.update_vertex(p);
                }
            }
        }
        self.compute(map);
    }

    fn index(&self, p: Pos) -> usize {
        p.y as usize * self.width as usize + p.x as usize
    }

    fn index_checked(&self, p: Pos) -> Option<usize> {
        ((p.x as u32) < self.width && (p.y as u32) < self.height).then(|| self.index(p))
    }

    fn pos(&self, i: usize) -> Pos {
        let w = self.width as usize;
        Pos::new((i % w) as i32, (i / w) as i32)
    }

    fn h(&self, a: Pos, b: Pos) -> Cost {
        self.connectivity.heuristic(self.floor, a, b)
    }

    fn key(&self, p: Pos) -> Key {
        let i = self.index(p);
        let m = self.g[i].min(self.rhs[i]);
        (
            m.saturating_add(self.h(self.start, p))
                .saturating_add(self.km),
            m,
        )
    }

    /// The heap is never compacted below this many entries: a quarter of
    /// the cells (so a rebuild, a pass over every cell, comes only after
    /// that many pushes), and at least 1,024.
    fn compact_floor(cells: usize) -> usize {
        (cells / 4).max(1024)
    }

    /// Queues cell `i` with `key`. Entries are deleted lazily (a cell
    /// re-keyed or made consistent leaves its old entry behind, skipped by
    /// [`DStarLite::top`]), so in a long game stale entries would pile up
    /// without bound; when the heap reaches `compact_at` it is rebuilt
    /// from the live entries alone. Pops come in the order of the entries'
    /// values `(key, cell)`, never of insertion, so this changes no result.
    fn enqueue(&mut self, i: usize, key: Key) {
        self.queued[i] = Some(key);
        self.heap.push(Reverse((key, i as u32)));
        if self.heap.len() >= self.compact_at {
            let live: Vec<_> = self
                .queued
                .iter()
                .enumerate()
                .filter_map(|(i, k)| k.map(|k| Reverse((k, i as u32))))
                .collect();
            self.compact_at = (2 * live.len()).max(Self::compact_floor(self.queued.len()));
            self.heap = BinaryHeap::from(live);
        }
    }

    /// Entries in the heap, stale ones included (for tests of its bound).
    pub fn heap_len(&self) -> usize {
        self.heap.len()
    }

    /// Cells queued (live entries).
    pub fn queued_len(&self) -> usize {
        self.queued.iter().filter(|k| k.is_some()).count()
    }

    /// The smallest live entry of the queue.
    fn top(&mut self) -> Option<(Key, usize)> {
        while let Some(&Reverse((key, i))) = self.heap.peek() {
            if self.queued[i as usize] == Some(key) {
                return Some((key, i as usize));
            }
            self.heap.pop(); // Superseded or removed.
        }
        None
    }

    fn update_vertex(&mut self, p: Pos) {
        let i = self.index(p);
        if self.g[i] != self.rhs[i] {
            let key = self.key(p);
            if self.queued[i] != Some(key) {
                self.enqueue(i, key);
            }
        } else {
            self.queued[i] = None;
        }
    }

    /// min over successors s' of c(p, s') + g(s').
    fn lookahead<M: CostMap + ?Sized>(&self, map: &M, p: Pos) -> Cost {
        self.best_successor(map, p).map_or(UNREACHED, |(_, c)| c)
    }

    fn best_successor<M: CostMap + ?Sized>(&self, map: &M, p: Pos) -> Option<(Pos, Cost)> {
        let mut best: Option<(Pos, Cost)> = None;
        let steps = neighbours(map, p, self.index(p), self.connectivity);
        for k in 0..steps.len() {
            let n = steps.get(k);
            let total = n.cost.saturating_add(self.g[n.to_index]);
            if total != UNREACHED && best.is_none_or(|(_, b)| total < b) {
                best = Some((n.to, total));
            }
        }
        best
    }

    /// The legal steps out of `u`; by the `CostMap` contract (legality is
    /// symmetric, and a diagonal's two corners are the same cells from
    /// either end) these are exactly `u`'s predecessors.
    fn around<M: CostMap + ?Sized>(&self, map: &M, u: Pos) -> Neighbours {
        neighbours(map, u, self.index(u), self.connectivity)
    }

    /// The cost of the step from neighbour `s` (index `si`, in direction
    /// `dir` from `u`) into `u`.
    fn cost_into<M: CostMap + ?Sized>(
        map: &M,
        (s, si): (Pos, usize),
        (u, ui): (Pos, usize),
        dir: Dir,
    ) -> Cost {
        map.step_cost(Step {
            from: s,
            to: u,
            from_index: si,
            to_index: ui,
            dir: dir.opposite(),
        })
        .unwrap_or(UNREACHED)
    }

    fn compute<M: CostMap + ?Sized>(&mut self, map: &M) {
        let start = self.start;
        if self.index_checked(start).is_none() {
            return;
        }
        let si = self.index(start);
        while let Some((k_old, ui)) = self.top() {
            if k_old >= self.key(start) && self.rhs[si] <= self.g[si] {
                break;
            }
            let u = self.pos(ui);
            let k_new = self.key(u);
            if k_old < k_new {
                self.enqueue(ui, k_new);
            } else if self.g[ui] > self.rhs[ui] {
                self.expanded += 1;
                self.g[ui] = self.rhs[ui];
                self.queued[ui] = None;
                let gu = self.g[ui];
                let around = self.around(map, u);
                for k in 0..around.len() {
                    let n = around.get(k);
                    if n.to != self.goal {
                        let c = Self::cost_into(map, (n.to, n.to_index), (u, ui), n.dir);
                        self.rhs[n.to_index] = self.rhs[n.to_index].min(c.saturating_add(gu));
                        self.update_vertex(n.to);
                    }
                }
            } else {
                self.expanded += 1;
                let g_old = self.g[ui];
                self.g[ui] = UNREACHED;
                let around = self.around(map, u);
                for k in 0..around.len() {
                    let n = around.get(k);
                    let c = Self::cost_into(map, (n.to, n.to_index), (u, ui), n.dir);
                    if n.to != self.goal && self.rhs[n.to_index] == c.saturating_add(g_old) {
                        self.rhs[n.to_index] = self.lookahead(map, n.to);
                    }
                    self.update_vertex(n.to);
                }
                if u != self.goal {
                    self.rhs[ui] = self.lookahead(map, u);
                }
                self.update_vertex(u);
            }
        }
    }

    /// Bytes its per-cell vectors and its heap hold (their capacities, not
    /// their lengths: what is allocated).
    pub fn memory_bytes(&self) -> usize {
        use std::mem::size_of;
        (self.g.capacity() + self.rhs.capacity()) * size_of::<Cost>()
            + self.queued.capacity() * size_of::<Option<Key>>()
            + self.heap.capacity() * size_of::<Reverse<(Key, u32)>>()
    }
}
