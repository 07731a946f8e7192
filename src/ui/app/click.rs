//! The mouse in play: a left click on the map looks at the cell under
//! it, and a click on the cell the look cursor is on travels there (the
//! travel the travel cursor's Enter starts, through the autopilot). The
//! click is read through the camera, the inverse of how the map is
//! drawn ([`Camera::cell_at`](super::Camera::cell_at)); a click off the
//! map, or while a screen other than a cursor is up (the help, the
//! pack), means nothing.

use super::{App, Cursor, Purpose};
use crate::ui::keymap::Intent;
use crate::ui::mode::Mode;

impl App {
    /// A left click at screen column `col`, row `row` ([`Intent::Click`]):
    /// with no screen up, look mode opens with its cursor on the cell
    /// clicked; with a cursor up (look, travel or aim), the cursor is
    /// offered the cell ([`Intent::Pick`]): it moves there, or, already
    /// there, does what it is for (looking, travels there).
    pub(super) fn click(&mut self, col: u16, row: u16) {
        if self.mode != Mode::Play || self.game_over() {
            return;
        }
        let Some(cell) = self.camera.cell_at(self.camera(), col, row) else {
            return;
        };
        if self.game.floor().world().get(cell).is_none() || self.game.floor().player().is_none() {
            return;
        }
        match self.screens.last() {
            None => self.open(Box::new(Cursor::new(cell, Purpose::Look))),
            Some(top) if (top.as_ref() as &dyn std::any::Any).is::<Cursor>() => {
                self.offer(Intent::Pick(cell));
            }
            Some(_) => {}
        }
    }
}
