//! Plans kept in step with what the faction learnt, and the A* search
//! queue: requests first come first served, and the per-turn expansion
//! budget that `pump` spends on them (a search that runs out is suspended
//! and goes on next turn, first in line). Every plan's work is charged
//! here, to its monster and to the turn.

use super::*;
use crate::sim::plan::{Ask, Budget, Context, News, Senses};

impl Floor {
    /// Runs `f` on monster `id`'s plan with a read-only context of what it
    /// knows and senses and a budget of what is left of the turn's search
    /// work; charges what it spent. The plan is taken out of the monster
    /// meanwhile, so that its senses can read every other monster.
    pub(super) fn with_plan<R>(
        &mut self,
        id: usize,
        f: impl FnOnce(&mut Plan, &Context, &mut Budget) -> R,
    ) -> R {
        let mut plan = std::mem::take(self.monsters[id].plan_mut());
        let m = &self.monsters[id];
        let faction = &self.factions[m.faction()];
        let senses = Senses::new(
            &self.world,
            &self.monsters,
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
        *self.monsters[id].plan_mut() = plan;
        self.charge(id, spent);
        out
    }

    /// Takes `monster`'s request out of the search queue.
    pub(super) fn unqueue(&mut self, monster: MonsterId) {
        if self.queue.waiting.front() == Some(&monster) {
            // The suspended search, if any, was this monster's.
            self.queue.suspended = None;
        }
        self.queue.waiting.retain(|&w| w != monster);
    }

    /// Brings the monster's plan up to date with its faction's knowledge:
    /// a path plan whose rest broke or got dearer asks the queue for a
    /// new one at once (A*) or tells of its repair (D* Lite). A field
    /// plan takes in nothing: its faction's fields do, at the next plan
    /// phase.
    pub(super) fn sync(&mut self, id: usize, ev: &mut Vec<Event>) {
        let m = &mut self.monsters[id];
        if m.plan().status() == Status::Queued {
            return; // Checked when the search comes back.
        }
        let f = &self.factions[m.faction()];
        let sync = m.plan_mut().sync(f.knowledge(), f.log());
        self.charge(id, sync.expanded);
        if sync.broken || sync.costlier {
            let reason = if sync.broken {
                ReplanReason::NewWall
            } else {
                ReplanReason::Costlier
            };
            let plan = self.monsters[id].plan();
            if plan.wants_search() {
                self.think(id, ev);
            } else {
                let news = plan.news(Some(reason));
                self.announce(id, news, ev);
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
    pub(super) fn think(&mut self, id: usize, ev: &mut Vec<Event>) {
        let reachable = self.goal_reachable(id);
        let m = &self.monsters[id];
        let claims = Senses::new(
            &self.world,
            &self.monsters,
            m,
            self.config.avoid_radius,
            self.config.claim_radius,
        )
        .claims_near();
        let m = &mut self.monsters[id];
        let (at, monster) = (m.pos(), m.id());
        let f = &self.factions[m.faction()];
        let Some(plan) = m.plan_mut().as_astar_mut() else {
            return;
        };
        match plan.ask(reachable, claims, f.knowledge(), f.log().total(), at) {
            Ask::Answered(news) => return self.announce(id, news, ev),
            Ask::Queue => self.queue.waiting.push_back(monster),
            Ask::Queued => {}
        }
        self.pump(ev);
    }

    /// Runs queued A* searches, first come first served, until the turn's
    /// budget is spent.
    pub(super) fn pump(&mut self, ev: &mut Vec<Event>) {
        while self.spent < self.config.expansion_budget {
            let Some(&id) = self.queue.waiting.front() else {
                break;
            };
            let left = self.config.expansion_budget - self.spent;
            let m = &self.monsters[id as usize];
            let f = &self.factions[m.faction()];
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
                self.charge(id as usize, expanded);
                break;
            }
            let suspended = q.suspended.take();
            q.waiting.pop_front();
            self.charge(id as usize, expanded);
            let f = &self.factions[self.monsters[id as usize].faction()];
            let (knowledge, log_len) = match &suspended {
                Some(s) => (&s.snapshot, s.log_len),
                None => (f.knowledge(), f.log().total()),
            };
            // A suspended search started where the monster stood then; an
            // ally may have swapped it to a neighbouring cell since.
            let m = &mut self.monsters[id as usize];
            let at = m.pos();
            let costs = self.queue.ctx.path_costs();
            let news = m
                .plan_mut()
                .as_astar_mut()
                .and_then(|p| p.install(outcome, costs, knowledge, log_len, at));
            self.announce(id as usize, news, ev);
        }
        // The loop ends on an empty queue or a spent budget: anyone still
        // waiting was held back by the budget.
        if !self.queue.waiting.is_empty() {
            self.limited_now = true;
        }
    }

    /// Tells what a plan had to tell, as an event (a replan is counted).
    pub(super) fn announce(&mut self, id: usize, news: Option<News>, ev: &mut Vec<Event>) {
        let m = &mut self.monsters[id];
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

    /// Charges search work to a monster and to the turn's budget.
    pub(super) fn charge(&mut self, id: usize, expanded: u64) {
        self.monsters[id].counted_expanded(expanded);
        self.spent += expanded;
    }

    /// False when the faction's islands (as of the turn's plan phase) show
    /// the monster's goal on another island (walls it knows enclose one
    /// or the other).
    pub(super) fn goal_reachable(&self, id: usize) -> bool {
        let m = &self.monsters[id];
        let Some(goal) = m.plan().goal() else {
            return true;
        };
        self.factions[m.faction()]
            .islands()
            .is_none_or(|i| i.connected(m.pos(), goal))
    }
}
