//! A monster's action: a hunter next to its prey attacks, and otherwise
//! picks its target; then its plan takes in what its faction learnt, the
//! faction makes sure the field it reads is settled at its cell, the plan
//! decides over a read-only context, and the game performs the decision.

use super::*;
use crate::sim::plan::Action;

impl Game {
    /// One action of monster `id`.
    pub(super) fn act(&mut self, id: usize, ev: &mut Vec<Event>) {
        if self.factions[self.monsters[id].faction].spec().hostile
            && let Some(target) = self.hunt(id)
        {
            return self.perform(id, Action::Attack(target), ev);
        }
        self.sync(id, ev);
        self.prepare(id);
        let decision = self.with_plan(id, |plan, ctx, budget| plan.decide(ctx, budget));
        self.announce(id, decision.news, ev);
        self.perform(id, decision.action, ev);
    }

    /// A hostile monster's business before its plan's: an enemy next to it
    /// (a unit of another faction, the player included) to hit; or else it
    /// looks for the player and heads where it was last seen (its
    /// faction's goal once it has lost track).
    fn hunt(&mut self, id: usize) -> Option<MonsterId> {
        let (at, fi) = (self.monsters[id].pos, self.monsters[id].faction);
        for d in Dir::ALL {
            let Some(o) = self.world.occupant(at.step(d)) else {
                continue;
            };
            let legal =
                crate::path::step(self.world.terrain(), at, d, Connectivity::Eight).is_some();
            if legal && self.monsters[o as usize].faction != fi {
                return Some(o);
            }
        }
        if let Some(player) = self.player().filter(|p| p.is_here()).map(|p| p.pos)
            && self.sees(id, player)
        {
            self.factions[fi].player_seen = Some(player);
        }
        let seen = self.factions[fi].player_seen;
        if seen.is_some() && seen == Some(at) {
            // Got to where the player was, and it is gone: lost track.
            self.factions[fi].player_seen = None;
        }
        let target = self.factions[fi]
            .player_seen
            .or(self.factions[fi].spec().goal);
        let m = &mut self.monsters[id];
        if m.plan.goal() != target {
            m.plan = m.plan.retargeted(target);
            self.unqueue(id as MonsterId);
        }
        None
    }

    /// The faction's side of a decision: a field the monster will read at
    /// a cell the turn's plan phase did not foresee (a target set during
    /// the turn, a monster pushed off the cells it settled) is caught up
    /// and grown there now, outside the budget (the faction's work,
    /// charged to the monster that needed it). Not for a goal the islands
    /// show cut off: the plan reads "no route" off them.
    fn prepare(&mut self, id: usize) {
        let m = &self.monsters[id];
        let Some(goal) = m.plan.reads_field() else {
            return;
        };
        let (at, fi) = (m.pos, m.faction);
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
        self.monsters[id].stats.expanded += expanded;
    }
}
