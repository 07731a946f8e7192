//! A monster's action: its behaviours, first say first, each asked over
//! a read-only [`Situation`] until one chooses (see
//! [`crate::sim::behaviour`]); then, unless that was an action, its plan
//! takes in what its faction learnt, heads where the behaviour said (or
//! to its faction's goal), the faction makes sure the field it reads is
//! settled at its cell, the plan decides over a read-only context, and
//! the game performs the decision.

use std::sync::Arc;

use super::*;
use crate::fog::noise::{self, Loudness};
use crate::sim::action::Action;
use crate::sim::behaviour::{Choice, Situation};

impl Floor {
    /// One action of monster `id`.
    pub(super) fn act(&mut self, id: usize, ev: &mut Vec<Event>) {
        let (fi, kind) = (self.monsters[id].faction(), self.monsters[id].kind());
        let mut minds = false;
        let mut target = None;
        for i in 0..self.factions[fi].behaviours(kind).len() {
            let behaviour = Arc::clone(&self.factions[fi].behaviours(kind)[i]);
            if behaviour.reads_mind() && !minds {
                self.settle_mind(id, ev);
                minds = true;
            }
            match behaviour.choose(&Situation::new(self, id as MonsterId)) {
                Choice::Pass => {}
                Choice::Act(action) => {
                    self.perform(id, action, ev);
                    return;
                }
                Choice::Doze => {
                    if !self.wakes_at_sight(id, ev) {
                        self.perform(id, Action::Wait(None), ev);
                        return;
                    }
                }
                Choice::FleeFrom(threat) => {
                    if let Some(away) = self.flight(id, threat) {
                        self.perform(id, away, ev);
                        return;
                    }
                }
                Choice::HeadFor(place) => {
                    target = place;
                    break;
                }
            }
        }
        if minds {
            // A monster with a mind heads where it says, or to its
            // faction's goal when no state of mind sends it anywhere.
            let target = target.or(self.factions[fi].spec().goal);
            let m = &mut self.monsters[id];
            if m.plan().goal() != target {
                m.retarget(target);
                self.unqueue(id as MonsterId);
            }
        }
        self.sync(id, ev);
        self.prepare(id);
        let decision = self.with_plan(id, |plan, ctx, budget| plan.decide(ctx, budget));
        self.announce(id, decision.news, ev);
        self.perform(id, decision.action, ev);
    }

    /// A monster fleeing `threat`: the step down its faction's safety map
    /// (Brogue's: away from the threat, toward open ground rather than a
    /// corner), over what its faction knows. `None`: cornered (no safer
    /// cell free), so its next behaviour decides.
    fn flight(&mut self, id: usize, threat: Pos) -> Option<Action> {
        let m = &self.monsters[id];
        let to = self.factions[m.faction()].flee_step(threat, m.pos())?;
        (self.world.occupant(to).is_none()).then_some(Action::toward(m.pos(), to))
    }

    /// What a hurt monster of a faction that flees runs from: the player
    /// in its sight, or where its faction last saw it. `None`: it is not
    /// hurt enough, does not flee, or knows of nothing to run from.
    pub(crate) fn threat(&self, id: usize) -> Option<Pos> {
        let m = &self.monsters[id];
        let kind = self.kind_of(m);
        if !kind.behaviours.flees() || m.hp() * 3 > kind.hp {
            return None;
        }
        let player = self.player().filter(|p| p.is_here()).map(|p| p.pos());
        player
            .filter(|&p| self.sees(id, p))
            .or(self.minds.intel(m.faction()).player_seen)
    }

    /// True when monster `id` runs for it (see [`Game::threat`]).
    pub(super) fn is_fleeing(&self, id: usize) -> bool {
        self.threat(id).is_some()
    }

    /// A sleeper with the player in its sight and within the player's
    /// stealth range wakes one turn in three (the roll only then, so a
    /// game with no sleepers draws nothing).
    fn wakes_at_sight(&mut self, id: usize, ev: &mut Vec<Event>) -> bool {
        let Some(player) = self.player().filter(|p| p.is_here()).map(|p| p.pos()) else {
            return false;
        };
        let (dx, dy) = self.monsters[id].pos().abs_delta(player);
        if dx.max(dy) > self.stealth_range()
            || !self.sees(id, player)
            || self.rng.random_range(0..3) != 0
        {
            return false;
        }
        self.wake(id, None, ev);
        true
    }

    /// Monster `id` wakes (at a noise made at `heard`, or at a sight).
    pub(super) fn wake(&mut self, id: usize, heard: Option<Pos>, ev: &mut Vec<Event>) {
        self.minds.wake(id as MonsterId);
        self.settle_state(id as MonsterId);
        ev.push(Event::Woke {
            monster: id as MonsterId,
            heard,
        });
    }

    /// A noise of `loudness` at `at`, heard by every monster whose
    /// faction hears that far through open ground (see
    /// [`crate::fog::noise`]): a sleeper wakes, and a hostile faction goes
    /// to the place (it learns a place, not who was there: the player's
    /// footfall and a fight between others sound alike). A faction that
    /// sees the player again hunts it there instead.
    pub(super) fn noise(&mut self, at: Pos, loudness: Loudness, ev: &mut Vec<Event>) {
        let keenest = self
            .monsters
            .iter()
            .filter(|m| m.is_here() && !m.is_player())
            .map(|m| self.kind_of(m).hearing)
            .max();
        let Some(keenest) = keenest.filter(|&h| h > 0) else {
            return;
        };
        let reach = noise::reach(self.world.terrain(), at, noise::radius(keenest, loudness));
        for id in 0..self.monsters.len() {
            let m = &self.monsters[id];
            if m.is_player()
                || !m.is_here()
                || !reach.heard(m.pos(), self.kind_of(m).hearing, loudness)
            {
                continue;
            }
            if self.minds.of(id as MonsterId).is_asleep() {
                self.wake(id, Some(at), ev);
            }
            let fi = self.monsters[id].faction();
            if self.factions[fi].spec().hunts() {
                self.minds.intel_mut(fi).player_at(at);
            }
        }
    }

    /// An enemy next to monster `id` (a unit of another faction, the
    /// player included), within reach.
    pub(crate) fn enemy_beside(&self, id: usize) -> Option<MonsterId> {
        let (at, fi) = (self.monsters[id].pos(), self.monsters[id].faction());
        Dir::ALL.into_iter().find_map(|d| {
            let o = self.world.occupant(at.step(d))?;
            let legal =
                crate::path::step(self.world.terrain(), at, d, Connectivity::Eight).is_some();
            (legal && self.monsters[o as usize].faction() != fi).then_some(o)
        })
    }

    /// The faction's side of a decision: a field the monster will read at
    /// a cell the turn's plan phase did not foresee (a target set during
    /// the turn, a monster pushed off the cells it settled) is caught up
    /// and grown there now, outside the budget (the faction's work,
    /// charged to the monster that needed it). Not for a goal the islands
    /// show cut off: the plan reads "no route" off them.
    fn prepare(&mut self, id: usize) {
        let m = &self.monsters[id];
        let Some(goal) = m.plan().reads_field() else {
            return;
        };
        let (at, fi) = (m.pos(), m.faction());
        let settled = self.factions[fi]
            .fields()
            .get(goal)
            .and_then(|field| field.settled_value(at));
        if settled.is_some() || !self.goal_reachable(id) {
            return;
        }
        let (field, knowledge) = self.factions[fi].field(goal, self.turn);
        let before = field.expanded();
        field.value(knowledge, at);
        let expanded = field.expanded() - before;
        self.monsters[id].counted_expanded(expanded);
    }
}
