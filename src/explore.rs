//! A unit crossing terrain it does not know, to a goal: the experiment at
//! the heart of Darkstar, with the two ways of replanning side by side.
//! The unit plans over its [`Knowledge`], learns by sight (and by bumping
//! into walls it did not know), and replans:
//! - [`Replanner::AStar`]: a fresh A* whenever a newly learnt wall lies on
//!   the rest of its path (checked in O(path length), not every turn);
//! - [`Replanner::DStarLite`]: at the same moments, D* Lite takes in every
//!   change since its last repair and repairs its plan (and starts afresh
//!   in the rare case that ground cheaper than its heuristic assumed turns
//!   up, such as the first road).

use crate::fog::knowledge::{Knowledge, Learnt, Turn};
use crate::fog::sight::look;
use crate::map::cost::Cost;
use crate::map::geom::Pos;
use crate::map::terrain::TerrainMap;
use crate::path::Replanner;
use crate::path::{Connectivity, CostMap, DStarLite, Field, Outcome, SearchContext, SearchOptions};

/// How a traverse went.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Traverse {
    /// True when the unit reached the goal.
    pub reached: bool,
    /// Steps walked.
    pub steps: u64,
    /// Moves lost walking into walls it did not know.
    pub bumps: u64,
    /// Plans made or repaired after the first.
    pub replans: u64,
    /// Cells expanded by every search, the first included.
    pub expanded: u64,
    /// Cost of the steps walked.
    pub cost: Cost,
}

/// Walks a unit from `start` to `goal` over `map`, which it does not know,
/// with sight `radius` (0: touch only), replanning with `replanner`, for
/// at most `max_turns` turns.
pub fn traverse(
    map: &TerrainMap,
    start: Pos,
    goal: Pos,
    radius: u32,
    replanner: Replanner,
    max_turns: Turn,
) -> Traverse {
    if replanner == Replanner::Field {
        return traverse_field(map, start, goal, radius, max_turns);
    }
    let mut k = Knowledge::new(map.width(), map.height(), 1);
    let mut out = Traverse::default();
    look(&mut k, map, start, radius, 0);
    let conn = Connectivity::Eight;
    let opts = SearchOptions::default();
    let mut ctx = SearchContext::new();
    let mut at = start;
    let mut dstar = None;
    let mut path: Vec<Pos> = Vec::new();
    let mut next_index = 1;
    // Cells learnt since the plan was last made or repaired.
    let mut pending: Vec<Pos> = Vec::new();
    let mut plan = |k: &Knowledge, at: Pos, out: &mut Traverse, path: &mut Vec<Pos>| {
        let found = ctx.find_path(k, at, goal, &opts);
        out.expanded += ctx.stats().expanded;
        *path = match found {
            Outcome::Found { path, .. } => path,
            _ => Vec::new(),
        };
    };
    match replanner {
        // (A field traverse went its own way above.)
        Replanner::AStar | Replanner::Field => plan(&k, at, &mut out, &mut path),
        Replanner::DStarLite => {
            let d = DStarLite::new(&k, start, goal, conn, k.cheapest_steps());
            out.expanded = d.expanded();
            path = d.path(&k).unwrap_or_default();
            dstar = Some(d);
        }
    }
    for turn in 1..=max_turns {
        if at == goal {
            out.reached = true;
            break;
        }
        let next = path.get(next_index).copied();
        let Some(next) = next else { break };
        let mut changed = Vec::new();
        let dir = at.dir_to(next).expect("plans step to neighbours");
        if let Some((_, cost)) = crate::path::step(map, at, dir, conn) {
            out.cost += cost;
            at = next;
            out.steps += 1;
            next_index += 1;
            if let Some(d) = &mut dstar {
                d.move_to(at);
            }
            changed = look(&mut k, map, at, radius, turn);
        } else {
            // A bump: the move is lost, and the unit feels the cells that
            // stopped it (the target, and for a diagonal the two corners).
            out.bumps += 1;
            let (a, b) = dir.components();
            for p in [next, at.step(a), at.step(b)] {
                if let Some(t) = map.get(p)
                    && k.learn(p, t, turn) != Learnt::Nothing
                {
                    changed.push(p);
                }
            }
        }
        if changed.is_empty() {
            continue;
        }
        pending.extend_from_slice(&changed);
        // Replan only if what is left of the path (from here) is no longer
        // legal on what the unit now knows: O(path). D* Lite takes in every
        // change since its last repair then; A* searches afresh.
        let rest = &path[(next_index - 1).min(path.len())..];
        if crate::path::astar::path_cost(&k, rest, &opts).is_some() {
            continue;
        }
        out.replans += 1;
        next_index = 1;
        match &mut dstar {
            Some(d) if d.floor() != k.cheapest_steps() => {
                // Cheaper ground than ever before (a road): the heuristic
                // D* Lite was built on is no longer a lower bound. Start
                // afresh on the new floor (rare: once per cheaper terrain).
                *d = DStarLite::new(&k, at, goal, conn, k.cheapest_steps());
                out.expanded += d.expanded();
                path = d.path(&k).unwrap_or_default();
            }
            Some(d) => {
                let before = d.expanded();
                d.cells_changed(&k, &pending);
                out.expanded += d.expanded() - before;
                path = d.path(&k).unwrap_or_default();
            }
            None => plan(&k, at, &mut out, &mut path),
        }
        pending.clear();
    }
    out.reached |= at == goal;
    out
}

/// [`traverse`] with a [`Field`] toward the goal: the unit steps to the
/// field's next step at every turn (O(1) where the field is settled); what
/// it learns repairs the field. A replan is counted when the unit's cell
/// is worth more than when it chose the step to it (its route broke).
fn traverse_field(
    map: &TerrainMap,
    start: Pos,
    goal: Pos,
    radius: u32,
    max_turns: Turn,
) -> Traverse {
    let mut k = Knowledge::new(map.width(), map.height(), 1);
    let mut out = Traverse::default();
    look(&mut k, map, start, radius, 0);
    let conn = Connectivity::Eight;
    let mut field = Field::new(&k, goal, conn);
    let mut at = start;
    let mut expect = None;
    for turn in 1..=max_turns {
        if at == goal {
            break;
        }
        let before = field.expanded();
        let value = field.value(&k, at);
        let next = field.next_step(&k, at);
        out.expanded += field.expanded() - before;
        let (Some(value), Some(next)) = (value, next) else {
            break;
        };
        if expect.is_some_and(|e| value > e) {
            out.replans += 1;
        }
        expect = field.value(&k, next);
        let dir = at.dir_to(next).expect("fields step to neighbours");
        let changed = if let Some((_, cost)) = crate::path::step(map, at, dir, conn) {
            out.cost += cost;
            at = next;
            out.steps += 1;
            look(&mut k, map, at, radius, turn)
        } else {
            out.bumps += 1;
            expect = Some(value);
            let (a, b) = dir.components();
            let mut changed = Vec::new();
            for p in [next, at.step(a), at.step(b)] {
                if let Some(t) = map.get(p)
                    && k.learn(p, t, turn) != Learnt::Nothing
                {
                    changed.push(p);
                }
            }
            changed
        };
        field.cells_changed(&k, &changed);
    }
    out.reached = at == goal;
    out
}
