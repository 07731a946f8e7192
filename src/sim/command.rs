//! What can be asked of the simulation. Everything that changes a game goes
//! through [`crate::sim::Game::apply`] as one of these, so a game is its
//! level, its seed and its list of commands.

use super::MonsterId;
use crate::geom::Pos;

/// One request to the simulation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// Play one turn: every monster gains energy, the search queue gets the
    /// turn's budget, and every monster with enough energy acts.
    Advance,
    /// A monster dies where it stands (a trap, a fight, a test): its
    /// faction marks the place as dangerous.
    Kill { monster: MonsterId },
    /// Sends a monster somewhere else (or nowhere): its plan is dropped.
    SetGoal {
        monster: MonsterId,
        goal: Option<Pos>,
    },
}
