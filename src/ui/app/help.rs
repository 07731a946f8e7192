//! The help screen as a component: its page, turned by any key, closed by
//! `q`, `?` or a key past the last page.

use super::component::{Ask, Component, Ctx, Handled};
use crate::ui::keymap::Intent;

/// Pages of the help screen: keys, glyphs, factions.
pub const HELP_PAGES: usize = 3;

/// The help screen, while open.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Help {
    page: usize,
}

impl Help {
    /// The page shown (0: keys, 1: glyphs, 2: factions).
    pub fn page(&self) -> usize {
        self.page
    }
}

impl Component for Help {
    /// Every key is the help's while it is up: any key turns the page,
    /// past the last closes; `q` and `?` close at once.
    fn handle(&mut self, intent: Intent, _: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        self.page += 1;
        if matches!(intent, Intent::Quit | Intent::Help) || self.page >= HELP_PAGES {
            asks.push(Ask::Close);
        }
        Handled::Used
    }
}
