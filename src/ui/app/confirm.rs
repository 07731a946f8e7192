//! "Really quit?" as a screen: `q` or Enter quits (in play and watch
//! alike: `y` is a move in play), any other key takes the question back.
//! The question is asked in the status row, over the game's.

use ratatui::buffer::Buffer;

use super::screen::{Ask, Ctx, DrawCtx, Handled, Screen};
use crate::ui::keymap::{Command, Intent};
use crate::ui::mode::Mode;
use crate::ui::paint::{STATUS, status_row};

/// The quit question, while asked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConfirmQuit;

impl Screen for ConfirmQuit {
    fn name(&self) -> &str {
        "quit"
    }

    fn handle(&mut self, intent: Intent, _: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        asks.push(match intent {
            Intent::Confirm | Intent::Quit => Ask::Quit,
            _ => Ask::Close,
        });
        Handled::Used
    }

    fn draw(&self, dc: &DrawCtx<'_>, buf: &mut Buffer) {
        let text = "Really quit? q or Enter: quit; any other key: stay";
        status_row(text, STATUS, dc.status, buf);
    }

    fn commands(&self, _: Mode) -> Vec<Command> {
        vec![
            Command::new(&[Intent::Quit, Intent::Confirm], "quit"),
            Command::note("any other", "stay"),
        ]
    }

    fn stills_the_game(&self) -> bool {
        true
    }
}
