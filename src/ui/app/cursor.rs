//! The cursor as a component: look mode's (`x`: moves show what is
//! there) and targeting's (`_`: pick a cell to travel to). It owns where it
//! is and what it is for, and handles the keys that move and use it.

use super::component::{Ask, Component, Ctx, Handled};
use crate::map::geom::Pos;
use crate::ui::keymap::Intent;

/// What the cursor is up for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Look (`x`): the box beside it says what is there.
    Look,
    /// Pick where to travel (`_`): Enter, `.` or `_` goes.
    Travel,
    /// Pick where to throw the item in this pack slot: Enter, `.` or `t`
    /// throws.
    Throw(u8),
}

/// A cursor on the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cursor {
    at: Pos,
    purpose: Purpose,
}

impl Cursor {
    /// A cursor at `at` for `purpose`.
    pub fn new(at: Pos, purpose: Purpose) -> Cursor {
        Cursor { at, purpose }
    }

    /// The cell under it.
    pub fn at(&self) -> Pos {
        self.at
    }

    /// What it is up for.
    pub fn purpose(&self) -> Purpose {
        self.purpose
    }
}

impl Component for Cursor {
    /// Moves move it. Looking, `x` puts it away and every other key goes
    /// on to the game (a wait still waits). Picking where to travel, Enter,
    /// `.` or `_` travel to it, Esc or `x` put it away, `?` opens the help,
    /// and other keys are ignored.
    fn handle(&mut self, intent: Intent, _: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        if let Intent::Move(d) = intent {
            self.at = self.at.step(d);
            return Handled::Used;
        }
        match (self.purpose, intent) {
            (Purpose::Look, Intent::Look) => asks.push(Ask::Close),
            (Purpose::Look, _) => return Handled::Ignored,
            (Purpose::Travel, Intent::Confirm | Intent::Wait | Intent::TravelTo) => {
                asks.extend([Ask::Close, Ask::Travel(self.at)]);
            }
            (Purpose::Travel, Intent::Quit | Intent::Look) => asks.push(Ask::Close),
            (Purpose::Travel, Intent::Help) => asks.push(Ask::Help),
            (Purpose::Travel, _) => {}
            (Purpose::Throw(slot), Intent::Confirm | Intent::Wait | Intent::ThrowItem) => {
                asks.extend([
                    Ask::Close,
                    Ask::Act(crate::sim::Action::Throw(slot, self.at)),
                ]);
            }
            (Purpose::Throw(_), Intent::Quit | Intent::Look) => asks.push(Ask::Close),
            (Purpose::Throw(_), _) => {}
        }
        Handled::Used
    }
}
