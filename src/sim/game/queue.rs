//! Plans kept in step with what the faction learnt, and the A* search
//! queue: requests first come first served, and the per-turn expansion
//! budget that `pump` spends on them (a search that runs out is suspended
//! and goes on next turn, first in line). Every plan's work is charged
//! here, to its monster and to the turn.

use std::collections::VecDeque;

use super::SimConfig;
use super::ground::Ground;
use super::scratch::Scratch;
use super::units::Units;
use crate::fog::knowledge::Knowledge;
use crate::map::geom::Pos;
use crate::path::{Outcome, SearchOptions};
use crate::sim::event::Event;
use crate::sim::faction::Faction;
use crate::sim::monster::MonsterId;
use crate::sim::plan::{Ask, Budget, Context, News, Plan, ReplanReason, Senses, Status};

/// A search that ran out of budget and goes on next turn.
#[derive(Clone, Debug)]
pub(super) struct Suspended {
    /// The knowledge it started on.
    pub(super) snapshot: Knowledge,
    /// The faction's log length then.
    pub(super) log_len: usize,
    /// Where it searches from (the monster may since have been pushed).
    pub(super) from: Pos,
    /// Expansions it has made so far: with the snapshot, the start, and
    /// the planner's goal, blocked cells and claims (which cannot change
    /// while it is queued), they determine the search context's state.
    pub(super) expanded: u64,
}

/// A* requests, first come first served.
#[derive(Clone, Debug, Default)]
pub(super) struct SearchQueue {
    pub(super) waiting: VecDeque<MonsterId>,
    /// Scratch memory of the searches, but for a suspended one's progress.
    pub(super) ctx: Scratch,
    /// The head's search, when it ran out of budget.
    pub(super) suspended: Option<Suspended>,
}

/// The planning part of a floor: the A* search queue, the scratch memory
/// of detours, the settings, and what the turn's budget has spent.
#[derive(Clone, Debug)]
pub(super) struct Planning {
    pub(super) config: SimConfig,
    pub(super) queue: SearchQueue,
    /// For short searches round units, apart from the queue's (which may
    /// hold a suspended search).
    pub(super) detour_ctx: Scratch,
    /// Expansions spent this turn.
    pub(super) spent: u64,
    /// The turn's budget ran out with searches still waiting.
    pub(super) limited_now: bool,
    /// Turns that ended so (see [`Floor::budget_limited_turns`]).
    pub(super) budget_limited: u64,
}

impl Planning {
    /// Nothing queued or spent yet, under `config`.
    pub(super) fn new(config: SimConfig) -> Planning {
        Planning {
            config,
            queue: SearchQueue::default(),
            detour_ctx: Scratch::default(),
            spent: 0,
            limited_now: false,
            budget_limited: 0,
        }
    }

    /// Drops the searches' scratch memory: the detours', and the queue's
    /// unless it holds a suspended search's progress (which is state).
    #[cfg(test)]
    pub(super) fn drop_scratch(&mut self) {
        self.detour_ctx = Scratch::default();
        if self.queue.suspended.is_none() {
            self.queue.ctx = Scratch::default();
        }
    }

    /// Takes `monster`'s request out of the search queue.
    pub(super) fn unqueue(&mut self, monster: MonsterId) {
        if self.queue.waiting.front() == Some(&monster) {
            // The suspended search, if any, was this monster's.
            self.queue.suspended = None;
        }
        self.queue.waiting.retain(|&w| w != monster);
    }
}

impl Planning {
    /// Runs `f` on monster `id`'s plan with a read-only context of what it
    /// knows and senses and a budget of what is left of the turn's search
    /// work; charges what it spent. The plan is taken out of the monster
    /// meanwhile, so that its senses can read every other monster.
    pub(super) fn with_plan<R>(
        &mut self,
        ground: &Ground,
        units: &mut Units,
        factions: &[Faction],
        id: usize,
        f: impl FnOnce(&mut Plan, &Context, &mut Budget) -> R,
    ) -> R {
        let mut plan = std::mem::take(units.monsters[id].plan_mut());
        let m = &units.monsters[id];
        let faction = &factions[m.faction()];
        let senses = Senses::new(
            &ground.world,
            &units.monsters,
            m,
            self.config.avoid_radius,
            self.config.claim_radius,
        );
        let ctx = Context::new(
            m.pos(),
            faction.knowledge(),
            faction.log(),
            faction.islands(),
            faction.fields(),
            faction.walls_learnt,
            senses,
        );
        let left = self.config.expansion_budget.saturating_sub(self.spent);
        let mut budget = Budget::new(left, self.config.detour_budget, &mut self.detour_ctx);
        let out = f(&mut plan, &ctx, &mut budget);
        let spent = budget.spent();
        *units.monsters[id].plan_mut() = plan;
        self.charge(units, id, spent);
        out
    }

    /// Brings the monster's plan up to date with its faction's knowledge:
    /// a path plan whose rest broke or got dearer asks the queue for a
    /// new one at once (A*) or tells of its repair (D* Lite). A field
    /// plan takes in nothing: its faction's fields do, at the next plan
    /// phase.
    pub(super) fn sync(
        &mut self,
        ground: &Ground,
        units: &mut Units,
        factions: &[Faction],
        id: usize,
        ev: &mut Vec<Event>,
    ) {
        let m = &mut units.monsters[id];
        if m.plan().status() == Status::Queued {
            return; // Checked when the search comes back.
        }
        let f = &factions[m.faction()];
        let sync = m.plan_mut().sync(f.knowledge(), f.log());
        self.charge(units, id, sync.expanded);
        if sync.broken || sync.costlier {
            let reason = if sync.broken {
                ReplanReason::NewWall
            } else {
                ReplanReason::Costlier
            };
            let plan = units.monsters[id].plan();
            if plan.wants_search() {
                self.think(ground, units, factions, id, ev);
            } else {
                let news = plan.news(Some(reason));
                announce(units, id, news, ev);
            }
        }
    }

    /// An A* plan's request: first the islands pre-check (a goal on
    /// another island of what the faction knows is answered "no path" at
    /// once, without a search), then the cells allies near it claim, then
    /// into the queue, which runs at once as far as the budget goes.
    /// Units are not planned around here but where they are met (see
    /// [`Game::collide`]): a whole-map search that fails because a unit
    /// stands in a corridor would be wasted, since units move.
    pub(super) fn think(
        &mut self,
        ground: &Ground,
        units: &mut Units,
        factions: &[Faction],
        id: usize,
        ev: &mut Vec<Event>,
    ) {
        let reachable = goal_reachable(units, factions, id);
        let m = &units.monsters[id];
        let claims = Senses::new(
            &ground.world,
            &units.monsters,
            m,
            self.config.avoid_radius,
            self.config.claim_radius,
        )
        .claims_near();
        let m = &mut units.monsters[id];
        let (at, monster) = (m.pos(), m.id());
        let f = &factions[m.faction()];
        let Some(plan) = m.plan_mut().as_astar_mut() else {
            return;
        };
        match plan.ask(reachable, claims, f.knowledge(), f.log().total(), at) {
            Ask::Answered(news) => return announce(units, id, news, ev),
            Ask::Queue => self.queue.waiting.push_back(monster),
            Ask::Queued => {}
        }
        self.pump(units, factions, ev);
    }

    /// Runs queued A* searches, first come first served, until the turn's
    /// budget is spent.
    pub(super) fn pump(&mut self, units: &mut Units, factions: &[Faction], ev: &mut Vec<Event>) {
        while self.spent < self.config.expansion_budget {
            let Some(&id) = self.queue.waiting.front() else {
                break;
            };
            let left = self.config.expansion_budget - self.spent;
            let m = &units.monsters[id as usize];
            let f = &factions[m.faction()];
            let q = &mut self.queue;
            let outcome = match (&q.suspended, m.plan().goal()) {
                (Some(s), _) => m
                    .plan()
                    .view(&s.snapshot)
                    .resume(&mut q.ctx, left)
                    .unwrap_or(Outcome::Unreachable),
                (None, Some(goal)) => {
                    let options = SearchOptions {
                        max_expansions: Some(left),
                        ..SearchOptions::default()
                    };
                    m.plan()
                        .view(f.knowledge())
                        .find_path(&mut q.ctx, m.pos(), goal, &options)
                }
                (None, None) => Outcome::Unreachable,
            };
            let expanded = q.ctx.stats().expanded;
            if outcome == Outcome::OutOfBudget {
                match &mut q.suspended {
                    Some(s) => s.expanded += expanded,
                    None => {
                        q.suspended = Some(Suspended {
                            snapshot: f.knowledge().snapshot(),
                            log_len: f.log().total(),
                            from: m.pos(),
                            expanded,
                        })
                    }
                }
                self.charge(units, id as usize, expanded);
                break;
            }
            let suspended = q.suspended.take();
            q.waiting.pop_front();
            self.charge(units, id as usize, expanded);
            let f = &factions[units.monsters[id as usize].faction()];
            let (knowledge, log_len) = match &suspended {
                Some(s) => (&s.snapshot, s.log_len),
                None => (f.knowledge(), f.log().total()),
            };
            // A suspended search started where the monster stood then; an
            // ally may have swapped it to a neighbouring cell since.
            let m = &mut units.monsters[id as usize];
            let at = m.pos();
            let costs = self.queue.ctx.path_costs();
            let news = m
                .plan_mut()
                .as_astar_mut()
                .and_then(|p| p.install(outcome, costs, knowledge, log_len, at));
            announce(units, id as usize, news, ev);
        }
        // The loop ends on an empty queue or a spent budget: anyone still
        // waiting was held back by the budget.
        if !self.queue.waiting.is_empty() {
            self.limited_now = true;
        }
    }

    /// Charges search work to a monster and to the turn's budget.
    pub(super) fn charge(&mut self, units: &mut Units, id: usize, expanded: u64) {
        units.monsters[id].counted_expanded(expanded);
        self.spent += expanded;
    }
}

/// Tells what a plan had to tell, as an event (a replan is counted).
pub(super) fn announce(units: &mut Units, id: usize, news: Option<News>, ev: &mut Vec<Event>) {
    let m = &mut units.monsters[id];
    let monster = m.id();
    match news {
        Some(News::Planned(cost)) => ev.push(Event::Planned { monster, cost }),
        Some(News::Replanned(reason, cost)) => {
            m.counted_replan();
            ev.push(Event::Replanned {
                monster,
                reason,
                cost,
            });
        }
        Some(News::NoPath) => ev.push(Event::NoPath { monster }),
        None => {}
    }
}

/// False when the faction's islands (as its knowledge stands) show
/// monster `id`'s goal on another island (walls it knows enclose one or
/// the other).
pub(super) fn goal_reachable(units: &Units, factions: &[Faction], id: usize) -> bool {
    let m = &units.monsters[id];
    let Some(goal) = m.plan().goal() else {
        return true;
    };
    factions[m.faction()]
        .islands()
        .is_none_or(|i| i.connected(m.pos(), goal))
}
