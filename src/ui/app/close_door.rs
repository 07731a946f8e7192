//! "Close which door?" as a screen: asked when the player stands by
//! more than one open door. A direction closes the door that way (the
//! game says if there is none); any other key takes the question back.
//! The question is in the log; the screen draws nothing.

use super::game::MOVES;
use super::screen::{Ask, Ctx, Handled, Screen};
use crate::sim::Action;
use crate::ui::keymap::{Command, Intent};
use crate::ui::mode::Mode;

/// The question, while asked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CloseWhich;

impl Screen for CloseWhich {
    fn name(&self) -> &str {
        "close which door"
    }

    fn handle(&mut self, intent: Intent, _: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        asks.push(Ask::Close);
        match intent {
            Intent::Move(dir) => asks.push(Ask::Act(Action::Close(dir))),
            _ => asks.push(Ask::Say("Never mind.".to_string())),
        }
        Handled::Used
    }

    fn commands(&self, _: Mode) -> Vec<Command> {
        vec![
            Command::new(&MOVES, "close the door that way"),
            Command::note("any other", "never mind"),
        ]
    }
}
