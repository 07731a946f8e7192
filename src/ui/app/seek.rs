//! Seeking in a replay played back: to a turn typed at a prompt (`G`,
//! the [`GoToTurn`] screen), and to the next or previous depth of a run
//! (`>` `<`). A seek forward plays the replay's [`Script`] on, headless
//! (no log, no flashes), checking every state hash as playback does; a
//! seek back builds the game again from the replay's start and plays on
//! to where it goes, as `--verify` would. Either is played a slice a tick
//! ([`SEEK_SLICE`] of work, then a frame showing how far it got), so the
//! keys still answer (Ctrl-C and `q` quit, space stops the seek), and it
//! ends paused where it went.
//!
//! [`Script`]: crate::record::replay::Script

use std::time::Duration;

use crate::ui::key::KeyCode;
use ratatui::buffer::Buffer;

use super::App;
use super::screen::{Ask, Ctx, DrawCtx, Handled, Screen};
use crate::clock::Turn;
use crate::ui::keymap::{Command, Intent};
use crate::ui::mode::Mode;
use crate::ui::paint::{STATUS, status_row};

/// How long a tick of a seek plays before the frame is drawn (at least a
/// command): the screen says how far it got, and keys answer, as often
/// as a running clock's fastest setting draws.
pub const SEEK_SLICE: Duration = Duration::from_millis(20);

/// Where a seek goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// The first moment the game stands on this turn or later (the end of
    /// the replay, if it ends before).
    Turn(Turn),
    /// The moment after this many of the replay's commands.
    Commands(usize),
    /// The first moment the game stands on another depth than this one.
    LeaveDepth(Option<u32>),
}

/// A seek under way.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Seek {
    pub target: Target,
    /// The turn it set out from.
    pub from: Turn,
}

/// A depth of a run entered, as playback went: after how many commands,
/// on which turn, which depth. Playback keeps one for each depth entered
/// (the first, the run's start), so `<` knows where the previous began.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Visit {
    pub commands: usize,
    pub turn: Turn,
    pub depth: Option<u32>,
}

impl App {
    /// True while a seek is under way.
    pub fn seeking(&self) -> bool {
        self.playback.as_ref().is_some_and(|p| p.seek.is_some())
    }

    /// The seek under way, as the status row says it: `to turn 500`,
    /// `to depth 3` (a depth left: `to the next depth`).
    pub fn seek_status(&self) -> Option<String> {
        let seek = self.playback.as_ref()?.seek?;
        Some(match seek.target {
            Target::Turn(t) => format!("to turn {t}"),
            Target::Commands(_) => "to the previous depth".to_string(),
            Target::LeaveDepth(_) => "to the next depth".to_string(),
        })
    }

    /// `G`: asks for the turn to go to (a replay's playback only).
    pub(super) fn ask_turn(&mut self) {
        if self.playback.is_none() {
            return self.not_a_replay();
        }
        self.open(Box::new(GoToTurn::default()));
    }

    /// Goes to turn `turn`: on from here, or from the start when it is
    /// behind.
    pub(super) fn seek_turn(&mut self, turn: Turn) {
        let from = self.game.floor().turn();
        if from > turn && !self.restart() {
            return;
        }
        self.begin_seek(Target::Turn(turn), from);
    }

    /// `>` (`+1`) or `<` (`-1`): the first turn of the next depth of a
    /// run, or of the previous one (the depth before the one on screen,
    /// as the run went: a run climbs back up its depths too).
    pub(super) fn seek_depth(&mut self, way: i32) {
        let Some(playback) = &self.playback else {
            return self.not_a_replay();
        };
        let depth = self.game.depth();
        if depth.is_none() {
            return self.say("Not a run: it has no other depths.".to_string());
        }
        if way > 0 {
            return self.begin_seek(Target::LeaveDepth(depth), self.game.floor().turn());
        }
        // The visit under way is the last one entered; the one before it
        // began the previous depth.
        let played = playback.commands;
        let here = playback
            .visits
            .iter()
            .rposition(|v| v.commands <= played)
            .unwrap_or(0);
        let Some(before) = here.checked_sub(1).map(|k| playback.visits[k]) else {
            return self.say("This is the run's first depth.".to_string());
        };
        let from = self.game.floor().turn();
        if self.restart() {
            self.begin_seek(Target::Commands(before.commands), from);
        }
    }

    fn not_a_replay(&mut self) {
        self.say("Only a replay played back can go to a turn (darkstar replay).".to_string());
    }

    /// Sets out for `target` from turn `from` (before a restart).
    fn begin_seek(&mut self, target: Target, from: Turn) {
        if let Some(playback) = &mut self.playback {
            playback.seek = Some(Seek { target, from });
        }
        // Already there: said at once.
        self.seek_tick();
    }

    /// Builds the game again from the replay's start (for a seek back):
    /// false, said, if it cannot be.
    fn restart(&mut self) -> bool {
        let Some(playback) = &self.playback else {
            return false;
        };
        let (game, script) = match playback.replay.begin_on(&playback.level) {
            Ok(begun) => begun,
            Err(e) => {
                self.say(format!("Cannot play the replay again: {e}"));
                return false;
            }
        };
        let picked_player = self.camera.picked() == self.game.floor().player().map(|p| p.id());
        self.game = game;
        if let Some(playback) = &mut self.playback {
            playback.script = script;
            playback.commands = 0;
        }
        self.flashes.clear();
        self.cries.clear();
        if picked_player && let Some(p) = self.game.floor().player() {
            self.camera.pick(p.id());
        }
        self.check_hashes();
        true
    }

    /// True when the seek under way has got where it goes.
    fn seek_reached(&self, target: Target) -> bool {
        match target {
            Target::Turn(t) => self.game.floor().turn() >= t,
            Target::Commands(n) => self.playback.as_ref().is_some_and(|p| p.commands >= n),
            Target::LeaveDepth(d) => self.game.depth() != d,
        }
    }

    /// A tick of a seek: plays on, headless, for [`SEEK_SLICE`] (at least
    /// a command) or until it gets where it goes, the replay ends or parts
    /// from its recording; there it pauses and says where it is.
    pub(super) fn seek_tick(&mut self) {
        let began = self.clock.now();
        let mut played = 0;
        loop {
            let Some(seek) = self.playback.as_ref().and_then(|p| p.seek) else {
                return;
            };
            if self.seek_reached(seek.target) {
                return self.seek_done(seek, true);
            }
            if played > 0 && self.clock.now().saturating_sub(began) >= SEEK_SLICE {
                return;
            }
            let player_before = self.game.floor().player().map(|p| p.id());
            if self.play_to_command().is_none() {
                // The end of the replay, or a desync: said.
                return self.seek_done(seek, false);
            }
            played += 1;
            self.after_command(player_before);
        }
    }

    /// A seek ended, `arrived` where it went (else the replay ended or
    /// parted first): paused there, and said.
    fn seek_done(&mut self, seek: Seek, arrived: bool) {
        if let Some(playback) = &mut self.playback {
            playback.seek = None;
        }
        self.clock.pause();
        if arrived {
            let turn = self.game.floor().turn();
            let depth = match self.game.depth() {
                Some(d) => format!(" on depth {d}"),
                None => String::new(),
            };
            self.say(format!(
                "Turn {turn}{depth}, from turn {}: paused (space plays on).",
                seek.from
            ));
        }
    }

    /// Space while seeking: the seek stops where it got.
    pub(super) fn stop_seek(&mut self) {
        if let Some(playback) = &mut self.playback
            && playback.seek.take().is_some()
        {
            self.clock.pause();
            let turn = self.game.floor().turn();
            self.say(format!("Seek stopped on turn {turn}: paused."));
        }
    }
}

/// Most digits a turn typed at the prompt has.
const MAX_DIGITS: usize = 9;

/// The prompt for the turn to go to (`G`), in the status row: digits,
/// Backspace, Enter goes, Esc cancels. It reads keys itself and keeps the
/// game still while it is open.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoToTurn {
    typed: String,
}

impl Screen for GoToTurn {
    fn name(&self) -> &str {
        "go to turn"
    }

    fn handle(&mut self, intent: Intent, _: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        let Intent::Key(key) = intent else {
            // Keys as intents (a test, or Ctrl-C's quit handled before).
            if matches!(intent, Intent::Quit) {
                asks.push(Ask::Close);
            }
            return Handled::Used;
        };
        match key.code {
            KeyCode::Char(c) if c.is_ascii_digit() && self.typed.len() < MAX_DIGITS => {
                self.typed.push(c);
            }
            KeyCode::Backspace => {
                self.typed.pop();
            }
            KeyCode::Enter => {
                asks.push(Ask::Close);
                match self.typed.parse::<Turn>() {
                    Ok(turn) => asks.push(Ask::Seek(turn)),
                    Err(_) => asks.push(Ask::Say("No turn given.".to_string())),
                }
            }
            KeyCode::Esc | KeyCode::Char('q') => asks.push(Ask::Close),
            _ => {}
        }
        Handled::Used
    }

    fn draw(&self, dc: &DrawCtx<'_>, buf: &mut Buffer) {
        let text = format!(
            "Go to turn: {}_  (Enter: go; Esc: cancel; now {})",
            self.typed,
            dc.app.game().floor().turn()
        );
        status_row(&text, STATUS, dc.status, buf);
    }

    fn commands(&self, _: Mode) -> Vec<Command> {
        vec![
            Command::note("0-9", "the turn to go to (Backspace: rub out)"),
            Command::note("Enter", "go there (back: played again from the start)"),
            Command::note("Esc q", "cancel"),
        ]
    }

    fn takes_keys(&self) -> bool {
        true
    }

    fn stills_the_game(&self) -> bool {
        true
    }
}
