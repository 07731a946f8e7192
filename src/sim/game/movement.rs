//! Moving: a monster's action (step, bump, wait), sight after a step,
//! units in the way (waiting, swapping, detours) and the corners a
//! diagonal squeezes between.

use super::*;

impl Game {
    /// One action of monster `id`.
    pub(super) fn act(&mut self, id: usize, ev: &mut Vec<Event>) {
        if self.factions[self.monsters[id].faction].spec().hostile && self.hostile_act(id, ev) {
            return;
        }
        self.sync(id, ev);
        let m = &self.monsters[id];
        if m.planner.goal().is_none() {
            return self.stand(id, None, ev);
        }
        if m.planner.kind() == Replanner::Field {
            return self.act_field(id, ev);
        }
        if m.planner.status() == Status::NeedsPlan {
            self.request_plan(id, ev);
        }
        let m = &self.monsters[id];
        let Some(next) = m.planner.next_step() else {
            let thinking = matches!(m.planner.status(), Status::Queued | Status::NeedsPlan);
            return self.stand(id, thinking.then_some(WaitReason::Thinking), ev);
        };
        self.walk_to(id, next, ev);
    }

    /// Monster `id` goes for `next`, the step its plan says: it bumps into
    /// a wall it did not know, meets a unit, or steps.
    pub(in crate::sim) fn walk_to(&mut self, id: usize, next: Pos, ev: &mut Vec<Event>) {
        let at = self.monsters[id].pos;
        let Some(dir) = at.dir_to(next) else {
            // Plans only step to neighbours; never trust that blindly.
            self.monsters[id].planner.request(None);
            return self.stand(id, Some(WaitReason::Thinking), ev);
        };
        // Legality first: a unit diagonally past a wall corner is no more
        // to be swapped with or waited for than stepped to.
        if crate::path::step(self.world.terrain(), at, dir, Connectivity::Eight).is_none() {
            return self.bump(id, next, dir, ev);
        }
        if let Some(other) = self.world.occupant(next) {
            return self.collide(id, other as usize, ev);
        }
        self.step(id, next, dir, ev);
    }

    /// Spends an action standing still.
    pub(in crate::sim) fn stand(
        &mut self,
        id: usize,
        reason: Option<WaitReason>,
        ev: &mut Vec<Event>,
    ) {
        let m = &mut self.monsters[id];
        m.energy -= WAIT_ENERGY;
        m.still += 1;
        if let Some(reason) = reason {
            match reason {
                WaitReason::Thinking => m.stats.think_waits += 1,
                WaitReason::Blocked => m.stats.unit_waits += 1,
            }
            ev.push(Event::Waited {
                monster: m.id,
                reason,
            });
        }
    }

    /// A unit stands on the next cell. If it is heading into this monster's
    /// cell, the two squeeze past each other; an ally with nowhere to step
    /// (thinking, idle, lost) swaps places with it (as allies do in most
    /// roguelikes): single-file corridors would jam otherwise. An ally
    /// waiting in line is not pushed back: that would only swap it back. Anyone else: wait for it to move on,
    /// and plan around it once it is stopped or patience runs out.
    pub(in crate::sim) fn collide(&mut self, id: usize, other: usize, ev: &mut Vec<Event>) {
        let (me, them) = (&self.monsters[id], &self.monsters[other]);
        let head_on = them.planner.next_step() == Some(me.pos);
        let idle_ally = them.faction == me.faction && them.planner.next_step().is_none();
        if head_on || idle_ally {
            return self.swap(id, other, head_on, ev);
        }
        let stopped = them.is_stopped();
        let stuck = them.still >= crate::sim::steer::STUCK_ACTIONS;
        let m = &mut self.monsters[id];
        if m.blocked_waits == 0 {
            // Patience is drawn afresh for each hold-up, so two monsters
            // waiting on each other do not give up in the same action; a
            // stopped unit is planned around at once.
            m.patience = if stopped {
                0
            } else {
                self.rng.random_range(1..=self.config.patience.max(1))
            };
        }
        if m.blocked_waits >= m.patience {
            let found = match self.monsters[id].planner.kind() {
                // A field monster already steers round stopped units when
                // it can; it detours only round a unit that has not moved
                // for a while (see `steer::STUCK_ACTIONS`). One that will
                // move on: it waits.
                Replanner::Field => stuck && self.field_detour(id, ev),
                _ => self.detour(id, ev),
            };
            if found {
                self.monsters[id].blocked_waits = 0;
            } else {
                // Hemmed in: keep the plan and wait a while before trying
                // again, rather than search again every action.
                let m = &mut self.monsters[id];
                m.patience = m.blocked_waits + 1 + self.rng.random_range(2..=6);
                m.blocked_waits += 1;
            }
        } else {
            self.monsters[id].blocked_waits += 1;
        }
        self.stand(id, Some(WaitReason::Blocked), ev);
    }

    /// Plans round the units in the way; true if a way round was found. An
    /// A* search capped at the detour budget, whatever the faction's
    /// planner: a detour round a unit is short, and not finding one cheaply
    /// means waiting is better. (Cutting a maze corridor in D* Lite's graph
    /// would raise every cost behind it, then lower them all again when the
    /// unit moves on.) D* Lite takes its plan back at its next repair.
    pub(super) fn detour(&mut self, id: usize, ev: &mut Vec<Event>) -> bool {
        let avoid = self.units_to_avoid(id);
        let m = &mut self.monsters[id];
        let f = &self.factions[m.faction];
        let Some(goal) = m.planner.goal() else {
            return false;
        };
        let left = self.config.expansion_budget.saturating_sub(self.spent);
        let cap = self.config.detour_budget.min(left);
        if cap == 0 {
            return false;
        }
        let options = SearchOptions {
            max_expansions: Some(cap),
            ..SearchOptions::default()
        };
        let view = WithObstacles::new(f.knowledge(), &avoid);
        let outcome = self.detour_ctx.find_path(&view, m.pos, goal, &options);
        let expanded = self.detour_ctx.stats().expanded;
        let log_len = f.log().total();
        let found = m
            .planner
            .take_detour(outcome, avoid, f.knowledge(), log_len);
        self.charge(id, expanded);
        if found {
            self.announce(id, Some(ReplanReason::Blocked), ev);
        }
        found
    }

    /// Monster `id` steps into its ally `other`'s cell and `other` into
    /// its; `head_on` when that is where `other` was going anyway.
    pub(super) fn swap(&mut self, id: usize, other: usize, head_on: bool, ev: &mut Vec<Event>) {
        let (from, to) = (self.monsters[id].pos, self.monsters[other].pos);
        let Some(dir) = from.dir_to(to) else {
            return self.stand(id, Some(WaitReason::Blocked), ev);
        };
        self.world.remove(to);
        self.step(id, to, dir, ev);
        let width = self.world.terrain().width();
        let o = &mut self.monsters[other];
        o.pos = from;
        o.stats.steps += 1;
        o.trail.push(index(from, width));
        o.stats.wasted = o.stats.steps.saturating_sub(o.trail.len());
        o.still = 0;
        let f = &self.factions[o.faction];
        if head_on {
            o.planner.advanced(from);
        } else {
            let expanded = o.planner.displaced(f.knowledge(), from);
            o.stats.expanded += expanded;
            self.spent += expanded;
        }
        let o = &mut self.monsters[other];
        let monster = o.id;
        ev.push(Event::Moved {
            monster,
            from: to,
            to: from,
        });
        self.land(other, from, &Self::corners(to, dir.opposite()), ev);
    }

    /// A step on the true map.
    pub(in crate::sim) fn step(&mut self, id: usize, to: Pos, dir: Dir, ev: &mut Vec<Event>) {
        let width = self.world.terrain().width();
        let factor = self
            .world
            .get(to)
            .and_then(Terrain::enter_cost)
            .unwrap_or(0);
        let m = &mut self.monsters[id];
        let from = m.pos;
        m.energy -= move_energy(factor, dir.is_diagonal());
        m.pos = to;
        m.still = 0;
        m.blocked_waits = 0;
        m.stats.steps += 1;
        m.trail.push(index(to, width));
        m.stats.wasted = m.stats.steps - m.trail.len();
        m.planner.advanced(to);
        let monster = m.id;
        self.world.remove(from);
        ev.push(Event::Moved { monster, from, to });
        self.land(id, to, &Self::corners(from, dir), ev);
    }

    /// Monster `id` has just moved onto `at` (not yet placed there): it
    /// looks (feeling the `touched` corners it squeezed between), then
    /// leaves the level if `at` is its faction's goal and its plan's (a
    /// hunter reaching where it last saw the player stays), or else stands
    /// there and replans at once if what it saw broke its path, before any
    /// bump. Shared by a step and by the ally a swap moves.
    fn land(&mut self, id: usize, at: Pos, touched: &[Pos], ev: &mut Vec<Event>) {
        let m = &self.monsters[id];
        let monster = m.id;
        let arrived =
            m.planner.goal() == Some(at) && self.factions[m.faction].spec().goal == Some(at);
        self.look(id, touched, ev);
        if arrived {
            self.monsters[id].presence = Presence::Escaped(self.turn);
            ev.push(Event::ReachedGoal { monster, at });
            return;
        }
        self.world.place(monster, at);
        self.sync(id, ev);
        self.refresh_intent(id);
    }

    /// A step into a wall the monster did not know: it feels the cells that
    /// stopped it (the target, and for a diagonal the two corners), loses
    /// the move and replans.
    pub(in crate::sim) fn bump(&mut self, id: usize, toward: Pos, dir: Dir, ev: &mut Vec<Event>) {
        let m = &mut self.monsters[id];
        m.stats.bumps += 1;
        let (at, monster) = (m.pos, m.id);
        ev.push(Event::Bumped { monster, toward });
        let mut touched = Self::corners(at, dir);
        touched.insert(0, toward);
        if !self.look(id, &touched, ev) {
            // It bumped into something its faction knew: its plan is wrong.
            self.monsters[id].planner.request(None);
        }
        self.stand(id, None, ev);
        self.sync(id, ev);
    }

    /// The monster looks around with its faction's sight, and feels the
    /// `touched` cells (the corners it just squeezed between: a diagonal
    /// step passes right by them, so even a blind monster learns them).
    /// True if its faction learnt anything.
    pub(in crate::sim) fn look(&mut self, id: usize, touched: &[Pos], ev: &mut Vec<Event>) -> bool {
        let m = &self.monsters[id];
        let f = &mut self.factions[m.faction];
        let sight = f.spec().sight;
        let (knowledge, log) = f.knowledge_mut();
        let mut cells = look(knowledge, self.world.terrain(), m.pos, sight, self.turn);
        for &p in touched {
            if let Some(t) = self.world.get(p)
                && knowledge.learn(p, t, self.turn) != Learnt::Nothing
            {
                cells.push(p);
            }
        }
        // Chokepoints re-judged on what was learnt change costs too.
        log.extend(knowledge.drain_danger_changes());
        if cells.is_empty() {
            return false;
        }
        let walls = cells
            .iter()
            .filter(|&&p| knowledge.terrain(p) == Some(Terrain::Wall))
            .count();

        log.extend_from_slice(&cells);
        f.walls_learnt += walls as u64;
        ev.push(Event::Discovered {
            faction: m.faction,
            by: m.id,
            cells,
        });
        true
    }

    /// The two cells a step from `from` in `dir` passes between (none for a
    /// straight step).
    pub(super) fn corners(from: Pos, dir: Dir) -> Vec<Pos> {
        if !dir.is_diagonal() {
            return Vec::new();
        }
        let (a, b) = dir.components();
        vec![from.step(a), from.step(b)]
    }
}
