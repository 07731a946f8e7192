//! Shortcuts. A path laid along the graph bends through transitions;
//! where the straight run between two of its cells a few steps apart (an
//! octile line: its diagonal steps, then its straight ones, or the other
//! way round; for rook moves, across then down or down then across) is
//! legal and cheaper than the stretch it replaces, it is taken. Each
//! shortcut lowers the cost, so a smoothed path never costs more.

use crate::cost::Cost;
use crate::geom::{Dir, Pos};
use crate::{Connectivity, CostMap, step};

/// What smoothing tries: how many steps ahead a shortcut may reach, and
/// how many lines it tests from one cell before moving on.
#[derive(Copy, Clone, Debug)]
pub(super) struct Reach {
    pub window: usize,
    pub tries: usize,
}

/// The direction of `(dx, dy)`, each in -1..=1, not both 0.
fn dir_of(dx: i32, dy: i32) -> Dir {
    *Dir::ALL
        .iter()
        .find(|d| d.delta() == (dx, dy))
        .expect("a direction")
}

/// Walks the line from `a` to `b` (`variant` 0 or 1, see the module
/// docs), appending its cells after `a` to `out`: its cost, or `None` at
/// the first illegal step. Counts the steps tried in `checked`.
fn line<M: CostMap + ?Sized>(
    map: &M,
    connectivity: Connectivity,
    (a, b): (Pos, Pos),
    variant: usize,
    out: &mut Vec<Pos>,
    checked: &mut u64,
) -> Option<Cost> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let (sx, sy) = (dx.signum(), dy.signum());
    let (ax, ay) = (dx.unsigned_abs(), dy.unsigned_abs());
    let mut runs = if connectivity == Connectivity::Four {
        [(sx, 0, ax), (0, sy, ay)]
    } else {
        let straight = if ax > ay { (sx, 0) } else { (0, sy) };
        [
            (sx, sy, ax.min(ay)),
            (straight.0, straight.1, ax.max(ay) - ax.min(ay)),
        ]
    };
    if variant == 1 {
        runs.swap(0, 1);
    }
    let mut p = a;
    let mut cost: Cost = 0;
    for (x, y, n) in runs {
        if n == 0 {
            continue;
        }
        let d = dir_of(x, y);
        for _ in 0..n {
            *checked += 1;
            let (q, c) = step(map, p, d, connectivity)?;
            cost = cost.saturating_add(c);
            out.push(q);
            p = q;
        }
    }
    Some(cost)
}

/// `path` (legal, at least one cell) with shortcuts taken: the new path
/// and its cost. Counts the line steps tried in `checked`.
pub(super) fn smooth<M: CostMap + ?Sized>(
    map: &M,
    connectivity: Connectivity,
    path: &[Pos],
    reach: Reach,
    checked: &mut u64,
) -> (Vec<Pos>, Cost) {
    let cheapest = map.cheapest_steps();
    let mut at = Vec::with_capacity(path.len());
    at.push(0 as Cost);
    for pair in path.windows(2) {
        let d = pair[0].dir_to(pair[1]).expect("a path of steps");
        let (_, c) = step(map, pair[0], d, connectivity).expect("a legal path");
        at.push(at[at.len() - 1].saturating_add(c));
    }
    let n = path.len();
    let mut out = Vec::with_capacity(n);
    out.push(path[0]);
    let mut cost: Cost = 0;
    let (mut buf, mut best) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i + 1 < n {
        let far = (i + reach.window).min(n - 1);
        let mut tries = reach.tries;
        let mut jumped = false;
        for j in (i + 2..=far).rev() {
            let stretch = at[j] - at[i];
            if connectivity.heuristic(cheapest, path[i], path[j]) >= stretch {
                continue;
            }
            if tries == 0 {
                break;
            }
            tries -= 1;
            let mut least = stretch;
            for variant in 0..2 {
                buf.clear();
                if let Some(c) = line(
                    map,
                    connectivity,
                    (path[i], path[j]),
                    variant,
                    &mut buf,
                    checked,
                ) && c < least
                {
                    least = c;
                    std::mem::swap(&mut buf, &mut best);
                }
            }
            if least < stretch {
                out.append(&mut best);
                cost = cost.saturating_add(least);
                i = j;
                jumped = true;
                break;
            }
        }
        if !jumped {
            out.push(path[i + 1]);
            cost = cost.saturating_add(at[i + 1] - at[i]);
            i += 1;
        }
    }
    (out, cost)
}
