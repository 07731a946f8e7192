//! What can be asked of the simulation. Everything that changes a game goes
//! through [`crate::sim::Game::apply`] as one of these, so a game is its
//! level, its seed and its list of commands.

use super::{Action, MonsterId};
use crate::map::geom::Pos;

/// One request to the simulation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// Play one turn: every monster gains energy, the search queue gets the
    /// turn's budget, and every monster with enough energy acts.
    Advance,
    /// The player acts; then the world plays on until the player can act
    /// again (or the game is over).
    Player(Action),
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
