//! A monster: where it is, how much energy it has banked, its plan and its
//! counters. Its fields are its own: the game's rules read them through
//! the accessors and change them only through the methods below, each
//! named for what happened to the monster (it spent energy, stood still,
//! moved, was held up, was hurt, woke, died, left), so that what a rule
//! may do to a monster is written in one place. Its plan changes by the
//! plan's own methods (see [`Monster::plan_mut`]).

use super::ACTION_READY;
use super::event::WaitReason;
use super::fnv::{Fnv, hash_pos};
use super::plan::Plan;
use super::stats::{Stats, Trail, index};
use crate::clock::Turn;
use crate::map::geom::Pos;

/// A monster's number: its index in [`crate::sim::Floor::monsters`], in the
/// order the level places them.
pub type MonsterId = u32;

/// Whether a monster is still on the level.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Presence {
    /// On the map.
    Here,
    /// Reached its goal on this turn and left.
    Escaped(Turn),
    /// Died on this turn.
    Dead(Turn),
}

/// One monster.
#[derive(Clone, Debug)]
pub struct Monster {
    id: MonsterId,
    faction: usize,
    /// Its kind: an index into its faction's kinds.
    kind: usize,
    pos: Pos,
    presence: Presence,
    /// Banked energy; it acts while this is at least
    /// [`crate::sim::ACTION_READY`], and every action spends some.
    energy: i64,
    speed: u32,
    plan: Plan,
    stats: Stats,
    trail: Trail,
    /// Actions in a row without a step: above zero, others treat it as
    /// stopped and plan around it.
    still: u32,
    /// Actions in a row spent waiting for a moving unit to clear the way.
    blocked_waits: u32,
    /// How many such actions it will wait this time.
    patience: u32,
    /// Hit points; at 0 it dies.
    hp: i32,
    /// True for the player, whom no AI moves.
    is_player: bool,
}

/// What a new monster is made of (the rest starts at zero).
pub(crate) struct Spawned {
    pub id: MonsterId,
    pub faction: usize,
    pub kind: usize,
    pub at: Pos,
    pub energy: i64,
    pub speed: u32,
    pub plan: Plan,
    pub hp: i32,
    pub is_player: bool,
}

impl Monster {
    /// The one way a monster (or the player) comes into a game: on its
    /// cell `at` of a map `width` wide, with nothing done yet.
    pub(crate) fn new(s: Spawned, width: u32) -> Monster {
        Monster {
            id: s.id,
            faction: s.faction,
            kind: s.kind,
            pos: s.at,
            presence: Presence::Here,
            energy: s.energy,
            speed: s.speed,
            plan: s.plan,
            stats: Stats::default(),
            trail: Trail::new(index(s.at, width)),
            still: 0,
            blocked_waits: 0,
            patience: 0,
            hp: s.hp,
            is_player: s.is_player,
        }
    }

    pub fn id(&self) -> MonsterId {
        self.id
    }
    /// Index of its faction.
    pub fn faction(&self) -> usize {
        self.faction
    }
    /// Index of its kind among its faction's kinds.
    pub fn kind(&self) -> usize {
        self.kind
    }
    pub fn pos(&self) -> Pos {
        self.pos
    }
    pub fn presence(&self) -> Presence {
        self.presence
    }
    /// True while it is on the map.
    pub fn is_here(&self) -> bool {
        self.presence == Presence::Here
    }
    pub fn energy(&self) -> i64 {
        self.energy
    }
    /// Its plan: where it is heading and how it means to get there.
    pub fn plan(&self) -> &Plan {
        &self.plan
    }
    pub fn stats(&self) -> Stats {
        self.stats
    }
    /// Hit points left.
    pub fn hp(&self) -> i32 {
        self.hp
    }
    /// True for the player.
    pub fn is_player(&self) -> bool {
        self.is_player
    }
    /// True when it did not step on its last action.
    pub fn is_stopped(&self) -> bool {
        self.still > 0
    }
    /// Actions in a row without a step.
    pub(crate) fn still(&self) -> u32 {
        self.still
    }

    // What happens to it: every change a rule makes to a monster is one
    // of the methods below.

    /// A turn begins: it gains its speed in energy, but never banks more
    /// than one turn's gain beyond [`ACTION_READY`], so turns it spends
    /// not acting (the player between its commands, a monster at its
    /// most actions a turn) are not saved up for a burst later.
    pub(crate) fn gain_energy(&mut self) {
        let speed = self.speed as i64;
        self.energy = (self.energy + speed).min(ACTION_READY + speed);
    }

    /// It did an action that costs `energy`.
    pub(crate) fn spend(&mut self, energy: i64) {
        self.energy -= energy;
    }

    /// It may act at once: a debt of time it was paying is let go (the
    /// player's slow step stopped short, not taken).
    pub(crate) fn ready_now(&mut self) {
        self.energy = self.energy.max(ACTION_READY);
    }

    /// It spent an action without a step (a wait, a blow, a bump, a door
    /// moved): from now until it steps, others treat it as stopped.
    pub(crate) fn stood_still(&mut self) {
        self.still += 1;
    }

    /// It stood still for `reason`: a think-wait or a unit-wait counted.
    pub(crate) fn counted_wait(&mut self, reason: WaitReason) {
        match reason {
            WaitReason::Thinking => self.stats.think_waits += 1,
            WaitReason::Blocked => self.stats.unit_waits += 1,
        }
    }

    /// It walked into a wall it did not know: a bump counted.
    pub(crate) fn counted_bump(&mut self) {
        self.stats.bumps += 1;
    }

    /// Its plan was made again: a replan counted.
    pub(crate) fn counted_replan(&mut self) {
        self.stats.replans += 1;
    }

    /// Searches made for it (its own, or its faction's on its behalf)
    /// expanded `cells` more cells.
    pub(crate) fn counted_expanded(&mut self, cells: u64) {
        self.stats.expanded += cells;
    }

    /// It is now on `to` (a step, either side of a swap, a teleport), on
    /// a map `width` wide: no longer stopped, a step more walked, its
    /// trail goes on to `to`, and the steps off the loop-erased walk are
    /// wasted ones. Where it stands on the world is the world's business.
    pub(crate) fn moved_to(&mut self, to: Pos, width: u32) {
        self.pos = to;
        self.still = 0;
        self.stats.steps += 1;
        self.trail.push(index(to, width));
        self.stats.wasted = self.stats.steps.saturating_sub(self.trail.len());
    }

    /// A unit stands on its next cell. On the first action of a hold-up
    /// it draws how many actions it will wait (`patience` is called only
    /// then, so the RNG is drawn only then). True when it has waited
    /// that long: time to go round.
    pub(crate) fn held_up(&mut self, patience: impl FnOnce() -> u32) -> bool {
        if self.blocked_waits == 0 {
            self.patience = patience();
        }
        self.blocked_waits >= self.patience
    }

    /// It waited an action for the unit in its way.
    pub(crate) fn waited_for_unit(&mut self) {
        self.blocked_waits += 1;
    }

    /// Hemmed in, with no way round: it will wait this action and `extra`
    /// more before it tries again, rather than search every action.
    pub(crate) fn wait_longer(&mut self, extra: u32) {
        self.patience = self.blocked_waits + 1 + extra;
    }

    /// Its way is clear (it stepped, or found a way round): the next unit
    /// in its way starts a new hold-up.
    pub(crate) fn end_hold_up(&mut self) {
        self.blocked_waits = 0;
    }

    /// It is hit for `damage`; true when that kills it (no hit points
    /// left).
    pub(crate) fn hurt(&mut self, damage: i32) -> bool {
        self.hp -= damage;
        self.hp <= 0
    }

    /// Its hit points become `hp` (healing: a potion, or the player's
    /// regeneration).
    pub(crate) fn heal_to(&mut self, hp: i32) {
        self.hp = hp;
    }

    /// It died on `turn`.
    pub(crate) fn died(&mut self, turn: Turn) {
        self.presence = Presence::Dead(turn);
    }

    /// It left the level on `turn`: reached its goal, or (the player)
    /// took the stairs.
    pub(crate) fn escaped(&mut self, turn: Turn) {
        self.presence = Presence::Escaped(turn);
    }

    /// The run's player arrives on this depth at `at` with the hit points
    /// `hp` it brings from the last one, ready to act before the depth's
    /// monsters do.
    pub(crate) fn arrive(&mut self, at: Pos, hp: i32) {
        self.hp = hp;
        self.pos = at;
        self.presence = Presence::Here;
        self.energy = ACTION_READY;
    }

    /// It heads for `goal` (none: nowhere) with a fresh plan of the same
    /// kind, whatever its plan knew.
    pub(crate) fn retarget(&mut self, goal: Option<Pos>) {
        self.plan = self.plan.retargeted(goal);
    }

    /// Its plan, for the plan's own rules (kept in step with what the
    /// faction learnt, searched, advanced, pushed, forgotten): what a plan
    /// may do to itself is [`Plan`]'s business.
    pub(crate) fn plan_mut(&mut self) -> &mut Plan {
        &mut self.plan
    }
}

impl Monster {
    /// Feeds the monster to the state hash (its mind follows it, see
    /// `Mind::hash_into`). Destructured, so a new field is a
    /// compile error until it is placed: every field is state (it decides
    /// what happens next) but for its counters (`stats`), a report the
    /// rules never read, hashed as they always were but for the cells
    /// expanded for it: its faction's fields are caches, and a field
    /// dropped and grown again expands more (the work, not the play).
    pub(crate) fn hash_into(&self, h: &mut Fnv) {
        let Monster {
            id,
            faction,
            kind,
            pos,
            presence,
            energy,
            speed,
            plan,
            stats,
            trail,
            still,
            blocked_waits,
            patience,
            hp,
            is_player,
        } = self;
        h.int(*id as i64);
        h.int(*faction as i64);
        h.int(*kind as i64);
        hash_pos(h, Some(*pos));
        h.int(*hp as i64);
        h.int(*energy);
        h.int(*speed as i64);
        h.int(*is_player as i64);
        h.int(match presence {
            Presence::Here => 0,
            Presence::Escaped(t) => 1 + 2 * *t as i64,
            Presence::Dead(t) => 2 + 2 * *t as i64,
        });
        for v in [still, blocked_waits, patience] {
            h.int(*v as i64);
        }
        let Stats {
            steps,
            bumps,
            replans,
            expanded: _,
            wasted,
            think_waits,
            unit_waits,
        } = stats;
        for v in [steps, bumps, replans, wasted, think_waits, unit_waits] {
            h.int(*v as i64);
        }
        h.u32s(trail.cells());
        plan.hash_into(h);
    }
}
