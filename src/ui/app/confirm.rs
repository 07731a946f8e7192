//! "Really quit?" as a component: `q` or Enter quits (in play and watch
//! alike: `y` is a move in play), any other key takes the question back.

use super::component::{Ask, Component, Ctx, Handled};
use crate::ui::keymap::Intent;

/// The quit question, while asked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConfirmQuit;

impl Component for ConfirmQuit {
    fn handle(&mut self, intent: Intent, _: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        asks.push(match intent {
            Intent::Confirm | Intent::Quit => Ask::Quit,
            _ => Ask::Close,
        });
        Handled::Used
    }
}
