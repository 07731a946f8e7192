//! D* Lite: one monster's own incremental search, made at once on its
//! first action and repaired lazily, when what its faction learnt breaks
//! the rest of its path or makes it dearer, so every repaired plan is
//! optimal on what the faction knows. It plans over the bare knowledge:
//! units in the way are the business of detours (cutting a maze corridor
//! in D* Lite's graph would raise every cost behind it, then lower them
//! all again when the unit moves on).

use super::path::PathState;
use super::route::Route;
use super::{Action, Budget, Context, Decision, News, PlanView, ReplanReason, Status, Sync, news};
use crate::fog::knowledge::Knowledge;
use crate::map::geom::Pos;
use crate::path::{Connectivity, CostMap, DStarLite};
use crate::sim::fnv::{Fnv, hash_pos};
use crate::sim::log::Log;

/// A monster's D* Lite plan.
#[derive(Clone, Debug, Default)]
pub struct DStarPlan {
    /// Its goal, status, route, units planned round (by a detour; cleared
    /// at the next repair) and log position.
    path: PathState,
    dstar: Option<Box<DStarLite>>,
    /// Cells learnt since its last repair. It repairs when the rest of its
    /// path breaks (as A* replans), or before anything else that runs its
    /// search, so it never searches on half-told costs.
    pending: Vec<Pos>,
    /// `pending`'s length after its last deduplication.
    pending_deduped: usize,
}

impl DStarPlan {
    /// A plan heading for `goal`, not yet made.
    pub fn new(goal: Option<Pos>) -> DStarPlan {
        DStarPlan {
            path: PathState::new(goal),
            ..DStarPlan::default()
        }
    }

    pub fn goal(&self) -> Option<Pos> {
        self.path.goal
    }

    pub fn status(&self) -> Status {
        self.path.status
    }

    /// Cost of the plan when it was made or last repaired.
    pub fn cost(&self) -> Option<crate::map::cost::Cost> {
        self.path.route.cost()
    }

    /// The rest of the plan: the monster's cell, then every cell to the
    /// goal (empty without a plan).
    pub fn remaining(&self) -> &[Pos] {
        self.path.remaining()
    }

    /// The cell to step to next.
    pub fn next_step(&self) -> Option<Pos> {
        self.remaining().get(1).copied()
    }

    pub(crate) fn route(&self) -> &Route {
        &self.path.route
    }

    pub(crate) fn log_seen(&self) -> usize {
        self.path.log_seen
    }

    pub(crate) fn blocked(&self) -> &[usize] {
        &self.path.blocked
    }

    /// The map it plans over: the knowledge, with the units a detour went
    /// round made impassable.
    pub fn view<'a>(&'a self, knowledge: &'a Knowledge) -> PlanView<'a> {
        PlanView::new(knowledge, &self.path.blocked, &[])
    }

    /// Without a plan it makes one at once (charged to the budget), unless
    /// the islands show no route; then it follows its path.
    pub(super) fn decide(&mut self, ctx: &Context, budget: &mut Budget) -> Decision {
        let mut told = None;
        if self.path.status == Status::NeedsPlan
            && let Some(goal) = self.path.goal
        {
            self.path.blocked.clear();
            if ctx.reachable(goal) {
                budget.spend(self.plan_incremental(ctx.knowledge, ctx.at, ctx.log.total()));
            } else {
                self.path.log_seen = ctx.log.total();
                self.path.route.clear();
                self.path.status = Status::NoPath;
            }
            told = news(self.path.status, self.path.route.cost(), None);
        }
        let action = match self.next_step() {
            Some(next) => Action::toward(ctx.at, next),
            None => Action::Wait(None),
        };
        Decision { news: told, action }
    }

    /// Makes the first plan from `at`, at once, over `knowledge` when its
    /// faction's log is `log_len` long; returns the cells expanded.
    pub fn plan_incremental(&mut self, knowledge: &Knowledge, at: Pos, log_len: usize) -> u64 {
        let Some(goal) = self.path.goal else { return 0 };
        // The heuristic's floor: the cheapest step known now. Cheaper ground
        // found later (a road) means starting afresh (see `flush`).
        let floor = knowledge.cheapest_steps();
        let d = DStarLite::new(knowledge, at, goal, Connectivity::Eight, floor);
        let expanded = d.expanded();
        self.dstar = Some(Box::new(d));
        self.pending.clear();
        self.pending_deduped = 0;
        self.path.log_seen = log_len;
        self.refresh(knowledge);
        expanded
    }

    /// Takes in what the faction learnt since it last looked (`log`: every
    /// cell whose belief changed, in order), and repairs if the rest of its
    /// path broke or got dearer, or cheaper ground than its heuristic's
    /// floor is known.
    pub fn sync(&mut self, knowledge: &Knowledge, log: &Log) -> Sync {
        let new = log.since(self.path.log_seen);
        self.path.log_seen = log.total();
        if new.is_empty() {
            return Sync::default();
        }
        let (broken, costlier) = self.path.check_rest(knowledge, &[], new);
        let (mut expanded, mut repaired) = (0, false);
        match &self.dstar {
            Some(d) => {
                let floor_changed = d.floor() != knowledge.cheapest_steps();
                self.pending.extend_from_slice(new);
                self.dedupe_pending();
                if broken || costlier || floor_changed {
                    expanded = self.flush(knowledge);
                    repaired = true;
                }
            }
            // A detour's path with no search of its own yet: asked for.
            None if broken || costlier => self.forget(),
            None => {}
        }
        Sync {
            expanded,
            broken,
            costlier,
            repaired,
        }
    }

    /// Keeps the pending cells to one entry a cell, so a plan that goes
    /// long unbroken (danger decaying round it every 25 turns) holds at
    /// most one entry per cell of the map. The order does not matter: a
    /// repair recomputes each pending cell from the final knowledge, the
    /// same however often and in whatever order. Sorted and deduplicated
    /// whenever the list has doubled since last time.
    fn dedupe_pending(&mut self) {
        if self.pending.len() >= self.pending_deduped.max(512) * 2 {
            self.pending.sort_unstable_by_key(|p| (p.y, p.x));
            self.pending.dedup();
            self.pending_deduped = self.pending.len();
        }
    }

    /// Cells waiting for the next repair (for tests of its bound).
    pub fn pending_len(&self) -> usize {
        self.pending.len()
    }

    /// Takes in every pending change and settles its current start (which
    /// a detour or a push may have taken off its plan), or, if ground
    /// cheaper than its heuristic's floor is now known, starts afresh on
    /// the new floor, which keeps the heuristic admissible; then reads off
    /// the path. Returns the cells expanded.
    fn flush(&mut self, knowledge: &Knowledge) -> u64 {
        let Some(d) = &mut self.dstar else { return 0 };
        let before = d.expanded();
        let expanded = if d.floor() != knowledge.cheapest_steps() {
            let (at, goal) = (d.start(), d.goal());
            **d = DStarLite::new(
                knowledge,
                at,
                goal,
                d.connectivity(),
                knowledge.cheapest_steps(),
            );
            d.expanded()
        } else {
            self.pending.push(d.start());
            d.cells_changed(knowledge, &self.pending);
            d.expanded() - before
        };
        self.pending.clear();
        self.pending_deduped = 0;
        self.path.blocked.clear();
        self.refresh(knowledge);
        expanded
    }

    /// Reads the path off the repaired search.
    fn refresh(&mut self, knowledge: &Knowledge) {
        let Some(d) = &self.dstar else { return };
        let found = match d.path(knowledge) {
            Some(path) => self.take(path, knowledge),
            None => false,
        };
        if !found {
            self.path.route.clear();
            self.path.status = Status::NoPath;
        }
    }

    /// Takes `path` as the plan, costed on its view of `knowledge`.
    fn take(&mut self, path: Vec<Pos>, knowledge: &Knowledge) -> bool {
        self.path.take(path, knowledge, &[])
    }

    /// A capped A* round the units it senses; a way found is followed, and
    /// the search takes its plan back at its next repair.
    pub(super) fn go_round(&mut self, ctx: &Context, budget: &mut Budget) -> Option<News> {
        if !self.path.go_round(ctx, budget) {
            return None;
        }
        news(
            self.path.status,
            self.path.route.cost(),
            Some(ReplanReason::Blocked),
        )
    }

    /// Pushed to `to` by an ally: its path steps back first, still legal,
    /// one step longer; if not legal, a repair settles the new start.
    /// Returns the cells expanded.
    pub(super) fn pushed(&mut self, knowledge: &Knowledge, to: Pos) -> u64 {
        if let Some(d) = &mut self.dstar {
            d.move_to(to);
        }
        if self.path.status != Status::Ready {
            return 0;
        }
        let path = self.path.route.rest_from(to);
        if self.take(path, knowledge) {
            return 0;
        }
        match self.dstar {
            Some(_) => self.flush(knowledge),
            None => {
                self.forget();
                0
            }
        }
    }

    /// The monster stepped to `to`, the plan's next cell.
    pub fn advanced(&mut self, to: Pos) {
        self.path.route.advance();
        if let Some(d) = &mut self.dstar {
            d.move_to(to);
        }
    }

    pub(super) fn forget(&mut self) {
        self.path.status = Status::NeedsPlan;
        self.path.route.clear_path();
    }

    pub(super) fn hash_into(&self, h: &mut Fnv) {
        hash_pos(h, self.path.goal);
        h.int(self.path.status as i64);
        self.path
            .route
            .hash_into(h, self.path.status == Status::Ready);
        h.usizes(&self.path.blocked);
        h.int(self.pending.len() as i64);
        for &p in &self.pending {
            hash_pos(h, Some(p));
        }
        h.int(self.path.log_seen as i64);
        match &self.dstar {
            None => h.int(-1),
            Some(d) => {
                hash_pos(h, Some(d.start()));
                hash_pos(h, Some(d.goal()));
                h.int(d.floor().straight as i64);
                h.int(d.floor().diagonal as i64);
                h.int(d.expanded() as i64);
                h.int(d.cost().map_or(-1, |c| c as i64));
            }
        }
    }

    pub(super) fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        self.path.heap_bytes()
            + self.pending.capacity() * size_of::<Pos>()
            + self
                .dstar
                .as_ref()
                .map_or(0, |d| size_of::<DStarLite>() + d.memory_bytes())
    }
}
