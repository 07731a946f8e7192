//! A monster's action: its behaviours, first say first, each asked over
//! a read-only [`Situation`] until one chooses (see
//! [`crate::sim::behaviour`]); then, unless that was an action, its plan
//! takes in what its faction learnt, heads where the behaviour said (or
//! to its faction's goal), the faction makes sure the field it reads is
//! settled at its cell, the plan decides over a read-only context, and
//! the game performs the decision.

use std::sync::Arc;

use super::ground::Ground;
use super::units::Units;
use super::{Floor, mind, queue, sight};
use crate::clock::Turn;
use crate::map::geom::{Dir, Pos};
use crate::path::Connectivity;
use crate::sim::action::Action;
use crate::sim::behaviour::{Choice, Situation};
use crate::sim::event::Event;
use crate::sim::faction::Faction;
use crate::sim::monster::MonsterId;

impl Floor {
    /// One action of monster `id`.
    pub(super) fn act(&mut self, id: usize, ev: &mut Vec<Event>) {
        let (fi, kind) = (
            self.units.monsters[id].faction(),
            self.units.monsters[id].kind(),
        );
        // Its mind first, whatever it then does: a monster beside the
        // player notices it (and cries) before it strikes, as one further
        // off does before it hunts.
        let minds = self.factions[fi]
            .behaviours(kind)
            .iter()
            .any(|b| b.reads_mind());
        if minds {
            self.settle_mind(id, ev);
        }
        let mut target = None;
        for i in 0..self.factions[fi].behaviours(kind).len() {
            let behaviour = Arc::clone(&self.factions[fi].behaviours(kind)[i]);
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
                    if let Some(away) =
                        flight(&self.ground, &self.units, &mut self.factions, id, threat)
                    {
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
            let m = &mut self.units.monsters[id];
            if m.plan().goal() != target {
                m.retarget(target);
                self.planning.unqueue(id as MonsterId);
            }
        }
        self.planning
            .sync(&self.ground, &mut self.units, &self.factions, id, ev);
        prepare(
            &mut self.units,
            &mut self.factions,
            self.turn,
            id,
            FieldRead::Cell,
        );
        let decision = self.planning.with_plan(
            &self.ground,
            &mut self.units,
            &self.factions,
            id,
            |plan, ctx, budget| plan.decide(ctx, budget),
        );
        queue::announce(&mut self.units, id, decision.news, ev);
        self.perform(id, decision.action, ev);
    }

    /// A sleeper with the player in its sight wakes by
    /// [`mind::wake_chance`]: only within half the player's stealth range,
    /// by a chance that falls with distance, so that a player can creep up
    /// on one for a stealth blow, at a risk it can weigh (as Brogue CE's
    /// sleepers notice by chance, within a shorter range than the awake).
    /// The roll only then, so a game with no sleepers draws nothing.
    fn wakes_at_sight(&mut self, id: usize, ev: &mut Vec<Event>) -> bool {
        let Some(player) = self.units.player_at() else {
            return false;
        };
        let (dx, dy) = self.units.monsters[id].pos().abs_delta(player);
        let chance = mind::wake_chance(dx.max(dy), self.units.sneaking());
        if chance.0 == 0
            || !sight::sees(&self.ground, &self.units, &self.factions, id, player)
            || !mind::rolls(&mut self.rng, chance)
        {
            return false;
        }
        mind::wake(
            &self.ground,
            &self.units,
            &self.factions,
            &mut self.minds,
            id,
            None,
            ev,
        );
        true
    }
}

/// An enemy next to monster `id` (a unit of another faction, the player
/// included), within reach.
pub(super) fn enemy_beside(ground: &Ground, units: &Units, id: usize) -> Option<MonsterId> {
    let (at, fi) = (units.monsters[id].pos(), units.monsters[id].faction());
    let world = &ground.world;
    Dir::ALL.into_iter().find_map(|d| {
        let o = world.occupant(at.step(d))?;
        let legal = crate::path::step(world.terrain(), at, d, Connectivity::Eight).is_some();
        (legal && units.monsters[o as usize].faction() != fi).then_some(o)
    })
}

/// A monster fleeing `threat`: the step down its faction's safety map
/// (Brogue's: away from the threat, toward open ground rather than a
/// corner), over what its faction knows. `None`: cornered (no safer cell
/// free), so its next behaviour decides.
fn flight(
    ground: &Ground,
    units: &Units,
    factions: &mut [Faction],
    id: usize,
    threat: Pos,
) -> Option<Action> {
    let m = &units.monsters[id];
    let to = factions[m.faction()].flee_step(threat, m.pos())?;
    (ground.world.occupant(to).is_none()).then_some(Action::toward(m.pos(), to))
}

/// The faction's side of a read of its field by monster `id`: before it
/// decides, and after it steps (to show allies its next step), the field
/// toward its goal is grown, over the costs of the turn's start, until
/// the monster's cell is settled; before a way round units, until every
/// cell worth less than the value it last read is (the cells that way
/// may end on). So a read is a function of what the faction knew at the
/// turn's start, never of which cells the field happened to have
/// settled. Outside the budget (the faction's work, charged to the
/// monster that needed it). Not for a goal the islands show cut off:
/// the plan reads "no route" off them.
pub(super) fn prepare(
    units: &mut Units,
    factions: &mut [Faction],
    turn: Turn,
    id: usize,
    read: FieldRead,
) {
    let m = &units.monsters[id];
    let (goal, below) = match read {
        FieldRead::Cell => (m.plan().reads_field(), None),
        FieldRead::Round => match m.plan().round_below() {
            Some((goal, below)) => (Some(goal), Some(below)),
            None => (None, None),
        },
    };
    let Some(goal) = goal else {
        return;
    };
    if !queue::goal_reachable(units, factions, id) {
        return;
    }
    let (at, fi) = (m.pos(), m.faction());
    let before = factions[fi].field_updates().expanded;
    let (field, costs) = factions[fi].field(goal, at, turn);
    let grown = field.expanded();
    if let Some(below) = below {
        field.settle_below(costs, below);
    }
    let grown = field.expanded() - grown;
    let expanded = factions[fi].field_updates().expanded - before + grown;
    units.monsters[id].counted_expanded(expanded);
}

/// What a field monster is about to read (see [`prepare`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum FieldRead {
    /// Its cell's value and the steps down from it.
    Cell,
    /// The values round it below what it last read, for a way round
    /// units.
    Round,
}
