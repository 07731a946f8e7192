//! "Close which door?" as a component: asked when the player stands by
//! more than one open door. A direction closes the door that way (the
//! game says if there is none); any other key takes the question back.

use super::component::{Ask, Component, Ctx, Handled};
use crate::sim::Action;
use crate::ui::keymap::Intent;

/// The question, while asked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CloseWhich;

impl Component for CloseWhich {
    fn handle(&mut self, intent: Intent, _: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        asks.push(Ask::Close);
        match intent {
            Intent::Move(dir) => asks.push(Ask::Act(Action::Close(dir))),
            _ => asks.push(Ask::Say("Never mind.".to_string())),
        }
        Handled::Used
    }
}
