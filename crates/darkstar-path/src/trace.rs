//! A* with a record of every step, for the search inspector: which cell
//! was expanded when, and which cells were opened (or reopened) with what
//! g, h and parent. It makes exactly the expansions [`SearchContext`]
//! makes, in the same order (ties on f go to the most recently generated
//! cell there too; a property test compares the two), but with a plain
//! binary heap and a log, so it is for looking at, not for speed.
//!
//! [`SearchContext`]: super::SearchContext

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

use super::{Connectivity, CostMap, Outcome, neighbours_except};
use crate::cost::{Cost, UNREACHED};
use crate::geom::Pos;

/// One thing the search did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TraceEvent {
    /// A cell was taken off the open list and its neighbours examined.
    Expanded(Pos),
    /// A cell was put on the open list (or found cheaper while on it).
    Opened {
        /// The cell.
        at: Pos,
        /// Its cost from the start so far.
        g: Cost,
        /// Its estimate to the goal.
        h: Cost,
        /// The cell it was reached from.
        parent: Pos,
    },
}

/// A recorded search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// Where the search started.
    pub start: Pos,
    /// Where it was headed.
    pub goal: Pos,
    /// What it did, in order.
    pub events: Vec<TraceEvent>,
    /// How it ended.
    pub outcome: Outcome,
    /// True when the record stopped at the event limit.
    pub truncated: bool,
}

/// What a recorded search knew of a cell it had reached: its cost from
/// the start, its estimate to the goal, and the cell it came from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Reached {
    /// Cost from the start (G).
    pub g: Cost,
    /// Estimate to the goal (H).
    pub h: Cost,
    /// The cell it was reached from (the start's is itself).
    pub parent: Pos,
}

/// A recorded search as it stood after some expansions ([`Trace::after`]):
/// the open list and the closed list with what each cell holds, and the
/// cell expanded last.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TraceState {
    /// Cells on the open list, with their latest values.
    pub open: BTreeMap<Pos, Reached>,
    /// Cells expanded (the closed list).
    pub closed: BTreeMap<Pos, Reached>,
    /// The cell expanded last.
    pub current: Option<Pos>,
}

impl Trace {
    /// The search as it stood after `expanded` expansions (0: the start
    /// alone on the open list; [`Trace::expansions`] or more: as it
    /// ended), replayed from the record.
    ///
    /// ```
    /// use darkstar_path::{Connectivity, GridMap};
    /// use darkstar_path::geom::Pos;
    /// use darkstar_path::trace::trace_search;
    /// let map = GridMap::new(5, 1);
    /// let trace = trace_search(&map, Pos::new(0, 0), Pos::new(4, 0), Connectivity::Eight, 100);
    /// let state = trace.after(1);
    /// assert_eq!(state.current, Some(Pos::new(0, 0)));
    /// assert_eq!(state.closed.len(), 1);
    /// assert_eq!(state.open[&Pos::new(1, 0)].parent, Pos::new(0, 0));
    /// ```
    pub fn after(&self, expanded: usize) -> TraceState {
        let mut state = TraceState::default();
        let mut done = 0;
        for e in &self.events {
            match *e {
                TraceEvent::Expanded(p) => {
                    if done == expanded {
                        break;
                    }
                    done += 1;
                    if let Some(v) = state.open.remove(&p) {
                        state.closed.insert(p, v);
                    }
                    state.current = Some(p);
                }
                TraceEvent::Opened { at, g, h, parent } => {
                    state.open.insert(at, Reached { g, h, parent });
                }
            }
        }
        state
    }

    /// Expansions recorded.
    pub fn expansions(&self) -> usize {
        self.events
            .iter()
            .filter(|e| matches!(e, TraceEvent::Expanded(_)))
            .count()
    }
}

/// A* from `start` to `goal` on `map`, recording at most `max_events`
/// events.
pub fn trace_search<M: CostMap + ?Sized>(
    map: &M,
    start: Pos,
    goal: Pos,
    connectivity: Connectivity,
    max_events: usize,
) -> Trace {
    let mut trace = Trace {
        start,
        goal,
        events: Vec::new(),
        outcome: Outcome::Unreachable,
        truncated: false,
    };
    if !map.contains(start) || !map.contains(goal) {
        return trace;
    }
    let width = map.width() as usize;
    let len = width * map.height() as usize;
    let index = |p: Pos| p.row_major(width as u32);
    let pos = |i: usize| Pos::from_row_major(i, width as u32);
    let cheapest = map.cheapest_steps();
    let h = |p: Pos| connectivity.heuristic(cheapest, p, goal);
    let mut g = vec![UNREACHED; len];
    let mut parent = vec![usize::MAX; len];
    let mut closed = vec![false; len];
    // Smallest f first; among equal f, the most recently pushed.
    let mut heap: BinaryHeap<(Reverse<Cost>, u64, usize)> = BinaryHeap::new();
    let mut seq = 0u64;
    let s = index(start);
    g[s] = 0;
    parent[s] = s;
    heap.push((Reverse(h(start)), seq, s));
    let record = |trace: &mut Trace, e: TraceEvent| {
        if trace.events.len() < max_events {
            trace.events.push(e);
        } else {
            trace.truncated = true;
        }
    };
    record(
        &mut trace,
        TraceEvent::Opened {
            at: start,
            g: 0,
            h: h(start),
            parent: start,
        },
    );
    while let Some((_, _, i)) = heap.pop() {
        if closed[i] {
            continue;
        }
        let p = pos(i);
        closed[i] = true;
        if p == goal {
            let mut path = vec![p];
            let mut c = i;
            while parent[c] != c {
                c = parent[c];
                path.push(pos(c));
            }
            path.reverse();
            trace.outcome = Outcome::Found { path, cost: g[i] };
            return trace;
        }
        record(&mut trace, TraceEvent::Expanded(p));
        for n in neighbours_except(map, p, i, connectivity, |j| closed[j]) {
            let j = n.to_index;
            let ng = g[i] + n.cost;
            if closed[j] || g[j] <= ng {
                continue;
            }
            g[j] = ng;
            parent[j] = i;
            seq += 1;
            let hj = h(n.to);
            heap.push((Reverse(ng + hj), seq, j));
            record(
                &mut trace,
                TraceEvent::Opened {
                    at: n.to,
                    g: ng,
                    h: hj,
                    parent: p,
                },
            );
        }
    }
    trace
}
