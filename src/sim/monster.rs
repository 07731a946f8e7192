//! A monster: where it is, how much energy it has banked, its plan and its
//! counters.

use super::plan::Plan;
use super::stats::{Stats, Trail};
use crate::fog::knowledge::Turn;
use crate::map::geom::Pos;

/// A monster's number: its index in [`crate::sim::Game::monsters`], in the
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
    pub(crate) id: MonsterId,
    pub(crate) faction: usize,
    /// Its kind: an index into its faction's kinds.
    pub(crate) kind: usize,
    pub(crate) pos: Pos,
    pub(crate) presence: Presence,
    /// Banked energy; it acts while this is at least
    /// [`crate::sim::ACTION_READY`], and every action spends some.
    pub(crate) energy: i64,
    pub(crate) speed: u32,
    pub(crate) plan: Plan,
    pub(crate) stats: Stats,
    pub(crate) trail: Trail,
    /// Actions in a row without a step: above zero, others treat it as
    /// stopped and plan around it.
    pub(crate) still: u32,
    /// Actions in a row spent waiting for a moving unit to clear the way.
    pub(crate) blocked_waits: u32,
    /// How many such actions it will wait this time.
    pub(crate) patience: u32,
    /// Hit points; at 0 it dies.
    pub(crate) hp: i32,
    /// True for the player, whom no AI moves.
    pub(crate) is_player: bool,
    /// Asleep: it does nothing until a noise it hears wakes it, or, with
    /// the player in its sight, a one-in-three chance a turn.
    pub(crate) asleep: bool,
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
    pub asleep: bool,
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
            trail: Trail::new(super::stats::index(s.at, width)),
            still: 0,
            blocked_waits: 0,
            patience: 0,
            hp: s.hp,
            is_player: s.is_player,
            asleep: s.asleep,
        }
    }

    /// True while it sleeps.
    pub fn is_asleep(&self) -> bool {
        self.asleep
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
}
