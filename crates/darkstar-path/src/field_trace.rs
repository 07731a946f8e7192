//! A shared field's search with a record of every step, for the search
//! inspector: a fresh [`Field`] grown from its target over a map (a
//! faction's knowledge) until one cell (a monster's) is settled, as the
//! field would be grown to answer that monster, recording each cell
//! expanded, in order, with its value, and each cell put on the frontier
//! (or found cheaper there) with its tentative value and the neighbour it
//! would step to. It drives the field itself, a cell at a time, so
//! it makes exactly the expansions a plain [`Field::value`] makes, in the
//! same order (a property test compares the two); the record is for
//! looking at, not for speed.

use super::{Connectivity, CostMap, Field};
use crate::cost::{Cost, UNREACHED};
use crate::geom::{Dir, Pos};

/// One thing the field's search did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FieldEvent {
    /// A cell was taken off the queue and settled at `value` (its exact
    /// cost to the target; `UNREACHED` if it was raised, which a fresh
    /// field never does).
    Expanded {
        /// The cell.
        at: Pos,
        /// Its value.
        value: Cost,
    },
    /// A cell was put on the queue (or found cheaper while on it) with
    /// tentative `value`, by way of its neighbour `next`: the step it
    /// would take toward the target.
    Opened {
        /// The cell.
        at: Pos,
        /// Its tentative value.
        value: Cost,
        /// Its next step toward the target.
        next: Pos,
    },
}

/// A recorded field search (see the [module docs](self)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldTrace {
    /// The field's target, where the search starts.
    pub target: Pos,
    /// The cell the search ran until it settled (the monster's).
    pub start: Pos,
    /// What the search did, in order.
    pub events: Vec<FieldEvent>,
    /// The value of `start` once settled (`None`: no route, or the record
    /// was truncated before it settled).
    pub value: Option<Cost>,
    /// The route from `start` read off the grown field (just `start`
    /// without one).
    pub route: Vec<Pos>,
    /// True when the record stopped at the event limit.
    pub truncated: bool,
}

impl FieldTrace {
    /// Expansions recorded.
    pub fn expansions(&self) -> usize {
        self.events
            .iter()
            .filter(|e| matches!(e, FieldEvent::Expanded { .. }))
            .count()
    }
}

/// Grows a fresh field toward `target` on `map` until `start` is settled,
/// recording at most `max_events` events.
pub fn trace_field<M: CostMap + ?Sized>(
    map: &M,
    target: Pos,
    start: Pos,
    connectivity: Connectivity,
    max_events: usize,
) -> FieldTrace {
    let mut trace = FieldTrace {
        target,
        start,
        events: Vec::new(),
        value: None,
        route: vec![start],
        truncated: false,
    };
    if !map.contains(start) || !map.contains(target) {
        return trace;
    }
    let mut field = Field::new(map, target, connectivity);
    let width = map.width() as usize;
    let index = |p: Pos| p.row_major(width as u32);
    // The tentative value each cell was last recorded opened with: a
    // neighbour of an expanded cell whose lookahead fell below it was
    // opened (or re-keyed) by that expansion.
    let mut recorded = vec![UNREACHED; width * map.height() as usize];
    recorded[index(target)] = 0;
    trace.events.push(FieldEvent::Opened {
        at: target,
        value: 0,
        next: target,
    });
    loop {
        if field.settled_value(start).is_some() {
            break;
        }
        if trace.events.len() >= max_events {
            trace.truncated = true;
            return trace;
        }
        let Some((u, value)) = field.expand_one(map) else {
            break;
        };
        trace.events.push(FieldEvent::Expanded { at: u, value });
        let [_, rhs, queued] = field.cells();
        for d in Dir::ALL {
            let n = u.step(d);
            if !map.contains(n) {
                continue;
            }
            let i = index(n);
            // Queued under a key (not `u64::MAX`) and cheaper than last
            // recorded: this expansion lowered its lookahead.
            if queued[i] != Cost::MAX && rhs[i] < recorded[i] {
                recorded[i] = rhs[i];
                if trace.events.len() < max_events {
                    trace.events.push(FieldEvent::Opened {
                        at: n,
                        value: rhs[i],
                        next: u,
                    });
                } else {
                    trace.truncated = true;
                }
            }
        }
    }
    trace.value = field.settled_value(start).flatten();
    if trace.value.is_some() {
        // Settled cells' routes are settled all the way, so the cap is
        // only a guard: a route never visits a cell twice.
        trace.route = field.route(map, start, width * map.height() as usize);
    }
    trace
}
