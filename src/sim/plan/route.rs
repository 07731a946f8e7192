//! A route being followed: the cells from where it was made to its end,
//! how far along the monster is, and what each prefix was planned to
//! cost. A* and D* Lite plans follow whole paths; a field plan's route is
//! its next step (or a detour round units).

use crate::map::cost::Cost;
use crate::map::geom::Pos;
use crate::path::{Connectivity, CostMap};

use super::super::fnv::{Fnv, hash_pos};

#[derive(Clone, Debug, Default)]
pub(crate) struct Route {
    /// The path, from where the monster stood when it was made; `path[next]`
    /// is the next cell to step to.
    path: Vec<Pos>,
    next: usize,
    cost: Option<Cost>,
    /// `costs[i]`: the planned cost from `path[0]` to `path[i]`.
    costs: Vec<Cost>,
}

impl Route {
    /// Cost when it was made (or last repaired).
    pub(crate) fn cost(&self) -> Option<Cost> {
        self.cost
    }

    /// The monster's cell, then every cell to the end.
    pub(crate) fn remaining(&self) -> &[Pos] {
        &self.path[self.next.saturating_sub(1).min(self.path.len())..]
    }

    /// The cell to step to next.
    pub(crate) fn next_step(&self) -> Option<Pos> {
        self.path.get(self.next).copied()
    }

    /// Steps left to its end.
    pub(crate) fn has_steps_left(&self) -> bool {
        self.next < self.path.len()
    }

    /// The monster stepped to the next cell.
    pub(crate) fn advance(&mut self) {
        self.next += 1;
    }

    /// No route (the path and its costs cleared).
    pub(crate) fn clear(&mut self) {
        self.path.clear();
        self.costs.clear();
        self.cost = None;
    }

    /// Forgets the cells but keeps the cost (a plan asked for again).
    pub(crate) fn clear_path(&mut self) {
        self.path.clear();
    }

    /// Takes `path` as the route, costing it on `map`; false (and no
    /// route) if some step is not legal there.
    pub(crate) fn set<M: CostMap + ?Sized>(&mut self, path: Vec<Pos>, map: &M) -> bool {
        let mut costs = Vec::with_capacity(path.len());
        let mut total = 0;
        costs.push(0);
        for pair in path.windows(2) {
            let step = pair[0]
                .dir_to(pair[1])
                .and_then(|d| crate::path::step(map, pair[0], d, Connectivity::Eight));
            let Some((_, c)) = step else {
                self.clear();
                return false;
            };
            total += c;
            costs.push(total);
        }
        self.path = path;
        self.costs = costs;
        self.next = 1;
        self.cost = Some(total);
        true
    }

    /// A route of `path` whose cost is `cost` and whose step costs are
    /// `costs` as given (a field plan's: read off the field, not summed).
    pub(crate) fn set_read(&mut self, path: &[Pos], costs: &[Cost], cost: Cost) {
        self.path.clear();
        self.path.extend_from_slice(path);
        self.costs.clear();
        self.costs.extend_from_slice(costs);
        self.next = 1;
        self.cost = Some(cost);
    }

    /// A new next step from `at` (none: it stays), with a zero cost, the
    /// route's cost unchanged: a hint of where the monster goes next.
    pub(crate) fn set_hint(&mut self, at: Pos, next: Option<Pos>) {
        self.path.clear();
        self.path.push(at);
        self.path.extend(next);
        self.costs.truncate(1);
        if next.is_some() {
            self.costs.push(0);
        }
        self.next = 1;
    }

    /// What the rest of the path cost when it was planned.
    pub(crate) fn planned_rest(&self) -> Cost {
        let from = self
            .next
            .saturating_sub(1)
            .min(self.costs.len().saturating_sub(1));
        self.costs.last().copied().unwrap_or(0) - self.costs.get(from).copied().unwrap_or(0)
    }

    /// The route from where the monster stands, for a path to be rebuilt
    /// from a cell next to it.
    pub(crate) fn rest_from(&self, at: Pos) -> Vec<Pos> {
        let from = self.next.saturating_sub(1).min(self.path.len());
        let mut path = Vec::with_capacity(self.path.len() - from + 1);
        path.push(at);
        path.extend_from_slice(&self.path[from..]);
        path
    }

    /// Feeds the part that decides the future to the state hash: the rest
    /// of the path (the part behind is never read again), with what it
    /// was planned to cost from here on.
    pub(crate) fn hash_into(&self, h: &mut Fnv, ready: bool) {
        let rest = if ready { self.remaining() } else { &[] };
        h.int(rest.len() as i64);
        for &p in rest {
            hash_pos(h, Some(p));
        }
        h.int(self.next as i64);
        h.int(self.planned_rest() as i64);
        h.int(self.cost.map_or(-1, |c| c as i64));
    }

    pub(crate) fn heap_bytes(&self) -> usize {
        self.path.capacity() * std::mem::size_of::<Pos>()
            + self.costs.capacity() * std::mem::size_of::<Cost>()
    }
}
