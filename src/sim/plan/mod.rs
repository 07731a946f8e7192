//! The AI's side of the type boundary: a monster's plan, one type per
//! strategy, each owning only its own state and deciding the monster's
//! next [`Action`] from a read-only [`Context`] (its faction's
//! [`Knowledge`], the units it senses, the faction's shared fields and
//! islands) and an explicit [`Budget`]; the game then performs the action
//! (`sim/game/perform.rs`), applying every rule in one place. The shape is
//! Hauberk's: a monster decides, the game performs, and an action can
//! hand over to another.
//!
//! - [`FieldPlan`]: reads its faction's shared field toward its goal (made
//!   exact at the start of every turn by the plan phase) and steps
//!   downhill; it never waits to think.
//! - [`AStarPlan`]: a path from a fresh A*, searched in the game's queue
//!   under the turn's budget, checked against every discovery and asked
//!   for again when it breaks.
//! - [`DStarPlan`]: its own D* Lite search, repaired when what the faction
//!   learnt breaks the rest of its path.
//!
//! Every method that reads a map takes `&Knowledge` (or a `Context` made
//! from one), never a [`CostMap`], and this module imports neither the
//! world's terrain nor the terrain map, so a plan cannot be handed the
//! true map by mistake: each public entry point refuses a `TerrainMap` at
//! compile time (checked below). The units a plan senses come through
//! [`Senses`], which answers who stands where and where they are going,
//! and nothing about the ground.
//!
//! # The type boundary, checked
//!
//! Every public entry point that reads a map, called on a faction's
//! knowledge, compiles:
//!
//! ```
//! use darkstar::fog::knowledge::{Knowledge, KnowledgeRules};
//! use darkstar::map::geom::Pos;
//! use darkstar::path::Replanner;
//! use darkstar::sim::{DStarPlan, Log, Plan};
//!
//! let known = Knowledge::blank(8, 8, 1);
//! let mut dstar = DStarPlan::new(Some(Pos::new(7, 7)));
//! dstar.plan_incremental(&known, Pos::new(0, 0), 0);
//! let mut planner = Plan::new(Replanner::AStar, Some(Pos::new(7, 7)));
//! planner.sync(&known, &Log::default());
//! let _ = planner.view(&known);
//! ```
//!
//! The same calls on the true map are refused, each with a mismatched
//! type (E0308) and nothing else, since the calls above are the same but
//! for the map: D* Lite's first plan,
//!
//! ```compile_fail,E0308
//! use darkstar::map::geom::Pos;
//! use darkstar::map::terrain::{Terrain, TerrainMap};
//! use darkstar::sim::DStarPlan;
//!
//! let truth = TerrainMap::filled(8, 8, Terrain::Floor);
//! let mut dstar = DStarPlan::new(Some(Pos::new(7, 7)));
//! dstar.plan_incremental(&truth, Pos::new(0, 0), 0);
//! ```
//!
//! keeping a plan in step with what was learnt,
//!
//! ```compile_fail,E0308
//! use darkstar::map::geom::Pos;
//! use darkstar::map::terrain::{Terrain, TerrainMap};
//! use darkstar::path::Replanner;
//! use darkstar::sim::{Log, Plan};
//!
//! let truth = TerrainMap::filled(8, 8, Terrain::Floor);
//! let mut planner = Plan::new(Replanner::AStar, Some(Pos::new(7, 7)));
//! planner.sync(&truth, &Log::default());
//! ```
//!
//! and a plan's cost map (its claims and units to avoid over the map):
//!
//! ```compile_fail,E0308
//! use darkstar::map::geom::Pos;
//! use darkstar::map::terrain::{Terrain, TerrainMap};
//! use darkstar::path::Replanner;
//! use darkstar::sim::Plan;
//!
//! let truth = TerrainMap::filled(8, 8, Terrain::Floor);
//! let planner = Plan::new(Replanner::AStar, Some(Pos::new(7, 7)));
//! let _ = planner.view(&truth);
//! ```
//!
//! [`CostMap`]: crate::path::CostMap

mod astar;
mod context;
mod detour;
mod dstar;
mod field;
mod path;
mod route;
mod view;

pub use astar::AStarPlan;
pub(crate) use astar::Ask;
pub use context::{Budget, Context, Senses};
pub use dstar::DStarPlan;
pub use field::FieldPlan;
pub(crate) use field::STUCK_ACTIONS as FIELD_STUCK_ACTIONS;
pub use view::{CLAIM_PENALTY, PlanView};

pub use super::action::Action;
use super::event::WaitReason;
use super::fnv::Fnv;
use super::log::Log;

use crate::fog::knowledge::Knowledge;
use crate::map::cost::Cost;
use crate::map::geom::Pos;
use crate::path::Replanner;

/// Why a monster replanned.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ReplanReason {
    /// A wall its faction just learnt (seen or bumped) lies on its path.
    NewWall,
    /// The rest of its path now costs more than when it was planned
    /// (danger, or worse ground seen on it): a better way may exist.
    Costlier,
    /// A unit stands in its way and is not moving off.
    Blocked,
}

/// Where a monster's plan stands.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Status {
    /// It has none and must ask for one.
    #[default]
    NeedsPlan,
    /// Its A* request is in the game's queue of searches.
    Queued,
    /// It has a path to follow.
    Ready,
    /// No path exists on what its faction knows (with the units it plans
    /// around); knowledge only adds walls, but for a door a door-blind
    /// faction sees open (the game then plans such monsters afresh), so
    /// without units in the way that holds until then.
    NoPath,
}

/// What bringing a plan up to date did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Sync {
    /// Cells expanded doing it (D* Lite repairs; A* checks expand none).
    pub expanded: u64,
    /// The rest of the path crossed a newly known wall.
    pub broken: bool,
    /// The rest of the path is still legal but dearer than planned.
    pub costlier: bool,
    /// D* Lite repaired (or rebuilt) its plan: the plan is now optimal on
    /// what the faction knows.
    pub repaired: bool,
}

/// What a plan has to tell: the game turns it into an event (and counts
/// replans).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum News {
    /// It made its first plan, costing this.
    Planned(Cost),
    /// It made a new plan.
    Replanned(ReplanReason, Option<Cost>),
    /// It found no way to its goal on what its faction knows.
    NoPath,
}

/// What a plan decided: its news, if any, then the action.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub news: Option<News>,
    pub action: Action,
}

impl Decision {
    fn act(action: Action) -> Decision {
        Decision { news: None, action }
    }
}

/// The news of a plan just made or repaired, for the reason it was asked
/// for (`None`: the first plan).
fn news(status: Status, cost: Option<Cost>, reason: Option<ReplanReason>) -> Option<News> {
    match (status, cost, reason) {
        (Status::Ready, Some(cost), None) => Some(News::Planned(cost)),
        (Status::Ready, cost, Some(reason)) => Some(News::Replanned(reason, cost)),
        (Status::NoPath, ..) => Some(News::NoPath),
        _ => None,
    }
}

/// A plan's next step from `at` on `route` as it stands at `status`, or a wait (to
/// think, while a search is due or under way).
fn follow(status: Status, route: &route::Route, at: Pos) -> Action {
    match route.next_step().filter(|_| status == Status::Ready) {
        Some(next) => Action::toward(at, next),
        None => {
            let thinking = matches!(status, Status::Queued | Status::NeedsPlan);
            Action::Wait(thinking.then_some(WaitReason::Thinking))
        }
    }
}

/// One monster's plan: one of three strategies.
#[derive(Clone, Debug)]
pub enum Plan {
    Field(FieldPlan),
    AStar(AStarPlan),
    DStar(DStarPlan),
}

impl Default for Plan {
    /// No plan: an A* plan with no goal, which holds nothing.
    fn default() -> Plan {
        Plan::AStar(AStarPlan::new(None))
    }
}

/// Calls the same method on whichever plan it is.
macro_rules! each {
    ($plan:expr, $p:ident => $body:expr) => {
        match $plan {
            Plan::Field($p) => $body,
            Plan::AStar($p) => $body,
            Plan::DStar($p) => $body,
        }
    };
}

impl Plan {
    /// A plan of `kind` heading for `goal` (none: the monster idles).
    pub fn new(kind: Replanner, goal: Option<Pos>) -> Plan {
        match kind {
            Replanner::Field => Plan::Field(FieldPlan::new(goal)),
            Replanner::AStar => Plan::AStar(AStarPlan::new(goal)),
            Replanner::DStarLite => Plan::DStar(DStarPlan::new(goal)),
        }
    }

    /// The same strategy toward another goal, started afresh.
    pub fn retargeted(&self, goal: Option<Pos>) -> Plan {
        Plan::new(self.kind(), goal)
    }

    /// Which strategy it is.
    pub fn kind(&self) -> Replanner {
        match self {
            Plan::Field(_) => Replanner::Field,
            Plan::AStar(_) => Replanner::AStar,
            Plan::DStar(_) => Replanner::DStarLite,
        }
    }

    /// Where it is heading.
    pub fn goal(&self) -> Option<Pos> {
        each!(self, p => p.goal())
    }

    /// Where the plan stands.
    pub fn status(&self) -> Status {
        each!(self, p => p.status())
    }

    /// Cost of the plan when it was made or last repaired (a field plan:
    /// its cell's value at its last read).
    pub fn cost(&self) -> Option<Cost> {
        each!(self, p => p.route().cost())
    }

    /// The rest of the plan: the monster's cell, then every cell to the goal
    /// (empty without a plan; a field plan: its next step, or its detour).
    /// Drawn straight through unknown cells.
    pub fn remaining(&self) -> &[Pos] {
        match self.status() {
            Status::Ready => each!(self, p => p.route().remaining()),
            _ => &[],
        }
    }

    /// The cell to step to next.
    pub fn next_step(&self) -> Option<Pos> {
        match self.status() {
            Status::Ready => each!(self, p => p.route().next_step()),
            _ => None,
        }
    }

    /// A field plan on a detour round units with steps left.
    pub fn on_detour(&self) -> bool {
        matches!(self, Plan::Field(f) if f.on_detour())
    }

    /// The map it plans over: its faction's knowledge with the units it
    /// plans around made impassable and its allies' claimed cells dearer
    /// (a field plan: the bare knowledge).
    pub fn view<'a>(&'a self, knowledge: &'a Knowledge) -> PlanView<'a> {
        match self {
            Plan::AStar(p) => p.view(knowledge),
            Plan::DStar(p) => p.view(knowledge),
            Plan::Field(_) => PlanView::new(knowledge, &[], &[]),
        }
    }

    /// Takes in what the faction learnt since the plan last looked (`log`:
    /// every cell whose belief changed, in order). A* checks that the rest
    /// of its path is still legal, in O(path length), and asks for a new
    /// plan if not; D* Lite repairs its plan; a field plan takes in
    /// nothing (its faction's field does, and the monster finds out from
    /// its cell's value at its next read).
    pub fn sync(&mut self, knowledge: &Knowledge, log: &Log) -> Sync {
        match self {
            Plan::AStar(p) => p.sync(knowledge, log),
            Plan::DStar(p) => p.sync(knowledge, log),
            Plan::Field(_) => Sync::default(),
        }
    }

    /// The monster stepped to `to`, the plan's next cell.
    pub fn advanced(&mut self, to: Pos) {
        each!(self, p => p.advanced(to))
    }

    /// The monster's next action, decided over `ctx` (read-only) within
    /// `budget`, with anything the plan has to tell first.
    pub(crate) fn decide(&mut self, ctx: &Context, budget: &mut Budget) -> Decision {
        if self.goal().is_none() {
            return Decision::act(Action::Wait(None));
        }
        each!(self, p => p.decide(ctx, budget))
    }

    /// What the plan says to do now, without thinking further: its next
    /// step, or a wait (to think, while a search is due or under way).
    /// Where [`Action::Think`] hands over once the game has run its queue.
    pub(crate) fn follow(&self, at: Pos) -> Action {
        each!(self, p => follow(p.status(), p.route(), at))
    }

    /// A unit blocks the way and patience ran out: look for a way round
    /// the units the monster senses, within the budget. A field plan goes
    /// round only a unit `stuck` for a while (one that will move on is
    /// waited for). `Some` news if a way was taken.
    pub(crate) fn go_round(
        &mut self,
        ctx: &Context,
        budget: &mut Budget,
        stuck: bool,
    ) -> Option<News> {
        match self {
            Plan::Field(p) if stuck => p.go_round(ctx, budget),
            Plan::Field(_) => None,
            Plan::AStar(p) => p.go_round(ctx, budget),
            Plan::DStar(p) => p.go_round(ctx, budget),
        }
    }

    /// The monster was pushed to `to` (next to where it stood) by an ally
    /// swapping places with it. Returns the cells expanded doing so.
    pub(crate) fn pushed(&mut self, knowledge: &Knowledge, to: Pos) -> u64 {
        each!(self, p => p.pushed(knowledge, to))
    }

    /// The plan proved wrong (it walked into a wall its faction knew, or
    /// its next cell is no neighbour): it asks for another.
    pub(crate) fn forget(&mut self) {
        each!(self, p => p.forget())
    }

    /// After a step: what allies should see of where it goes next (a field
    /// plan reads it off the field, without a search; a path already says).
    pub(crate) fn look_ahead(&mut self, ctx: &Context) {
        if let Plan::Field(p) = self {
            p.look_ahead(ctx);
        }
    }

    /// How much of its faction's discovery log the plan still has to take
    /// in from (`None`: it reads none; its faction's fields do).
    pub(crate) fn log_seen(&self) -> Option<usize> {
        match self {
            Plan::AStar(p) => Some(p.log_seen()),
            Plan::DStar(p) => Some(p.log_seen()),
            Plan::Field(_) => None,
        }
    }

    /// Cells of the units it plans around.
    pub(crate) fn blocked(&self) -> &[usize] {
        match self {
            Plan::AStar(p) => p.blocked(),
            Plan::DStar(p) => p.blocked(),
            Plan::Field(_) => &[],
        }
    }

    /// The target whose shared field it reads at its cell this action, if
    /// it reads one: what the game makes sure is settled there first.
    pub(crate) fn reads_field(&self) -> Option<Pos> {
        match self {
            Plan::Field(p) => p.reads(),
            _ => None,
        }
    }

    /// The target whose field a way round units would read, and the value
    /// it must get below (see [`FieldPlan::round_below`]).
    pub(crate) fn round_below(&self) -> Option<(Pos, Cost)> {
        match self {
            Plan::Field(p) => p.round_below(),
            _ => None,
        }
    }

    /// It asked for a search the game's queue has yet to take (an A* plan
    /// whose path broke).
    pub(crate) fn wants_search(&self) -> bool {
        matches!(self, Plan::AStar(p) if p.status() == Status::NeedsPlan)
    }

    /// The news of its plan as it stands, made or repaired for `reason`
    /// (`None`: the first plan).
    pub(crate) fn news(&self, reason: Option<ReplanReason>) -> Option<News> {
        news(self.status(), self.cost(), reason)
    }

    /// The A* plan, for the game's search queue.
    pub(crate) fn as_astar_mut(&mut self) -> Option<&mut AStarPlan> {
        match self {
            Plan::AStar(p) => Some(p),
            _ => None,
        }
    }

    /// Feeds what decides this plan's future to the state hash (see
    /// [`crate::sim::Game::state_hash`] for what is left out, and why).
    pub(crate) fn hash_into(&self, h: &mut Fnv) {
        h.int(self.kind() as i64);
        each!(self, p => p.hash_into(h))
    }

    /// Bytes the plan holds: the plan itself, its vectors' capacities and
    /// its D* Lite, if any.
    pub fn memory_bytes(&self) -> usize {
        std::mem::size_of::<Self>() + each!(self, p => p.heap_bytes())
    }
}
