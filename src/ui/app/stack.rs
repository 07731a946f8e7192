//! The stack of screens over the game and where a key goes:
//! [`App::handle`] offers each key's [`Intent`] to the open screens,
//! topmost first, each using its own keys with its own state (see
//! [`super::screen`]); a key none of them uses is the game's
//! (`game.rs`). Then the app carries out what the screens asked for.
//! Screens are found by their type ([`App::screen`]) where the app or a
//! widget needs one (the cursor the map marks, the inspected monster the
//! camera follows).

use std::any::Any;

use crate::sim::autopilot::Activity;

use super::screen::{Ask, Ctx, Handled, Screen};
use super::{App, Help};
use crate::ui::keymap::Intent;

impl App {
    /// Acts on one intent. Ctrl-C quits from anywhere; any key stops
    /// travel, exploring or rest (and does nothing else); otherwise the
    /// open screens are offered it topmost first, and a key none uses is
    /// the game's.
    pub fn handle(&mut self, intent: Intent) {
        if intent == Intent::ForceQuit {
            self.quit = true;
            return;
        }
        if self.activity.take().is_some() {
            return self.say("You stop.".to_string());
        }
        if self.offer(intent) == Handled::Ignored {
            self.game_key(intent);
        }
    }

    /// Opens `screen` over the others: it gets the keys first and is
    /// drawn last.
    pub fn open(&mut self, screen: Box<dyn Screen>) {
        self.screens.push(screen);
    }

    /// The topmost open screen of type `T`, if one is open.
    pub fn screen<T: Screen>(&self) -> Option<&T> {
        self.screens
            .iter()
            .rev()
            .find_map(|s| (s.as_ref() as &dyn Any).downcast_ref::<T>())
    }

    /// Closes every open screen of type `T`.
    pub(super) fn close<T: Screen>(&mut self) {
        self.screens.retain(|s| !(s.as_ref() as &dyn Any).is::<T>());
    }

    /// The open screens, the one opened first (drawn first) first.
    pub fn screens(&self) -> impl DoubleEndedIterator<Item = &dyn Screen> {
        self.screens.iter().map(|s| s.as_ref())
    }

    /// Offers `intent` to the open screens topmost first until one uses
    /// it; closes a screen that asks to be closed, then carries out what
    /// they asked for.
    fn offer(&mut self, intent: Intent) -> Handled {
        let shown = self.camera();
        let mut asks = Vec::new();
        let mut handled = Handled::Ignored;
        for at in (0..self.screens.len()).rev() {
            // The context borrows the game and the log, never the stack.
            let ctx = Ctx {
                game: &self.game,
                mode: self.mode,
                faction: self.faction,
                log_len: self.log.len(),
                shown,
            };
            let start = asks.len();
            handled = self.screens[at].handle(intent, ctx, &mut asks);
            if asks[start..].contains(&Ask::Close) {
                self.screens.remove(at);
            }
            if handled == Handled::Used {
                break;
            }
        }
        self.carry_out_all(asks);
        handled
    }

    /// Does what a screen (or the clock, or the camera) asked for.
    pub(super) fn carry_out_all(&mut self, asks: Vec<Ask>) {
        for ask in asks {
            self.carry_out(ask);
        }
    }

    fn carry_out(&mut self, ask: Ask) {
        match ask {
            // Closing is done by `offer`, which knows who asked.
            Ask::Close => {}
            Ask::Open(screen) => self.open(screen),
            Ask::Quit => self.quit = true,
            Ask::Say(line) => self.say(line),
            Ask::Travel(to) => self.begin(Activity::Travel(to)),
            Ask::Help => self.open_help(),
            Ask::Select(id) => self.camera.pick(id),
            Ask::CentreOn(p) => self.centre_on(p),
            Ask::Pause => self.clock.pause(),
            Ask::Step => self.step(),
            Ask::Act(action) => {
                self.player(action);
            }
        }
    }

    /// Opens the help over the screens open, its first pages their keys
    /// (topmost first) and the game's.
    pub(super) fn open_help(&mut self) {
        let keys = super::help::key_pages(self);
        self.open(Box::new(Help::new(keys)));
    }

    /// The clock and the camera have their keys after the screens', before
    /// the game's own: whether one of them used `intent`.
    pub(super) fn clock_and_camera(&mut self, intent: Intent) -> Handled {
        let ctx = Ctx {
            game: &self.game,
            mode: self.mode,
            faction: self.faction,
            log_len: self.log.len(),
            shown: self.camera(),
        };
        let mut asks = Vec::new();
        let mut handled = self.clock.handle(intent, ctx, &mut asks);
        if handled == Handled::Ignored {
            handled = self.camera.handle(intent, ctx, &mut asks);
        }
        self.carry_out_all(asks);
        handled
    }
}
