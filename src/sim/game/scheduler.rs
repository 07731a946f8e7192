//! The planner scheduler: plans kept in step with what the faction learnt,
//! A* requests queued first come first served, and the per-turn expansion
//! budget that `pump` spends on them (a search that runs out is suspended
//! and goes on next turn, first in line).

use super::*;

impl Game {
    /// Takes `monster`'s request out of the search queue.
    pub(in crate::sim) fn unqueue(&mut self, monster: MonsterId) {
        if self.queue.waiting.front() == Some(&monster) {
            // The suspended search, if any, was this monster's.
            self.queue.suspended = None;
        }
        self.queue.waiting.retain(|&w| w != monster);
    }

    /// Brings the monster's plan up to date with its faction's knowledge.
    pub(in crate::sim) fn sync(&mut self, id: usize, ev: &mut Vec<Event>) {
        let m = &mut self.monsters[id];
        if m.planner.status() == Status::Queued {
            return; // Checked when the search comes back.
        }
        let f = &self.factions[m.faction];
        let sync = m.planner.sync(f.knowledge(), f.log());
        self.charge(id, sync.expanded);
        if sync.broken || sync.costlier {
            let reason = if sync.broken {
                ReplanReason::NewWall
            } else {
                ReplanReason::Costlier
            };
            match self.monsters[id].planner.kind() {
                Replanner::AStar => self.request_plan(id, ev),
                Replanner::DStarLite => self.announce(id, Some(reason), ev),
                // A field plan's sync reports nothing: the monster finds
                // out from its cell's value at its next read (steer.rs).
                Replanner::Field => {}
            }
        }
    }

    /// Makes (D* Lite) or queues (A*) a plan over the faction's knowledge.
    /// Units are not planned around here but where they are met (see
    /// [`Game::collide`]): a whole-map search that fails because a unit
    /// stands in a corridor would be wasted, since units move.
    ///
    /// First the islands pre-check: a goal on another island of what the
    /// faction knows is answered "no path" at once, without a search. An
    /// A* plan also steers round cells allies near it have claimed. (A
    /// field plan is read, not requested: see [`Game::act_field`].)
    pub(super) fn request_plan(&mut self, id: usize, ev: &mut Vec<Event>) {
        let reachable = self.goal_reachable(id);
        let claims = match self.monsters[id].planner.kind() {
            Replanner::AStar => self.claims_near(id),
            Replanner::DStarLite | Replanner::Field => Vec::new(),
        };
        let m = &mut self.monsters[id];
        let f = &self.factions[m.faction];
        m.planner.clear_blocked();
        m.planner.set_claims(claims);
        if !reachable {
            let reason =
                m.planner
                    .install(Outcome::Unreachable, f.knowledge(), f.log().total(), m.pos);
            return self.announce(id, reason, ev);
        }
        match m.planner.kind() {
            Replanner::AStar => {
                if m.planner.status() != Status::Queued {
                    m.planner.queued();
                    self.queue.waiting.push_back(m.id);
                }
                self.pump(ev);
            }
            Replanner::DStarLite => {
                let expanded = m
                    .planner
                    .plan_incremental(f.knowledge(), m.pos, f.log().total());
                self.charge(id, expanded);
                self.announce(id, None, ev);
            }
            Replanner::Field => m.planner.request(None),
        }
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
            let f = &self.factions[m.faction];
            let q = &mut self.queue;
            let outcome = match (&q.suspended, m.planner.goal()) {
                (Some(s), _) => q
                    .ctx
                    .resume(&m.planner.view(&s.snapshot), left)
                    .unwrap_or(Outcome::Unreachable),
                (None, Some(goal)) => {
                    let options = SearchOptions {
                        max_expansions: Some(left),
                        ..SearchOptions::default()
                    };
                    q.ctx
                        .find_path(&m.planner.view(f.knowledge()), m.pos, goal, &options)
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
                            from: m.pos,
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
            let f = &self.factions[self.monsters[id as usize].faction];
            let (knowledge, log_len) = match &suspended {
                Some(s) => (&s.snapshot, s.log_len),
                None => (f.knowledge(), f.log().total()),
            };
            // A suspended search started where the monster stood then; an
            // ally may have swapped it to a neighbouring cell since.
            let m = &mut self.monsters[id as usize];
            let reason = m.planner.install(outcome, knowledge, log_len, m.pos);
            self.announce(id as usize, reason, ev);
        }
        // The loop ends on an empty queue or a spent budget: anyone still
        // waiting was held back by the budget.
        if !self.queue.waiting.is_empty() {
            self.limited_now = true;
        }
    }

    /// Reports a plan just made or repaired.
    pub(super) fn announce(
        &mut self,
        id: usize,
        reason: Option<ReplanReason>,
        ev: &mut Vec<Event>,
    ) {
        let m = &mut self.monsters[id];
        let monster = m.id;
        match (m.planner.status(), m.planner.cost(), reason) {
            (Status::Ready, Some(cost), None) => ev.push(Event::Planned { monster, cost }),
            (Status::Ready, cost, Some(reason)) => {
                m.stats.replans += 1;
                ev.push(Event::Replanned {
                    monster,
                    reason,
                    cost,
                });
            }
            (Status::NoPath, ..) => ev.push(Event::NoPath { monster }),
            _ => {}
        }
    }

    /// Charges search work to a monster and to the turn's budget.
    pub(in crate::sim) fn charge(&mut self, id: usize, expanded: u64) {
        self.monsters[id].stats.expanded += expanded;
        self.spent += expanded;
    }

    /// False when the faction's islands (as of the turn's plan phase) show
    /// the monster's goal on another island (walls it knows enclose one
    /// or the other).
    pub(in crate::sim) fn goal_reachable(&self, id: usize) -> bool {
        let m = &self.monsters[id];
        let Some(goal) = m.planner.goal() else {
            return true;
        };
        self.factions[m.faction]
            .islands()
            .is_none_or(|i| i.connected(m.pos, goal))
    }
}
