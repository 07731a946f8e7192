//! A route being followed: the cells from where it was made to its end,
//! how far along the monster is, and what each prefix was planned to
//! cost. A* and D* Lite plans follow whole paths; a field plan's route is
//! its next step (or a detour round units).

use crate::fog::knowledge::Knowledge;
use crate::map::cost::Cost;
use crate::map::geom::Pos;
use crate::path::{Connectivity, CostMap};

use super::PlanView;

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
    /// Its steps as last costed by [`Route::rest_cost`] (a cache, dropped
    /// whenever the path changes).
    checked: Option<Box<Checked>>,
}

/// A route's steps costed on a plan's view, so that re-costing its rest
/// after the faction learnt something costs only the steps a learnt cell
/// touches, not the whole rest.
#[derive(Clone, Debug)]
struct Checked {
    /// `steps[i]`: the step from `path[i - 1]` to `path[i]` as last
    /// costed ([`ILLEGAL`]: not a legal move); `steps[0]` is unused.
    steps: Vec<Cost>,
    /// `cell << 32 | j` for each cell `path[j]` of the rest (`cell` its
    /// row-major index), sorted: by cell, then by place on the path, one
    /// integer compare each (pairs sorted 3% slower in the replan bench's
    /// games). A step's cost depends on its two ends and, for a diagonal,
    /// the two cells beside it (the corner rule): all within one cell of
    /// its first end, so the steps a changed cell touches start at a cell
    /// of the path in the 3x3 round it.
    cells: Vec<u64>,
    /// The steps of the rest as of `rest_from` (the monster's place on
    /// the path then): their sum, legal ones only, and how many are
    /// illegal. Kept up to date as steps are costed again and the monster
    /// walks on, so a check adds nothing up.
    sum: Cost,
    illegal: usize,
    rest_from: usize,
    /// The view's other inputs when it was costed: the units planned
    /// round and the allies' claims (the map's width too).
    blocked: Vec<usize>,
    claims: Vec<usize>,
    width: u32,
}

/// What the step from `a` to `b` costs on `view`, `None` if it is not a
/// legal move (or not a step at all).
fn step_cost(view: &PlanView, a: Pos, b: Pos) -> Option<Cost> {
    a.dir_to(b)
        .and_then(|d| crate::path::step(view, a, d, Connectivity::Eight))
        .map(|(_, c)| c)
}

/// A step that is not a legal move, in [`Checked::steps`].
const ILLEGAL: Cost = Cost::MAX;

impl Checked {
    /// The rest of `path` from `path[from]` with its steps costed on `view`
    /// (`steps[i]` for `i > from`), whose units and claims are `blocked`
    /// and `claims`.
    fn new(
        path: &[Pos],
        from: usize,
        steps: Vec<Cost>,
        view: &PlanView,
        blocked: &[usize],
        claims: &[usize],
    ) -> Box<Checked> {
        let width = view.width();
        let mut cells: Vec<u64> = (from..path.len())
            .filter(|&j| view.contains(path[j]))
            .map(|j| (path[j].row_major(width) as u64) << 32 | j as u64)
            .collect();
        cells.sort_unstable();
        let mut checked = Checked {
            steps,
            cells,
            blocked: blocked.to_vec(),
            claims: claims.to_vec(),
            width,
            sum: 0,
            illegal: 0,
            rest_from: from,
        };
        for i in (from + 1)..path.len() {
            checked.count(i, true);
        }
        Box::new(checked)
    }

    /// Takes step `i` of the rest out of the totals (`into` false) or
    /// into them (true).
    fn count(&mut self, i: usize, into: bool) {
        match (self.steps[i], into) {
            (ILLEGAL, true) => self.illegal += 1,
            (ILLEGAL, false) => self.illegal -= 1,
            (c, true) => self.sum += c,
            (c, false) => self.sum -= c,
        }
    }
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
        self.checked = None;
    }

    /// Forgets the cells but keeps the cost (a plan asked for again).
    pub(crate) fn clear_path(&mut self) {
        self.path.clear();
        self.checked = None;
    }

    /// What the rest of the path (from the monster's cell) costs now on
    /// the plan's view of `knowledge` (the units on `blocked` impassable,
    /// `claims` dearer), `None` if some step of it is no longer legal:
    /// what [`crate::path::astar::path_cost`] of [`Route::remaining`]
    /// says, found in proportion to what changed. `changed` holds every
    /// cell whose cost may have changed since the last call for this
    /// route, or since [`Route::set`] costed it (the faction's log since).
    /// A call on a route given by [`Route::set_read`], or with other units
    /// or claims than the last, costs every step.
    pub(crate) fn rest_cost(
        &mut self,
        knowledge: &Knowledge,
        blocked: &[usize],
        claims: &[usize],
        changed: &[Pos],
    ) -> Option<Cost> {
        let view = &PlanView::new(knowledge, blocked, claims);
        let from = self.next.saturating_sub(1).min(self.path.len());
        let cost_of = |path: &[Pos], i: usize| step_cost(view, path[i - 1], path[i]);
        let width = view.width();
        // Compared element by element: `==` on slices calls `memcmp` even
        // when both are empty, as they nearly always are (1.7% of the
        // replan bench's game).
        let same = |a: &[usize], b: &[usize]| a.len() == b.len() && a.iter().eq(b);
        let fresh = self.checked.as_ref().is_some_and(|c| {
            c.width == width
                && same(&c.blocked, blocked)
                && same(&c.claims, claims)
                && c.rest_from <= from
        });
        if fresh {
            let checked = self.checked.as_mut().expect("checked above");
            // The steps the monster has taken since leave the rest.
            for i in (checked.rest_from + 1)..=from.min(self.path.len().saturating_sub(1)) {
                checked.count(i, false);
            }
            checked.rest_from = from;
            let last_column = width as i32 - 1;
            for &p in changed {
                // The 3x3 round `p`, a row at a time: three cells of one
                // row are consecutive indices, so one search finds them
                // all (in the same order as a search per cell would).
                let (x0, x1) = ((p.x - 1).max(0), (p.x + 1).min(last_column));
                if x0 > x1 {
                    continue;
                }
                for dy in -1..=1 {
                    let row = Pos::new(x0, p.y + dy);
                    if !view.contains(row) {
                        continue;
                    }
                    let first = row.row_major(width) as u64;
                    let last = first + (x1 - x0) as u64;
                    let mut k = checked.cells.partition_point(|&e| e >> 32 < first);
                    while let Some(&e) = checked.cells.get(k) {
                        let (c, j) = (e >> 32, e as u32);
                        if c > last {
                            break;
                        }
                        k += 1;
                        // The step out of that cell, if ahead of the
                        // monster (a superset of the steps `p` touches:
                        // costing one again changes nothing).
                        let i = j as usize + 1;
                        if i > from && i < self.path.len() {
                            checked.count(i, false);
                            checked.steps[i] = cost_of(&self.path, i).unwrap_or(ILLEGAL);
                            checked.count(i, true);
                        }
                    }
                }
            }
        } else {
            let mut steps = vec![ILLEGAL; self.path.len()];
            for (i, step) in steps.iter_mut().enumerate().skip(from + 1) {
                *step = cost_of(&self.path, i).unwrap_or(ILLEGAL);
            }
            self.checked = Some(Checked::new(&self.path, from, steps, view, blocked, claims));
        }
        let checked = self.checked.as_ref().expect("costed above");
        if self.path.get(from).is_some_and(|&p| !view.contains(p)) {
            return None;
        }
        (checked.illegal == 0).then_some(checked.sum)
    }

    /// Takes `path` as the route, costing it on the plan's view of
    /// `knowledge` with the units on `blocked` impassable and `claims`
    /// dearer; false (and no route) if some step is not legal there. The
    /// steps' costs are kept, so the first check of the rest costs again
    /// only what was learnt since.
    pub(crate) fn set(
        &mut self,
        path: Vec<Pos>,
        knowledge: &Knowledge,
        blocked: &[usize],
        claims: &[usize],
    ) -> bool {
        let view = &PlanView::new(knowledge, blocked, claims);
        let mut steps = Vec::with_capacity(path.len());
        let mut costs = Vec::with_capacity(path.len());
        let mut total = 0;
        steps.push(ILLEGAL);
        costs.push(0);
        for pair in path.windows(2) {
            let Some(c) = step_cost(view, pair[0], pair[1]) else {
                self.clear();
                return false;
            };
            total += c;
            steps.push(c);
            costs.push(total);
        }
        self.take(path, costs, steps, view, blocked, claims);
        true
    }

    /// Takes `path` as the route as a search found it on the plan's view
    /// of `knowledge` (the units on `blocked` impassable, `claims`
    /// dearer), `costs` being what the search says it cost up to each of
    /// its cells ([`crate::path::SearchContext::path_costs`]). Its steps
    /// are read off those, not costed again: every step of such a path is
    /// legal on that view, at what the search paid for it.
    pub(crate) fn set_found(
        &mut self,
        path: Vec<Pos>,
        costs: &[Cost],
        knowledge: &Knowledge,
        blocked: &[usize],
        claims: &[usize],
    ) {
        let view = &PlanView::new(knowledge, blocked, claims);
        debug_assert_eq!(costs.len(), path.len(), "a cost for each cell");
        let mut steps = Vec::with_capacity(path.len());
        steps.push(ILLEGAL);
        steps.extend(costs.windows(2).map(|c| c[1] - c[0]));
        debug_assert!(
            path.windows(2)
                .zip(&steps[1..])
                .all(|(p, &c)| step_cost(view, p[0], p[1]) == Some(c)),
            "a search's path costs otherwise on the view it was found on"
        );
        self.take(path, costs.to_vec(), steps, view, blocked, claims);
    }

    /// Takes `path` as the route, each of whose `steps` is legal on `view`
    /// at that cost, `costs` their sums from its start.
    fn take(
        &mut self,
        path: Vec<Pos>,
        costs: Vec<Cost>,
        steps: Vec<Cost>,
        view: &PlanView,
        blocked: &[usize],
        claims: &[usize],
    ) {
        self.checked = Some(Checked::new(&path, 0, steps, view, blocked, claims));
        self.cost = costs.last().copied();
        self.path = path;
        self.costs = costs;
        self.next = 1;
    }

    /// A route of `path` whose cost is `cost` and whose step costs are
    /// `costs` as given (a field plan's: read off the field, not summed).
    pub(crate) fn set_read(&mut self, path: &[Pos], costs: &[Cost], cost: Cost) {
        self.checked = None;
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
        self.checked = None;
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
            + self.checked.as_ref().map_or(0, |c| {
                std::mem::size_of::<Checked>()
                    + c.steps.capacity() * std::mem::size_of::<Cost>()
                    + c.cells.capacity() * std::mem::size_of::<u64>()
                    + (c.blocked.capacity() + c.claims.capacity()) * std::mem::size_of::<usize>()
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fog::knowledge::{Knowledge, KnowledgeRules};
    use crate::map::terrain::Terrain;
    use crate::path::SearchOptions;
    use crate::path::astar::path_cost;
    use rand::RngExt;

    /// The rest re-costed in part equals the rest costed whole, on 400
    /// seeded random maps: a random walk as the route (legal or not, as
    /// learning breaks it; on half the maps taken as a plan takes it), the monster advancing along it while cells
    /// are learnt (walls, roads, swamps, deaths' danger on half the maps)
    /// and the units and claims sometimes change.
    #[test]
    fn the_rest_recosted_in_part_is_the_rest_costed_whole() {
        for seed in 0..400 {
            let mut rng = crate::rng::sim_rng(seed);
            let (w, h) = (rng.random_range(2..12), rng.random_range(2..12));
            // Danger (half the maps) logs cells round what was learnt too.
            let danger = rng.random_range(0..2) * 2;
            let mut k =
                Knowledge::blank(w, h, rng.random_range(1..4u64)).with_danger_weight(danger);
            let cell = |rng: &mut crate::rng::SimRng| {
                Pos::new(rng.random_range(0..w as i32), rng.random_range(0..h as i32))
            };
            // A walk of king's moves (kept on the map), on a tenth of the
            // maps with jumps (never legal).
            let mut path = vec![cell(&mut rng)];
            for _ in 0..rng.random_range(0..30) {
                let last = *path.last().unwrap();
                let next = if seed % 10 == 0 && rng.random_range(0..20) == 0 {
                    cell(&mut rng)
                } else {
                    let (dx, dy) = (rng.random_range(-1..=1), rng.random_range(-1..=1));
                    Pos::new(
                        (last.x + dx).clamp(0, w as i32 - 1),
                        (last.y + dy).clamp(0, h as i32 - 1),
                    )
                };
                path.push(next);
            }
            let mut route = Route::default();
            let (mut blocked, mut claims) = (Vec::new(), Vec::new());
            // Half the routes are taken as a plan takes them (costed on
            // the view it was found on, after some learning and with some
            // units and claims); the rest, and any not legal there, are
            // costed whole at the first check.
            if seed % 2 == 1 {
                for _ in 0..rng.random_range(0..4) {
                    k.learn(cell(&mut rng), Terrain::Road, 1);
                }
                blocked = vec![cell(&mut rng).row_major(w); rng.random_range(0..2)];
                claims = vec![cell(&mut rng).row_major(w); rng.random_range(0..3)];
                if !route.set(path.clone(), &k, &blocked, &claims) {
                    route.set_read(&path, &vec![0; path.len()], 0);
                }
            } else {
                route.set_read(&path, &vec![0; path.len()], 0);
            }
            // Walls one learning in six, so that most routes stay legal a while.
            let kinds = [
                Terrain::Floor,
                Terrain::Wall,
                Terrain::Road,
                Terrain::Swamp,
                Terrain::Floor,
                Terrain::Road,
            ];
            for _ in 0..12 {
                let mut changed = Vec::new();
                for _ in 0..rng.random_range(0..6) {
                    let p = cell(&mut rng);
                    k.learn(p, kinds[rng.random_range(0..kinds.len())], 1);
                    changed.push(p);
                }
                if rng.random_range(0..4) == 0 {
                    changed.extend(k.death(cell(&mut rng)));
                }
                changed.extend(k.drain_danger_changes());
                if rng.random_range(0..6) == 0 {
                    blocked = vec![cell(&mut rng).row_major(w)];
                }
                if rng.random_range(0..6) == 0 {
                    claims = vec![cell(&mut rng).row_major(w); rng.random_range(0..3)];
                }
                let view = PlanView::new(&k, &blocked, &claims);
                let whole = path_cost(&view, route.remaining(), &SearchOptions::default());
                assert_eq!(
                    route.rest_cost(&k, &blocked, &claims, &changed),
                    whole,
                    "seed {seed}"
                );
                if rng.random_range(0..2) == 0 {
                    route.advance();
                }
            }
        }
    }

    /// A wall learnt beside a diagonal step breaks it (no corner
    /// cutting), whichever side it is on, and only the steps it touches
    /// are costed again.
    #[test]
    fn a_wall_beside_a_diagonal_breaks_it() {
        for beside in [Pos::new(1, 0), Pos::new(0, 1)] {
            let mut k = Knowledge::blank(3, 3, 1);
            let mut route = Route::default();
            let path = [Pos::new(0, 0), Pos::new(1, 1), Pos::new(2, 1)];
            route.set_read(&path, &[0, 0, 0], 0);
            let open = route.rest_cost(&k, &[], &[], &[]);
            assert!(open.is_some());
            k.learn(beside, Terrain::Wall, 1);
            assert_eq!(route.rest_cost(&k, &[], &[], &[beside]), None, "{beside:?}");
        }
    }
}
