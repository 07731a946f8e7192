//! The one vocabulary of doing: every actor, the player and every
//! monster, decides an [`Action`] (the player by a key, the autopilot or
//! the bot; a monster by its behaviours and its plan), and the game
//! performs it under the rules in one place (`Game::perform`), which
//! answers with an [`Outcome`]: done (and the energy it took), failed
//! (and the event that says why), or "do this instead" (a walk into an
//! enemy is an attack, into a closed door an opening). Hauberk's
//! `Action.perform` and `ActionResult.alternate` are the model.

use super::event::{Event, WaitReason};
use super::monster::MonsterId;
use crate::map::geom::{Dir, Pos};

/// What an actor does with one action.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Go one cell this way: a step, or a bump into a wall it did not
    /// know, or whatever meeting the cell's occupant or door becomes (an
    /// attack, an opening, a swap with an ally, a wait, a way round).
    Walk(Dir),
    /// Stand still for the action, for a reason shown to the player
    /// (none: resting, or nowhere to go).
    Wait(Option<WaitReason>),
    /// Hit this unit, next to it.
    Attack(MonsterId),
    /// Open the closed door this way.
    Open(Dir),
    /// Close the open door this way (nobody may stand in it).
    Close(Dir),
    /// Start or stop sneaking: slower steps that make no sound. Takes no
    /// time.
    Sneak,
    /// Use the item in this slot of the pack.
    Use(u8),
    /// Throw the item in this slot of the pack at this cell.
    Throw(u8, Pos),
    /// Drop the item in this slot of the pack where it stands.
    Drop(u8),
    /// In a run: go down the stairs it stands on.
    Descend,
    /// In a run: climb the stairs it stands on (out of depth 1 with the
    /// Darkstar: the run is won).
    Ascend,
    /// Ask the game's search queue for a path (A*): the game queues the
    /// request, runs the queue under the turn's budget, and the action
    /// goes on as the plan then says (a step, or a wait to think).
    Think,
}

impl Action {
    /// A walk from `at` to its neighbour `next` (what a plan's route
    /// says); a plan only ever steps to a neighbour, but should one not,
    /// the monster stands and thinks rather than jump.
    pub fn toward(at: Pos, next: Pos) -> Action {
        at.dir_to(next)
            .map_or(Action::Wait(Some(WaitReason::Thinking)), Action::Walk)
    }
}

/// What performing an action came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It was done and took this much energy (0: no time, as sneaking,
    /// or the stairs, which hand the player the first move below).
    Done(i64),
    /// It could not be done and took no time; the event says why.
    Failed(Event),
    /// Do this instead (the game performs it at once).
    Alternate(Action),
}

impl Outcome {
    /// True when it was done (the world then plays on).
    pub fn is_done(&self) -> bool {
        matches!(self, Outcome::Done(_))
    }
}
