//! "Which item?" as a component: the pack listed, one picked with the
//! move keys (up and down) and Enter or `.`, for using, throwing or
//! dropping. A thrown one then takes a target cursor; the rest are done
//! at once. `q` or Esc puts the list away.

use super::component::{Ask, Component, Ctx, Handled};
use crate::map::geom::Dir;
use crate::sim::Action;
use crate::ui::keymap::Intent;

/// What the item is picked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ItemUse {
    Use,
    Throw,
    Drop,
}

impl ItemUse {
    /// The verb the list's title asks with.
    pub fn verb(self) -> &'static str {
        match self {
            ItemUse::Use => "Use",
            ItemUse::Throw => "Throw",
            ItemUse::Drop => "Drop",
        }
    }
}

/// The list, while up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemChooser {
    purpose: ItemUse,
    selected: usize,
}

impl ItemChooser {
    pub fn new(purpose: ItemUse) -> ItemChooser {
        ItemChooser {
            purpose,
            selected: 0,
        }
    }

    pub fn purpose(&self) -> ItemUse {
        self.purpose
    }

    /// The pack slot picked.
    pub fn selected(&self) -> usize {
        self.selected
    }
}

impl Component for ItemChooser {
    fn handle(&mut self, intent: Intent, ctx: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        let len = ctx.game.pack().len();
        match intent {
            Intent::Move(Dir::N) => self.selected = self.selected.saturating_sub(1),
            Intent::Move(Dir::S) => self.selected = (self.selected + 1).min(len.saturating_sub(1)),
            Intent::Confirm | Intent::Wait if self.selected < len => {
                asks.push(Ask::Close);
                let slot = self.selected as u8;
                asks.push(match self.purpose {
                    ItemUse::Use => Ask::Act(Action::Use(slot)),
                    ItemUse::Drop => Ask::Act(Action::Drop(slot)),
                    ItemUse::Throw => Ask::Aim(slot),
                });
            }
            Intent::Quit | Intent::Other | Intent::Confirm | Intent::Wait => {
                asks.push(Ask::Close);
            }
            _ => {}
        }
        Handled::Used
    }
}
