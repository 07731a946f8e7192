//! The search itself, over either node table: the records of the nodes
//! reached, the open list and its order, and the loop.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::table::{Seen, Table};
use super::{Graph, GraphOptions, GraphOutcome};
use crate::astar::SearchStats;
use crate::cost::Cost;

/// What a search knows of one node it has reached.
#[derive(Copy, Clone, Debug)]
pub(super) struct Record<N> {
    pub(super) node: N,
    /// The cost of the best path known to it ([`Cost::MAX`]: none yet).
    pub(super) g: Cost,
    /// The record this one was best reached from (the start: itself).
    pub(super) parent: u32,
}

/// The nodes from the start (the record that is its own parent) to
/// record `at`, by parents.
pub(super) fn path_to_record<N: Copy>(records: &[Record<N>], mut at: u32) -> Vec<N> {
    let mut path = Vec::new();
    loop {
        let r = &records[at as usize];
        path.push(r.node);
        if r.parent == at {
            break;
        }
        at = r.parent;
    }
    path.reverse();
    path
}

/// An entry of the open list: the greatest (by [`Ord`]) comes off first.
/// 24 bytes: a node is pushed again only with a strictly smaller g, so no
/// two entries share `(g, record)`, and the order is total without a
/// counter of pushes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Open {
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
pub(super) enum Ended {
    /// Reached a goal, at this record.
    Reached(u32),
    /// The open list ran dry.
    Exhausted,
    /// The budget ran out.
    OutOfBudget,
}

/// A search's state, over either table.
#[derive(Clone, Debug)]
pub(super) struct Core<N, T> {
    pub(super) index: T,
    pub(super) records: Vec<Record<N>>,
    pub(super) open: BinaryHeap<Open>,
    /// Records in the order they were expanded ([`dijkstra`](super::dijkstra) only).
    pub(super) expanded: Vec<u32>,
    pub(super) stats: SearchStats,
    /// Whether a route was left out because its cost overflowed.
    pub(super) overflowed: bool,
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
    pub(super) fn astar<G: Graph<N>>(
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

    pub(super) fn nearest<G: Graph<N>>(
        &mut self,
        graph: G,
        start: N,
        is_goal: impl FnMut(N) -> bool,
        options: &GraphOptions,
    ) -> GraphOutcome<N> {
        let ended = self.run(graph, start, |_| 0, is_goal, options, false);
        self.outcome(ended)
    }

    /// The outcome of a run of [`GraphSearch::astar`](super::GraphSearch::astar) or
    /// [`GraphSearch::nearest`](super::GraphSearch::nearest).
    pub(super) fn outcome(&self, ended: Ended) -> GraphOutcome<N> {
        match ended {
            Ended::Reached(at) => GraphOutcome::Found {
                path: path_to_record(&self.records, at),
                cost: self.records[at as usize].g,
            },
            Ended::Exhausted if self.overflowed => GraphOutcome::CostOverflow,
            Ended::Exhausted => GraphOutcome::Unreachable,
            Ended::OutOfBudget => GraphOutcome::OutOfBudget,
        }
    }

    /// The search proper: from `start`, until `reached` holds for a node
    /// taken off the open list, the open list runs dry or the budget is
    /// spent. `log`: keep the order of expansions in `self.expanded`.
    pub(super) fn run<G: Graph<N>>(
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
