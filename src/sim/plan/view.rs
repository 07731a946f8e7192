//! The map an A* or D* Lite plan searches: its faction's knowledge with
//! the units it plans around made impassable and the cells its allies'
//! paths claim made dearer. Built only from a [`Knowledge`], so still
//! never the true map.

use crate::fog::knowledge::Knowledge;
use crate::map::cost::{Cost, StepCosts};
use crate::map::geom::Pos;
use crate::path::{CostMap, Outcome, SearchContext, SearchOptions, Step, WithObstacles};

/// Extra entering cost factor of a cell for each ally whose planned path
/// claims it: half of floor. An ally's route three cells long is worth a
/// detour of about one and a half steps, so a group spreads over parallel
/// routes of nearly equal length instead of queueing on the best one.
pub const CLAIM_PENALTY: Cost = 5;

/// What a planner searches: its faction's knowledge, the units it plans
/// around (impassable), and cells claimed by allies' paths (dearer). Built
/// only from a [`Knowledge`], so still never the true map.
#[derive(Clone, Debug)]
pub struct PlanView<'a> {
    /// The knowledge with the units planned around made impassable.
    units: WithObstacles<'a, Knowledge>,
    claims: &'a [usize],
}

impl<'a> PlanView<'a> {
    /// `knowledge` with the units on `blocked` impassable and `claims` on
    /// cells (sorted row-major indices, one entry per claim).
    pub fn new(knowledge: &'a Knowledge, blocked: &'a [usize], claims: &'a [usize]) -> Self {
        PlanView {
            units: WithObstacles::new(knowledge, blocked),
            claims,
        }
    }

    /// True when no unit and no claim is on the knowledge: the view costs
    /// every step as the knowledge does.
    fn is_bare(&self) -> bool {
        self.units.blocked.is_empty() && self.claims.is_empty()
    }

    /// A* over this view in `ctx` (as [`SearchContext::find_path`]). With
    /// no unit and no claim on it (a lone monster's plans, and every
    /// traverse) the knowledge itself is searched: the same steps at the
    /// same costs, so the same path, cost and counts, without asking for
    /// every neighbour whether a unit or a claim is on it. Asked, those
    /// made each expansion of the replan bench's sight-4 games about 1.3
    /// times as dear as one over the knowledge.
    pub fn find_path(
        &self,
        ctx: &mut SearchContext,
        start: Pos,
        goal: Pos,
        options: &SearchOptions,
    ) -> Outcome {
        if self.is_bare() {
            ctx.find_path(self.units.map, start, goal, options)
        } else {
            ctx.find_path(self, start, goal, options)
        }
    }

    /// [`SearchContext::resume`] over this view, searching the knowledge
    /// itself when [`PlanView::find_path`] would. A search suspended over
    /// the one resumes over the other as well: both cost the same.
    pub fn resume(&self, ctx: &mut SearchContext, budget: u64) -> Option<Outcome> {
        if self.is_bare() {
            ctx.resume(self.units.map, budget)
        } else {
            ctx.resume(self, budget)
        }
    }

    #[inline(always)]
    fn claims_on(&self, index: usize) -> Cost {
        if self.claims.is_empty() {
            return 0;
        }
        let lo = self.claims.partition_point(|&c| c < index);
        let hi = self.claims.partition_point(|&c| c <= index);
        (hi - lo) as Cost
    }
}

impl CostMap for PlanView<'_> {
    #[inline]
    fn width(&self) -> u32 {
        self.units.width()
    }
    #[inline]
    fn height(&self) -> u32 {
        self.units.height()
    }
    #[inline(always)]
    fn step_cost(&self, step: Step) -> Option<Cost> {
        let base = self.units.step_cost(step)?;
        let claims = self.claims_on(step.to_index);
        Some(base + claims * CLAIM_PENALTY * StepCosts::UNIT.for_dir(step.dir))
    }
    #[inline]
    fn cheapest_steps(&self) -> StepCosts {
        self.units.cheapest_steps()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fog::knowledge::KnowledgeRules;
    use crate::map::cost::{DIAGONAL, STRAIGHT};
    use crate::map::geom::{Dir, Pos};
    use crate::map::terrain::{FLOOR_COST, Terrain};
    use crate::path::SearchContext;
    use rand::RngExt;
    use std::ops::Range;

    /// A seeded random knowledge, `w` x `h` with sides in `sides`, unknown
    /// ground at a factor drawn from `unknown`, and about two cells in
    /// three learnt as floor, wall, road or swamp: (it, w, h, the factor).
    fn random_knowledge(
        rng: &mut crate::rng::SimRng,
        sides: Range<u32>,
        unknown: Range<Cost>,
    ) -> (Knowledge, u32, u32, Cost) {
        let (w, h) = (rng.random_range(sides.clone()), rng.random_range(sides));
        let unknown = rng.random_range(unknown);
        let mut k = Knowledge::blank(w, h, unknown);
        let kinds = [Terrain::Floor, Terrain::Wall, Terrain::Road, Terrain::Swamp];
        for i in 0..(w * h) as usize {
            if rng.random_range(0..3) > 0 {
                let t = kinds[rng.random_range(0..kinds.len())];
                k.learn(Pos::from_row_major(i, w), t, 1);
            }
        }
        (k, w, h, unknown)
    }

    /// A seeded random cell of a `w` x `h` map.
    fn random_cell(rng: &mut crate::rng::SimRng, w: u32, h: u32) -> Pos {
        Pos::new(rng.random_range(0..w as i32), rng.random_range(0..h as i32))
    }

    /// A* over a plan's view is optimal with allies' claims on it: against
    /// a brute-force Dijkstra whose rule is written here (a step enters a
    /// cell believed passable, a diagonal needs both cells beside it
    /// believed passable too; it costs the entered cell's factor, unknown
    /// ground at `unknown` x floor, plus [`CLAIM_PENALTY`] per claim on it,
    /// times the straight or diagonal base), on 300 seeded random maps
    /// with unknown ground dearer than floor and repeated claims.
    #[test]
    fn a_star_is_optimal_over_claimed_cells() {
        for seed in 0..300 {
            let mut rng = crate::rng::sim_rng(seed);
            let (k, w, h, unknown) = random_knowledge(&mut rng, 3..10, 1..4);
            let mut claims: Vec<usize> = (0..rng.random_range(0..12))
                .map(|_| rng.random_range(0..(w * h) as usize))
                .collect();
            claims.sort_unstable();
            let (start, goal) = (random_cell(&mut rng, w, h), random_cell(&mut rng, w, h));
            let passable = |p: Pos| {
                p.x >= 0
                    && p.y >= 0
                    && p.x < w as i32
                    && p.y < h as i32
                    && k.belief(p).is_none_or(Terrain::is_passable)
            };
            if !passable(start) {
                continue;
            }
            let factor = |p: Pos| {
                let i = p.row_major(w);
                let terrain = k
                    .belief(p)
                    .map_or(unknown * FLOOR_COST, |t| t.enter_cost().unwrap());
                terrain + CLAIM_PENALTY * claims.iter().filter(|&&c| c == i).count() as Cost
            };
            // Brute force: Bellman-Ford style relaxation until nothing changes.
            let mut best = vec![None::<Cost>; (w * h) as usize];
            best[start.row_major(w)] = Some(0);
            loop {
                let mut changed = false;
                for i in 0..best.len() {
                    let Some(d) = best[i] else { continue };
                    let p = Pos::from_row_major(i, w);
                    for dir in Dir::ALL {
                        let (dx, dy) = dir.delta();
                        let to = Pos::new(p.x + dx, p.y + dy);
                        let diagonal = dx != 0 && dy != 0;
                        if !passable(to)
                            || (diagonal
                                && !(passable(Pos::new(p.x + dx, p.y))
                                    && passable(Pos::new(p.x, p.y + dy))))
                        {
                            continue;
                        }
                        let nd = d + factor(to) * if diagonal { DIAGONAL } else { STRAIGHT };
                        let slot = &mut best[to.row_major(w)];
                        if slot.is_none_or(|b| nd < b) {
                            *slot = Some(nd);
                            changed = true;
                        }
                    }
                }
                if !changed {
                    break;
                }
            }
            let want = if passable(goal) {
                best[goal.row_major(w)]
            } else {
                None
            };
            let got = SearchContext::new()
                .find_path(
                    &PlanView::new(&k, &[], &claims),
                    start,
                    goal,
                    &crate::path::SearchOptions::default(),
                )
                .cost();
            assert_eq!(got, want, "seed {seed}: {w}x{h}, claims {claims:?}");
        }
    }

    /// [`PlanView::find_path`] and [`PlanView::resume`] (which search the
    /// knowledge itself when no unit and no claim is on it) find what a
    /// search of the view as a map finds, with the same counts, and a
    /// search cut by a budget and resumed until done comes to the same
    /// outcome: on 300 seeded random knowledges with and without units
    /// and claims on them. (Were claims or units left out of the view, the
    /// seeds with them on a best path would fail.)
    #[test]
    fn the_view_searches_as_the_map_it_is() {
        use crate::path::{Outcome, SearchOptions};
        let mut with_extras = 0;
        for seed in 0..300 {
            let mut rng = crate::rng::sim_rng(seed);
            let (k, w, h, _) = random_knowledge(&mut rng, 3..12, 1..3);
            let (start, goal) = (random_cell(&mut rng, w, h), random_cell(&mut rng, w, h));
            let pick = |rng: &mut crate::rng::SimRng| -> Vec<usize> {
                let n = if rng.random_range(0..3) == 0 {
                    rng.random_range(1..8)
                } else {
                    0
                };
                let mut cells: Vec<usize> = (0..n)
                    .map(|_| rng.random_range(0..(w * h) as usize))
                    .filter(|&c| c != start.row_major(w))
                    .collect();
                cells.sort_unstable();
                cells
            };
            let blocked = pick(&mut rng);
            let claims = pick(&mut rng);
            with_extras += usize::from(!blocked.is_empty() || !claims.is_empty());
            let view = PlanView::new(&k, &blocked, &claims);
            let options = SearchOptions::default();
            let mut as_map = SearchContext::new();
            let want = as_map.find_path(&view, start, goal, &options);
            let mut ctx = SearchContext::new();
            let got = view.find_path(&mut ctx, start, goal, &options);
            assert_eq!(got, want, "seed {seed}");
            assert_eq!(ctx.stats(), as_map.stats(), "seed {seed}");

            let budget = rng.random_range(1..6);
            let cut = SearchOptions {
                max_expansions: Some(budget),
                ..options
            };
            let mut out = view.find_path(&mut ctx, start, goal, &cut);
            let mut expanded = ctx.stats().expanded;
            while out == Outcome::OutOfBudget {
                out = view.resume(&mut ctx, budget).expect("a search to resume");
                expanded += ctx.stats().expanded;
            }
            assert_eq!(out, want, "seed {seed}, resumed by {budget}");
            assert_eq!(expanded, as_map.stats().expanded, "seed {seed}, resumed");
        }
        assert!(
            with_extras > 100,
            "{with_extras} views with units or claims"
        );
    }
}
