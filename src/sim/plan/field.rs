//! A monster of a faction that plans with shared fields: it reads its
//! faction's field toward its goal at its cell, O(1): the turn's plan
//! phase settled the cell of every monster reading the field, exact as of
//! the turn's start (see `sim/fields.rs`); a read that phase could not
//! foresee (a target set during the turn, a monster pushed off the cells
//! it settled) is grown by the game, over the same costs, before the
//! monster decides. A
//! field monster never waits to think. It chooses among the steps that go
//! downhill on the field (each one nearer the goal, so it can never walk
//! in circles), judged by what its faction knows now: a step into a wall
//! learnt since the turn began is no step, so it takes the best other
//! one, or stands for the turn if none is left, by step cost + the
//! neighbour's value + local penalties for units in the way and cells
//! allies are about to step to. Without anyone about, that is the optimal
//! step; in a crowd, monsters spread over the equally good and nearly as
//! good steps instead of queueing on one. When a unit blocks the way and
//! will not move, a capped local search finds the cheapest way round it
//! back onto the field.
//!
//! A monster's route breaks when its faction learns a wall on it or its
//! ground turns out dearer: its cell's value is then above what it read
//! when it chose the step (O(1) to see, no path to re-cost), and it
//! counts a replan.

use super::detour::local_exit;
use super::route::Route;
use super::{Action, Budget, Context, Decision, News, ReplanReason, Status};
use crate::map::cost::{Cost, StepCosts};
use crate::map::geom::{Dir, Pos};
use crate::map::terrain::FLOOR_COST;
use crate::path::WithObstacles;
use crate::sim::fnv::{Fnv, hash_pos};

/// Penalty of stepping into a cell a unit stands on (it has moved on
/// this turn or will soon): a floor step, about what waiting for it costs.
/// Enough to prefer an equally good free cell, not to leave the route.
const OCCUPIED_PENALTY: Cost = FLOOR_COST;

/// Penalty of stepping into a cell an adjacent ally is about to step to,
/// per such ally: half a floor step (as A*'s claimed-path penalty,
/// [`super::CLAIM_PENALTY`]), so two monsters side by side take two
/// parallel equally good cells rather than one after the other.
const CLAIMED_PENALTY: Cost = FLOOR_COST / 2;

/// A field monster detours round a unit only once that unit has not
/// moved for this many actions: a crowd filing through a corridor stands
/// still an action here and there, and detouring round every such pause
/// sends monsters the long way round (in the 200-monster crowd of
/// tests/crowds.rs, detouring round any unit that stood still once made
/// the last arrival 686 turns instead of about 510).
pub(crate) const STUCK_ACTIONS: u32 = 8;

/// A detour round units is taken only if it costs at most this many
/// straight floor steps more than the route through them: past that,
/// waiting for the way to clear is better (with 5 the crowd above took 659
/// turns, with 2, 518; a few steps round a stuck unit is what a detour is
/// for).
const DETOUR_SLACK_STEPS: Cost = 3;

/// A monster's field plan: what it read and chose at its last action.
#[derive(Clone, Debug, Default)]
pub struct FieldPlan {
    goal: Option<Pos>,
    status: Status,
    /// Its next step (a two-cell route), or a detour round units.
    route: Route,
    /// What the monster's cell should be worth at its next read: the cell
    /// it read from with its value then (if it did not get to move), and
    /// the cell it chose to step to with that one's value. A higher value
    /// means its route broke or got dearer: found in O(1).
    expect: [Option<(Pos, Cost)>; 2],
    /// The route is a detour round units (followed to its end), not a
    /// step read off the field.
    detour: bool,
    /// Walls its faction had learnt at its last read (a value that rose
    /// with new walls is a broken route, without them a dearer one).
    walls_seen: u64,
}

impl FieldPlan {
    /// A plan heading for `goal`, not yet read.
    pub fn new(goal: Option<Pos>) -> FieldPlan {
        FieldPlan {
            goal,
            ..FieldPlan::default()
        }
    }

    pub fn goal(&self) -> Option<Pos> {
        self.goal
    }

    pub fn status(&self) -> Status {
        self.status
    }

    pub(crate) fn route(&self) -> &Route {
        &self.route
    }

    /// On a detour round units with steps left (its next action follows
    /// it without reading the field).
    pub fn on_detour(&self) -> bool {
        self.detour && self.route.has_steps_left()
    }

    /// The target whose field it reads at its cell now, if any: what the
    /// game makes sure is settled there before it decides.
    pub(crate) fn reads(&self) -> Option<Pos> {
        self.goal.filter(|_| !self.on_detour())
    }

    /// The target whose field a way round units reads, and the value
    /// that way must get below (what it last read at its cell): the
    /// game makes sure every cell of the field worth less is settled.
    pub(crate) fn round_below(&self) -> Option<(Pos, Cost)> {
        let value = self.route.cost().filter(|_| self.status == Status::Ready)?;
        Some((self.goal?, value))
    }

    /// Reads its cell's value off the field and steers downhill.
    pub(super) fn decide(&mut self, ctx: &Context, _budget: &mut Budget) -> Decision {
        if self.on_detour()
            && self.status == Status::Ready
            && let Some(next) = self.route.next_step()
        {
            return Decision::act(Action::toward(ctx.at, next));
        }
        let Some(goal) = self.goal else {
            return Decision::act(Action::Wait(None));
        };
        let at = ctx.at;
        // The islands pre-check: a goal on another island of what the
        // faction knows has no route, and the field need not say so by
        // searching the whole island.
        if !ctx.reachable(goal) {
            return self.no_route();
        }
        let read = ctx
            .fields
            .get(goal)
            .and_then(|field| field.settled_value(at))
            .flatten();
        let Some(value) = read else {
            return self.no_route();
        };
        if at == goal {
            // A hunter where it last saw the player (the faction's own goal
            // takes a monster off the level on arrival).
            self.set_intent(at, None, 0);
            return Decision::act(Action::Wait(None));
        }
        let walls = ctx.walls_learnt;
        let reason = match self.expected(at) {
            Some(e) if value > e && self.walls_seen != walls => Some(ReplanReason::NewWall),
            Some(e) if value > e => Some(ReplanReason::Costlier),
            _ => None,
        };
        let first = self.status != Status::Ready;
        // A settled cell off the target always had a downhill step (the
        // one its value came from), but walls learnt since the turn began
        // may close them all: then the monster stands this turn, and the
        // next turn's field goes round them.
        let Some((next, expect)) = self.steer(ctx, goal, value) else {
            return Decision::act(Action::Wait(None));
        };
        self.set_intent(at, Some((next, expect)), value);
        self.walls_seen = walls;
        let news = match reason {
            Some(reason) => Some(News::Replanned(reason, Some(value))),
            None if first => Some(News::Planned(value)),
            None => None,
        };
        Decision {
            news,
            action: Action::toward(at, next),
        }
    }

    /// The field says there is no route from the monster's cell: told once.
    fn no_route(&mut self) -> Decision {
        let news = (self.status != Status::NoPath).then_some(News::NoPath);
        if news.is_some() {
            self.route.clear();
            self.expect = [None; 2];
            self.detour = false;
            self.status = Status::NoPath;
        }
        Decision {
            news,
            action: Action::Wait(None),
        }
    }

    /// Chooses the step among the downhill steps of the field toward
    /// `goal` from the monster's cell, worth `value` (settled): the least
    /// step cost + value + penalties (ties: the cheaper step, then the
    /// first direction). Returns the step and the value of its cell.
    /// Stopped units' cells are left out while any other step is left.
    fn steer(&self, ctx: &Context, goal: Pos, value: Cost) -> Option<(Pos, Cost)> {
        let field = ctx.fields.get(goal)?;
        let at = ctx.at;
        let descents = field.descents(ctx.knowledge, at, value);
        let mut best: Option<(Cost, Cost, Pos, Cost)> = None;
        let mut fallback: Option<(Cost, Cost, Pos, Cost)> = None;
        for &(n, step, total) in descents.as_slice() {
            let unit = at.dir_to(n).map_or(0, |d| StepCosts::UNIT.for_dir(d));
            let candidate = (total, step, n, total - step);
            if fallback.is_none_or(|b| (total, step) < (b.0, b.1)) {
                fallback = Some(candidate);
            }
            let mut score = total;
            if let Some(other) = ctx.senses.unit_at(n) {
                if other.stopped {
                    continue;
                }
                score = score.saturating_add(OCCUPIED_PENALTY * unit);
            }
            let claims = Dir::ALL
                .iter()
                .filter_map(|&d| ctx.senses.unit_at(n.step(d)))
                .filter(|u| ctx.senses.is_ally(u) && u.heading == Some(n))
                .count() as Cost;
            score = score.saturating_add(claims * CLAIMED_PENALTY * unit);
            if best.is_none_or(|b| (score, step) < (b.0, b.1)) {
                best = Some((score, step, n, total - step));
            }
        }
        best.or(fallback).map(|(_, _, next, expect)| (next, expect))
    }

    /// What the last read expected cell `at` to be worth now (`None`:
    /// nothing, after a push, mid-detour or before its first read).
    fn expected(&self, at: Pos) -> Option<Cost> {
        self.expect
            .iter()
            .flatten()
            .find(|(p, _)| *p == at)
            .map(|&(_, c)| c)
    }

    /// The monster at `at`, whose cell is worth `value`, will step to
    /// `next`, worth `next_value` (none: it stays). Drawn and claimed as a
    /// two-cell path.
    fn set_intent(&mut self, at: Pos, next: Option<(Pos, Cost)>, value: Cost) {
        match next {
            Some((p, e)) => self
                .route
                .set_read(&[at, p], &[0, value.saturating_sub(e)], value),
            None => self.route.set_read(&[at], &[0], value),
        }
        self.expect = [Some((at, value)), next];
        self.status = Status::Ready;
        self.detour = false;
    }

    /// After a step: its next step off its faction's field (no search of
    /// its own, no budget: the game settled its new cell), so that allies
    /// see where it is going (to swap with it head-on, not to push it
    /// back, and to steer clear of the cell it claims). Its next action
    /// reads the field properly.
    pub(super) fn look_ahead(&mut self, ctx: &Context) {
        if self.on_detour() {
            return;
        }
        let Some(goal) = self.goal else { return };
        let at = ctx.at;
        // The game settled its cell (as before a decision) unless the
        // islands show the goal cut off.
        let field = ctx.fields.get(goal).filter(|_| ctx.reachable(goal));
        let next = field.and_then(|field| {
            let v = field.settled_value(at).flatten()?;
            let d = field.descents(ctx.knowledge, at, v);
            d.as_slice()
                .iter()
                .min_by_key(|&&(_, step, total)| (total, step))
                .map(|&(n, _, _)| n)
        });
        self.route.set_hint(at, next);
    }

    /// A way round the units in its way back onto its field: a Dijkstra
    /// from its cell over its faction's knowledge with those units
    /// impassable, within the avoid radius and the detour cap, to the cell
    /// `c` minimising the distance to it plus its value, among cells below
    /// the monster's own value (so the detour makes progress). Taken if it
    /// costs at most [`DETOUR_SLACK_STEPS`] floor steps more than the
    /// monster's value, and followed to its end, where the field is read
    /// again, expecting the end cell's value then.
    pub(super) fn go_round(&mut self, ctx: &Context, budget: &mut Budget) -> Option<News> {
        let avoid = ctx.senses.units_to_avoid();
        let (goal, value) = self.round_below()?;
        // The game settled every cell worth less than `value` (see
        // `round_below`) unless the islands show the goal cut off.
        let field = ctx.fields.get(goal).filter(|_| ctx.reachable(goal))?;
        let cap = budget.detour_cap();
        if cap == 0 {
            return None;
        }
        let view = WithObstacles::new(ctx.knowledge, &avoid);
        let slack = DETOUR_SLACK_STEPS * StepCosts::UNIT.scaled(FLOOR_COST).straight;
        let (found, expanded) = local_exit(
            &view,
            field,
            ctx.at,
            ctx.senses.avoid_radius(),
            cap,
            value,
            value.saturating_add(slack),
        );
        budget.spend(expanded);
        let (path, end_value) = found?;
        let (start, end) = (path[0], path[path.len() - 1]);
        self.expect = [Some((start, value)), Some((end, end_value))];
        self.route.set_read(&path, &[0], value);
        self.status = Status::Ready;
        self.detour = true;
        Some(News::Replanned(ReplanReason::Blocked, Some(value)))
    }

    /// Pushed by an ally: its next read starts from the new cell; nothing
    /// is expected of it (the push, not a discovery, moved it).
    pub(super) fn pushed(
        &mut self,
        _knowledge: &crate::fog::knowledge::Knowledge,
        _to: Pos,
    ) -> u64 {
        self.route.clear_path();
        self.expect = [None; 2];
        self.detour = false;
        0
    }

    pub(super) fn advanced(&mut self, _to: Pos) {
        self.route.advance();
    }

    pub(super) fn forget(&mut self) {
        self.status = Status::NeedsPlan;
        self.route.clear_path();
        self.detour = false;
    }

    pub(super) fn hash_into(&self, h: &mut Fnv) {
        hash_pos(h, self.goal);
        h.int(self.status as i64);
        self.route.hash_into(h, self.status == Status::Ready);
        for e in self.expect {
            hash_pos(h, e.map(|(p, _)| p));
            h.int(e.map_or(-1, |(_, c)| c as i64));
        }
        h.int(self.detour as i64);
        h.int(self.walls_seen as i64);
    }

    pub(super) fn heap_bytes(&self) -> usize {
        self.route.heap_bytes()
    }
}
