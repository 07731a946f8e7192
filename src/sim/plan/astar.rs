//! Repeated A*: a whole path from a fresh search, made in the game's queue
//! of searches under the turn's budget, checked against every discovery
//! in O(path length), and asked for again when a learnt wall breaks it or
//! its ground turns out dearer. It plans round the cells its allies'
//! paths claim, so a group spreads over parallel routes.

use super::path::PathState;
use super::route::Route;
use super::{
    Action, Budget, Context, Decision, News, PlanView, ReplanReason, Status, Sync, follow, news,
};
use crate::fog::knowledge::Knowledge;
use crate::map::cost::Cost;
use crate::map::geom::Pos;
use crate::path::Outcome;
use crate::sim::fnv::{Fnv, hash_pos};
use crate::sim::log::Log;

/// A monster's A* plan.
#[derive(Clone, Debug, Default)]
pub struct AStarPlan {
    /// Its goal, status, route, units planned round and log position.
    path: PathState,
    /// Cells on allies' planned paths, one entry per ally (sorted row-major
    /// indices): each costs [`super::CLAIM_PENALTY`] more per claim.
    claims: Vec<usize>,
    /// Why the request in the queue was made (`None`: the first plan).
    reason: Option<ReplanReason>,
}

/// What asking the queue for a search came to.
pub(crate) enum Ask {
    /// The islands show no route: answered at once, with its news.
    Answered(Option<News>),
    /// The request goes into the queue.
    Queue,
    /// The request is in the queue already.
    Queued,
}

impl AStarPlan {
    /// A plan heading for `goal`, not yet made.
    pub fn new(goal: Option<Pos>) -> AStarPlan {
        AStarPlan {
            path: PathState::new(goal),
            ..AStarPlan::default()
        }
    }

    pub fn goal(&self) -> Option<Pos> {
        self.path.goal
    }

    pub fn status(&self) -> Status {
        self.path.status
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

    /// The map it plans over: the knowledge with the units it plans round
    /// made impassable and its allies' claimed cells dearer.
    pub fn view<'a>(&'a self, knowledge: &'a Knowledge) -> PlanView<'a> {
        PlanView::new(knowledge, &self.path.blocked, &self.claims)
    }

    /// Without a plan it thinks (the game queues its search); otherwise it
    /// follows its path.
    pub(super) fn decide(&mut self, ctx: &Context, _budget: &mut Budget) -> Decision {
        Decision::act(match self.path.status {
            Status::NeedsPlan => Action::Think,
            status => follow(status, &self.path.route, ctx.at),
        })
    }

    /// Makes ready to search: forgets the units it planned round, takes
    /// the cells its allies now claim, and answers at once if the islands
    /// show no route (`reachable` false).
    pub(crate) fn ask(
        &mut self,
        reachable: bool,
        claims: Vec<usize>,
        knowledge: &Knowledge,
        log_len: usize,
        at: Pos,
    ) -> Ask {
        self.path.blocked.clear();
        self.claims = claims;
        if !reachable {
            return Ask::Answered(self.install(Outcome::Unreachable, &[], knowledge, log_len, at));
        }
        if self.path.status == Status::Queued {
            return Ask::Queued;
        }
        self.path.status = Status::Queued;
        Ask::Queue
    }

    /// Installs a finished search, made over `knowledge` (the faction's,
    /// or the snapshot a long search ran on) when the faction's discovery
    /// log was `log_len` long, for the monster now standing at `at`;
    /// returns its news.
    ///
    /// A search that ran over several turns started where the monster
    /// stood then, and an ally may have swapped it to another cell since:
    /// the plan then starts at `at`, joining the path at its furthest cell
    /// that is `at` or a legal step from it. If no cell of the path is, the
    /// plan is asked for again (from where the monster stands).
    ///
    /// `costs` are what the search paid up to each cell of a path found
    /// ([`crate::path::SearchContext::path_costs`]), on this plan's view
    /// of `knowledge`: a path taken whole keeps them as its steps' costs.
    pub(crate) fn install(
        &mut self,
        outcome: Outcome,
        costs: &[Cost],
        knowledge: &Knowledge,
        log_len: usize,
        at: Pos,
    ) -> Option<News> {
        self.path.log_seen = log_len;
        let found = match outcome {
            Outcome::Found { path, .. } if path.first() == Some(&at) => {
                self.path.take_found(path, costs, knowledge, &self.claims);
                true
            }
            Outcome::Found { path, .. } => {
                if !self.join(&path, knowledge, at) {
                    self.request(self.reason);
                    return None;
                }
                true
            }
            _ => false,
        };
        if !found {
            self.path.route.clear();
            self.path.status = Status::NoPath;
        }
        news(self.path.status, self.path.route.cost(), self.reason.take())
    }

    /// Takes `path` as the plan, costed on its view of `knowledge`.
    fn take(&mut self, path: Vec<Pos>, knowledge: &Knowledge) -> bool {
        self.path.take(path, knowledge, &self.claims)
    }

    /// Takes `path` joined from `at` as the plan (see [`AStarPlan::install`]);
    /// false if no cell of it is `at` or a legal step from it.
    fn join(&mut self, path: &[Pos], knowledge: &Knowledge, at: Pos) -> bool {
        for i in (0..path.len()).rev() {
            let (dx, dy) = path[i].abs_delta(at);
            if dx.max(dy) > 1 {
                continue;
            }
            let from = i + usize::from(path[i] == at);
            let mut joined = Vec::with_capacity(path.len() - from + 1);
            joined.push(at);
            joined.extend_from_slice(&path[from..]);
            if self.take(joined, knowledge) {
                return true;
            }
        }
        false
    }

    /// Marks that a plan must be made (for `reason`; `None`: the first).
    fn request(&mut self, reason: Option<ReplanReason>) {
        self.path.status = Status::NeedsPlan;
        self.reason = reason;
        self.path.route.clear_path();
    }

    /// Checks the rest of its path against what the faction learnt since
    /// it last looked, and asks for a new plan if it broke or got dearer.
    pub(super) fn sync(&mut self, knowledge: &Knowledge, log: &Log) -> Sync {
        let new = log.since(self.path.log_seen);
        self.path.log_seen = log.total();
        if new.is_empty() {
            return Sync::default();
        }
        let (broken, costlier) = self.path.check_rest(knowledge, &self.claims, new);
        if broken {
            self.request(Some(ReplanReason::NewWall));
        } else if costlier {
            self.request(Some(ReplanReason::Costlier));
        }
        Sync {
            expanded: 0,
            broken,
            costlier,
            repaired: false,
        }
    }

    /// A capped search round the units it senses; a way found is followed
    /// (with its allies' claims dropped: the detour is about units).
    pub(super) fn go_round(&mut self, ctx: &Context, budget: &mut Budget) -> Option<News> {
        let claims = std::mem::take(&mut self.claims);
        if !self.path.go_round(ctx, budget) {
            self.claims = claims;
            return None;
        }
        news(
            self.path.status,
            self.path.route.cost(),
            Some(ReplanReason::Blocked),
        )
    }

    /// Pushed to `to` by an ally: its path steps back first, still legal,
    /// one step longer; if not legal, it asks for a new plan.
    pub(super) fn pushed(&mut self, knowledge: &Knowledge, to: Pos) -> u64 {
        if self.path.status != Status::Ready {
            return 0;
        }
        let path = self.path.route.rest_from(to);
        if !self.take(path, knowledge) {
            self.request(Some(ReplanReason::Blocked));
        }
        0
    }

    pub(super) fn advanced(&mut self, _to: Pos) {
        self.path.route.advance();
    }

    pub(super) fn forget(&mut self) {
        self.request(None);
    }

    pub(super) fn hash_into(&self, h: &mut Fnv) {
        hash_pos(h, self.path.goal);
        h.int(self.path.status as i64);
        self.path
            .route
            .hash_into(h, self.path.status == Status::Ready);
        h.usizes(&self.path.blocked);
        h.usizes(&self.claims);
        h.int(self.path.log_seen as i64);
        h.int(self.reason.map_or(-1, |r| r as i64));
    }

    pub(super) fn heap_bytes(&self) -> usize {
        self.path.heap_bytes() + self.claims.capacity() * std::mem::size_of::<usize>()
    }
}
