//! What can be asked of the simulation. Everything that changes a game goes
//! through [`crate::sim::Game::apply`] as one of these, so a game is its
//! level, its seed and its list of commands.

use super::MonsterId;
use crate::map::geom::{Dir, Pos};

/// What the player does with a turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PlayerAction {
    /// Step, or attack whoever stands there (bump to attack).
    Move(Dir),
    /// Stand still for a turn.
    Wait,
    /// Close the open door in this direction (a turn; nobody may stand
    /// in it).
    Close(Dir),
    /// Start or stop sneaking: slower steps that make no sound. Takes no
    /// time.
    Sneak,
    /// In a run: go down the stairs the player stands on.
    Descend,
    /// Use the item in this slot of the pack.
    Use(u8),
    /// Throw the item in this slot of the pack at this cell.
    Throw(u8, Pos),
    /// Drop the item in this slot of the pack where the player stands.
    Drop(u8),
    /// In a run: climb the stairs the player stands on (out of depth 1
    /// with the Darkstar: the run is won).
    Ascend,
}

/// One request to the simulation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// Play one turn: every monster gains energy, the search queue gets the
    /// turn's budget, and every monster with enough energy acts.
    Advance,
    /// The player acts; then the world plays on until the player can act
    /// again (or the game is over).
    Player(PlayerAction),
    /// A monster dies where it stands (a trap, a fight, a test): its
    /// faction marks the place as dangerous.
    Kill { monster: MonsterId },
    /// Puts an item on the floor at a cell (a test's hand, or a tool's,
    /// as `Kill` is; a run's depths get theirs from the seed).
    PutItem {
        at: Pos,
        item: crate::sim::item::ItemKind,
    },
    /// Sends a monster somewhere else (or nowhere): its plan is dropped.
    SetGoal {
        monster: MonsterId,
        goal: Option<Pos>,
    },
}
