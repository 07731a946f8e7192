//! The clock: paused or running, and how fast (watch, replay playback,
//! and `+`/`-` while playing). Not a screen: it is never opened or
//! closed, the status row and the tick read it, and an inspector opened
//! or a replay ended pauses it; so the app keeps it, and it has its keys
//! after the screens' (`game.rs`). It owns only the setting; a tick
//! playing a turn is the app's (it changes the game).

use super::screen::{Ask, Ctx, Handled};
use crate::ui::keymap::Intent;

/// Turns per second the speed settings stand for.
pub const SPEEDS: [u32; 7] = [1, 2, 5, 10, 20, 50, 100];

/// Paused or running, and the speed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    paused: bool,
    /// Index into [`SPEEDS`].
    speed: usize,
}

impl Clock {
    /// Running at `SPEEDS[speed]` turns a second.
    pub fn new(speed: usize) -> Clock {
        Clock {
            paused: false,
            speed: speed.min(SPEEDS.len() - 1),
        }
    }

    /// True while paused.
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// Turns a second while running.
    pub fn turns_per_second(&self) -> u32 {
        SPEEDS[self.speed]
    }

    /// Stops the clock (an inspector opened, a replay ended or parted).
    pub fn pause(&mut self) {
        self.paused = true;
    }

    /// Runs at setting `speed` (an index into [`SPEEDS`]).
    pub fn set_speed(&mut self, speed: usize) {
        self.speed = speed.min(SPEEDS.len() - 1);
    }
}

impl Clock {
    /// Space pauses or resumes, `.` plays one turn and pauses, `+`/`-`
    /// change the speed.
    pub fn handle(&mut self, intent: Intent, _: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        match intent {
            Intent::TogglePause => {
                self.paused = !self.paused;
                let what = if self.paused { "Paused." } else { "Running." };
                asks.push(Ask::Say(what.to_string()));
            }
            Intent::Step => {
                self.paused = true;
                asks.push(Ask::Step);
            }
            Intent::Faster => self.speed = (self.speed + 1).min(SPEEDS.len() - 1),
            Intent::Slower => self.speed = self.speed.saturating_sub(1),
            _ => return Handled::Ignored,
        }
        Handled::Used
    }
}
