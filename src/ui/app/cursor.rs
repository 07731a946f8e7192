//! The cursor as a screen: look mode's (`x`: moves show what is there),
//! targeting's (`_`: pick a cell to travel to) and aiming's (`t`: where
//! to throw). It owns where it is and what it is for, handles the keys
//! that move and use it, and draws the look box (what `look.rs` says of
//! the cell) and its status row; the map marks its cell.

use ratatui::buffer::Buffer;

use super::game::MOVES;
use super::look::draw_look;
use super::screen::{Ask, Ctx, DrawCtx, Handled, Screen};
use crate::map::geom::Pos;
use crate::sim::{Game, autopilot};
use crate::ui::keymap::{Command, Intent};
use crate::ui::mode::Mode;
use crate::ui::paint::{STATUS, cut_words, status_row};

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

    /// A cursor to throw the item in pack slot `slot`, on the nearest
    /// monster the player sees (else on the player).
    pub fn aim(game: &Game, slot: u8) -> Option<Cursor> {
        let at = game.floor().player()?.pos();
        let nearest = autopilot::monsters_in_view(game)
            .into_iter()
            .map(|m| game.floor().monsters()[m as usize].pos())
            .min_by_key(|q| {
                let (dx, dy) = q.abs_delta(at);
                (dx.max(dy), q.y, q.x)
            });
        Some(Cursor::new(nearest.unwrap_or(at), Purpose::Throw(slot)))
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

impl Screen for Cursor {
    fn name(&self) -> &str {
        match self.purpose {
            Purpose::Look => "look",
            Purpose::Travel => "travel",
            Purpose::Throw(_) => "throw",
        }
    }

    /// Moves move it. Looking, `x` puts it away and every other key goes
    /// on to the game (a wait still waits). Picking where to travel, Enter,
    /// `.` or `_` travel to it, Esc or `x` put it away, `?` opens the help,
    /// Ctrl-P the history, and other keys are ignored.
    fn handle(&mut self, intent: Intent, _: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        if let Intent::Move(d) = intent {
            self.at = self.at.step(d);
            return Handled::Used;
        }
        match (self.purpose, intent) {
            (_, Intent::History) => return Handled::Ignored,
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

    /// The look box over the map, and its status row.
    fn draw(&self, dc: &DrawCtx<'_>, buf: &mut Buffer) {
        draw_look(dc.app, self.at, dc.view, dc.map, buf);
        let text = match self.purpose {
            Purpose::Throw(_) => format!(
                "throw at {}: move the cursor; Enter or . throws; Esc: not now",
                self.at
            ),
            Purpose::Travel => format!(
                "travel to {}: move the cursor; Enter or . goes there; Esc: not now",
                self.at
            ),
            Purpose::Look => format!(
                "look at {}: move the cursor with the move keys; x: stop looking",
                self.at
            ),
        };
        status_row(
            &cut_words(&text, dc.status.width as usize),
            STATUS,
            dc.status,
            buf,
        );
    }

    fn commands(&self, _: Mode) -> Vec<Command> {
        use Intent as I;
        let moves = Command::new(&MOVES, "move the cursor (or arrows, numpad)");
        match self.purpose {
            Purpose::Look => vec![
                moves,
                Command::new(&[I::Look], "stop looking"),
                Command::note("any other", "as ever (a wait still waits)"),
            ],
            Purpose::Travel => vec![
                moves,
                Command::new(&[I::Confirm, I::Wait, I::TravelTo], "travel there"),
                Command::new(&[I::Quit, I::Look], "never mind"),
            ],
            Purpose::Throw(_) => vec![
                moves,
                Command::new(&[I::Confirm, I::Wait, I::ThrowItem], "throw there"),
                Command::new(&[I::Quit, I::Look], "not now"),
            ],
        }
    }
}
