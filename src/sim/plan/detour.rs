//! Ways round units in the way, searched within the budget of a
//! decision: for a path plan, a capped A* to its goal with the units it
//! senses made impassable; for a field plan, a small Dijkstra back onto
//! its field.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{Budget, Context};
use crate::map::cost::{Cost, UNREACHED};
use crate::map::geom::Pos;
use crate::path::{Connectivity, Field, Outcome, SearchOptions, WithObstacles, neighbours};

/// A capped A* from the monster's cell to `goal` over its faction's
/// knowledge with the units it senses (those next to it, stopped allies
/// near it) impassable: a detour round a unit is short, and not finding
/// one cheaply means waiting is better. Returns the outcome and the units
/// planned round, or `None` when the budget has nothing left for it.
pub(super) fn round_units(
    ctx: &Context,
    budget: &mut Budget,
    goal: Pos,
) -> Option<(Outcome, Vec<usize>)> {
    let avoid = ctx.senses.units_to_avoid();
    let cap = budget.detour_cap();
    if cap == 0 {
        return None;
    }
    let options = SearchOptions {
        max_expansions: Some(cap),
        ..SearchOptions::default()
    };
    let view = WithObstacles::new(ctx.knowledge, &avoid);
    let outcome = budget.scratch.find_path(&view, ctx.at, goal, &options);
    budget.spend(budget.scratch.stats().expanded);
    Some((outcome, avoid))
}

/// The search of a field plan's way round units: Dijkstra from `from` on `map`
/// within Chebyshev `radius`, at most `cap` expansions, to the cell `c`
/// with `field` value below `below` minimising distance + value, if that
/// is at most `limit`. Returns the path (from `from` to `c`) and `c`'s
/// value, and the expansions made. Dense arrays over the window, no
/// hashing; ties broken by `(total, cell index)`.
pub(super) fn local_exit<M: crate::path::CostMap + ?Sized>(
    map: &M,
    field: &Field,
    from: Pos,
    radius: u32,
    cap: u64,
    below: Cost,
    limit: Cost,
) -> (Option<(Vec<Pos>, Cost)>, u64) {
    let r = radius.max(1) as i32;
    let side = (2 * r + 1) as usize;
    let local = |p: Pos| -> Option<usize> {
        let (dx, dy) = (p.x - from.x + r, p.y - from.y + r);
        (dx >= 0 && dy >= 0 && (dx as usize) < side && (dy as usize) < side)
            .then(|| dy as usize * side + dx as usize)
    };
    let at = |i: usize| {
        Pos::new(
            from.x - r + (i % side) as i32,
            from.y - r + (i / side) as i32,
        )
    };
    let mut dist = vec![UNREACHED; side * side];
    let mut parent = vec![u32::MAX; side * side];
    let mut heap = BinaryHeap::new();
    let start = local(from).expect("the centre");
    dist[start] = 0;
    heap.push(Reverse((0, start)));
    let mut best: Option<(Cost, usize, Cost)> = None;
    let mut expanded = 0;
    let width = map.width() as usize;
    while let Some(Reverse((d, u))) = heap.pop() {
        if d > dist[u] {
            continue;
        }
        if best.is_some_and(|(b, _, _)| d >= b) || expanded >= cap {
            break; // Values are never negative: nothing later is better.
        }
        expanded += 1;
        let p = at(u);
        if u != start
            && let Some(v) = field.raw_value(p).filter(|&v| v < below)
        {
            let total = d.saturating_add(v);
            if total <= limit && best.is_none_or(|(b, bi, _)| (total, u) < (b, bi)) {
                best = Some((total, u, v));
            }
        }
        let index = p.row_major(width as u32);
        for n in neighbours(map, p, index, Connectivity::Eight) {
            let Some(ni) = local(n.to) else { continue };
            let nd = d.saturating_add(n.cost);
            if nd < dist[ni] {
                dist[ni] = nd;
                parent[ni] = u as u32;
                heap.push(Reverse((nd, ni)));
            }
        }
    }
    let found = best.map(|(_, end, v)| {
        let mut path = vec![at(end)];
        let mut i = end;
        while i != start {
            i = parent[i] as usize;
            path.push(at(i));
        }
        path.reverse();
        (path, v)
    });
    (found, expanded)
}
