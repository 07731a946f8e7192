//! What an A* plan and a D* Lite plan both keep, and do alike: the goal,
//! where the plan stands, the route being followed, the units planned
//! round, how much of the discovery log has been taken in; taking a path
//! (costed as planned), checking the rest of it against what was learnt,
//! and going round units by a capped search.

use super::detour::round_units;
use super::route::Route;
use super::{Budget, Context, PlanView, Status};
use crate::fog::knowledge::Knowledge;
use crate::map::cost::Cost;
use crate::map::geom::Pos;
use crate::path::astar::path_cost;
use crate::path::{Outcome, SearchOptions};

#[derive(Clone, Debug, Default)]
pub(crate) struct PathState {
    pub(super) goal: Option<Pos>,
    pub(super) status: Status,
    pub(super) route: Route,
    /// Cells of units planned round: sorted row-major indices.
    pub(super) blocked: Vec<usize>,
    /// How much of its faction's discovery log the plan has taken in.
    pub(super) log_seen: usize,
}

impl PathState {
    pub(super) fn new(goal: Option<Pos>) -> PathState {
        PathState {
            goal,
            ..PathState::default()
        }
    }

    /// The rest of the plan: the monster's cell, then every cell to the
    /// goal (empty without a plan).
    pub(super) fn remaining(&self) -> &[Pos] {
        match self.status {
            Status::Ready => self.route.remaining(),
            _ => &[],
        }
    }

    /// Takes `path` as the plan, costed on `knowledge` with the units it
    /// plans round impassable and `claims` dearer; ready if legal there.
    pub(super) fn take(&mut self, path: Vec<Pos>, knowledge: &Knowledge, claims: &[usize]) -> bool {
        let ok = self.route.set(path, knowledge, &self.blocked, claims);
        if ok {
            self.status = Status::Ready;
        }
        ok
    }

    /// Takes `path` as the plan as a search found it on the plan's view of
    /// `knowledge` with `claims` (the units it plans round impassable),
    /// `costs` being what the search paid up to each cell: ready, its
    /// steps read off those.
    pub(super) fn take_found(
        &mut self,
        path: Vec<Pos>,
        costs: &[Cost],
        knowledge: &Knowledge,
        claims: &[usize],
    ) {
        self.route
            .set_found(path, costs, knowledge, &self.blocked, claims);
        self.status = Status::Ready;
    }

    /// The rest of a ready path costed again on `knowledge` (with
    /// `claims`), after the faction learnt `changed` (the log since the
    /// last check): `(broken, costlier)`, a learnt wall on it or a dearer
    /// cost than planned. Only the steps a changed cell touches are costed
    /// again (see [`super::route::Route::rest_cost`]).
    pub(super) fn check_rest(
        &mut self,
        knowledge: &Knowledge,
        claims: &[usize],
        changed: &[Pos],
    ) -> (bool, bool) {
        if self.status != Status::Ready {
            return (false, false);
        }
        let rest = self
            .route
            .rest_cost(knowledge, &self.blocked, claims, changed);
        debug_assert_eq!(
            rest,
            path_cost(
                &PlanView::new(knowledge, &self.blocked, claims),
                self.route.remaining(),
                &SearchOptions::default()
            ),
            "the rest re-costed in part differs from costing it whole"
        );
        match rest {
            None => (true, false),
            Some(c) => (false, c > self.route.planned_rest()),
        }
    }

    /// A capped search round the units the monster senses; a way found
    /// is taken (planned round those units, with no claims), else the
    /// plan stays as it was. True if taken.
    pub(super) fn go_round(&mut self, ctx: &Context, budget: &mut Budget) -> bool {
        let Some(goal) = self.goal else {
            return false;
        };
        let Some((Outcome::Found { path, .. }, avoid)) = round_units(ctx, budget, goal) else {
            return false;
        };
        let old = std::mem::replace(&mut self.blocked, avoid);
        if !self.take(path, ctx.knowledge, &[]) {
            self.blocked = old;
            return false;
        }
        self.log_seen = ctx.log.total();
        true
    }

    pub(super) fn heap_bytes(&self) -> usize {
        self.route.heap_bytes() + self.blocked.capacity() * std::mem::size_of::<usize>()
    }
}
