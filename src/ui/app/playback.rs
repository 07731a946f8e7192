//! Watch and replay playback: a replay's script as a component (the
//! items still to play, the hashes checked, where it parted from the
//! recording), opening a replay for playback, the tick and the step, and
//! checking the replay's state hashes and commands as they are played,
//! stopping at the first desync.

use std::collections::VecDeque;

use crate::record::replay::{Desync, DesyncKind, Item, Replay, ReplayError, check};
use crate::sim::Command;

use super::component::{Ask, Component, Ctx, Handled};
use super::{App, FLASH_TURNS};
use crate::ui::keymap::Intent;
use crate::ui::mode::Mode;

/// A replay being played back.
#[derive(Clone, Debug, Default)]
pub struct Playback {
    /// The items still to play (with their file lines): a command a tick,
    /// each state hash checked as soon as the game reaches its turn.
    script: VecDeque<(usize, Item)>,
    /// State hashes checked so far.
    hashes_checked: usize,
    /// Where playback parted from the recording; it stops there.
    desync: Option<Desync>,
}

impl Playback {
    /// Where playback parted from the recording, if it did.
    pub fn desync(&self) -> Option<&Desync> {
        self.desync.as_ref()
    }
}

impl Component for Playback {
    /// Parted from its recording, playback cannot go on: space says so
    /// rather than seeming to run.
    fn handle(&mut self, intent: Intent, _: Ctx<'_>, asks: &mut Vec<Ask>) -> Handled {
        match intent {
            Intent::TogglePause if self.desync.is_some() => {
                asks.push(Ask::Say("Playback stopped at the desync.".to_string()));
                Handled::Used
            }
            _ => Handled::Ignored,
        }
    }
}

/// The speed (an index into [`super::SPEEDS`]: 10 commands a second) a
/// played game plays back at.
pub const PLAYED_REPLAY_SPEED: usize = 3;

impl App {
    /// Plays `replay` back with the settings it was recorded with, a
    /// command a tick, with the watch keys (pause, step, speed, overlays,
    /// inspector). Every state hash is checked when the game reaches its
    /// turn; at the first difference playback stops and says so.
    pub fn replay(replay: &Replay) -> Result<App, ReplayError> {
        let level = replay.level()?;
        let mut app = App::start(&level, replay.seed, Mode::Watch, replay.config)?;
        app.playback = Some(Playback {
            script: (0..replay.items.len())
                .map(|i| (replay.line_of(i), replay.items[i].clone()))
                .collect(),
            ..Playback::default()
        });
        app.say(format!(
            "Replay of {}: space to pause, . to step.",
            level.name
        ));
        if let Some(player) = app.game.player().map(|p| p.id()) {
            app.say("A played game: @ shows it through the player's eyes.".to_string());
            // Followed, at a pace that shows a 1,000-turn game in under
            // two minutes (a command a tick, each at least a turn).
            app.camera.select(player);
            app.clock.set_speed(PLAYED_REPLAY_SPEED);
        }
        if let Some(t) = replay.revealed() {
            app.revealed_at = Some(t);
            app.say(format!(
                "This game was REVEALED on turn {t}: the player saw the AI overlays."
            ));
        }
        // Hashes recorded before any command (turn 0).
        app.check_hashes();
        Ok(app)
    }

    /// Where a replay played back parted from its recording, if it did.
    pub fn desync(&self) -> Option<&Desync> {
        self.playback.as_ref().and_then(Playback::desync)
    }

    /// The desync as the screen says it.
    pub fn desync_text(d: &Desync) -> String {
        match d.kind {
            DesyncKind::Hash { expected, found } => format!(
                "DESYNC on turn {} (line {}): expected {expected:016x}, found {found:016x}",
                d.turn, d.line
            ),
            _ => format!("DESYNC (line {}): {}", d.line, d.what()),
        }
    }

    /// Called when the clock ticks: one turn, unless paused, playing (the
    /// player's keys move time then) or a screen is up.
    pub fn tick(&mut self) {
        if self.mode == Mode::Play && self.help.is_none() && self.confirm.is_none() {
            self.continue_activity();
        }
        if self.mode == Mode::Watch
            && self.inspector.is_none()
            && !self.clock.paused()
            && self.help.is_none()
            && self.history.is_none()
            && self.confirm.is_none()
            && self.desync().is_none()
            && (self.playback.is_some() || !self.game.is_settled())
        {
            self.step();
        }
    }

    /// Plays one turn (a replay: its next command) and notes what matters
    /// in the log and the flashes.
    pub fn step(&mut self) {
        if self.desync().is_some() {
            return;
        }
        let events = match &mut self.playback {
            Some(playback) => {
                let Some((line, item)) = playback.script.pop_front() else {
                    self.clock.pause();
                    let n = playback.hashes_checked;
                    self.say(format!(
                        "End of the replay: in sync, {n} state {} checked.",
                        if n == 1 { "hash" } else { "hashes" }
                    ));
                    return;
                };
                if let Item::Reveal(t) = item {
                    self.revealed_at.get_or_insert(t);
                    self.say(format!("{t}: The player revealed the map here."));
                }
                // A replay is played as recorded, not recorded again.
                match check(&mut self.game, &item) {
                    Ok(events) => events,
                    Err(kind) => return self.desynced(line, kind),
                }
            }
            None if self.game.is_settled() => {
                self.say("Nothing more can happen.".to_string());
                return;
            }
            None => self.recorder.apply(&mut self.game, Command::Advance),
        };
        let turn = self.game.turn();
        self.flashes.retain(|&(_, t)| t + FLASH_TURNS > turn);
        for e in events {
            self.note(e, turn);
        }
        self.check_hashes();
    }

    /// Replay playback: checks the state hashes next in the script (those
    /// of the turn just reached).
    pub(super) fn check_hashes(&mut self) {
        while let Some(playback) = &mut self.playback
            && let Some((line, item @ Item::Hash(..))) = playback.script.front().cloned()
        {
            playback.script.pop_front();
            if let Err(kind) = check(&mut self.game, &item) {
                return self.desynced(line, kind);
            }
            playback.hashes_checked += 1;
        }
    }

    /// Playback parted from the recording: say so, and stop there.
    pub(super) fn desynced(&mut self, line: usize, kind: DesyncKind) {
        let d = Desync {
            line,
            turn: self.game.turn(),
            kind,
        };
        self.say(App::desync_text(&d));
        if let Some(playback) = &mut self.playback {
            playback.desync = Some(d);
        }
        self.clock.pause();
    }
}
